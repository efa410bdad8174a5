package sqlite_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

// jt0 has microseconds and is not UTC, so the cases also check that times
// come back at the stored precision and in UTC.
var jt0 = time.Date(2025, 3, 14, 9, 26, 53, 123456000, time.FixedZone("EST", -5*60*60))

const lease = time.Minute

func job(name string) jobs.Job { return jobs.Job{Name: name, OptimizationID: "opt-" + name} }

func addJob(t *testing.T, q localqueue.Store, name string, runAt time.Time) {
	t.Helper()
	if added, err := q.AddJob(context.Background(), job(name), runAt); err != nil || !added {
		t.Fatalf("AddJob(%s): added=%v err=%v", name, added, err)
	}
}

// claim claims at now and checks what it got: want "" means nothing due.
func claim(t *testing.T, q localqueue.Store, now time.Time, want string, wantAttempt int) *localqueue.Claimed {
	t.Helper()
	c, err := q.ClaimJob(context.Background(), now, lease)
	if err != nil {
		t.Fatalf("ClaimJob at %v: %v", now, err)
	}
	switch {
	case want == "" && c != nil:
		t.Fatalf("ClaimJob at %v claimed %s attempt %d, want nothing due", now, c.Job.Name, c.Attempt)
	case want == "":
	case c == nil:
		t.Fatalf("ClaimJob at %v claimed nothing, want %s attempt %d", now, want, wantAttempt)
	case c.Job != job(want) || c.Attempt != wantAttempt:
		t.Fatalf("ClaimJob at %v = %+v attempt %d, want %+v attempt %d", now, c.Job, c.Attempt, job(want), wantAttempt)
	}
	return c
}

// state checks the stored state of job name; nil times mean "unset".
func state(t *testing.T, q localqueue.Store, name string, want localqueue.State) {
	t.Helper()
	got, err := q.JobState(context.Background(), name)
	if err != nil {
		t.Fatalf("JobState(%s): %v", name, err)
	}
	want.Job = job(name)
	if got.Job != want.Job || got.Attempts != want.Attempts || got.LastError != want.LastError {
		t.Errorf("JobState(%s) = %+v attempts %d lastError %q; want %+v attempts %d lastError %q",
			name, got.Job, got.Attempts, got.LastError, want.Job, want.Attempts, want.LastError)
	}
	for _, tm := range []struct {
		field     string
		got, want *time.Time
	}{
		{"runAt", &got.RunAt, &want.RunAt},
		{"leaseUntil", got.LeaseUntil, want.LeaseUntil},
		{"doneAt", got.DoneAt, want.DoneAt},
	} {
		switch {
		case (tm.got == nil) != (tm.want == nil):
			t.Errorf("JobState(%s).%s = %v, want %v", name, tm.field, tm.got, tm.want)
		case tm.got != nil && (!tm.got.Equal(*tm.want) || tm.got.Location() != time.UTC):
			t.Errorf("JobState(%s).%s = %v, want %v in UTC", name, tm.field, *tm.got, tm.want.UTC())
		}
	}
}

func ptr(t time.Time) *time.Time { return &t }

func wantApplied(t *testing.T, what string, applied bool, err error, want bool) {
	t.Helper()
	if err != nil || applied != want {
		t.Errorf("%s: applied=%v err=%v, want %v and no error", what, applied, err, want)
	}
}

func TestJobs(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		run  func(t *testing.T, q localqueue.Store)
	}{
		{"add and duplicate name", func(t *testing.T, q localqueue.Store) {
			addJob(t, q, "a", jt0)
			// Same name, whatever else differs: refused, nothing changes.
			added, err := q.AddJob(ctx, jobs.Job{Name: "a", OptimizationID: "other"}, jt0.Add(time.Hour))
			wantApplied(t, "AddJob of an existing name", added, err, false)
			state(t, q, "a", localqueue.State{RunAt: jt0})
			// Also once the job is done: a name is enqueued once, ever.
			c := claim(t, q, jt0, "a", 1)
			ok, err := q.FinishJob(ctx, "a", c.Attempt, jt0, "")
			wantApplied(t, "FinishJob", ok, err, true)
			added, err = q.AddJob(ctx, job("a"), jt0)
			wantApplied(t, "AddJob of a done job's name", added, err, false)
			if _, err := q.AddJob(ctx, jobs.Job{OptimizationID: "x"}, jt0); err == nil {
				t.Errorf("AddJob with an empty name succeeded")
			}
		}},
		{"claims earliest runAt first, name breaks ties", func(t *testing.T, q localqueue.Store) {
			addJob(t, q, "c", jt0.Add(3*time.Second))
			addJob(t, q, "d", jt0.Add(time.Second))
			addJob(t, q, "b", jt0.Add(2*time.Second))
			addJob(t, q, "a", jt0.Add(time.Second))
			now := jt0.Add(time.Hour)
			for _, want := range []string{"a", "d", "b", "c", ""} {
				claim(t, q, now, want, 1)
			}
			state(t, q, "b", localqueue.State{Attempts: 1, RunAt: jt0.Add(2 * time.Second), LeaseUntil: ptr(now.Add(lease))})
		}},
		{"not yet due is not claimed", func(t *testing.T, q localqueue.Store) {
			due := jt0.Add(time.Minute)
			addJob(t, q, "a", due)
			claim(t, q, jt0, "", 0)
			claim(t, q, due.Add(-time.Microsecond), "", 0)
			claim(t, q, due, "a", 1) // runAt ≤ now: due at runAt itself
		}},
		{"expired lease is claimed again", func(t *testing.T, q localqueue.Store) {
			addJob(t, q, "a", jt0)
			claim(t, q, jt0, "a", 1)
			claim(t, q, jt0.Add(lease-time.Microsecond), "", 0) // still leased
			claim(t, q, jt0.Add(lease), "a", 2)                 // the worker died
			state(t, q, "a", localqueue.State{Attempts: 2, RunAt: jt0, LeaseUntil: ptr(jt0.Add(2 * lease))})
		}},
		{"stale attempt cannot finish or retry", func(t *testing.T, q localqueue.Store) {
			addJob(t, q, "a", jt0)
			claim(t, q, jt0, "a", 1)
			claim(t, q, jt0.Add(lease), "a", 2)
			reclaimed := localqueue.State{Attempts: 2, RunAt: jt0, LeaseUntil: ptr(jt0.Add(2 * lease))}
			for _, stale := range []struct {
				name string
				call func() (bool, error)
			}{
				{"FinishJob attempt 1", func() (bool, error) { return q.FinishJob(ctx, "a", 1, jt0, "") }},
				{"FinishJob attempt 1 with an error", func() (bool, error) { return q.FinishJob(ctx, "a", 1, jt0, "boom") }},
				{"RetryJob attempt 1", func() (bool, error) { return q.RetryJob(ctx, "a", 1, jt0.Add(time.Hour), "boom") }},
				{"FinishJob attempt 3", func() (bool, error) { return q.FinishJob(ctx, "a", 3, jt0, "") }},
			} {
				ok, err := stale.call()
				wantApplied(t, stale.name, ok, err, false)
				state(t, q, "a", reclaimed)
			}
			ok, err := q.FinishJob(ctx, "a", 2, jt0.Add(lease+time.Second), "")
			wantApplied(t, "FinishJob attempt 2", ok, err, true)
			state(t, q, "a", localqueue.State{Attempts: 2, RunAt: jt0, DoneAt: ptr(jt0.Add(lease + time.Second))})
		}},
		{"retry reschedules and releases the claim", func(t *testing.T, q localqueue.Store) {
			addJob(t, q, "a", jt0)
			claim(t, q, jt0, "a", 1)
			later := jt0.Add(5 * time.Minute)
			ok, err := q.RetryJob(ctx, "a", 1, later, "listing fetch timed out")
			wantApplied(t, "RetryJob", ok, err, true)
			state(t, q, "a", localqueue.State{Attempts: 1, RunAt: later, LastError: "listing fetch timed out"})
			// The claim is spent: the same attempt can neither retry nor
			// finish again.
			ok, err = q.RetryJob(ctx, "a", 1, jt0, "again")
			wantApplied(t, "RetryJob of a released attempt", ok, err, false)
			ok, err = q.FinishJob(ctx, "a", 1, jt0, "")
			wantApplied(t, "FinishJob of a released attempt", ok, err, false)
			claim(t, q, later.Add(-time.Microsecond), "", 0)
			claim(t, q, later, "a", 2)
			state(t, q, "a", localqueue.State{Attempts: 2, RunAt: later, LeaseUntil: ptr(later.Add(lease)), LastError: "listing fetch timed out"})
		}},
		{"finished job is never claimed", func(t *testing.T, q localqueue.Store) {
			for _, tc := range []struct{ name, outcome string }{{"ok", ""}, {"gave-up", "listing page is gone"}} {
				addJob(t, q, tc.name, jt0)
				c := claim(t, q, jt0, tc.name, 1)
				done := jt0.Add(time.Second)
				ok, err := q.FinishJob(ctx, tc.name, c.Attempt, done, tc.outcome)
				wantApplied(t, "FinishJob "+tc.name, ok, err, true)
				want := localqueue.State{Attempts: 1, RunAt: jt0, DoneAt: ptr(done), LastError: tc.outcome}
				state(t, q, tc.name, want)
				ok, err = q.FinishJob(ctx, tc.name, c.Attempt, done.Add(time.Hour), "late")
				wantApplied(t, "FinishJob of a done job", ok, err, false)
				ok, err = q.RetryJob(ctx, tc.name, c.Attempt, done.Add(time.Hour), "late")
				wantApplied(t, "RetryJob of a done job", ok, err, false)
				state(t, q, tc.name, want)
			}
			claim(t, q, jt0.Add(24*time.Hour), "", 0) // not even once any lease is long gone
		}},
		{"NextJobAt", func(t *testing.T, q localqueue.Store) {
			next := func(want time.Time, wantOK bool) {
				t.Helper()
				at, ok, err := q.NextJobAt(ctx)
				if err != nil || ok != wantOK || (ok && (!at.Equal(want) || at.Location() != time.UTC)) {
					t.Errorf("NextJobAt = %v, %v, %v; want %v in UTC, %v", at, ok, err, want.UTC(), wantOK)
				}
			}
			next(time.Time{}, false)
			addJob(t, q, "a", jt0.Add(2*time.Minute))
			addJob(t, q, "b", jt0.Add(5*time.Minute))
			next(jt0.Add(2*time.Minute), true) // a's runAt
			claim(t, q, jt0.Add(3*time.Minute), "a", 1)
			next(jt0.Add(4*time.Minute), true) // a's lease expiry comes before b's runAt
			claim(t, q, jt0.Add(4*time.Minute), "a", 2)
			next(jt0.Add(5*time.Minute), true) // now b's runAt
			ok, err := q.FinishJob(ctx, "a", 2, jt0.Add(4*time.Minute), "")
			wantApplied(t, "FinishJob a", ok, err, true)
			claim(t, q, jt0.Add(6*time.Minute), "b", 1)
			next(jt0.Add(6*time.Minute+lease), true) // b's lease expiry
			ok, err = q.RetryJob(ctx, "b", 1, jt0.Add(time.Hour), "boom")
			wantApplied(t, "RetryJob b", ok, err, true)
			next(jt0.Add(time.Hour), true) // b's new runAt
			claim(t, q, jt0.Add(time.Hour), "b", 2)
			ok, err = q.FinishJob(ctx, "b", 2, jt0.Add(time.Hour), "")
			wantApplied(t, "FinishJob b", ok, err, true)
			next(time.Time{}, false) // only done jobs left
		}},
		{"unknown job", func(t *testing.T, q localqueue.Store) {
			if _, err := q.JobState(ctx, "nope"); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("JobState: %v, want domain.ErrNotFound", err)
			}
			if _, err := q.FinishJob(ctx, "nope", 1, jt0, ""); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("FinishJob: %v, want domain.ErrNotFound", err)
			}
			if _, err := q.RetryJob(ctx, "nope", 1, jt0, ""); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("RetryJob: %v, want domain.ErrNotFound", err)
			}
		}},
		{"lease must be positive", func(t *testing.T, q localqueue.Store) {
			addJob(t, q, "a", jt0)
			for _, l := range []time.Duration{0, -time.Second} {
				if c, err := q.ClaimJob(ctx, jt0, l); err == nil {
					t.Errorf("ClaimJob with lease %v = %+v, want an error", l, c)
				}
			}
			state(t, q, "a", localqueue.State{RunAt: jt0})
		}},
	} {
		for _, db := range []string{"file", ":memory:"} {
			t.Run(tc.name+"/"+db, func(t *testing.T) {
				path := db
				if db == "file" {
					path = filepath.Join(t.TempDir(), "listinglift.db")
				}
				tc.run(t, open(t, path))
			})
		}
	}
}

// Workers claiming at once never get the same job: every job is claimed
// exactly once, as attempt 1.
func TestJobsConcurrentClaims(t *testing.T) {
	const workers, n = 8, 20
	ctx := context.Background()
	q := open(t, filepath.Join(t.TempDir(), "listinglift.db"))
	for i := range n {
		addJob(t, q, fmt.Sprintf("job-%02d", i), jt0.Add(time.Duration(i)*time.Millisecond))
	}
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		claimed = map[string][]int{} // name → the attempts handed out
		start   = make(chan struct{})
	)
	now := jt0.Add(time.Second) // all due; the lease outlasts the test
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for {
				c, err := q.ClaimJob(ctx, now, time.Hour)
				if err != nil {
					t.Errorf("ClaimJob: %v", err)
					return
				}
				if c == nil {
					return
				}
				mu.Lock()
				claimed[c.Job.Name] = append(claimed[c.Job.Name], c.Attempt)
				mu.Unlock()
			}
		}()
	}
	close(start)
	wg.Wait()
	if len(claimed) != n {
		t.Errorf("%d distinct jobs claimed, want %d", len(claimed), n)
	}
	for name, attempts := range claimed {
		if len(attempts) != 1 || attempts[0] != 1 {
			t.Errorf("%s was handed out as attempts %v, want [1]", name, attempts)
		}
	}
}

// The queue is durable: jobs, attempts, leases and outcomes are all there
// after the database is closed and opened again, as after a restart.
func TestJobsSurviveReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "listinglift.db")
	first, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { first.Close() }) // if a check below stops the test early
	addJob(t, first, "done", jt0)
	addJob(t, first, "leased", jt0.Add(time.Second))
	addJob(t, first, "waiting", jt0.Add(time.Hour))
	c := claim(t, first, jt0, "done", 1)
	if ok, err := first.FinishJob(ctx, "done", c.Attempt, jt0, ""); err != nil || !ok {
		t.Fatalf("FinishJob: ok=%v err=%v", ok, err)
	}
	claim(t, first, jt0.Add(time.Second), "leased", 1)
	if err := first.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	q := open(t, path)
	state(t, q, "done", localqueue.State{Attempts: 1, RunAt: jt0, DoneAt: ptr(jt0)})
	state(t, q, "leased", localqueue.State{Attempts: 1, RunAt: jt0.Add(time.Second), LeaseUntil: ptr(jt0.Add(time.Second + lease))})
	state(t, q, "waiting", localqueue.State{RunAt: jt0.Add(time.Hour)})
	// The restarted worker takes over the dead one's job once its lease
	// runs out, then the waiting one when it is due.
	claim(t, q, jt0.Add(time.Second+lease-time.Microsecond), "", 0)
	c = claim(t, q, jt0.Add(time.Second+lease), "leased", 2)
	if ok, err := q.FinishJob(ctx, "leased", c.Attempt, jt0.Add(2*lease), ""); err != nil || !ok {
		t.Fatalf("FinishJob: ok=%v err=%v", ok, err)
	}
	claim(t, q, jt0.Add(time.Hour), "waiting", 1)
}
