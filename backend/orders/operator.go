package orders

import (
	"context"
	"errors"
	"fmt"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/payments"
)

// What an operator can do with one order (listinglift orders …), with the
// same rules the sweeper and the webhook follow.

// Retry sends a paid order's report job again, under a new name: a paid
// order still processing (stuck), or a paid order that failed (reopened
// first, so the host gets the report after all). It refuses an unpaid
// order (nothing was bought) and a completed one, and returns the job name.
func (s *Service) Retry(ctx context.Context, id string) (string, error) {
	o, err := s.d.Orders.GetOptimization(ctx, id)
	if err != nil {
		return "", err
	}
	switch {
	case o.PaidAt == nil:
		return "", domain.Errorf(domain.CodeConflict, "This order was never paid for: there is no report to retry.")
	case o.Status == domain.StatusCompleted:
		return "", domain.Errorf(domain.CodeConflict, "This order already has its report.")
	case o.Status == domain.StatusFailed:
		if _, err := s.d.Fulfilment.ReopenPaid(ctx, id); err != nil {
			return "", fmt.Errorf("orders: retry %s: %w", id, err)
		}
	}
	claimed, err := s.d.Owed.ClaimRequeue(ctx, id, o.Requeues, s.d.Now())
	if err != nil {
		return "", fmt.Errorf("orders: retry %s: %w", id, err)
	}
	if !claimed {
		return "", domain.Errorf(domain.CodeConflict, "The order changed while retrying it; look at it again.")
	}
	job := traced(ctx, jobs.Job{Name: jobs.RequeueName(id, o.Requeues+1), OptimizationID: id})
	if err := s.d.Queue.Enqueue(ctx, job); err != nil && !errors.Is(err, jobs.ErrDuplicate) {
		return "", fmt.Errorf("orders: retry %s: %w", id, err)
	}
	s.sent(ctx, id, job.Name) // the sweeper asks the queue about this name
	s.d.Logger.Warn("order re-queued by an operator", "optimization", id, "job", job.Name, "was", o.Status)
	return job.Name, nil
}

// Refund refunds a paid order's payment in full through the provider,
// once: the idempotency key refund-<id> (the automatic refund's) makes a
// repeat return the same refund. The order becomes refunded (its report
// link and PDF stop), as when refunded from Stripe's dashboard.
func (s *Service) Refund(ctx context.Context, id string) (*payments.Refund, error) {
	if !s.PaymentsOn() {
		return nil, domain.Errorf(domain.CodeConflict, "Payments are off here: there is nothing to refund.")
	}
	o, err := s.d.Orders.GetOptimization(ctx, id)
	if err != nil {
		return nil, err
	}
	if o.PaidAt == nil || o.StripeSessionID == "" {
		return nil, domain.Errorf(domain.CodeConflict, "This order was never paid for: there is nothing to refund.")
	}
	r, err := s.d.Payments.Refund(ctx, o.StripeSessionID, "refund-"+id)
	var rec domain.Refund
	switch {
	case errors.Is(err, payments.ErrAlreadyRefunded):
		// Refunded from Stripe's dashboard already: recorded as such.
		s.d.Logger.Warn("refund made elsewhere: the payment was already refunded at Stripe; recorded as refunded",
			logging.Event(logging.EventRefundMadeElsewhere), "optimization", id, "amount", o.Amount, "by", "operator")
		r = &payments.Refund{Amount: int64(o.Amount*100 + 0.5), Status: "refunded elsewhere"}
		rec = domain.Refund{Amount: o.Amount, RefundedAt: s.d.Now(), Elsewhere: true}
	case err != nil:
		return nil, fmt.Errorf("orders: refund %s: %w", id, err)
	default:
		s.d.Logger.Warn("order refunded", logging.Event(logging.EventRefundMade), "optimization", id, "refund", r.ID, "amount", r.Amount, "status", r.Status, "by", "operator")
		rec = domain.Refund{ID: r.ID, Amount: float64(r.Amount) / 100, RefundedAt: s.d.Now()}
	}
	// Recorded, and its re-checks withdrawn, now: not when Stripe's
	// charge.refunded echo arrives.
	if _, err := s.recordOutsideRefund(ctx, id, rec); err != nil {
		return r, fmt.Errorf("orders: refund %s: made at the provider, not recorded: %w", id, err)
	}
	return r, nil
}
