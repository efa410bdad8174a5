package report

import (
	"context"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
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
	// Calendar says the report has the listing's availability calendar for
	// booking gaps (Airbnb's calendar as read, or the snapshot's).
	Calendar bool `json:"calendar"`
	// Sections are the report's seven sections, each said to be assessed
	// or not (and why), as the report made from this read assesses them.
	Sections []SectionCover `json:"sections"`
	// Complete: the title, the whole description and the photos were all
	// read; only then does the form say the listing was read.
	Complete bool `json:"complete"`
	// Read and Missing name, in plain words, what the page gave ("the
	// title", "a preview of the description") and what it did not give of
	// what a report uses ("photos", "amenities"), when the read is not
	// complete.
	Read    []string `json:"read,omitempty"`
	Missing []string `json:"missing,omitempty"`
	// Offer is which plans can be sold for this listing (OfferFor).
	Offer Offer `json:"offer"`
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

// CoverageOf looks in.Listing up in the market data the reports use
// (in.Market and in.Live; either may be nil: no market data) the way a
// report will, and says what that report will assess and which plans can
// be sold for it. The sections come from a Basic report made here from the
// same read and market look-up (cheap: no photo is fetched, no model
// asked, nothing stored; in.Plan and the rest of in are not read), so what
// the host is told before paying is what the report does, decided by the
// report's own code.
func CoverageOf(ctx context.Context, in Input) (Coverage, error) {
	l, m, live := in.Listing, in.Market, in.Live
	c := Coverage{Market: CoverageNone, Photos: len(l.Photos), Reviews: l.Has(listing.FieldRating) || l.Has(listing.FieldReviewCount)}
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
	if md.comps != nil && len(md.comps.Listings) > 0 {
		c.Market, c.MarketName, c.Snapshot, c.Comparables = CoverageInsideAirbnb, md.comps.Market, md.comps.Snapshot, len(md.comps.Listings)
		if md.comps.Live() {
			c.Market = CoverageLive
		}
	} else {
		c.Note = md.note
	}
	r, err := Generate(ctx, Input{Listing: l, Plan: domain.PlanBasic, Market: m, Live: live, gathered: &md})
	if err != nil {
		return c, err
	}
	typed := !l.PageRead()
	c.Sections = sectionCovers(r, typed)
	c.Calendar = r.SectionScores.Availability != nil
	c.Complete = !typed && l.Has(listing.FieldTitle) && l.Has(listing.FieldDescription) && !l.IsPartial(listing.FieldDescription) &&
		r.SectionScores.Photos != nil
	read := pageReadParts(l)
	if !c.Complete {
		c.Read, c.Missing = read, missingParts(l, r)
	}
	// The offer is read off this Basic report, as OfferOfReport reads it
	// off the stored one: the form, the order, the upgrade and the
	// dashboard say the same. The comparables are the look-up's, named by
	// what found them.
	reach := reachOf(r, typed, read)
	reach.Comparables, reach.MarketSource = c.Comparables, marketLabel(md.comps)
	c.Offer = OfferFor(reach)
	return c, nil
}

// TypedCoverage is the coverage of a report made from what the host types
// for t, when its page cannot be read: title and description only, Basic
// only. It is made like any other (a listing from typed text), so it says
// what such a report assesses.
func TypedCoverage(ctx context.Context, t listing.Target) (Coverage, error) {
	c, err := CoverageOf(ctx, Input{Listing: listing.FromTyped(t, "The title you type", "The description you type.", "")})
	c.Note = "" // no market was looked up: there is no map position to look it up by
	return c, err
}

// missingParts names what a report uses that the page did not give.
func missingParts(l *listing.Listing, r *Result) []string {
	var out []string
	if !l.Has(listing.FieldTitle) {
		out = append(out, "title")
	}
	switch {
	case !l.Has(listing.FieldDescription):
		out = append(out, "description")
	case l.IsPartial(listing.FieldDescription):
		out = append(out, "the full description")
	}
	if r.SectionScores.Photos == nil {
		out = append(out, "photos")
	}
	if !l.Has(listing.FieldAmenities) {
		out = append(out, "amenities")
	}
	if !l.Has(listing.FieldPrice) {
		out = append(out, "nightly price")
	}
	if !l.Has(listing.FieldRating) && !l.Has(listing.FieldReviewCount) {
		out = append(out, "reviews")
	}
	if r.SectionScores.Availability == nil {
		out = append(out, "availability calendar")
	}
	return out
}

// marketLabel names what found the comparables, the platform named:
// "Booking.com's search around the listing" or "Inside Airbnb's
// Lisbon snapshot of …" ("" when none were found).
func marketLabel(c *market.Comparables) string {
	if c == nil || len(c.Listings) == 0 {
		return ""
	}
	if c.Live() {
		return searchSite(c.Market) + "'s search around the listing"
	}
	return "Inside Airbnb's " + c.Market + " snapshot of " + analysis.LongDate(c.Snapshot)
}
