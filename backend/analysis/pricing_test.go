package analysis

import (
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
// 97.5, 115, 132.5; 95 has 2 of 8 prices below it: percentile 25. The
// listing is rated above every comparable, so being below the middle half
// is a high-severity finding.
func TestAnalyzePricingCompared(t *testing.T) {
	l := loft()
	l.Price = &listing.Price{Amount: 95, Currency: "USD", Period: "night"}
	cal := calendar(today, 120, func(int) bool { return true }, func(int) float64 { return 95 })
	a := AnalyzePricing(PricingInput{Listing: l, Comparables: priceComps(), MarketCurrency: "USD", Snapshot: "2026-01-01",
		Calendar: cal, CalendarSource: "listing's availability calendar", Today: today})
	if a.Status != PricingCompared || *a.P25 != 97.5 || *a.P50 != 115 || *a.P75 != 132.5 || *a.Percentile != 25 || a.Position != "below" {
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
	if a.Status != PricingEstimate || a.Estimate == nil || a.Estimate.Low != 97.5 || a.Estimate.Typical != 115 || a.Estimate.High != 132.5 {
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
