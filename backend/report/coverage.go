package report

import (
	"context"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// Market coverage kinds (Coverage.Market).
const (
	CoverageInsideAirbnb = "inside_airbnb"
	CoverageLive         = "live"
	CoverageNone         = "none"
)

// Coverage is what a report on a listing will be able to include, said to
// the host before they pay: whether market data covers it (and how many
// comparable listings), and what the page gave (photos, reviews).
type Coverage struct {
	Market      string `json:"market"` // CoverageInsideAirbnb, CoverageLive or CoverageNone
	MarketName  string `json:"market_name,omitempty"`
	Snapshot    string `json:"snapshot,omitempty"`
	Comparables int    `json:"comparables"`
	// Note says why the market part will be missing, when it will.
	Note    string `json:"note,omitempty"`
	Photos  int    `json:"photos"`
	Reviews bool   `json:"reviews"` // a rating or review count was read
	// Calendar says the listing's availability calendar will be read for
	// booking gaps (Airbnb's calendar, or the snapshot's).
	Calendar bool `json:"calendar"`
}

// LiveSearcher is the optional part of a LiveMarket that finds the
// comparables without reading their calendars (livemarket.Source.Nearby):
// enough to tell the host before paying, and kept for the report.
type LiveSearcher interface {
	Nearby(ctx context.Context, q market.Query) (*market.Comparables, error)
}

// nearbyOnly is a LiveMarket that only searches.
type nearbyOnly struct{ s LiveSearcher }

func (n nearbyOnly) Comparables(ctx context.Context, q market.Query) (*market.Comparables, error) {
	return n.s.Nearby(ctx, q)
}

// CoverageOf looks l up in the market data the reports use (m may be nil:
// no market data) the way a report will, without making one.
func CoverageOf(ctx context.Context, m Market, live LiveMarket, l *listing.Listing) (Coverage, error) {
	c := Coverage{Market: CoverageNone, Photos: len(l.Photos), Reviews: l.Has(listing.FieldRating) || l.Has(listing.FieldReviewCount),
		Calendar: l.Platform == listing.Airbnb && l.ID != ""}
	if l.IsPartial(listing.FieldPhotos) {
		c.Photos = 0 // a preview image, or part of a gallery, is not the listing's photo count
	}
	if s, ok := live.(LiveSearcher); ok {
		live = nearbyOnly{s}
	}
	md, err := gatherMarket(ctx, Input{Market: m, Live: live}, l)
	if err != nil {
		return c, err
	}
	switch {
	case md.comps != nil && len(md.comps.Listings) > 0:
		c.Market, c.MarketName, c.Snapshot, c.Comparables = CoverageInsideAirbnb, md.comps.Market, md.comps.Snapshot, len(md.comps.Listings)
		if md.comps.Live() {
			c.Market = CoverageLive
		}
		c.Calendar = c.Calendar || md.self != nil
	default:
		c.Note = md.note
	}
	return c, nil
}
