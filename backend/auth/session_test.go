package auth

import (
	"context"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/authtest"
	"github.com/listinglift/listinglift/backend/domain"
)

// Against the real Auth emulator: a fresh sign-in becomes a session cookie
// that names its user until the user is deleted; an old sign-in, a forged
// cookie or an ID token passed off as a cookie is refused as unauthorized.
func TestSessionsWithEmulator(t *testing.T) {
	emu := authtest.Emulator(t)
	f, err := NewFirebase(context.Background(), emu.ProjectID, emu.Host)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	user := emu.SignUp(t, "Ana Host")

	cookie, err := f.StartSession(ctx, user.IDToken)
	if err != nil {
		t.Fatalf("a fresh sign-in refused a session: %v", err)
	}
	got, err := f.Session(ctx, cookie)
	if err != nil {
		t.Fatalf("its cookie refused: %v", err)
	}
	if got.UID != user.UID || got.Email != user.Email {
		t.Errorf("the cookie names %+v, want %s %s", got, user.UID, user.Email)
	}

	now := time.Now()
	claims := func(authTime time.Time) map[string]any {
		return map[string]any{"aud": emu.ProjectID, "iss": "https://securetoken.google.com/" + emu.ProjectID, "sub": user.UID, "user_id": user.UID,
			"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(), "auth_time": authTime.Unix(), "email": user.Email,
			"firebase": map[string]any{"sign_in_provider": "password", "identities": map[string]any{"email": []string{user.Email}}}}
	}
	// The emulator does not sign tokens, so these are what it would issue.
	recent := authtest.UnsignedToken(claims(now.Add(-SessionSignInMaxAge + time.Minute)))
	if _, err := f.StartSession(ctx, recent); err != nil {
		t.Errorf("a sign-in %v ago refused: %v", SessionSignInMaxAge-time.Minute, err)
	}
	old := authtest.UnsignedToken(claims(now.Add(-SessionSignInMaxAge - time.Minute)))
	_, err = f.StartSession(ctx, old)
	wantCode(t, err, domain.CodeUnauthorized)
	if msg := domain.ErrorMessage(err); msg != errSignInAgain.Message {
		t.Errorf("an old sign-in says %q, want %q", msg, errSignInAgain.Message)
	}
	for name, bad := range map[string]string{"empty": "", "not a jwt": "cookie", "an ID token": user.IDToken} {
		t.Run(name, func(t *testing.T) {
			_, err := f.Session(ctx, bad)
			wantCode(t, err, domain.CodeUnauthorized)
		})
	}

	if err := f.DeleteUser(ctx, user.UID); err != nil {
		t.Fatal(err)
	}
	_, err = f.Session(ctx, cookie)
	wantCode(t, err, domain.CodeUnauthorized)
}

// Against the Auth emulator: EndSession (sign-out) revokes the cookie's
// sign-in, so the cookie — or any copy of it — is refused from then on;
// a new sign-in makes a session again. Ending a session already ended, or
// a cookie that names none, is nothing to do.
func TestEndSessionRevokesTheCookie(t *testing.T) {
	emu := authtest.Emulator(t)
	f, err := NewFirebase(context.Background(), emu.ProjectID, emu.Host)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	user := emu.SignUp(t, "Ana Host")
	cookie, err := f.StartSession(ctx, user.IDToken)
	if err != nil {
		t.Fatal(err)
	}
	// Firebase dates a revocation to the second: end it in a later one.
	time.Sleep(1100 * time.Millisecond)
	uid, err := f.EndSession(ctx, cookie)
	if err != nil || uid != user.UID {
		t.Fatalf("EndSession: %q %v, want %s", uid, err, user.UID)
	}
	_, err = f.Session(ctx, cookie)
	wantCode(t, err, domain.CodeUnauthorized)
	for name, c := range map[string]string{"again": cookie, "not a cookie": "x", "empty": ""} {
		if uid, err := f.EndSession(ctx, c); uid != "" || err != nil {
			t.Errorf("EndSession %s: %q %v, want nothing to do", name, uid, err)
		}
	}
	again := emu.SignIn(t, user)
	fresh, err := f.StartSession(ctx, again.IDToken)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := f.Session(ctx, fresh); err != nil || got.UID != user.UID {
		t.Errorf("a new sign-in's session: %+v %v", got, err)
	}
}
