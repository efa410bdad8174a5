package httpapi

import (
	"context"
	"reflect"
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

// The offer table over HTTP (issue 43's acceptance): for each demo listing,
// which plans the form is told are offered and what each delivers
// (/api/scrape's coverage), and the same answer from the server's refusal
// (422 with the reason before any Checkout Session is made), the results
// page's upgrade offer, the dashboard's canUpgrade and the upgrade endpoint.
func TestOfferIsOneDecision(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		stripe := &countingPayments{Provider: stripeMock(t)}
		e := newPaidEnv(t, records, paidOptions{payments: stripe})
		for _, tc := range []struct {
			name  string
			url   string
			typed bool // the page cannot be read: the typed-details route
			// offered: the plans sold for it ("" none).
			offered string
			// premiumWhy is part of the reason Premium is not offered.
			premiumWhy string
		}{
			{"Lisbon, in its market", fixtureListing, false, "basic+premium", ""},
			{"Athens, no market near it", "https://www.airbnb.com/rooms/22334455", false, "basic", "its market analytics need comparable listings"},
			{"Destin (Vrbo)", "https://www.vrbo.com/4417281", false, "basic", "its market analytics need comparable listings"},
			{"Kyoto (Booking.com)", "https://www.booking.com/hotel/jp/machiya-gion-hanare.html", false, "basic", "its market analytics need comparable listings"},
			{"sparse read", sparseListing, false, "", "we could read only the title and a preview of the description"},
			{"blocked: typed details", blockedListing, true, "basic", "we could not read it"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				u := e.signUp(t) // a host of their own: the per-host order limit is not what is tested
				// The form: the scrape answer's coverage (a failed read's is the typed details').
				_, body := e.send(t, "POST", "/api/scrape", "", map[string]string{"url": tc.url})
				cov, _ := body["coverage"].(map[string]any)
				offer, _ := cov["offer"].(map[string]any)
				plans, _ := offer["plans"].([]any)
				if len(plans) != 2 {
					t.Fatalf("the form is told no plans: %v", body)
				}
				var got []string
				why := map[string]string{}
				var premiumDelivers []any
				for _, p := range plans {
					p := p.(map[string]any)
					plan, _ := p["plan"].(string)
					delivers, _ := p["delivers"].([]any)
					if plan == "premium" {
						premiumDelivers = delivers
					}
					if len(delivers) == 0 {
						t.Errorf("%s: the form is not told what it delivers", plan)
					}
					if p["offered"] == true {
						got = append(got, plan)
					} else {
						why[plan], _ = p["why"].(string)
					}
					if badge, _ := p["badge"].(string); (badge != "") != (plan == "premium" && p["offered"] == true) {
						t.Errorf("%s badge %q, offered %v", plan, badge, p["offered"])
					}
				}
				if strings.Join(got, "+") != tc.offered {
					t.Fatalf("offered %v, want %q (%v)", got, tc.offered, why)
				}
				if basicOnly, _ := offer["basic_only"].(string); !strings.Contains(why["premium"], tc.premiumWhy) || basicOnly != why["premium"] {
					t.Errorf("premium's reason %q, want it to say %q", why["premium"], tc.premiumWhy)
				}

				// The server's refusal: the same plans, the same words, before any checkout.
				orderOf := map[string]string{}
				for _, plan := range []string{"basic", "premium"} {
					b := checkoutBody(plan, tc.url)
					if tc.typed {
						b["form_data"].(map[string]any)["useTypedDetails"] = true
					}
					sessions := stripe.sessions.Load()
					code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, b)
					if reason, refused := why[plan]; refused {
						if code != 422 || out["error"] != reason || stripe.sessions.Load() != sessions {
							t.Errorf("%s: %d %v (%d sessions), want 422 %q and no checkout", plan, code, out["error"], stripe.sessions.Load()-sessions, reason)
						}
						continue
					}
					if code != 200 || stripe.sessions.Load() != sessions+1 {
						t.Fatalf("%s: %d %v", plan, code, out)
					}
					orderOf[plan], _ = out["optimization_id"].(string)
					pay(t, e, u, orderOf[plan], out["session_id"].(string))
				}
				id := orderOf["basic"]
				if id == "" {
					return
				}
				e.drain(t)
				if o := e.get(t, id); o.Status != domain.StatusCompleted {
					t.Fatalf("the Basic order: %s %q", o.Status, o.FailureReason)
				}
				premium := why["premium"] == ""
				// The results page's upgrade offer.
				_, out := e.send(t, "GET", "/api/get-optimization-result/"+id, u.IDToken, nil)
				up, _ := out["upgrade"].(map[string]any)
				if up == nil || up["available"] != premium || (up["not_offered"] != nil && up["not_offered"] != why["premium"]) || (!premium && up["not_offered"] != why["premium"]) {
					t.Errorf("upgrade offer %v; the form said premium %v (%q)", up, premium, why["premium"])
				}
				// What the upgrade says Premium gives this listing is what the form said.
				if delivers, _ := up["delivers"].([]any); premium && !reflect.DeepEqual(delivers, premiumDelivers) {
					t.Errorf("the upgrade offer says Premium gives %v; the form said %v", delivers, premiumDelivers)
				}
				// The dashboard's row.
				_, list := e.send(t, "GET", "/api/optimizations", u.IDToken, nil)
				items, _ := list["items"].([]any)
				found := false
				for _, it := range items {
					row := it.(map[string]any)
					if row["id"] != id {
						continue
					}
					found = true
					notOffered, _ := row["upgradeNotOffered"].(string)
					if row["canUpgrade"] != premium || notOffered != why["premium"] {
						t.Errorf("dashboard canUpgrade %v (%q); the form said premium %v (%q)", row["canUpgrade"], notOffered, premium, why["premium"])
					}
				}
				if !found {
					t.Fatalf("the order is not on the dashboard: %v", list)
				}
				// The upgrade endpoint.
				sessions := stripe.sessions.Load()
				code, out := e.send(t, "POST", "/api/create-upgrade-session", u.IDToken, map[string]string{"optimization_id": id})
				if premium {
					if code != 200 || stripe.sessions.Load() != sessions+1 {
						t.Errorf("upgrade: %d %v", code, out)
					}
				} else if code != 422 || out["error"] != why["premium"] || stripe.sessions.Load() != sessions {
					t.Errorf("upgrade: %d %v, want 422 %q and no checkout", code, out, why["premium"])
				}
			})
		}
	})
}

// Payments off, /api/optimize refuses a plan not offered (Premium:
// wants_pdf, wants_email) the same way (422), and nothing is recorded.
func TestOptimizeRefusesPremiumWhereOnlyBasicIsOffered(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
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
				if msg, _ := out["error"].(string); code != 422 || (!strings.HasPrefix(msg, report.MsgPremiumNeedsPage) && !strings.HasPrefix(msg, report.MsgBasicCannotDeliver)) {
					t.Errorf("%d %v", code, out)
				}
			})
		}
		if p, _ := e.store.ListOptimizations(context.Background(), u.UID, 1, nil); p.Total != 0 {
			t.Errorf("%d orders recorded", p.Total)
		}
		// Basic on the same sparse read is refused too (1 of 7 sections, not its card's
		// 3 suggestions); Basic on a full read is made.
		code, out := e.send(t, "POST", "/api/optimize", u.IDToken, map[string]any{"url": sparseListing, "email": u.Email})
		if msg, _ := out["error"].(string); code != 422 || !strings.HasPrefix(msg, report.MsgBasicCannotDeliver) {
			t.Errorf("Basic on a sparse read: %d %v", code, out)
		}
		code, out = e.send(t, "POST", "/api/optimize", u.IDToken, map[string]any{"url": fixtureListing, "email": u.Email})
		if code != 200 || out["success"] != true {
			t.Errorf("Basic: %d %v", code, out)
		}
	})
}

// A finished Basic report made from typed details is not offered the
// upgrade, and asking for it is refused with the reason, with no checkout.
func TestUpgradeRefusedWhereOnlyBasicIsOffered(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
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
		if msg, _ := out["error"].(string); code != 422 || msg != report.TypedOffer().BasicOnly {
			t.Errorf("upgrade: %d %v", code, out)
		}
		if stripe.sessions.Load() != sessions || e.get(t, id).Upgrade != nil {
			t.Errorf("a refused upgrade opened a checkout or was recorded")
		}
	})
}
