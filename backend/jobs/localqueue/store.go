package localqueue

import (
	"context"
	"time"

	"github.com/listinglift/listinglift/backend/jobs"
)

// Store keeps the queue durably, so jobs survive a restart. *sqlite.Store
// implements it (table jobs, migration 0003).
type Store interface {
	// AddJob records job to run at runAt. It reports false, changing
	// nothing, when a job of that name exists in any state.
	AddJob(ctx context.Context, job jobs.Job, runAt time.Time) (bool, error)
	// ClaimJob leases one due job: unfinished, runAt ≤ now, and not leased
	// or its lease expired (a worker that died mid-job). Earliest runAt
	// first. It adds one to the job's attempts, leases it until now+lease
	// and returns it with that attempt number; nil when nothing is due.
	ClaimJob(ctx context.Context, now time.Time, lease time.Duration) (*Claimed, error)
	// FinishJob marks the job done (outcome "" for success, else the last
	// error). It reports false, changing nothing, when attempt is no longer
	// the job's current attempt: the lease expired and another worker
	// claimed it again, or the claim was already released (retried or
	// finished). An unknown name is domain.ErrNotFound. A success clears
	// the last error.
	FinishJob(ctx context.Context, name string, attempt int, at time.Time, outcome string) (bool, error)
	// RetryJob releases the claim and schedules the job again at runAt,
	// keeping lastErr. Same stale-attempt rule as FinishJob.
	RetryJob(ctx context.Context, name string, attempt int, runAt time.Time, lastErr string) (bool, error)
	// RenewJob extends the claim of attempt until `until` while the job
	// runs (the worker's heartbeat). Same stale-attempt rule as FinishJob:
	// false when the claim is no longer this attempt's.
	RenewJob(ctx context.Context, name string, attempt int, until time.Time) (bool, error)
	// ReleaseLeases makes every claimed, unfinished job claimable now: at
	// start, the claims in the store are a dead process's (the local queue
	// has one process). It returns how many it released.
	ReleaseLeases(ctx context.Context) (int, error)
	// NextJobAt is when the next unfinished job becomes claimable (its
	// runAt, or its lease expiry when leased); ok is false when there is
	// none.
	NextJobAt(ctx context.Context) (at time.Time, ok bool, err error)
	// JobState reports a job's state, for tests and operators; ErrNotFound
	// (domain) when there is no such job.
	JobState(ctx context.Context, name string) (*State, error)
	// JobBacklog counts the unfinished jobs (at most limit; Capped when
	// there are more) and the earliest runAt among them: the queue's
	// depth and its oldest waiting work, for the sweeper's alerts.
	JobBacklog(ctx context.Context, limit int) (jobs.Backlog, error)
}

// Claimed is a leased job.
type Claimed struct {
	Job     jobs.Job
	Attempt int // 1 for the first delivery
}

// State is what the store knows about one job.
type State struct {
	Job        jobs.Job
	Attempts   int
	RunAt      time.Time
	LeaseUntil *time.Time
	DoneAt     *time.Time
	LastError  string
}
