package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
)

// Money that buys nothing goes back: a paid order that ends without its
// report is refunded in full, once (the idempotency key refund-<id> makes
// a repeated call return the same refund, and store.Refunded records it
// once); a failed upgrade refunds the difference the same way. Refunds
// run as jobs (refund-<id>, refund-<id>-upgrade), retried like the report
// job, and are looked for again whenever the order is looked at.

// Messages about money the host sees.
const (
	MsgNotUpgradable = "Only a finished Basic report can be upgraded to Premium."
	MsgPaidNoRemove  = "This order was paid for, so it stays on your dashboard."
	MsgUpgradeFailed = "We could not prepare the Premium report, so the upgrade was refunded. Your Basic report is unchanged."
)

// refundDue makes sure a paid order that ended without its report gets
// its refund: queued as a job, or — payments off, or the queue refusing —
// done here and now.
func (s *Service) refundDue(ctx context.Context, id string, job jobs.Job) {
	if s.d.Payments != nil {
		err := s.d.Queue.Enqueue(ctx, traced(ctx, job))
		if err == nil || errors.Is(err, jobs.ErrDuplicate) {
			return
		}
		s.d.Logger.Error("queueing a refund failed; refunding now", "optimization", id, "job", job.Name, "err", err)
	}
	o, err := s.d.Store.GetOptimization(ctx, id)
	if err == nil {
		err = s.settleRefund(ctx, o, job)
	}
	if err != nil {
		s.d.Logger.Error("refund not made yet; it is retried when the order is next looked at", "optimization", id, "err", err)
	}
}

// RunRefund is the refund job.
func (s *Service) RunRefund(ctx context.Context, job jobs.Job, attempt jobs.Attempt) error {
	log, o, err := s.jobOrder(ctx, job, attempt)
	if o == nil {
		return err
	}
	if err := s.settleRefund(ctx, o, job); err != nil {
		if attempt.Final {
			log.Error("refund failed on its last attempt: refund by hand (listinglift orders refund "+o.ID+")", "err", err)
		}
		return fmt.Errorf("orders: job %s: %w", job.Name, err)
	}
	return nil
}

// errRefundInFlight: the same refund is being settled by another delivery
// in this process; this one is retried and then finds it done.
var errRefundInFlight = errors.New("the same refund is in progress")

// settleRefund refunds what job names, if it is still due. Deliveries of
// one refund in one process take turns, so Stripe is asked once; across
// processes the idempotency key makes a repeat return the same refund.
func (s *Service) settleRefund(ctx context.Context, o *domain.Optimization, job jobs.Job) error {
	s.mu.Lock()
	busy := s.refunding[job.Name]
	s.refunding[job.Name] = true
	s.mu.Unlock()
	if busy {
		return errRefundInFlight
	}
	defer func() {
		s.mu.Lock()
		delete(s.refunding, job.Name)
		s.mu.Unlock()
	}()
	// Read again inside the turn: a delivery that just finished has
	// recorded the refund.
	fresh, err := s.d.Store.GetOptimization(ctx, o.ID)
	if err != nil {
		return err
	}
	o = fresh
	notify := s.d.Mailer != nil
	if strings.HasSuffix(job.Name, "-upgrade") {
		if !o.Upgrading() || o.Upgrade.FailureReason == "" {
			s.ensureEmailQueued(ctx, o)
			return nil
		}
		r, err := s.refund(ctx, o.Upgrade.SessionID, "refund-upgrade-"+o.ID, o.Upgrade.Amount)
		if err != nil {
			return err
		}
		return s.recordRefund(ctx, o.ID, store.UpgradeRefunded(*r, notify), notify, "upgrade")
	}
	if !refundOwed(o) {
		s.ensureEmailQueued(ctx, o)
		return nil
	}
	r, err := s.refund(ctx, o.StripeSessionID, "refund-"+o.ID, o.Amount)
	if err != nil {
		return err
	}
	return s.recordRefund(ctx, o.ID, store.Refunded(*r, notify), notify, "order")
}

// refundOwed reports whether o is a paid order that failed without being
// refunded. A re-check is free: it owes nothing.
func refundOwed(o *domain.Optimization) bool {
	return o.Status == domain.StatusFailed && o.PaidAt != nil && o.Refund == nil && o.RecheckOf == ""
}

func (s *Service) recordRefund(ctx context.Context, id string, change store.Change, notify bool, what string) error {
	applied, err := s.d.Store.Apply(ctx, id, change)
	if err != nil {
		return fmt.Errorf("record the %s refund of %s: %w", what, id, err)
	}
	if applied {
		s.d.Logger.Warn("refunded", "optimization", id, "what", what)
		if notify {
			s.queueEmail(ctx, id)
		}
	}
	return nil
}

// refund gives back amount (dollars) paid through session sessionID, or —
// payments off, or no session (an order fulfilled without checkout) —
// records it without a provider call.
func (s *Service) refund(ctx context.Context, sessionID, key string, amount float64) (*domain.Refund, error) {
	now := s.d.Now()
	if s.d.Payments == nil || sessionID == "" {
		return &domain.Refund{Amount: amount, RefundedAt: now}, nil
	}
	r, err := s.d.Payments.Refund(ctx, sessionID, key)
	if err != nil {
		return nil, err
	}
	return &domain.Refund{ID: r.ID, Amount: float64(r.Amount) / 100, RefundedAt: now}, nil
}

// chargeRefunded records a refund made outside the job (an operator, from
// Stripe's dashboard): the order becomes refunded, and its PDF link stops.
// Our own refunds arrive here too and change nothing the second time. A
// partial refund is left to support (logged): the host keeps the report.
func (s *Service) chargeRefunded(ctx context.Context, ch *payments.Charge) error {
	ord := payments.OrderFromMetadata(ch.Metadata)
	log := s.d.Logger.With("charge", ch.ID, "optimization", ord.OptimizationID)
	if ord.OptimizationID == "" || !domain.ValidKey(ord.OptimizationID) {
		log.Warn("refunded charge names no order of ours; ignored")
		return nil
	}
	if !ch.Refunded {
		log.Warn("partial refund recorded at Stripe only; the order keeps its report", "amount_refunded", ch.AmountRefunded)
		return nil
	}
	if ord.Upgrade {
		log.Warn("an upgrade's charge was refunded at Stripe; the order keeps its report")
		return nil
	}
	r := domain.Refund{ID: ch.RefundID, Amount: float64(ch.AmountRefunded) / 100, RefundedAt: s.d.Now()}
	applied, err := s.d.Store.Apply(ctx, ord.OptimizationID, store.Refunded(r, false))
	if domain.ErrorCode(err) == domain.CodeNotFound {
		log.Warn("refunded charge for an order we do not have; ignored")
		return nil
	}
	if err != nil {
		return err
	}
	if applied {
		log.Warn("order refunded from outside ListingLift", "amount", r.Amount)
	}
	return nil
}

// Remove deletes a host's unpaid order (the dashboard's Remove): its open
// checkout is closed first, so it can no longer be paid. A paid order is
// domain.CodeConflict; another host's is NotFound.
func (s *Service) Remove(ctx context.Context, uid, id string) error {
	o, err := s.Lookup(ctx, uid, id)
	if err != nil {
		return err
	}
	if o.PaidAt != nil {
		return domain.Errorf(domain.CodeConflict, MsgPaidNoRemove)
	}
	if s.d.Payments != nil && o.StripeSessionID != "" && !o.Status.Finished() {
		if err := s.d.Payments.ExpireSession(ctx, o.StripeSessionID); err != nil {
			return err
		}
	}
	deleted, err := s.d.Store.DeleteUnpaid(ctx, o.ID)
	if err != nil {
		return fmt.Errorf("orders: remove %s: %w", o.ID, err)
	}
	if !deleted {
		return domain.Errorf(domain.CodeConflict, MsgPaidNoRemove)
	}
	s.d.Logger.Info("unpaid order removed by its host", "optimization", o.ID)
	return nil
}
