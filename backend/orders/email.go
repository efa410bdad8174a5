package orders

import (
	"context"
	"errors"
	"fmt"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/plans"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/reportmail"
	"github.com/listinglift/listinglift/backend/store"
)

// emailsReport reports whether o's report is e-mailed (Premium, with a
// mailer): the completion then marks the e-mail due in the same write.
func (s *Service) emailsReport(o *domain.Optimization) bool {
	return plans.Includes(o.PlanType).Email && s.d.Mailer != nil
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
// e-mail is still due, and the repair job of a PDF it owes; a job already
// queued makes it a no-op (and the delivery sweeper finds what is owed
// whatever the queue said).
func (s *Service) ensureEmailQueued(ctx context.Context, o *domain.Optimization) {
	if o.OwesPDF() {
		s.queuePDF(ctx, o.ID)
	}
	if mailable(o) && o.Email.Status == domain.DeliveryPending && s.d.Mailer != nil {
		s.queueEmail(ctx, o.ID)
	}
}

// mailable reports whether o is in a state an e-mail is about: a finished
// report, or a refund.
func mailable(o *domain.Optimization) bool {
	return o.Status == domain.StatusCompleted || o.Status == domain.StatusRefunded
}

// RunEmail is the e-mail job: it sends a finished order's e-mail (the
// Premium report with its PDF, or the refund) to the customer once, and
// records what happened. A mail failure never touches the order's status.
// The e-mail is given up (failed) only when the provider refuses the
// recipient or the message; any failure on our side — the provider down,
// our API key refused (mail.IsConfig, alerted) — leaves it pending with
// the time of the try, retried by the queue up to MailAttempts tries per
// job and then found again by the delivery sweeper (SweepDeliveries). A
// report e-mail whose PDF is owed waits for it (emailWaitsForPDF): the
// repair job sends it once the PDF is stored.
func (s *Service) RunEmail(ctx context.Context, job jobs.Job, attempt jobs.Attempt) error {
	log, o, err := s.jobOrder(ctx, job, attempt)
	if o == nil {
		return err
	}
	if s.d.Mailer == nil || !mailable(o) || o.Email.Status != domain.DeliveryPending {
		return nil // nothing due, or already settled
	}
	if withdrawn, err := s.withdrawnRecheck(ctx, log, o); withdrawn || err != nil {
		return err
	}
	if o.Status == domain.StatusCompleted && o.RecheckOf == "" && o.Watch == nil {
		// The watch's backstop: the report's job starts it after the
		// completion, and a write that failed there is made good here,
		// before the e-mail that tells the host about it.
		if err := s.startWatch(ctx, o.ID, o.PlanType, o.Results); err != nil {
			return err
		}
	}
	now := s.d.Now()
	if s.emailWaitsForPDF(o, now) {
		log.Info("report e-mail waits for its PDF; the PDF's repair job sends it")
		return nil
	}
	msg, err := s.composeEmail(ctx, o)
	if err == nil {
		err = s.d.Mailer.Send(ctx, msg)
	}
	d := domain.EmailDelivery{Status: domain.DeliveryPending, Attempts: o.Email.Attempts + 1}
	if err == nil {
		sent := s.d.Now()
		d.Status, d.SentAt = domain.DeliverySent, &sent
		log.Info("report e-mail sent", "pdf", o.PDFPath != "")
	} else {
		d.LastError = err.Error()
		switch {
		case !mail.Retryable(err):
			d.Status = domain.DeliveryFailed
			log.Error("report e-mail failed; giving up", logging.Event(logging.EventEmailGivenUp), "err", err)
		case mail.IsConfig(err):
			// Our configuration, not the host's address: alerted, and
			// retried until someone fixes it.
			log.Error(mail.MsgConfigRefused, logging.Event(logging.EventMailCredentialsRefused), "err", err)
		default:
			log.Warn("report e-mail failed; will retry", "err", err)
		}
	}
	applied, serr := s.d.Orders.Apply(ctx, o.ID, store.EmailTried(o.Email, d, s.d.Now()))
	if serr != nil {
		return fmt.Errorf("orders: e-mail %s: recording delivery: %w", job.Name, serr)
	}
	if !applied {
		// Another run changed the state since this one read it (sent it,
		// or recorded a later attempt): its record stands.
		log.Warn("report e-mail state changed by another run; this run's outcome not recorded", "outcome", d.Status)
		return nil
	}
	if d.Status != domain.DeliveryPending {
		return nil
	}
	if attempt.Final || attempt.Number >= s.d.MailAttempts {
		// Still due: the delivery sweeper sends it again after
		// OwedRetryAfter, under a fresh name.
		log.Warn("report e-mail still due after this job's tries; the delivery sweeper sends it again", "attempts", d.Attempts)
		return nil
	}
	return fmt.Errorf("orders: e-mail %s: %w", job.Name, err)
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
	r, err := report.Decode(o.Results)
	if err != nil {
		return mail.Message{}, mail.Permanent(err)
	}
	var pdf []byte
	if o.PDFPath != "" && s.d.Blobs != nil {
		data, _, err := s.d.Blobs.Get(ctx, o.PDFPath)
		if err != nil {
			return mail.Message{}, mail.Temporary(fmt.Errorf("read PDF: %w", err))
		}
		pdf = data
	}
	return reportmail.Compose(reportmail.Input{Optimization: o, Report: r, PDF: pdf,
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
