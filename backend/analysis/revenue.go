package analysis

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/numfmt"
	"math"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// Effect sizes the revenue projection uses. Each names its source; the
// conservative end of every range is a third of the cited figure, because a
// published average comes from listings that may differ from yours.
const (
	// PhotoEffect: Zhang, Lee, Singh & Srinivasan, "What Makes a Good
	// Image? Airbnb Demand Analytics Leveraging Interpretable Image
	// Features", Management Science (2022): properties with verified
	// (professional) photos had 8.98% higher occupancy than those with
	// host photos (difference-in-differences, 7,423 properties, 16 months).
	PhotoEffect       = 8.98
	PhotoEffectSource = "Zhang, Lee, Singh & Srinivasan, \"What Makes a Good Image? Airbnb Demand Analytics Leveraging Interpretable Image Features\", Management Science (2022): listings with professional (verified) photos had 8.98% higher occupancy. Academic estimate, an average across listings."
	// PricingEffect: Airbnb said in May 2016 that hosts who turned on Smart
	// Pricing earned 13% more on average (Joe Zadeh, Airbnb VP of product,
	// quoted by CNBC, 9 May 2016). A company figure, not an independent
	// study, so it is treated as the optimistic end.
	PricingEffect       = 13.0
	PricingEffectSource = "Airbnb, quoted by CNBC (9 May 2016): hosts who turned on Smart Pricing earned 13% more on average. Industry (company-reported) estimate, not an independent study."
	// ConservativeShare is the share of a cited effect counted at the
	// conservative end of a range.
	ConservativeShare = 1.0 / 3
	// Caps on the total: whatever the components add to, the projection
	// never exceeds these.
	MaxImpactLow  = 10.0
	MaxImpactHigh = 25.0
	// MaxGapImpact caps the booking-gap component, which is arithmetic on a
	// short window.
	MaxGapImpact = 10.0
)

// RevenueComponent is one recommended change with its estimated effect on
// revenue, in percent.
type RevenueComponent struct {
	// Area is the report area the change belongs to (photos, pricing,
	// booking): the ranked action it is the effect of.
	Area   string  `json:"area"`
	Change string  `json:"change"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
	// Kind is "cited" (a published effect size) or "computed" (arithmetic on
	// this listing's own data, with the assumption stated in Basis).
	Kind   string `json:"kind"`
	Basis  string `json:"basis"`
	Source string `json:"source"`
}

// RevenueBaseline is the listing's own revenue estimate when it is in the
// market data.
type RevenueBaseline struct {
	AnnualRevenue float64 `json:"annual_revenue"`
	Currency      string  `json:"currency,omitempty"`
	Source        string  `json:"source"`
	GainLow       float64 `json:"gain_low"`
	GainHigh      float64 `json:"gain_high"`
}

// RevenueProjection is the revenue projection. RevenueImpact is the
// conservative end in percent (SPEC's field, kept for compatibility); Low
// and High are the range. The results card, the PDF's page 1 and the e-mail
// show Headline with Basis, or Headline with Needs when there is no money
// figure: the words are decided here, once.
type RevenueProjection struct {
	RevenueImpact int                `json:"revenue_impact"` // percent, the conservative end rounded down
	Low           float64            `json:"revenue_impact_low"`
	High          float64            `json:"revenue_impact_high"`
	Range         string             `json:"revenue_impact_range"` // e.g. "+3–12%"
	Components    []RevenueComponent `json:"components"`
	NotQuantified []string           `json:"not_quantified"`
	Caps          [2]float64         `json:"caps"` // [low cap, high cap]
	Baseline      *RevenueBaseline   `json:"baseline,omitempty"`
	Estimate      bool               `json:"estimate"` // always true: this is a projection
	Explanation   string             `json:"explanation"`
	// MonthlyLow and MonthlyHigh are the gain in money a month, rounded
	// (RoundMoney), in Currency; both zero when there is no money figure.
	MonthlyLow  float64 `json:"monthly_low"`
	MonthlyHigh float64 `json:"monthly_high"`
	// Currency is the nightly price's ISO code ("" when the page did not
	// say; the figures then carry no symbol).
	Currency string `json:"currency,omitempty"`
	// Headline is the card's figure: "+$40 to +$110 a month", or "Not
	// estimated" — never a percentage.
	Headline string `json:"headline"`
	// Basis says, with a money figure, each input and where it came from.
	Basis string `json:"basis,omitempty"`
	// Needs says, without one, what the figure would need and why it is
	// missing.
	Needs string `json:"needs,omitempty"`
	// Money holds the inputs of the money figure, nil without one.
	Money *RevenueMoney `json:"money,omitempty"`
}

// RevenueInput is what the projection reads.
type RevenueInput struct {
	// Platform is the listing's site: the cited effects were measured on
	// Airbnb, so they count only for Airbnb listings.
	Platform    listing.Platform
	Photos      PhotoAudit
	Pricing     PricingAnalysis
	Gaps        BookingGapAnalysis
	Title       TitleAnalysis
	Description DescriptionAnalysis
	Amenities   AmenityAnalysis
	Reviews     ReviewAnalysis
	Self        *market.Listing // the listing in the market data, for a money baseline
	// Comparables are the market's listings: their estimated booked nights
	// (Inside Airbnb's) stand in for the listing's when its own are unknown.
	Comparables []market.Listing
	Currency    string // the market data's currency
	Snapshot    string
}

// ProjectRevenue adds up the effects of the recommended changes that have a
// cited or computable effect:
//
//   - better photos, when the photo audit found a problem: 3.0–8.98%
//     (PhotoEffect; revenue moves with occupancy at the same price);
//   - dynamic pricing, when the price sits below the comparables' middle
//     half or weekend prices are flat: 4.3–13% (PricingEffect);
//   - filling booking gaps, when the calendar's window is ahead of the
//     report's date and has orphan or unbookable gaps: the gap nights a
//     month ÷ the booked nights a month (revenue moves with nights sold at
//     the usual price), at most 10%, as the optimistic end; a third of that
//     as the conservative end (gapComponent).
//
// The total is capped at 10% (conservative) and 25% (optimistic). Changes
// without a reliable published effect (title, description, amenities,
// reviews) are listed as not quantified rather than given a number: the
// studies found for them (review rating and sentiment against occupancy,
// description language against bookings) measure associations across
// listings, not the effect of a change a host makes, and publish no
// figure this projection could apply. An effect is added here, with its
// source, only when a study measures the change itself.
func ProjectRevenue(in RevenueInput) RevenueProjection {
	p := RevenueProjection{Components: []RevenueComponent{}, NotQuantified: []string{}, Caps: [2]float64{MaxImpactLow, MaxImpactHigh}, Estimate: true}
	photoProblem := false
	for _, f := range in.Photos.Findings {
		if f.Severity == SeverityHigh || f.Severity == SeverityMedium {
			photoProblem = true
		}
	}
	citedApplies := in.Platform == "" || in.Platform == listing.Airbnb
	if photoProblem && !citedApplies {
		p.NotQuantified = append(p.NotQuantified, "Better photos: the published effect size was measured on another site's listings, so it is not counted here.")
	}
	if photoProblem && citedApplies {
		p.Components = append(p.Components, RevenueComponent{Area: "photos", Change: "Professional-quality photos covering every room",
			Low: round1(PhotoEffect * ConservativeShare), High: round1(PhotoEffect), Kind: "cited",
			Basis:  fmt.Sprintf("The photo audit scored %d/100. Occupancy gain at the same nightly price raises revenue by the same share.", in.Photos.PhotoScore()),
			Source: PhotoEffectSource})
	}
	pf := in.Pricing.Findings
	pricingProblem := pf.Has("pricing.below_market") || pf.Has("pricing.flat_weekends")
	if pricingProblem && !citedApplies {
		p.NotQuantified = append(p.NotQuantified, "Dynamic pricing: the published effect size was measured on another site's listings, so it is not counted here.")
	}
	if pricingProblem && citedApplies {
		why := "Weekend nights are priced about the same as weekdays."
		if wp := in.Pricing.WeekendPremium; wp != nil {
			why = fmt.Sprintf("Weekend nights cost only %.1f%% more than weekdays.", *wp)
		}
		if pf.Has("pricing.below_market") && in.Pricing.Percentile != nil {
			why = fmt.Sprintf("The nightly price is at the %s percentile of comparables, below their middle half.", ordinal(*in.Pricing.Percentile))
		}
		p.Components = append(p.Components, RevenueComponent{Area: "pricing", Change: "Dynamic pricing (by day of week, season and lead time)",
			Low: round1(PricingEffect * ConservativeShare), High: round1(PricingEffect), Kind: "cited", Basis: why, Source: PricingEffectSource})
	}
	nights, hasNights := bookedNights(in)
	if c, why := gapComponent(in.Gaps, nights, hasNights); c != nil {
		p.Components = append(p.Components, *c)
	} else if why != "" {
		p.NotQuantified = append(p.NotQuantified, why)
	}
	if len(in.Title.Findings) > 0 {
		p.NotQuantified = append(p.NotQuantified, "Title changes: no reliable published effect size, so not counted.")
	}
	if len(in.Description.Findings) > 0 && !in.Description.NotAssessed {
		p.NotQuantified = append(p.NotQuantified, "Description changes: no reliable published effect size, so not counted.")
	}
	if len(in.Amenities.Suggestions) > 0 {
		p.NotQuantified = append(p.NotQuantified, "Amenity additions: effects vary by amenity and market and are not reliably published, so not counted.")
	}
	if len(in.Reviews.Complaints) > 0 {
		p.NotQuantified = append(p.NotQuantified, "Fixing review complaints: not counted; its effect runs through future ratings.")
	}
	if pf.Has("pricing.above_market") {
		p.NotQuantified = append(p.NotQuantified, "Lowering an above-market price: trades price for occupancy, so the net effect is not projected.")
	}
	for _, c := range p.Components {
		p.Low += c.Low
		p.High += c.High
	}
	p.Low = round1(math.Min(p.Low, MaxImpactLow))
	p.High = round1(math.Min(p.High, MaxImpactHigh))
	p.RevenueImpact = int(math.Floor(p.Low))
	p.Range = fmt.Sprintf("+%s–%s%%", trimFloat(p.Low), trimFloat(p.High))
	if len(p.Components) == 0 {
		p.Range = "+0%"
	}
	inMoney(&p, in, nights, hasNights, photoProblem || pricingProblem)
	if s := in.Self; s != nil && s.EstimatedRevenue > 0 && len(p.Components) > 0 {
		p.Baseline = &RevenueBaseline{AnnualRevenue: numfmt.Round2(s.EstimatedRevenue), Currency: in.Currency,
			Source:  fmt.Sprintf("Inside Airbnb's estimate of this listing's revenue over the 365 days before its %s snapshot", LongDate(in.Snapshot)),
			GainLow: math.Round(s.EstimatedRevenue * p.Low / 100), GainHigh: math.Round(s.EstimatedRevenue * p.High / 100)}
	}
	p.Explanation = revenueExplanation(p)
	if p.Money != nil && in.Gaps.Status == "calendar" {
		p.Explanation += " " + CalendarNotCounted
	}
	return p
}

// gapComponent is the effect of filling the calendar's gaps, or, when it
// is not counted, why. A calendar's unavailable nights are booked or
// blocked (it does not tell them apart), so the gap nights are set against
// booked nights from a source that counts bookings (bookedNights), never
// against the calendar's unavailable nights; and a window that starts
// before the report's date shows nights gone by, which no one can fill.
func gapComponent(g BookingGapAnalysis, nights RevenueMoney, hasNights bool) (*RevenueComponent, string) {
	if g.Status != "calendar" || g.GapNights == 0 {
		return nil, ""
	}
	gaps := plural(g.GapNights, "night", "nights") + " in gaps"
	switch {
	case g.WindowPast:
		return nil, fmt.Sprintf("Filling booking gaps: the calendar read covers %s, before this report's date (%s), so its %s are past and not counted.",
			g.WindowDates(), LongDate(g.AsOf), gaps)
	case g.Nights < MinCalendarNights:
		return nil, fmt.Sprintf("Filling booking gaps: the calendar read covers %s, too few to count a month's gaps from, so not counted.", plural(g.Nights, "night", "nights"))
	case !hasNights:
		return nil, fmt.Sprintf("Filling booking gaps: %s, but no count of booked nights to set them against (the calendar does not tell booked nights from blocked ones), so not counted.", gaps)
	}
	gapMonth := float64(g.GapNights) / float64(g.Nights) * NightsInMonth
	bookedMonth := float64(nights.BookedNights) / float64(nights.OutOf) * NightsInMonth
	high := math.Min(100*gapMonth/bookedMonth, MaxGapImpact)
	return &RevenueComponent{Area: "booking", Change: "Fill orphan and unbookable gaps",
		Low: round1(high * ConservativeShare), High: round1(high), Kind: "computed",
		Basis: fmt.Sprintf("%s in the %d nights from %s (%s a month) against %s booked nights a month (%s); assumes a third (conservative) to all (optimistic) of the gap nights sell at your usual price, capped at %.0f%%.",
			gaps, g.Nights, g.WindowDates(), trimFloat(round1(gapMonth)), trimFloat(round1(bookedMonth)), nights.NightsSource, MaxGapImpact),
		Source: "Arithmetic on this listing's calendar (" + g.Source + ") and its booked nights (" + nights.NightsSource + ")."}, ""
}

func revenueExplanation(p RevenueProjection) string {
	if len(p.Components) == 0 {
		s := "No recommended change here has a published effect size that applies, so no revenue gain is projected."
		if len(p.NotQuantified) > 0 {
			s += " The other recommendations may still help; they are not given a number."
		}
		return s
	}
	var parts []string
	for _, c := range p.Components {
		parts = append(parts, fmt.Sprintf("%s +%s–%s%%", c.Change, trimFloat(c.Low), trimFloat(c.High)))
	}
	s := fmt.Sprintf("Estimated revenue impact +%s–%s%%: %s. Each range runs from a third of the cited effect to the full effect; the total is capped at +%.0f%% / +%.0f%%. These are industry estimates, not a guarantee.",
		trimFloat(p.Low), trimFloat(p.High), joinList(parts), MaxImpactLow, MaxImpactHigh)

	if p.Baseline != nil {
		s += fmt.Sprintf(" On Inside Airbnb's estimate of %s a year for this listing, that is about %s–%s.",
			numfmt.Money(p.Baseline.AnnualRevenue, p.Baseline.Currency), numfmt.Money(p.Baseline.GainLow, p.Baseline.Currency), numfmt.Money(p.Baseline.GainHigh, p.Baseline.Currency))
	}
	return s
}

func trimFloat(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}
