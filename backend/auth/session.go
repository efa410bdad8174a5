package auth

import (
	"context"
	"fmt"
	"strings"
	"time"

	fbauth "firebase.google.com/go/v4/auth"

	"github.com/listinglift/listinglift/backend/domain"
)

// Session cookies let the server know the host on a page load, before any
// JavaScript has run, so it can draw a report's first screen into the page
// (the browser's ID token lives in IndexedDB, out of the server's reach).
// The browser trades a fresh ID token for one (SPEC §7's token sync) right
// after a sign-in, and sign-out ends it on the server (EndSession) as well as
// in the browser. It is only ever read to draw a page: every API call still
// carries a Bearer ID token, so the cookie can do nothing a cross-site
// request could abuse.
const (
	// SessionMaxAge is how long a session cookie lasts. The cookie only
	// draws the page a host lands on right after signing in: back from
	// Stripe's checkout (open for 30 minutes, payments.CheckoutLifetime)
	// while the report is made (minutes), or the report's page opened from
	// its e-mail soon after. Two hours covers that with room; past them the
	// page comes undrawn and the app shows the report itself, a second or
	// two later. A longer life only widens what a copied cookie can do
	// (Firebase allows two weeks; this used to be that).
	SessionMaxAge = 2 * time.Hour
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
	// EndSession ends the session cookie's sign-in on the server (sign-out),
	// so a copy of the cookie is refused from then on, and returns whose it
	// was ("" for a cookie that names no live session: nothing to end).
	// CodeUnavailable when it could not be ended just now.
	EndSession(ctx context.Context, cookie string) (uid string, err error)
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

// EndSession implements Sessions by revoking the user's refresh tokens
// (Admin SDK RevokeRefreshTokens, which needs the permission
// firebaseauth.users.update): every session cookie and refresh token issued
// to the user before now is refused from then on, wherever it is (Session
// checks revocation). That signs the host out on all their devices, not
// only this browser: a host who signs out, most often on a shared or
// borrowed computer, expects nobody to reach their reports with what was
// left behind, and a copied cookie is, by definition, on another device; on
// their own other devices they sign in again (an ID token there keeps
// working for the API until it expires, within the hour). A per-cookie
// revocation list would keep the other devices signed in, at the cost of a
// store read on every draw and a list to keep; Firebase already keeps this
// one and Session already reads it.
func (f *Firebase) EndSession(ctx context.Context, cookie string) (string, error) {
	if strings.Count(cookie, ".") != 2 || len(cookie) > 8192 {
		return "", nil
	}
	tok, err := f.client.VerifySessionCookie(ctx, cookie)
	if err != nil {
		if fbauth.IsSessionCookieExpired(err) || fbauth.IsSessionCookieInvalid(err) || fbauth.IsSessionCookieRevoked(err) ||
			fbauth.IsUserDisabled(err) || fbauth.IsUserNotFound(err) {
			return "", nil // nothing left to end
		}
		return "", classify(err)
	}
	if err := f.client.RevokeRefreshTokens(ctx, tok.UID); err != nil {
		if fbauth.IsUserNotFound(err) {
			return tok.UID, nil
		}
		return "", &domain.Error{Code: domain.CodeUnavailable, Message: "We could not sign you out everywhere just now. Please try again.",
			Err: fmt.Errorf("auth: revoke the sessions of %s: %w", tok.UID, err)}
	}
	return tok.UID, nil
}
