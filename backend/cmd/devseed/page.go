package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/pdfreport"
	"github.com/listinglift/listinglift/backend/plans"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store/sqlite"
	"github.com/listinglift/listinglift/backend/writing"
)

// pageSeed is one completed order made from a saved listing page (-page):
// the page is read as `listinglift analyze FILE` reads it (ingest.ReadSaved),
// its report made by the same engine with the built-in writer (and the
// market database, when given), and stored completed for the customer, so
// the dashboard and the report page show a real listing's report.
type pageSeed struct {
	page     string           // saved page file
	url      string           // the listing's address; "" reads it from the page
	platform listing.Platform // "" detects it from the page
	plan     domain.Plan
	marketDB string // "" : no market data
	blobDir  string // "" : no PDF kept (a Premium report then shows no PDF link)
	now      func() time.Time
}

// readPage reads the saved page as the CLI does: which listing it is, and
// whether it is one with enough to report on.
func (s pageSeed) readPage() (*listing.Listing, error) {
	b, err := os.ReadFile(s.page)
	if err != nil {
		return nil, err
	}
	l, err := ingest.ReadSaved(b, s.url, s.platform)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", s.page, domain.ErrorMessage(err))
	}
	return l, nil
}

// generate is the page's report, made as `listinglift analyze` makes it
// with the built-in writer.
func (s pageSeed) generate(ctx context.Context, l *listing.Listing, done time.Time) (*report.Result, error) {
	in := report.Input{Listing: l, Plan: s.plan, Writer: writing.Builtin{}, Now: func() time.Time { return done }}
	if s.marketDB != "" {
		db, err := market.OpenReadOnly(ctx, s.marketDB)
		if err != nil {
			return nil, err
		}
		defer db.Close()
		in.Market = db
	}
	return report.Generate(ctx, in)
}

// seed makes the report, then records the order as a paid one whose job
// finished: added (processing), counted on the customer, paid, its PDF kept
// (Premium, with blobDir), completed with the report. Nothing is written
// when the page cannot be read or reported on.
func (s pageSeed) seed(ctx context.Context, st *sqlite.Store, c *domain.Customer, out io.Writer) (*domain.Optimization, error) {
	l, err := s.readPage()
	if err != nil {
		return nil, err
	}
	now := s.now()
	created := now.Add(-3 * time.Minute)
	done := now.Add(-time.Minute)
	r, err := s.generate(ctx, l, done)
	if err != nil {
		return nil, fmt.Errorf("report for %s: %w", s.page, err)
	}
	results, err := report.Encode(r)
	if err != nil {
		return nil, err
	}
	plan := plans.Includes(s.plan)
	title := strings.TrimSpace(l.Title)
	if title == "" {
		title = r.OriginalTitle
	}
	added, err := st.AddOptimization(ctx, domain.Optimization{
		CustomerUID: c.UID, CustomerEmail: c.Email,
		ListingURL: l.URL, ListingTitle: title,
		PlanType: plan.ID, Amount: plan.Dollars(), Status: domain.StatusProcessing,
		CreatedAt:       created,
		StripeSessionID: fmt.Sprintf("cs_test_seed_page_%s_%d", c.UID, now.UnixNano()),
	})
	if err != nil {
		return nil, err
	}
	if err := st.AppendCustomerOptimization(ctx, c.UID, added.ID); err != nil {
		return nil, err
	}
	if _, err := st.MarkPaid(ctx, added.ID, created.Add(time.Minute)); err != nil {
		return nil, err
	}
	if plan.PDF && s.blobDir != "" {
		if err := s.keepPDF(ctx, added.ID, r); err != nil {
			return nil, err
		}
		if err := st.SetPDF(ctx, added.ID, blob.ReportKey(added.ID)); err != nil {
			return nil, err
		}
	}
	if _, err := st.Complete(ctx, added.ID, results, done, false); err != nil {
		return nil, err
	}
	o, err := st.GetOptimization(ctx, added.ID)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "%s\t%s\t%s\t%s\n", o.ID, o.CreatedAt.Format(time.RFC3339), o.Status, o.ListingTitle)
	return o, nil
}

// keepPDF renders the report's PDF and keeps it where the local server
// reads PDFs (BLOB_DIR), under the order's key.
func (s pageSeed) keepPDF(ctx context.Context, id string, r *report.Result) error {
	pdf, err := pdfreport.Render(r, pdfreport.Options{})
	if err != nil {
		return fmt.Errorf("PDF for %s: %w", s.page, err)
	}
	bs, err := local.New(s.blobDir)
	if err != nil {
		return err
	}
	return bs.Put(ctx, blob.ReportKey(id), pdf, "application/pdf")
}
