package store

import (
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// Owed work is state, not a task (issue 28): what a paid order is still
// owed is read from the order itself, so a lost or exhausted task never
// loses it — the sweeper finds it again by OwedOrders and sends it again.

// Work is what a paid order is still owed.
type Work string

const (
	WorkNone          Work = ""
	WorkReport        Work = "report"         // paid, the report not yet made
	WorkRefund        Work = "refund"         // paid, failed, not refunded
	WorkUpgrade       Work = "upgrade"        // an upgrade paid, its Premium report not yet made
	WorkUpgradeRefund Work = "upgrade-refund" // an upgrade paid and failed, its difference not refunded
)

// Owed is the one place that decides what o is still owed (DESIGN.md's
// money rules: every paid order ends with its report or a refund,
// exactly once). A free re-check owes no refund.
func Owed(o *domain.Optimization) Work {
	if o.Upgrading() {
		if o.Upgrade.FailureReason != "" {
			return WorkUpgradeRefund
		}
		return WorkUpgrade
	}
	if o.PaidAt == nil {
		return WorkNone
	}
	switch o.Status {
	case domain.StatusPending, domain.StatusProcessing:
		return WorkReport
	case domain.StatusFailed:
		if o.Refund == nil && o.RecheckOf == "" {
			return WorkRefund
		}
	}
	return WorkNone
}

// OwedSince is when o began to owe w: the payment for a report, the
// failure for a refund, the upgrade's payment for an upgrade's work.
func OwedSince(o *domain.Optimization, w Work) time.Time {
	var at *time.Time
	switch w {
	case WorkReport:
		at = o.PaidAt
	case WorkRefund:
		at = o.CompletedAt
	case WorkUpgrade, WorkUpgradeRefund:
		at = o.Upgrade.PaidAt
	}
	if at == nil {
		at = o.PaidAt
	}
	if at == nil {
		return o.CreatedAt
	}
	return *at
}

// Sent records that job was handed to the queue at at for o's owed work.
// It does not apply to an order that owes nothing (settled meanwhile).
func Sent(job string, at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if Owed(o) == WorkNone {
			return false
		}
		o.LastSentAt, o.LastJob = &at, job
		return true
	}
}

// Resent is the sweeper's claim to send o's owed work w again under the
// fresh name job: it applies only while o still owes w and has been sent
// again seen times, so of two sweepers racing over one order one claims
// it. It counts the send (Requeues, RequeuedAt) and records it as Sent.
func Resent(w Work, seen int, job string, at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if w == WorkNone || Owed(o) != w || o.Requeues != seen {
			return false
		}
		o.Requeues, o.RequeuedAt = seen+1, &at
		o.LastSentAt, o.LastJob = &at, job
		return true
	}
}

// Withdrawn ends a re-check whose paid report was refunded: its PDF and
// share link stop (Downloadable, Shareable). It applies to a re-check
// only.
//
// What the re-check still owes goes too: an e-mail still due is given up
// (MsgWithdrawnDelivery) and an owed PDF is no longer owed, so neither its
// job nor the delivery sweeper sends the Premium report of a refunded one.
// A re-check completed after its withdrawal (it was running) is withdrawn
// again for what it then owes; otherwise a repeat changes nothing.
func Withdrawn(at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.RecheckOf == "" || (o.WithdrawnAt != nil && o.Email.Status != domain.DeliveryPending && !o.PDFDue) {
			return false
		}
		if o.WithdrawnAt == nil {
			o.WithdrawnAt = &at
		}
		o.Share = nil
		if o.Email.Status == domain.DeliveryPending {
			o.Email = domain.EmailDelivery{Status: domain.DeliveryFailed, Attempts: o.Email.Attempts, LastError: MsgWithdrawnDelivery}
		}
		o.PDFDue = false
		o.OwedAt = owedAt(o, at)
		return true
	}
}

// MsgWithdrawnDelivery is the e-mail error recorded on a re-check withdrawn
// before its e-mail was sent.
const MsgWithdrawnDelivery = "not sent: the re-checked report was refunded"

// Refused reports whether o's report is no longer its owner's to use —
// download, share — because its money went back: o was refunded, or o is
// a re-check of a report that was (Withdrawn). PDF links and share links
// both ask this.
func Refused(o *domain.Optimization) bool {
	return o.Status == domain.StatusRefunded || o.Refund != nil || o.WithdrawnAt != nil
}
