package orders

import (
	"context"
	"errors"
	"fmt"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/plans"
	"log/slog"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
)

// The PDF repair (issue 28): a Premium report whose PDF could not be
// stored completes owing it (domain.Optimization.PDFDue, recorded before
// the completion); the repair job renders it from the stored report and
// stores it, and the report e-mail, which waited for it, goes with it.

// pdfTries is how often one job tries to store a PDF before giving up for
// this attempt: storage hiccups are worth a couple of quick retries.
const pdfTries = 3

// storePDF stores pdf under key, trying pdfTries times.
func storePDF(ctx context.Context, blobs blob.Store, key string, pdf []byte) error {
	for attempt := 1; ; attempt++ {
		err := blobs.Put(ctx, key, pdf, "application/pdf")
		if err == nil {
			return nil
		}
		if attempt == pdfTries || ctx.Err() != nil {
			return fmt.Errorf("store PDF %s: %w", key, err)
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Duration(attempt) * 200 * time.Millisecond):
		}
	}
}

// queuePDF queues the repair job of an order that completed owing its PDF.
// A failure is logged, not returned: the order records what it owes, and
// the delivery sweeper sends the job if this one never ran.
func (s *Service) queuePDF(ctx context.Context, id string) {
	if err := s.d.Queue.Enqueue(ctx, traced(ctx, jobs.PDFFor(id))); err != nil && !errors.Is(err, jobs.ErrDuplicate) {
		s.d.Logger.Warn("queueing the PDF repair failed; the delivery sweeper sends it", "optimization", id, "err", err)
	}
}

// errNoPDFMaker: this process cannot make PDFs (no renderer or no blob
// store); an owed PDF waits for one that can.
var errNoPDFMaker = errors.New("no PDF renderer or blob store configured")

// makePDF renders o's stored report and stores the PDF, returning its key.
func (s *Service) makePDF(ctx context.Context, o *domain.Optimization) (string, error) {
	if s.d.PDF == nil || s.d.Blobs == nil {
		return "", errNoPDFMaker
	}
	r, err := report.Decode(o.Results)
	if err != nil {
		return "", err
	}
	pdf, err := s.d.PDF(r)
	if err != nil {
		return "", fmt.Errorf("render the PDF: %w", err)
	}
	key := blob.ReportKey(o.ID)
	if err := storePDF(ctx, s.d.Blobs, key, pdf); err != nil {
		return "", err
	}
	return key, nil
}

// RunPDF is the PDF repair job (jobs.PDFFor, and the sweeper's
// pdf-<id>-<n>): it makes the PDF an order owes, records its key, and then
// sends the report e-mail that waited for it. An order owing no PDF (made
// by an earlier run, refunded since) is left alone. A failure is retried
// by the queue, and after its attempts by the sweeper (SweepDeliveries):
// the order still owes the PDF.
func (s *Service) RunPDF(ctx context.Context, job jobs.Job, attempt jobs.Attempt) error {
	log, o, err := s.jobOrder(ctx, job, attempt)
	if o == nil {
		return err
	}
	if !o.OwesPDF() {
		// Made by an earlier run (which handed on to the e-mail; if it
		// stopped before that, the sweeper sends the e-mail), or refunded.
		log.Info("PDF repair: no PDF owed", "status", o.Status, "pdf", o.PDFPath != "")
		return nil
	}
	if withdrawn, err := s.withdrawnRecheck(ctx, log, o); withdrawn || err != nil {
		return err
	}
	if s.d.PDF == nil || s.d.Blobs == nil {
		log.Error("PDF repair job reached a process that cannot make PDFs; the PDF stays owed", logging.Event(logging.EventPDFStillOwed))
		return nil
	}
	key, err := s.makePDF(ctx, o)
	if err != nil {
		if attempt.Final {
			log.Error(MsgPDFStillOwed, logging.Event(logging.EventPDFStillOwed), "err", err)
		} else {
			log.Warn("PDF repair failed; will retry", "err", err)
		}
		return fmt.Errorf("orders: pdf %s: %w", job.Name, err)
	}
	return s.recordPDF(ctx, log, o, key)
}

// MsgPDFStillOwed is the log message (ERROR) of a PDF repair whose job ran
// out of attempts: storage has failed for minutes. The sweeper tries again;
// DEPLOY.md's alerts name this message.
const MsgPDFStillOwed = "PDF still owed after its repair job's attempts"

// recordPDF records a made PDF's key on o and hands on to the e-mail.
func (s *Service) recordPDF(ctx context.Context, log *slog.Logger, o *domain.Optimization, key string) error {
	applied, err := s.d.Orders.Apply(ctx, o.ID, store.PDFStored(key, s.d.Now()))
	if err != nil {
		return fmt.Errorf("orders: record the PDF of %s: %w", o.ID, err)
	}
	if !applied {
		log.Info("PDF made, but the order is no longer completed; not recorded", "pdf", key)
		return nil
	}
	log.Info("owed PDF stored", "pdf", key)
	if got, err := s.d.Orders.GetOptimization(ctx, o.ID); err == nil {
		s.handOnEmail(ctx, got)
	} else {
		// The e-mail stays owed; the sweeper sends it.
		s.d.Logger.Warn("reading the order after its PDF failed; the sweeper sends its e-mail", "optimization", o.ID, "err", err)
	}
	return nil
}

// handOnEmail queues the e-mail of o if it is still due: it waited for the
// PDF. A failure is logged: the e-mail is owed, and the sweeper sends it.
func (s *Service) handOnEmail(ctx context.Context, o *domain.Optimization) {
	if !o.OwesEmail() || o.OwesPDF() {
		return
	}
	if _, err := s.resendOwed(ctx, o, s.d.Now()); err != nil {
		s.d.Logger.Warn("queueing the e-mail after its PDF failed; the sweeper sends it", "optimization", o.ID, "err", err)
	}
}

// emailWaitsForPDF reports whether o's report e-mail should wait for its
// owed PDF at now: a host should get the PDF attached if at all possible,
// but not wait for it forever. After PDFWait from the report's completion
// the e-mail goes without it (saying the report is on the site).
func (s *Service) emailWaitsForPDF(o *domain.Optimization, now time.Time) bool {
	if !o.OwesPDF() || o.Status != domain.StatusCompleted {
		return false
	}
	done := o.CompletedAt
	if o.Upgrade != nil && o.Upgrade.CompletedAt != nil {
		done = o.Upgrade.CompletedAt
	}
	return done == nil || now.Sub(*done) < s.d.PDFWait
}

// RepairPDF renders and stores the PDF of a completed Premium order again
// from its stored report (`listinglift orders repdf`), records its key and
// hands on to a due e-mail. It returns the PDF's key.
func (s *Service) RepairPDF(ctx context.Context, id string) (string, error) {
	o, err := s.d.Orders.GetOptimization(ctx, id)
	if err != nil {
		return "", err
	}
	switch {
	case o.Status != domain.StatusCompleted:
		return "", domain.Errorf(domain.CodeConflict, "Order %s is %s, not completed: it has no report to make a PDF of.", id, o.Status)
	case !plans.Includes(o.PlanType).PDF:
		return "", domain.Errorf(domain.CodeConflict, "Order %s is %s: only Premium reports have a PDF.", id, o.PlanType)
	case len(o.Results) == 0:
		return "", domain.Errorf(domain.CodeConflict, "Order %s has no stored report.", id)
	}
	key, err := s.makePDF(ctx, o)
	if err != nil {
		return "", fmt.Errorf("orders: PDF of %s: %w", id, err)
	}
	if err := s.recordPDF(ctx, s.d.Logger.With("optimization", id), o, key); err != nil {
		return "", err
	}
	s.d.Logger.Info("PDF made again by support", "optimization", id, "pdf", key)
	return key, nil
}
