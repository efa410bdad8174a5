package orders

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/store"
)

// SweepResult says what one sweep did.
type SweepResult struct {
	Requeued []string // order ids whose report, refund or upgrade job was sent again
	GaveUp   []string // order ids failed (and refunded) GiveUpAfter their payment
	Waiting  []string // order ids left alone: their task still waits in the queue
	Overdue  []string // order ids owing a refund or upgrade past OwedAlertAfter
	Strays   []string // sessions whose stray payment was refunded
	Delivery []string // order ids whose owed PDF or e-mail job was sent again
	Accounts []string // uids whose account deletion the sweep finished
}

// MsgStuck is the reason a paid order the sweeper gave up on shows.
const MsgStuck = MsgReportFailed + " It did not finish after several tries on our side."

// The sweeper's defaults (Deps) and bounds.
const (
	// DefaultSweepAfter is also SweepAfter's least: a job is sent again
	// only well past every retry of a job that is merely slow.
	DefaultSweepAfter     = 15 * time.Minute
	DefaultGiveUpAfter    = 2 * time.Hour
	DefaultOwedAlertAfter = time.Hour
	// sweepBatch is one page of one kind of owed work; sweepPages bounds
	// the pages one sweep reads (the next sweep takes the rest).
	sweepBatch = 100
	sweepPages = 20
	// Queue alerts: a backlog of more than backlogWarnTasks tasks, or an
	// oldest task older than backlogWarnAge, is logged at WARN; older
	// than backlogErrorAge at ERROR.
	backlogWarnTasks = 200
	backlogWarnAge   = 15 * time.Minute
	backlogErrorAge  = time.Hour
)

// The sweep's alert-worthy log messages: stable, so log-based metrics and
// alerts can match them (DEPLOY.md, "Metrics and alerts").
const (
	LogOwedOverdue    = "money owed past its deadline"
	LogWaitingPastDue = "paid order still waiting in the queue past its deadline"
	LogGaveUp         = "stuck order given up; refunding it"
	LogQueueBacklog   = "job queue backlog"
	LogQueueStale     = "job queue oldest task over an hour"
	LogInspectFailed  = "asking the queue about a task failed"
	LogSweepTruncated = "sweep stopped before the end of its work"
)

// sweepStep is one kind of owed work Sweep looks for.
type sweepStep struct {
	name string
	run  func(ctx context.Context, res *SweepResult) error
}

// sweepSteps lists every kind of owed work, each found by state through an
// indexed store query: money and reports by OwedOrders, the PDFs to
// repair and e-mails due by OwedDeliveries (deliveries.go).
func (s *Service) sweepSteps() []sweepStep {
	return []sweepStep{
		{"reports", func(ctx context.Context, res *SweepResult) error { return s.sweepOwed(ctx, store.WorkReport, res) }},
		{"refunds", func(ctx context.Context, res *SweepResult) error { return s.sweepOwed(ctx, store.WorkRefund, res) }},
		{"upgrades", func(ctx context.Context, res *SweepResult) error { return s.sweepOwed(ctx, store.WorkUpgrade, res) }},
		{"stray refunds", s.sweepStrays},
		{"queue", s.sweepQueue},
		{"deliveries", func(ctx context.Context, res *SweepResult) error {
			ids, err := s.SweepDeliveries(ctx, s.d.Now())
			res.Delivery = append(res.Delivery, ids...)
			return err
		}},
		{"account deletions", s.sweepAccounts},
	}
}

// Sweep finds the work paid orders are still owed (store.Owed: a report
// not made, a refund not made, an upgrade not made or not refunded) whose
// job was last sent SweepAfter ago or more, and sends each job again under
// a fresh name (report-<id>-<n>, refund-<id>-<n>, upgrade-<id>-<session>-<n>;
// the old name is refused by the queue for about an hour), once per stuck
// period: store.Resent decides between racing sweepers. An order whose
// task the queue still holds (jobs.Inspector) is left alone: it is only
// waiting. A report not made GiveUpAfter its payment, with no task
// waiting, is failed and refunded, so a paid order always ends; a refund
// or upgrade owed past OwedAlertAfter is logged at ERROR. Cloud Scheduler
// calls it through POST /internal/sweep; the local queue's server runs it
// on a ticker.
func (s *Service) Sweep(ctx context.Context) (SweepResult, error) {
	var res SweepResult
	var errs []error
	for _, step := range s.sweepSteps() {
		if err := step.run(ctx, &res); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", step.name, err))
		}
	}
	if len(errs) > 0 {
		return res, fmt.Errorf("orders: sweep: %w", errors.Join(errs...))
	}
	return res, nil
}

// sweepOwed pages through the orders owing kind of work, least recently
// sent first, so an order left waiting never hides one behind it.
func (s *Service) sweepOwed(ctx context.Context, kind store.Work, res *SweepResult) error {
	cut := s.d.Now().Add(-s.d.SweepAfter)
	var after *domain.Optimization
	var errs []error
	for range sweepPages {
		page, err := s.d.Owed.OwedOrders(ctx, kind, cut, after, sweepBatch)
		if err != nil {
			return errors.Join(append(errs, err)...)
		}
		for i := range page {
			if err := s.sweepOne(ctx, &page[i], res); err != nil {
				errs = append(errs, err)
			}
		}
		if len(page) < sweepBatch {
			return errors.Join(errs...)
		}
		after = &page[len(page)-1]
	}
	s.d.Logger.Warn(LogSweepTruncated, "work", kind, "orders", sweepPages*sweepBatch)
	return errors.Join(errs...)
}

// sweepOne acts on one order owing work.
func (s *Service) sweepOne(ctx context.Context, o *domain.Optimization, res *SweepResult) error {
	w := store.Owed(o)
	if w == store.WorkNone {
		return nil // settled since the query
	}
	now := s.d.Now()
	owedFor := now.Sub(store.OwedSince(o, w))
	log := s.d.Logger.With("optimization", o.ID, "work", w, "requeues", o.Requeues, "owed_for", owedFor.Round(time.Second).String(),
		"last_job", o.LastJob, "stage", o.Stage)
	waiting := s.waiting(ctx, o, w, log)
	if w == store.WorkReport && owedFor >= s.d.GiveUpAfter {
		if waiting {
			// Its task is still queued: a backlog, not a lost job. It is
			// left to run; the queue's alerts say why it waits.
			res.Waiting = append(res.Waiting, o.ID)
			log.Error(LogWaitingPastDue, logging.Event(logging.EventPaidOrderWaiting))
			return nil
		}
		first, err := s.d.Fulfilment.Fail(ctx, o.ID, MsgStuck, now)
		if err != nil {
			return fmt.Errorf("give up %s: %w", o.ID, err)
		}
		if first {
			res.GaveUp = append(res.GaveUp, o.ID)
			log.Error(LogGaveUp, logging.Event(logging.EventStuckOrderGivenUp))
			s.refundDue(ctx, o.ID, jobs.RefundFor(o.ID))
		}
		return nil
	}
	if w != store.WorkReport && owedFor >= s.d.OwedAlertAfter {
		res.Overdue = append(res.Overdue, o.ID)
		log.Error(LogOwedOverdue, logging.Event(logging.EventMoneyOwed))
	}
	if waiting {
		res.Waiting = append(res.Waiting, o.ID)
		return nil
	}
	job := jobs.Again(firstJob(o, w), o.Requeues+1)
	claimed, err := s.d.Orders.Apply(ctx, o.ID, store.Resent(w, o.Requeues, job.Name, now))
	if err != nil {
		return fmt.Errorf("claim %s: %w", o.ID, err)
	}
	if !claimed {
		return nil // another sweeper took it, or it moved on
	}
	switch err := s.d.Queue.Enqueue(ctx, traced(ctx, job)); {
	case errors.Is(err, jobs.ErrDuplicate):
		// A fresh name should never be taken; if it is, the work stays
		// owed and the next period's sweep uses the next name.
		log.Warn("a fresh job name was refused as a duplicate", "job", job.Name)
		return nil
	case err != nil:
		// Claimed but not sent: the next sweep after SweepAfter tries
		// the next name.
		return fmt.Errorf("enqueue %s: %w", job.Name, err)
	}
	res.Requeued = append(res.Requeued, o.ID)
	log.Warn("owed work sent again", logging.Event(logging.EventStuckOrderResent), "job", job.Name)
	return nil
}

// firstJob is the job that first sent o's owed work w; the sweeper's
// fresh names extend it (jobs.Again).
func firstJob(o *domain.Optimization, w store.Work) jobs.Job {
	switch w {
	case store.WorkRefund:
		return jobs.RefundFor(o.ID)
	case store.WorkUpgrade:
		return jobs.UpgradeFor(o.ID, o.Upgrade.SessionID)
	case store.WorkUpgradeRefund:
		return jobs.UpgradeRefundFor(o.ID, o.Upgrade.SessionID)
	}
	return jobs.ForOptimization(o.ID)
}

// waiting reports whether the queue still holds a task for o's work w:
// the first job's name or the last one sent. A queue that cannot say
// (no jobs.Inspector, or an error: logged) counts as not waiting, so the
// work is sent again — a duplicate run is harmless, a lost one is not.
func (s *Service) waiting(ctx context.Context, o *domain.Optimization, w store.Work, log *slog.Logger) bool {
	insp, ok := s.d.Queue.(jobs.Inspector)
	if !ok {
		return false
	}
	names := []string{firstJob(o, w).Name}
	if o.LastJob != "" && o.LastJob != names[0] {
		names = append(names, o.LastJob)
	}
	for _, name := range names {
		pending, err := insp.Pending(ctx, name)
		if err != nil {
			log.Error(LogInspectFailed, logging.Event(logging.EventQueueAskFailed), "job", name, "err", err)
			return false
		}
		if pending {
			return true
		}
	}
	return false
}

// sweepStrays refunds stray payments whose refund failed when their
// webhook came (the delivery after usually makes it first).
func (s *Service) sweepStrays(ctx context.Context, res *SweepResult) error {
	now := s.d.Now()
	owed, err := s.d.Owed.OwedStrayRefunds(ctx, now.Add(-s.d.SweepAfter), sweepBatch)
	if err != nil {
		return err
	}
	var errs []error
	for _, r := range owed {
		if now.Sub(r.CreatedAt) >= s.d.OwedAlertAfter {
			s.d.Logger.Error(LogOwedOverdue, logging.Event(logging.EventMoneyOwed), "session", r.SessionID, "optimization", r.OptimizationID, "work", "stray-refund",
				"owed_for", now.Sub(r.CreatedAt).Round(time.Second).String())
		}
		if err := s.settleStray(ctx, r.SessionID); err != nil {
			errs = append(errs, err)
			continue
		}
		res.Strays = append(res.Strays, r.SessionID)
	}
	return errors.Join(errs...)
}

// sweepQueue logs the queue's depth and its oldest task's age when they
// call for attention (Cloud Monitoring alerts on the same: DEPLOY.md).
func (s *Service) sweepQueue(ctx context.Context, _ *SweepResult) error {
	insp, ok := s.d.Queue.(jobs.Inspector)
	if !ok {
		return nil
	}
	b, err := insp.Backlog(ctx, 5*backlogWarnTasks)
	if err != nil {
		s.d.Logger.Error(LogInspectFailed, logging.Event(logging.EventQueueAskFailed), "err", err)
		return nil // the sweep's own work is done; this is a report
	}
	var age time.Duration
	if !b.Oldest.IsZero() {
		age = s.d.Now().Sub(b.Oldest)
	}
	attrs := []any{"tasks", b.Tasks, "capped", b.Capped, "oldest_age", age.Round(time.Second).String()}
	switch {
	case age > backlogErrorAge:
		s.d.Logger.Error(LogQueueStale, append([]any{logging.Event(logging.EventQueueOldestOverHour)}, attrs...)...)
	case age > backlogWarnAge || b.Tasks > backlogWarnTasks:
		s.d.Logger.Warn(LogQueueBacklog, append([]any{logging.Event(logging.EventQueueBacklog)}, attrs...)...)
	}
	return nil
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
	cut, err := s.d.Owed.StuckOrders(ctx, start, start, resumeBatch)
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

// accountsBudget bounds the sweep's work on unfinished account deletions,
// so one sweep request stays well inside its own time limit; the next
// sweep goes on.
const accountsBudget = 30 * time.Second

// sweepAccounts finishes the account deletions a host's request left part
// done (deletion is final: the tombstone is written first, and the rest
// never waits for the host to press Delete again).
func (s *Service) sweepAccounts(ctx context.Context, res *SweepResult) error {
	if s.d.Accounts == nil {
		return nil
	}
	uids, err := s.d.Accounts.FinishPending(ctx, accountsBudget)
	res.Accounts = append(res.Accounts, uids...)
	return err
}
