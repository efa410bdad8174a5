package localqueue_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
)

// A process killed mid-job (its claim left in the store, nothing finished)
// does not hold the job for a lease: the next process runs it at start,
// once, long before the 45 s issue 17 allows.
func TestRestartRunsAKilledWorkersJobAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.db")
	st := open(t, path)
	ctx := context.Background()
	dead := localqueue.New(st, localqueue.Options{Lease: time.Hour, Logger: quiet})
	if err := dead.Enqueue(ctx, jobs.ForOptimization("o1")); err != nil {
		t.Fatal(err)
	}
	// The dead process claimed it (for an hour) and died before finishing.
	if c, err := st.ClaimJob(ctx, time.Now(), time.Hour); err != nil || c == nil {
		t.Fatalf("claim: %v %v", c, err)
	}
	_ = st.Close()

	st = open(t, path) // the restart
	defer st.Close()
	q := localqueue.New(st, localqueue.Options{Poll: 20 * time.Millisecond, Logger: quiet})
	var runs atomic.Int32
	done := make(chan struct{})
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := time.Now()
	go q.Run(rctx, func(_ context.Context, j jobs.Job, a jobs.Attempt) error {
		if runs.Add(1) == 1 {
			close(done)
		}
		return nil
	})
	select {
	case <-done:
	case <-time.After(45 * time.Second):
		t.Fatal("the killed worker's job did not run within 45 s of the restart")
	}
	t.Logf("run again %v after the restart", time.Since(start).Round(time.Millisecond))
	waitDone(t, st, jobs.ForOptimization("o1").Name)
	if n := runs.Load(); n != 1 {
		t.Errorf("ran %d times after the restart, want once", n)
	}
}

// A job that runs longer than its lease keeps it by its heartbeat: no
// other worker takes it meanwhile, and it is finished once.
func TestHeartbeatKeepsALongJob(t *testing.T) {
	st := open(t, filepath.Join(t.TempDir(), "q.db"))
	defer st.Close()
	ctx := context.Background()
	lease := 150 * time.Millisecond
	q := localqueue.New(st, localqueue.Options{Lease: lease, Logger: quiet})
	if err := q.Enqueue(ctx, jobs.ForOptimization("long")); err != nil {
		t.Fatal(err)
	}
	var runs atomic.Int32
	started := make(chan struct{})
	release := make(chan struct{})
	go func() {
		_, _ = q.RunOne(ctx, func(context.Context, jobs.Job, jobs.Attempt) error {
			runs.Add(1)
			close(started)
			<-release
			return nil
		})
	}()
	<-started
	// Four leases later another worker still finds nothing to claim.
	time.Sleep(4 * lease)
	if worked, err := q.RunOne(ctx, func(context.Context, jobs.Job, jobs.Attempt) error { runs.Add(1); return nil }); err != nil || worked {
		t.Fatalf("a second worker took the running job: worked %v, %v", worked, err)
	}
	close(release)
	waitDone(t, st, jobs.ForOptimization("long").Name)
	if n := runs.Load(); n != 1 {
		t.Errorf("ran %d times, want once", n)
	}
}

// waitDone waits for the store to mark the job done.
func waitDone(t *testing.T, st localqueue.Store, name string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if s, err := st.JobState(context.Background(), name); err == nil && s.DoneAt != nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("job %s not done", name)
}

// A claim lost while the job runs (another process took the job over)
// stops the job: the other delivery decides.
func TestLostClaimStopsTheJob(t *testing.T) {
	st := open(t, filepath.Join(t.TempDir(), "q.db"))
	defer st.Close()
	ctx := context.Background()
	lease := 90 * time.Millisecond
	q := localqueue.New(st, localqueue.Options{Lease: lease, Logger: quiet})
	if err := q.Enqueue(ctx, jobs.ForOptimization("taken")); err != nil {
		t.Fatal(err)
	}
	started := make(chan struct{})
	stopped := make(chan error, 1)
	go func() {
		_, _ = q.RunOne(ctx, func(jctx context.Context, _ jobs.Job, _ jobs.Attempt) error {
			close(started)
			<-jctx.Done()
			stopped <- jctx.Err()
			return jctx.Err()
		})
	}()
	<-started
	// Another process takes the job over: its claim is a new attempt.
	if _, err := st.ReleaseLeases(ctx); err != nil {
		t.Fatal(err)
	}
	if c, err := st.ClaimJob(ctx, time.Now(), time.Hour); err != nil || c == nil || c.Attempt != 2 {
		t.Fatalf("take-over claim: %+v %v", c, err)
	}
	select {
	case err := <-stopped:
		if err == nil {
			t.Error("the job was not told to stop")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the job kept running after its claim was lost")
	}
}
