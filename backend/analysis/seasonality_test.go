package analysis

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

func TestCalendarByMonth(t *testing.T) {
	day := func(date string, open bool, price float64) listing.CalendarDay {
		d := listing.CalendarDay{Date: date, Available: open}
		if price > 0 {
			d.Price = &listing.Price{Amount: price, Period: "night"}
		}
		return d
	}
	tests := []struct {
		name string
		days []listing.CalendarDay
		want []market.CalendarMonth
	}{
		{"none", nil, []market.CalendarMonth{}},
		{"across a year boundary, out of order", []listing.CalendarDay{
			day("2026-01-01", true, 0), day("2025-12-31", false, 100), day("2025-12-30", false, 200), day("2026-01-02", false, 0),
		}, []market.CalendarMonth{
			{Month: "2025-12", First: "2025-12-30", Last: "2025-12-31", Listings: 1, Nights: 2, Unavailable: 2, Priced: 2, MedianPrice: 150, PricedListings: 1},
			{Month: "2026-01", First: "2026-01-01", Last: "2026-01-02", Listings: 1, Nights: 2, Unavailable: 1},
		}},
		{"the last and first day of a month", []listing.CalendarDay{day("2026-02-28", true, 90), day("2026-03-01", true, 0)}, []market.CalendarMonth{
			{Month: "2026-02", First: "2026-02-28", Last: "2026-02-28", Listings: 1, Nights: 1, Priced: 1, MedianPrice: 90, PricedListings: 1},
			{Month: "2026-03", First: "2026-03-01", Last: "2026-03-01", Listings: 1, Nights: 1},
		}},
		{"malformed dates are skipped", []listing.CalendarDay{day("2026-02-30", false, 0), day("2026-3-01", false, 0), day("", false, 0), day("2026-03-02", false, 0)},
			[]market.CalendarMonth{{Month: "2026-03", First: "2026-03-02", Last: "2026-03-02", Listings: 1, Nights: 1, Unavailable: 1}}},
		{"unpriced nights do not lower the average", []listing.CalendarDay{day("2026-04-01", true, 100), day("2026-04-02", true, 0), day("2026-04-03", true, 130)},
			[]market.CalendarMonth{{Month: "2026-04", First: "2026-04-01", Last: "2026-04-03", Listings: 1, Nights: 3, Priced: 2, MedianPrice: 115, PricedListings: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CalendarByMonth(tt.days); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// months builds a market's months from the snapshot month on: shares[i]
// of 1000 nights not available in month i, listings[i] listings (10 when
// listings is nil).
func months(start string, shares []float64, listings []int) []market.CalendarMonth {
	var out []market.CalendarMonth
	for i, share := range shares {
		month := monthAfter(start, i)
		n := 10
		if listings != nil {
			n = listings[i]
		}
		out = append(out, market.CalendarMonth{Month: month, First: month + "-01", Last: month + "-28", Listings: n, Nights: 1000, Unavailable: int(share * 1000)})
	}
	return out
}

func monthAfter(start string, i int) string {
	var y, m int
	fmt.Sscanf(start, "%d-%d", &y, &m)
	m += i
	y += (m - 1) / 12
	m = (m-1)%12 + 1
	return fmt.Sprintf("%04d-%02d", y, m)
}

func TestAnalyzeSeasonalityBusiestQuietest(t *testing.T) {
	tests := []struct {
		name              string
		shares            []float64
		listings          []int
		busiest, quietest string
	}{
		{"highest and lowest share", []float64{.5, .3, .2, .25, .7, .4}, nil, "2025-05", "2025-03"},
		{"a tie goes to the earlier month", []float64{.6, .2, .6, .2}, nil, "2025-01", "2025-02"},
		{"all equal: nothing marked", []float64{.4, .4, .4}, nil, "", ""},
		{"one month: nothing marked", []float64{.4}, nil, "", ""},
		{"months with fewer than 5 listings are not marked", []float64{.9, .5, .3, .05}, []int{4, 5, 5, 3}, "2025-02", "2025-03"},
		{"only one month with enough listings: nothing marked", []float64{.9, .5, .05}, []int{4, 5, 3}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := AnalyzeSeasonality(SeasonalityInput{Market: months("2025-01", tt.shares, tt.listings), Snapshot: "2025-01-01"})
			if s == nil {
				t.Fatal("no seasonality")
			}
			if s.BusiestMonth != tt.busiest || s.QuietestMonth != tt.quietest {
				t.Errorf("busiest %q quietest %q, want %q %q", s.BusiestMonth, s.QuietestMonth, tt.busiest, tt.quietest)
			}
			var marked []string
			for _, m := range s.Months {
				if m.Busiest {
					marked = append(marked, "busiest "+m.Month)
				}
				if m.Quietest {
					marked = append(marked, "quietest "+m.Month)
				}
			}
			var want []string
			if tt.busiest != "" {
				want = []string{"busiest " + tt.busiest, "quietest " + tt.quietest}
				if tt.quietest < tt.busiest {
					want[0], want[1] = want[1], want[0]
				}
			}
			if !reflect.DeepEqual(marked, want) {
				t.Errorf("marked %q, want %q", marked, want)
			}
		})
	}
}

// TestAnalyzeSeasonalityWindow: a snapshot of 2025-10-05 has calendar
// nights from October 2025 to early October 2026; the 12 months are
// October to September, the 13th month's nights are left out.
func TestAnalyzeSeasonalityWindow(t *testing.T) {
	ms := months("2025-10", []float64{.5, .3, .2, .25, .22, .26, .32, .33, .32, .45, .44, .44, .45}, nil)
	ms[0].First, ms[0].Nights, ms[0].Unavailable = "2025-10-05", 270, 135
	ms[12].Last, ms[12].Nights, ms[12].Unavailable = "2026-10-04", 40, 18
	ms[0], ms[5] = ms[5], ms[0] // any order
	own := []market.CalendarMonth{
		{Month: "2025-10", Nights: 27, Unavailable: 27},
		{Month: "2025-11", Nights: 30, Unavailable: 3},
		{Month: "2026-10", Nights: 4, Unavailable: 4}, // left out with the market's
	}
	s := AnalyzeSeasonality(SeasonalityInput{Market: ms, Listing: own, Snapshot: "2025-10-05", Currency: "USD"})
	if s == nil {
		t.Fatal("no seasonality")
	}
	if len(s.Months) != SeasonMonths || s.Months[0].Month != "2025-10" || s.Months[11].Month != "2026-09" {
		t.Fatalf("months %v…", s.Months)
	}
	if s.Start != "2025-10-05" || s.End != "2026-09-28" || s.NightsLeftOut != 40 || s.Comparables != 10 {
		t.Errorf("start %s end %s left out %d comparables %d", s.Start, s.End, s.NightsLeftOut, s.Comparables)
	}
	// October: 135 of 270; the rest 1000 nights each.
	total := 270 + 11*1000
	unavailable := 135 + 300 + 200 + 250 + 220 + 260 + 320 + 330 + 320 + 450 + 440 + 440
	if want := round3(float64(unavailable) / float64(total)); s.UnavailableShare != want {
		t.Errorf("overall share %v, want %v", s.UnavailableShare, want)
	}
	for _, m := range s.Months {
		if m.UnavailableShare < 0 || m.UnavailableShare > 1 {
			t.Errorf("%s share %v", m.Month, m.UnavailableShare)
		}
	}
	if s.BusiestMonth != "2025-10" || s.QuietestMonth != "2025-12" {
		t.Errorf("busiest %s quietest %s", s.BusiestMonth, s.QuietestMonth)
	}
	// The listing: 30 of 57 nights in its two months; none in December.
	if s.Months[0].ListingUnavailableShare == nil || *s.Months[0].ListingUnavailableShare != 1 || s.Months[1].ListingNights != 30 ||
		*s.Months[1].ListingUnavailableShare != 0.1 || s.Months[2].ListingUnavailableShare != nil {
		t.Errorf("listing months %+v %+v %+v", s.Months[0], s.Months[1], s.Months[2])
	}
	if s.ListingUnavailableShare == nil || *s.ListingUnavailableShare != round3(30.0/57) {
		t.Errorf("listing share %v", s.ListingUnavailableShare)
	}
	if s.HasPrices || s.Months[0].MedianPrice != nil {
		t.Error("prices without any in the calendar")
	}
	for _, want := range []string{"booked or blocked", "not an occupancy rate", "October 5, 2025 to September 28, 2026", "Most nights not available: October 2025 (50%); fewest: December 2025 (20%)",
		"This listing's own calendar", "lists no nightly prices", "after September 2026, are left out (40 listing-nights)"} {
		if !strings.Contains(s.Explanation, want) {
			t.Errorf("explanation lacks %q: %s", want, s.Explanation)
		}
	}
}

func TestAnalyzeSeasonalityPrices(t *testing.T) {
	ms := months("2026-01", []float64{.2, .4}, nil)
	ms[1].Priced, ms[1].MedianPrice, ms[1].PricedListings = 300, 142.456, 6
	s := AnalyzeSeasonality(SeasonalityInput{Market: ms, Snapshot: "2026-01-01", Currency: "EUR"})
	if !s.HasPrices || s.Months[0].MedianPrice != nil || s.Months[1].MedianPrice == nil || *s.Months[1].MedianPrice != 142.46 || s.Months[1].PricedListings != 6 {
		t.Errorf("prices %+v", s.Months)
	}
	if !strings.Contains(s.Explanation, "average listed nightly price (EUR)") || s.ListingUnavailableShare != nil || strings.Contains(s.Explanation, "This listing's own") {
		t.Errorf("explanation %s", s.Explanation)
	}
}

func TestAnalyzeSeasonalityTooLittle(t *testing.T) {
	for name, ms := range map[string][]market.CalendarMonth{
		"no months":             nil,
		"no nights":             {{Month: "2026-01", Listings: 10}},
		"fewer than 5 listings": months("2026-01", []float64{.2, .4, .5}, []int{4, 4, 3}),
		"not a month":           {{Month: "January", Listings: 10, Nights: 100}},
	} {
		if s := AnalyzeSeasonality(SeasonalityInput{Market: ms, Snapshot: "2026-01-01"}); s != nil {
			t.Errorf("%s: %+v", name, s)
		}
	}
}
