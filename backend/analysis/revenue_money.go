package analysis

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/numfmt"
)

const (
	// NightsInMonth is a month's nights: a twelfth of a year.
	NightsInMonth = 365.0 / 12
	// MinCalendarNights: a calendar read over less than four weeks says too
	// little about a month's bookings to multiply by.
	MinCalendarNights = 28
	// HeadlineNone is the card's figure when there is no money figure:
	// never a percentage (a "+0%" would read as a finding).
	HeadlineNone = "Not estimated"
	// RevenueCaveat ends every money basis.
	RevenueCaveat = "An estimate, not a guarantee."
	// NoEffectSentence says why there is no figure when no change found has
	// an effect size that applies.
	NoEffectSentence = "None of the changes recommended here has a published effect on bookings, so no gain is counted."
)

// Where the booked nights of a money figure come from, best first: the
// listing's own yearly estimate in the market data, the comparables'
// median estimate. A calendar is never one: its unavailable nights are
// booked or blocked, and blocked nights earn nothing. NightsCalendar stays
// for reports stored before that rule.
const (
	NightsCalendar    = "calendar"
	NightsListingData = "listing_estimate"
	NightsComparables = "comparables"
)

// RevenueMoney is what the money figure multiplies: the listing's nightly
// price × its booked nights a month × the projection's percentages. Each
// input says where it came from, so a host can check it.
type RevenueMoney struct {
	NightlyPrice float64 `json:"nightly_price"`
	PriceSource  string  `json:"price_source"` // "listing page", "Inside Airbnb snapshot 2025-10-05"
	// BookedNights of OutOf nights were booked (in a report stored before
	// calendars stopped being counted, booked or blocked).
	BookedNights int    `json:"booked_nights"`
	OutOf        int    `json:"out_of"`
	NightsBasis  string `json:"nights_basis"` // NightsCalendar, NightsListingData or NightsComparables
	// NightsSource says where BookedNights were counted, in words.
	NightsSource string `json:"nights_source"`
	// NightsAMonth is BookedNights ÷ OutOf × NightsInMonth, to one decimal
	// (as shown; the figure uses the unrounded share).
	NightsAMonth float64 `json:"nights_a_month"`
}

// MonthlyRevenue is the revenue the percentages apply to: price × booked
// nights a month, unrounded.
func (m RevenueMoney) MonthlyRevenue() float64 {
	return m.NightlyPrice * float64(m.BookedNights) / float64(m.OutOf) * NightsInMonth
}

// RoundMoney rounds a money figure by a step set by the larger end of its
// range: whole units under 20, tens under 1,000, else two significant
// figures (so $36.1 with $108.3 is $40 with $110, ¥18,757 is ¥19,000). The
// effect sizes are averages; a figure to the dollar would claim a
// precision they do not have.
func RoundMoney(v, larger float64) float64 {
	step := 1.0
	switch {
	case larger >= 1000:
		step = math.Pow(10, math.Floor(math.Log10(larger))-1)
	case larger >= 20:
		step = 10
	}
	return math.Round(v/step) * step
}

// inMoney turns the projection into money a month when the listing's
// nightly price and its booked nights are known, and otherwise says what
// the figure would need. hadProblem is true when a change with a cited
// effect was found but the effect was not counted (another platform).
func inMoney(p *RevenueProjection, in RevenueInput, nights RevenueMoney, hasNights, hadProblem bool) {
	price, hasPrice := 0.0, false
	if pr := in.Pricing.Price; pr != nil && *pr > 0 {
		price, hasPrice = *pr, true
	}
	p.Headline = HeadlineNone
	if !hasPrice || !hasNights || len(p.Components) == 0 {
		p.Needs = revenueNeeds(in, hasPrice, hasNights, len(p.Components) > 0, hadProblem)
		return
	}
	m := nights
	m.NightlyPrice, m.PriceSource = price, in.Pricing.PriceSource
	m.NightsAMonth = round1(float64(m.BookedNights) / float64(m.OutOf) * NightsInMonth)
	base := m.MonthlyRevenue()
	high := base * p.High / 100
	p.Money = &m
	p.Currency = in.Pricing.Currency
	p.MonthlyLow, p.MonthlyHigh = RoundMoney(base*p.Low/100, high), RoundMoney(high, high)
	p.Headline = MoneyRange(p.MonthlyLow, p.MonthlyHigh, p.Currency) + " a month"
	p.Basis = revenueBasis(*p)
}

// CalendarNotCounted says, in the explanation of a money figure, why the
// listing's own calendar did not give its booked nights (the card's basis
// names where they came from; this says why not from the calendar).
const CalendarNotCounted = "Your calendar's unavailable nights are not counted as booked: it does not tell booked nights from blocked ones."

// bookedNights finds the listing's booked nights from what counts
// bookings: its own yearly estimate in the market data, else the
// comparables' median estimate. The calendar is not one (see
// NightsCalendar).
func bookedNights(in RevenueInput) (RevenueMoney, bool) {
	if s := in.Self; s != nil && s.EstimatedOccupancyNights > 0 {
		return RevenueMoney{BookedNights: s.EstimatedOccupancyNights, OutOf: 365, NightsBasis: NightsListingData,
			NightsSource: fmt.Sprintf("Inside Airbnb's estimate for this listing: %d in the year before %s", s.EstimatedOccupancyNights, LongDate(in.Snapshot))}, true
	}
	var occ []float64
	for _, c := range in.Comparables {
		if c.EstimatedOccupancyNights > 0 {
			occ = append(occ, float64(c.EstimatedOccupancyNights))
		}
	}
	if len(occ) >= MinComparables {
		med, _ := Quantile(occ, 0.5)
		n := int(math.Round(med))
		return RevenueMoney{BookedNights: n, OutOf: 365, NightsBasis: NightsComparables,
			NightsSource: fmt.Sprintf("comparables' median occupancy %.0f%%, %d nights a year: Inside Airbnb's estimate for %d nearby listings, %s",
				100*float64(n)/365, n, len(occ), LongDate(in.Snapshot))}, true
	}
	return RevenueMoney{}, false
}

// revenueBasis is the money figure's basis in words a host can check:
// price × nights × percentage, each with where it came from, short enough
// for the card (each component's source is in Components and the
// explanation). A range is never put in a study's mouth: a cited one is "a
// third to all" of the figure the source published.
func revenueBasis(p RevenueProjection) string {
	m := p.Money
	price := numfmt.Money(m.NightlyPrice, p.Currency) + " a night (" + priceSource(m.PriceSource) + ")"
	if p.Currency == "" {
		price = numfmt.Money(m.NightlyPrice, "") + " a night (" + priceSource(m.PriceSource) + ", in the currency it shows)"
	}
	var names []string
	for _, c := range p.Components {
		names = append(names, componentName(c))
	}
	effect := pctRange(p.Low, p.High) + " for " + joinList(names)
	if len(p.Components) == 1 {
		effect += " (" + componentFigure(p.Components[0]) + ")"
	} else if p.Low >= MaxImpactLow || p.High >= MaxImpactHigh {
		effect += " (capped)"
	}
	return fmt.Sprintf("%s × %s %s a month (%s) × %s. %s",
		price, trimFloat(m.NightsAMonth), m.nightsWord(), m.NightsSource, effect, RevenueCaveat)
}

// nightsWord names the nights the figure counts: a calendar's are not
// called booked (Inside Airbnb's and the sites' calendars do not tell a
// booking from a night the host closed; NightsSource says "booked or
// blocked"), an estimate's are.
func (m RevenueMoney) nightsWord() string {
	if m.NightsBasis == NightsCalendar {
		return "nights"
	}
	return "booked nights"
}

// priceSource words a price source for a reader: "your listing page".
func priceSource(src string) string {
	if src == "listing page" {
		return "your listing page"
	}
	return src
}

// componentName is a change's short name in the basis sentence.
func componentName(c RevenueComponent) string {
	switch c.Area {
	case "photos":
		return "better photos"
	case "pricing":
		return "dynamic pricing"
	case "booking":
		return "filled gaps"
	}
	return strings.ToLower(c.Change)
}

// componentFigure says where a lone component's range comes from.
func componentFigure(c RevenueComponent) string {
	switch {
	case c.Kind == "computed":
		return "the calendar's gap nights a month against the booked nights a month"
	case c.Source == PhotoEffectSource:
		return "a third to all of the " + exact(PhotoEffect) + "% occupancy gain one study measured"
	case c.Source == PricingEffectSource:
		return "a third to all of the " + exact(PricingEffect) + "% Airbnb reported"
	}
	return "a third to all of the published " + exact(c.High) + "%"
}

// exact formats a published figure as published: 8.98, 13.
func exact(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// revenueNeeds says what a money figure would need, and why each is
// missing. It starts "Needs …" when an input is missing, so the card reads
// as a request rather than a finding.
func revenueNeeds(in RevenueInput, hasPrice, hasNights, hasEffect, hadProblem bool) string {
	var s string
	switch {
	case !hasPrice && !hasNights:
		s = "Needs your nightly price and calendar — neither could be read from this page"
		if in.Gaps.Status == "calendar" {
			s = "Needs your nightly price and booked nights — the price could not be read from this page, and your calendar does not tell booked nights from blocked ones"
		}
		if comparablesWithoutOccupancy(in) {
			s += ", and the comparable listings found give no occupancy"
		}
		s += "."
	case !hasPrice:
		s = "Needs your nightly price — it could not be read from this page"
		if in.Pricing.Status == PricingEstimate && in.Pricing.Estimate != nil && strings.Contains(in.Pricing.Estimate.Basis, "not the market's") {
			s = "Needs your nightly price in the market's currency"
		}
		s += "."
	case !hasNights:
		s = "Needs your booked nights — this page shows no calendar"
		if g := in.Gaps; g.Status == "calendar" {
			s = fmt.Sprintf("Needs your booked nights — your calendar shows %d of %d nights from %s unavailable, but it does not tell booked nights from blocked ones, so it gives no count of booked nights",
				g.UnavailableNights, g.Nights, LongDate(g.WindowStart))
		}
		if comparablesWithoutOccupancy(in) {
			s += ", and the comparable listings found give no occupancy"
		} else if len(in.Comparables) == 0 {
			s += ", and no comparable listings' occupancy is known"
		}
		s += "."
	}
	var effect string
	switch {
	case hasEffect:
	case hadProblem && in.Platform != "" && in.Platform != listing.Airbnb:
		// Another site is not named in a report for this one (the
		// report's rule): "another site's listings", as NotQuantified says.
		effect = fmt.Sprintf("The published effect sizes (better photos, dynamic pricing) were measured on another site's listings, so none is counted for a %s listing.", in.Platform.Name())
	default:
		effect = NoEffectSentence
	}
	return strings.TrimSpace(s + " " + effect)
}

// comparablesWithoutOccupancy reports whether there were comparables but
// none with an occupancy estimate (a live search shows none).
func comparablesWithoutOccupancy(in RevenueInput) bool {
	if len(in.Comparables) == 0 {
		return false
	}
	for _, c := range in.Comparables {
		if c.EstimatedOccupancyNights > 0 {
			return false
		}
	}
	return true
}

// pctRange formats a percentage range "+3–9%" (one figure when both ends
// are the same).
func pctRange(low, high float64) string {
	if low == high {
		return "+" + trimFloat(low) + "%"
	}
	return "+" + trimFloat(low) + "–" + trimFloat(high) + "%"
}

// MoneyRange formats a gain range "+$40 to +$110" ("about +$40" when both
// ends round to the same figure).
func MoneyRange(low, high float64, currency string) string {
	if low == high {
		return "about +" + numfmt.Money(low, currency)
	}
	return "+" + numfmt.Money(low, currency) + " to +" + numfmt.Money(high, currency)
}

// Card is the revenue card's figure and the sentence under it, as the
// results screen, the PDF's page 1 and the e-mail show them: the money
// figure with its basis, or "Not estimated" with what it would need.
func (p RevenueProjection) Card() (headline, detail string) {
	if p.Money != nil && p.Headline != "" {
		return p.Headline, p.Basis
	}
	// A report stored before money figures has no Needs: its explanation
	// says what the projection rests on, and still no percentage headline.
	detail = p.Needs
	switch {
	case detail != "":
	case len(p.Components) > 0:
		detail = p.Explanation
	default: // its explanation said "+0%"
		detail = NoEffectSentence
	}
	return HeadlineNone, detail
}
