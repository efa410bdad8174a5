package orders

import (
	"context"
	"errors"
	"fmt"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
)

// Money that buys nothing goes back: a paid order that ends without its
// report is refunded in full, once (the idempotency key refund-<id> makes
// a repeated call return the same refund, and store.Refunded records it
// once); a failed upgrade refunds the difference the same way (key
// refund-upgrade-<session>: each upgrade's own payment). A refund owed is
// state on the order (store.Owed), not a task: its job is sent when it
// becomes owed, and the sweeper sends it again under a fresh name for as
// long as the order still owes it (sweep.go), so a Stripe outage longer
// than the queue's retries only delays it.

// Messages about money the host sees.
const (
	MsgNotUpgradable = "Only a finished Basic report can be upgraded to Premium."
	MsgPaidNoRemove  = "This order was paid for, so it stays on your dashboard."
	// MsgUpgradeFailed says nothing about money: the refund (or, with
	// payments off, that nothing was charged) is said beside it by every
	// place that shows it, from the upgrade's own record (Upgrade.Charged).
	MsgUpgradeFailed = "We could not prepare the Premium report. Your Basic report is unchanged."
)

// refundDue makes sure a paid order that ended without its report gets
// its refund: queued as a job, or — payments off, or the queue refusing —
// done here and now. A duplicate name is not "done": it says a task of
// that name exists or ran within the hour; the refund stays owed on the
// order until it is recorded, and the sweeper sends it again under a
// fresh name if it still is after SweepAfter.
func (s *Service) refundDue(ctx context.Context, id string, job jobs.Job) {
	if s.PaymentsOn() {
		err := s.d.Queue.Enqueue(ctx, traced(ctx, job))
		switch {
		case err == nil:
			s.sent(ctx, id, job.Name)
			return
		case errors.Is(err, jobs.ErrDuplicate):
			s.d.Logger.Info("refund task of this name exists or ran recently; the refund stays owed until recorded",
				"optimization", id, "job", job.Name)
			return
		}
		s.d.Logger.Error("queueing a refund failed; refunding now", "optimization", id, "job", job.Name, "err", err)
	}
	o, err := s.d.Orders.GetOptimization(ctx, id)
	if err == nil {
		err = s.settleRefund(ctx, o, job)
	}
	if err != nil {
		s.d.Logger.Error("refund not made yet; the sweeper sends it again", "optimization", id, "err", err)
	}
}

// sent records that job was handed to the queue for id's owed work
// (store.Sent): the sweeper counts SweepAfter from here and asks the
// queue about this name. A failure only makes the sweeper look sooner.
func (s *Service) sent(ctx context.Context, id, job string) {
	if _, err := s.d.Orders.Apply(ctx, id, store.Sent(job, s.d.Now())); err != nil {
		s.d.Logger.Warn("recording a sent job failed", "optimization", id, "job", job, "err", err)
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
			// Still owed on the order: the sweeper sends it again under a
			// fresh name, and alerts (LogOwedOverdue) if it stays owed.
			log.Warn("refund failed on its last attempt; it stays owed and the sweeper sends it again", "err", err)
		}
		return fmt.Errorf("orders: job %s: %w", job.Name, err)
	}
	return nil
}

// takeTurn claims turn (one refund) for this process: ok is false while
// another delivery holds it; release gives it back.
func (s *Service) takeTurn(turn string) (release func(), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refunding[turn] {
		return nil, false
	}
	s.refunding[turn] = true
	return func() {
		s.mu.Lock()
		delete(s.refunding, turn)
		s.mu.Unlock()
	}, true
}

// errRefundInFlight: the same refund is being settled by another delivery
// in this process; this one is retried and then finds it done.
var errRefundInFlight = errors.New("the same refund is in progress")

// settleRefund makes whatever refund o still owes (store.Owed: the
// order's, or its failed upgrade's), whichever refund job asks: the state
// decides, so a job sent again under any name does the same. Deliveries
// for one order in one process take turns, so Stripe is asked once;
// across processes the idempotency key makes a repeat return the same
// refund.
func (s *Service) settleRefund(ctx context.Context, o *domain.Optimization, job jobs.Job) error {
	release, ok := s.takeTurn("refund:" + o.ID)
	if !ok {
		return errRefundInFlight
	}
	defer release()
	// Read again inside the turn: a delivery that just finished has
	// recorded the refund.
	fresh, err := s.d.Orders.GetOptimization(ctx, o.ID)
	if err != nil {
		return err
	}
	o = fresh
	notify := s.d.Mailer != nil
	switch store.Owed(o) {
	case store.WorkUpgradeRefund:
		r, err := s.refund(ctx, o.Upgrade.SessionID, UpgradeRefundKey(o), o.Upgrade.Amount)
		if err != nil {
			return err
		}
		return s.recordRefund(ctx, o.ID, store.UpgradeRefunded(*r, notify), notify, "upgrade")
	case store.WorkRefund:
		r, err := s.refund(ctx, o.StripeSessionID, "refund-"+o.ID, o.Amount)
		if err != nil {
			return err
		}
		return s.recordRefund(ctx, o.ID, store.Refunded(*r, notify), notify, "order")
	}
	s.ensureEmailQueued(ctx, o)
	if o.Refund != nil {
		// Refunded before (a delivery that recorded it and then failed
		// to withdraw the re-checks): finish that.
		return s.withdrawRechecks(ctx, o.ID)
	}
	return nil
}

// UpgradeRefundKey is the Stripe idempotency key of o's upgrade refund:
// the upgrade's own session, so a second upgrade of one order (the first
// refunded) is a refund of its own payment, never a replay of the first.
func UpgradeRefundKey(o *domain.Optimization) string {
	if o.Upgrade.SessionID == "" {
		return "refund-upgrade-" + o.ID // payments off: no provider call
	}
	return "refund-upgrade-" + o.Upgrade.SessionID
}

// refundOwed reports whether o is a paid order that failed without being
// refunded (store.Owed decides). A re-check is free: it owes nothing.
func refundOwed(o *domain.Optimization) bool { return store.Owed(o) == store.WorkRefund }

func (s *Service) recordRefund(ctx context.Context, id string, change store.Change, notify bool, what string) error {
	applied, err := s.d.Orders.Apply(ctx, id, change)
	if err != nil {
		return fmt.Errorf("record the %s refund of %s: %w", what, id, err)
	}
	if applied {
		s.d.Logger.Warn("refunded", logging.Event(logging.EventRefundMade), "optimization", id, "what", what)
		if notify {
			s.queueEmail(ctx, id)
		}
	}
	if what == "order" {
		return s.withdrawRechecks(ctx, id)
	}
	return nil
}

// withdrawRechecks ends the free re-checks of a refunded report: the money
// went back, so what it bought — the re-checks' PDFs and share links with
// the report's own — stops (store.Withdrawn, store.Refused). Safe to
// repeat: a withdrawn re-check is left as it is.
func (s *Service) withdrawRechecks(ctx context.Context, id string) error {
	rechecks, err := s.d.Rechecks.RechecksOf(ctx, id)
	if err != nil {
		return fmt.Errorf("withdraw the re-checks of %s: %w", id, err)
	}
	var errs []error
	for _, r := range rechecks {
		applied, err := s.d.Orders.Apply(ctx, r.ID, store.Withdrawn(s.d.Now()))
		if err != nil && domain.ErrorCode(err) != domain.CodeNotFound {
			errs = append(errs, fmt.Errorf("withdraw re-check %s of %s: %w", r.ID, id, err))
		}
		if applied {
			s.d.Logger.Info("re-check withdrawn with its refunded report", "optimization", id, "recheck", r.ID)
		}
	}
	return errors.Join(errs...)
}

// refund gives back amount (dollars) paid through session sessionID, or —
// payments off, or no session (an order fulfilled without checkout) —
// records it without a provider call.
func (s *Service) refund(ctx context.Context, sessionID, key string, amount float64) (*domain.Refund, error) {
	now := s.d.Now()
	if !s.PaymentsOn() || sessionID == "" {
		return &domain.Refund{Amount: amount, RefundedAt: now}, nil
	}
	r, err := s.d.Payments.Refund(ctx, sessionID, key)
	if errors.Is(err, payments.ErrAlreadyRefunded) {
		// Refunded already, from Stripe's dashboard: the host has the
		// money back. Recorded as a refund made elsewhere, so the order
		// stops owing it (no retry, no hourly alert) and says refunded.
		s.d.Logger.Warn("refund made elsewhere: the payment was already refunded at Stripe; recorded as refunded",
			logging.Event(logging.EventRefundMadeElsewhere), "session", sessionID, "key", key, "amount", amount)
		return &domain.Refund{Amount: amount, RefundedAt: now, Elsewhere: true}, nil
	}
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
	applied, err := s.recordOutsideRefund(ctx, ord.OptimizationID, r)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		log.Warn("refunded charge for an order we do not have; ignored")
		return nil
	}
	if err != nil {
		return err // the event is delivered again
	}
	if applied {
		log.Warn("order refunded from outside ListingLift", "amount", r.Amount)
	}
	return nil
}

// recordOutsideRefund records a full refund of order id made outside the
// refund job — from Stripe's dashboard (its charge.refunded echo) or by an
// operator (`listinglift orders refund`) — and withdraws its re-checks at
// once, whichever arrives first: the second changes nothing. applied is
// whether this call recorded the refund.
func (s *Service) recordOutsideRefund(ctx context.Context, id string, r domain.Refund) (bool, error) {
	applied, err := s.d.Orders.Apply(ctx, id, store.Refunded(r, false))
	if err != nil {
		return false, err
	}
	// Its re-checks go with it.
	return applied, s.withdrawRechecks(ctx, id)
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
	if s.PaymentsOn() && o.StripeSessionID != "" && !o.Status.Finished() {
		if err := s.d.Payments.ExpireSession(ctx, o.StripeSessionID); err != nil {
			return err
		}
	}
	deleted, err := s.d.Purchases.DeleteUnpaid(ctx, o.ID)
	if err != nil {
		return fmt.Errorf("orders: remove %s: %w", o.ID, err)
	}
	if !deleted {
		return domain.Errorf(domain.CodeConflict, MsgPaidNoRemove)
	}
	s.d.Logger.Info("unpaid order removed by its host", "optimization", o.ID)
	return nil
}
