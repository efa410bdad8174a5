package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

func wantCode(t *testing.T, what string, err error, code domain.Code) {
	t.Helper()
	if got := domain.ErrorCode(err); got != code {
		t.Errorf("%s: error %v (code %q), want code %q", what, err, got, code)
	}
}

// One Checkout Session pays for one optimization, whichever way it is
// recorded.
func testCheckoutSession(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	a, b := add(t, s, pending(uid, t0)), add(t, s, pending(uid, t0.Add(time.Second)))
	sid := newSessionID()
	if err := s.SetCheckoutSession(ctx, a.ID, sid); err != nil {
		t.Fatalf("SetCheckoutSession: %v", err)
	}
	if err := s.SetCheckoutSession(ctx, a.ID, sid); err != nil {
		t.Errorf("setting the same session again: %v", err)
	}
	got, err := s.FindOptimizationBySession(ctx, sid)
	if err != nil || got.ID != a.ID || got.StripeSessionID != sid {
		t.Fatalf("FindOptimizationBySession after SetCheckoutSession: %+v %v", got, err)
	}
	wantCode(t, "the same session for another optimization", s.SetCheckoutSession(ctx, b.ID, sid), domain.CodeConflict)
	dup := pending(uid, t0.Add(2*time.Second))
	dup.StripeSessionID = sid
	_, err = s.AddOptimization(ctx, dup)
	wantCode(t, "adding a second optimization with a recorded session", err, domain.CodeConflict)
	if err := s.SetCheckoutSession(ctx, "no-such-optimization", newSessionID()); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown optimization: %v, want ErrNotFound", err)
	}
	if got, _ := s.FindOptimizationBySession(ctx, sid); got == nil || got.ID != a.ID {
		t.Errorf("the session moved to %+v", got)
	}
}

func testAppendCustomerOptimization(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	for _, id := range []string{"opt-1", "opt-2", "opt-1"} {
		if err := s.AppendCustomerOptimization(ctx, uid, id); err != nil {
			t.Fatalf("AppendCustomerOptimization(%s): %v", id, err)
		}
	}
	c, err := s.GetCustomer(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.OptimizationIDs) != 2 || c.OptimizationIDs[0] != "opt-1" || c.OptimizationIDs[1] != "opt-2" {
		t.Errorf("optimizationIds = %v, want [opt-1 opt-2] (appended in order, once each)", c.OptimizationIDs)
	}
	if c.TotalOptimizations != 0 {
		t.Errorf("appending an id must not count a purchase: total %d", c.TotalOptimizations)
	}
	if err := s.AppendCustomerOptimization(ctx, newUID(t), "opt-1"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown customer: %v, want ErrNotFound", err)
	}
}

// However many deliveries race, a payment is recorded and counted once.
func testMarkPaidExactlyOnce(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	o := add(t, s, pending(uid, t0))
	paidAt := t0.Add(time.Minute)

	const n = 10
	var wg sync.WaitGroup
	firsts := make(chan bool, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			first, err := s.MarkPaid(ctx, o.ID, paidAt)
			if err != nil {
				t.Errorf("MarkPaid: %v", err)
			}
			firsts <- first
		}()
	}
	wg.Wait()
	close(firsts)
	count := 0
	for f := range firsts {
		if f {
			count++
		}
	}
	if count != 1 {
		t.Fatalf("%d of %d concurrent MarkPaid calls reported the first payment, want exactly 1", count, n)
	}
	got, err := s.GetOptimization(ctx, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.PaidAt == nil || !got.PaidAt.Equal(paidAt) || got.Status != domain.StatusProcessing || got.Stage != "paid" {
		t.Errorf("after payment: paidAt %v status %q stage %q, want %v processing paid", got.PaidAt, got.Status, got.Stage, paidAt)
	}
	c, _ := s.GetCustomer(ctx, uid)
	if c.TotalOptimizations != 1 {
		t.Errorf("totalOptimizations = %d, want 1", c.TotalOptimizations)
	}
	if first, err := s.MarkPaid(ctx, o.ID, paidAt.Add(time.Hour)); first || err != nil {
		t.Errorf("a later delivery: first=%v err=%v", first, err)
	}
	if _, err := s.MarkPaid(ctx, "no-such-optimization", paidAt); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown optimization: %v, want ErrNotFound", err)
	}
}

func testRecordEvent(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	id := "evt_" + domain.NewID()
	for i, want := range []bool{true, false, false} {
		first, err := s.RecordEvent(ctx, id, t0)
		if err != nil || first != want {
			t.Errorf("delivery %d: first=%v err=%v, want %v", i+1, first, err, want)
		}
	}
}

// purchasesSuite is the Purchases contract: an order bought:
// recorded, sent to checkout, paid once, or let go unpaid.
func purchasesSuite() suite {
	return suite{"Purchases", []contractCase{
		{"AddOptimizationRoundTrip", testAddRoundTrip},
		{"AddOptimizationUnknownCustomer", testAddUnknownCustomer},
		{"AddOptimizationInvalidResults", testAddInvalidResults},
		{"AddRefusesWhatFirestoreRefuses", testAddRefusesWhatFirestoreRefuses},
		{"CheckoutSessionBelongsToOneOptimization", testCheckoutSession},
		{"MarkPaidExactlyOnce", testMarkPaidExactlyOnce},
		{"RecordEvent", testRecordEvent},
		{"RecordEventAfterExpiry", testRecordEventAfterExpiry},
		{"FailUnpaid", testFailUnpaid},
		{"AbandonRacesPayment", testAbandonRacesPayment},
		{"PaymentAfterAbandonReopens", testPaymentAfterAbandonReopens},
		{"DeleteUnpaid", testDeleteUnpaid},
	}}
}
