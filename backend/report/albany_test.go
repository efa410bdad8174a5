package report

import (
	"compress/gzip"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/market/markettest"
)

// albanyDir is the Albany snapshot (skips with the reason when absent).
func albanyDir(tb testing.TB) string { return markettest.AlbanyDir(tb) }

// albanyListingID is "Funky Urban Gem: Prime Central Location - Parking!",
// an entire 2-bedroom rental unit in Albany's Sixth Ward with 300+ reviews.
const albanyListingID = "3820211"

// TestAlbanyRealData runs the engine on a real Albany listing against the
// real Inside Airbnb snapshot: the listing is found in the data (its
// snapshot price, calendar and reviews are used), comparables come from the
// market, and the report credits Inside Airbnb and never shows a reviewer's
// name.
func TestAlbanyRealData(t *testing.T) {
	markettest.WholeSnapshot(t)
	dir := albanyDir(t)
	ctx := context.Background()
	db, self, l := albanySetup(t, dir)

	r, err := Generate(ctx, Input{Listing: l, Plan: domain.PlanPremium, Market: db, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, r)

	ma := r.MarketAnalysisData
	if !ma.Available || !ma.ListingInData || ma.Comparables < analysis.MinComparables || ma.Market != "Albany, New York, United States" ||
		ma.Snapshot != "2025-10-05" || ma.Attribution != market.Attribution {
		t.Fatalf("market analysis = %+v", ma)
	}
	wantBasis := "Entire home/apt, 1–3 bedrooms, within 15 km"
	if ma.Basis != wantBasis {
		t.Errorf("basis %q, want %q", ma.Basis, wantBasis)
	}
	checkMarketAnalytics(t, ma, self)
	// The listing's months summed in Go (analysis.CalendarByMonth) agree
	// with the database's sums in SQL (market.DB.CalendarMonths).
	days, err := db.Calendar(ctx, albanyListingID)
	if err != nil {
		t.Fatal(err)
	}
	inGo := analysis.CalendarByMonth(days)
	inSQL, err := db.CalendarMonths(ctx, ma.Market, ma.Snapshot, []string{albanyListingID})
	if err != nil || !reflect.DeepEqual(inGo, inSQL) {
		t.Errorf("the listing's months:\n Go  %+v\n SQL %+v (%v)", inGo, inSQL, err)
	}

	p := r.PricingAnalysis
	if p.Status != analysis.PricingCompared || p.PriceSource != "Inside Airbnb snapshot of October 5, 2025" || *p.Price != self.Price || p.Currency != "USD" {
		t.Errorf("pricing %s from %q at %v %s", p.Status, p.PriceSource, p.Price, p.Currency)
	}
	g := r.BookingGapAnalysis
	// The window starts at the calendar's first day (the snapshot's scrape
	// date or the day after), not today.
	if g.Status != "calendar" || g.Source != "Inside Airbnb calendar snapshot of October 5, 2025" || !strings.HasPrefix(g.WindowStart, "2025-10-0") ||
		!g.WindowFromSnapshot || g.Nights != 90 {
		t.Errorf("gaps %s from %q at %s over %d nights", g.Status, g.Source, g.WindowStart, g.Nights)
	}
	if r.ReviewAnalysis.Analyzed == 0 || r.ReviewAnalysis.Analyzed > analysis.MaxReviews {
		t.Errorf("reviews analyzed: %d", r.ReviewAnalysis.Analyzed)
	}
	if r.Attribution != market.Attribution {
		t.Errorf("attribution %q", r.Attribution)
	}
	// The comparables list carries other listings' public titles, which
	// their hosts wrote and may use any word ("… near Washington Park"):
	// it is checked on its own, the rest of the report for the names.
	noList := *r
	if noList.MarketAnalysisData != nil {
		ma := *noList.MarketAnalysisData
		if len(ma.List) != min(ma.Comparables, MaxListed) {
			t.Errorf("comparables list: %d rows for %d comparables", len(ma.List), ma.Comparables)
		}
		ma.List = nil
		noList.MarketAnalysisData = &ma
	}
	out, _ := json.Marshal(noList)
	for _, name := range reviewerNames(t, dir, albanyListingID) {
		if strings.Contains(string(out), `"`+name+`"`) || strings.Contains(string(out), " "+name+" ") {
			t.Errorf("reviewer name %q appears in the report", name)
		}
	}
	t.Logf("scores %+v; price %v at the %.0fth percentile of %d (p25 %v, median %v, p75 %v); revenue %s; gaps %d orphan, %d under minimum; reviews: %s",
		r.CompetitiveScores.Rows(),
		*p.Price, *p.Percentile, p.Comparables, *p.P25, *p.P50, *p.P75, r.RevenueProjections.Range, g.OrphanGaps, g.BelowMinGaps, r.ReviewSummary)
	t.Logf("title suggestions %q", r.TitleSuggestions)
	t.Logf("suggested amenities:\n%s", r.SuggestedAmenities)
	t.Logf("top recommendations: %+v", r.TopRecommendations)
}

// checkMarketAnalytics holds the Premium market analytics on real data to
// sanity: the radius as a number, ordered quartiles, percentiles in range,
// 12 months of shares in [0, 1] with one busiest and one quietest month.
func checkMarketAnalytics(t *testing.T, ma *MarketAnalysis, self *market.Listing) {
	t.Helper()
	if ma.RadiusKm != market.DefaultRadiusKm {
		t.Errorf("radius %v km", ma.RadiusKm)
	}
	for name, d := range map[string]*analysis.Distribution{"occupancy": ma.EstimatedOccupancy, "revenue": ma.EstimatedRevenue} {
		if d == nil {
			t.Errorf("no %s distribution", name)
			continue
		}
		if d.Comparables < analysis.MinComparables || d.Comparables > ma.Comparables || !(0 < d.P25 && d.P25 <= d.P50 && d.P50 <= d.P75) {
			t.Errorf("%s over %d of %d: %v ≤ %v ≤ %v", name, d.Comparables, ma.Comparables, d.P25, d.P50, d.P75)
		}
		if d.Listing == nil || d.ListingPercentile == nil || *d.ListingPercentile < 0 || *d.ListingPercentile > 100 || d.Position == "" {
			t.Errorf("%s: the listing (in the data) is not placed: %+v", name, d)
		}
		t.Logf("%s over %d comparables: p25 %v, median %v, p75 %v; the listing %v at the %vth percentile (%s)",
			name, d.Comparables, d.P25, d.P50, d.P75, *d.Listing, *d.ListingPercentile, d.Position)
	}
	if d := ma.EstimatedOccupancy; d != nil && (*d.Listing != float64(self.EstimatedOccupancyNights) || d.P75 > 365) {
		t.Errorf("occupancy %+v for a listing with %d nights", d, self.EstimatedOccupancyNights)
	}
	s := ma.Seasonality
	if s == nil {
		t.Fatal("no seasonality")
	}
	if len(s.Months) != analysis.SeasonMonths || s.Start != "2025-10-05" || s.Months[0].Month != "2025-10" || s.Months[11].Month != "2026-09" ||
		s.HasPrices || s.NightsLeftOut == 0 || s.Comparables > ma.Comparables || s.Comparables < analysis.MinComparables {
		t.Errorf("seasonality %d months %s to %s, prices %v, left out %d, %d comparables", len(s.Months), s.Start, s.End, s.HasPrices, s.NightsLeftOut, s.Comparables)
	}
	busiest, quietest := 0, 0
	for _, m := range s.Months {
		if m.UnavailableShare < 0 || m.UnavailableShare > 1 || m.Nights == 0 || m.MedianPrice != nil {
			t.Errorf("month %+v", m)
		}
		if m.ListingUnavailableShare == nil || *m.ListingUnavailableShare < 0 || *m.ListingUnavailableShare > 1 {
			t.Errorf("month %s: the listing's share %v", m.Month, m.ListingUnavailableShare)
		}
		if m.Busiest {
			busiest++
		}
		if m.Quietest {
			quietest++
		}
	}
	if busiest != 1 || quietest != 1 || s.BusiestMonth == s.QuietestMonth {
		t.Errorf("%d busiest (%s), %d quietest (%s)", busiest, s.BusiestMonth, quietest, s.QuietestMonth)
	}
	t.Logf("seasonality: %s", s.Explanation)
}

// albanySetup imports the Albany snapshot into a fresh market database
// file (WAL and a connection pool, as in production; closed when tb ends) and returns it with the Albany listing's
// row and the listing as its page would read: the page's facts, without a
// price (pages often show none without dates), calendar or reviews.
func albanySetup(tb testing.TB, dir string) (*market.DB, *market.Listing, *listing.Listing) {
	tb.Helper()
	ctx := context.Background()
	db, err := market.Open(ctx, filepath.Join(tb.TempDir(), "market.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	stats, err := market.Import(ctx, db, dir)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Logf("imported %s: %d listings, %d calendar days, %d reviews in %s", stats.Market, stats.Listings, stats.CalendarDays, stats.Reviews, stats.Duration)

	self, err := db.Listing(ctx, albanyListingID)
	if err != nil {
		tb.Fatal(err)
	}
	l := &listing.Listing{
		Platform: listing.Airbnb, ID: albanyListingID, URL: "https://www.airbnb.com/rooms/" + albanyListingID,
		Title:        self.Name,
		Description:  "A funky two-bedroom apartment in the heart of Center Square, steps from Lark Street and a short walk to the Capitol. Free parking behind the building.",
		PropertyType: self.PropertyType, RoomType: self.RoomType, Capacity: self.Accommodates, Bedrooms: self.Bedrooms, Beds: self.Beds, Baths: self.Baths,
		Location:    listing.Location{City: "Albany", Region: "New York", Country: "United States", Lat: self.Lat, Lng: self.Lng},
		Ratings:     listing.Ratings{Overall: self.Rating, Cleanliness: self.Cleanliness, Communication: self.Communication, Scale: 5},
		ReviewCount: self.ReviewCount, Sources: map[string]string{},
	}
	for _, a := range self.Amenities {
		l.Amenities = append(l.Amenities, listing.Amenity{Name: a, Available: true})
	}
	for _, f := range []string{listing.FieldTitle, listing.FieldDescription, listing.FieldPropertyType, listing.FieldRoomType, listing.FieldBedrooms,
		listing.FieldLocation, listing.FieldCoordinates, listing.FieldAmenities, listing.FieldRating, listing.FieldReviewCount} {
		l.Set(f, listing.SourceEmbedded)
	}
	return db, self, l
}

// BenchmarkGenerateAlbany is the full Premium engine on the real Albany
// snapshot (SQLite market database file, imported once): the market
// queries (comparables, the listing's row, calendar, reviews and the
// calendar aggregates) and every analysis, with the built-in writer and no
// photo download.
func BenchmarkGenerateAlbany(b *testing.B) {
	dir := albanyDir(b)
	ctx := context.Background()
	db, _, l := albanySetup(b, dir)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Generate(ctx, Input{Listing: l, Plan: domain.PlanPremium, Market: db, Now: clock}); err != nil {
			b.Fatal(err)
		}
	}
}

// reviewerNames reads the reviewer names of one listing from the snapshot,
// only to prove the report never contains them. Names of two letters or
// fewer are skipped (they match ordinary words).
func reviewerNames(t *testing.T, dir, id string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "reviews.csv.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	cr := csv.NewReader(zr)
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if err != nil {
		t.Fatal(err)
	}
	idCol, nameCol := -1, -1
	for i, h := range head {
		switch h {
		case "listing_id":
			idCol = i
		case "reviewer_name":
			nameCol = i
		}
	}
	seen := map[string]bool{}
	var names []string
	for {
		rec, err := cr.Read()
		if err != nil {
			break
		}
		if rec[idCol] == id && len(rec[nameCol]) > 2 && !seen[rec[nameCol]] {
			seen[rec[nameCol]] = true
			names = append(names, rec[nameCol])
		}
	}
	if len(names) == 0 {
		t.Fatal("no reviewer names found for the listing")
	}
	return names
}
