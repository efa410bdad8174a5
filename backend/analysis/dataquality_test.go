package analysis

import (
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

func TestMonthNightsObserved(t *testing.T) {
	tests := []struct {
		first, last string
		want        int
	}{
		{"2024-06-29", "2024-06-30", 2},
		{"2024-06-01", "2024-06-13", 13},
		{"2024-06-01", "2024-06-14", 14},
		{"2025-02-01", "2025-02-28", 28},
		{"2024-06-30", "2024-06-29", 0},
		{"", "2024-06-30", 0},
	}
	for _, tt := range tests {
		if got := MonthNightsObserved(tt.first, tt.last); got != tt.want {
			t.Errorf("MonthNightsObserved(%q, %q) = %d, want %d", tt.first, tt.last, got, tt.want)
		}
	}
}

// TestSeasonalityShortMonths: a month whose calendar covers fewer than
// MinMonthNights nights is never ranked busiest or quietest, however its
// share compares, and the explanation names it as left out; 14 nights are
// enough.
func TestSeasonalityShortMonths(t *testing.T) {
	month := func(m, first, last string, share float64) market.CalendarMonth {
		return market.CalendarMonth{Month: m, First: first, Last: last, Listings: 10, Nights: 1000, Unavailable: int(share * 1000)}
	}
	tests := []struct {
		name              string
		ms                []market.CalendarMonth
		busiest, quietest string
		leftOut           string
	}{
		{"2 nights of June (Antwerp's snapshot) are not the busiest", []market.CalendarMonth{
			month("2024-06", "2024-06-29", "2024-06-30", .86), month("2024-07", "2024-07-01", "2024-07-31", .5),
			month("2024-08", "2024-08-01", "2024-08-31", .4), month("2024-09", "2024-09-01", "2024-09-30", .36)},
			"2024-07", "2024-09", "June 2024 (2 nights in the calendar) has too few nights to rank (fewer than 14)"},
		{"13 nights at the end are not the quietest", []market.CalendarMonth{
			month("2024-07", "2024-07-01", "2024-07-31", .5), month("2024-08", "2024-08-01", "2024-08-31", .4),
			month("2024-09", "2024-09-01", "2024-09-13", .01)},
			"2024-07", "2024-08", "September 2024 (13 nights in the calendar)"},
		{"14 nights are ranked", []market.CalendarMonth{
			month("2024-07", "2024-07-01", "2024-07-31", .5), month("2024-08", "2024-08-01", "2024-08-31", .4),
			month("2024-09", "2024-09-01", "2024-09-14", .01)},
			"2024-07", "2024-09", ""},
		{"only one month long enough: none ranked", []market.CalendarMonth{
			month("2024-06", "2024-06-29", "2024-06-30", .9), month("2024-07", "2024-07-01", "2024-07-31", .5)},
			"", "", "June 2024 (2 nights in the calendar)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := AnalyzeSeasonality(SeasonalityInput{Market: tt.ms, Snapshot: tt.ms[0].First})
			if s == nil {
				t.Fatal("no seasonality")
			}
			if s.BusiestMonth != tt.busiest || s.QuietestMonth != tt.quietest {
				t.Errorf("busiest %q quietest %q, want %q %q", s.BusiestMonth, s.QuietestMonth, tt.busiest, tt.quietest)
			}
			if tt.leftOut != "" && !strings.Contains(s.Explanation, tt.leftOut) {
				t.Errorf("explanation does not say %q: %q", tt.leftOut, s.Explanation)
			}
			if tt.leftOut == "" && strings.Contains(s.Explanation, "too few nights") {
				t.Errorf("explanation leaves a month out: %q", s.Explanation)
			}
		})
	}
}

// TestSeasonalityFlatPrices: monthly prices from a snapshot whose calendars
// are all flat are not shown, and the explanation says why.
func TestSeasonalityFlatPrices(t *testing.T) {
	ms := months("2025-01", []float64{.5, .3, .2}, nil)
	for i := range ms {
		ms[i].Priced, ms[i].MedianPrice, ms[i].PricedListings = 1000, 105, 10
	}
	for _, flat := range []bool{false, true} {
		s := AnalyzeSeasonality(SeasonalityInput{Market: ms, Snapshot: "2025-01-01", PricesFlat: flat})
		if s.HasPrices == flat || (s.Months[0].MedianPrice == nil) != flat {
			t.Errorf("flat %v: has prices %v, first month %v", flat, s.HasPrices, s.Months[0].MedianPrice)
		}
		if said := strings.Contains(s.Explanation, "one flat price all year"); said != flat {
			t.Errorf("flat %v: explanation %q", flat, s.Explanation)
		}
	}
}

// TestPricingFlatSnapshotCalendar: the same flat calendar gives the
// flat-weekends action when it is the listing's own, or a snapshot's whose
// other calendars vary; it gives only a limit of the data, no weekend
// figures and no revenue gain, when every calendar in the snapshot is flat.
func TestPricingFlatSnapshotCalendar(t *testing.T) {
	cal := calendar(today, 120, func(i int) bool { return i%2 == 0 }, func(int) float64 { return 105 })
	tests := []struct {
		name       string
		isSnapshot bool
		prices     market.CalendarPrices
		advice     bool // the flat-weekends action and its revenue gain
	}{
		{"the listing's own calendar", false, market.CalendarPrices{Priced: 2870}, true},
		{"a snapshot where other calendars vary", true, market.CalendarPrices{Priced: 300, Varying: 120}, true},
		{"a snapshot whose calendars are all flat", true, market.CalendarPrices{Priced: 2870}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := loft()
			l.Price = &listing.Price{Amount: 115, Currency: "EUR", Period: "night"}
			a := AnalyzePricing(PricingInput{Listing: l, Comparables: priceComps(), MarketCurrency: "EUR", Snapshot: "2024-06-29",
				Calendar: cal, CalendarSource: "Inside Airbnb calendar snapshot of June 29, 2024", CalendarIsSnapshot: tt.isSnapshot,
				SnapshotPrices: tt.prices, Today: today})
			if got := a.Findings.Has("pricing.flat_weekends"); got != tt.advice {
				t.Errorf("flat_weekends %v, want %v: %+v", got, tt.advice, a.Findings)
			}
			if (a.WeekendPremium != nil) != tt.advice {
				t.Errorf("weekend premium %v", a.WeekendPremium)
			}
			if a.CalendarPricesFlat == tt.advice || a.Findings.Has("pricing.calendar_flat") == tt.advice {
				t.Errorf("limit of the data said: %v / %v", a.CalendarPricesFlat, a.Findings)
			}
			if !tt.advice && !strings.Contains(a.Explanation, "every one of the 2,870 priced calendars") {
				t.Errorf("explanation = %q", a.Explanation)
			}
			rev := ProjectRevenue(RevenueInput{Platform: listing.Airbnb, Pricing: a})
			gain := false
			for _, c := range rev.Components {
				gain = gain || c.Area == "pricing"
			}
			if gain != tt.advice {
				t.Errorf("pricing revenue gain %v, want %v: %+v", gain, tt.advice, rev.Components)
			}
		})
	}
}

// TestRevenueBasisCalendarNightsNotCalledBooked: nights counted from a
// calendar are booked or blocked (the calendar does not tell them apart),
// so the money figure's basis never calls them booked; Inside Airbnb's
// estimate counts booked nights and says so.
func TestRevenueBasisCalendarNightsNotCalledBooked(t *testing.T) {
	photos := PhotoAudit{Findings: Findings{{Code: "photos.count", Severity: SeverityMedium}}}
	pricing := PricingAnalysis{Price: ptr(142.0), Currency: "EUR", PriceSource: "listing page"}
	cal := ProjectRevenue(RevenueInput{Platform: listing.Airbnb, Photos: photos, Pricing: pricing,
		Gaps: BookingGapAnalysis{Status: "calendar", Source: "listing's availability calendar", WindowStart: "2026-03-02", Nights: 90, UnavailableNights: 45}})
	// A calendar does not tell booked from blocked: it gives no booked
	// nights, and the card says so rather than counting blocked nights.
	if cal.Money != nil || !strings.Contains(cal.Needs, "your calendar shows 45 of 90 nights from March 2, 2026 unavailable, but it does not tell booked nights from blocked ones") {
		t.Errorf("calendar basis = %q, needs %q", cal.Basis, cal.Needs)
	}
	est := ProjectRevenue(RevenueInput{Platform: listing.Airbnb, Photos: photos, Pricing: pricing, Snapshot: "2025-10-05",
		Self: &market.Listing{EstimatedOccupancyNights: 148}})
	if est.Money == nil || !strings.Contains(est.Basis, "booked nights a month (Inside Airbnb's estimate") {
		t.Errorf("estimate basis = %q", est.Basis)
	}
}

// TestWeekendAvailabilityAdviceSaysBookedOrBlocked: advice read from which
// nights are open never says they are booked: a closed night is booked or
// blocked.
func TestWeekendAvailabilityAdviceSaysBookedOrBlocked(t *testing.T) {
	for _, weekendOpen := range []bool{false, true} {
		cal := calendar(today, 90, func(i int) bool {
			wd := today.AddDate(0, 0, i).Weekday()
			return (wd == time.Friday || wd == time.Saturday) == weekendOpen
		}, func(int) float64 { return 0 })
		a := AnalyzePricing(PricingInput{Listing: loft(), Calendar: cal, CalendarSource: "listing's availability calendar", Today: today})
		said := false
		for _, s := range a.Advice {
			if strings.Contains(s, "weekend nights against") {
				said = true
				if strings.Contains(s, "booking faster") || !strings.Contains(s, "booked or blocked") {
					t.Errorf("advice %q", s)
				}
			}
		}
		if !said {
			t.Errorf("weekend open %v: no availability advice in %q", weekendOpen, a.Advice)
		}
	}
}
