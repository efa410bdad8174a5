package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/payments/paymentstest"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

// TestOrdersCommand: support looks at a paid order that failed, sends it
// again (reopened, under a new job name the running server's queue takes),
// and refunds it through Stripe (stripe-mock); an unpaid order has nothing
// to retry or refund.
func TestOrdersCommand(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "ll.db")
	mock := paymentstest.MockURL(t)
	getenv := env(map[string]string{"SQLITE_PATH": db, "STRIPE_SECRET_KEY": paymentstest.SecretKey,
		"STRIPE_WEBHOOK_SECRET": paymentstest.WebhookSecret, "STRIPE_API_URL": mock, "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"})

	st, err := sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.UpsertCustomer(ctx, domain.Login{UID: "host-1", Email: "host@example.com", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	add := func() *domain.Optimization {
		o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: "host-1", CustomerEmail: "host@example.com",
			ListingURL: "https://www.airbnb.com/rooms/1", PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending, CreatedAt: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	stripe, err := payments.NewStripe(payments.StripeOptions{SecretKey: paymentstest.SecretKey, WebhookSecret: paymentstest.WebhookSecret, APIURL: mock})
	if err != nil {
		t.Fatal(err)
	}
	o := add()
	cs, err := stripe.CreateCheckout(ctx, payments.CheckoutRequest{Order: payments.Order{OptimizationID: o.ID, CustomerUID: "host-1", Plan: domain.PlanBasic, ListingURL: o.ListingURL},
		SuccessURL: "http://localhost:8080/payment-success?session_id={CHECKOUT_SESSION_ID}", CancelURL: "http://localhost:8080/payment-cancel"})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetCheckoutSession(ctx, o.ID, cs.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.MarkPaid(ctx, o.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Fail(ctx, o.ID, "We could not prepare your report. The listing site did not answer.", time.Now()); err != nil {
		t.Fatal(err)
	}
	unpaid := add()
	st.Close()

	out, _, err := runCLI(t, getenv, "orders", "show", o.ID)
	var shown map[string]any
	if err != nil || json.Unmarshal([]byte(out), &shown) != nil || shown["status"] != "failed" || shown["stripeSessionId"] != cs.ID {
		t.Fatalf("show: %v\n%s", err, out)
	}

	out, _, err = runCLI(t, getenv, "orders", "retry", o.ID)
	if err != nil || !strings.Contains(out, "queued "+jobs.RequeueName(o.ID, 1)) {
		t.Fatalf("retry: %v\n%s", err, out)
	}
	st, err = sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := st.GetOptimization(ctx, o.ID)
	js, jerr := st.JobState(ctx, jobs.RequeueName(o.ID, 1))
	st.Close()
	if got.Status != domain.StatusProcessing || got.FailureReason != "" || got.Requeues != 1 || jerr != nil || js == nil {
		t.Errorf("after retry: %s %q requeues %d, job %+v %v", got.Status, got.FailureReason, got.Requeues, js, jerr)
	}

	out, _, err = runCLI(t, getenv, "orders", "refund", o.ID)
	if err != nil || !strings.HasPrefix(out, "refund re_") {
		t.Fatalf("refund: %v\n%s", err, out)
	}

	for _, verb := range []string{"retry", "refund"} {
		if _, _, err := runCLI(t, getenv, "orders", verb, unpaid.ID); err == nil || !strings.Contains(err.Error(), "never paid") {
			t.Errorf("%s of an unpaid order: %v", verb, err)
		}
	}
	if _, _, err := runCLI(t, getenv, "orders", "show", "no/such"); err == nil {
		t.Error("a malformed id was accepted")
	}
	if _, _, err := runCLI(t, getenv, "orders", "cancel", o.ID); err == nil {
		t.Error("an unknown verb was accepted")
	}
}

// Support ends a report's share link for a host who asks: show says until
// when it is shared, unshare ends it once.
func TestOrdersUnshare(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "ll.db")
	getenv := env(map[string]string{"SQLITE_PATH": db, "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"})
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	if _, err := st.UpsertCustomer(ctx, domain.Login{UID: "host-1", Email: "host@example.com", At: now}); err != nil {
		t.Fatal(err)
	}
	o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: "host-1", CustomerEmail: "host@example.com",
		ListingURL: "https://www.airbnb.com/rooms/1", PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending, CreatedAt: now})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.MarkPaid(ctx, o.ID, now); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Complete(ctx, o.ID, []byte(`{"overall_score":60}`), now, false); err != nil {
		t.Fatal(err)
	}
	until := now.Add(30 * 24 * time.Hour)
	if ok, err := st.Apply(ctx, o.ID, store.Shared(domain.Share{ID: "AAAAAAAAAAAAAAAAAAAAAA", CreatedAt: now, ExpiresAt: until})); err != nil || !ok {
		t.Fatalf("share: %v %v", ok, err)
	}
	st.Close()

	out, _, err := runCLI(t, getenv, "orders", "show", o.ID)
	if err != nil || !strings.Contains(out, `"sharedUntil": "`+until.Format(time.RFC3339)) {
		t.Fatalf("show of a shared report: %v\n%s", err, out)
	}
	if out, _, err := runCLI(t, getenv, "orders", "unshare", o.ID); err != nil || !strings.HasPrefix(out, "stopped sharing "+o.ID) {
		t.Fatalf("unshare: %v\n%s", err, out)
	}
	if out, _, err := runCLI(t, getenv, "orders", "unshare", o.ID); err != nil || out != o.ID+" was not shared\n" {
		t.Fatalf("unshare again: %v\n%s", err, out)
	}
	st, err = sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if got, _ := st.GetOptimization(ctx, o.ID); got.Share != nil {
		t.Errorf("after unshare the report is still shared: %+v", got.Share)
	}
}

// Without a Stripe key there is nothing to refund through: the command says
// payments are off and why, rather than recording a refund.
func TestOrdersRefundPaymentsOff(t *testing.T) {
	db := filepath.Join(t.TempDir(), "ll.db")
	getenv := env(map[string]string{"SQLITE_PATH": db, "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"})
	_, _, err := runCLI(t, getenv, "orders", "refund", "abc123")
	if err == nil || !strings.Contains(err.Error(), "payments are off (STRIPE_SECRET_KEY unset): nothing to refund") {
		t.Errorf("refund with payments off: %v; want the refusal naming STRIPE_SECRET_KEY", err)
	}
}
