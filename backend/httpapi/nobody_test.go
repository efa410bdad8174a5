package httpapi

import (
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// Re-check and share take no input: no body, or an empty JSON object as
// the web app sends, is accepted; any other body is refused (400 or 415)
// as every JSON endpoint refuses loose input, and changes nothing.
func TestRecheckAndShareTakeNoBody(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		token, _, id := basicReport(t, e)
		loose := []struct {
			name, contentType, body string
			status                  int
			says                    string
		}{
			{"a field", "application/json", `{"optimization_id":"other"}`, 400, msgNoFields},
			{"trailing text", "application/json", `{} junk`, 400, "one JSON object and nothing after it"},
			{"a second object", "application/json", `{}{}`, 400, "one JSON object and nothing after it"},
			{"null", "application/json", `null`, 400, "must be a JSON object"},
			{"an array", "application/json", `[]`, 400, "must be a JSON object"},
			{"not JSON", "application/json", `{`, 400, "must be valid JSON"},
			{"text/plain", "text/plain", `{}`, 415, "Content-Type: application/json"},
			{"form encoded", "application/x-www-form-urlencoded", `a=1`, 415, "Content-Type: application/json"},
		}
		for _, ep := range []struct{ method, path string }{
			{"POST", "/api/optimizations/" + id + "/recheck"},
			{"POST", "/api/optimizations/" + id + "/share"},
			{"DELETE", "/api/optimizations/" + id + "/share"},
		} {
			for _, l := range loose {
				t.Run(ep.method+" "+ep.path+"/"+l.name, func(t *testing.T) {
					e.clock.Add(2 * time.Minute) // a fresh per-host order limit
					code, out := e.send(t, ep.method, ep.path, token, l.body, "Content-Type", l.contentType)
					msg, _ := out["error"].(string)
					if code != l.status || out["success"] != false || !strings.Contains(msg, l.says) {
						t.Errorf("%d %v; want %d saying %q", code, out, l.status, l.says)
					}
				})
			}
		}
		if o := e.get(t, id); o.Share != nil {
			t.Errorf("a refused request shared the report: %+v", o.Share)
		}
		if _, out := e.send(t, "GET", "/api/get-optimization-result/"+id, token, nil); out["recheck"].(map[string]any)["used"] != 0.0 {
			t.Errorf("a refused request made a re-check: %v", out["recheck"])
		}
		// What the web app sends ({} as JSON), and no body at all, are taken.
		for _, ok := range []struct {
			method, path string
			body         any
		}{
			{"POST", "/api/optimizations/" + id + "/share", `{}`},
			{"POST", "/api/optimizations/" + id + "/share", nil},
			{"DELETE", "/api/optimizations/" + id + "/share", nil},
			{"POST", "/api/optimizations/" + id + "/recheck", ` {} `},
		} {
			e.clock.Add(2 * time.Minute)
			if code, out := e.send(t, ok.method, ok.path, token, ok.body); code != 200 {
				t.Errorf("%s %s with %v: %d %v", ok.method, ok.path, ok.body, code, out)
			}
		}
		e.clock.Add(2 * time.Minute)
		if code, out := e.send(t, "POST", "/api/optimizations/"+id+"/recheck", token, nil, "Content-Type", ""); code == 400 || code == 415 {
			t.Errorf("a re-check with no body and no Content-Type: %d %v", code, out)
		}
	})
}

// /api/optimize with an order the host does not have answers as every
// endpoint answers it, not with a bare "Not found.".
func TestOptimizeUnknownOrder(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{})
		u, other := e.signUp(t), e.signUp(t)
		code, out := e.send(t, "POST", "/api/create-checkout-session", other.IDToken, checkoutBody("basic", fixtureListing))
		if code != 200 {
			t.Fatalf("create-checkout-session: %d %v", code, out)
		}
		for name, id := range map[string]string{"no such order": "no-such-order", "another host's": out["optimization_id"].(string)} {
			e.clock.Add(2 * time.Minute)
			code, out := e.send(t, "POST", "/api/optimize", u.IDToken, map[string]any{"url": fixtureListing, "email": u.Email, "optimization_id": id})
			if code != 404 || out["success"] != false || out["error"] != msgNotInAccount {
				t.Errorf("%s: %d %v; want 404 saying %q", name, code, out, msgNotInAccount)
			}
		}
	})
}
