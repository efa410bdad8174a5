package httpapi

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// countingPayments counts the Checkout Sessions created.
type countingPayments struct {
	payments.Provider
	sessions atomic.Int64
}

func (c *countingPayments) CreateCheckout(ctx context.Context, req payments.CheckoutRequest) (*payments.Session, error) {
	c.sessions.Add(1)
	return c.Provider.CreateCheckout(ctx, req)
}

const (
	sparseListing  = "https://www.airbnb.com/rooms/50000001"
	blockedListing = "https://www.airbnb.com/rooms/403"
)

// The form is told which plans a listing can be sold (report.OfferFor) in
// the scrape answer: for a page read, in its coverage; for a page that
// could not be read, in the coverage of the typed-details report offered
// instead.
func TestScrapeSaysWhichPlansAreOffered(t *testing.T) {
	_, reader := newListingSite(t)
	h := scrapeServer(t, reader)
	for i, tc := range []struct {
		name     string
		url      string
		status   int
		premium  bool
		complete bool
		assessed int
	}{
		{"a full read", fixtureListing, 200, true, true, 5},
		{"a sparse read", sparseListing, 200, false, false, 1},
		{"blocked: typed details", blockedListing, 503, false, false, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body, _ := postScrape(h, `{"url":"`+tc.url+`"}`, "10.8.0."+string(rune('1'+i)))
			cov, _ := body["coverage"].(map[string]any)
			if status != tc.status || cov == nil {
				t.Fatalf("%d %v", status, body)
			}
			offer, _ := cov["offer"].(map[string]any)
			why, _ := offer["basic_only"].(string)
			if offer["premium"] != tc.premium || (why == "") == !tc.premium || (why != "" && !strings.HasPrefix(why, report.MsgPremiumNeedsPage)) {
				t.Errorf("offer %v", offer)
			}
			if cov["complete"] != tc.complete {
				t.Errorf("complete %v, want %v (missing %v)", cov["complete"], tc.complete, cov["missing"])
			}
			sections, _ := cov["sections"].([]any)
			n := 0
			for _, s := range sections {
				if s.(map[string]any)["assessed"] == true {
					n++
				}
			}
			if len(sections) != 7 || n != tc.assessed {
				t.Errorf("%d of %d sections assessed, want %d of 7: %v", n, len(sections), tc.assessed, sections)
			}
			if tc.status != 200 && body["error"] == "" {
				t.Errorf("the failure lost its message: %v", body)
			}
		})
	}
}

// Premium is refused, before anything is recorded or charged, for a
// listing whose offer is Basic only; Basic goes through.
func TestPremiumRefusedWhereOnlyBasicIsOffered(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Store) {
		stripe := &countingPayments{Provider: stripeMock(t)}
		e := newPaidEnv(t, records, paidOptions{payments: stripe})
		u := e.signUp(t)
		typed := func(plan string) map[string]any {
			b := checkoutBody(plan, blockedListing)
			b["form_data"].(map[string]any)["useTypedDetails"] = true
			return b
		}
		for _, tc := range []struct {
			name   string
			body   map[string]any
			status int
			reason string
		}{
			{"typed details, Premium", typed("premium"), 400, report.TypedOffer().BasicOnly},
			{"sparse read, Premium", checkoutBody("premium", sparseListing), 400, "we could read only the title and a preview of the description"},
			{"typed details, Basic", typed("basic"), 200, ""},
			{"sparse read, Basic", checkoutBody("basic", sparseListing), 200, ""},
			{"a full read, Premium", checkoutBody("premium", fixtureListing), 200, ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				before, _ := e.store.ListOptimizations(context.Background(), u.UID, 1, nil)
				sessions := stripe.sessions.Load()
				code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, tc.body)
				if code != tc.status {
					t.Fatalf("%d %v, want %d", code, out, tc.status)
				}
				after, _ := e.store.ListOptimizations(context.Background(), u.UID, 1, nil)
				if tc.status != 200 {
					msg, _ := out["error"].(string)
					if !strings.HasPrefix(msg, report.MsgPremiumNeedsPage) || !strings.Contains(msg, tc.reason) {
						t.Errorf("refusal %q, want it to say %q", msg, tc.reason)
					}
					if after.Total != before.Total || stripe.sessions.Load() != sessions {
						t.Errorf("a refused order was recorded (%d → %d) or sent to checkout (%d sessions)", before.Total, after.Total, stripe.sessions.Load()-sessions)
					}
					return
				}
				if after.Total != before.Total+1 || stripe.sessions.Load() != sessions+1 {
					t.Errorf("an accepted order: %d recorded, %d sessions", after.Total-before.Total, stripe.sessions.Load()-sessions)
				}
			})
		}
	})
}

// Payments off, /api/optimize refuses Premium (wants_pdf, wants_email) the
// same way, and nothing is recorded.
func TestOptimizeRefusesPremiumWhereOnlyBasicIsOffered(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Store) {
		e := newPaidEnv(t, records, paidOptions{})
		u := e.signUp(t)
		for _, tc := range []struct {
			name string
			body map[string]any
		}{
			{"sparse read", map[string]any{"url": sparseListing, "email": u.Email, "wants_pdf": true, "wants_email": true}},
			{"typed details", map[string]any{"url": blockedListing, "email": u.Email, "title": "Loft", "use_typed_details": true, "wants_pdf": true}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				code, out := e.send(t, "POST", "/api/optimize", u.IDToken, tc.body)
				if msg, _ := out["error"].(string); code != 400 || !strings.HasPrefix(msg, report.MsgPremiumNeedsPage) {
					t.Errorf("%d %v", code, out)
				}
			})
		}
		if p, _ := e.store.ListOptimizations(context.Background(), u.UID, 1, nil); p.Total != 0 {
			t.Errorf("%d orders recorded", p.Total)
		}
		// Basic on the same sparse read is made.
		code, out := e.send(t, "POST", "/api/optimize", u.IDToken, map[string]any{"url": sparseListing, "email": u.Email})
		if code != 200 || out["success"] != true {
			t.Errorf("Basic: %d %v", code, out)
		}
	})
}

// A finished Basic report made from typed details is not offered the
// upgrade, and asking for it is refused with the reason, with no checkout.
func TestUpgradeRefusedWhereOnlyBasicIsOffered(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Store) {
		stripe := &countingPayments{Provider: stripeMock(t)}
		e := newPaidEnv(t, records, paidOptions{payments: stripe})
		u := e.signUp(t)
		body := checkoutBody("basic", blockedListing)
		body["form_data"].(map[string]any)["useTypedDetails"] = true
		code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, body)
		if code != 200 {
			t.Fatalf("typed Basic: %d %v", code, out)
		}
		id, sid := out["optimization_id"].(string), out["session_id"].(string)
		pay(t, e, u, id, sid)
		e.drain(t)
		if o := e.get(t, id); o.Status != domain.StatusCompleted {
			t.Fatalf("typed order: %s %q", o.Status, o.FailureReason)
		}
		code, out = e.send(t, "GET", "/api/get-optimization-result/"+id, u.IDToken, nil)
		up, _ := out["upgrade"].(map[string]any)
		if code != 200 || up == nil || up["available"] != false || up["not_offered"] != report.TypedOffer().BasicOnly {
			t.Errorf("upgrade offer of a typed report: %v", up)
		}
		sessions := stripe.sessions.Load()
		code, out = e.send(t, "POST", "/api/create-upgrade-session", u.IDToken, map[string]string{"optimization_id": id})
		if msg, _ := out["error"].(string); code != 400 || msg != report.TypedOffer().BasicOnly {
			t.Errorf("upgrade: %d %v", code, out)
		}
		if stripe.sessions.Load() != sessions || e.get(t, id).Upgrade != nil {
			t.Errorf("a refused upgrade opened a checkout or was recorded")
		}
	})
}
