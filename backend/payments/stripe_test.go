package payments_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/payments/paymentstest"
)

func newStripe(t *testing.T, prices map[domain.Plan]string) *payments.Stripe {
	t.Helper()
	s, err := payments.NewStripe(payments.StripeOptions{SecretKey: paymentstest.SecretKey,
		WebhookSecret: paymentstest.WebhookSecret, APIURL: paymentstest.MockURL(t), PriceIDs: prices})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPriceTable(t *testing.T) {
	for plan, want := range map[domain.Plan]float64{domain.PlanBasic: 4.99, domain.PlanPremium: 19.99} {
		p, err := payments.PriceOf(plan)
		if err != nil || p.Dollars() != want || p.Name == "" {
			t.Errorf("%s: %+v %v, want $%v", plan, p, err, want)
		}
	}
	if _, err := payments.PriceOf("gold"); domain.ErrorCode(err) != domain.CodeInvalid {
		t.Errorf("unknown plan: %v", err)
	}
}

// Against stripe-mock, which validates every request against Stripe's
// OpenAPI description: a parameter we get wrong fails here.
func TestCreateAndGetCheckoutSession(t *testing.T) {
	cases := []struct {
		name   string
		prices map[domain.Plan]string
		order  payments.Order
	}{
		{"basic with price data", nil, payments.Order{OptimizationID: "opt1", CustomerUID: "u1", CustomerEmail: "host@example.com", Plan: domain.PlanBasic, ListingURL: "https://www.airbnb.com/rooms/1"}},
		{"premium with a price id", map[domain.Plan]string{domain.PlanPremium: "price_premium"}, payments.Order{OptimizationID: "opt2", CustomerUID: "u1", Plan: domain.PlanPremium, ListingURL: "https://www.airbnb.com/rooms/2"}},
		{"order not recorded", nil, payments.Order{CustomerUID: "u1", Plan: domain.PlanBasic, ListingURL: "https://www.airbnb.com/rooms/3"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newStripe(t, tc.prices)
			cs, err := s.CreateCheckout(context.Background(), payments.CheckoutRequest{Order: tc.order,
				SuccessURL: "http://localhost:8080/payment-success?session_id={CHECKOUT_SESSION_ID}", CancelURL: "http://localhost:8080/payment-cancel"})
			if err != nil {
				t.Fatalf("CreateCheckout: %v", err)
			}
			if !strings.HasPrefix(cs.ID, "cs_") || !strings.HasPrefix(cs.URL, "https://") {
				t.Errorf("session %+v", cs)
			}
			if cs.ClientReferenceID != tc.order.OptimizationID {
				t.Errorf("client_reference_id %q, want %q", cs.ClientReferenceID, tc.order.OptimizationID)
			}
			got, err := s.GetSession(context.Background(), cs.ID)
			if err != nil || got.ID != cs.ID {
				t.Fatalf("GetSession: %+v %v", got, err)
			}
		})
	}
	if _, err := newStripe(t, nil).CreateCheckout(context.Background(), payments.CheckoutRequest{Order: payments.Order{Plan: "gold"}}); domain.ErrorCode(err) != domain.CodeInvalid {
		t.Errorf("unknown plan: %v", err)
	}
}

func TestProviderDownIsUnavailable(t *testing.T) {
	s, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_x", WebhookSecret: "whsec_x", APIURL: "http://127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.CreateCheckout(context.Background(), payments.CheckoutRequest{Order: payments.Order{OptimizationID: "o", Plan: domain.PlanBasic}, SuccessURL: "http://x/s", CancelURL: "http://x/c"})
	if domain.ErrorCode(err) != domain.CodeUnavailable || !strings.Contains(domain.ErrorMessage(err), "not been charged") {
		t.Errorf("err %v", err)
	}
}

func TestParseWebhook(t *testing.T) {
	s, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_x", WebhookSecret: paymentstest.WebhookSecret})
	if err != nil {
		t.Fatal(err)
	}
	meta := payments.Order{OptimizationID: "opt1", CustomerUID: "u1", Plan: domain.PlanPremium, ListingURL: "https://www.airbnb.com/rooms/1"}.Metadata()
	paid := paymentstest.Event("evt_1", payments.EventCheckoutCompleted, paymentstest.PaidSession("cs_1", "opt1", meta), "")
	now := time.Now()
	cases := []struct {
		name      string
		payload   []byte
		header    string
		wantErr   bool
		wantType  string
		wantOrder payments.Order
	}{
		{"valid", paid, paymentstest.Sign(paid, paymentstest.WebhookSecret, now), false, payments.EventCheckoutCompleted,
			payments.Order{OptimizationID: "opt1", CustomerUID: "u1", Plan: domain.PlanPremium, ListingURL: "https://www.airbnb.com/rooms/1"}},
		{"other API version", paymentstest.Event("evt_2", payments.EventCheckoutCompleted, paymentstest.PaidSession("cs_1", "opt1", nil), "2024-06-20"),
			"", false, payments.EventCheckoutCompleted, payments.Order{OptimizationID: "opt1"}},
		{"unknown event type", paymentstest.Event("evt_3", "customer.created", map[string]string{"id": "cus_1", "object": "customer"}, ""), "", false, "customer.created", payments.Order{}},
		{"wrong secret", paid, paymentstest.Sign(paid, "whsec_other", now), true, "", payments.Order{}},
		{"stale signature", paid, paymentstest.Sign(paid, paymentstest.WebhookSecret, now.Add(-10*time.Minute)), true, "", payments.Order{}},
		// Stripe's tolerance is for the past: a signature dated ahead is refused too.
		{"signed an hour ahead", paid, paymentstest.Sign(paid, paymentstest.WebhookSecret, now.Add(time.Hour)), true, "", payments.Order{}},
		{"signed six minutes ahead", paid, paymentstest.Sign(paid, paymentstest.WebhookSecret, now.Add(6*time.Minute)), true, "", payments.Order{}},
		{"a clock a minute ahead", paid, paymentstest.Sign(paid, paymentstest.WebhookSecret, now.Add(time.Minute)), false, payments.EventCheckoutCompleted,
			payments.Order{OptimizationID: "opt1", CustomerUID: "u1", Plan: domain.PlanPremium, ListingURL: "https://www.airbnb.com/rooms/1"}},
		// The SDK verifies the last t=; a first one dated now must not
		// front for a signature dated an hour ahead (nor a second copy
		// of the same time pass either: one header names one time).
		{"a second t= dated ahead", paid, fmt.Sprintf("t=%d,", now.Unix()) + paymentstest.Sign(paid, paymentstest.WebhookSecret, now.Add(time.Hour)), true, "", payments.Order{}},
		{"the same t= twice", paid, fmt.Sprintf("t=%d,", now.Unix()) + paymentstest.Sign(paid, paymentstest.WebhookSecret, now), true, "", payments.Order{}},
		{"a malformed t=", paid, "t=soon,v1=00", true, "", payments.Order{}},
		{"tampered body", []byte(strings.Replace(string(paid), "opt1", "opt9", 1)), paymentstest.Sign(paid, paymentstest.WebhookSecret, now), true, "", payments.Order{}},
		{"no header", paid, "", true, "", payments.Order{}},
		{"not JSON", []byte("hello"), paymentstest.Sign([]byte("hello"), paymentstest.WebhookSecret, now), true, "", payments.Order{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			header := tc.header
			if header == "" && !tc.wantErr {
				header = paymentstest.Sign(tc.payload, paymentstest.WebhookSecret, now)
			}
			ev, err := s.ParseWebhook(tc.payload, header)
			if tc.wantErr {
				if domain.ErrorCode(err) != domain.CodeInvalid {
					t.Fatalf("err %v, want invalid", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if ev.Type != tc.wantType {
				t.Errorf("type %q", ev.Type)
			}
			if tc.wantOrder != (payments.Order{}) {
				if ev.Session == nil || !ev.Session.Paid() || ev.Session.Order() != tc.wantOrder {
					t.Errorf("session %+v, order %+v", ev.Session, ev.Session.Order())
				}
			} else if ev.Session != nil {
				t.Errorf("non-session event has a session: %+v", ev.Session)
			}
		})
	}
}

func TestSessionPaid(t *testing.T) {
	for status, want := range map[string]bool{"paid": true, "no_payment_required": true, "unpaid": false, "": false} {
		if got := (&payments.Session{PaymentStatus: status}).Paid(); got != want {
			t.Errorf("%q: %v", status, got)
		}
	}
}

// TestRefund: a paid session's payment is refunded through Stripe's API
// (stripe-mock speaks it), with the idempotency key the caller gives.
func TestRefund(t *testing.T) {
	s := newStripe(t, nil)
	cs, err := s.CreateCheckout(context.Background(), payments.CheckoutRequest{
		Order:      payments.Order{OptimizationID: "opt-refund", CustomerUID: "u1", Plan: domain.PlanBasic, ListingURL: "https://www.airbnb.com/rooms/1"},
		SuccessURL: "http://localhost:8080/payment-success?session_id={CHECKOUT_SESSION_ID}", CancelURL: "http://localhost:8080/payment-cancel"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Refund(context.Background(), cs.ID, "refund-opt-refund")
	if err != nil {
		t.Fatalf("Refund: %v", err)
	}
	if !strings.HasPrefix(r.ID, "re_") || r.Status == "" {
		t.Errorf("refund %+v", r)
	}
}
