// Package auth verifies the Firebase ID tokens the browser sends, so the API
// knows which host is calling. Production checks signatures against Google's
// keys; locally the same Admin SDK talks to the Auth emulator.
package auth

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	firebase "firebase.google.com/go/v4"
	fbauth "firebase.google.com/go/v4/auth"

	"github.com/listinglift/listinglift/backend/domain"
)

// User is the verified identity behind a request.
type User struct {
	UID   string
	Email string
	Name  string
}

// Verifier turns an ID token into a User. Errors carry domain codes:
// CodeUnauthorized for a token that is missing, malformed, forged, expired
// or for another project; CodeUnavailable when the check itself could not
// be made.
type Verifier interface {
	Verify(ctx context.Context, idToken string) (User, error)
}

// Client-facing messages: say what to do, never why the token failed.
var (
	ErrSignInRequired = domain.Errorf(domain.CodeUnauthorized, "Please sign in to continue.")
	errExpired        = "Your session has expired. Please sign in again."
	errInvalid        = "Your session is not valid. Please sign in again."
)

// emulatorEnv is the variable the Admin SDK reads to use the Auth emulator.
const emulatorEnv = "FIREBASE_AUTH_EMULATOR_HOST"

// Firebase verifies tokens with the Firebase Admin SDK, remembering each
// token it accepted until the token expires (see tokenCache).
type Firebase struct {
	client   *fbauth.Client
	emulator bool
	cache    *tokenCache
}

// NewFirebase returns a verifier for projectID. emulatorHost (host:port) selects
// the Auth emulator, where tokens are unsigned and the SDK instead confirms
// each one against the emulator's user records.
//
// The SDK only reads the emulator address from the process environment, so
// this sets it there; and it refuses a process environment that names an
// emulator the configuration did not ask for, because the SDK would then
// silently stop checking signatures.
func NewFirebase(ctx context.Context, projectID, emulatorHost string) (*Firebase, error) {
	if projectID == "" {
		return nil, errors.New("auth: a Firebase project id is required")
	}
	if env := os.Getenv(emulatorEnv); env != "" && env != emulatorHost {
		return nil, fmt.Errorf("auth: %s=%s is set in the process environment but the configuration does not select the emulator", emulatorEnv, env)
	}
	if emulatorHost != "" {
		if err := os.Setenv(emulatorEnv, emulatorHost); err != nil {
			return nil, fmt.Errorf("auth: select the emulator: %w", err)
		}
	}
	app, err := firebase.NewApp(ctx, &firebase.Config{ProjectID: projectID})
	if err != nil {
		return nil, fmt.Errorf("auth: firebase app: %w", err)
	}
	client, err := app.Auth(ctx)
	if err != nil {
		return nil, fmt.Errorf("auth: firebase auth client: %w", err)
	}
	return &Firebase{client: client, emulator: emulatorHost != "", cache: newTokenCache(maxCachedTokens, time.Now)}, nil
}

// Verify checks idToken and returns who it belongs to.
func (f *Firebase) Verify(ctx context.Context, idToken string) (User, error) {
	if strings.Count(idToken, ".") != 2 || len(idToken) > 8192 {
		return User{}, domain.Errorf(domain.CodeUnauthorized, "%s", errInvalid)
	}
	if u, ok := f.cache.get(idToken); ok {
		return u, nil
	}
	tok, err := f.client.VerifyIDToken(ctx, idToken)
	if err != nil {
		return User{}, classify(err)
	}
	u := User{UID: tok.UID}
	u.Email, _ = tok.Claims["email"].(string)
	u.Name, _ = tok.Claims["name"].(string)
	f.cache.put(idToken, u, time.Unix(tok.Expires, 0))
	return u, nil
}

// ForgetUser drops every cached token of uid, so this process checks them
// again. The API calls it when it finds uid's deletion tombstone (the
// account was deleted, perhaps through another instance), so the cache
// never outlives the tombstone: in production, where a deleted user's
// token still verifies by signature until it expires, the API's tombstone
// check is what refuses it.
func (f *Firebase) ForgetUser(uid string) { f.cache.forgetUser(uid) }

// Accounts manages Firebase users server side: what the API needs to
// delete a host's account.
type Accounts interface {
	// DeleteUser deletes the user uid. A user already gone counts as
	// deleted (nil), so a retried account deletion finishes. A failure is
	// CodeUnavailable: try again.
	DeleteUser(ctx context.Context, uid string) error
}

var _ Accounts = (*Firebase)(nil)

// DeleteUser deletes the Firebase user uid through the Admin SDK (the Auth
// emulator locally). Their refresh tokens die with them; an ID token
// already issued stays valid until it expires (an hour at most) wherever it
// is checked without a revocation check, which is why the API also deletes
// the records it would find. The emulator confirms each token against its
// users, so there a deleted user's token is refused at once.
func (f *Firebase) DeleteUser(ctx context.Context, uid string) error {
	if uid == "" {
		return errors.New("auth: delete user: empty uid")
	}
	// Forgotten first: from now on this process checks their tokens again
	// (and the emulator refuses them).
	f.cache.forgetUser(uid)
	err := f.client.DeleteUser(ctx, uid)
	if err == nil || fbauth.IsUserNotFound(err) {
		return nil
	}
	return &domain.Error{Code: domain.CodeUnavailable, Message: "We could not delete your sign-in just now. Please try again.",
		Err: fmt.Errorf("auth: delete user %s: %w", uid, err)}
}

// classify separates a bad token (401: sign in again) from a failure to
// check it (503: try again), keeping the SDK's reason for the logs only. The
// SDK tags every decoding, claim and signature failure as an invalid token.
func classify(err error) error {
	switch {
	case fbauth.IsIDTokenExpired(err):
		return &domain.Error{Code: domain.CodeUnauthorized, Message: errExpired, Err: err}
	case fbauth.IsIDTokenInvalid(err), fbauth.IsIDTokenRevoked(err),
		fbauth.IsUserDisabled(err), fbauth.IsUserNotFound(err):
		return &domain.Error{Code: domain.CodeUnauthorized, Message: errInvalid, Err: err}
	default:
		return &domain.Error{Code: domain.CodeUnavailable, Message: "We could not check your sign-in just now. Please try again.", Err: err}
	}
}
