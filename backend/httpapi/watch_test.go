package httpapi

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
	"github.com/listinglift/listinglift/backend/watchlink"
)

// postForm posts body as a form, with no identity: a mail client's
// one-click unsubscribe (RFC 8058).
func postForm(t *testing.T, url, contentType, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(url, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// The Watch over HTTP (issue 45), on SQLite and Google's Firestore
// emulator with the Auth emulator: a bought Premium report's watch in the
// dashboard's listings and the result; the host's Pause, Resume and Stop
// (their own only; again is no error; a Basic report has none); a week
// checked shows on the listing; the e-mail's link pauses without signing
// in, a forged one does nothing; the one-click unsubscribe stops it.
func TestWatchOverHTTP(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), mailer: &mailbox{}})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "premium")
		pay(t, e, u, id, sid)
		e.drain(t)

		watchOf := func() map[string]any {
			t.Helper()
			code, out := e.send(t, "GET", "/api/listings", u.IDToken, nil)
			listings, _ := out["listings"].([]any)
			if code != 200 || len(listings) != 1 {
				t.Fatalf("listings: %d %v", code, out)
			}
			w, _ := listings[0].(map[string]any)["watch"].(map[string]any)
			return w
		}
		w := watchOf()
		if w == nil || w["state"] != "active" || w["weeks"] != 12.0 || w["left"] != 12.0 || w["of"] != id || len(w["checks"].([]any)) != 0 || w["nextCheckAt"] == nil {
			t.Fatalf("the new Premium report's watch on the dashboard: %v", w)
		}
		if _, res := e.send(t, "GET", "/api/get-optimization-result/"+id, u.IDToken, nil); res["watch"] == nil {
			t.Errorf("the report page has no watch: %v", res["watch"])
		}

		control := func(token, action string) (int, map[string]any) {
			return e.send(t, "POST", "/api/optimizations/"+id+"/watch", token, map[string]string{"action": action})
		}
		for range 2 {
			if code, out := control(u.IDToken, "pause"); code != 200 || out["watch"].(map[string]any)["state"] != "paused" {
				t.Fatalf("pause: %d %v", code, out)
			}
		}
		if code, out := control(e.signUp(t).IDToken, "resume"); code != 404 {
			t.Errorf("another host's resume: %d %v; want 404", code, out)
		}
		if code, out := control(u.IDToken, "snooze"); code != 400 {
			t.Errorf("an unknown action: %d %v; want 400", code, out)
		}
		// Paused: a week passes and nothing is checked.
		e.clock.Add(8 * 24 * time.Hour)
		if n, err := e.orders.QueueDueWatches(t.Context()); err != nil || n != 0 {
			t.Fatalf("the hourly run while paused: %d queued, %v", n, err)
		}
		if code, out := control(u.IDToken, "resume"); code != 200 || out["watch"].(map[string]any)["state"] != "active" {
			t.Fatalf("resume: %d %v", code, out)
		}
		if n, err := e.orders.QueueDueWatches(t.Context()); err != nil || n != 1 {
			t.Fatalf("the hourly run after resuming, a week late: %d queued, %v; want the week's check", n, err)
		}
		e.drain(t)
		w = watchOf()
		checks := w["checks"].([]any)
		if len(checks) != 1 || w["used"] != 1.0 || w["left"] != 11.0 {
			t.Fatalf("after one week: %v", w)
		}
		if c := checks[0].(map[string]any); c["failed"] != "" || c["score"] == nil || c["week"] == "" {
			t.Errorf("the week's row: %v; want its figures", c)
		}

		// The e-mail's link: no sign-in, its own watch only.
		tok := watchlink.Signer{Secret: e.links.Secret, Now: e.clock.Now}.Token(id)
		code, out := e.send(t, "POST", "/api/watch", "", map[string]string{"token": tok, "action": "pause"})
		if code != 200 || out["state"] != "paused" || out["listingTitle"] == "" {
			t.Fatalf("pause from the e-mail: %d %v", code, out)
		}
		forged := watchlink.Signer{Secret: []byte(strings.Repeat("f", 32))}.Token(id)
		for _, bad := range []string{forged, "", "x"} {
			if code, out := e.send(t, "POST", "/api/watch", "", map[string]string{"token": bad, "action": "stop"}); code != 404 || out["error"] != watchlink.MsgInvalid {
				t.Errorf("a link with token %.12q: %d %v; want 404 %q", bad, code, out, watchlink.MsgInvalid)
			}
		}
		if code, _ := e.send(t, "POST", "/api/watch", "", map[string]string{"token": tok, "action": "resume"}); code != 400 {
			t.Errorf("resume from an e-mail link: %d; want 400 (resume is the dashboard's)", code)
		}
		if watchOf()["state"] != "paused" {
			t.Fatalf("a bad link changed the watch")
		}

		// The one-click unsubscribe: a form post to the URL, no identity.
		if code, body := postForm(t, e.url+"/api/watch/unsubscribe?token="+tok, "application/json", `{}`); code != 415 {
			t.Errorf("unsubscribe as JSON: %d %s; want 415", code, body)
		}
		if code, body := postForm(t, e.url+"/api/watch/unsubscribe?token="+tok, "application/x-www-form-urlencoded", "List-Unsubscribe=One-Click"); code != 200 {
			t.Fatalf("one-click unsubscribe: %d %s", code, body)
		}
		if w := watchOf(); w["state"] != "stopped" || w["canResume"] != true {
			t.Errorf("after the one-click unsubscribe: %v; want stopped, restartable", w)
		}

		// A Basic report has no watch to control.
		basic, bsid := e.checkout(t, u, "basic")
		pay(t, e, u, basic, bsid)
		e.drain(t)
		if code, out := e.send(t, "POST", "/api/optimizations/"+basic+"/watch", u.IDToken, map[string]string{"action": "pause"}); code != 409 || out["error"] != orders.MsgWatchPremiumOnly {
			t.Errorf("pause a Basic report's watch: %d %v; want 409 %q", code, out, orders.MsgWatchPremiumOnly)
		}
		// Links tried by the dozen from one address are stopped.
		limited := false
		for range sharedBurst + 5 {
			if code, out := e.send(t, "POST", "/api/watch", "", map[string]string{"token": "x", "action": "stop"}); code == 429 {
				limited = out["error"] == msgWatchLimit
				break
			}
		}
		if !limited {
			t.Errorf("%d link tries in a row were not limited with %q", sharedBurst+5, msgWatchLimit)
		}
		// The scheduler's endpoint is not served where watches run in-process.
		if code, _ := postForm(t, e.url+"/internal/watch", "application/json", ""); code != 404 {
			t.Errorf("POST /internal/watch in-process: %d; want 404", code)
		}
	})
}
