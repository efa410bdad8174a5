package analysis

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

var today = time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC) // a Monday

// priceComps are 8 comparables at 80, 90, …, 150 a night, rated 4.5.
func priceComps() []market.Listing {
	var cs []market.Listing
	for i := 0; i < 8; i++ {
		cs = append(cs, market.Listing{Price: float64(80 + 10*i), Rating: 4.5, ReviewCount: 10})
	}
	return cs
}

// calendar returns n days from start; open(i) says whether day i is open
// and price(i) its price (0: none).
func calendar(start time.Time, n int, open func(i int) bool, price func(i int) float64) []listing.CalendarDay {
	var out []listing.CalendarDay
	for i := 0; i < n; i++ {
		d := listing.CalendarDay{Date: start.AddDate(0, 0, i).Format("2006-01-02"), Available: open(i)}
		if p := price(i); p > 0 {
			d.Price = &listing.Price{Amount: p, Currency: "USD", Period: "night"}
		}
		out = append(out, d)
	}
	return out
}

// TestAnalyzePricingCompared hand-checks quartiles of 80…150 (type 7):
// 97.5, 115, 132.5, shown in whole units as 98, 115, 133; 95 has 2 of 8 prices below it: percentile 25. The
// listing is rated above every comparable, so being below the middle half
// is a high-severity finding.
func TestAnalyzePricingCompared(t *testing.T) {
	l := loft()
	l.Price = &listing.Price{Amount: 95, Currency: "USD", Period: "night"}
	cal := calendar(today, 120, func(int) bool { return true }, func(int) float64 { return 95 })
	a := AnalyzePricing(PricingInput{Listing: l, Comparables: priceComps(), MarketCurrency: "USD", Snapshot: "2026-01-01",
		Calendar: cal, CalendarSource: "listing's availability calendar", Today: today})
	if a.Status != PricingCompared || *a.P25 != 98 || *a.P50 != 115 || *a.P75 != 133 || *a.Percentile != 25 || a.Position != "below" {
		t.Fatalf("got %s p25 %v p50 %v p75 %v pct %v pos %s", a.Status, *a.P25, *a.P50, *a.P75, *a.Percentile, a.Position)
	}
	if !a.Findings.Has("pricing.below_market") || a.Findings.Worst() != SeverityHigh {
		t.Errorf("findings = %+v", a.Findings)
	}
	if f := a.Findings[0]; !strings.Contains(f.Message, "cheaper than 75% of comparables") || !strings.Contains(f.Message, "100th percentile") {
		t.Errorf("message = %q", f.Message)
	}
	// Every night costs 95: flat weekends; all 14 next nights open.
	if *a.WeekendPremium != 0 || !a.Findings.Has("pricing.flat_weekends") || a.OpenNext14 != 14 || !a.Findings.Has("pricing.last_minute") {
		t.Errorf("weekend premium %v open %d findings %+v", *a.WeekendPremium, a.OpenNext14, a.Findings)
	}
	if a.GeneralGuidance {
		t.Error("calendar advice marked general")
	}
	if !strings.Contains(a.Explanation, "25th percentile of 8 comparable listings") {
		t.Errorf("explanation = %q", a.Explanation)
	}
}

func TestAnalyzePricingWeekendPremium(t *testing.T) {
	l := loft()
	l.Price = &listing.Price{Amount: 120, Currency: "USD", Period: "night"}
	// Weekdays 100, Friday and Saturday nights 125: +25%.
	cal := calendar(today, 90, func(i int) bool { return i%3 != 0 }, func(i int) float64 {
		if wd := today.AddDate(0, 0, i).Weekday(); wd == time.Friday || wd == time.Saturday {
			return 125
		}
		return 100
	})
	a := AnalyzePricing(PricingInput{Listing: l, Comparables: priceComps(), MarketCurrency: "USD", Calendar: cal, Today: today})
	if *a.WeekdayAverage != 100 || *a.WeekendAverage != 125 || *a.WeekendPremium != 25 || a.Findings.Has("pricing.flat_weekends") {
		t.Errorf("weekday %v weekend %v premium %v", *a.WeekdayAverage, *a.WeekendAverage, *a.WeekendPremium)
	}
	if a.Position != "within" || a.Findings.Worst() != SeverityLow {
		t.Errorf("position %s findings %+v", a.Position, a.Findings)
	}
}

func TestAnalyzePricingEstimateWithoutPrice(t *testing.T) {
	a := AnalyzePricing(PricingInput{Listing: loft(), Comparables: priceComps(), MarketCurrency: "USD", Snapshot: "2025-10-05", Today: today})
	if a.Status != PricingEstimate || a.Estimate == nil || a.Estimate.Low != 98 || a.Estimate.Typical != 115 || a.Estimate.High != 133 {
		t.Fatalf("%+v", a)
	}
	if a.Price != nil || a.Percentile != nil {
		t.Error("an estimate carries a price position")
	}
	if !strings.HasPrefix(a.Explanation, "Estimate, not your price") || !a.GeneralGuidance {
		t.Errorf("explanation = %q, general %v", a.Explanation, a.GeneralGuidance)
	}
}

func TestAnalyzePricingCurrencyMismatch(t *testing.T) {
	l := loft()
	l.Price = &listing.Price{Amount: 95, Currency: "EUR", Period: "night"}
	a := AnalyzePricing(PricingInput{Listing: l, Comparables: priceComps(), MarketCurrency: "USD", Today: today})
	if a.Status != PricingEstimate || a.Price != nil || !strings.Contains(a.Estimate.Basis, "not the market's USD") {
		t.Errorf("%+v", a)
	}
}

func TestAnalyzePricingSelfPrice(t *testing.T) {
	self := &market.Listing{Price: 150}
	a := AnalyzePricing(PricingInput{Listing: loft(), Comparables: priceComps(), MarketCurrency: "USD", Snapshot: "2025-10-05", Self: self, Today: today})
	if a.Status != PricingCompared || a.PriceSource != "Inside Airbnb snapshot of October 5, 2025" || a.Position != "above" || *a.Percentile != 93.8 {
		t.Errorf("%s %s %s %v", a.Status, a.PriceSource, a.Position, *a.Percentile)
	}
}

func TestAnalyzePricingWithoutData(t *testing.T) {
	l := loft()
	a := AnalyzePricing(PricingInput{Listing: l, Today: today})
	if a.Status != PricingNotEnoughData || !strings.HasPrefix(a.Explanation, "Not enough data") || !a.GeneralGuidance {
		t.Errorf("%+v", a)
	}
	for _, adv := range a.Advice {
		if !strings.HasPrefix(adv, "General guidance") {
			t.Errorf("advice not marked general: %q", adv)
		}
	}
	l.Price = &listing.Price{Amount: 95, Currency: "USD", Period: "night"}
	if a := AnalyzePricing(PricingInput{Listing: l, Comparables: priceComps()[:4], Today: today}); a.Status != PricingNoComparables {
		t.Errorf("4 comparables: status %s", a.Status)
	}
	l.Price.Period = "week"
	if a := AnalyzePricing(PricingInput{Listing: l, Comparables: priceComps(), Today: today}); a.Status != PricingEstimate {
		t.Errorf("weekly price: status %s", a.Status)
	}
}

// A listed price 30 % or more off the calendar's prices is said (not
// judged): one of them is out of date, or the calendar has seasonal rates.
func TestCalendarPriceMismatch(t *testing.T) {
	l := loft()
	l.Price = &listing.Price{Amount: 100, Currency: "USD", Period: "night"}
	for _, tc := range []struct {
		calendarPrice float64
		said          bool
	}{{150, true}, {60, true}, {125, false}, {0, false}} {
		cal := calendar(today, 60, func(int) bool { return true }, func(int) float64 { return tc.calendarPrice })
		a := AnalyzePricing(PricingInput{Listing: l, Calendar: cal, CalendarSource: "listing's availability calendar", Today: today})
		if a.Findings.Has("pricing.calendar_mismatch") != tc.said {
			t.Errorf("calendar at %v: findings %+v; want the mismatch said: %v", tc.calendarPrice, a.Findings, tc.said)
		}
		for _, f := range a.Findings {
			if f.Code == "pricing.calendar_mismatch" && (f.Severity != SeverityInfo || f.Action != "" || !strings.Contains(f.Message, "differ by")) {
				t.Errorf("mismatch finding %+v; want information only", f)
			}
		}
	}
}

// Issue 43, "Pricing 60/100 (MEDIUM) under 'we could not read your nightly
// price'": the section is scored only from the listing's own prices. An
// estimate from comparables alone is shown but neither scored nor an
// action, and says why; with calendar prices the score is there and the
// explanation says it measures only the calendar.
func TestPricingScoredOnlyFromTheListingsPrices(t *testing.T) {
	// Flat weekends: a gap measured in the listing's own prices.
	weekends := calendar(today, 90, func(int) bool { return true }, func(int) float64 { return 100 })
	priced := loft()
	priced.Price = &listing.Price{Amount: 95, Currency: "USD", Period: "night"}
	euros := loft()
	euros.Price = &listing.Price{Amount: 95, Currency: "EUR", Period: "night"}
	for _, tc := range []struct {
		name       string
		l          *listing.Listing
		cal        []listing.CalendarDay
		scored     bool
		reason     string // NotScoredReason, when not scored
		explainsIt string // in the explanation when scored from the calendar alone
	}{
		{"price read, compared", priced, nil, true, "", ""},
		{"no price: an estimate", loft(), nil, false, "your nightly price could not be read", ""},
		{"price in another currency", euros, nil, false, "another currency", ""},
		{"no price, calendar prices", loft(), weekends, true, "", "measures only how the calendar's weekend and weekday prices compare"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := AnalyzePricing(PricingInput{Listing: tc.l, Comparables: priceComps(), MarketCurrency: "USD", Snapshot: "2025-10-05",
				Calendar: tc.cal, CalendarSource: "listing's availability calendar", Today: today})
			if a.Scored() != tc.scored {
				t.Fatalf("status %s: scored %v, want %v", a.Status, a.Scored(), tc.scored)
			}
			if got := a.NotScoredReason(); (got == "") != tc.scored || !strings.Contains(got, tc.reason) {
				t.Errorf("reason = %q, want one saying %q", got, tc.reason)
			}
			if f := a.Findings; f.Has("pricing.estimate") {
				for _, x := range f {
					if x.Code == "pricing.estimate" && x.Severity != SeverityInfo {
						t.Errorf("the estimate is a %s finding; a range of others' prices measures no gap in this listing", x.Severity)
					}
				}
			}
			if !strings.Contains(a.Explanation, tc.explainsIt) {
				t.Errorf("explanation = %q, want it to say %q", a.Explanation, tc.explainsIt)
			}
			in := OverallInput{Pricing: a}
			if got := ScoreOverall(in).Sections.Get("pricing") != nil; got != tc.scored {
				t.Errorf("overall's pricing section scored %v, want %v", got, tc.scored)
			}
			if p := Prioritize(PriorityInput{Pricing: a}); (p.Pricing == NotAssessed) == tc.scored {
				t.Errorf("pricing priority %s (%s), want assessed: %v", p.Pricing, p.Reasons["pricing_priority"], tc.scored)
			}
		})
	}
}

// Issue 43, "'Typical $115–$145' vs '75th percentile $144'": the quartiles
// are rounded once, to whole units (halves away from zero), so the web's
// formatter and the server's print the same figure.
func TestPriceQuartilesWholeUnits(t *testing.T) {
	for _, tc := range []struct {
		prices        []float64
		p25, p50, p75 float64
	}{
		{[]float64{80, 90, 100, 110, 120, 130, 140, 150}, 98, 115, 133}, // 97.5, 115, 132.5
		{[]float64{100, 115, 120, 144, 145}, 115, 120, 144},
		{[]float64{114, 115, 144, 145}, 115, 130, 144}, // 114.75, 129.5, 144.25
		{[]float64{99.99, 100.49}, 100, 100, 100},
	} {
		p25, p50, p75 := PriceQuartiles(tc.prices)
		if p25 != tc.p25 || p50 != tc.p50 || p75 != tc.p75 {
			t.Errorf("PriceQuartiles(%v) = %v, %v, %v; want %v, %v, %v", tc.prices, p25, p50, p75, tc.p25, tc.p50, tc.p75)
		}
		for _, v := range []float64{p25, p50, p75} {
			if v != math.Trunc(v) {
				t.Errorf("%v has cents: the web and the server would round it apart", v)
			}
		}
	}
	// The estimate, the percentile table and the findings show one set.
	a := AnalyzePricing(PricingInput{Listing: loft(), Comparables: priceComps(), MarketCurrency: "USD", Snapshot: "2025-10-05", Today: today})
	if a.Estimate.Low != *a.P25 || a.Estimate.Typical != *a.P50 || a.Estimate.High != *a.P75 {
		t.Errorf("estimate %+v against quartiles %v %v %v", *a.Estimate, *a.P25, *a.P50, *a.P75)
	}
	if !strings.Contains(a.Explanation, "$98–$133 a night (median $115)") {
		t.Errorf("explanation = %q", a.Explanation)
	}
}

// Issue 43, "'first 90 days' vs '61 nights'": the weekend/weekday sentence
// names the nights it averaged, not the window it looked in.
func TestWeekendAverageSaysTheNightsAveraged(t *testing.T) {
	l := loft()
	l.Price = &listing.Price{Amount: 100, Currency: "USD", Period: "night"}
	price := func(i int) float64 { return 100 }
	for _, tc := range []struct {
		name string
		cal  []listing.CalendarDay
		want string
	}{
		{"61 nights read", calendar(today, 61, func(int) bool { return true }, price),
			"the 61 priced nights from March 2, 2026 to May 1, 2026"},
		{"a year read: 90 of it", calendar(today, 365, func(int) bool { return true }, price),
			"the 90 priced nights from March 2, 2026 to May 30, 2026"},
		{"every other night priced", calendar(today, 61, func(int) bool { return true }, func(i int) float64 {
			if i%2 == 0 {
				return 100
			}
			return 0
		}), "the 31 priced nights from March 2, 2026 to May 1, 2026"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := AnalyzePricing(PricingInput{Listing: l, Comparables: priceComps(), MarketCurrency: "USD", Calendar: tc.cal,
				CalendarSource: "listing's availability calendar", Today: today})
			if !strings.Contains(a.Explanation, "Over "+tc.want+" of the listing's availability calendar, weekend nights average") {
				t.Errorf("explanation = %q\nwant it to name %q", a.Explanation, tc.want)
			}
			if strings.Contains(a.Explanation, "90 days") {
				t.Errorf("explanation names a window it did not average: %q", a.Explanation)
			}
			for _, f := range a.Findings {
				if f.Code == "pricing.flat_weekends" && !strings.Contains(f.Message, "over "+tc.want+".") {
					t.Errorf("finding = %q, want it to name %q", f.Message, tc.want)
				}
			}
		})
	}
}
