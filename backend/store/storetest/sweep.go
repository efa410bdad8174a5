package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// mine keeps the optimizations of one customer: the stuck-order query is
// global, and other cases share the backend.
func mine(os []domain.Optimization, uid string) map[string]domain.Optimization {
	out := map[string]domain.Optimization{}
	for _, o := range os {
		if o.CustomerUID == uid {
			out[o.ID] = o
		}
	}
	return out
}

func testStuckOrders(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	paidAt := func(d time.Duration) *domain.Optimization {
		o := add(t, s, pending(uid, t0))
		if _, err := s.MarkPaid(ctx, o.ID, t0.Add(d)); err != nil {
			t.Fatal(err)
		}
		return o
	}
	old, recent := paidAt(0), paidAt(time.Hour)
	done := paidAt(0)
	if _, err := s.Complete(ctx, done.ID, []byte(`{}`), t0, false); err != nil {
		t.Fatal(err)
	}
	unpaid := add(t, s, pending(uid, t0))
	requeued := paidAt(0)
	if ok, err := s.ClaimRequeue(ctx, requeued.ID, 0, t0.Add(50*time.Minute)); err != nil || !ok {
		t.Fatalf("ClaimRequeue = %v, %v", ok, err)
	}

	got, err := s.StuckOrders(ctx, t0.Add(30*time.Minute), t0.Add(30*time.Minute), 1000)
	if err != nil {
		t.Fatal(err)
	}
	m := mine(got, uid)
	if _, ok := m[old.ID]; !ok || len(m) != 1 {
		t.Errorf("stuck = %v; want only the order paid long ago (not the recent, finished, unpaid or just re-queued ones %s %s %s %s)",
			keys(m), recent.ID, done.ID, unpaid.ID, requeued.ID)
	}
	// Later, the re-queued order is stuck again too.
	got, err = s.StuckOrders(ctx, t0.Add(30*time.Minute), t0.Add(2*time.Hour), 1000)
	if err != nil {
		t.Fatal(err)
	}
	if m := mine(got, uid); len(m) != 2 || m[requeued.ID].Requeues != 1 || m[requeued.ID].RequeuedAt == nil {
		t.Errorf("stuck later = %v; want the old and the re-queued order (with its count)", m)
	}
}

func keys(m map[string]domain.Optimization) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func testClaimRequeue(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	if ok, err := s.ClaimRequeue(ctx, o.ID, 0, t0); err != nil || !ok {
		t.Fatalf("first claim = %v, %v", ok, err)
	}
	if ok, err := s.ClaimRequeue(ctx, o.ID, 0, t0); err != nil || ok {
		t.Errorf("a claim from a stale read = %v, %v; want false", ok, err)
	}
	if ok, err := s.ClaimRequeue(ctx, o.ID, 1, t0); err != nil || !ok {
		t.Errorf("second claim = %v, %v", ok, err)
	}
	if got := get(t, s, o.ID); got.Requeues != 2 || got.RequeuedAt == nil || got.Status != domain.StatusProcessing {
		t.Errorf("after two claims: requeues %d at %v status %s", got.Requeues, got.RequeuedAt, got.Status)
	}
	if _, err := s.Complete(ctx, o.ID, []byte(`{}`), t0, false); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.ClaimRequeue(ctx, o.ID, 2, t0); err != nil || ok {
		t.Errorf("claim on a finished order = %v, %v; want false", ok, err)
	}
	unpaid := add(t, s, pending(newCustomer(t, s), t0))
	if ok, err := s.ClaimRequeue(ctx, unpaid.ID, 0, t0); err != nil || ok {
		t.Errorf("claim on an unpaid order = %v, %v; want false", ok, err)
	}
	if _, err := s.ClaimRequeue(ctx, "no-such-optimization", 0, t0); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
}

func testConcurrentClaimRequeue(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	wins := race(t, 8, func(int) (bool, error) { return s.ClaimRequeue(ctx, o.ID, 0, t0) })
	if len(wins) != 1 {
		t.Errorf("%d of 8 concurrent sweepers claimed the same stuck order, want 1", len(wins))
	}
}

// testCustomerOptimizationIDsCapped: the list keeps the newest ids only.
func testCustomerOptimizationIDsCapped(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	n := store.MaxCustomerOptimizationIDs + 5
	for i := range n {
		if err := s.AppendCustomerOptimization(ctx, uid, fmt.Sprintf("opt-%03d", i)); err != nil {
			t.Fatal(err)
		}
	}
	c, err := s.GetCustomer(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	ids := c.OptimizationIDs
	if len(ids) != store.MaxCustomerOptimizationIDs || ids[0] != "opt-005" || ids[len(ids)-1] != fmt.Sprintf("opt-%03d", n-1) {
		t.Errorf("after %d appends: %d ids from %v to %v; want the newest %d in order", n, len(ids), ids[0], ids[len(ids)-1], store.MaxCustomerOptimizationIDs)
	}
}

// testRecordEventAfterExpiry: an event id is remembered for
// EventRetention; after that it may be recorded again (it has expired).
func testRecordEventAfterExpiry(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	id := "evt_" + domain.NewID()
	if ok, err := s.RecordEvent(ctx, id, t0); err != nil || !ok {
		t.Fatalf("first record = %v, %v", ok, err)
	}
	if ok, err := s.RecordEvent(ctx, id, t0.Add(store.EventRetention-time.Hour)); err != nil || ok {
		t.Errorf("a redelivery within the retention = %v, %v; want already recorded", ok, err)
	}
}

func testReopenPaid(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	if ok, err := s.ReopenPaid(ctx, o.ID); err != nil || ok {
		t.Errorf("reopening a processing order = %v, %v; want false", ok, err)
	}
	if _, err := s.Fail(ctx, o.ID, "The listing site did not answer.", t0); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.ReopenPaid(ctx, o.ID); err != nil || !ok {
		t.Fatalf("reopening a paid failed order = %v, %v", ok, err)
	}
	got := get(t, s, o.ID)
	if got.Status != domain.StatusProcessing || got.Stage != domain.StageQueued || got.FailureReason != "" || got.CompletedAt != nil || got.PaidAt == nil {
		t.Errorf("reopened: %s %s %q %v", got.Status, got.Stage, got.FailureReason, got.CompletedAt)
	}
	unpaid := add(t, s, pending(newCustomer(t, s), t0))
	if _, err := s.FailUnpaid(ctx, unpaid.ID, "Checkout expired.", t0); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.ReopenPaid(ctx, unpaid.ID); err != nil || ok {
		t.Errorf("reopening an unpaid failed order = %v, %v; want false", ok, err)
	}
	if _, err := s.ReopenPaid(ctx, "no-such-optimization"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
}
