package httpapi

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/payments/paymentstest"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// countingProvider is the Stripe adapter on stripe-mock, noting each refund
// call's idempotency key.
type countingProvider struct {
	payments.Provider
	mu      sync.Mutex
	refunds []string
}

func (c *countingProvider) Refund(ctx context.Context, sessionID, key string) (*payments.Refund, error) {
	c.mu.Lock()
	c.refunds = append(c.refunds, key)
	c.mu.Unlock()
	return c.Provider.Refund(ctx, sessionID, key)
}

func (c *countingProvider) keys() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.refunds...)
}

// A paid order whose job fails on its last attempt is refunded through
// Stripe once, with the key refund-<id>, and the host gets one e-mail
// saying so — even when the refund job is delivered ten times at once.
func TestFailedPaidOrderIsRefundedOnce(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		p := &countingProvider{Provider: stripeMock(t)}
		box := &mailbox{}
		e := newPaidEnv(t, records, paidOptions{payments: p, maxAttempts: 2, mailer: box})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "basic")
		pay(t, e, u, id, sid)
		e.reporter.failures.Store(-1)
		e.reporter.failWith = &domain.Error{Code: domain.CodeUnavailable, Message: "The listing site did not answer."}
		// Run the report job's two attempts only, so the refund job is left
		// queued for the concurrent deliveries below.
		for i := 0; i < 2; i++ {
			if worked, err := e.queue.RunOne(context.Background(), func(ctx context.Context, j jobs.Job, a jobs.Attempt) error {
				if j.Kind() != jobs.KindReport {
					t.Fatalf("job %s ran before the report failed", j.Name)
				}
				return e.orders.Handle(ctx, j, a)
			}); err != nil || !worked {
				t.Fatalf("attempt %d: worked %v err %v", i+1, worked, err)
			}
			e.clock.Add(time.Minute)
		}
		if o := e.get(t, id); o.Status != domain.StatusFailed || o.Refund != nil {
			t.Fatalf("after the last attempt: %s, refund %+v; want failed, refund queued", o.Status, o.Refund)
		}
		var wg sync.WaitGroup
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_ = e.orders.Handle(context.Background(), jobs.RefundFor(id), jobs.Attempt{Number: i + 1})
			}()
		}
		wg.Wait()
		e.drain(t)
		if keys := p.keys(); len(keys) != 1 || keys[0] != "refund-"+id {
			t.Errorf("Stripe refund calls %v; want one, with key refund-%s", keys, id)
		}
		o := e.get(t, id)
		if o.Status != domain.StatusRefunded || o.Refund == nil || o.Refund.ID == "" || o.Email.Status != domain.DeliverySent {
			t.Fatalf("order %s refund %+v e-mail %+v", o.Status, o.Refund, o.Email)
		}
		if len(box.sent) != 1 || !strings.Contains(box.sent[0].Subject, "refunded") ||
			!strings.Contains(box.sent[0].Text, "Order number: "+id) || !strings.Contains(box.sent[0].Text, "The listing site did not answer.") {
			t.Errorf("mail: %d sent %+v", len(box.sent), box.sent)
		}
		// The failure screen's answer.
		code, out := e.send(t, "GET", "/api/get-optimization-result/"+sid, u.IDToken, nil)
		if code != 200 || out["status"] != "refunded" || out["order_id"] != id || out["amount"] != 4.99 || out["refund"] == nil {
			t.Errorf("result: %d %v", code, out)
		}
		// A redelivered refund job changes nothing.
		_ = e.orders.Handle(context.Background(), jobs.RefundFor(id), jobs.Attempt{Number: 11})
		if len(p.keys()) != 1 || len(box.sent) != 1 {
			t.Errorf("after a redelivery: %d refund calls, %d mails", len(p.keys()), len(box.sent))
		}
	})
}

// chargeRefunded is a charge.refunded event for order id's payment.
func chargeRefunded(eventID, id string) []byte {
	return paymentstest.Event(eventID, payments.EventChargeRefunded, map[string]any{
		"id": "ch_" + id, "object": "charge", "payment_intent": "pi_" + id, "refunded": true, "amount_refunded": 1999,
		"metadata": map[string]string{payments.MetaOptimizationID: id},
		"refunds":  map[string]any{"object": "list", "data": []map[string]any{{"id": "re_dash_" + id}}},
	}, "")
}

// An operator refunding from Stripe's dashboard: the order becomes
// refunded and its PDF link stops working.
func TestChargeRefundedFromTheDashboard(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), pdf: realPDF})
		token, id, sid := premiumOrder(t, e)
		_, out := e.send(t, "GET", "/api/get-optimization-result/"+sid, token, nil)
		link := out["data"].(map[string]any)["pdf_download_url"].(string)
		if resp, _ := fetch(t, e.url+link); resp.StatusCode != 200 {
			t.Fatalf("PDF before the refund: %d", resp.StatusCode)
		}
		payload := chargeRefunded("evt_refund_"+id, id)
		code, _ := e.send(t, "POST", "/api/stripe/webhook", "", payload, "Stripe-Signature", paymentstest.Sign(payload, paymentstest.WebhookSecret, time.Now()))
		if code != 200 {
			t.Fatalf("webhook: %d", code)
		}
		o := e.get(t, id)
		if o.Status != domain.StatusRefunded || o.Refund == nil || o.Refund.ID != "re_dash_"+id || o.Refund.Amount != 19.99 {
			t.Fatalf("order after charge.refunded: %s %+v", o.Status, o.Refund)
		}
		if resp, _ := fetch(t, e.url+link); resp.StatusCode != 404 {
			t.Errorf("PDF link after the refund: %d, want 404", resp.StatusCode)
		}
		code, out = e.send(t, "GET", "/api/get-optimization-result/"+sid, token, nil)
		if code != 200 || out["status"] != "refunded" || out["data"] != nil {
			t.Errorf("result after the refund: %d %v", code, out)
		}
	})
}

// A checkout that expired and was then paid (events out of order, or a
// slow bank) still makes the report, counted once.
func TestExpiredThenPaidMakesTheReport(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "basic")
		expired := paymentstest.PaidSession(sid, id, nil)
		expired.Status, expired.PaymentStatus = "expired", "unpaid"
		e.webhook(t, "evt_exp_"+id, payments.EventCheckoutSessionExpired, expired)
		if o := e.get(t, id); o.Status != domain.StatusExpired {
			t.Fatalf("after expiry: %s", o.Status)
		}
		pay(t, e, u, id, sid)
		e.drain(t)
		if o := e.get(t, id); o.Status != domain.StatusCompleted {
			t.Errorf("expired then paid: %s %q; want completed", o.Status, o.FailureReason)
		}
		if c, _ := e.store.GetCustomer(context.Background(), u.UID); c.TotalOptimizations != 1 {
			t.Errorf("totalOptimizations %d, want 1", c.TotalOptimizations)
		}
	})
}

// basicReport is a completed Basic order of a new host.
func basicReport(t *testing.T, e *paidEnv) (token, uid, id string) {
	t.Helper()
	u := e.signUp(t)
	id, sid := e.checkout(t, u, "basic")
	pay(t, e, u, id, sid)
	e.drain(t)
	if o := e.get(t, id); o.Status != domain.StatusCompleted {
		t.Fatalf("basic order: %s", o.Status)
	}
	return u.IDToken, u.UID, id
}

// An upgrade paid twice at once (two deliveries of the completion, the
// success page's check beside them) upgrades once: one Premium report, one
// PDF, one e-mail; the order is the same one, now Premium at $19.99.
func TestUpgradePaidTwiceConcurrently(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		box := &mailbox{}
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), pdf: realPDF, mailer: box})
		token, uid, id := basicReport(t, e)
		if len(box.sent) != 0 {
			t.Fatalf("a Basic report sent %d e-mails", len(box.sent))
		}
		code, out := e.send(t, "GET", "/api/get-optimization-result/"+id, token, nil)
		up, _ := out["upgrade"].(map[string]any)
		if code != 200 || up == nil || up["available"] != true || up["amount"] != 15.0 {
			t.Fatalf("Basic result's upgrade offer: %d %v", code, out["upgrade"])
		}
		code, out = e.send(t, "POST", "/api/create-upgrade-session", token, map[string]string{"optimization_id": id})
		usid, _ := out["session_id"].(string)
		if code != 200 || out["checkout_url"] == nil || usid == "" {
			t.Fatalf("create-upgrade-session: %d %v", code, out)
		}
		calls := e.reporter.calls.Load()
		paid := paymentstest.PaidSession(usid, id, map[string]string{payments.MetaOptimizationID: id,
			payments.MetaCustomerUID: uid, payments.MetaPurpose: payments.PurposeUpgrade, payments.MetaPlan: "premium"})
		paid.AmountTotal = 1500
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if code := e.webhook(t, "evt_up_"+id+string(rune('a'+i)), payments.EventCheckoutCompleted, paid); code != 200 {
					t.Errorf("upgrade webhook %d: %d", i, code)
				}
			}()
		}
		wg.Wait()
		// Back from checkout, the success page polls with the upgrade's
		// session: the loading screen until the Premium report is stored.
		code, out = e.send(t, "GET", "/api/get-optimization-result/"+usid, token, nil)
		if code != 200 || out["status"] != "processing" || out["package_type"] != "premium" {
			t.Errorf("success page during the upgrade: %d %v", code, out)
		}
		e.drain(t)
		o := e.get(t, id)
		if o.PlanType != domain.PlanPremium || o.Amount != 19.99 || o.PDFPath == "" || o.Upgrade == nil || o.Upgrade.Status != domain.UpgradeCompleted {
			t.Fatalf("after the upgrade: plan %s amount %v pdf %q upgrade %+v", o.PlanType, o.Amount, o.PDFPath, o.Upgrade)
		}
		if n := e.reporter.calls.Load() - calls; n != 1 {
			t.Errorf("%d Premium reports made; want 1", n)
		}
		if len(box.sent) != 1 || len(box.sent[0].Attachments) != 1 {
			t.Errorf("e-mails after the upgrade: %d", len(box.sent))
		}
		code, out = e.send(t, "GET", "/api/get-optimization-result/"+usid, token, nil)
		data, _ := out["data"].(map[string]any)
		if code != 200 || out["status"] != "completed" || data["package_type"] != "premium" || data["pdf_download_url"] == nil {
			t.Errorf("the upgraded report: %d %v", code, out)
		}
		if c, _ := e.store.GetCustomer(context.Background(), uid); c.TotalOptimizations != 1 {
			t.Errorf("an upgrade counted as a purchase: %d", c.TotalOptimizations)
		}
	})
}

// Upgrades only for one's own finished Basic report.
func TestUpgradeRefusals(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		_, _, basic := basicReport(t, e)
		stranger := e.signUp(t)
		if code, out := e.send(t, "POST", "/api/create-upgrade-session", stranger.IDToken, map[string]string{"optimization_id": basic}); code != 404 {
			t.Errorf("another host's order: %d %v; want 404", code, out)
		}
		premiumToken, _, premium := premiumOrder(t, e)
		if code, out := e.send(t, "POST", "/api/create-upgrade-session", premiumToken, map[string]string{"optimization_id": premium}); code != 409 {
			t.Errorf("a Premium order: %d %v; want 409", code, out)
		}
		u := e.signUp(t)
		unfinished, _ := e.checkout(t, u, "basic")
		if code, out := e.send(t, "POST", "/api/create-upgrade-session", u.IDToken, map[string]string{"optimization_id": unfinished}); code != 409 {
			t.Errorf("an unpaid order: %d %v; want 409", code, out)
		}
		if code, _ := e.send(t, "POST", "/api/create-upgrade-session", u.IDToken, map[string]string{}); code != 400 {
			t.Errorf("no optimization_id: %d; want 400", code)
		}
	})
}

// Remove: an unpaid order goes (its checkout closed at Stripe); a paid one
// stays (409); another host's is 404.
func TestRemoveUnpaidOrder(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u := e.signUp(t)
		id, _ := e.checkout(t, u, "basic")
		_, list := e.send(t, "GET", "/api/optimizations", u.IDToken, nil)
		items := list["items"].([]any)
		row := items[0].(map[string]any)
		if row["checkoutUrl"] == nil || row["paid"] != false {
			t.Errorf("an open checkout's row: %v; want checkoutUrl and paid false", row)
		}
		stranger := e.signUp(t)
		if code, _ := e.send(t, "DELETE", "/api/optimizations/"+id, stranger.IDToken, nil); code != 404 {
			t.Errorf("another host's remove: %d; want 404", code)
		}
		if code, out := e.send(t, "DELETE", "/api/optimizations/"+id, u.IDToken, nil); code != 200 {
			t.Fatalf("remove: %d %v", code, out)
		}
		if _, err := e.store.GetOptimization(context.Background(), id); err == nil {
			t.Error("the removed order is still stored")
		}
		_, list = e.send(t, "GET", "/api/optimizations", u.IDToken, nil)
		if list["total"] != 0.0 {
			t.Errorf("list after remove: %v", list)
		}
		token, _, paid := basicReport(t, e)
		if code, _ := e.send(t, "DELETE", "/api/optimizations/"+paid, token, nil); code != 409 {
			t.Errorf("remove of a paid order: %d; want 409", code)
		}
	})
}

// A listing site that blocks us at checkout: the order is refused with the
// reason and the offer, unless the host chose to go on with what they
// typed; then the order records the choice and, the site still blocking,
// the report is made from the typed title and description and says what
// it leaves out.
func TestBlockedListingContinuesWithTypedDetails(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u := e.signUp(t)
		blocked := "https://www.airbnb.com/rooms/403"
		body := checkoutBody("basic", blocked)
		code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, body)
		if msg, _ := out["error"].(string); code != 422 || !strings.Contains(msg, "blocked") || !strings.HasSuffix(msg, MsgOfferTyped) {
			t.Fatalf("blocked read without the choice: %d %v", code, out)
		}
		if p, _ := e.store.ListOptimizations(context.Background(), u.UID, 1, nil); p.Total != 0 {
			t.Fatalf("a refused order was recorded: %d", p.Total)
		}
		empty := checkoutBody("basic", blocked)
		form := empty["form_data"].(map[string]any)
		form["useTypedDetails"], form["title"], form["description"] = true, " ", ""
		if code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, empty); code != 400 || out["error"] != orders.MsgTypedNeeded {
			t.Errorf("the choice with nothing typed: %d %v", code, out)
		}
		body["form_data"].(map[string]any)["useTypedDetails"] = true
		code, out = e.send(t, "POST", "/api/create-checkout-session", u.IDToken, body)
		id, _ := out["optimization_id"].(string)
		sid, _ := out["session_id"].(string)
		if code != 200 || !e.get(t, id).TypedDetails {
			t.Fatalf("with the choice: %d %v", code, out)
		}
		pay(t, e, u, id, sid)
		e.drain(t)
		o := e.get(t, id)
		if o.Status != domain.StatusCompleted {
			t.Fatalf("typed order: %s %q", o.Status, o.FailureReason)
		}
		var r struct {
			Title      string   `json:"original_title"`
			Warnings   []string `json:"warnings"`
			PhotoAudit struct {
				NotAssessed bool `json:"not_assessed"`
			} `json:"photo_audit"`
		}
		if err := json.Unmarshal(o.Results, &r); err != nil {
			t.Fatal(err)
		}
		if r.Title != "Loft" || !r.PhotoAudit.NotAssessed || len(r.Warnings) == 0 || !strings.Contains(strings.Join(r.Warnings, " "), "uses the title and description you typed") {
			t.Errorf("typed report: title %q photos not assessed %v warnings %q", r.Title, r.PhotoAudit.NotAssessed, r.Warnings)
		}
	})
}
