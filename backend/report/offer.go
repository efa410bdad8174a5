package report

import (
	"context"
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/plans"
	"github.com/listinglift/listinglift/backend/textcase"
	"github.com/listinglift/listinglift/backend/writing"
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

// Offer is which plans can be sold for a listing, and what each delivers
// for it (issue 43: sell only what the report will deliver).
type Offer struct {
	Premium bool `json:"premium"`
	// BasicOnly says why Premium is not offered ("" when it is): shown on
	// the form beside the Premium choice, and the server's refusal.
	BasicOnly string `json:"basic_only,omitempty"`
	// Basic says Basic is offered; NoBasic why not ("" when it is).
	Basic   bool   `json:"basic"`
	NoBasic string `json:"no_basic,omitempty"`
	// Plans is each plan for this listing, Basic then Premium: what it
	// will deliver, whether it is offered and why not.
	Plans []PlanOffer `json:"plans"`
}

// PlanOffer is one plan for one listing, said before the host pays.
type PlanOffer struct {
	Plan    domain.Plan `json:"plan"`
	Offered bool        `json:"offered"`
	// Why the plan is not offered ("" when it is).
	Why string `json:"why,omitempty"`
	// Delivers is what the plan's report holds for this listing, one line
	// each ("5 of 7 sections assessed: …", "3 title suggestions"): the
	// card's "For this listing" list.
	Delivers []string `json:"delivers"`
	// Sections assessed (of len(analysis.SectionWeights)).
	Sections int `json:"sections"`
	// TitlesApply: the host may retitle the listing (writing.Renames).
	TitlesApply bool `json:"titles_apply"`
	// Titles is how many title suggestions the report holds (0 where
	// titles do not apply).
	Titles int `json:"titles"`
	// Suggestions is the count the card's "N suggestions" is held to (see
	// suggestions).
	Suggestions int `json:"suggestions"`
	// Comparables feed the market analytics (Premium; 0 for none), found
	// by MarketSource.
	Comparables  int    `json:"comparables"`
	MarketSource string `json:"market_source,omitempty"`
	// RevenueMoney: the revenue estimate is in money a month.
	RevenueMoney bool `json:"revenue_money"`
	// Badge is the plan's flag ("Best value"), only where it is earned.
	Badge string `json:"badge,omitempty"`
}

// Plan is the offer of plan p (nil when the offer has none, as an offer
// stored before plans were listed).
func (o Offer) Plan(p domain.Plan) *PlanOffer {
	for i := range o.Plans {
		if o.Plans[i].Plan == p {
			return &o.Plans[i]
		}
	}
	return nil
}

// Reach is what a report on a listing rests on: the input of OfferFor,
// read off the Basic report of the same read (CoverageOf before paying,
// OfferOfReport after), so both say the same.
type Reach struct {
	// Typed: the page was not read; the report uses what the host typed.
	Typed bool
	// Platform is the listing's site (titles do not apply on Booking.com).
	Platform listing.Platform
	// Sections: which sections the report assesses (nil: not assessed).
	Sections analysis.SectionScores
	// Comparables found for the market analytics, and by what (the
	// platform named: "Airbnb's search around the listing").
	Comparables  int
	MarketSource string
	// Read names what the page gave, in plain words ("the title", "a
	// preview of the description"), for the reasons a plan is refused.
	Read []string
	// Titles is how many title suggestions the Basic report holds;
	// PremiumTitles how many a Premium report would (-1: not known, a
	// report stored before it was counted).
	Titles, PremiumTitles int
	// Actions is the ranked action list's length (Result.Actions);
	// Description: an optimized description was written.
	Actions     int
	Description bool
	// RevenueMoney: the revenue estimate is in money; RevenueNeeds says
	// what it would need when it is not (analysis.RevenueProjection.Needs).
	RevenueMoney bool
	RevenueNeeds string
}

// OfferFor is the rule, the one place that decides what is sold:
//
// Basic is offered when its report delivers its card ("Core report, 3
// suggestions"): the title and the description assessed, and at least 3
// suggestions — title suggestions where the host may retitle the listing;
// on Booking.com, whose property names are not renamed (writing.Renames),
// the ranked actions and the optimized description instead.
//
// Premium is offered only where Basic is and the features its card
// promises run for this listing: market analytics from comparable listings
// (the market data or the platform's own search around the listing, named)
// and 10+ title suggestions where titles apply. Otherwise it is not
// offered, with the reason. Whether its revenue estimate will be in money
// is said before paying either way (the card does not promise it, and the
// booked nights it needs exist only where a market snapshot covers the
// listing). The "Best value" badge goes only with a Premium that is
// offered.
func OfferFor(r Reach) Offer {
	basicPlan, _ := plans.Of(domain.PlanBasic)
	premiumPlan, _ := plans.Of(domain.PlanPremium)
	titlesApply := writing.Renames(&listing.Listing{Platform: r.Platform}) && r.Sections.Title != nil
	assessed := 0
	var names []string
	for _, w := range analysis.SectionWeights {
		if r.Sections.Get(w.Key) != nil {
			assessed++
			names = append(names, strings.ToLower(w.Name))
		}
	}
	sections := fmt.Sprintf("%d of %d sections assessed", assessed, len(analysis.SectionWeights))
	if len(names) > 0 {
		sections += ": " + joinAnd(names)
	}

	basic := PlanOffer{Plan: domain.PlanBasic, Sections: assessed, TitlesApply: titlesApply, RevenueMoney: r.RevenueMoney}
	basic.Titles, basic.Suggestions = suggestions(r, titlesApply, r.Titles)
	basic.Delivers = append([]string{sections}, deliverySuggestions(r, titlesApply, basic.Titles)...)
	basic.Offered = r.Sections.Title != nil && r.Sections.Description != nil && basic.Suggestions >= basicPlan.TitleSuggestions
	if !basic.Offered {
		basic.Why = noBasic(r, basic, basicPlan.TitleSuggestions)
	}

	premium := PlanOffer{Plan: domain.PlanPremium, Sections: assessed, TitlesApply: titlesApply, RevenueMoney: r.RevenueMoney,
		Comparables: r.Comparables, MarketSource: r.MarketSource}
	premium.Titles, premium.Suggestions = suggestions(r, titlesApply, max(r.PremiumTitles, 0))
	premium.Delivers = []string{"Everything in Basic: " + sections}
	premium.Delivers = append(premium.Delivers, deliverySuggestions(r, titlesApply, premium.Titles)...)
	if r.Comparables > 0 {
		premium.Delivers = append(premium.Delivers, fmt.Sprintf("Market analytics from %d comparable listings (%s)", r.Comparables, r.MarketSource))
	}
	// Revenue in money is said either way, before paying: it rests on
	// booked nights that only Inside Airbnb's estimates give (a calendar
	// cannot tell booked nights from blocked ones), so where they are
	// missing the host is told the estimate stays in percent, and why.
	if r.RevenueMoney {
		premium.Delivers = append(premium.Delivers, "A revenue estimate in money a month, with its arithmetic")
	} else {
		need := strings.TrimSuffix(r.RevenueNeeds, ".")
		if need == "" {
			need = "it needs the nightly price and the booked nights"
		}
		premium.Delivers = append(premium.Delivers, "No revenue estimate in money for this listing ("+textcase.LowerFirst(need)+")")
	}
	premium.Delivers = append(premium.Delivers, "Downloadable PDF report and delivery by e-mail")
	if weeks := premiumPlan.WatchWeeks; weeks > 0 {
		// Every listing's, whatever was read: a week's check reads the page again.
		premium.Delivers = append(premium.Delivers, fmt.Sprintf("%d weeks of Watch: your listing and its market checked weekly, with an e-mail only when something changed", weeks))
	}
	premium.Why = noPremium(r, basic, premiumPlan.TitleSuggestions)
	premium.Offered = premium.Why == ""
	if premium.Offered {
		premium.Badge = premiumPlan.Badge
	}
	return Offer{Premium: premium.Offered, BasicOnly: premium.Why, Basic: basic.Offered, NoBasic: basic.Why,
		Plans: []PlanOffer{basic, premium}}
}

// suggestions is a plan's title count and the count its card's "N
// suggestions" is held to: the title suggestions where titles apply;
// where they do not (a Booking.com property name), the ranked actions and
// the optimized description, the changes the report suggests instead.
func suggestions(r Reach, titlesApply bool, titles int) (int, int) {
	if titlesApply {
		return titles, titles
	}
	n := r.Actions
	if r.Description {
		n++
	}
	return 0, n
}

// deliverySuggestions says a plan's suggestions for this listing.
func deliverySuggestions(r Reach, titlesApply bool, titles int) []string {
	var out []string
	switch {
	case titlesApply:
		out = append(out, plural(titles, "title suggestion", "title suggestions"))
	case r.Platform == listing.Booking:
		out = append(out, "No new name: a Booking.com property's name is its registered name")
	default:
		out = append(out, "No title suggestions: no title was read")
	}
	if r.Description {
		out = append(out, "An optimized description")
	}
	out = append(out, plural(r.Actions, "ranked action", "ranked actions"))
	return out
}

// MsgPremiumNeedsPage starts the reason Premium is not offered when the
// page itself was not read (typed details) or gave almost nothing.
const MsgPremiumNeedsPage = "Premium needs the listing page itself: "

// MsgPremiumCannotDeliver starts the reason Premium is not offered for a
// page that was read, when its headline features cannot run for it.
const MsgPremiumCannotDeliver = "Premium is not offered for this listing: "

// MsgBasicCannotDeliver starts the reason Basic is not offered.
const MsgBasicCannotDeliver = "Basic is not offered for this listing: "

// noBasic says why Basic (the offer basic, its sections assessed and
// suggestions) is not offered, and what the host can do; want is how many
// suggestions its card promises.
func noBasic(r Reach, basic PlanOffer, want int) string {
	assessed, got := basic.Sections, basic.Suggestions
	read := "almost nothing from it"
	if len(r.Read) > 0 {
		read = "only " + joinAnd(r.Read)
	}
	if r.Sections.Title == nil || r.Sections.Description == nil {
		return MsgBasicCannotDeliver + "we could read " + read + ", so its report would assess " +
			fmt.Sprintf("%d of %d sections", assessed, len(analysis.SectionWeights)) +
			" and could not write the suggestions its card promises. Try the link again later, or paste the listing's own page as guests see it."
	}
	return MsgBasicCannotDeliver + fmt.Sprintf("its report would make %d suggestions for this listing, not the %d its card promises.", got, want)
}

// noPremium says why Premium is not offered ("" when it is), beside the
// Basic offer; wantTitles is how many titles its card promises.
func noPremium(r Reach, basic PlanOffer, wantTitles int) string {
	titlesApply := basic.TitlesApply
	if r.Typed {
		return MsgPremiumNeedsPage + "we could not read it, and what Premium adds (the photo audit, reviews, calendar and market comparison) comes from that page, so only Basic is offered."
	}
	s := r.Sections
	if s.Photos == nil && s.Reviews == nil && s.Availability == nil && r.Comparables == 0 {
		read := "almost nothing from it"
		if len(r.Read) > 0 {
			read = "only " + joinAnd(r.Read)
		}
		why := MsgPremiumNeedsPage + "we could read " + read + " (no photos, reviews, calendar or nearby listings to compare with), so "
		if basic.Offered {
			return why + "only Basic is offered."
		}
		return why + "it is not offered."
	}
	var missing []string
	if r.Comparables == 0 {
		missing = append(missing, "its market analytics need comparable listings, and none were found near this one")
	}
	if titlesApply && r.PremiumTitles >= 0 && r.PremiumTitles < wantTitles {
		missing = append(missing, fmt.Sprintf("the listing's facts support %d title suggestions, not the %d+ its card promises", r.PremiumTitles, wantTitles))
	}
	if len(missing) == 0 {
		if !basic.Offered {
			return MsgPremiumCannotDeliver + "it includes everything in Basic, and " + textcase.LowerFirst(strings.TrimPrefix(basic.Why, MsgBasicCannotDeliver))
		}
		return ""
	}
	tail := " Basic is offered."
	if !basic.Offered {
		tail = ""
	}
	return MsgPremiumCannotDeliver + strings.Join(missing, "; ") + "." + tail
}

// PremiumRefusal is the error for an order or upgrade of Premium on a
// listing whose offer does not include it; nil when Premium may be sold.
func PremiumRefusal(o Offer) error {
	if o.Premium {
		return nil
	}
	return &domain.Error{Code: domain.CodeUnreadable, Message: o.BasicOnly}
}

// PlanRefusal is the error for an order of plan p on a listing whose offer
// does not include it (422, the reason the form showed); nil when it may
// be sold. Nothing is recorded or charged before it is asked.
func PlanRefusal(o Offer, p domain.Plan) error {
	if p == domain.PlanPremium {
		return PremiumRefusal(o)
	}
	if o.Basic || len(o.Plans) == 0 {
		return nil
	}
	return &domain.Error{Code: domain.CodeUnreadable, Message: o.NoBasic}
}

// TypedOffer is the offer for an order made from typed details: the
// typed title and description only, no page, no market.
func TypedOffer() Offer {
	return OfferFor(Reach{Typed: true, Sections: analysis.SectionScores{Title: new(int), Description: new(int)},
		Titles: 3, PremiumTitles: -1, Description: true})
}

// OfferOfReport is the offer of a finished Basic report's listing: the
// same rule on the same report CoverageOf predicts, so the upgrade offer
// says what the form said.
func OfferOfReport(r *Result) Offer {
	return OfferFor(reachOf(r, r.Layout == listing.LayoutTyped, nil))
}

// reachOf reads a Basic report's reach; read names what the page gave
// (nil: said from the assessed sections).
func reachOf(r *Result, typed bool, read []string) Reach {
	reach := Reach{Typed: typed, Platform: listing.Platform(r.Platform), Sections: r.SectionScores,
		Comparables: r.PricingAnalysis.Comparables, Titles: len(r.TitleSuggestions), PremiumTitles: -1,
		Actions: len(r.Actions), Description: strings.TrimSpace(r.OptimizedDescription) != "",
		RevenueMoney: r.RevenueProjections.Money != nil, RevenueNeeds: r.RevenueProjections.Needs, Read: read}
	if r.PremiumTitleSuggestions != nil {
		reach.PremiumTitles = *r.PremiumTitleSuggestions
	}
	// Named as marketLabel names the look-up's (the stored report keeps
	// it in its data sources).
	for _, ds := range r.DataSources {
		switch ds.Name {
		case "Live comparables":
			site := "Airbnb"
			if reach.Platform == listing.Booking {
				site = "Booking.com"
			}
			reach.MarketSource = site + "'s search around the listing"
		case "Inside Airbnb":
			snap, _, _ := strings.Cut(ds.Detail, ":")
			reach.MarketSource = "Inside Airbnb's " + snap
		}
	}
	if reach.Read == nil {
		reach.Read = resultReadParts(r)
	}
	return reach
}

// premiumTitles is how many title suggestions a Premium report of req's
// listing would hold, by the built-in writer (a model writer is held to at
// least as many by the copy enforcement's fallback): the upgrade offer's
// "10+" is checked against it. The Premium request shares req's checker.
func premiumTitles(ctx context.Context, req writing.Request) *int {
	p, err := plans.Of(domain.PlanPremium)
	if err != nil {
		return nil
	}
	w := copyWork{req: req.WithTitles(p.TitleSuggestions)}
	cp, err := writing.Builtin{}.Write(ctx, w.req)
	if err != nil {
		return nil
	}
	w.builtin = cloneCopy(cp)
	cp, _ = w.enforce(ctx, cp)
	n := len(cp.Titles)
	return &n
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

// resultReadParts names what the page gave a stored report, as
// pageReadParts names it from the read.
func resultReadParts(r *Result) []string {
	var out []string
	if r.OriginalTitle != "" {
		out = append(out, "the title")
	}
	switch {
	case r.SectionScores.Description != nil:
		out = append(out, "the description")
	case r.OriginalDescription != "":
		out = append(out, "a preview of the description")
	}
	if r.AmenityAnalysis.Read {
		out = append(out, "the amenities")
	}
	if r.PricingAnalysis.Price != nil && r.PricingAnalysis.PriceSource == "listing page" {
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
