package httpapi

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/reportmail"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// With payments off an order is marked paid and a failed one's refund is
// recorded without any provider call: nothing was charged. The failure
// screen's answer and the e-mail say that, never "$4.99 was refunded".
func TestFailedOrderWithPaymentsOffSaysNothingWasCharged(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		box := &mailbox{}
		e := newPaidEnv(t, records, paidOptions{maxAttempts: 1, mailer: box})
		u := e.signUp(t)
		code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, checkoutBody("basic", fixtureListing))
		if code != 200 {
			t.Fatalf("create-checkout-session: %d %v", code, out)
		}
		id := out["optimization_id"].(string)
		e.reporter.failures.Store(-1)
		e.reporter.failWith = &domain.Error{Code: domain.CodeUnavailable, Message: "The listing site did not answer."}
		if code, out := e.send(t, "POST", "/api/optimize", u.IDToken, map[string]any{"url": fixtureListing, "email": u.Email, "optimization_id": id}); code == 200 {
			t.Fatalf("optimize with a failing report: %d %v", code, out)
		}
		e.drain(t)
		if o := e.get(t, id); o.Refund == nil || o.PaidAt == nil {
			t.Fatalf("order %s paid %v refund %+v; want it marked paid and its refund recorded", o.Status, o.PaidAt, o.Refund)
		}
		code, out = e.send(t, "GET", "/api/get-optimization-result/"+id, u.IDToken, nil)
		refund, _ := out["refund"].(map[string]any)
		if code != 200 || out["success"] != false || out["nothing_charged"] != true || refund == nil || refund["nothing_charged"] != true {
			t.Errorf("failure screen's answer: %d %v; want nothing_charged on the order and its refund", code, out)
		}
		box.mu.Lock()
		defer box.mu.Unlock()
		if len(box.sent) != 1 {
			t.Fatalf("mails %d, want the one failure mail", len(box.sent))
		}
		m := box.sent[0]
		if !strings.Contains(m.Text, reportmail.NothingCharged) || strings.Contains(m.Subject+m.Text+m.HTML, "$4.99") || strings.Contains(m.Subject+m.Text, "refunded on") {
			t.Errorf("mail %q:\n%s", m.Subject, m.Text)
		}
	})
}

// Paid through Stripe, the same failure is a real refund and says so.
func TestFailedPaidOrderSaysItWasRefunded(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), maxAttempts: 1})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "basic")
		pay(t, e, u, id, sid)
		e.reporter.failures.Store(-1)
		e.reporter.failWith = &domain.Error{Code: domain.CodeUnavailable, Message: "The listing site did not answer."}
		e.drain(t)
		code, out := e.send(t, "GET", "/api/get-optimization-result/"+id, u.IDToken, nil)
		refund, _ := out["refund"].(map[string]any)
		if code != 200 || out["status"] != "refunded" || out["paid"] != true || out["nothing_charged"] != nil || refund == nil || refund["nothing_charged"] != nil {
			t.Errorf("failure screen's answer: %d %v", code, out)
		}
	})
}
