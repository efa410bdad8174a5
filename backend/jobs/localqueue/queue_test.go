package localqueue_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

func open(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

var quiet = slog.New(slog.NewJSONHandler(io.Discard, nil))

// Enqueued jobs are run by the workers; a duplicate name is refused.
func TestRunWorksEnqueuedJobs(t *testing.T) {
	st := open(t, filepath.Join(t.TempDir(), "q.db"))
	defer st.Close()
	q := localqueue.New(st, localqueue.Options{Workers: 3, Poll: 20 * time.Millisecond, Logger: quiet})
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	ran := map[string]int{}
	all := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		q.Run(ctx, func(_ context.Context, j jobs.Job, a jobs.Attempt) error {
			mu.Lock()
			defer mu.Unlock()
			ran[j.OptimizationID]++
			if len(ran) == 20 {
				close(all)
			}
			return nil
		})
	}()
	for i := range 20 {
		if err := q.Enqueue(ctx, jobs.ForOptimization(string(rune('a'+i)))); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Enqueue(ctx, jobs.ForOptimization("a")); !errors.Is(err, jobs.ErrDuplicate) {
		t.Errorf("duplicate name: %v", err)
	}
	select {
	case <-all:
	case <-time.After(10 * time.Second):
		t.Fatal("jobs were not run")
	}
	cancel()
	<-done
	for id, n := range ran {
		if n != 1 {
			t.Errorf("job %s ran %d times", id, n)
		}
	}
}

// A job queued before a restart runs after it: the queue is the database.
func TestJobsSurviveARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.db")
	st := open(t, path)
	if err := localqueue.New(st, localqueue.Options{Logger: quiet}).Enqueue(context.Background(), jobs.ForOptimization("o1")); err != nil {
		t.Fatal(err)
	}
	st.Close()

	st = open(t, path)
	defer st.Close()
	q := localqueue.New(st, localqueue.Options{Logger: quiet})
	var got string
	worked, err := q.RunOne(context.Background(), func(_ context.Context, j jobs.Job, _ jobs.Attempt) error {
		got = j.OptimizationID
		return nil
	})
	if err != nil || !worked || got != "o1" {
		t.Errorf("after restart: worked %v, job %q, %v", worked, got, err)
	}
}

// Failures are retried with growing delays, the last attempt is marked
// final, and a panic counts as a failed attempt.
func TestRetriesBackoffAndFinalAttempt(t *testing.T) {
	st := open(t, ":memory:")
	defer st.Close()
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	q := localqueue.New(st, localqueue.Options{MaxAttempts: 4, BackoffBase: time.Second, BackoffMax: 3 * time.Second, Now: clock, Logger: quiet})
	if err := q.Enqueue(context.Background(), jobs.ForOptimization("o1")); err != nil {
		t.Fatal(err)
	}
	var attempts []jobs.Attempt
	h := func(_ context.Context, _ jobs.Job, a jobs.Attempt) error {
		attempts = append(attempts, a)
		if a.Number == 2 {
			panic("boom")
		}
		return errors.New("listing site down")
	}
	var delays []time.Duration
	for range 10 {
		worked, err := q.RunOne(context.Background(), h)
		if err != nil {
			t.Fatal(err)
		}
		if worked {
			continue
		}
		at, ok, _ := st.NextJobAt(context.Background())
		if !ok {
			break
		}
		delays = append(delays, at.Sub(now))
		now = at
	}
	want := []jobs.Attempt{{Number: 1}, {Number: 2}, {Number: 3}, {Number: 4, Final: true}}
	if len(attempts) != len(want) {
		t.Fatalf("attempts %v, want %v", attempts, want)
	}
	for i := range want {
		if attempts[i] != want[i] {
			t.Errorf("attempt %d: %+v, want %+v", i, attempts[i], want[i])
		}
	}
	if wantDelays := []time.Duration{time.Second, 2 * time.Second, 3 * time.Second}; len(delays) != 3 || delays[0] != wantDelays[0] || delays[1] != wantDelays[1] || delays[2] != wantDelays[2] {
		t.Errorf("delays %v, want %v", delays, wantDelays)
	}
	js, _ := st.JobState(context.Background(), jobs.NameFor("o1"))
	if js.DoneAt == nil || js.LastError != "listing site down" || js.Attempts != 4 {
		t.Errorf("final state %+v", js)
	}
}

// At shutdown the job in hand finishes and is marked done; no new job is
// taken.
func TestShutdownFinishesTheJobInHand(t *testing.T) {
	st := open(t, filepath.Join(t.TempDir(), "q.db"))
	defer st.Close()
	q := localqueue.New(st, localqueue.Options{Workers: 1, Poll: 10 * time.Millisecond, Logger: quiet})
	for _, id := range []string{"o1", "o2"} {
		if err := q.Enqueue(context.Background(), jobs.ForOptimization(id)); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	var ran atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		q.Run(ctx, func(jctx context.Context, _ jobs.Job, _ jobs.Attempt) error {
			if ran.Add(1) == 1 {
				close(started)
				time.Sleep(100 * time.Millisecond) // shutdown arrives meanwhile
			}
			return jctx.Err()
		})
	}()
	<-started
	cancel()
	<-done
	if ran.Load() != 1 {
		t.Errorf("%d jobs ran; shutdown should stop after the one in hand", ran.Load())
	}
	done1, _ := st.JobState(context.Background(), jobs.NameFor("o1"))
	done2, _ := st.JobState(context.Background(), jobs.NameFor("o2"))
	if (done1.DoneAt == nil) == (done2.DoneAt == nil) {
		t.Errorf("exactly one job should be done: %+v %+v", done1, done2)
	}
}

func TestBackoff(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want time.Duration
	}{{1, 2 * time.Second}, {2, 4 * time.Second}, {3, 8 * time.Second}, {10, time.Minute}, {100, time.Minute}} {
		if got := jobs.Backoff(tc.n, 2*time.Second, time.Minute); got != tc.want {
			t.Errorf("Backoff(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
}
