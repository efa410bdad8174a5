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

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }
func newClock() *clock               { return &clock{now: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)} }

// paidOrder records a paid order of plan for host-1 at at.
func paidOrder(t *testing.T, st store.Aggregates, at time.Time, plan domain.Plan) *domain.Optimization {
	t.Helper()
	ctx := context.Background()
	if _, err := st.UpsertCustomer(ctx, domain.Login{UID: "host-1", Email: "host@example.com", At: at}); err != nil {
		t.Fatal(err)
	}
	o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: "host-1", CustomerEmail: "host@example.com",
		ListingURL: "https://www.airbnb.com/rooms/1", PlanType: plan, Amount: map[domain.Plan]float64{domain.PlanBasic: 4.99, domain.PlanPremium: 19.99}[plan],
		Status: domain.StatusPending, CreatedAt: at})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.MarkPaid(ctx, o.ID, at); err != nil {
		t.Fatal(err)
	}
	return o
}

// TestSweepRequeuesAStuckOrderOnce: a paid order whose task never reached
// a final attempt is sent again once, under a new name; a second sweeper
// at the same moment and a second sweep soon after do nothing; an order
// that is still progressing is left alone; GiveUpAfter its payment the
// order is failed with a reason, so it never stays "processing" for ever.
func TestSweepRequeuesAStuckOrderOnce(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		q := &recordingQueue{}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: q, Reporter: fixedReport{}, Now: c.Now, SweepAfter: 15 * time.Minute, GiveUpAfter: 50 * time.Minute})
		stuck := paidOrder(t, st, c.Now(), domain.PlanBasic)
		c.Add(12 * time.Minute)
		fresh := paidOrder(t, st, c.Now(), domain.PlanBasic)
		c.Add(4 * time.Minute) // stuck: 16 min since paid; fresh: 4 min

		var wg sync.WaitGroup
		results := make([]orders.SweepResult, 2)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := svc.Sweep(ctx)
				if err != nil {
					t.Error(err)
				}
				results[i] = r
			}()
		}
		wg.Wait()
		if n := len(results[0].Requeued) + len(results[1].Requeued); n != 1 {
			t.Fatalf("two concurrent sweeps re-queued %d orders (%+v), want 1", n, results)
		}
		if len(q.jobs) != 1 || q.jobs[0].Name != "report-"+stuck.ID+"-1" || q.jobs[0].OptimizationID != stuck.ID {
			t.Fatalf("queue = %+v; want report-%s-1", q.jobs, stuck.ID)
		}
		c.Add(time.Minute)
		if r, err := svc.Sweep(ctx); err != nil || len(r.Requeued) != 0 {
			t.Errorf("a sweep a minute later = %+v, %v; want nothing", r, err)
		}
		got, _ := st.GetOptimization(ctx, fresh.ID)
		if got.Requeues != 0 {
			t.Errorf("the progressing order was re-queued")
		}

		// Still stuck 16 minutes after the re-queue: sent again (name -2),
		// then, 50 minutes after its payment, given up.
		c.Add(16 * time.Minute)
		if r, err := svc.Sweep(ctx); err != nil || len(r.Requeued) != 2 { // stuck again, and fresh now counts too
			t.Fatalf("second period: %+v, %v", r, err)
		}
		if q.jobs[1].Name != "report-"+stuck.ID+"-2" && q.jobs[2].Name != "report-"+stuck.ID+"-2" {
			t.Errorf("queue = %+v; want report-%s-2", q.jobs, stuck.ID)
		}
		c.Add(20 * time.Minute)
		r, err := svc.Sweep(ctx)
		if err != nil || len(r.GaveUp) != 1 || r.GaveUp[0] != stuck.ID {
			t.Fatalf("third period: %+v, %v; want the stuck order given up", r, err)
		}
		got, _ = st.GetOptimization(ctx, stuck.ID)
		// Payments off here: the refund is recorded at once, without a
		// provider call.
		if got.Status != domain.StatusRefunded || got.FailureReason != orders.MsgStuck || got.Refund == nil || got.Refund.Amount != got.Amount {
			t.Errorf("given-up order: %s %q refund %+v; want refunded in full with the reason", got.Status, got.FailureReason, got.Refund)
		}
	})
}

// blockingReport runs until its context ends, like a listing site that
// never answers.
type blockingReport struct{}

func (blockingReport) Report(ctx context.Context, _ *domain.Optimization, _ func(context.Context, domain.Stage)) (*orders.Outcome, error) {
	<-ctx.Done()
	return nil, context.Cause(ctx)
}

// TestJobBudget: a job that overruns its budget on its final attempt
// leaves the order refunded with a reason (the task request is still
// answered in time); on an earlier attempt it asks for a retry; a job
// stopped from outside (shutdown, lost lease) never fails the order.
func TestJobBudget(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: &recordingQueue{}, Reporter: blockingReport{}, JobBudget: 50 * time.Millisecond})

		o := paidOrder(t, st, time.Now(), domain.PlanBasic)
		if err := svc.Run(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1}); err == nil {
			t.Fatal("an attempt over budget reported success")
		}
		if got, _ := st.GetOptimization(ctx, o.ID); got.Status != domain.StatusProcessing {
			t.Fatalf("after a non-final attempt over budget the order is %s, want processing (retried)", got.Status)
		}
		start := time.Now()
		_ = svc.Run(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 5, Final: true})
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("the final attempt took %s with a 50 ms budget", took)
		}
		got, _ := st.GetOptimization(ctx, o.ID)
		if got.Status != domain.StatusRefunded || got.FailureReason == "" {
			t.Fatalf("after the final attempt over budget: %s %q; want refunded with a reason", got.Status, got.FailureReason)
		}

		o2 := paidOrder(t, st, time.Now(), domain.PlanBasic)
		cctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond) // the server shutting down
		defer cancel()
		long := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: &recordingQueue{}, Reporter: blockingReport{}, JobBudget: time.Minute})
		if err := long.Run(cctx, jobs.ForOptimization(o2.ID), jobs.Attempt{Number: 5, Final: true}); err == nil {
			t.Fatal("an interrupted job reported success")
		}
		if got, _ := st.GetOptimization(ctx, o2.ID); got.Status != domain.StatusProcessing {
			t.Errorf("a job stopped from outside left the order %s, want processing", got.Status)
		}
	})
}
