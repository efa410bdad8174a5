package auth

import (
	"context"
	"strings"
	"time"

	fbauth "firebase.google.com/go/v4/auth"

	"github.com/listinglift/listinglift/backend/domain"
)

// Session cookies let the server know the host on a page load, before any
// JavaScript has run, so it can draw a report's first screen into the page
// (the browser's ID token lives in IndexedDB, out of the server's reach).
// The browser trades a fresh ID token for one (SPEC §7's token sync) right
// after a sign-in, and the server clears it on sign-out. It is only ever read
// to draw a page: every API call still carries a Bearer ID token, so the
// cookie can do nothing a cross-site request could abuse.
const (
	// SessionMaxAge is how long a session cookie lasts (Firebase allows up
	// to two weeks).
	SessionMaxAge = 14 * 24 * time.Hour
	// SessionSignInMaxAge is how recent the sign-in behind a token must be
	// for it to become a session cookie, as Firebase advises: a token
	// stolen later cannot be stretched into two weeks.
	SessionSignInMaxAge = 5 * time.Minute
)

// Sessions turns a fresh sign-in into a session cookie and reads it back.
type Sessions interface {
	// StartSession verifies idToken, whose sign-in must be at most
	// SessionSignInMaxAge old, and returns a session cookie for it that
	// lasts SessionMaxAge. CodeUnauthorized for a bad or old sign-in.
	StartSession(ctx context.Context, idToken string) (string, error)
	// Session returns the user of a session cookie; CodeUnauthorized when
	// it is forged, expired, revoked, or its user is disabled or gone.
	Session(ctx context.Context, cookie string) (User, error)
}

var _ Sessions = (*Firebase)(nil)

var errSignInAgain = domain.Errorf(domain.CodeUnauthorized, "Please sign in again to stay signed in on this device.")

// StartSession implements Sessions with the Admin SDK.
func (f *Firebase) StartSession(ctx context.Context, idToken string) (string, error) {
	if strings.Count(idToken, ".") != 2 || len(idToken) > 8192 {
		return "", domain.Errorf(domain.CodeUnauthorized, "%s", errInvalid)
	}
	tok, err := f.client.VerifyIDToken(ctx, idToken)
	if err != nil {
		return "", classify(err)
	}
	if signedIn := time.Unix(tok.AuthTime, 0); time.Since(signedIn) > SessionSignInMaxAge {
		return "", errSignInAgain
	}
	cookie, err := f.client.SessionCookie(ctx, idToken, SessionMaxAge)
	if err != nil {
		return "", classify(err)
	}
	return cookie, nil
}

// Session implements Sessions; it asks Firebase whether the user's
// sessions were revoked (or the user disabled or deleted) each time, so a
// page load costs one lookup: pages are drawn far less often than the API
// is called.
func (f *Firebase) Session(ctx context.Context, cookie string) (User, error) {
	if strings.Count(cookie, ".") != 2 || len(cookie) > 8192 {
		return User{}, domain.Errorf(domain.CodeUnauthorized, "%s", errInvalid)
	}
	tok, err := f.client.VerifySessionCookieAndCheckRevoked(ctx, cookie)
	if err != nil {
		if fbauth.IsSessionCookieExpired(err) || fbauth.IsSessionCookieInvalid(err) || fbauth.IsSessionCookieRevoked(err) {
			return User{}, &domain.Error{Code: domain.CodeUnauthorized, Message: errInvalid, Err: err}
		}
		return User{}, classify(err)
	}
	u := User{UID: tok.UID}
	u.Email, _ = tok.Claims["email"].(string)
	u.Name, _ = tok.Claims["name"].(string)
	return u, nil
}
