// Package authtest gives tests real Firebase identities from the Auth
// emulator that `make test` starts (FIREBASE_AUTH_EMULATOR_HOST), through the
// emulator's REST API, plus hand-made tokens for the refusal cases.
package authtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"testing"

	firebase "firebase.google.com/go/v4"
	fbauth "firebase.google.com/go/v4/auth"
)

// Env is a running Auth emulator.
type Env struct {
	Host      string // host:port
	ProjectID string
}

// User is an account created in the emulator.
type User struct {
	UID, Email, Password, Name, IDToken string
}

// Emulator returns the emulator the test script started, or skips the test
// with the reason when there is none (a plain `go test` outside make test).
func Emulator(t testing.TB) Env {
	t.Helper()
	host := os.Getenv("FIREBASE_AUTH_EMULATOR_HOST")
	if host == "" {
		t.Skip("FIREBASE_AUTH_EMULATOR_HOST is not set: run through `make test`, which starts the Firebase Auth emulator")
	}
	project := os.Getenv("GOOGLE_CLOUD_PROJECT")
	if project == "" {
		project = "demo-listinglift"
	}
	return Env{Host: host, ProjectID: project}
}

// SignUp creates a new e-mail/password account named name and returns it
// with a fresh ID token.
func (e Env) SignUp(t testing.TB, name string) User {
	t.Helper()
	u := User{Email: "host-" + randomHex(6) + "@example.com", Password: "Passw0rd!", Name: name}
	var out struct {
		LocalID string `json:"localId"`
		IDToken string `json:"idToken"`
	}
	e.call(t, "accounts:signUp", map[string]any{"email": u.Email, "password": u.Password, "returnSecureToken": true}, &out)
	u.UID, u.IDToken = out.LocalID, out.IDToken
	if name != "" {
		e.call(t, "accounts:update", map[string]any{"idToken": u.IDToken, "displayName": name, "returnSecureToken": true}, &out)
		u.IDToken = out.IDToken
	}
	return u
}

// SignIn signs u in again with their password and returns them with the
// new sign-in's ID token.
func (e Env) SignIn(t testing.TB, u User) User {
	t.Helper()
	var out struct {
		IDToken string `json:"idToken"`
	}
	e.call(t, "accounts:signInWithPassword", map[string]any{"email": u.Email, "password": u.Password, "returnSecureToken": true}, &out)
	u.IDToken = out.IDToken
	return u
}

// UserExists asks the emulator, through the Admin SDK's GetUser, whether
// the user uid exists.
func (e Env) UserExists(t testing.TB, uid string) bool {
	t.Helper()
	if os.Getenv("FIREBASE_AUTH_EMULATOR_HOST") != e.Host {
		t.Fatalf("the Admin SDK reads the emulator from FIREBASE_AUTH_EMULATOR_HOST, which is not %s", e.Host)
	}
	ctx := context.Background()
	app, err := firebase.NewApp(ctx, &firebase.Config{ProjectID: e.ProjectID})
	if err != nil {
		t.Fatal(err)
	}
	client, err := app.Auth(ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = client.GetUser(ctx, uid)
	switch {
	case err == nil:
		return true
	case fbauth.IsUserNotFound(err):
		return false
	}
	t.Fatalf("GetUser(%s): %v", uid, err)
	return false
}

func (e Env) call(t testing.TB, method string, body any, out any) {
	t.Helper()
	b, _ := json.Marshal(body)
	url := fmt.Sprintf("http://%s/identitytoolkit.googleapis.com/v1/%s?key=fake-api-key", e.Host, method)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatalf("auth emulator %s: %v", method, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		var msg bytes.Buffer
		_, _ = msg.ReadFrom(resp.Body)
		t.Fatalf("auth emulator %s: %s: %s", method, resp.Status, msg.String())
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatalf("auth emulator %s: %v", method, err)
	}
}

// UnsignedToken builds a token in the emulator's form (alg "none", no
// signature) with the given claims: what an attacker can make without a key.
func UnsignedToken(claims map[string]any) string {
	head, _ := json.Marshal(map[string]string{"alg": "none", "typ": "JWT"})
	body, _ := json.Marshal(claims)
	enc := base64.RawURLEncoding
	return enc.EncodeToString(head) + "." + enc.EncodeToString(body) + "."
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
