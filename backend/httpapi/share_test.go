package httpapi

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/sharelink"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// getRaw reads a public path with no identity.
func getRaw(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// openShared reads the report of share link link (/shared/{token}) as its
// page does, with no identity: POST /api/shared with the token in the body.
func openShared(t *testing.T, base, link string) (*http.Response, string) {
	t.Helper()
	body := `{"token":"` + strings.TrimPrefix(link, "/shared/") + `"}`
	resp, err := http.Post(base+"/api/shared", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// A share link, end to end: the owner makes it (the same one again while
// it is live), anyone opens it signed out and sees the report and nothing
// of the order or its owner; after Stop sharing, or 30 days, it is gone.
func TestShareLinkOverHTTP(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		token, _, id := basicReport(t, e)
		owner := e.get(t, id)

		code, out := e.send(t, "POST", "/api/optimizations/"+id+"/share", token, nil)
		share, _ := out["share"].(map[string]any)
		link, _ := share["url"].(string)
		if code != 200 || !strings.HasPrefix(link, "/shared/") {
			t.Fatalf("share: %d %v", code, out)
		}
		if want := e.clock.Now().Truncate(time.Second).Add(sharelink.TTL).Format(time.RFC3339); share["expires_at"] != want {
			t.Errorf("the link expires %v, want %s (30 days)", share["expires_at"], want)
		}
		if _, again := e.send(t, "POST", "/api/optimizations/"+id+"/share", token, nil); again["share"].(map[string]any)["url"] != link {
			t.Errorf("sharing again gave another link; the one sent first would stop working")
		}
		// The owner's results page and dashboard row show the live link.
		if _, res := e.send(t, "GET", "/api/get-optimization-result/"+id, token, nil); res["share"].(map[string]any)["url"] != link {
			t.Errorf("the results page's share: %v", res["share"])
		}
		if _, list := e.send(t, "GET", "/api/optimizations", token, nil); list["items"].([]any)[0].(map[string]any)["sharedUntil"] != share["expires_at"] {
			t.Errorf("the dashboard row's sharedUntil: %v", list["items"])
		}

		resp, body := openShared(t, e.url, link)
		if resp.StatusCode != 200 || !strings.Contains(body, `"overall_score"`) || !strings.Contains(body, `"package_type":"basic"`) {
			t.Fatalf("the shared report, signed out: %d %.300s", resp.StatusCode, body)
		}
		for _, private := range []string{owner.CustomerEmail, owner.ID, owner.StripeSessionID, owner.CustomerUID, `"amount"`, "/pdf?token="} {
			if private != "" && strings.Contains(body, private) {
				t.Errorf("the shared report shows %q", private)
			}
		}
		if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") || resp.Header.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("shared report headers: Cache-Control %q, X-Robots-Tag %q", cc, resp.Header.Get("X-Robots-Tag"))
		}

		// Another host can neither share nor end it.
		other := e.signUp(t)
		for _, method := range []string{"POST", "DELETE"} {
			if code, out := e.send(t, method, "/api/optimizations/"+id+"/share", other.IDToken, nil); code != 404 {
				t.Errorf("%s by another host: %d %v; want 404", method, code, out)
			}
		}
		if resp, _ := openShared(t, e.url, link); resp.StatusCode != 200 {
			t.Fatalf("another host's attempt ended the link: %d", resp.StatusCode)
		}

		// Stop sharing: the link is gone at once, with the one message.
		if code, out := e.send(t, "DELETE", "/api/optimizations/"+id+"/share", token, nil); code != 200 || out["success"] != true {
			t.Fatalf("stop sharing: %d %v", code, out)
		}
		if resp, body := openShared(t, e.url, link); resp.StatusCode != 404 || !strings.Contains(body, sharelink.MsgUnavailable) {
			t.Errorf("after stop sharing: %d %s", resp.StatusCode, body)
		}
		if _, list := e.send(t, "GET", "/api/optimizations", token, nil); list["items"].([]any)[0].(map[string]any)["sharedUntil"] != nil {
			t.Errorf("the dashboard row still shows the share")
		}
		// Sharing again makes a new link; the old one stays dead.
		_, out = e.send(t, "POST", "/api/optimizations/"+id+"/share", token, nil)
		fresh := out["share"].(map[string]any)["url"].(string)
		if fresh == link {
			t.Fatal("sharing after stop sharing revived the old link")
		}
		if resp, _ := openShared(t, e.url, link); resp.StatusCode != 404 {
			t.Errorf("the ended link works again: %d", resp.StatusCode)
		}
		if resp, _ := openShared(t, e.url, fresh); resp.StatusCode != 200 {
			t.Errorf("the new link: %d", resp.StatusCode)
		}
		// 30 days on, the link has expired.
		e.clock.Add(sharelink.TTL)
		if resp, body := openShared(t, e.url, fresh); resp.StatusCode != 404 || !strings.Contains(body, sharelink.MsgUnavailable) {
			t.Errorf("after 30 days: %d %s", resp.StatusCode, body)
		}
		// A forged token and a report not ready to share.
		if resp, _ := openShared(t, e.url, "/shared/"+strings.Repeat("A", 110)); resp.StatusCode != 404 {
			t.Errorf("a forged token: %d", resp.StatusCode)
		}
		// The token is read from the body only: the old path form is no route.
		if resp, _ := getRaw(t, e.url+"/api"+fresh); resp.StatusCode != 404 {
			t.Errorf("GET /api/shared/{token}: %d, want 404 (no route)", resp.StatusCode)
		}
		u := e.signUp(t)
		unpaid, _ := e.checkout(t, u, "basic")
		if code, out := e.send(t, "POST", "/api/optimizations/"+unpaid+"/share", u.IDToken, nil); code != 409 || out["error"] != orders.MsgShareNotReady {
			t.Errorf("sharing an unpaid order: %d %v; want 409 %q", code, out, orders.MsgShareNotReady)
		}
	})
}

// GET /api/listings: a listing's reports grouped, oldest first, with their
// scores, and the re-check its bought report offers.
func TestListingsOverHTTP(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		token, _, id := basicReport(t, e)
		e.clock.Add(time.Hour)
		if code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", token, nil); code != 200 {
			t.Fatalf("re-check: %d %v", code, out)
		}
		e.drain(t)
		code, out := e.send(t, "GET", "/api/listings", token, nil)
		groups, _ := out["listings"].([]any)
		if code != 200 || len(groups) != 1 {
			t.Fatalf("listings: %d %v; want one listing", code, out)
		}
		g := groups[0].(map[string]any)
		reports, _ := g["reports"].([]any)
		if len(reports) != 2 {
			t.Fatalf("the listing has %d reports, want the bought one and its re-check", len(reports))
		}
		first, second := reports[0].(map[string]any), reports[1].(map[string]any)
		if first["id"] != id || second["recheckOf"] != id || first["overallScore"] == nil || second["overallScore"] == nil {
			t.Errorf("reports %v", reports)
		}
		if rc, _ := g["recheck"].(map[string]any); rc == nil || rc["available"] != true || rc["used"] != 1.0 || rc["of"] != id {
			t.Errorf("the listing's re-check offer %v", g["recheck"])
		}
		if code, out := e.send(t, "GET", "/api/listings", e.signUp(t).IDToken, nil); code != 200 || len(out["listings"].([]any)) != 0 {
			t.Errorf("another host's listings: %d %v", code, out)
		}
	})
}

// A server without a link secret shares nothing: making a link says so
// (503), and no token opens anything.
func TestSharingOffWithoutSigner(t *testing.T) {
	s := newShares(nil, ClientAddrPolicy{}, time.Now)
	rec := httptest.NewRecorder()
	handlerFunc(s.create).ServeHTTP(rec, httptest.NewRequest("POST", "/api/optimizations/x/share", nil))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), orders.MsgSharingOff) {
		t.Errorf("share with sharing off: %d %s", rec.Code, rec.Body)
	}
	rec = httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/shared", strings.NewReader(`{"token":"abc"}`))
	req.Header.Set("Content-Type", "application/json")
	handlerFunc(s.view).ServeHTTP(rec, req)
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), sharelink.MsgUnavailable) {
		t.Errorf("a shared link with sharing off: %d %s", rec.Code, rec.Body)
	}
}
