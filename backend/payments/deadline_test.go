package payments_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/payments/paymentstest"
)

// A Stripe that stops answering costs each call at most its CallTimeout,
// tries and the SDK's retries included, and the call says the provider is
// unavailable; the held request is dropped. Against stripe-mock behind a
// proxy that holds every request while told to.
func TestStripeCallsGiveUpAtTheirDeadline(t *testing.T) {
	mock, err := url.Parse(paymentstest.MockURL(t))
	if err != nil {
		t.Fatal(err)
	}
	var slow atomic.Bool
	var held, dropped atomic.Int64
	rp := httputil.NewSingleHostReverseProxy(mock)
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if slow.Load() {
			held.Add(1)
			// Read first: the server notices a caller hanging up only once
			// the request's body has been read.
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			select {
			case <-r.Context().Done():
				dropped.Add(1)
				return
			case <-time.After(30 * time.Second):
			}
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(proxy.Close)

	const bound = 700 * time.Millisecond
	s, err := payments.NewStripe(payments.StripeOptions{SecretKey: paymentstest.SecretKey,
		WebhookSecret: paymentstest.WebhookSecret, APIURL: proxy.URL, CallTimeout: bound})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background() // no deadline of the caller's own
	cs, err := s.CreateCheckout(ctx, payments.CheckoutRequest{Order: payments.Order{OptimizationID: "opt1", CustomerUID: "u1",
		Plan: domain.PlanBasic, ListingURL: "https://www.airbnb.com/rooms/1"},
		SuccessURL: "http://localhost:8080/payment-success?session_id={CHECKOUT_SESSION_ID}", CancelURL: "http://localhost:8080/"})
	if err != nil {
		t.Fatalf("CreateCheckout while Stripe answers: %v", err)
	}

	slow.Store(true)
	for name, call := range map[string]func() error{
		"GetSession":    func() error { _, err := s.GetSession(ctx, cs.ID); return err },
		"ExpireSession": func() error { return s.ExpireSession(ctx, cs.ID) },
		"Refund":        func() error { _, err := s.Refund(ctx, cs.ID, "refund-opt1"); return err },
		"CreateCheckout": func() error {
			_, err := s.CreateCheckout(ctx, payments.CheckoutRequest{Order: payments.Order{OptimizationID: "opt2", CustomerUID: "u1",
				Plan: domain.PlanBasic, ListingURL: "https://www.airbnb.com/rooms/2"}, SuccessURL: "http://localhost:8080/s", CancelURL: "http://localhost:8080/"})
			return err
		},
	} {
		before := dropped.Load()
		start := time.Now()
		err := call()
		took := time.Since(start)
		if domain.ErrorCode(err) != domain.CodeUnavailable {
			t.Errorf("%s with Stripe stuck: %v, want unavailable", name, err)
		}
		if took > bound+time.Second {
			t.Errorf("%s took %v with Stripe stuck, want at most its deadline %v", name, took, bound)
		}
		for i := 0; i < 100 && dropped.Load() == before; i++ {
			time.Sleep(20 * time.Millisecond)
		}
		if dropped.Load() == before {
			t.Errorf("%s: the stuck request was not dropped", name)
		}
	}
}

// The default deadline fits a request answered through Firebase Hosting
// (60 s): two provider calls in a row still leave half a minute for the
// rest of the request's work, and each try is short enough that a retry
// fits in a call.
func TestStripeDeadlinesFitHosting(t *testing.T) {
	const hosting = 60 * time.Second
	if 2*payments.CallTimeout+30*time.Second > hosting || payments.AttemptTimeout >= payments.CallTimeout {
		t.Errorf("CallTimeout %v (twice must leave room in Hosting's %v), AttemptTimeout %v (must leave a retry)",
			payments.CallTimeout, hosting, payments.AttemptTimeout)
	}
}
