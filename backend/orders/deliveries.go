package orders

import (
	"context"
	"errors"
	"fmt"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/plans"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/store"
)

// Deliverables owed (issue 28): a PDF that could not be stored and an
// e-mail still due are state on the order (PDFDue, Email pending, OwedAt),
// not a task: when the queue's attempts for their jobs run out (storage or
// SendGrid down for longer than the queue's backoff), SweepDeliveries
// finds them by an indexed query and sends their jobs again under fresh
// names. A queue's ErrDuplicate never counts as sent.

// owedBatch bounds one delivery sweep; the next sweep takes the rest.
const owedBatch = 100

// owedAlertAfter is how many re-sends an owed deliverable gets before each
// further one logs MsgStillOwed at ERROR (about an hour at the default
// OwedRetryAfter).
const owedAlertAfter = 4

// MsgStillOwed is the ERROR the delivery sweeper logs for an order whose
// PDF or e-mail is still owed after owedAlertAfter re-sends; DEPLOY.md's
// alerts name it.
const MsgStillOwed = "deliverable still owed after repeated re-sends"

// SweepDeliveries finds orders owing their PDF or e-mail whose last job
// was sent more than OwedRetryAfter before now, and sends those jobs again
// (pdf-<id>-<n>, email-<id>-<n>), each order once per sweep however many
// sweepers run (the store's ClaimOwed decides). It returns the ids of the
// orders whose jobs it sent. An order found owing nothing after all (a
// refund since, a report still being made) has its OwedAt corrected.
func (s *Service) SweepDeliveries(ctx context.Context, now time.Time) (requeued []string, err error) {
	owed, err := s.d.Owed.OwedDeliveries(ctx, now.Add(-s.d.OwedRetryAfter), owedBatch)
	if err != nil {
		return nil, fmt.Errorf("orders: sweep deliveries: %w", err)
	}
	var errs []error
	for i := range owed {
		o := &owed[i]
		if !o.Owes() {
			if _, err := s.d.Orders.Apply(ctx, o.ID, store.SettleOwed(now)); err != nil {
				errs = append(errs, fmt.Errorf("settle %s: %w", o.ID, err))
			}
			continue
		}
		names, err := s.resendOwed(ctx, o, now)
		if err != nil {
			errs = append(errs, fmt.Errorf("re-send %s: %w", o.ID, err))
		}
		if len(names) == 0 {
			continue
		}
		requeued = append(requeued, o.ID)
		log := s.d.Logger.With("optimization", o.ID, "jobs", names, "requeues", o.OwedRequeues+1,
			"pdf_owed", o.OwesPDF(), "email_owed", o.OwesEmail(), "email_error", o.Email.LastError)
		if o.OwedRequeues+1 >= owedAlertAfter {
			log.Error(MsgStillOwed, logging.Event(logging.EventDeliverableStillOwed))
		} else {
			log.Warn("owed deliverable re-sent")
		}
	}
	if len(errs) > 0 {
		return requeued, fmt.Errorf("orders: sweep deliveries: %w", errors.Join(errs...))
	}
	return requeued, nil
}

// resendOwed claims o's next re-send (store.ClaimOwed: of racing callers
// one wins) and queues the jobs of what o owes: the PDF's, and the
// e-mail's unless it is waiting for that PDF (emailWaitsForPDF). It
// returns the names queued; none when another caller claimed it first.
// The jobs go to the queue the servers work (this process may be the CLI,
// with no mailer of its own).
func (s *Service) resendOwed(ctx context.Context, o *domain.Optimization, now time.Time) ([]string, error) {
	var kinds []string
	if o.OwesPDF() {
		kinds = append(kinds, jobs.KindPDF)
	}
	if o.OwesEmail() && !s.emailWaitsForPDF(o, now) {
		kinds = append(kinds, jobs.KindEmail)
	}
	if len(kinds) == 0 {
		return nil, nil
	}
	claimed, err := s.d.Orders.Apply(ctx, o.ID, store.ClaimOwed(o.OwedRequeues, now))
	if err != nil || !claimed {
		return nil, err
	}
	return s.enqueueOwed(ctx, o.ID, o.OwedRequeues+1, kinds)
}

// enqueueOwed queues the n-th re-send of each kind of o's owed jobs. A
// refused name (ErrDuplicate) is an error like any other: the deliverable
// is still owed, and the next sweep claims the next name.
func (s *Service) enqueueOwed(ctx context.Context, id string, n int, kinds []string) ([]string, error) {
	var names []string
	var errs []error
	for _, kind := range kinds {
		job := traced(ctx, jobs.Job{Name: jobs.OwedName(kind, id, n), OptimizationID: id})
		if err := s.d.Queue.Enqueue(ctx, job); err != nil {
			errs = append(errs, fmt.Errorf("enqueue %s: %w", job.Name, err))
			continue
		}
		names = append(names, job.Name)
	}
	return names, errors.Join(errs...)
}

// Resend makes a finished order's e-mail due again and queues it
// (`listinglift orders resend`): the report e-mail of a completed Premium
// order, or the refund e-mail of a refunded one. Its job sends it as the
// first one would (a due PDF first, for up to PDFWait). It returns the
// job's name.
func (s *Service) Resend(ctx context.Context, id string) (string, error) {
	o, err := s.d.Orders.GetOptimization(ctx, id)
	if err != nil {
		return "", err
	}
	refund := o.Status == domain.StatusRefunded || o.Upgrade != nil && o.Upgrade.Status == domain.UpgradeRefunded && o.PlanType == domain.PlanBasic
	switch {
	case o.Status != domain.StatusCompleted && o.Status != domain.StatusRefunded:
		return "", domain.Errorf(domain.CodeConflict, "Order %s is %s: there is no report or refund to e-mail yet.", id, o.Status)
	case !plans.Includes(o.PlanType).Email && !refund:
		return "", domain.Errorf(domain.CodeConflict, "Order %s is %s: only Premium reports are e-mailed.", id, o.PlanType)
	}
	now := s.d.Now()
	if _, err := s.d.Orders.Apply(ctx, id, store.EmailDueAgain(now)); err != nil {
		return "", fmt.Errorf("orders: resend %s: %w", id, err)
	}
	// Read again: the claim below needs the stored re-send count.
	if o, err = s.d.Orders.GetOptimization(ctx, id); err != nil {
		return "", err
	}
	claimed, err := s.d.Orders.Apply(ctx, id, store.ClaimOwed(o.OwedRequeues, now))
	if err != nil {
		return "", fmt.Errorf("orders: resend %s: %w", id, err)
	}
	if !claimed {
		return "", fmt.Errorf("orders: resend %s: its e-mail was settled meanwhile (status %q); run show", id, o.Email.Status)
	}
	names, err := s.enqueueOwed(ctx, id, o.OwedRequeues+1, []string{jobs.KindEmail})
	if err != nil {
		return "", fmt.Errorf("orders: resend %s: %w (the e-mail stays due; the sweeper sends it)", id, err)
	}
	s.d.Logger.Info("e-mail re-sent by support", "optimization", id, "job", names[0])
	return names[0], nil
}
