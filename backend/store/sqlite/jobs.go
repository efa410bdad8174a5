package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
)

// The local job queue keeps its jobs here (table jobs, migration 0003), in
// the same database as the orders, so a queued report survives a restart
// exactly as its order does.
var _ localqueue.Store = (*Store)(nil)

// AddJob inserts the job unless one of that name exists, done or not: the
// name is deterministic per order, so a second enqueue is a duplicate.
func (s *Store) AddJob(ctx context.Context, job jobs.Job, runAt time.Time) (bool, error) {
	if job.Name == "" {
		return false, fmt.Errorf("sqlite: add job for optimization %s: empty job name", job.OptimizationID)
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO jobs (name, optimization_id, run_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO NOTHING`, job.Name, job.OptimizationID, toMicros(runAt))
	if err != nil {
		return false, fmt.Errorf("sqlite: add job %s: %w", job.Name, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("sqlite: add job %s: %w", job.Name, err)
	}
	return n == 1, nil
}

// ClaimJob leases the earliest due job. Choosing and leasing is one UPDATE
// whose WHERE picks the row by subquery, run in a transaction that the DSN
// makes IMMEDIATE: the write lock is taken before the choice is read, so
// two workers can never choose the same row, and the loser waits on
// busy_timeout and then sees the winner's lease. Each claim adds one to
// attempts, which is how FinishJob and RetryJob recognise a stale worker.
func (s *Store) ClaimJob(ctx context.Context, now time.Time, lease time.Duration) (*localqueue.Claimed, error) {
	if lease <= 0 {
		// A lease that has already run out would let another worker
		// claim the job while this one runs it.
		return nil, fmt.Errorf("sqlite: claim job: lease %v is not positive", lease)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("sqlite: claim job: %w", err)
	}
	defer tx.Rollback() // no-op after Commit

	at := toMicros(now)
	var c localqueue.Claimed
	err = tx.QueryRowContext(ctx, `UPDATE jobs
		SET attempts = attempts + 1, lease_until = ?
		WHERE name = (
			SELECT name FROM jobs
			WHERE done_at IS NULL AND run_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
			ORDER BY run_at, name
			LIMIT 1)
		RETURNING name, optimization_id, attempts`,
		toMicros(now.Add(lease)), at, at,
	).Scan(&c.Job.Name, &c.Job.OptimizationID, &c.Attempt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil // nothing due
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: claim job: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("sqlite: claim job %s: %w", c.Job.Name, err)
	}
	return &c, nil
}

// FinishJob marks the job done and records outcome as its last error, so
// a done job with no last error succeeded. It applies only while attempt
// still holds the claim: the job's current attempt, not yet released by
// FinishJob or RetryJob.
func (s *Store) FinishJob(ctx context.Context, name string, attempt int, at time.Time, outcome string) (bool, error) {
	return s.whileClaimed(ctx, "finish", name, attempt, `done_at = ?, lease_until = NULL, last_error = ?`, toMicros(at), outcome)
}

// RetryJob releases the claim and schedules the job again at runAt, under
// the same rule as FinishJob. Releasing the claim means a repeated RetryJob
// of the same attempt changes nothing.
func (s *Store) RetryJob(ctx context.Context, name string, attempt int, runAt time.Time, lastErr string) (bool, error) {
	return s.whileClaimed(ctx, "retry", name, attempt, `run_at = ?, lease_until = NULL, last_error = ?`, toMicros(runAt), lastErr)
}

// RenewJob extends the claim of attempt to until, under FinishJob's rule.
func (s *Store) RenewJob(ctx context.Context, name string, attempt int, until time.Time) (bool, error) {
	return s.whileClaimed(ctx, "renew", name, attempt, `lease_until = ?`, toMicros(until))
}

// whileClaimed sets the job's columns (set, with its args) only while
// attempt holds the claim: FinishJob's rule, stated once for the three
// that follow it. verb names the change in the error.
func (s *Store) whileClaimed(ctx context.Context, verb, name string, attempt int, set string, args ...any) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE jobs SET `+set+`
		WHERE name = ? AND attempts = ? AND lease_until IS NOT NULL AND done_at IS NULL`,
		append(args, name, attempt)...)
	ok, err := s.applied(ctx, res, err, existsJob, name)
	if err != nil {
		return false, fmt.Errorf("sqlite: %s job %s attempt %d: %w", verb, name, attempt, err)
	}
	return ok, nil
}

// ReleaseLeases makes every claimed, unfinished job claimable now.
func (s *Store) ReleaseLeases(ctx context.Context) (int, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE jobs SET lease_until = NULL WHERE lease_until IS NOT NULL AND done_at IS NULL`)
	if err != nil {
		return 0, fmt.Errorf("sqlite: release leases: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("sqlite: release leases: %w", err)
	}
	return int(n), nil
}

// NextJobAt is the earliest moment an unfinished job becomes claimable:
// the later of its run_at and its lease expiry, the inverse of ClaimJob's
// condition. Unfinished jobs are few, so the scan of jobs_due is cheap.
func (s *Store) NextJobAt(ctx context.Context) (time.Time, bool, error) {
	var next sql.NullInt64
	if err := s.rd.QueryRowContext(ctx, `SELECT min(max(run_at, coalesce(lease_until, run_at)))
		FROM jobs WHERE done_at IS NULL`).Scan(&next); err != nil {
		return time.Time{}, false, fmt.Errorf("sqlite: next job time: %w", err)
	}
	if !next.Valid {
		return time.Time{}, false, nil
	}
	return fromMicros(next.Int64), true, nil
}

// JobState returns what is stored about job name, or domain.ErrNotFound.
func (s *Store) JobState(ctx context.Context, name string) (*localqueue.State, error) {
	var (
		st          localqueue.State
		runAt       int64
		lease, done sql.NullInt64
	)
	err := s.rd.QueryRowContext(ctx, `SELECT name, optimization_id, attempts, run_at, lease_until, done_at, last_error
		FROM jobs WHERE name = ?`, name,
	).Scan(&st.Job.Name, &st.Job.OptimizationID, &st.Attempts, &runAt, &lease, &done, &st.LastError)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: job state of %s: %w", name, domain.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: job state of %s: %w", name, err)
	}
	st.RunAt, st.LeaseUntil, st.DoneAt = fromMicros(runAt), timeOrNil(lease), timeOrNil(done)
	return &st, nil
}
