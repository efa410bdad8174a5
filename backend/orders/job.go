package orders

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/reportmail"
	"github.com/listinglift/listinglift/backend/store"
)

// jobOrder loads a job's order with a logger for the job. A missing order
// gives (log, nil, nil): the job is dropped, since no retry can bring the
// order back; other read errors are returned for a retry. Orders go
// missing in the ordinary course (the host removed an unpaid order or
// deleted the account, which refuses while money is unsettled, so no job
// owed anything is lost), hence info, not error.
func (s *Service) jobOrder(ctx context.Context, job jobs.Job, attempt jobs.Attempt) (*slog.Logger, *domain.Optimization, error) {
	log := s.d.Logger.With("optimization", job.OptimizationID, "job", job.Name, "attempt", attempt.Number)
	if job.RequestID != "" {
		log = log.With("request_id", job.RequestID)
	}
	if tr, ok := logging.ParseTrace("", job.Trace); ok {
		log = log.With(tr.Attrs(s.d.TraceProject)...)
	}
	o, err := s.d.Orders.GetOptimization(ctx, job.OptimizationID)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		log.Info("job for a missing order dropped (removed, or its account deleted)")
		return log, nil, nil
	}
	if err != nil {
		return log, nil, fmt.Errorf("orders: job %s: %w", job.Name, err)
	}
	return log, o, nil
}

// Handle is the jobs.Handler for every kind of job.
func (s *Service) Handle(ctx context.Context, job jobs.Job, attempt jobs.Attempt) error {
	if tr, ok := logging.ParseTrace("", job.Trace); ok {
		ctx = logging.WithTrace(ctx, tr) // jobs this job queues stay in the trace
	}
	if job.RequestID != "" {
		ctx = logging.WithRequestID(ctx, job.RequestID)
	}
	switch job.Kind() {
	case jobs.KindEmail:
		return s.RunEmail(ctx, job, attempt)
	case jobs.KindRefund:
		return s.RunRefund(ctx, job, attempt)
	case jobs.KindUpgrade:
		return s.RunUpgrade(ctx, job, attempt)
	case jobs.KindPDF:
		return s.RunPDF(ctx, job, attempt)
	case jobs.KindWatch:
		return s.RunWatch(ctx, job, attempt)
	}
	return s.Run(ctx, job, attempt)
}

// Run is the report job. It is idempotent: a finished
// order is left alone, and the store completes an order at most once, so a
// second delivery racing the first cannot store a second report.
//
// An error asks the queue for a retry. On the final attempt, or for an
// error no retry can fix (the listing is gone, the link is not a listing),
// the order is marked failed with a reason the host can read first.
func (s *Service) Run(ctx context.Context, job jobs.Job, attempt jobs.Attempt) error {
	log, o, err := s.jobOrder(ctx, job, attempt)
	if o == nil {
		return err
	}
	if o.Status.Finished() {
		log.Info("report job for a finished order skipped", "status", o.Status)
		// A retry after a completion whose outcome the job never learned
		// (a commit that timed out but was applied): the e-mail the
		// completion made due still needs its job.
		s.ensureEmailQueued(ctx, o)
		if refundOwed(o) { // a refund whose job was never queued
			s.refundDue(ctx, o.ID, jobs.RefundFor(o.ID))
		}
		return nil
	}
	if o.PaidAt == nil {
		// Only pay() queues jobs, after MarkPaid; never make a report for
		// an order nobody paid for.
		log.Error("report job for an unpaid order dropped")
		return nil
	}

	// One budget for the whole job, well inside the task request's own
	// limits (jobs.ReportBudget), so that even the final attempt has time
	// to record its outcome.
	bctx, cancel := context.WithTimeoutCause(ctx, s.d.JobBudget, errOverBudget)
	defer cancel()
	out, err := s.report(bctx, o, func(ctx context.Context, st domain.Stage) {
		if err := s.d.Fulfilment.SetStage(ctx, o.ID, st); err != nil {
			log.Warn("recording progress failed", "stage", st, "err", err)
		}
	})
	if err == nil {
		err = s.save(bctx, o, out)
		if err == nil {
			return nil
		}
	}
	if ctx.Err() != nil {
		// Stopped from outside (shutdown, lease lost): not the order's
		// fault, whatever the attempt.
		return fmt.Errorf("orders: job %s interrupted: %w", job.Name, err)
	}
	if context.Cause(bctx) == errOverBudget {
		err = fmt.Errorf("%w (%s): %w", errOverBudget, s.d.JobBudget, err)
	}
	permanent := isPermanent(err)
	if attempt.Final || permanent {
		reason := FailureReason(err)
		// A fresh deadline: the budget's may be spent, and the failure
		// must be recorded whatever the job's own context says.
		rctx, rcancel := context.WithTimeout(context.WithoutCancel(ctx), jobs.RecordTimeout)
		defer rcancel()
		if _, ferr := s.d.Fulfilment.Fail(rctx, o.ID, reason, s.d.Now()); ferr != nil {
			return fmt.Errorf("orders: job %s: recording the failure (%v): %w", job.Name, err, ferr)
		}
		if permanent {
			// The host's input (not a listing, a private address, a listing
			// gone): theirs to fix, not ours to alert on.
			log.Warn("report failed on the host's input; refunding the payment", "reason", reason, "err", err)
			if slot, ok := ctx.Value(causeKey{}).(*error); ok {
				*slot = err
			}
		} else {
			log.Error("report failed; refunding the payment", logging.Event(logging.EventOrderFailed), "reason", reason, "err", err, "permanent", permanent)
		}
		// The host paid for a report they will not get: the money goes
		// back (a job of its own, retried; see money.go).
		s.refundDue(rctx, o.ID, jobs.RefundFor(o.ID))
		if permanent {
			return nil // nothing to retry
		}
	} else {
		log.Warn("report attempt failed; will retry", "err", err)
	}
	return fmt.Errorf("orders: job %s: %w", job.Name, err)
}

// errOverBudget is why a job stopped when its time budget ran out.
var errOverBudget = errors.New("the report job ran out of its time budget")

// save stores the finished report: the PDF's key first, then the results
// and the completed status together — for Premium with the e-mail marked
// due in the same write — and then queues the e-mail's job.
func (s *Service) save(ctx context.Context, o *domain.Optimization, out *Outcome) error {
	log := s.d.Logger.With("optimization", o.ID)
	if err := s.d.Fulfilment.SetStage(ctx, o.ID, domain.StageSaving); err != nil {
		log.Warn("recording progress failed", "stage", domain.StageSaving, "err", err)
	}
	if out.PDFPath != "" {
		if err := s.d.Fulfilment.SetPDF(ctx, o.ID, out.PDFPath); err != nil {
			return err
		}
	}
	if out.PDFOwed {
		// Before the completion, as the key would be: a completed order
		// has its PDF or the record that it owes it.
		if _, err := s.d.Orders.Apply(ctx, o.ID, store.PDFOwed(s.d.Now())); err != nil {
			return err
		}
	}
	first, err := s.d.Fulfilment.Complete(ctx, o.ID, out.Results, s.d.Now(), s.emailsReport(o))
	if err != nil || !first {
		return err
	}
	log.Info("report completed", "plan", o.PlanType, "pdf", out.PDFPath != "", "pdf_owed", out.PDFOwed)
	if o.RecheckOf == "" {
		if err := s.startWatch(ctx, o.ID, o.PlanType, out.Results); err != nil {
			log.Warn("starting the watch failed; the report e-mail's job starts it", "err", err)
		}
	}
	if out.PDFOwed {
		s.queuePDF(ctx, o.ID)
	}
	if s.emailsReport(o) {
		s.queueEmail(ctx, o.ID)
	}
	return nil
}

// report runs the Reporter; a panic in it is a failed attempt like any
// other, so the order still ends completed or failed.
func (s *Service) report(ctx context.Context, o *domain.Optimization, progress func(context.Context, domain.Stage)) (_ *Outcome, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("report panicked: %v", p)
		}
	}()
	return s.d.Reporter.Report(ctx, o, progress)
}

// isPermanent reports errors no retry can fix: the request itself is wrong
// (not a listing), the listing does not exist, or its page is not the
// listing (a region page, another listing's page).
func isPermanent(err error) bool {
	switch domain.ErrorCode(err) {
	case domain.CodeInvalid, domain.CodeNotFound, domain.CodeUnreadable:
		return true
	}
	return false
}

// MsgReportFailed starts every failure reason.
const MsgReportFailed = reportmail.ReportFailed

// FailureReason is what the host reads on a failed order: the cause when it
// is one they can act on. The refund, the order number and support are
// said beside it (the failure screen, the refund e-mail).
func FailureReason(err error) string {
	var de *domain.Error
	if errors.As(err, &de) && de.Code != domain.CodeInternal && de.Message != "" {
		return MsgReportFailed + " " + de.Message
	}
	return MsgReportFailed + " Something went wrong on our side after several tries."
}

// Optimize is the SPEC's direct path for when payments are off (local work
// only): the recorded order is fulfilled now, without charge, through the
// same job, and the finished order is returned. When the host's input made
// the report impossible (not a listing, a private address, a listing gone),
// the failed order comes back with that error, its code and message as
// /api/scrape gives them.
func (s *Service) Optimize(ctx context.Context, c Customer, id string, req StartRequest) (*domain.Optimization, error) {
	if s.PaymentsOn() {
		return nil, domain.Errorf(domain.CodeNotFound, "Payments are on: pay through checkout.")
	}
	var o *domain.Optimization
	if id != "" {
		got, err := s.Lookup(ctx, c.UID, id)
		if err != nil {
			return nil, err
		}
		o = got
	} else {
		st, err := s.Start(ctx, c, req)
		if err != nil {
			return nil, err
		}
		o = st.Optimization
	}
	if !o.Status.Finished() {
		first, err := s.d.Purchases.MarkPaid(ctx, o.ID, s.d.Now())
		if err != nil {
			return nil, fmt.Errorf("orders: optimize %s: %w", o.ID, err)
		}
		if first {
			s.appendToCustomer(ctx, o.CustomerUID, o.ID)
		}
		// Run records a failure itself; its error is for queues. A failure
		// the host's input caused is theirs to fix: said as a 4xx with the
		// same message /api/scrape gives.
		var cause error
		if err := s.Run(context.WithValue(ctx, causeKey{}, &cause), jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1, Final: true}); err != nil {
			s.d.Logger.Warn("direct optimization failed", "optimization", o.ID, "err", err)
		}
		if cause != nil {
			got, err := s.d.Orders.GetOptimization(ctx, o.ID)
			if err != nil {
				return nil, err
			}
			return got, &domain.Error{Code: domain.ErrorCode(cause), Message: domain.ErrorMessage(cause), Err: cause}
		}
	}
	return s.d.Orders.GetOptimization(ctx, o.ID)
}

// causeKey carries, for Optimize, where Run puts the host-caused error of a
// report it recorded as failed.
type causeKey struct{}
