package store

import (
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// Deliverables owed (issue 28): the PDF a completed Premium report lacks
// and the e-mail still due are state on the order (domain.Optimization's
// PDFDue, Email and OwedAt), so that the sweeper finds them by an indexed
// query (Store.OwedDeliveries) after the queue's attempts ran out. These
// Changes keep OwedAt set exactly while something is owed.

// owedAt is what OwedAt becomes after a write at at: at while anything is
// still owed (or may become owed: an unfinished order marked by PDFOwed),
// else nil.
func owedAt(o *domain.Optimization, at time.Time) *time.Time {
	if o.Owes() || (!o.Status.Finished() && o.PDFDue) {
		return &at
	}
	return nil
}

// PDFOwed records, on an unfinished order, that its PDF could not be
// stored: written before the completion (as SetPDF's key is), so a
// completed Premium order has either its PDF or the record that it is
// owed. A PDF already stored wins.
func PDFOwed(at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.Status.Finished() || o.PDFPath != "" {
			return false
		}
		o.PDFDue, o.OwedAt = true, &at
		return true
	}
}

// PDFStored records the key of a PDF made after the report (the repair
// job, or an operator's repdf): PDFDue is cleared, and OwedAt kept at at
// only while the e-mail is still due. It applies to a completed order
// only (a refunded one's PDF is no longer the host's).
func PDFStored(key string, at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.Status != domain.StatusCompleted || key == "" {
			return false
		}
		o.PDFPath, o.PDFDue = key, false
		o.OwedAt = owedAt(o, at)
		return true
	}
}

// EmailTried records one try of the e-mail: from is the delivery state the
// try started from (its status and attempts must still be stored, so a
// stale run never overwrites "sent"), to what it left. OwedAt becomes at
// while the e-mail (or the PDF) is still owed, nil once nothing is.
func EmailTried(from, to domain.EmailDelivery, at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.Email.Status != from.Status || o.Email.Attempts != from.Attempts {
			return false
		}
		o.Email = to
		o.OwedAt = owedAt(o, at)
		return true
	}
}

// EmailDueAgain makes a finished order's e-mail due again (an operator's
// resend): pending, with its attempts and last error kept for the record.
// It applies to a completed or refunded order whose e-mail is not pending
// already.
func EmailDueAgain(at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if (o.Status != domain.StatusCompleted && o.Status != domain.StatusRefunded) || o.Email.Status == domain.DeliveryPending {
			return false
		}
		o.Email = domain.EmailDelivery{Status: domain.DeliveryPending, Attempts: o.Email.Attempts, LastError: o.Email.LastError}
		o.OwedAt = &at
		return true
	}
}

// ClaimOwed records that the jobs of o's owed deliverables are sent again
// (the sweeper, or the PDF job handing on to the e-mail): OwedRequeues
// becomes seen+1, naming the new jobs, and OwedAt at. It applies only while
// OwedRequeues is still seen and something is owed: of two racing
// sweepers, one claims the order.
func ClaimOwed(seen int, at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.OwedRequeues != seen || !o.Owes() {
			return false
		}
		o.OwedRequeues, o.OwedAt = seen+1, &at
		return true
	}
}

// SettleOwed corrects OwedAt on an order the sweeper found owing nothing
// now: cleared when nothing is owed, or moved to at while the order is
// unfinished (its report job still runs; the report sweeper watches it).
// It reports false when the order owes something after all.
func SettleOwed(at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.Owes() || o.OwedAt == nil {
			return false
		}
		o.OwedAt = owedAt(o, at)
		return true
	}
}
