package report

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// clock is the fixed "now" of every test report: Monday March 2, 2026.
var clock = func() time.Time { return time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC) }

func loadListing(tb testing.TB, name string) *listing.Listing {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "listings", name+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	var l listing.Listing
	if err := json.Unmarshal(b, &l); err != nil {
		tb.Fatal(err)
	}
	l.Finish() // as a parser leaves it: a warning for every field not read
	return &l
}

// fakeMarket is an in-memory Market with the semantics of *market.DB.
type fakeMarket struct {
	comps   *market.Comparables
	err     error // returned by Comparables
	self    *market.Listing
	cal     []market.CalendarDay
	reviews []market.Review
	queries []market.Query
	// calendars are the snapshot calendars by listing id, for
	// CalendarMonths.
	calendars map[string][]market.CalendarDay
}

func (f *fakeMarket) Comparables(_ context.Context, q market.Query) (*market.Comparables, error) {
	f.queries = append(f.queries, q)
	if f.err != nil {
		return nil, f.err
	}
	c := *f.comps
	return &c, nil
}

func (f *fakeMarket) Listing(_ context.Context, id string) (*market.Listing, error) {
	if f.self == nil || f.self.ID != id {
		return nil, fmt.Errorf("market: listing %s: %w", id, domain.ErrNotFound)
	}
	s := *f.self
	return &s, nil
}

func (f *fakeMarket) Calendar(_ context.Context, id string) ([]market.CalendarDay, error) {
	if f.self == nil || f.self.ID != id {
		return nil, domain.ErrNotFound
	}
	return f.cal, nil
}

func (f *fakeMarket) Reviews(_ context.Context, id string, limit int) ([]market.Review, error) {
	if f.self == nil || f.self.ID != id {
		return nil, domain.ErrNotFound
	}
	if limit > 0 && len(f.reviews) > limit {
		return f.reviews[:limit], nil
	}
	return f.reviews, nil
}

// CalendarMonths sums the calendars of ids by month as *market.DB does:
// each listing's months by analysis.CalendarByMonth, then summed over the
// listings, the price being the median of the listings' monthly averages.
// Listings without a calendar (or not in the fake) are ignored.
func (f *fakeMarket) CalendarMonths(_ context.Context, name, snapshot string, ids []string) ([]market.CalendarMonth, error) {
	if f.comps == nil || name != f.comps.Market || snapshot != f.comps.Snapshot {
		return nil, market.ErrNoMarket
	}
	sums := map[string]*market.CalendarMonth{}
	prices := map[string][]float64{}
	for _, id := range ids {
		for _, m := range analysis.CalendarByMonth(f.calendars[id]) {
			s := sums[m.Month]
			if s == nil {
				s = &market.CalendarMonth{Month: m.Month, First: m.First, Last: m.Last}
				sums[m.Month] = s
			}
			s.First, s.Last = min(s.First, m.First), max(s.Last, m.Last)
			s.Listings++
			s.Nights += m.Nights
			s.Unavailable += m.Unavailable
			s.Priced += m.Priced
			if m.Priced > 0 {
				prices[m.Month] = append(prices[m.Month], m.MedianPrice)
			}
		}
	}
	out := []market.CalendarMonth{}
	for month, s := range sums {
		if p := prices[month]; len(p) > 0 {
			s.MedianPrice, _ = analysis.Quantile(p, 0.5)
			s.PricedListings = len(p)
		}
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Month < out[j].Month })
	return out, nil
}

// seasonalCalendar is a comparable's snapshot calendar: 365 nights from
// the snapshot date, the share of nights not available following the
// month (busiest in July, quietest in January), spread by the listing's
// index; every other listing lists a price (its base price, 20% more in
// June to August).
func seasonalCalendar(i int, base float64, priced bool) []market.CalendarDay {
	booked := map[time.Month]int{time.January: 20, time.February: 25, time.March: 30, time.April: 35, time.May: 45, time.June: 60,
		time.July: 70, time.August: 65, time.September: 50, time.October: 55, time.November: 35, time.December: 40}
	start := time.Date(2025, 10, 5, 0, 0, 0, 0, time.UTC)
	var cal []market.CalendarDay
	for d := 0; d < 365; d++ {
		day := start.AddDate(0, 0, d)
		c := market.CalendarDay{Date: day.Format("2006-01-02"), Available: (d*37+i*11)%100 >= booked[day.Month()], MinNights: 2}
		if priced {
			p := base
			if day.Month() >= time.June && day.Month() <= time.August {
				p = base * 1.2
			}
			c.Price = &listing.Price{Amount: p, Period: "night"}
		}
		cal = append(cal, c)
	}
	return cal
}

// albanyMarket is a synthetic Albany market around albany-house: 24
// comparable entire homes (3–5 bedrooms) at 110–294 a night, with the
// amenities, ratings and revenue estimates the analysis reads; the six
// highest earners offer self check-in, a hot tub and an EV charger. The
// house itself is in the data with its snapshot calendar and reviews.
func albanyMarket() *fakeMarket {
	base := []string{"Wifi", "Kitchen", "Smoke alarm", "Carbon monoxide alarm", "Heating", "Essentials", "Hair dryer",
		"Free parking on premises", "Washer", "Dryer"}
	var comps []market.Listing
	for i := 0; i < 24; i++ {
		c := market.Listing{
			ID: fmt.Sprint(900000 + i), Name: fmt.Sprintf("Comparable %d", i), Neighborhood: "SIXTEENTH WARD",
			Lat: 42.66 + float64(i%5)*0.004, Lng: -73.79 - float64(i%7)*0.003,
			PropertyType: "Entire home", RoomType: "Entire home/apt", Accommodates: 6 + i%4, Bedrooms: 3 + i%3, Beds: 4 + i%3, Baths: 2,
			Price:  float64(110 + (i*37)%185),
			Rating: 4.5 + float64(i%6)*0.1, Cleanliness: 4.6 + float64(i%5)*0.08, Communication: 4.8 + float64(i%3)*0.08,
			CheckIn: 4.85, Accuracy: 4.8, Location: 4.75, Value: 4.7,
			ReviewCount: 10 + i*7, Superhost: i%3 == 0, InstantBookable: i%2 == 0,
			EstimatedOccupancyNights: 60 + i*6, EstimatedRevenue: float64((60 + i*6) * (110 + (i*37)%185)),
			MinimumNights: 2, DistanceKm: 0.5 + float64(i)*0.3,
		}
		c.Amenities = append([]string{}, base[:6+i%5]...)
		if i%2 == 0 {
			c.Amenities = append(c.Amenities, "Dedicated workspace")
		}
		if c.EstimatedRevenue >= 30000 {
			c.Amenities = append(c.Amenities, "Self check-in", "Hot tub", "EV charger")
		}
		comps = append(comps, c)
	}
	self := &market.Listing{ID: "555000111", Name: "Charming Pine Hills home near SUNY, free parking", Lat: 42.6598, Lng: -73.7927,
		PropertyType: "Entire home", RoomType: "Entire home/apt", Accommodates: 8, Bedrooms: 4, Beds: 5, Baths: 2, Price: 159,
		Rating: 4.82, ReviewCount: 96, Superhost: true, EstimatedOccupancyNights: 148, EstimatedRevenue: 23532, MinimumNights: 2}
	// The snapshot calendar: Friday and Saturday nights booked, a 2-night
	// orphan gap most weeks, a 1-night gap under the 2-night minimum.
	start := time.Date(2025, 10, 5, 0, 0, 0, 0, time.UTC)
	var cal []market.CalendarDay
	for i := 0; i < 365; i++ {
		d := start.AddDate(0, 0, i)
		wd := d.Weekday()
		booked := wd == time.Friday || wd == time.Saturday || (i/7)%3 == 0 && (wd == time.Monday || wd == time.Tuesday) ||
			(i/7)%4 == 1 && wd == time.Wednesday
		cal = append(cal, market.CalendarDay{Date: d.Format("2006-01-02"), Available: !booked, MinNights: 2})
	}
	reviews := []market.Review{
		{Date: "2025-09-28", Text: "Great house for our family reunion, the kids loved the backyard. Very clean and spacious.", Language: "en"},
		{Date: "2025-09-14", Text: "Dana was very responsive and the check-in with the keypad was easy. Great location near SUNY.", Language: "en"},
		{Date: "2025-08-30", Text: "Comfortable beds and a well stocked kitchen. Would stay again!", Language: "en"},
		{Date: "2025-08-16", Text: "The house was clean but the wifi was slow in the upstairs bedrooms.", Language: "en"},
		{Date: "2025-08-02", Text: "Perfect for our group of friends visiting for a wedding. Free parking was a plus.", Language: "en"},
		{Date: "2025-07-19", Text: "Nice home, quiet street. The AC in one bedroom was not working.", Language: "en"},
		{Date: "2025-07-05", Text: "La casa es muy bonita y limpia.", Language: "es"},
		{Date: "2025-06-21", Text: "I was in town for a conference and worked from the desk in the study. Wifi was fine, great value.", Language: "en"},
		{Date: "2025-06-07", Text: "Beautiful home, spotless, and the host was very helpful.", Language: "en"},
		{Date: "2025-05-24", Text: "Wifi kept dropping and the bathroom was not very clean.", Language: "en"},
	}
	calendars := map[string][]market.CalendarDay{self.ID: cal}
	for i, c := range comps {
		if i != 23 { // one comparable has no calendar
			calendars[c.ID] = seasonalCalendar(i, c.Price, i%2 == 0)
		}
	}
	return &fakeMarket{
		comps: &market.Comparables{Market: "Albany, New York, United States", Snapshot: "2025-10-05", RadiusKm: 15, Listings: comps,
			RoomType: "Entire home/apt", MinBedrooms: 3, MaxBedrooms: 5},
		self: self, cal: cal, reviews: reviews, calendars: calendars,
	}
}
