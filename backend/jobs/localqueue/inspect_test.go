package localqueue_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
)

// Pending says whether a job still waits (queued or waiting for a retry),
// and Backlog counts those and dates the oldest: what the sweeper asks
// before sending work again or giving an order up (issue 28).
func TestPendingAndBacklog(t *testing.T) {
	ctx := context.Background()
	st := open(t, filepath.Join(t.TempDir(), "q.db"))
	defer st.Close()
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	q := localqueue.New(st, localqueue.Options{Logger: quiet, Now: func() time.Time { return now }, MaxAttempts: 2})
	for _, name := range []string{"report-a", "report-b", "report-c"} {
		if err := q.Enqueue(ctx, jobs.Job{Name: name, OptimizationID: name[7:]}); err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Minute)
	}
	pending := func(name string) bool {
		t.Helper()
		p, err := q.Pending(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if !pending("report-a") || pending("report-zzz") {
		t.Fatal("a queued job is not pending, or an unknown one is")
	}
	b, err := q.Backlog(ctx, 2)
	if err != nil || b.Tasks != 2 || !b.Capped || !b.Oldest.Equal(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)) {
		t.Errorf("Backlog(2) = %+v, %v; want 2, capped, oldest the first", b, err)
	}
	// report-a succeeds; report-b fails once and waits for its retry.
	run := func(want string, fail bool) {
		t.Helper()
		worked, err := q.RunOne(ctx, func(_ context.Context, j jobs.Job, _ jobs.Attempt) error {
			if j.Name != want {
				t.Fatalf("ran %s, want %s", j.Name, want)
			}
			if fail {
				return errors.New("listing site down")
			}
			return nil
		})
		if err != nil || !worked {
			t.Fatalf("RunOne: %v %v", worked, err)
		}
	}
	run("report-a", false)
	run("report-b", true)
	if pending("report-a") || !pending("report-b") || !pending("report-c") {
		t.Errorf("after a success and a failed attempt: a %v b %v c %v; want done, waiting, waiting",
			pending("report-a"), pending("report-b"), pending("report-c"))
	}
	if b, err := q.Backlog(ctx, 100); err != nil || b.Tasks != 2 || b.Capped {
		t.Errorf("Backlog = %+v, %v; want 2", b, err)
	}
}
