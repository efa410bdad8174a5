package orders

import (
	"context"
	"errors"
	"fmt"
	"github.com/listinglift/listinglift/backend/plans"
	"log/slog"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/budget"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/writing"
)

// ListingReader reads a listing (ingest.Reader, with deep reads on).
type ListingReader interface {
	Read(ctx context.Context, rawURL string) (*listing.Listing, error)
}

// PDFRenderer draws a report as a PDF (pdfreport.Render).
type PDFRenderer func(r *report.Result) ([]byte, error)

// Pipeline is the Reporter: read the listing, analyse it against the
// market, write the copy, and for Premium render the PDF and keep it.
type Pipeline struct {
	Listings ListingReader
	Market   report.Market       // nil: no market data
	Live     report.LiveMarket   // nil: no live comparables
	Writer   writing.Writer      // nil: the built-in writer
	Photos   report.PhotoFetcher // nil: photos are not measured
	// PDF and Blobs make Premium's PDF; either nil: no PDF.
	PDF    PDFRenderer
	Blobs  blob.Store
	Logger *slog.Logger
	// Originals reads the report a re-check compares with (the store); nil:
	// re-checks carry no comparison.
	Originals interface {
		GetOptimization(ctx context.Context, id string) (*domain.Optimization, error)
	}
}

// Report implements Reporter.
//
// The job's deadline (on ctx) is shared out from what is left (package
// budget): the tail (budget.Tail) is kept from the start for the PDF, its
// upload and the save, and the report is made in the rest — the page read
// with what it needs, the optional stages (deep reads, live comparables,
// photos, the copy model) each with a share of what is left when they
// start, cut short and said in the report rather than failing the order.
func (p Pipeline) Report(ctx context.Context, o *domain.Optimization, progress func(context.Context, domain.Stage)) (*Outcome, error) {
	work, cancel := budget.Share(ctx, 1-budget.Tail, 0)
	defer cancel()
	r, err := p.build(work, o, progress)
	if err != nil {
		return nil, err
	}
	out := &Outcome{}
	if plans.Includes(o.PlanType).PDF && p.PDF != nil && p.Blobs != nil {
		progress(ctx, domain.StageRenderingPDF)
		out.PDFPath, out.PDFOwed = p.keepPDF(ctx, o, r)
	}
	if out.Results, err = report.Encode(r); err != nil {
		return nil, err
	}
	return out, nil
}

// build reads the listing and makes its report, within ctx.
func (p Pipeline) build(ctx context.Context, o *domain.Optimization, progress func(context.Context, domain.Stage)) (*report.Result, error) {
	progress(ctx, domain.StageReadingListing)
	l, err := p.Listings.Read(ctx, o.ListingURL)
	if err != nil && o.TypedDetails && domain.ErrorCode(err) == domain.CodeUnavailable {
		// The host knew the page could not be read and chose to go on
		// with what they typed: the report is made from that, and says
		// what it leaves out.
		l, err = typedListing(o, err)
	}
	if err != nil {
		return nil, fmt.Errorf("read listing: %w", err)
	}
	// A re-check's report compares itself with the report it re-checks,
	// and shows the market over the weeks that report's Watch checked.
	var orig *domain.Optimization
	if o.RecheckOf != "" && p.Originals != nil {
		if orig, err = p.Originals.GetOptimization(ctx, o.RecheckOf); err != nil {
			return nil, fmt.Errorf("read the re-checked report %s: %w", o.RecheckOf, err)
		}
	}
	in := report.Input{Listing: l, Plan: o.PlanType, Writer: p.Writer, Photos: p.Photos, Progress: progress}
	if orig != nil && orig.Watch != nil {
		in.WatchWeeks = orig.Watch.Checks
	}
	if p.Market != nil {
		in.Market = p.Market
	}
	if p.Live != nil {
		in.Live = p.Live
	}
	r, err := report.Generate(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("generate report: %w", err)
	}
	if orig != nil {
		if r.Comparison, err = compare(orig, r); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Check implements WatchChecker: a watch's weekly read of o's listing, the
// pipeline's own read and analysis (the same market, live comparables and
// photo measurements as the report, so a week's scores compare with the
// report's) without the copy model, whose words a week never shows, and
// without a PDF. A page that cannot be read fails the week: what the host
// once typed is no read of the listing now.
func (p Pipeline) Check(ctx context.Context, o *domain.Optimization) (*report.Result, error) {
	q := p
	q.Writer, q.Originals = writing.Builtin{}, nil
	read := *o
	read.RecheckOf, read.TypedDetails = "", false
	return q.build(ctx, &read, func(context.Context, domain.Stage) {})
}

// compare is a re-check's report r against the report it re-checks.
func compare(orig *domain.Optimization, r *report.Result) (*report.Comparison, error) {
	before, err := report.Decode(orig.Results)
	if err != nil {
		return nil, fmt.Errorf("the re-checked report %s: %w", orig.ID, err)
	}
	return report.Compare(orig.ID, before, r), nil
}

// typedListing is o's listing from what the host typed, the read's
// failure (readErr) named in its warning.
func typedListing(o *domain.Optimization, readErr error) (*listing.Listing, error) {
	t, err := listing.ParseURL(o.ListingURL)
	if err != nil {
		return nil, err
	}
	why := ""
	var de *domain.Error
	if errors.As(readErr, &de) {
		why = de.Message
	}
	return listing.FromTyped(t, o.ListingTitle, o.ListingDescription, why), nil
}

// keepPDF renders and stores the PDF, returning its key. A rendering
// failure gives no PDF (the results say "PDF Generation Failed - Contact
// Support"; another rendering of the same report fails alike) and is
// logged for support. A storage failure, after a few quick tries, gives
// owed: the order completes owing its PDF, and the repair job (RunPDF)
// stores it when storage is back.
func (p Pipeline) keepPDF(ctx context.Context, o *domain.Optimization, r *report.Result) (key string, owed bool) {
	log := p.Logger
	if log == nil {
		log = slog.Default()
	}
	pdf, err := p.PDF(r)
	if err != nil {
		log.Error("rendering the PDF failed", "optimization", o.ID, "err", err)
		return "", false
	}
	key = blob.ReportKey(o.ID)
	if err := storePDF(ctx, p.Blobs, key, pdf); err != nil {
		log.Warn("storing the PDF failed; the order completes owing it, and a repair job stores it", "optimization", o.ID, "err", err)
		return "", true
	}
	return key, false
}
