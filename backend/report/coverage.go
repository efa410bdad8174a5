package report

import (
	"context"

	"github.com/listinglift/listinglift/backend/listing"
)

// Market coverage kinds (Coverage.Market).
const (
	CoverageInsideAirbnb = "inside_airbnb"
	CoverageNone         = "none"
)

// Coverage is what a report on a listing will be able to include, said to
// the host before they pay: whether market data covers it (and how many
// comparable listings), and what the page gave (photos, reviews).
type Coverage struct {
	Market      string `json:"market"` // CoverageInsideAirbnb or CoverageNone
	MarketName  string `json:"market_name,omitempty"`
	Snapshot    string `json:"snapshot,omitempty"`
	Comparables int    `json:"comparables"`
	// Note says why the market part will be missing, when it will.
	Note    string `json:"note,omitempty"`
	Photos  int    `json:"photos"`
	Reviews bool   `json:"reviews"` // a rating or review count was read
}

// CoverageOf looks l up in the market data the reports use (m may be nil:
// no market data) the way a report will, without making one.
func CoverageOf(ctx context.Context, m Market, l *listing.Listing) (Coverage, error) {
	c := Coverage{Market: CoverageNone, Photos: len(l.Photos), Reviews: l.Has(listing.FieldRating) || l.Has(listing.FieldReviewCount)}
	if listing.PreviewOnly(l, listing.FieldPhotos) {
		c.Photos = 0 // a preview image is not the listing's photos
	}
	md, err := gatherMarket(ctx, Input{Market: m}, l)
	if err != nil {
		return c, err
	}
	if md.comps != nil && len(md.comps.Listings) > 0 {
		c.Market, c.MarketName, c.Snapshot, c.Comparables = CoverageInsideAirbnb, md.comps.Market, md.comps.Snapshot, len(md.comps.Listings)
	} else {
		c.Note = md.note
	}
	return c, nil
}
