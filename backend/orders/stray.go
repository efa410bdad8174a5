package orders

import (
	"context"
	"fmt"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/payments"
)

// Stray payments: money that bought nothing (a second upgrade payment for
// one order, a payment for an order removed unpaid or deleted with its
// account) is refunded in full. Each is recorded once, keyed by its
// Checkout Session (store.AddStrayRefund), before Stripe is asked, and its
// refund recorded after: a webhook delivered again finds it refunded and
// asks Stripe nothing; one whose refund failed is refunded by the
// delivery after, or by the sweeper. `listinglift orders show` lists them.

// Why a stray payment bought nothing, as support reads it.
const (
	StraySecondUpgrade  = "a second upgrade payment for one order"
	StrayUpgradeNoOrder = "an upgrade payment for an order we do not have"
	StrayDeletedOrder   = "a payment for an order removed or deleted with its account"
)

// refundStray records cs's payment as stray (once) and refunds it unless
// that is done.
func (s *Service) refundStray(ctx context.Context, cs *payments.Session, reason string) error {
	r, err := s.d.Owed.GetStrayRefund(ctx, cs.ID)
	switch {
	case domain.ErrorCode(err) == domain.CodeNotFound:
		if _, err := s.d.Owed.AddStrayRefund(ctx, domain.StrayRefund{SessionID: cs.ID, OptimizationID: cs.Order().OptimizationID,
			Amount: float64(cs.AmountTotal) / 100, Reason: reason, CreatedAt: s.d.Now()}); err != nil {
			return fmt.Errorf("record stray payment %s: %w", cs.ID, err)
		}
	case err != nil:
		return fmt.Errorf("read stray payment %s: %w", cs.ID, err)
	case r.Refund != nil:
		s.d.Logger.Info("stray payment already refunded", "session", cs.ID, "refund", r.Refund.ID)
		return nil
	}
	return s.settleStray(ctx, cs.ID)
}

// settleStray refunds the stray payment of sessionID and records it, once
// per process at a time (across processes the idempotency key
// refund-<session> makes a repeat return the same refund).
func (s *Service) settleStray(ctx context.Context, sessionID string) error {
	release, ok := s.takeTurn("stray:" + sessionID)
	if !ok {
		return errRefundInFlight
	}
	defer release()
	r, err := s.d.Owed.GetStrayRefund(ctx, sessionID)
	if err != nil {
		return fmt.Errorf("read stray payment %s: %w", sessionID, err)
	}
	if r.Refund != nil {
		return nil
	}
	made := domain.Refund{Amount: r.Amount, RefundedAt: s.d.Now()}
	if s.PaymentsOn() {
		pr, err := s.d.Payments.Refund(ctx, sessionID, "refund-"+sessionID)
		if err != nil {
			return fmt.Errorf("refund stray payment %s: %w", sessionID, err)
		}
		made.ID, made.Amount = pr.ID, float64(pr.Amount)/100
	}
	applied, err := s.d.Owed.StrayRefunded(ctx, sessionID, made)
	if err != nil {
		return fmt.Errorf("record the refund of stray payment %s: %w", sessionID, err)
	}
	if applied {
		s.d.Logger.Warn("stray payment refunded", logging.Event(logging.EventRefundMade), "session", sessionID, "optimization", r.OptimizationID,
			"amount", made.Amount, "reason", r.Reason)
	}
	return nil
}
