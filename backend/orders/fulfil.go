package orders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
)

// ParseWebhook checks a Stripe webhook's signature on its raw body and
// decodes the event. With payments off there is no webhook: CodeNotFound.
func (s *Service) ParseWebhook(body []byte, signature string) (*payments.Event, error) {
	if !s.PaymentsOn() {
		return nil, domain.Errorf(domain.CodeNotFound, "Payments are off.")
	}
	return s.d.Payments.ParseWebhook(body, signature)
}

// HandleEvent acts on a verified payment event. It returns nil when the
// event is handled or deliberately ignored, and an error when the provider
// should deliver it again (the store or the queue failed).
//
// Events may come twice, concurrently and out of order: payment is recorded
// exactly once by the store's MarkPaid, jobs are deduplicated by name, and
// nothing moves an order backwards (a late "unpaid" completion or a failure
// after payment changes nothing).
func (s *Service) HandleEvent(ctx context.Context, ev *payments.Event) error {
	log := s.d.Logger.With("stripe_event", ev.ID, "type", ev.Type)
	var err error
	switch {
	case ev.Type == payments.EventChargeRefunded && ev.Charge != nil:
		err = s.chargeRefunded(ctx, ev.Charge)
	case ev.Session == nil:
		log.Debug("payment event ignored")
		return nil
	case ev.Session.Order().Upgrade:
		// An upgrade's session: only its payment matters; an expired or
		// refused one leaves the Basic report as it is.
		if ev.Type == payments.EventCheckoutCompleted || ev.Type == payments.EventAsyncPaymentSucceeded {
			err = s.settleUpgrade(ctx, ev.Session)
		}
	default:
		err = s.orderEvent(ctx, ev)
	}
	if err != nil {
		return fmt.Errorf("orders: event %s (%s): %w", ev.ID, ev.Type, err)
	}
	if _, err := s.d.Purchases.RecordEvent(ctx, ev.ID, s.d.Now()); err != nil {
		// Handled already; a redelivery is harmless.
		log.Warn("recording the processed event failed", "err", err)
	}
	return nil
}

// orderEvent acts on an order's checkout session event.
func (s *Service) orderEvent(ctx context.Context, ev *payments.Event) error {
	var err error
	switch ev.Type {
	case payments.EventCheckoutCompleted, payments.EventAsyncPaymentSucceeded:
		// checkout.session.completed with payment_status "unpaid" is a
		// delayed method (a bank debit): async_payment_succeeded follows.
		err = s.settle(ctx, ev.Session)
	case payments.EventAsyncPaymentFailed:
		err = s.abandon(ctx, ev.Session, MsgPaymentFailed)
	case payments.EventCheckoutSessionExpired:
		err = s.expire(ctx, ev.Session)
	}
	return err
}

// expire marks an unpaid order whose checkout expired "expired": nothing
// was charged, and a payment arriving later still reopens it (MarkPaid).
func (s *Service) expire(ctx context.Context, cs *payments.Session) error {
	o, err := s.orderOf(ctx, cs)
	if err != nil || o == nil || o.PaidAt != nil {
		return err
	}
	_, err = s.d.Orders.Apply(ctx, o.ID, store.ExpireUnpaid(MsgExpired, s.d.Now()))
	return err
}

// settle records the session on its order and, when the money is in, pays
// the order and queues its job.
func (s *Service) settle(ctx context.Context, cs *payments.Session) error {
	o, err := s.orderOf(ctx, cs)
	if err != nil || o == nil {
		return err
	}
	if !cs.Paid() {
		return nil
	}
	if err := s.pay(ctx, o); errors.Is(err, store.ErrAccountDeleted) {
		// Paid after the account's deletion began (the store refuses
		// the payment): no report can be made for it, so it is
		// refunded like one for a deleted order.
		return s.deletedOrder(ctx, cs)
	} else if err != nil {
		return err
	}
	return nil
}

// pay marks o paid (once) and makes sure its job is queued.
func (s *Service) pay(ctx context.Context, o *domain.Optimization) error {
	first, err := s.d.Purchases.MarkPaid(ctx, o.ID, s.d.Now())
	if err != nil {
		return err
	}
	if first {
		s.appendToCustomer(ctx, o.CustomerUID, o.ID)
		s.d.Logger.Info("order paid", "optimization", o.ID, "plan", o.PlanType, "amount", o.Amount, "reopened", o.Status == domain.StatusFailed)
		if err := s.d.Fulfilment.SetStage(ctx, o.ID, domain.StageQueued); err != nil {
			s.d.Logger.Warn("setting the queued stage failed", "optimization", o.ID, "err", err)
		}
	} else if o.Status.Finished() {
		// o was read before MarkPaid; a first payment may have reopened
		// it, and then its job is due whatever o said.
		return nil
	}
	return s.enqueue(ctx, o.ID)
}

// enqueue queues the order's report job; one already queued is success.
func (s *Service) enqueue(ctx context.Context, id string) error {
	return s.enqueueJob(ctx, jobs.ForOptimization(id))
}

// traced gives j the trace and request id of the request (or job) that
// queues it.
func traced(ctx context.Context, j jobs.Job) jobs.Job {
	j.Trace = logging.TraceFrom(ctx).Header()
	j.RequestID = logging.RequestIDFrom(ctx)
	return j
}

// abandon marks an unpaid order failed with reason: the host sees why there
// is no report, and that nothing was charged. Whether it is unpaid is
// decided by the store in the same transaction as the failure, not by the
// read above: a payment landing in between wins.
func (s *Service) abandon(ctx context.Context, cs *payments.Session, reason string) error {
	o, err := s.orderOf(ctx, cs)
	if err != nil || o == nil || o.PaidAt != nil {
		return err
	}
	_, err = s.d.Purchases.FailUnpaid(ctx, o.ID, reason, s.d.Now())
	return err
}

// orderOf finds the order a session pays for: by client reference (the
// order id), else by session id, else — when recording failed before
// checkout — records it now from the session's metadata. It returns nil
// (and logs) for a session that is not ours to fulfil.
func (s *Service) orderOf(ctx context.Context, cs *payments.Session) (*domain.Optimization, error) {
	want := cs.Order()
	var o *domain.Optimization
	var err error
	if want.OptimizationID != "" {
		o, err = s.d.Orders.GetOptimization(ctx, want.OptimizationID)
	}
	if o == nil && (err == nil || domain.ErrorCode(err) == domain.CodeNotFound) {
		o, err = s.d.Orders.FindOptimizationBySession(ctx, cs.ID)
	}
	if domain.ErrorCode(err) == domain.CodeNotFound {
		if want.OptimizationID != "" {
			return nil, s.deletedOrder(ctx, cs)
		}
		return s.recordFromSession(ctx, cs)
	}
	if err != nil {
		return nil, err
	}
	if want.CustomerUID != "" && want.CustomerUID != o.CustomerUID {
		s.d.Logger.Error("checkout session names another customer than its order; not fulfilled",
			"session", cs.ID, "optimization", o.ID)
		return nil, nil
	}
	if o.StripeSessionID == "" {
		if err := s.d.Purchases.SetCheckoutSession(ctx, o.ID, cs.ID); err != nil {
			s.d.Logger.Error("recording the checkout session failed", "optimization", o.ID, "session", cs.ID, "err", err)
		}
	} else if o.StripeSessionID != cs.ID {
		s.d.Logger.Error("order already has another checkout session; not fulfilled", "optimization", o.ID,
			"session", cs.ID, "recorded", o.StripeSessionID)
		return nil, nil
	}
	return o, nil
}

// deletedOrder handles an event for a session whose order was recorded (the
// session names it) and is gone: the host removed it unpaid, or deleted the
// account. Nothing is recorded again (a deleted account stays deleted).
// Both close the checkout (Remove before deleting, account deletion once
// its orders are gone), so no payment should follow; one
// that does all the same (a race with the close) is refunded in full, like
// a stray upgrade payment, since no report can be made for it.
func (s *Service) deletedOrder(ctx context.Context, cs *payments.Session) error {
	log := s.d.Logger.With("session", cs.ID, "optimization", cs.Order().OptimizationID)
	if !cs.Paid() || !s.PaymentsOn() {
		log.Info("checkout event for a deleted order dropped")
		return nil
	}
	log.Warn("payment for a deleted order; refunding it")
	return s.refundStray(ctx, cs, StrayDeletedOrder)
}

// recordFromSession records an order that was paid for but never recorded.
func (s *Service) recordFromSession(ctx context.Context, cs *payments.Session) (*domain.Optimization, error) {
	want := cs.Order()
	price, perr := payments.PriceOf(want.Plan)
	if want.CustomerUID == "" || want.ListingURL == "" || perr != nil {
		s.d.Logger.Warn("checkout session without an order of ours; ignored", "session", cs.ID)
		return nil, nil
	}
	err := s.ensureCustomer(ctx, Customer{UID: want.CustomerUID, Email: want.CustomerEmail})
	var o *domain.Optimization
	if err == nil {
		// The order and its claim on the session in one transaction (the
		// session's unique index on SQLite, its marker on Firestore): of two
		// deliveries racing here, one records the order and the other
		// writes nothing — no second record to close afterwards.
		o, err = s.d.Purchases.AddOptimization(ctx, domain.Optimization{
			CustomerUID: want.CustomerUID, CustomerEmail: want.CustomerEmail, ListingURL: want.ListingURL,
			PlanType: want.Plan, Amount: price.Dollars(), Status: domain.StatusPending, CreatedAt: s.d.Now(),
			StripeSessionID: cs.ID,
		})
	}
	if errors.Is(err, store.ErrAccountDeleted) {
		// The account was deleted: nothing is recorded again, and a
		// payment is refunded (deletedOrder).
		return nil, s.deletedOrder(ctx, cs)
	}
	if domain.ErrorCode(err) == domain.CodeConflict {
		// A concurrent delivery recorded it first: theirs stands.
		return s.d.Orders.FindOptimizationBySession(ctx, cs.ID)
	}
	if err != nil {
		return nil, err
	}
	s.d.Logger.Warn("recorded a paid order that was not recorded before checkout", "optimization", o.ID, "session", cs.ID)
	return o, nil
}

// Reconcile is the success page's fallback when the webhook is late or
// lost: an unpaid order asks the provider whether its session is paid, and
// a paid order whose job has not started is queued again. It is throttled
// per order and returns the order as it now stands. Failures are logged:
// the page keeps polling.
func (s *Service) Reconcile(ctx context.Context, o *domain.Optimization) *domain.Optimization {
	if refundOwed(o) || o.Upgrade != nil && o.Upgrade.Status != domain.UpgradeCompleted && o.Upgrade.Status != domain.UpgradeRefunded {
		if s.due(o.ID) {
			return s.reconcileMoney(ctx, o)
		}
		return o
	}
	if (o.Status == domain.StatusCompleted || o.Status == domain.StatusRefunded) && o.Email.Status == domain.DeliveryPending && s.d.Mailer != nil {
		// A due e-mail whose job could not be queued: queue it (a job
		// already there makes this a no-op).
		if s.due(o.ID) {
			if err := s.d.Queue.Enqueue(ctx, traced(ctx, jobs.EmailFor(o.ID))); err != nil && !errors.Is(err, jobs.ErrDuplicate) {
				s.d.Logger.Error("re-queueing the report e-mail failed", "optimization", o.ID, "err", err)
			}
		}
		return o
	}
	if o.Status.Finished() || !s.due(o.ID) {
		return o
	}
	switch {
	case o.PaidAt == nil && s.PaymentsOn() && o.StripeSessionID != "":
		// The page polls every 2 s: a slow provider must not hold it.
		sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		cs, err := s.d.Payments.GetSession(sctx, o.StripeSessionID)
		cancel()
		if err != nil {
			s.d.Logger.Warn("asking the provider about a session failed", "optimization", o.ID, "err", err)
			return o
		}
		if !cs.Paid() {
			return o
		}
		if err := s.settle(ctx, cs); err != nil {
			s.d.Logger.Error("fulfilling from the success page failed", "optimization", o.ID, "err", err)
			return o
		}
		s.d.Logger.Info("order paid from the success page's check (webhook not yet received)", "optimization", o.ID)
	case o.PaidAt != nil && (o.Stage == domain.StagePaid || o.Stage == domain.StageQueued) && s.d.Now().Sub(*o.PaidAt) > s.d.StuckAfter:
		if err := s.enqueue(ctx, o.ID); err != nil {
			s.d.Logger.Error("re-queueing a paid order failed", "optimization", o.ID, "err", err)
			return o
		}
	default:
		return o
	}
	if fresh, err := s.d.Orders.GetOptimization(ctx, o.ID); err == nil {
		return fresh
	}
	return o
}

// reconcileMoney is Reconcile for money still moving: a refund owed but
// not made (its job lost), an upgrade paid at Stripe whose webhook has not
// arrived, a paid upgrade whose job was lost.
func (s *Service) reconcileMoney(ctx context.Context, o *domain.Optimization) *domain.Optimization {
	switch {
	case refundOwed(o):
		s.refundDue(ctx, o.ID, jobs.RefundFor(o.ID))
	case o.Upgrade.Status == domain.UpgradeOpen && s.PaymentsOn() && o.Upgrade.SessionID != "":
		sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		cs, err := s.d.Payments.GetSession(sctx, o.Upgrade.SessionID)
		cancel()
		if err != nil {
			s.d.Logger.Warn("asking the provider about an upgrade session failed", "optimization", o.ID, "err", err)
			return o
		}
		if err := s.settleUpgrade(ctx, cs); err != nil {
			s.d.Logger.Error("fulfilling an upgrade from the success page failed", "optimization", o.ID, "err", err)
			return o
		}
	case o.Upgrading() && o.Upgrade.FailureReason != "":
		s.refundDue(ctx, o.ID, jobs.UpgradeRefundFor(o.ID, o.Upgrade.SessionID))
	case o.Upgrading():
		if err := s.enqueueJob(ctx, jobs.UpgradeFor(o.ID, o.Upgrade.SessionID)); err != nil {
			s.d.Logger.Error("re-queueing an upgrade failed", "optimization", o.ID, "err", err)
		}
	default:
		return o
	}
	if fresh, err := s.d.Orders.GetOptimization(ctx, o.ID); err == nil {
		return fresh
	}
	return o
}

// due reports whether the fallback may look at order id now, and notes it.
func (s *Service) due(id string) bool {
	now := s.d.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if last, ok := s.lastChecked[id]; ok && now.Sub(last) < s.d.RecheckEvery {
		return false
	}
	if len(s.lastChecked) > 10000 { // bound memory: forget stale entries
		for k, t := range s.lastChecked {
			if now.Sub(t) > time.Minute {
				delete(s.lastChecked, k)
			}
		}
	}
	s.lastChecked[id] = now
	return true
}
