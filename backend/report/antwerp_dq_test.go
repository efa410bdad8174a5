package report

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/market/markettest"
)

// antwerpName is Inside Airbnb's Antwerp snapshot: every listing's
// calendar carries one flat price all year, and its calendar window holds
// only June 29 and 30 of June 2024.
const antwerpName = "insideairbnb-antwerp-2024-06-29"

// antwerpDir is the Antwerp snapshot beside Albany's in the shared data
// (skips when absent).
func antwerpDir(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(filepath.Dir(markettest.AlbanyDir(tb)), antwerpName)
	if _, err := os.Stat(filepath.Join(dir, "calendar.csv.gz")); err != nil {
		tb.Skipf("Antwerp market data not found: %v", err)
	}
	return dir
}

// antwerpListingID is "Apartment Roscam", an entire 1-bedroom home with
// 500+ reviews, listed at 116 a night.
const antwerpListingID = "224682"

// TestAntwerpFlatCalendarsGiveNoPricingAdvice: a listing in the Antwerp
// snapshot, whose calendars all show one flat price, gets no weekend
// pricing action and no revenue gain from it, the flat calendar is said as
// a limit of the data, and June 2024 (2 nights in the calendar) is not
// called the busiest month.
func TestAntwerpFlatCalendarsGiveNoPricingAdvice(t *testing.T) {
	markettest.WholeSnapshot(t)
	dir := antwerpDir(t)
	ctx := context.Background()
	db, err := market.Open(ctx, filepath.Join(t.TempDir(), "market.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := market.Import(ctx, db, dir); err != nil {
		t.Fatal(err)
	}
	self, err := db.Listing(ctx, antwerpListingID)
	if err != nil {
		t.Fatal(err)
	}
	l := &listing.Listing{
		Platform: listing.Airbnb, ID: antwerpListingID, URL: "https://www.airbnb.com/rooms/" + antwerpListingID,
		Title: self.Name, PropertyType: self.PropertyType, RoomType: self.RoomType, Capacity: self.Accommodates,
		Bedrooms: self.Bedrooms, Beds: self.Beds, Baths: self.Baths,
		Location:    listing.Location{City: "Antwerpen", Country: "Belgium", Lat: self.Lat, Lng: self.Lng},
		Ratings:     listing.Ratings{Overall: self.Rating, Scale: 5},
		ReviewCount: self.ReviewCount, Sources: map[string]string{},
	}
	for _, f := range []string{listing.FieldTitle, listing.FieldPropertyType, listing.FieldRoomType, listing.FieldBedrooms,
		listing.FieldLocation, listing.FieldCoordinates, listing.FieldRating, listing.FieldReviewCount} {
		l.Set(f, listing.SourceEmbedded)
	}
	r, err := Generate(ctx, Input{Listing: l, Plan: domain.PlanPremium, Market: db, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	p := r.PricingAnalysis
	t.Logf("pricing: %s\nadvice: %q\nrevenue: %s", p.Explanation, p.Advice, r.RevenueProjections.Explanation)
	if !strings.Contains(p.Explanation, "Inside Airbnb calendar snapshot") && len(p.Advice) == 0 {
		t.Fatalf("the listing's snapshot calendar was not read: %+v", p)
	}
	if p.Findings.Has("pricing.flat_weekends") || p.WeekendPremium != nil {
		t.Errorf("flat snapshot calendars read as the host's weekend pricing: premium %v, findings %+v", p.WeekendPremium, p.Findings)
	}
	// Advice from the calendar's availability may stay; none may read its
	// flat prices.
	for _, a := range p.Advice {
		if strings.Contains(a, "more than weekdays") || strings.Contains(a, "premium over weekdays") {
			t.Errorf("weekend price advice from flat calendars: %q", a)
		}
	}
	if !p.CalendarPricesFlat || !p.Findings.Has("pricing.calendar_flat") {
		t.Errorf("the flat calendars are not said as a limit of the data: flat %v, findings %+v", p.CalendarPricesFlat, p.Findings)
	}
	if !strings.Contains(p.Explanation, "one flat price") {
		t.Errorf("the pricing explanation does not say the calendars are flat: %q", p.Explanation)
	}
	for _, c := range r.RevenueProjections.Components {
		if c.Area == "pricing" && !p.Findings.Has("pricing.below_market") {
			t.Errorf("revenue gain from flat calendars: %+v", c)
		}
		if strings.Contains(strings.ToLower(c.Basis), "weekend") {
			t.Errorf("revenue component rests on weekend prices: %+v", c)
		}
	}
	for _, a := range r.Actions {
		if strings.Contains(strings.ToLower(a.Finding+" "+a.Action), "weekend") {
			t.Errorf("weekend action from flat calendars: %+v", a)
		}
	}
	ma := r.MarketAnalysisData
	if ma == nil || ma.Seasonality == nil {
		t.Fatalf("no seasonality: %+v", ma)
	}
	s := ma.Seasonality
	t.Logf("seasonality: %s", s.Explanation)
	if s.BusiestMonth == "2024-06" || s.QuietestMonth == "2024-06" {
		t.Errorf("June 2024 (2 nights in the calendar) ranked: busiest %s, quietest %s", s.BusiestMonth, s.QuietestMonth)
	}
	for _, m := range s.Months {
		if (m.Busiest || m.Quietest) && analysis.MonthNightsObserved(m.First, m.Last) < analysis.MinMonthNights {
			t.Errorf("month %s ranked on %s–%s", m.Month, m.First, m.Last)
		}
	}
	if !strings.Contains(s.Explanation, "June 2024") || !strings.Contains(s.Explanation, "too few nights") {
		t.Errorf("the seasonality does not say June 2024 is left out: %q", s.Explanation)
	}
	for _, m := range s.Months {
		if m.MedianPrice != nil {
			t.Errorf("monthly price from flat calendars: %s %v", m.Month, *m.MedianPrice)
		}
	}
	for _, text := range append(r.PerformanceInsights.RevenueInsights, s.Explanation) {
		if strings.Contains(text, "June 2024 has the most") {
			t.Errorf("busiest month from 2 nights: %q", text)
		}
	}
}
