package orders

import (
	"context"
	"errors"
	"fmt"
	"github.com/listinglift/listinglift/backend/plans"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
)

// The Basic → Premium upgrade: a host with a finished Basic report pays the
// difference (payments.UpgradeCents) and the same order becomes Premium —
// plan, amount, a Premium report with its PDF and e-mail — once, however
// often the payment is reported. The Basic report stays until the Premium
// one is stored; if that fails the difference is refunded.

// UpgradeStarted is where to pay for an upgrade ("" when payments are off:
// the upgrade was fulfilled at once).
type UpgradeStarted struct {
	Optimization *domain.Optimization
	CheckoutURL  string
	SessionID    string
}

// PremiumOffer is whether Premium can be sold for o's listing, from what
// its Basic report assessed (report.OfferOfReport): a report from typed
// details, or one that found no photos, reviews, calendar or comparables,
// is not upgraded — Premium would add nothing the page could give.
func PremiumOffer(o *domain.Optimization) report.Offer {
	r, err := report.Decode(o.Results)
	if len(o.Results) == 0 || err != nil {
		// No report to judge by: nothing here to refuse on (the upgrade
		// itself needs a finished report, store.Upgradable).
		return report.Offer{Premium: true}
	}
	return report.OfferOfReport(r)
}

// UpgradeAmount is the upgrade's price in dollars.
func UpgradeAmount() float64 { return float64(plans.UpgradeOffer().Cents) / 100 }

// StartUpgrade opens the upgrade of the host's order id. Another host's
// order is NotFound; an order that is not a finished, unrefunded Basic
// report (or whose upgrade is already paid) is CodeConflict.
func (s *Service) StartUpgrade(ctx context.Context, c Customer, id string) (*UpgradeStarted, error) {
	o, err := s.Lookup(ctx, c.UID, id)
	if err != nil {
		return nil, err
	}
	if !store.Upgradable(o) {
		return nil, domain.Errorf(domain.CodeConflict, MsgNotUpgradable)
	}
	if err := report.PremiumRefusal(PremiumOffer(o)); err != nil {
		return nil, err
	}
	if !s.PaymentsOn() {
		if _, err := s.d.Orders.Apply(ctx, o.ID, store.UpgradePaidBy("", UpgradeAmount(), s.d.Now())); err != nil {
			return nil, fmt.Errorf("orders: upgrade %s: %w", o.ID, err)
		}
		if err := s.RunUpgrade(ctx, jobs.UpgradeFor(o.ID, ""), jobs.Attempt{Number: 1, Final: true}); err != nil {
			s.d.Logger.Warn("direct upgrade failed", "optimization", o.ID, "err", err)
		}
		fresh, err := s.d.Orders.GetOptimization(ctx, o.ID)
		if err != nil {
			return nil, err
		}
		return &UpgradeStarted{Optimization: fresh}, nil
	}
	// An account being deleted (its tombstone written, this order not yet
	// reached) buys nothing more: no session is made for it.
	if deleted, err := s.d.Deleted.CustomerDeleted(ctx, c.UID); err == nil && deleted {
		return nil, fmt.Errorf("orders: upgrade %s: %w", o.ID, store.ErrAccountDeleted)
	}
	cs, err := s.d.Payments.CreateCheckout(ctx, payments.CheckoutRequest{
		Order: payments.Order{OptimizationID: o.ID, CustomerUID: o.CustomerUID, CustomerEmail: o.CustomerEmail,
			Plan: domain.PlanPremium, ListingURL: o.ListingURL, Upgrade: true},
		SuccessURL: s.d.PublicURL + "/payment-success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL:  s.d.PublicURL + "/dashboard",
	})
	if err != nil {
		return nil, fmt.Errorf("orders: upgrade checkout of %s: %w", o.ID, err)
	}
	applied, err := s.d.Orders.Apply(ctx, o.ID, store.UpgradeOpened(cs.ID, cs.URL, UpgradeAmount()))
	if err != nil || !applied {
		// Not recorded — the account deleted or the order gone meanwhile
		// (the deletion, which closes the sessions it finds, could not see
		// this one), the order no longer upgradable, or the store failing:
		// the session is closed here, before the host can pay it, and the
		// host is told why instead of being sent to pay.
		return nil, s.closeUnrecordedUpgrade(ctx, c.UID, o.ID, cs.ID, err)
	}
	return &UpgradeStarted{Optimization: o, CheckoutURL: cs.URL, SessionID: cs.ID}, nil
}

// MsgUpgradeNotOpened is the host's answer when an upgrade's checkout was
// made but could not be recorded on the order (the store failing).
const MsgUpgradeNotOpened = "We could not open the upgrade's checkout. You have not been charged; please try again in a moment."

// closeUnrecordedUpgrade expires upgrade session sid of uid's order id,
// which the order did not record (why: the store's error, nil when the
// order was no longer upgradable), and answers the error the host reads.
func (s *Service) closeUnrecordedUpgrade(ctx context.Context, uid, id, sid string, why error) error {
	s.expireUnrecorded(ctx, id, sid)
	deleted, derr := s.d.Deleted.CustomerDeleted(ctx, uid)
	switch {
	case errors.Is(why, store.ErrAccountDeleted) || (derr == nil && deleted):
		return fmt.Errorf("orders: record the upgrade checkout of %s: %w", id, store.ErrAccountDeleted)
	case why == nil:
		return domain.Errorf(domain.CodeConflict, MsgNotUpgradable)
	case domain.ErrorCode(why) == domain.CodeNotFound:
		return &domain.Error{Code: domain.CodeConflict, Message: "This report was removed before its upgrade's checkout opened.", Err: why}
	}
	return &domain.Error{Code: domain.CodeUnavailable, Message: MsgUpgradeNotOpened,
		Err: fmt.Errorf("orders: record the upgrade checkout of %s: %w", id, why)}
}

// expireUnrecorded closes Checkout Session sid that order id's record
// refused, on a context of its own: closed even if the host's request is
// cancelled meanwhile. Should it be paid all the same, its webhook finds
// no order (or a second payment) and refunds it.
func (s *Service) expireUnrecorded(ctx context.Context, id, sid string) {
	log := s.d.Logger.With("optimization", id, "session", sid)
	ectx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := s.d.Payments.ExpireSession(ectx, sid); err != nil {
		// No alert event: Error Reporting shows it, and should the host pay
		// all the same, the webhook finds no order for it and refunds the
		// payment as a stray (the refunds alert then fires).
		log.Error("closing a checkout its order did not record failed; expire it in Stripe", "err", err)
		return
	}
	log.Info("closed a checkout its order did not record")
}

// settleUpgrade records a paid upgrade session on its order, once, and
// queues the Premium report. A payment that cannot upgrade anything (the
// order was upgraded through another session meanwhile) is refunded.
func (s *Service) settleUpgrade(ctx context.Context, cs *payments.Session) error {
	ord := cs.Order()
	log := s.d.Logger.With("optimization", ord.OptimizationID, "session", cs.ID)
	if !cs.Paid() {
		return nil
	}
	o, err := s.d.Orders.GetOptimization(ctx, ord.OptimizationID)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		log.Error("paid upgrade for an order we do not have; refunding it")
		return s.refundStray(ctx, cs, StrayUpgradeNoOrder)
	}
	if err != nil {
		return err
	}
	if ord.CustomerUID != "" && ord.CustomerUID != o.CustomerUID {
		log.Error("upgrade session names another customer than its order; not fulfilled")
		return nil
	}
	amount := float64(cs.AmountTotal) / 100
	if amount == 0 {
		amount = UpgradeAmount()
	}
	applied, err := s.d.Orders.Apply(ctx, o.ID, store.UpgradePaidBy(cs.ID, amount, s.d.Now()))
	if err != nil {
		return err
	}
	if !applied {
		fresh, err := s.d.Orders.GetOptimization(ctx, o.ID)
		if err != nil {
			return err
		}
		if fresh.Upgrade == nil || fresh.Upgrade.SessionID != cs.ID {
			log.Warn("a second upgrade payment for one order; refunding it")
			return s.refundStray(ctx, cs, StraySecondUpgrade)
		}
		if !fresh.Upgrading() {
			return nil // a redelivery after the upgrade finished
		}
	} else {
		log.Info("upgrade paid", "amount", amount)
	}
	// The job is named for this upgrade's session: a second upgrade of
	// the order (the first refunded) is a job of its own.
	job := jobs.UpgradeFor(o.ID, cs.ID)
	if err := s.enqueueJob(ctx, job); err != nil {
		return err
	}
	s.sent(ctx, o.ID, job.Name)
	return nil
}

// enqueueJob queues job. A duplicate name is no error here but not
// "done" either: a task of that name exists or ran within the hour, and
// what the order is owed stays on it (store.Owed) for the sweeper.
func (s *Service) enqueueJob(ctx context.Context, job jobs.Job) error {
	if err := s.d.Queue.Enqueue(ctx, traced(ctx, job)); err != nil && !errors.Is(err, jobs.ErrDuplicate) {
		return fmt.Errorf("enqueue %s: %w", job.Name, err)
	}
	return nil
}

// RunUpgrade is the upgrade job: the Premium report of a paid upgrade,
// stored with the order's switch to Premium in one write. On the last
// attempt, or an error no retry can fix, the upgrade fails and its
// difference is refunded; the Basic report is never touched.
func (s *Service) RunUpgrade(ctx context.Context, job jobs.Job, attempt jobs.Attempt) error {
	log, o, err := s.jobOrder(ctx, job, attempt)
	if o == nil {
		return err
	}
	if !o.Upgrading() {
		s.ensureEmailQueued(ctx, o)
		return nil
	}
	if o.Upgrade.FailureReason != "" {
		s.refundDue(ctx, o.ID, jobs.UpgradeRefundFor(o.ID, o.Upgrade.SessionID))
		return nil
	}
	premium := *o
	premium.PlanType = domain.PlanPremium
	bctx, cancel := context.WithTimeoutCause(ctx, s.d.JobBudget, errOverBudget)
	defer cancel()
	out, err := s.report(bctx, &premium, func(context.Context, domain.Stage) {})
	if err == nil {
		emailDue := s.emailsReport(&premium)
		var applied bool
		applied, err = s.d.Orders.Apply(bctx, o.ID, store.UpgradeCompleted(out.Results, out.PDFPath, out.PDFOwed, s.d.Now(), emailDue))
		if err == nil {
			if applied {
				log.Info("upgrade completed", "pdf", out.PDFPath != "", "pdf_owed", out.PDFOwed)
				if err := s.startWatch(ctx, o.ID, domain.PlanPremium, out.Results); err != nil {
					log.Warn("starting the watch failed; the report e-mail's job starts it", "err", err)
				}
				if out.PDFOwed {
					s.queuePDF(ctx, o.ID)
				}
				if emailDue {
					s.queueEmail(ctx, o.ID)
				}
			}
			return nil
		}
	}
	if ctx.Err() != nil {
		return fmt.Errorf("orders: job %s interrupted: %w", job.Name, err)
	}
	if !attempt.Final && !isPermanent(err) {
		log.Warn("upgrade attempt failed; will retry", "err", err)
		return fmt.Errorf("orders: job %s: %w", job.Name, err)
	}
	rctx, rcancel := context.WithTimeout(context.WithoutCancel(ctx), jobs.RecordTimeout)
	defer rcancel()
	if _, ferr := s.d.Orders.Apply(rctx, o.ID, store.UpgradeFailed(MsgUpgradeFailed)); ferr != nil {
		return fmt.Errorf("orders: job %s: recording the failure (%v): %w", job.Name, err, ferr)
	}
	if isPermanent(err) {
		// The host's listing (gone, not a listing): theirs, not ours to
		// alert on — as the report job's permanent branch.
		log.Warn("upgrade failed on the host's input; refunding the difference", "err", err)
	} else {
		log.Error("upgrade failed; refunding the difference", "err", err)
	}
	s.refundDue(rctx, o.ID, jobs.UpgradeRefundFor(o.ID, o.Upgrade.SessionID))
	return nil
}
