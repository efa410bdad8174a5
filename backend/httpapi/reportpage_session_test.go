package httpapi

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/authtest"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// signOut sends the app's sign-out (DELETE /api/session) with cookie.
func (e *paidEnv) signOut(t *testing.T, cookie *http.Cookie) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("DELETE", e.url+SessionPath, nil)
	if cookie != nil {
		req.AddCookie(cookie)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// A host's session, as the drawn report page uses it (issue 44):
//   - the page drawn from the cookie carries neither the Premium PDF's
//     download link nor the share link (the API, asked with the ID token,
//     still gives both);
//   - the cookie lasts auth.SessionMaxAge (two hours), not two weeks;
//   - drawing costs one Firebase lookup per session while its check is
//     remembered, however many pages are drawn, and a session drawing more
//     than its share gets the build's page;
//   - after sign-out, a copy of the cookie draws nothing (it is revoked in
//     Firebase, not only deleted in the browser), while a new sign-in
//     draws again.
func TestSessionDrawsNoLinksAndEndsAtSignOut(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		emu := authtest.Emulator(t)
		lookups := newSlowProxy(t, "http://"+emu.Host, authLookups)
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), pdf: realPDF, mailer: &mailbox{},
			sessions: firebaseVia(t, emu, lookups)})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "premium")
		pay(t, e, u, id, sid)
		e.drain(t)
		if code, out := e.send(t, "POST", "/api/optimizations/"+id+"/share", u.IDToken, nil); code != 200 {
			t.Fatalf("share: %d %v", code, out)
		}
		path := "/payment-success?session_id=" + sid
		_, answer := e.send(t, "GET", "/api/get-optimization-result/"+sid, u.IDToken, nil)
		pdf, _ := answer["data"].(map[string]any)["pdf_download_url"].(string)
		share, _ := answer["share"].(map[string]any)
		shareURL, _ := share["url"].(string)
		if !strings.Contains(pdf, "/pdf?token=") || !strings.HasPrefix(shareURL, "/shared/") {
			t.Fatalf("the API's answer lacks its links: pdf %q, share %v", pdf, answer["share"])
		}

		cookie := e.session(t, u.IDToken)
		if cookie.MaxAge != int(auth.SessionMaxAge/time.Second) || auth.SessionMaxAge > 24*time.Hour {
			t.Errorf("session cookie Max-Age %ds, want %v (at most a day)", cookie.MaxAge, auth.SessionMaxAge)
		}
		before := lookups.seen.Load()
		for i := range drawsBurst {
			_, page := e.page(t, path, cookie)
			if m := h1.FindStringSubmatch(page); m == nil || m[1] != "Your Premium listing optimization is ready" {
				t.Fatalf("draw %d: not drawn:\n%.600s", i+1, page)
			}
			_, token, _ := strings.Cut(pdf, "token=")
			_, shareToken, _ := strings.Cut(shareURL, "/shared/")
			for what, link := range map[string]string{"the PDF link": "/pdf?token=", "the PDF token": token, "the share link": "/shared/", "the share token": shareToken} {
				if strings.Contains(page, link) {
					t.Errorf("the drawn page carries %s (%s)", what, link)
				}
			}
		}
		if n := lookups.seen.Load() - before; n != 1 {
			t.Errorf("%d pages drawn cost %d Firebase lookups, want 1", drawsBurst, n)
		}
		// Past its share (the clock stands still: nothing refills), the
		// session's page comes as built, with no lookup and the cookie kept.
		resp, page := e.page(t, path, cookie)
		if page != reportFrameHTML || len(resp.Cookies()) != 0 || lookups.seen.Load()-before != 1 {
			t.Errorf("draw %d of a session: drawn or looked up (%d lookups), cookies %v:\n%.300s",
				drawsBurst+1, lookups.seen.Load()-before, resp.Cookies(), page)
		}
		e.clock.Add(time.Minute) // the share refills; the remembered check lapses
		if _, page := e.page(t, path, cookie); h1.FindStringSubmatch(page) == nil {
			t.Errorf("a minute later the session draws nothing:\n%.300s", page)
		}
		if n := lookups.seen.Load() - before; n != 2 {
			t.Errorf("a lapsed check was not made again: %d lookups", n)
		}

		// Sign-out. Firebase dates a revocation to the second: the cookie
		// was made in an earlier one.
		time.Sleep(1100 * time.Millisecond)
		copied := *cookie
		resp = e.signOut(t, cookie)
		if c := resp.Cookies(); resp.StatusCode != http.StatusNoContent || len(c) != 1 || c[0].Name != sessionCookie || c[0].MaxAge >= 0 {
			t.Errorf("sign-out: %d %v, want 204 clearing the cookie", resp.StatusCode, c)
		}
		resp, page = e.page(t, path, &copied)
		if page != reportFrameHTML {
			t.Errorf("a copy of the signed-out cookie still draws the report:\n%.600s", page)
		}
		if c := resp.Cookies(); len(c) != 1 || c[0].MaxAge >= 0 {
			t.Errorf("the revoked cookie was not cleared: %v", c)
		}
		// Another instance may have remembered the check: once that lapses
		// it is refused there too.
		e.clock.Add(time.Minute)
		if _, page := e.page(t, path, &copied); page != reportFrameHTML {
			t.Errorf("a copy of the signed-out cookie draws after a minute:\n%.300s", page)
		}
		// Signing out again, or with no cookie at all, is harmless.
		for name, c := range map[string]*http.Cookie{"again": &copied, "no cookie": nil} {
			if resp := e.signOut(t, c); resp.StatusCode != http.StatusNoContent {
				t.Errorf("sign-out %s: %d", name, resp.StatusCode)
			}
		}

		// A new sign-in makes a new session, which draws.
		again := emu.SignIn(t, u)
		fresh := e.session(t, again.IDToken)
		if _, page := e.page(t, path, fresh); h1.FindStringSubmatch(page) == nil {
			t.Errorf("a new sign-in's session draws nothing:\n%.300s", page)
		}
	})
}
