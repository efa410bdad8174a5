package orders_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

// countingReport counts the reports it makes per order; when hang is set
// it signals started and runs until its context ends instead, like a
// process killed mid-report.
type countingReport struct {
	mu      sync.Mutex
	runs    map[string]int
	hang    bool
	started chan string
}

func (r *countingReport) Report(ctx context.Context, o *domain.Optimization, _ func(context.Context, domain.Stage)) (*orders.Outcome, error) {
	r.mu.Lock()
	r.runs[o.ID]++
	r.mu.Unlock()
	if r.hang {
		r.started <- o.ID
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return &orders.Outcome{Results: json.RawMessage(`{"package_type":"basic","title":"Loft"}`)}, nil
}

func (r *countingReport) count(id string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.runs[id]
}

// TestRestartResumesOrdersCutOffMidReport is issue 17's recovery: a
// process dies in the middle of two reports — one fulfilled directly with
// payments off (its job runs inside the /api/optimize request and is never
// queued), one paid through checkout (its job claimed by the dying
// worker). The next process, as it starts, completes both within 45 s,
// each once, with no client calling /api/optimize again.
func TestRestartResumesOrdersCutOffMidReport(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "orders.db")
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}

	// The first process: payments off, the request's report hangs.
	hanging := &countingReport{runs: map[string]int{}, hang: true, started: make(chan string, 1)}
	q1 := localqueue.New(st, localqueue.Options{Logger: quiet})
	svc1 := orders.New(orders.Deps{Stores: orders.StoresOf(st.Aggregates()), Queue: q1, Reporter: hanging, Logger: quiet})
	reqCtx, kill := context.WithCancel(ctx)
	returned := make(chan *domain.Optimization, 1)
	go func() {
		o, _ := svc1.Optimize(reqCtx, orders.Customer{UID: "host-1", Email: "host@example.com"}, "",
			orders.StartRequest{Plan: domain.PlanBasic, ListingURL: "https://www.airbnb.com/rooms/48123456", Email: "host@example.com"})
		returned <- o
	}()
	direct := <-hanging.started
	// The checkout order: paid, its job queued and claimed by a worker of
	// the same process, for a lease that would outlive the 45 s.
	checkout := paidOrder(t, st.Aggregates(), time.Now(), domain.PlanBasic)
	if err := q1.Enqueue(ctx, jobs.ForOptimization(checkout.ID)); err != nil {
		t.Fatal(err)
	}
	if c, err := st.ClaimJob(ctx, time.Now(), time.Hour); err != nil || c == nil {
		t.Fatalf("claiming the checkout order's job: %v %v", c, err)
	}
	// kill -9: the request stops where it is and writes nothing more.
	kill()
	<-returned
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{direct, checkout.ID} {
		if n := hanging.count(id); id == direct && n != 1 || id == checkout.ID && n != 0 {
			t.Fatalf("before the restart order %s was reported %d times", id, n)
		}
	}

	// The restart.
	restart := time.Now()
	st2, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	for _, id := range []string{direct, checkout.ID} {
		if o, err := st2.GetOptimization(ctx, id); err != nil || o.Status != domain.StatusProcessing {
			t.Fatalf("order %s after the kill: %+v, %v; want processing", id, o, err)
		}
	}
	working := &countingReport{runs: map[string]int{}}
	q2 := localqueue.New(st2, localqueue.Options{Poll: 20 * time.Millisecond, Logger: quiet})
	svc2 := orders.New(orders.Deps{Stores: orders.StoresOf(st2.Aggregates()), Queue: q2, Reporter: working, Logger: quiet})
	resumed, err := svc2.ResumeInterrupted(ctx, restart)
	if err != nil {
		t.Fatal(err)
	}
	if len(resumed) != 1 || resumed[0] != direct {
		t.Errorf("resumed %v; want only the directly fulfilled order %s (the checkout order's job is queued already)", resumed, direct)
	}
	// A second look (a second start, say) queues nothing twice.
	if again, err := svc2.ResumeInterrupted(ctx, restart); err != nil || len(again) != 0 {
		t.Errorf("a second resume queued %v, %v; want nothing", again, err)
	}
	rctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); q2.Run(rctx, svc2.Handle) }()
	defer func() { stop(); wg.Wait() }()

	deadline := restart.Add(45 * time.Second)
	for _, id := range []string{direct, checkout.ID} {
		for {
			o, err := st2.GetOptimization(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if o.Status == domain.StatusCompleted {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("order %s is %s 45 s after the restart; want completed", id, o.Status)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	t.Logf("both orders completed %v after the restart", time.Since(restart).Round(time.Millisecond))
	for _, id := range []string{direct, checkout.ID} {
		if n := working.count(id); n != 1 {
			t.Errorf("order %s was reported %d times after the restart, want once", id, n)
		}
	}
}
