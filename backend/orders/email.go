package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/reportmail"
)

// emailsReport reports whether o's report is e-mailed (Premium, with a
// mailer): the completion then marks the e-mail due in the same write.
func (s *Service) emailsReport(o *domain.Optimization) bool {
	return o.PlanType == domain.PlanPremium && s.d.Mailer != nil
}

// queueEmail queues the e-mail job of a completed order whose e-mail is
// due (Complete marked it pending). A failure here is logged, not
// returned: the report is done, and the next look at the order — a job
// retry, or the success page's check (Reconcile) — queues it again.
func (s *Service) queueEmail(ctx context.Context, id string) {
	if err := s.d.Queue.Enqueue(ctx, traced(ctx, jobs.EmailFor(id))); err != nil && !errors.Is(err, jobs.ErrDuplicate) {
		s.d.Logger.Error("queueing the report e-mail failed", "optimization", id, "err", err)
	}
}

// ensureEmailQueued queues the e-mail job of a completed order whose
// e-mail is still due; a job already queued makes it a no-op.
func (s *Service) ensureEmailQueued(ctx context.Context, o *domain.Optimization) {
	if mailable(o) && o.Email.Status == domain.DeliveryPending && s.d.Mailer != nil {
		s.queueEmail(ctx, o.ID)
	}
}

// mailable reports whether o is in a state an e-mail is about: a finished
// report, or a refund.
func mailable(o *domain.Optimization) bool {
	return o.Status == domain.StatusCompleted || o.Status == domain.StatusRefunded
}

// RunEmail is the e-mail job: it sends a completed Premium order's report
// (summary and PDF) to the customer once, and records what happened. A
// mail failure never touches the order's status; a temporary one is
// retried (the queue's backoff) until the attempts run out, a permanent one
// (an address the provider refuses) is recorded at once.
func (s *Service) RunEmail(ctx context.Context, job jobs.Job, attempt jobs.Attempt) error {
	log, o, err := s.jobOrder(ctx, job, attempt)
	if o == nil {
		return err
	}
	if s.d.Mailer == nil || !mailable(o) || o.Email.Status != domain.DeliveryPending {
		return nil // nothing due, or already settled
	}
	msg, err := s.composeEmail(ctx, o)
	if err == nil {
		err = s.d.Mailer.Send(ctx, msg)
	}
	d := domain.EmailDelivery{Status: domain.DeliveryPending, Attempts: o.Email.Attempts + 1}
	if err == nil {
		now := s.d.Now()
		d.Status, d.SentAt = domain.DeliverySent, &now
		log.Info("report e-mail sent")
	} else {
		d.LastError = err.Error()
		if !mail.Retryable(err) || attempt.Final || d.Attempts >= s.d.MailAttempts {
			d.Status = domain.DeliveryFailed
			log.Error("report e-mail failed; giving up", "err", err)
		} else {
			log.Warn("report e-mail failed; will retry", "err", err)
		}
	}
	applied, serr := s.d.Store.UpdateEmailDelivery(ctx, o.ID, o.Email, d)
	if serr != nil {
		return fmt.Errorf("orders: e-mail %s: recording delivery: %w", job.Name, serr)
	}
	if !applied {
		// Another run changed the state since this one read it (sent it,
		// or recorded a later attempt): its record stands.
		log.Warn("report e-mail state changed by another run; this run's outcome not recorded", "outcome", d.Status)
		return nil
	}
	if d.Status == domain.DeliveryPending {
		return fmt.Errorf("orders: e-mail %s: %w", job.Name, err)
	}
	return nil
}

// composeEmail builds the message the order's state calls for: the refund
// of a failed order or upgrade, else the report with its PDF and the free
// re-checks left (on a re-check, counted on the report it re-checks).
func (s *Service) composeEmail(ctx context.Context, o *domain.Optimization) (mail.Message, error) {
	reportURL := s.d.PublicURL + "/payment-success?session_id=" + o.ID
	if o.Status == domain.StatusRefunded || o.Upgrade != nil && o.Upgrade.Status == domain.UpgradeRefunded && o.PlanType == domain.PlanBasic {
		return reportmail.ComposeRefund(reportmail.RefundInput{Optimization: o, Upgrade: o.Status != domain.StatusRefunded,
			ReportURL: reportURL, HomeURL: s.d.PublicURL + "/#optimize", SupportEmail: s.d.SupportEmail})
	}
	var r report.Result
	if err := json.Unmarshal(o.Results, &r); err != nil {
		return mail.Message{}, mail.Permanent(fmt.Errorf("decode report: %w", err))
	}
	var pdf []byte
	if o.PDFPath != "" && s.d.Blobs != nil {
		data, _, err := s.d.Blobs.Get(ctx, o.PDFPath)
		if err != nil {
			return mail.Message{}, mail.Temporary(fmt.Errorf("read PDF: %w", err))
		}
		pdf = data
	}
	return reportmail.Compose(reportmail.Input{Optimization: o, Report: &r, PDF: pdf,
		ReportURL: reportURL, SupportEmail: s.d.SupportEmail, Recheck: s.recheckOffer(ctx, o)})
}

// recheckOffer is the free re-checks o's report e-mail offers (issue 18):
// of o, or for a re-check of the report it re-checks, where they count —
// the results page's decision (RecheckStateOf). Nil when none is left, or
// when the re-checked report cannot be read: the e-mail then goes without
// the offer, which the report page still makes.
func (s *Service) recheckOffer(ctx context.Context, o *domain.Optimization) *reportmail.RecheckOffer {
	st, _, err := s.BoughtRecheckState(ctx, o)
	if err != nil {
		s.d.Logger.Warn("reading the re-checked report for the e-mail failed; no re-check offer in it",
			"optimization", o.ID, "recheck_of", o.RecheckOf, "err", err)
		return nil
	}
	if st == nil || !st.Available {
		return nil
	}
	return &reportmail.RecheckOffer{Left: st.Limit - st.Used, Limit: st.Limit, Until: st.EndsAt}
}
