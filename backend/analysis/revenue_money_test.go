package analysis

import (
	"math"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/numfmt"
)

// occupancies returns comparables with these estimated booked nights a
// year (Inside Airbnb's), and live ones (no estimate) for nil.
func occupancies(nights ...int) []market.Listing {
	var out []market.Listing
	for _, n := range nights {
		out = append(out, market.Listing{EstimatedOccupancyNights: n, Price: 100})
	}
	return out
}

// TestRevenueInMoney: the demo listings' inputs, as the report reads them,
// give money a month where price and booked nights are known, each figure
// recomputable from the inputs its basis states, and otherwise a card
// that says what it needs with no percentage in its headline.
func TestRevenueInMoney(t *testing.T) {
	photoProblem := PhotoAudit{Score: ptr(58), Findings: Findings{{Code: "photos.few", Severity: SeverityMedium}}}
	price := func(v float64, cur string) PricingAnalysis {
		return PricingAnalysis{Price: &v, Currency: cur, PriceSource: "listing page", Status: PricingCompared}
	}
	noPrice := PricingAnalysis{Status: PricingEstimate, Currency: "USD"}
	// Lisbon's calendar as the demo reads it: 17 of 61 nights from 1 May
	// 2026 unavailable (booked or blocked: it does not say which), no gaps,
	// ahead of the report's date.
	lisbonCal := BookingGapAnalysis{Status: "calendar", Source: "listing's availability calendar", WindowStart: "2026-05-01", WindowEnd: "2026-07-01", AsOf: "2026-05-01", Nights: 61, UnavailableNights: 17}
	noCal := BookingGapAnalysis{Status: "general_guidance"}
	// ahead is a 90-night window from March 2, 2026, the report's date.
	ahead := func(unavailable, gapNights int) BookingGapAnalysis {
		return BookingGapAnalysis{Status: "calendar", Source: "listing's availability calendar", WindowStart: "2026-03-02", WindowEnd: "2026-05-31", AsOf: "2026-03-02",
			Nights: 90, UnavailableNights: unavailable, GapNights: gapNights}
	}
	// past is the same calendar read in May 2026, seen by a report of
	// November 29, 2026: seven months gone by.
	past := BookingGapAnalysis{Status: "calendar", Source: "listing's availability calendar", WindowStart: "2026-05-01", WindowEnd: "2026-07-30", AsOf: "2026-11-29",
		WindowPast: true, WindowFromSnapshot: true, Nights: 90, UnavailableNights: 45, GapNights: 6}
	cases := []struct {
		name string
		in   RevenueInput
		// With a money figure: the headline and where the nights came from.
		headline, nightsBasis string
		basis                 []string // phrases the basis states
		// Without: what the card says it needs.
		needs []string
		// notCounted: phrases of the changes listed without a figure.
		notCounted []string
		// explained: a phrase the explanation under the figure states.
		explained string
	}{
		{name: "Lisbon, its own calendar only: no booked nights in it", in: RevenueInput{Platform: listing.Airbnb, Photos: photoProblem, Pricing: price(142, "USD"), Gaps: lisbonCal},
			needs: []string{"Needs your booked nights — your calendar shows 17 of 61 nights from May 1, 2026 unavailable, but it does not tell booked nights from blocked ones, so it gives no count of booked nights, and no comparable listings' occupancy is known."}},
		{name: "Lisbon's calendar beside a snapshot's comparables: their occupancy, not the calendar's", in: RevenueInput{Platform: listing.Airbnb, Photos: photoProblem, Pricing: price(165, "USD"),
			Gaps: lisbonCal, Comparables: occupancies(36, 60, 84, 84, 120, 170), Snapshot: "2025-10-05"},
			// Median 84: 165 × 84/12 = 1155 a month; × 3% = 34.7, × 9% = 104.
			headline: "+$30 to +$100 a month", nightsBasis: NightsComparables,
			basis: []string{"7 booked nights a month", "comparables' median occupancy 23%, 84 nights a year"}, explained: CalendarNotCounted},
		{name: "Albany's page without its calendar: the snapshot's comparables", in: RevenueInput{Platform: listing.Airbnb, Photos: photoProblem, Pricing: price(142, "USD"),
			Gaps: noCal, Comparables: occupancies(36, 60, 84, 84, 120, 170, 0), Snapshot: "2025-10-05"},
			// Median 84 of 365 nights: 142 × 84/365 × 365/12 = 994 a month; × 3% = 29.8, × 9% = 89.5.
			headline: "+$30 to +$90 a month", nightsBasis: NightsComparables,
			basis: []string{"7 booked nights a month", "comparables' median occupancy 23%, 84 nights a year", "Inside Airbnb's estimate for 6 nearby listings, October 5, 2025"}},
		{name: "a listing in the market data: its own estimate", in: RevenueInput{Platform: listing.Airbnb, Photos: photoProblem, Pricing: price(165, "USD"),
			Gaps: noCal, Self: &market.Listing{EstimatedOccupancyNights: 148}, Comparables: occupancies(36, 60, 84, 84, 120), Snapshot: "2025-10-05"},
			// 165 × 148/12 = 2035 a month; × 3% = 61.1, × 9% = 183.2.
			headline: "+$60 to +$180 a month", nightsBasis: NightsListingData,
			basis: []string{"$165 a night", "12.3 booked nights a month", "Inside Airbnb's estimate for this listing: 148 in the year before October 5, 2025"}},
		{name: "photos, pricing and gaps ahead together, capped", in: RevenueInput{Platform: listing.Airbnb, Photos: photoProblem,
			Pricing:     PricingAnalysis{Price: ptr(142.0), Currency: "EUR", PriceSource: "listing page", Percentile: ptr(20.0), Findings: Findings{{Code: "pricing.below_market"}}},
			Gaps:        ahead(45, 6),
			Comparables: occupancies(36, 60, 84, 84, 120, 170), Snapshot: "2025-10-05"},
			// Gaps: 6/90 × 365/12 = 2.0 a month against 84/12 = 7 booked: 29% → capped 10, a third 3.3.
			// 3 + 4.3 + 3.3 = 10.6 → 10; 9 + 13 + 10 = 32 → 25. 142 × 7 = 994; × 10% = 99.4, × 25% = 248.5.
			headline: "+€100 to +€250 a month", nightsBasis: NightsComparables,
			basis: []string{"€142 a night", "7 booked nights a month", "+10–25% for better photos, dynamic pricing and filled gaps (capped)"}},
		{name: "a Booking.com calendar with gaps ahead: the computed effect, in yen", in: RevenueInput{Platform: listing.Booking, Photos: photoProblem, Pricing: price(18500, "JPY"),
			Gaps: ahead(50, 3), Self: &market.Listing{EstimatedOccupancyNights: 240}, Snapshot: "2025-10-05"},
			// 3/90 × 365/12 = 1.01 a month against 240/12 = 20 booked: 5.07% → 5.1, a third 1.7.
			// 18500 × 20 = 370,000 a month; × 1.7% = 6,290, × 5.1% = 18,870.
			headline: "+JPY 6,000 to +JPY 19,000 a month", nightsBasis: NightsListingData,
			basis: []string{"JPY 18,500 a night", "+1.7–5.1% for filled gaps (the calendar's gap nights a month against the booked nights a month)"}},
		{name: "a calendar seven months before the report: named, its gaps not counted", in: RevenueInput{Platform: listing.Airbnb, Photos: photoProblem, Pricing: price(200, "USD"),
			Gaps: past, Comparables: occupancies(36, 60, 84, 84, 120, 170), Snapshot: "2025-10-05"},
			// 200 × 7 = 1400 a month; × 3% = 42, × 9% = 126: photos alone.
			headline: "+$40 to +$130 a month", nightsBasis: NightsComparables,
			basis: []string{"+3–9% for better photos"}, explained: CalendarNotCounted,
			notCounted: []string{"Filling booking gaps: the calendar read covers May 1, 2026 to July 29, 2026, before this report's date (November 29, 2026), so its 6 nights in gaps are past and not counted."}},
		{name: "gaps ahead but nothing counts bookings", in: RevenueInput{Platform: listing.Airbnb, Photos: photoProblem, Pricing: price(142, "USD"), Gaps: ahead(45, 6)},
			needs:      []string{"Needs your booked nights — your calendar shows 45 of 90 nights from March 2, 2026 unavailable"},
			notCounted: []string{"Filling booking gaps: 6 nights in gaps, but no count of booked nights to set them against"}},
		{name: "a price in no stated currency", in: RevenueInput{Platform: listing.Airbnb, Photos: photoProblem, Pricing: price(142, ""), Gaps: noCal, Self: &market.Listing{EstimatedOccupancyNights: 102}},
			// 142 × 102/12 = 1207; × 3% = 36.2, × 9% = 108.6.
			headline: "+40 to +110 a month", nightsBasis: NightsListingData, basis: []string{"142 a night (your listing page, in the currency it shows)"}},

		{name: "Athens: no price, no calendar, a live search without occupancy", in: RevenueInput{Platform: listing.Airbnb, Photos: photoProblem, Pricing: noPrice,
			Gaps: noCal, Comparables: occupancies(0, 0, 0, 0, 0, 0)},
			needs: []string{"Needs your nightly price and calendar — neither could be read from this page, and the comparable listings found give no occupancy."}},
		{name: "Destin on Vrbo: no price, no calendar, effects measured on Airbnb", in: RevenueInput{Platform: listing.Vrbo, Photos: photoProblem, Pricing: noPrice,
			Gaps: noCal, Comparables: occupancies(0, 0, 0, 0, 0)},
			needs: []string{"Needs your nightly price and calendar", "measured on another site's listings, so none is counted for a Vrbo listing."}},
		{name: "Kyoto on Booking.com: a price, no booked nights", in: RevenueInput{Platform: listing.Booking, Photos: photoProblem, Pricing: price(18500, "JPY"), Gaps: noCal},
			needs: []string{"Needs your booked nights — this page shows no calendar, and no comparable listings' occupancy is known.", "none is counted for a Booking.com listing"}},
		{name: "the sparse read: nothing", in: RevenueInput{Platform: listing.Airbnb, Pricing: PricingAnalysis{Status: PricingNotEnoughData}, Gaps: noCal},
			needs: []string{"Needs your nightly price and calendar — neither could be read from this page.", "None of the changes recommended here has a published effect on bookings"}},
		{name: "no price, a calendar read: the calendar is not called unread", in: RevenueInput{Platform: listing.Airbnb, Photos: photoProblem, Pricing: noPrice, Gaps: lisbonCal},
			needs: []string{"Needs your nightly price and booked nights — the price could not be read from this page, and your calendar does not tell booked nights from blocked ones."}},
		{name: "price and calendar but no change with an effect", in: RevenueInput{Platform: listing.Airbnb, Pricing: price(142, "USD"), Gaps: lisbonCal},
			needs: []string{"None of the changes recommended here has a published effect on bookings, so no gain is counted."}},
	}
	seen := map[string]string{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := ProjectRevenue(c.in)
			head, detail := p.Card()
			if !strings.Contains(p.Explanation, c.explained) {
				t.Errorf("explanation %q lacks %q", p.Explanation, c.explained)
			}
			for _, want := range c.notCounted {
				if !strings.Contains(strings.Join(p.NotQuantified, " | "), want) {
					t.Errorf("not quantified = %q, want %q in it", p.NotQuantified, want)
				}
			}
			if strings.Contains(head, "%") {
				t.Errorf("headline %q is a percentage", head)
			}
			if c.headline == "" {
				if p.Money != nil || p.MonthlyLow != 0 || p.MonthlyHigh != 0 || head != HeadlineNone || detail != p.Needs {
					t.Errorf("no basis, yet money: %q / %q (%+v)", head, detail, p.Money)
				}
				for _, want := range c.needs {
					if !strings.Contains(p.Needs, want) {
						t.Errorf("needs = %q, want %q in it", p.Needs, want)
					}
				}
				return
			}
			if head != c.headline || p.Headline != c.headline {
				t.Fatalf("headline = %q, want %q (basis %q; needs %q)", head, c.headline, p.Basis, p.Needs)
			}
			if detail != p.Basis || p.Needs != "" {
				t.Errorf("detail %q, needs %q", detail, p.Needs)
			}
			m := p.Money
			if m.NightsBasis != c.nightsBasis {
				t.Errorf("nights from %q, want %q", m.NightsBasis, c.nightsBasis)
			}
			// Traceable: recompute from the stated inputs.
			base := m.NightlyPrice * float64(m.BookedNights) / float64(m.OutOf) * 365 / 12
			if lo, hi := RoundMoney(base*p.Low/100, base*p.High/100), RoundMoney(base*p.High/100, base*p.High/100); lo != p.MonthlyLow || hi != p.MonthlyHigh {
				t.Errorf("%v × %d/%d nights × %v–%v%% = %v–%v, shown %v–%v", m.NightlyPrice, m.BookedNights, m.OutOf, p.Low, p.High, lo, hi, p.MonthlyLow, p.MonthlyHigh)
			}
			if math.Abs(m.NightsAMonth-float64(m.BookedNights)/float64(m.OutOf)*365/12) > 0.05 {
				t.Errorf("nights a month %v from %d/%d", m.NightsAMonth, m.BookedNights, m.OutOf)
			}
			for _, want := range append([]string{numfmt.Money(m.NightlyPrice, p.Currency), trimFloat(m.NightsAMonth) + " " + m.nightsWord() + " a month",
				pctRange(p.Low, p.High), m.NightsSource}, c.basis...) {
				if !strings.Contains(p.Basis, want) {
					t.Errorf("basis %q lacks %q", p.Basis, want)
				}
			}
			if p.Currency != "USD" && strings.Contains(head+p.Basis, "$") {
				t.Errorf("a %q figure printed with $: %q %q", p.Currency, head, p.Basis)
			}
			if other, ok := seen[head]; ok {
				t.Errorf("%q shows the same figure as %q", c.name, other)
			}
			seen[head] = c.name
		})
	}
}

func TestRoundMoney(t *testing.T) {
	for _, c := range []struct{ v, larger, want float64 }{
		{36.1, 108.3, 40}, {108.3, 108.3, 110}, {6.2, 18.6, 6}, {29.8, 89.5, 30}, {216, 539.9, 220},
		{6252, 18757, 6000}, {18757, 18757, 19000}, {1234, 1234, 1200},
	} {
		if got := RoundMoney(c.v, c.larger); got != c.want {
			t.Errorf("RoundMoney(%v, %v) = %v, want %v", c.v, c.larger, got, c.want)
		}
	}
}

// A report stored before money figures (no headline, no needs) still shows
// no percentage headline, and no "+0%" under it.
func TestRevenueCardOfAStoredReport(t *testing.T) {
	for _, c := range []struct {
		p          RevenueProjection
		wantDetail string
	}{
		{RevenueProjection{Range: "+0%", Explanation: "No recommended change here has a published effect size that applies, so the projection is +0%."}, NoEffectSentence},
		{RevenueProjection{RevenueImpact: 3, Range: "+3–9%", Components: []RevenueComponent{{Area: "photos"}}, Explanation: "Estimated revenue impact +3–9%."}, "Estimated revenue impact +3–9%."},
	} {
		head, detail := c.p.Card()
		if head != HeadlineNone || detail != c.wantDetail {
			t.Errorf("%q / %q", head, detail)
		}
	}
}
