package report

import (
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
)

// What is sold matches what was read (issue 26): the plans a listing is
// offered follow from what its report can assess. This file is the one
// place that decides it; the form (through the scrape answer's coverage),
// the order endpoints and the upgrade all ask here.

// SectionCover is one of the report's seven sections (analysis.
// SectionWeights), as the host is told before paying: whether the report
// will assess it, and if not, why in plain words.
type SectionCover struct {
	Key      string `json:"key"`
	Name     string `json:"name"`
	Assessed bool   `json:"assessed"`
	Why      string `json:"why,omitempty"`
}

// Offer is which plans can be sold for a listing.
type Offer struct {
	Premium bool `json:"premium"`
	// BasicOnly says why Premium is not offered ("" when it is): shown on
	// the form beside the Premium choice, and the server's refusal.
	BasicOnly string `json:"basic_only,omitempty"`
}

// Reach is what a report on a listing rests on: the input of OfferFor.
type Reach struct {
	// Typed: the page was not read; the report uses what the host typed.
	Typed bool
	// Sections: which sections the report assesses (nil: not assessed).
	Sections analysis.SectionScores
	// Market: comparable listings were found.
	Market bool
	// Read names what the page gave, in plain words ("the title", "a
	// preview of the description"), for the reason Premium is refused.
	Read []string
}

// OfferFor is the rule. Basic is sold for any listing we can read (its
// report says what it could not assess). Premium is sold only when the page
// itself was read well enough for what Premium adds on top of Basic: its
// photo audit measures the photos, its market analytics need comparables,
// its performance insights and seasonality read the reviews and calendar.
// A report from typed details, or from a page read so sparsely that none of
// photos, reviews, calendar or comparables is there, would charge $19.99
// for Basic's content: only Basic is offered, and said why.
func OfferFor(r Reach) Offer {
	if r.Typed {
		return Offer{BasicOnly: MsgPremiumNeedsPage + "we could not read it, and what Premium adds (the photo audit, reviews, calendar and market comparison) comes from that page, so only Basic is offered."}
	}
	s := r.Sections
	if s.Photos != nil || s.Reviews != nil || s.Availability != nil || r.Market {
		return Offer{Premium: true}
	}
	read := "almost nothing from it"
	if len(r.Read) > 0 {
		read = "only " + joinAnd(r.Read)
	}
	return Offer{BasicOnly: MsgPremiumNeedsPage + "we could read " + read + " (no photos, reviews, calendar or nearby listings to compare with), so only Basic is offered."}
}

// MsgPremiumNeedsPage starts every reason Premium is not offered.
const MsgPremiumNeedsPage = "Premium needs the listing page itself: "

// PremiumRefusal is the error for an order or upgrade of Premium on a
// listing whose offer is Basic only; nil when Premium may be sold.
func PremiumRefusal(o Offer) error {
	if o.Premium {
		return nil
	}
	return &domain.Error{Code: domain.CodeInvalid, Message: o.BasicOnly}
}

// TypedOffer is the offer for an order made from typed details.
func TypedOffer() Offer { return OfferFor(Reach{Typed: true}) }

// OfferOfReport is the offer of a finished report's listing: what a Basic
// report assessed decides whether it may be upgraded.
func OfferOfReport(r *Result) Offer {
	reach := Reach{Typed: r.Layout == listing.LayoutTyped, Sections: r.SectionScores,
		Market: r.PricingAnalysis.Comparables > 0 || (r.MarketAnalysisData != nil && r.MarketAnalysisData.Available)}
	for _, s := range sectionCovers(r, false) {
		if s.Assessed {
			reach.Read = append(reach.Read, "the "+strings.ToLower(s.Name))
		}
	}
	return OfferFor(reach)
}

// sectionWhy says, in plain words, why a section of r is not assessed.
func sectionWhy(key string, r *Result) string {
	switch key {
	case "title":
		return "no title was read"
	case "description":
		if r.OriginalDescription == "" && r.DescriptionAnalysis.WordCount == 0 {
			return "no description was read"
		}
		return "only a preview of the description was read"
	case "photos":
		if len(r.ImageURLs) > 0 {
			return "the page showed only a preview of its photos"
		}
		return "the page did not show its photos"
	case "amenities":
		if r.AmenityAnalysis.Read {
			return "the page showed only part of its amenities"
		}
		return "the page did not list its amenities"
	case "pricing":
		if r.PricingAnalysis.Price != nil {
			return "the nightly price was read, but there are no comparable listings or calendar prices to judge it against"
		}
		return "no nightly price and no nearby listings or calendar prices to judge it against"
	case "reviews":
		return "no rating or reviews were read"
	case "availability":
		return "no availability calendar was read"
	}
	return ""
}

// sectionName is a section's name as the form says it.
var sectionName = map[string]string{"availability": "Availability (calendar)"}

// sectionCovers lists the seven sections of r in the report's order; typed
// says the page was not read, which is then every unassessed section's
// reason.
func sectionCovers(r *Result, typed bool) []SectionCover {
	out := make([]SectionCover, 0, len(analysis.SectionWeights))
	for _, w := range analysis.SectionWeights {
		c := SectionCover{Key: w.Key, Name: w.Name, Assessed: r.SectionScores.Get(w.Key) != nil}
		if n := sectionName[w.Key]; n != "" {
			c.Name = n
		}
		switch {
		case c.Assessed:
		case typed:
			c.Why = "the listing page could not be read"
		default:
			c.Why = sectionWhy(w.Key, r)
		}
		out = append(out, c)
	}
	return out
}

// pageReadParts names what the page gave, for "we could read only …"
// and the form's "Read only in part: …".
func pageReadParts(l *listing.Listing) []string {
	var out []string
	if l.Has(listing.FieldTitle) {
		out = append(out, "the title")
	}
	if l.Has(listing.FieldDescription) {
		if l.IsPartial(listing.FieldDescription) {
			out = append(out, "a preview of the description")
		} else {
			out = append(out, "the description")
		}
	}
	if l.Has(listing.FieldAmenities) {
		out = append(out, "the amenities")
	}
	if l.Has(listing.FieldPrice) {
		out = append(out, "the nightly price")
	}
	return out
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
