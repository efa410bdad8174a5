package orders_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// boughtReport is host-1's paid Basic report, completed.
func boughtReport(t *testing.T, st store.Aggregates, at time.Time) *domain.Optimization {
	t.Helper()
	o := paidOrder(t, st, at, domain.PlanBasic)
	if _, err := st.Complete(context.Background(), o.ID, []byte(`{"package_type":"basic","title":"Loft"}`), at.Add(time.Minute), false); err != nil {
		t.Fatal(err)
	}
	got, err := st.GetOptimization(context.Background(), o.ID)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func wantConflict(t *testing.T, what string, err error, msg string) {
	t.Helper()
	if domain.ErrorCode(err) != domain.CodeConflict || domain.ErrorMessage(err) != msg {
		t.Errorf("%s: %v; want 409 saying %q", what, err, msg)
	}
}

// TestRecheck: the owner's bought report is re-checked free, as a new order
// of the same listing and plan, queued like a paid one and counted on the
// original; a re-check of a re-check counts on the original too; the
// fourth, day 31, an unfinished order and another host's order are refused.
func TestRecheck(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		q := &recordingQueue{}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: q, Reporter: fixedReport{}, Now: c.Now})
		host := orders.Customer{UID: "host-1", Email: "host@example.com"}
		o := boughtReport(t, st, c.Now())
		before, _ := st.GetCustomer(ctx, host.UID)

		if _, err := svc.Recheck(ctx, orders.Customer{UID: "host-2"}, o.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("another host's re-check: %v; want not found", err)
		}
		var made []*domain.Optimization
		for i := 1; i <= orders.RecheckLimit; i++ {
			c.Add(24 * time.Hour)
			key := o.ID
			if i == 3 {
				key = made[0].ID // from the re-check's own page: counts on the original
			}
			r, err := svc.Recheck(ctx, host, key)
			if err != nil {
				t.Fatalf("re-check %d: %v", i, err)
			}
			if r.RecheckOf != o.ID || r.Amount != 0 || r.PlanType != o.PlanType || r.ListingURL != o.ListingURL ||
				r.Status != domain.StatusProcessing || r.PaidAt == nil || r.StripeSessionID != "" {
				t.Errorf("re-check %d: %+v", i, r)
			}
			if last := q.jobs[len(q.jobs)-1]; last.Name != jobs.NameFor(r.ID) {
				t.Errorf("re-check %d queued %s; want its report job", i, last.Name)
			}
			made = append(made, r)
		}
		if got, _ := st.GetOptimization(ctx, o.ID); got.Rechecks != orders.RecheckLimit {
			t.Errorf("the report counts %d re-checks, want %d", got.Rechecks, orders.RecheckLimit)
		}
		if after, _ := st.GetCustomer(ctx, host.UID); after.TotalOptimizations != before.TotalOptimizations {
			t.Errorf("re-checks counted as purchases: %d → %d", before.TotalOptimizations, after.TotalOptimizations)
		}
		_, err := svc.Recheck(ctx, host, o.ID)
		wantConflict(t, "a fourth re-check", err, orders.MsgRecheckLimit)

		fresh := boughtReport(t, st, c.Now())
		c.Add(orders.RecheckWindow + time.Hour)
		_, err = svc.Recheck(ctx, host, fresh.ID)
		wantConflict(t, "a re-check on day 31", err, orders.MsgRecheckExpired)

		unfinished := paidOrder(t, st, c.Now(), domain.PlanBasic)
		_, err = svc.Recheck(ctx, host, unfinished.ID)
		wantConflict(t, "a re-check of a report still being made", err, orders.MsgRecheckNotReady)
	})
}

// A re-check that fails ends failed, with its reason and no refund (it
// cost nothing), and holds up nothing: it is not unsettled money, and it
// cannot be upgraded.
func TestFailedRecheckOwesNothing(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		q := &recordingQueue{}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: q, Reporter: failing, Now: c.Now})
		o := boughtReport(t, st, c.Now())
		r, err := svc.Recheck(ctx, orders.Customer{UID: "host-1", Email: "host@example.com"}, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		_ = svc.Run(ctx, jobs.ForOptimization(r.ID), jobs.Attempt{Number: 5, Final: true})
		got, _ := st.GetOptimization(ctx, r.ID)
		if got.Status != domain.StatusFailed || got.FailureReason == "" || got.Refund != nil {
			t.Errorf("failed re-check: %s %q refund %+v; want failed with a reason, no refund", got.Status, got.FailureReason, got.Refund)
		}
		if store.Unsettled(got) || store.Upgradable(got) {
			t.Errorf("a failed re-check is unsettled (%v) or upgradable (%v)", store.Unsettled(got), store.Upgradable(got))
		}
		if orig, _ := st.GetOptimization(ctx, o.ID); orig.Status != domain.StatusCompleted || orig.Refund != nil {
			t.Errorf("the re-checked report changed: %s, refund %+v", orig.Status, orig.Refund)
		}
	})
}

// Ten re-check requests at once make exactly the limit; the rest are told
// why.
func TestConcurrentRechecksKeepTheLimit(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: &recordingQueue{}, Reporter: fixedReport{}, Now: c.Now})
		o := boughtReport(t, st, c.Now())
		var wg sync.WaitGroup
		var mu sync.Mutex
		made, refused := 0, 0
		for range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := svc.Recheck(ctx, orders.Customer{UID: "host-1", Email: "host@example.com"}, o.ID)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					made++
				case domain.ErrorMessage(err) == orders.MsgRecheckLimit:
					refused++
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if made != orders.RecheckLimit || refused != 10-orders.RecheckLimit {
			t.Errorf("%d made, %d refused; want %d and %d", made, refused, orders.RecheckLimit, 10-orders.RecheckLimit)
		}
	})
}
