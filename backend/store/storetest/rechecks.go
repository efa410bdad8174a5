package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// completedPaid is a paid, completed report, paid at t0 + 1 minute.
func completedPaid(t *testing.T, s store.Aggregates) *domain.Optimization {
	t.Helper()
	o := paid(t, s)
	if _, err := s.Complete(context.Background(), o.ID, []byte(`{"plan":"basic"}`), t0.Add(2*time.Minute), false); err != nil {
		t.Fatal(err)
	}
	return get(t, s, o.ID)
}

// recheckOf is the re-check order of o: same host, listing and plan, free.
func recheckOf(o *domain.Optimization, at time.Time) domain.Optimization {
	r := pending(o.CustomerUID, at)
	r.PlanType, r.Amount, r.ListingURL = o.PlanType, 0, o.ListingURL
	return r
}

const (
	recheckLimit  = 3
	recheckWindow = 30 * 24 * time.Hour
)

// testRecheckCounted: a re-check is stored linked to its original, and
// counted there in the same write; the limit, the window, a re-check of a
// re-check, an unfinished order and a missing original are refused, with
// nothing stored.
func testRecheckCounted(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := completedPaid(t, s)
	day := func(n int) time.Time { return o.PaidAt.Add(time.Duration(n) * 24 * time.Hour) }
	var made []string
	for i := 1; i <= recheckLimit; i++ {
		r, err := s.AddRecheck(ctx, o.ID, store.RecheckAllowed(recheckLimit, recheckWindow, day(i)), recheckOf(o, day(i)))
		if err != nil || r == nil {
			t.Fatalf("re-check %d: %+v, %v; want it stored", i, r, err)
		}
		got := get(t, s, r.ID)
		if got.RecheckOf != o.ID || got.Amount != 0 || got.PlanType != o.PlanType || got.CustomerUID != o.CustomerUID || got.Rechecks != 0 {
			t.Errorf("re-check %d stored as %+v", i, got)
		}
		if n := get(t, s, o.ID).Rechecks; n != i {
			t.Errorf("after re-check %d the original counts %d", i, n)
		}
		made = append(made, r.ID)
	}
	total := func() int {
		p, err := s.ListOptimizations(ctx, o.CustomerUID, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		return p.Total
	}
	before := total()
	if before != 1+recheckLimit {
		t.Errorf("the host has %d orders, want the original and %d re-checks", before, recheckLimit)
	}
	fresh := completedPaid(t, s)
	notDone := paid(t, s)
	for _, tc := range []struct {
		name string
		id   string
		at   time.Time
	}{
		{"a fourth", o.ID, day(4)},
		{"day 31", fresh.ID, fresh.PaidAt.Add(recheckWindow + time.Second)},
		{"of a re-check", made[0], day(5)},
		{"of an unfinished order", notDone.ID, day(1)},
	} {
		r, err := s.AddRecheck(ctx, tc.id, store.RecheckAllowed(recheckLimit, recheckWindow, tc.at), recheckOf(o, tc.at))
		if err != nil || r != nil {
			t.Errorf("%s: %+v, %v; want refused (nil, nil)", tc.name, r, err)
		}
	}
	if after := total(); after != before {
		t.Errorf("refused re-checks stored orders: %d → %d", before, after)
	}
	if n := get(t, s, fresh.ID).Rechecks; n != 0 {
		t.Errorf("a refused re-check was counted: %d", n)
	}
	if _, err := s.AddRecheck(ctx, domain.NewID(), store.RecheckAllowed(recheckLimit, recheckWindow, day(1)), recheckOf(o, day(1))); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("re-check of a missing order: %v; want not found", err)
	}
}

// testConcurrentRechecks: ten requests at once never make more re-checks
// than the limit.
func testConcurrentRechecks(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := completedPaid(t, s)
	at := o.PaidAt.Add(time.Hour)
	wins := race(t, 10, func(int) (bool, error) {
		r, err := s.AddRecheck(ctx, o.ID, store.RecheckAllowed(recheckLimit, recheckWindow, at), recheckOf(o, at))
		return r != nil, err
	})
	if len(wins) != recheckLimit {
		t.Fatalf("%d of 10 concurrent re-checks were stored; want %d", len(wins), recheckLimit)
	}
	if n := get(t, s, o.ID).Rechecks; n != recheckLimit {
		t.Errorf("the original counts %d re-checks; want %d", n, recheckLimit)
	}
	p, err := s.ListOptimizations(ctx, o.CustomerUID, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != 1+recheckLimit {
		t.Errorf("the host has %d orders; want the original and %d re-checks", p.Total, recheckLimit)
	}
}

// rechecksSuite is the Rechecks contract: re-checks (issue 18) and
// watches (issue 45).
func rechecksSuite() suite {
	return suite{"Rechecks", []contractCase{
		{"RecheckCounted", testRecheckCounted},
		{"ConcurrentRechecks", testConcurrentRechecks},
		{"RechecksWithdrawn", testRechecksWithdrawn},
		{"WatchRoundTrip", testWatchRoundTrip},
		{"DueWatchesPaging", testDueWatchesPaging},
		{"DueWatchesOnlyActive", testDueWatchesOnlyActive},
		{"ConcurrentWatchSteps", testConcurrentWatchSteps},
	}}
}
