package orders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/jobs"
)

// SweepResult says what one sweep did.
type SweepResult struct {
	Requeued []string // order ids sent again
	GaveUp   []string // order ids failed after MaxRequeues
}

// MsgStuck is the reason a paid order the sweeper gave up on shows.
const MsgStuck = MsgReportFailed + " It did not finish after several tries on our side."

// sweepBatch bounds one sweep; the next sweep takes the rest.
const sweepBatch = 100

// Sweep finds paid orders still processing long after their job was last
// sent — a task that never reached a final attempt (a wrong OIDC audience,
// an instance killed mid-request, a queue paused) — and sends each job
// again under a new name (report-<id>-<n>; the old name is refused by the
// queue), exactly once per stuck period: the store's ClaimRequeue decides
// between racing sweepers. After MaxRequeues it fails the order with a
// reason, so a paid order always ends. Cloud Scheduler calls it through
// POST /internal/sweep; the local queue's server runs it on a ticker.
func (s *Service) Sweep(ctx context.Context) (SweepResult, error) {
	var res SweepResult
	now := s.d.Now()
	cut := now.Add(-s.d.SweepAfter)
	stuck, err := s.d.Store.StuckOrders(ctx, cut, cut, sweepBatch)
	if err != nil {
		return res, fmt.Errorf("orders: sweep: %w", err)
	}
	var errs []error
	for _, o := range stuck {
		log := s.d.Logger.With("optimization", o.ID, "requeues", o.Requeues, "paid_at", o.PaidAt, "stage", o.Stage)
		if o.Requeues >= s.d.MaxRequeues {
			first, err := s.d.Store.Fail(ctx, o.ID, MsgStuck, now)
			if err != nil {
				errs = append(errs, fmt.Errorf("give up %s: %w", o.ID, err))
				continue
			}
			if first {
				res.GaveUp = append(res.GaveUp, o.ID)
				log.Error("stuck order given up; refunding it")
				s.refundDue(ctx, o.ID, jobs.RefundFor(o.ID))
			}
			continue
		}
		claimed, err := s.d.Store.ClaimRequeue(ctx, o.ID, o.Requeues, now)
		if err != nil {
			errs = append(errs, fmt.Errorf("claim %s: %w", o.ID, err))
			continue
		}
		if !claimed {
			continue // another sweeper took it, or it moved on
		}
		job := traced(ctx, jobs.Job{Name: jobs.RequeueName(o.ID, o.Requeues+1), OptimizationID: o.ID})
		if err := s.d.Queue.Enqueue(ctx, job); err != nil && !errors.Is(err, jobs.ErrDuplicate) {
			// Claimed but not sent: the next sweep after SweepAfter tries
			// the next name.
			errs = append(errs, fmt.Errorf("enqueue %s: %w", job.Name, err))
			continue
		}
		res.Requeued = append(res.Requeued, o.ID)
		log.Warn("stuck order re-queued", "job", job.Name)
	}
	if len(errs) > 0 {
		return res, fmt.Errorf("orders: sweep: %w", errors.Join(errs...))
	}
	return res, nil
}

// resumeBatch bounds how many interrupted orders one start picks up; a
// local server has a handful, and the sweeper takes any beyond it.
const resumeBatch = 1000

// ResumeInterrupted queues the report job of every order that was paid
// before start and is still processing, and returns their ids. It is for a
// queue with one process (the local queue), called as that process starts:
// whatever was processing then was cut off with the process that ran it.
// An order whose job is in the queue already (paid through checkout) gives
// ErrDuplicate and is left to the queue, which runs it at once; an order
// fulfilled directly with payments off (Optimize runs its job in the
// request, never queued) gets its job now, so it completes with no client
// call instead of waiting for the sweeper. Never call it with several
// processes sharing the store: another one's running order would run twice.
func (s *Service) ResumeInterrupted(ctx context.Context, start time.Time) ([]string, error) {
	cut, err := s.d.Store.StuckOrders(ctx, start, start, resumeBatch)
	if err != nil {
		return nil, fmt.Errorf("orders: resume interrupted orders: %w", err)
	}
	var resumed []string
	var errs []error
	for _, o := range cut {
		err := s.d.Queue.Enqueue(ctx, jobs.ForOptimization(o.ID))
		switch {
		case errors.Is(err, jobs.ErrDuplicate):
			continue
		case err != nil:
			errs = append(errs, fmt.Errorf("enqueue %s: %w", o.ID, err))
			continue
		}
		resumed = append(resumed, o.ID)
		s.d.Logger.Warn("order cut off by a restart resumed", "optimization", o.ID, "paid_at", o.PaidAt, "stage", o.Stage)
	}
	if len(errs) > 0 {
		return resumed, fmt.Errorf("orders: resume interrupted orders: %w", errors.Join(errs...))
	}
	return resumed, nil
}
