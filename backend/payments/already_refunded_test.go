package payments_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/payments"
)

// Stripe's answer to a refund of a charge already refunded from its
// dashboard (HTTP 400, error code charge_already_refunded; stripe-mock
// cannot give it, so a stand-in answers as Stripe does) is
// ErrAlreadyRefunded, which the refund job records instead of retrying;
// any other refusal stays a retryable "unavailable".
func TestRefundOfAChargeAlreadyRefunded(t *testing.T) {
	for _, tc := range []struct {
		code        string
		wantAlready bool
	}{{"charge_already_refunded", true}, {"rate_limit", false}} {
		t.Run(tc.code, func(t *testing.T) {
			api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				switch {
				case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/checkout/sessions/cs_test_1"):
					_, _ = w.Write([]byte(`{"id":"cs_test_1","object":"checkout.session","payment_intent":{"id":"pi_1","object":"payment_intent"}}`))
				case r.Method == http.MethodPost && r.URL.Path == "/v1/refunds":
					w.WriteHeader(http.StatusBadRequest)
					_, _ = w.Write([]byte(`{"error":{"type":"invalid_request_error","code":"` + tc.code + `","message":"Charge ch_1 has already been refunded."}}`))
				default:
					http.NotFound(w, r)
				}
			}))
			defer api.Close()
			s, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_x", WebhookSecret: "whsec_x", APIURL: api.URL})
			if err != nil {
				t.Fatal(err)
			}
			_, err = s.Refund(context.Background(), "cs_test_1", "refund-o1")
			if got := errors.Is(err, payments.ErrAlreadyRefunded); got != tc.wantAlready {
				t.Errorf("refund answered %v: already refunded %v, want %v", err, got, tc.wantAlready)
			}
			if !tc.wantAlready && domain.ErrorCode(err) != domain.CodeUnavailable {
				t.Errorf("another refusal: %v; want unavailable (retried)", err)
			}
		})
	}
}
