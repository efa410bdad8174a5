package store

import (
	"encoding/json"
	"github.com/listinglift/listinglift/backend/numfmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// Change is one conditional step in an order's life, decided here once for
// both adapters: it reports whether it applies to o as stored and, when it
// does, changes o in place. Store.Apply runs it inside one transaction (read,
// decide, write), so of two racing calls the second sees the first's result.
// A Change must be a pure function of o: a transaction may run it again.
type Change func(o *domain.Optimization) bool

// CheckoutOpened records the open Checkout Session's page and expiry on an
// unpaid, unfinished order (the dashboard's Resume checkout).
func CheckoutOpened(url string, expiresAt time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.PaidAt != nil || o.Status.Finished() {
			return false
		}
		o.CheckoutURL, o.CheckoutExpiresAt = url, &expiresAt
		return true
	}
}

// ExpireUnpaid ends an order whose checkout expired unpaid: status expired
// with reason, at as completedAt. A paid or finished order is left alone,
// so a payment committed first always wins.
func ExpireUnpaid(reason string, at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.PaidAt != nil || o.Status.Finished() {
			return false
		}
		o.Status, o.FailureReason, o.CompletedAt = domain.StatusExpired, reason, &at
		o.CheckoutURL, o.CheckoutExpiresAt = "", nil
		return true
	}
}

// Refunded records the full refund of a paid order's payment, once: the
// order becomes refunded whatever it was (a failed report, or a completed
// or running one an operator refunded), keeping its failure reason. With
// notify the same write makes the host's e-mail about it due.
func Refunded(r domain.Refund, notify bool) Change {
	return func(o *domain.Optimization) bool {
		if o.PaidAt == nil || o.Refund != nil {
			return false
		}
		o.Status, o.Refund = domain.StatusRefunded, &r
		endWatch(o)
		if o.CompletedAt == nil {
			o.CompletedAt = &r.RefundedAt
		}
		if notify {
			o.Email = domain.EmailDelivery{Status: domain.DeliveryPending}
			o.OwedAt = &r.RefundedAt // owed from now on (Store.OwedDeliveries)
		}
		return true
	}
}

// Unsettled reports whether o holds a payment that has not yet ended in a
// report or a refund (DESIGN.md's money rules: every paid order ends with
// one of them, exactly once): paid and still being made, paid and failed
// with its refund not yet made, or an upgrade paid for whose Premium report
// is not stored (or whose refund, when it failed, is not made). Such an
// order must not be deleted: its job would find nothing, and the money
// would be neither delivered nor returned.
func Unsettled(o *domain.Optimization) bool {
	return Owed(o) != WorkNone // decided in owed.go
}

// ErrUnsettled is the refusal to delete an account while one of its orders
// is Unsettled; the message is the host's.
var ErrUnsettled = &domain.Error{Code: domain.CodeConflict,
	Message: "A report you paid for is still being made. Try again in a few minutes, once it is done or refunded."}

// ErrOptimizationsLeft is DeleteCustomer's refusal while the customer still
// has optimizations.
var ErrOptimizationsLeft = &domain.Error{Code: domain.CodeConflict,
	Message: "The account's optimizations must be deleted before the account."}

// Upgradable reports whether o may be upgraded to Premium: a completed,
// unrefunded Basic order that is no free re-check with no upgrade paid for and not refunded (a
// refunded upgrade may be tried again).
func Upgradable(o *domain.Optimization) bool {
	return o.Status == domain.StatusCompleted && o.PlanType == domain.PlanBasic && o.Refund == nil && o.RecheckOf == "" &&
		(o.Upgrade == nil || o.Upgrade.Status == domain.UpgradeOpen || o.Upgrade.Status == domain.UpgradeRefunded)
}

// UpgradeOpened records the upgrade's Checkout Session on an upgradable
// order (a newer session replaces an older open one).
func UpgradeOpened(sessionID, url string, amount float64) Change {
	return func(o *domain.Optimization) bool {
		if !Upgradable(o) {
			return false
		}
		o.Upgrade = &domain.Upgrade{Status: domain.UpgradeOpen, SessionID: sessionID, CheckoutURL: url, Amount: amount}
		return true
	}
}

// UpgradePaidBy records an upgrade's payment through sessionID, once: the
// order stays completed with its Basic report while the Premium one is
// made. It does not apply when an upgrade was already paid for (a second
// payment is refunded by the caller).
func UpgradePaidBy(sessionID string, amount float64, at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if !Upgradable(o) {
			return false
		}
		u := domain.Upgrade{Status: domain.UpgradePaid, SessionID: sessionID, Amount: amount, PaidAt: &at}
		o.Upgrade = &u
		// Its job is sent next: the sweeper counts from here (owed.go).
		o.LastSentAt, o.LastJob = &at, ""
		return true
	}
}

// UpgradeCompleted stores the Premium report of a paid upgrade, once: the
// order becomes Premium (plan, amount, report, PDF) in the same write, with
// the report e-mail made due when emailDue.
//
// pdfOwed: the Premium PDF was made but could not be stored; the same
// write records it owed (PDFDue, OwedAt), so the repair job and the
// sweeper find it.
func UpgradeCompleted(results json.RawMessage, pdfPath string, pdfOwed bool, at time.Time, emailDue bool) Change {
	return func(o *domain.Optimization) bool {
		if !o.Upgrading() || o.Upgrade.FailureReason != "" || o.Status != domain.StatusCompleted {
			return false
		}
		u := *o.Upgrade
		u.Status, u.CompletedAt, u.CheckoutURL = domain.UpgradeCompleted, &at, ""
		o.Upgrade = &u
		o.PlanType, o.Amount = domain.PlanPremium, numfmt.Round2(o.Amount+u.Amount)
		o.Results, o.PDFPath = results, pdfPath
		o.PDFDue = pdfOwed && pdfPath == ""
		if o.PDFDue {
			o.OwedAt = &at
		}
		if emailDue {
			o.Email = domain.EmailDelivery{Status: domain.DeliveryPending}
			o.OwedAt = &at // owed from now on (Store.OwedDeliveries)
		}
		return true
	}
}

// UpgradeFailed ends a paid upgrade whose Premium report could not be made,
// once: the Basic report stays, reason says why, and the refund of the
// difference becomes due (UpgradeRefunded records it).
func UpgradeFailed(reason string) Change {
	return func(o *domain.Optimization) bool {
		if !o.Upgrading() {
			return false
		}
		u := *o.Upgrade
		u.FailureReason = reason
		o.Upgrade = &u
		return true
	}
}

// UpgradeRefunded records the refund of a failed upgrade's payment, once,
// and with notify makes the host's e-mail about it due.
func UpgradeRefunded(r domain.Refund, notify bool) Change {
	return func(o *domain.Optimization) bool {
		if !o.Upgrading() || o.Upgrade.FailureReason == "" {
			return false
		}
		u := *o.Upgrade
		u.Status, u.Refund = domain.UpgradeRefunded, &r
		o.Upgrade = &u
		if notify {
			o.Email = domain.EmailDelivery{Status: domain.DeliveryPending}
			o.OwedAt = &r.RefundedAt // owed from now on (Store.OwedDeliveries)
		}
		return true
	}
}

// RecheckAllowed counts one more free re-check of a paid, completed report
// (not itself a re-check, nor refunded), while it has had fewer than limit
// and at is no later than within after its payment. Store.AddRecheck runs
// it on the original in the same transaction that stores the re-check, so
// concurrent requests can never make more than limit.
func RecheckAllowed(limit int, within time.Duration, at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.RecheckOf != "" || o.Status != domain.StatusCompleted || o.PaidAt == nil || o.Refund != nil {
			return false
		}
		if o.Rechecks >= limit || at.After(o.PaidAt.Add(within)) {
			return false
		}
		o.Rechecks++
		return true
	}
}

// Shareable reports whether o is a report its owner may share: completed,
// paid (or a free re-check) and not refunded (nor a re-check withdrawn
// with its refunded report: Refused).
func Shareable(o *domain.Optimization) bool {
	return o.Status == domain.StatusCompleted && o.PaidAt != nil && !Refused(o)
}

// Shared gives a shareable report the share link sh, unless it has a live
// one at sh.CreatedAt: that one stands (sharing twice gives the same link,
// so a link already sent keeps working) and the change does not apply.
func Shared(sh domain.Share) Change {
	return func(o *domain.Optimization) bool {
		if !Shareable(o) || o.SharedAt(sh.CreatedAt) {
			return false
		}
		o.Share = &sh
		return true
	}
}

// Unshared ends o's share link: every link to it stops working at once.
// It does not apply when there is none.
func Unshared() Change {
	return func(o *domain.Optimization) bool {
		if o.Share == nil {
			return false
		}
		o.Share = nil
		return true
	}
}
