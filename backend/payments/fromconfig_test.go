package payments

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/config"
)

// FromConfig decides payments on or off for both binaries: no provider
// (a nil interface, which orders.Service.PaymentsOn reads as off) without a
// key, Stripe with one, and a refusal naming the variable when Stripe
// cannot be built.
func TestFromConfig(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cfg     config.Config
		wantOn  bool
		wantErr string
	}{
		{"no key: payments off", config.Config{}, false, ""},
		{"key and webhook secret: Stripe", config.Config{StripeSecretKey: "sk_test_1", StripeWebhookSecret: "whsec_1"}, true, ""},
		{"key without a webhook secret", config.Config{StripeSecretKey: "sk_test_1"}, false, "STRIPE_SECRET_KEY"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := FromConfig(tc.cfg, nil)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("FromConfig = %v, %v; want an error naming %s", p, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if on := p != nil; on != tc.wantOn {
				t.Errorf("provider %v (%T): payments on = %v; want %v", p, p, on, tc.wantOn)
			}
		})
	}
}
