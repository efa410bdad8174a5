package orders

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/writing"
)

// ListingReader reads a listing (ingest.Reader, with deep reads on).
type ListingReader interface {
	Read(ctx context.Context, rawURL string) (*listing.Listing, error)
}

// Pipeline is the Reporter: read the listing, analyse it against the
// market, write the copy. Premium's PDF and e-mail steps are added by the
// Premium deliverables.
type Pipeline struct {
	Listings ListingReader
	Market   report.Market       // nil: no market data
	Writer   writing.Writer      // nil: the built-in writer
	Photos   report.PhotoFetcher // nil: photos are not measured
}

// Report implements Reporter.
func (p Pipeline) Report(ctx context.Context, o *domain.Optimization, progress func(context.Context, domain.Stage)) (json.RawMessage, error) {
	progress(ctx, domain.StageReadingListing)
	l, err := p.Listings.Read(ctx, o.ListingURL)
	if err != nil {
		return nil, fmt.Errorf("read listing: %w", err)
	}
	in := report.Input{Listing: l, Plan: o.PlanType, Writer: p.Writer, Photos: p.Photos, Progress: progress}
	if p.Market != nil {
		in.Market = p.Market
	}
	r, err := report.Generate(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("generate report: %w", err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("encode report: %w", err)
	}
	return b, nil
}
