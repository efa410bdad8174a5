// Package localqueue is the jobs.Queue for one machine: jobs are rows in
// the SQLite store, so they survive a restart, and workers in the server
// process lease them, retry failures with backoff and give up after a
// maximum of attempts. Production uses Cloud Tasks (package cloudtasks).
package localqueue

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/listinglift/listinglift/backend/jobs"
)

// Options tune the queue; zero values take the defaults.
type Options struct {
	Workers     int // jobs run at once (default 2)
	MaxAttempts int // deliveries before a job is given up (default 5)
	// Lease is how long a claim lasts without a heartbeat (default 30 s): a
	// running job renews it every Lease/3, so a worker that died loses its
	// jobs within one lease, however long jobs run.
	Lease time.Duration
	// JobTimeout bounds one run of a job (default 5 min; a Premium report
	// takes ≤ 60 s).
	JobTimeout  time.Duration
	BackoffBase time.Duration // delay before the first retry, doubled each time (default 2 s)
	BackoffMax  time.Duration // longest delay between retries (default 5 min)
	Poll        time.Duration // longest sleep between looks at the store (default 1 s)
	Now         func() time.Time
	Logger      *slog.Logger
}

// Queue is the local jobs.Queue and its workers.
type Queue struct {
	store Store
	o     Options
	wake  chan struct{}
}

// New returns a queue over store.
func New(store Store, o Options) *Queue {
	if o.Workers <= 0 {
		o.Workers = 2
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 5
	}
	if o.Lease <= 0 {
		o.Lease = DefaultLease
	}
	if o.JobTimeout <= 0 {
		o.JobTimeout = 5 * time.Minute
	}
	if o.BackoffBase <= 0 {
		o.BackoffBase = 2 * time.Second
	}
	if o.BackoffMax <= 0 {
		o.BackoffMax = 5 * time.Minute
	}
	if o.Poll <= 0 {
		o.Poll = time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &Queue{store: store, o: o, wake: make(chan struct{}, 1)}
}

// Enqueue implements jobs.Queue: the job is stored, due now, and a worker
// is woken.
func (q *Queue) Enqueue(ctx context.Context, job jobs.Job) error {
	added, err := q.store.AddJob(ctx, job, q.o.Now())
	if err != nil {
		return fmt.Errorf("localqueue: enqueue %s: %w", job.Name, err)
	}
	if !added {
		return fmt.Errorf("localqueue: enqueue %s: %w", job.Name, jobs.ErrDuplicate)
	}
	q.notify()
	return nil
}

func (q *Queue) notify() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// DefaultLease is Options.Lease's default.
const DefaultLease = 30 * time.Second

// Run works the queue with h until ctx ends, then waits for the jobs in
// hand. Jobs a crashed process left claimed are claimable again at once:
// the local queue has one process, so at start every claim is a dead one's.
func (q *Queue) Run(ctx context.Context, h jobs.Handler) {
	if n, err := q.store.ReleaseLeases(ctx); err != nil {
		q.o.Logger.Error("job queue: releasing a previous process's claims", "err", err)
	} else if n > 0 {
		q.o.Logger.Warn("job queue: jobs a previous process left unfinished are run again", "jobs", n)
	}
	var wg sync.WaitGroup
	for i := 0; i < q.o.Workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q.work(ctx, h)
		}()
	}
	wg.Wait()
}

func (q *Queue) work(ctx context.Context, h jobs.Handler) {
	for ctx.Err() == nil {
		worked, err := q.RunOne(ctx, h)
		if err != nil {
			q.o.Logger.Error("job queue", "err", err)
		}
		if worked {
			q.notify() // there may be more: let another worker look too
			continue
		}
		wait := q.o.Poll
		if at, ok, err := q.store.NextJobAt(ctx); err == nil && ok {
			wait = min(max(at.Sub(q.o.Now()), 0), q.o.Poll)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
		case <-q.wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// RunOne claims one due job and runs it; worked is false when none was
// due. Tests drive the queue through it.
func (q *Queue) RunOne(ctx context.Context, h jobs.Handler) (worked bool, err error) {
	c, err := q.store.ClaimJob(ctx, q.o.Now(), q.o.Lease)
	if err != nil || c == nil {
		return false, err
	}
	attempt := jobs.Attempt{Number: c.Attempt, Final: c.Attempt >= q.o.MaxAttempts}
	log := q.o.Logger.With("job", c.Job.Name, "attempt", c.Attempt)

	// The job runs under its own time limit, and is not cut short by a
	// shutdown: what is in hand finishes (the server's shutdown timeout
	// bounds the wait). Its heartbeat keeps the claim while it runs.
	jctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), q.o.JobTimeout)
	stop := q.heartbeat(jctx, c, cancel, log)
	herr := safeRun(jctx, h, c.Job, attempt)
	stop()
	cancel()

	// Bookkeeping outlives a cancelled ctx: a finished job must be marked.
	bctx := context.WithoutCancel(ctx)
	now := q.o.Now()
	var ok bool
	switch {
	case herr == nil:
		ok, err = q.store.FinishJob(bctx, c.Job.Name, c.Attempt, now, "")
	case attempt.Final:
		log.Error("job failed on its last attempt", "err", herr)
		ok, err = q.store.FinishJob(bctx, c.Job.Name, c.Attempt, now, herr.Error())
	default:
		delay := jobs.Backoff(c.Attempt, q.o.BackoffBase, q.o.BackoffMax)
		log.Warn("job failed; retrying", "err", herr, "in", delay.String())
		ok, err = q.store.RetryJob(bctx, c.Job.Name, c.Attempt, now.Add(delay), herr.Error())
	}
	if err != nil {
		return true, fmt.Errorf("localqueue: %s: %w", c.Job.Name, err)
	}
	if !ok {
		log.Warn("job's lease was lost while it ran; the other delivery decides")
	}
	return true, nil
}

// heartbeat renews c's claim every Lease/3 until stop is called. A claim
// lost (the store says it is another attempt's) cancels the job: another
// worker runs it now.
func (q *Queue) heartbeat(ctx context.Context, c *Claimed, cancel context.CancelFunc, log *slog.Logger) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(q.o.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				ok, err := q.store.RenewJob(context.WithoutCancel(ctx), c.Job.Name, c.Attempt, q.o.Now().Add(q.o.Lease))
				switch {
				case err != nil:
					log.Warn("job heartbeat failed; trying again", "err", err)
				case !ok:
					log.Warn("job's claim was lost while it ran; stopping it")
					cancel()
					return
				}
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// safeRun turns a panicking job into a failed attempt.
func safeRun(ctx context.Context, h jobs.Handler, job jobs.Job, a jobs.Attempt) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("job panicked: %v", p)
		}
	}()
	return h(ctx, job, a)
}
