package httpapi

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// Issue 17's strict input, on the wire, for every JSON endpoint: trailing
// text, a second value, null, an array, a wrong or missing Content-Type are
// refused with a clear 400 or 415, and nothing is recorded or changed.
func TestEveryJSONEndpointRefusesLooseInput(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		paid := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		off := newPaidEnv(t, records, paidOptions{}) // /api/optimize exists with payments off only
		token, uid, basicID := basicReport(t, paid)
		offHost := off.signUp(t)

		body := func(v any) string { b, _ := json.Marshal(v); return string(b) }
		endpoints := []struct {
			env   *paidEnv
			path  string
			token string
			good  string // a body the endpoint accepts
		}{
			{paid, "/api/me", token, `{"displayName":"Ana"}`},
			{paid, "/api/scrape", "", body(map[string]string{"url": fixtureListing})},
			{paid, "/api/create-checkout-session", token, body(checkoutBody("basic", fixtureListing))},
			{paid, "/api/create-upgrade-session", token, body(map[string]string{"optimization_id": basicID})},
			{off, "/api/optimize", offHost.IDToken, body(map[string]any{"url": fixtureListing, "email": offHost.Email})},
		}
		loose := []struct {
			name, contentType string
			body              func(good string) string
			status            int
			says              string
		}{
			{"trailing text", "application/json", func(g string) string { return g + " junk" }, 400, "one JSON object and nothing after it"},
			{"a second object", "application/json", func(g string) string { return g + g }, 400, "one JSON object and nothing after it"},
			{"null", "application/json", func(string) string { return "null" }, 400, "must be a JSON object"},
			{"an array", "application/json", func(g string) string { return "[" + g + "]" }, 400, "must be a JSON object"},
			{"not JSON", "application/json", func(g string) string { return strings.TrimSuffix(g, "}") }, 400, "must be valid JSON"},
			{"text/plain", "text/plain", func(g string) string { return g }, 415, "Content-Type: application/json"},
			{"form encoded", "application/x-www-form-urlencoded", func(string) string { return "url=x" }, 415, "Content-Type: application/json"},
			{"no Content-Type", "", func(g string) string { return g }, 415, "Content-Type: application/json"},
		}
		orderCount := func(e *paidEnv, uid string) int {
			p, err := e.store.ListOptimizations(context.Background(), uid, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			return p.Total
		}
		paidBefore, offBefore := orderCount(paid, uid), orderCount(off, offHost.UID)
		nameBefore := func() string { c, _ := paid.store.GetCustomer(context.Background(), uid); return c.DisplayName }()
		for _, ep := range endpoints {
			for _, l := range loose {
				t.Run(ep.path+"/"+l.name, func(t *testing.T) {
					// Refused requests count against the per-host and
					// per-address limits too: each starts with fresh ones.
					ep.env.clock.Add(2 * time.Minute)
					code, out := ep.env.send(t, "POST", ep.path, ep.token, l.body(ep.good), "Content-Type", l.contentType)
					msg, _ := out["error"].(string)
					if code != l.status || out["success"] != false || !strings.Contains(msg, l.says) {
						t.Errorf("%d %v; want %d saying %q", code, out, l.status, l.says)
					}
				})
			}
		}
		if n := orderCount(paid, uid); n != paidBefore {
			t.Errorf("refused requests recorded orders: %d → %d", paidBefore, n)
		}
		if n := orderCount(off, offHost.UID); n != offBefore {
			t.Errorf("refused requests recorded orders (payments off): %d → %d", offBefore, n)
		}
		if c, _ := paid.store.GetCustomer(context.Background(), uid); c.DisplayName != nameBefore {
			t.Errorf("refused sign-ins changed the name from %q to %q", nameBefore, c.DisplayName)
		}
		if o := paid.get(t, basicID); o.PlanType != domain.PlanBasic || o.Upgrade != nil {
			t.Errorf("refused upgrade requests opened an upgrade: %+v", o.Upgrade)
		}
		// And the good bodies are accepted, so the refusals above are the
		// rules' doing, not a broken endpoint.
		for _, ep := range endpoints {
			ep.env.clock.Add(2 * time.Minute)
			if code, out := ep.env.send(t, "POST", ep.path, ep.token, ep.good); code != 200 {
				t.Errorf("%s with a good body: %d %v", ep.path, code, out)
			}
		}
	})
}

// The title and description a host types are stored as they read, through
// either endpoint that records an order: control characters, ANSI escapes
// and bidirectional overrides removed, NFC; the description keeps its
// paragraphs.
func TestTypedTextIsCleanedBeforeItIsStored(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		const (
			title     = "\u202eLoft\x00 by the\r\nsea \x1b[31mnow\x1b[0m"
			wantTitle = "Loft by the sea [31mnow [0m"
			desc      = "Cafe\u0301 below.\r\n\r\n\r\nSleeps 4.\x07\u2066"
			wantDesc  = "Café below.\n\nSleeps 4."
		)
		t.Run("create-checkout-session", func(t *testing.T) {
			e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
			u := e.signUp(t)
			b := checkoutBody("basic", fixtureListing)
			form := b["form_data"].(map[string]any)
			form["title"], form["description"] = title, desc
			code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, b)
			if code != 200 {
				t.Fatalf("%d %v", code, out)
			}
			o := e.get(t, out["optimization_id"].(string))
			if o.ListingTitle != wantTitle || o.ListingDescription != wantDesc {
				t.Errorf("stored %q / %q; want %q / %q", o.ListingTitle, o.ListingDescription, wantTitle, wantDesc)
			}
		})
		t.Run("optimize (payments off)", func(t *testing.T) {
			e := newPaidEnv(t, records, paidOptions{})
			u := e.signUp(t)
			code, out := e.send(t, "POST", "/api/optimize", u.IDToken, map[string]any{"url": fixtureListing, "email": u.Email, "title": title, "description": desc})
			if code != 200 {
				t.Fatalf("%d %v", code, out)
			}
			p, err := e.store.ListOptimizations(context.Background(), u.UID, 1, nil)
			if err != nil || len(p.Items) != 1 {
				t.Fatalf("orders: %v %v", p, err)
			}
			o := e.get(t, p.Items[0].ID)
			if o.ListingTitle != wantTitle || o.ListingDescription != wantDesc {
				t.Errorf("stored %q / %q; want %q / %q", o.ListingTitle, o.ListingDescription, wantTitle, wantDesc)
			}
		})
	})
}
