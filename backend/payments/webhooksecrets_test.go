package payments_test

import (
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/payments/paymentstest"
)

// During a rotation STRIPE_WEBHOOK_SECRET holds the old and the new secret:
// an event signed with either is accepted, one signed with neither is not,
// and a stale signature stays refused whichever secret signed it.
func TestWebhookAcceptsEitherSecretDuringRotation(t *testing.T) {
	const old, next = "whsec_old_0123456789", "whsec_new_0123456789"
	paid := paymentstest.Event("evt_rot", payments.EventCheckoutCompleted, paymentstest.PaidSession("cs_1", "opt1", nil), "")
	now := time.Now()
	for _, configured := range []string{old + "," + next, old + " " + next, " " + next + ", " + old + " "} {
		s, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_x", WebhookSecret: configured})
		if err != nil {
			t.Fatal(err)
		}
		for _, secret := range []string{old, next} {
			if ev, err := s.ParseWebhook(paid, paymentstest.Sign(paid, secret, now)); err != nil || ev.ID != "evt_rot" {
				t.Errorf("configured %q, signed with %s: %v", configured, secret, err)
			}
		}
		if _, err := s.ParseWebhook(paid, paymentstest.Sign(paid, "whsec_neither", now)); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("configured %q, signed with another secret: err %v, want invalid", configured, err)
		}
		if _, err := s.ParseWebhook(paid, paymentstest.Sign(paid, next, now.Add(-10*time.Minute))); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("configured %q, stale signature by the new secret: err %v, want invalid", configured, err)
		}
	}
	// One secret, as most of the time.
	s, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_x", WebhookSecret: old})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ParseWebhook(paid, paymentstest.Sign(paid, next, now)); domain.ErrorCode(err) != domain.CodeInvalid {
		t.Errorf("one secret configured, signed with another: err %v, want invalid", err)
	}
}
