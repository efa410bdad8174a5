package orders

import (
	"context"
	"fmt"
	"github.com/listinglift/listinglift/backend/plans"
	"log/slog"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Re-checks (issue 18): after buying a report, the host may have the
// listing read again and the same plan's report made, free, to see what
// their changes did — RecheckLimit times within RecheckWindow of the
// purchase, as the plan table says; the store counts them atomically.
const (
	RecheckLimit  = plans.Rechecks
	RecheckWindow = plans.RecheckWindow
)

// Messages of a refused re-check (409), each offering the way on.
var (
	MsgRecheckLimit    = fmt.Sprintf("You have used the %d free re-checks of this report. A new report reads your listing again and gives you a fresh set of actions.", RecheckLimit)
	MsgRecheckExpired  = fmt.Sprintf("Free re-checks end %d days after purchase. A new report reads your listing again and gives you a fresh set of actions.", int(RecheckWindow.Hours()/24))
	MsgRecheckNotReady = "This report can be re-checked once it is ready."
	MsgRecheckRefunded = "This report was refunded, so it cannot be re-checked. A new report reads your listing again."
)

// Recheck makes a free re-check of the host's report id (or, for a
// re-check, of the report it re-checks): a new order for the same listing
// and plan, amount 0, no checkout, counted on the original, and queued like
// a paid report. Another host's order is NotFound; a refusal is
// CodeConflict with the reason and the way on.
func (s *Service) Recheck(ctx context.Context, c Customer, id string) (*domain.Optimization, error) {
	o, err := s.Lookup(ctx, c.UID, id)
	if err != nil {
		return nil, err
	}
	if o.RecheckOf != "" {
		if o, err = s.Lookup(ctx, c.UID, o.RecheckOf); err != nil {
			return nil, err
		}
	}
	now := s.d.Now()
	r := domain.Optimization{
		CustomerUID: o.CustomerUID, CustomerEmail: o.CustomerEmail, ListingURL: o.ListingURL,
		ListingTitle: o.ListingTitle, ListingDescription: o.ListingDescription, TypedDetails: o.TypedDetails,
		PlanType: o.PlanType, Amount: 0, Status: domain.StatusProcessing, Stage: domain.StageQueued,
		// PaidAt is when the work was granted: here, now and free. It lets
		// the re-check through every path a paid report takes (the job,
		// the sweeper, the restart); the money paths skip it (RecheckOf).
		CreatedAt: now, PaidAt: &now,
		LastSentAt: &now, // its job is sent next: the sweeper counts from here
	}
	added, err := s.d.Rechecks.AddRecheck(ctx, o.ID, store.RecheckAllowed(RecheckLimit, RecheckWindow, now), r)
	if err != nil {
		return nil, fmt.Errorf("orders: re-check of %s: %w", o.ID, err)
	}
	if added == nil {
		return nil, recheckRefusal(o, now)
	}
	s.d.Logger.Info("re-check ordered", "optimization", added.ID, "recheck_of", o.ID, "rechecks", o.Rechecks+1)
	if err := s.enqueue(ctx, added.ID); err != nil {
		// Recorded and counted: the sweeper sends it later, and the
		// success page's fallback sooner.
		s.d.Logger.Error("queueing a re-check failed", "optimization", added.ID, "err", err)
	}
	return added, nil
}

// recheckRefusal says why o (as read before the refused attempt) cannot be
// re-checked at now.
func recheckRefusal(o *domain.Optimization, now time.Time) error {
	switch {
	case o.Refund != nil:
		return domain.Errorf(domain.CodeConflict, "%s", MsgRecheckRefunded)
	case o.Status != domain.StatusCompleted || o.PaidAt == nil:
		return domain.Errorf(domain.CodeConflict, "%s", MsgRecheckNotReady)
	case now.After(o.PaidAt.Add(RecheckWindow)):
		return domain.Errorf(domain.CodeConflict, "%s", MsgRecheckExpired)
	default:
		return domain.Errorf(domain.CodeConflict, "%s", MsgRecheckLimit)
	}
}

// RecheckState is what a results page says and offers about re-checks of
// a bought report.
type RecheckState struct {
	Available   bool
	Used, Limit int
	EndsAt      time.Time // when the free re-checks end
}

// RecheckStateOf is bought report o's re-check state at now: the same
// decision AddRecheck makes (store.RecheckAllowed), tried on a copy. Nil
// for an order that is no bought, paid report.
func RecheckStateOf(o *domain.Optimization, now time.Time) *RecheckState {
	if o == nil || o.RecheckOf != "" || o.PaidAt == nil {
		return nil
	}
	try := *o
	return &RecheckState{
		Available: store.RecheckAllowed(RecheckLimit, RecheckWindow, now)(&try),
		Used:      o.Rechecks, Limit: RecheckLimit, EndsAt: o.PaidAt.Add(RecheckWindow),
	}
}

// BoughtRecheckState is the re-check state of the bought report behind o —
// o itself, or for a re-check the report it re-checks, where re-checks
// count — and that report, for every page and e-mail that offers one. Nil
// state when there is none to offer; an error when the re-checked report
// cannot be read (or is not the same host's).
func (s *Service) BoughtRecheckState(ctx context.Context, o *domain.Optimization) (*RecheckState, *domain.Optimization, error) {
	bought := o
	if o.RecheckOf != "" {
		got, err := s.d.Orders.GetOptimization(ctx, o.RecheckOf)
		if err == nil && got.CustomerUID != o.CustomerUID {
			err = domain.ErrNotFound
		}
		if err != nil {
			return nil, nil, fmt.Errorf("orders: the report %s re-checks: %w", o.ID, err)
		}
		bought = got
	}
	st := RecheckStateOf(bought, s.d.Now())
	if st == nil {
		return nil, nil, nil
	}
	return st, bought, nil
}

// withdrawnRecheck reports whether o is a re-check whose bought report's
// money went back (store.Refused on the bought report, read now, or o
// already withdrawn): such a re-check gets neither its e-mail nor its PDF.
// It withdraws o (store.Withdrawn: what it owes is given up, so the
// delivery sweeper does not send it either) and logs why. The e-mail and
// PDF jobs ask this just before they send: a re-check that was running
// when its report was refunded completes after the refund's withdrawal.
// An error is the withdrawal's write failing: the job's to retry.
func (s *Service) withdrawnRecheck(ctx context.Context, log *slog.Logger, o *domain.Optimization) (bool, error) {
	if o.RecheckOf == "" {
		return false, nil
	}
	if o.WithdrawnAt == nil {
		bought, err := s.d.Orders.GetOptimization(ctx, o.RecheckOf)
		if err != nil && domain.ErrorCode(err) != domain.CodeNotFound {
			// As the e-mail's re-check offer: a report that cannot be read
			// now does not hold the re-check's e-mail back (its refund, once
			// recorded, withdraws the re-check and settles the e-mail).
			log.Warn("reading the re-checked report failed; the re-check is sent as not withdrawn", "recheck_of", o.RecheckOf, "err", err)
			return false, nil
		}
		// A bought report gone (its account deleted) buys nothing either.
		if err == nil && !store.Refused(bought) {
			return false, nil
		}
	}
	if _, err := s.d.Orders.Apply(ctx, o.ID, store.Withdrawn(s.d.Now())); err != nil {
		return true, fmt.Errorf("orders: withdraw re-check %s: %w", o.ID, err)
	}
	log.Info("re-check of a refunded report: its e-mail and PDF are not sent", "recheck_of", o.RecheckOf)
	return true, nil
}
