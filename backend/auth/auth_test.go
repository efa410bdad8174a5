package auth

import (
	"bytes"
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/authtest"
	"github.com/listinglift/listinglift/backend/domain"
)

const project = "demo-listinglift"

func wantCode(t *testing.T, err error, code domain.Code) {
	t.Helper()
	if got := domain.ErrorCode(err); got != code {
		t.Fatalf("error %v has code %q, want %q", err, got, code)
	}
}

// Against the real Auth emulator: a token it issued is accepted; everything
// else a client could send is refused as unauthorized.
func TestVerifyWithEmulator(t *testing.T) {
	emu := authtest.Emulator(t)
	v, err := NewFirebase(context.Background(), emu.ProjectID, emu.Host)
	if err != nil {
		t.Fatal(err)
	}
	user := emu.SignUp(t, "Ana Host")

	got, err := v.Verify(context.Background(), user.IDToken)
	if err != nil {
		t.Fatalf("valid emulator token refused: %v", err)
	}
	if got.UID != user.UID || got.Email != user.Email {
		t.Errorf("verified %+v, want uid %s email %s", got, user.UID, user.Email)
	}

	now := time.Now()
	claims := func(aud, sub string, iat, exp time.Time) map[string]any {
		return map[string]any{"aud": aud, "iss": "https://securetoken.google.com/" + aud, "sub": sub,
			"iat": iat.Unix(), "exp": exp.Unix(), "auth_time": iat.Unix(), "email": "x@example.com"}
	}
	cases := map[string]string{
		"empty":          "",
		"not a jwt":      "hello",
		"bad base64":     "a.b.c",
		"garbage json":   b64("{") + "." + b64("{") + ".",
		"other project":  authtest.UnsignedToken(claims("demo-other", user.UID, now, now.Add(time.Hour))),
		"expired":        authtest.UnsignedToken(claims(emu.ProjectID, user.UID, now.Add(-3*time.Hour), now.Add(-2*time.Hour))),
		"forged subject": authtest.UnsignedToken(claims(emu.ProjectID, "no-such-user-123", now, now.Add(time.Hour))),
		"future":         authtest.UnsignedToken(claims(emu.ProjectID, user.UID, now.Add(time.Hour), now.Add(2*time.Hour))),
	}
	for name, tok := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := v.Verify(context.Background(), tok)
			wantCode(t, err, domain.CodeUnauthorized)
		})
	}
	_, err = v.Verify(context.Background(), cases["expired"])
	if msg := domain.ErrorMessage(err); msg != errExpired {
		t.Errorf("expired token message %q, want %q", msg, errExpired)
	}
}

// DeleteUser removes the user from the emulator; their token is refused
// from then on; deleting again, or a user who never existed, is done too.
func TestDeleteUserWithEmulator(t *testing.T) {
	emu := authtest.Emulator(t)
	f, err := NewFirebase(context.Background(), emu.ProjectID, emu.Host)
	if err != nil {
		t.Fatal(err)
	}
	user, other := emu.SignUp(t, "Ana Host"), emu.SignUp(t, "Bob Host")
	ctx := context.Background()
	// Verified (and so remembered) before the deletion: the deletion must
	// make this process check the token again.
	if _, err := f.Verify(ctx, user.IDToken); err != nil {
		t.Fatal(err)
	}
	for _, uid := range []string{user.UID, user.UID, "never-existed-123"} {
		if err := f.DeleteUser(ctx, uid); err != nil {
			t.Fatalf("DeleteUser(%s): %v", uid, err)
		}
	}
	if emu.UserExists(t, user.UID) {
		t.Error("the deleted user is still in the emulator")
	}
	if !emu.UserExists(t, other.UID) {
		t.Error("another user was deleted too")
	}
	_, err = f.Verify(ctx, user.IDToken)
	wantCode(t, err, domain.CodeUnauthorized)
	if _, err := f.Verify(ctx, other.IDToken); err != nil {
		t.Errorf("another user's token: %v", err)
	}
}

// When the emulator cannot be reached the answer is "try again" (503), not
// "sign in again" (401).
func TestVerifyEmulatorDown(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	t.Setenv(emulatorEnv, addr)
	v, err := NewFirebase(context.Background(), project, addr)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second) // the SDK retries
	defer cancel()
	now := time.Now()
	tok := authtest.UnsignedToken(map[string]any{"aud": project, "iss": "https://securetoken.google.com/" + project,
		"sub": "u1", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix(), "auth_time": now.Unix()})
	_, err = v.Verify(ctx, tok)
	wantCode(t, err, domain.CodeUnavailable)
}

func TestRefusesStrayEmulatorVariable(t *testing.T) {
	t.Setenv(emulatorEnv, "127.0.0.1:9099")
	if _, err := NewFirebase(context.Background(), "listinglift-prod", ""); err == nil {
		t.Fatal("a stray FIREBASE_AUTH_EMULATOR_HOST would switch off signature checks; NewFirebase must refuse it")
	}
}

// The production path: RS256 signatures checked against Google's published
// certificates. The test serves its own certificate set at Google's address
// (the SDK's HTTP client is built on http.DefaultTransport, which the test
// points at a local TLS server it trusts), so every check the SDK makes in
// production runs here for real.
func TestVerifyProductionSignatures(t *testing.T) {
	t.Setenv(emulatorEnv, "")
	fakeServiceAccount(t)
	good := newSigner(t, "key-1")
	attacker := newSigner(t, "key-1") // same kid, different key
	keysUp := fakeGoogleCerts(t, good)

	v, err := NewFirebase(context.Background(), "listinglift-prod", "")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	claims := func(aud string, iat, exp time.Time) map[string]any {
		return map[string]any{"aud": aud, "iss": "https://securetoken.google.com/" + aud, "sub": "uid-1",
			"iat": iat.Unix(), "exp": exp.Unix(), "auth_time": iat.Unix(), "email": "host@example.com", "name": "Ana"}
	}
	valid := good.sign(t, claims("listinglift-prod", now, now.Add(time.Hour)))

	u, err := v.Verify(context.Background(), valid)
	if err != nil {
		t.Fatalf("valid token refused: %v", err)
	}
	if u != (User{UID: "uid-1", Email: "host@example.com", Name: "Ana"}) {
		t.Errorf("user %+v", u)
	}

	tampered := func() string {
		var parts = bytes.Split([]byte(valid), []byte("."))
		body := map[string]any{}
		raw, _ := base64.RawURLEncoding.DecodeString(string(parts[1]))
		_ = json.Unmarshal(raw, &body)
		body["sub"] = "someone-else"
		return string(parts[0]) + "." + b64json(body) + "." + string(parts[2])
	}()
	cases := map[string]string{
		"forged signature": attacker.sign(t, claims("listinglift-prod", now, now.Add(time.Hour))),
		"tampered payload": tampered,
		"unsigned":         authtest.UnsignedToken(claims("listinglift-prod", now, now.Add(time.Hour))),
		"other project":    good.sign(t, claims("other-project", now, now.Add(time.Hour))),
		"expired":          good.sign(t, claims("listinglift-prod", now.Add(-3*time.Hour), now.Add(-2*time.Hour))),
	}
	for name, tok := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := v.Verify(context.Background(), tok)
			wantCode(t, err, domain.CodeUnauthorized)
		})
	}

	// Google's key server unreachable and nothing cached: try again later.
	keysUp(false)
	v2, err := NewFirebase(context.Background(), "listinglift-prod", "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = v2.Verify(context.Background(), valid)
	wantCode(t, err, domain.CodeUnavailable)
}

type signer struct {
	kid  string
	key  *rsa.PrivateKey
	cert []byte // PEM
}

func newSigner(t *testing.T, kid string) *signer {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "securetoken"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return &signer{kid: kid, key: key, cert: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
}

func (s *signer) sign(t *testing.T, claims map[string]any) string {
	t.Helper()
	head := b64json(map[string]any{"alg": "RS256", "kid": s.kid, "typ": "JWT"})
	body := b64json(claims)
	sum := sha256.Sum256([]byte(head + "." + body))
	sig, err := rsa.SignPKCS1v15(rand.Reader, s.key, crypto.SHA256, sum[:])
	if err != nil {
		t.Fatal(err)
	}
	return head + "." + body + "." + base64.RawURLEncoding.EncodeToString(sig)
}

// fakeGoogleCerts answers https://www.googleapis.com/robot/v1/metadata/x509/…
// with s's certificate. The returned func turns the server on and off.
func fakeGoogleCerts(t *testing.T, s *signer) func(up bool) {
	t.Helper()
	up := true
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !up {
			http.Error(w, "unavailable", http.StatusServiceUnavailable)
			return
		}
		if r.URL.Path != "/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=60")
		_ = json.NewEncoder(w).Encode(map[string]string{s.kid: string(s.cert)})
	}))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{serverCert(t, "www.googleapis.com")}}
	srv.StartTLS()
	t.Cleanup(srv.Close)

	pool := x509.NewCertPool()
	pool.AddCert(srv.TLS.Certificates[0].Leaf)
	dt := http.DefaultTransport.(*http.Transport)
	oldDial, oldTLS := dt.DialContext, dt.TLSClientConfig
	dt.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, srv.Listener.Addr().String())
	}
	dt.TLSClientConfig = &tls.Config{RootCAs: pool}
	t.Cleanup(func() { dt.DialContext, dt.TLSClientConfig = oldDial, oldTLS })
	return func(u bool) { up = u }
}

func serverCert(t *testing.T, host string) tls.Certificate {
	t.Helper()
	key, _ := rsa.GenerateKey(rand.Reader, 2048)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: host}, DNSNames: []string{host},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, _ := x509.ParseCertificate(der)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}
}

// fakeServiceAccount points Application Default Credentials at a service
// account key made for the test, as a production deployment has one; the
// SDK needs credentials to start, though verifying tokens never uses them.
func fakeServiceAccount(t *testing.T) {
	t.Helper()
	key, _ := rsa.GenerateKey(rand.Reader, 2048)
	der, _ := x509.MarshalPKCS8PrivateKey(key)
	sa, _ := json.Marshal(map[string]string{
		"type": "service_account", "project_id": "listinglift-prod", "private_key_id": "k1",
		"private_key":  string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		"client_email": "api@listinglift-prod.iam.gserviceaccount.com", "client_id": "1",
		"token_uri": "https://oauth2.googleapis.com/token",
	})
	path := filepath.Join(t.TempDir(), "sa.json")
	if err := os.WriteFile(path, sa, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOOGLE_APPLICATION_CREDENTIALS", path)
}

func b64(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

func b64json(v any) string {
	b, _ := json.Marshal(v)
	return base64.RawURLEncoding.EncodeToString(b)
}

// A token verified once is answered from memory until it expires: here the
// user is deleted behind this verifier's back (by another process), and
// the token it already accepted is still accepted — until its expiry, when
// it is checked again and refused.
func TestVerifiedTokensAreRememberedUntilTheyExpire(t *testing.T) {
	emu := authtest.Emulator(t)
	ctx := context.Background()
	f, err := NewFirebase(ctx, emu.ProjectID, emu.Host)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	f.cache.now = func() time.Time { return now }
	other, err := NewFirebase(ctx, emu.ProjectID, emu.Host) // another instance
	if err != nil {
		t.Fatal(err)
	}
	user := emu.SignUp(t, "Ana Host")
	if _, err := f.Verify(ctx, user.IDToken); err != nil {
		t.Fatal(err)
	}
	if err := other.DeleteUser(ctx, user.UID); err != nil {
		t.Fatal(err)
	}
	got, err := f.Verify(ctx, user.IDToken)
	if err != nil || got.UID != user.UID || got.Email != user.Email {
		t.Fatalf("a remembered token: %+v, %v; want it accepted without a check", got, err)
	}
	now = now.Add(time.Hour + time.Minute) // emulator tokens last an hour
	_, err = f.Verify(ctx, user.IDToken)
	wantCode(t, err, domain.CodeUnauthorized)
}

func TestTokenCache(t *testing.T) {
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	c := newTokenCache(10, func() time.Time { return now })
	ana, bob := User{UID: "ana"}, User{UID: "bob"}
	c.put("t-ana", ana, now.Add(time.Hour))
	c.put("t-ana-2", ana, now.Add(time.Hour))
	c.put("t-bob", bob, now.Add(time.Minute))
	c.put("t-old", bob, now.Add(-time.Second)) // expired already: not kept
	if u, ok := c.get("t-ana"); !ok || u != ana {
		t.Errorf("t-ana: %v %v", u, ok)
	}
	if _, ok := c.get("t-old"); ok {
		t.Error("an expired token was kept")
	}
	if _, ok := c.get("t-unknown"); ok {
		t.Error("an unknown token was found")
	}
	now = now.Add(2 * time.Minute)
	if _, ok := c.get("t-bob"); ok {
		t.Error("t-bob answered after its expiry")
	}
	c.forgetUser("ana")
	if _, ok := c.get("t-ana"); ok {
		t.Error("a forgotten user's token answered")
	}
	if _, ok := c.get("t-ana-2"); ok {
		t.Error("a forgotten user's second token answered")
	}
	// Full: room is made, and what is kept stays bounded.
	for i := 0; i < 100; i++ {
		c.put(fmt.Sprintf("t-%d", i), User{UID: fmt.Sprint(i)}, now.Add(time.Hour))
	}
	if n := len(c.entries); n > 10 {
		t.Errorf("%d entries kept, cap 10", n)
	}
	if _, ok := c.get("t-99"); !ok {
		t.Error("the newest token was not kept")
	}
}
