package report

import (
	"compress/gzip"
	"context"
	"encoding/csv"
	"encoding/json"
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
	dir := albanyDir(t)
	ctx := context.Background()
	db, err := market.Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	stats, err := market.Import(ctx, db, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("imported %s: %d listings, %d calendar days, %d reviews in %s", stats.Market, stats.Listings, stats.CalendarDays, stats.Reviews, stats.Duration)

	self, err := db.Listing(ctx, albanyListingID)
	if err != nil {
		t.Fatal(err)
	}
	// The listing as its page would read: the page's facts, without a
	// price (pages often show none without dates), calendar or reviews.
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
	p := r.PricingAnalysis
	if p.Status != analysis.PricingCompared || p.PriceSource != "Inside Airbnb snapshot 2025-10-05" || *p.Price != self.Price || p.Currency != "USD" {
		t.Errorf("pricing %s from %q at %v %s", p.Status, p.PriceSource, p.Price, p.Currency)
	}
	g := r.BookingGapAnalysis
	// The window starts at the calendar's first day (the snapshot's scrape
	// date or the day after), not today.
	if g.Status != "calendar" || g.Source != "Inside Airbnb calendar snapshot 2025-10-05" || !strings.HasPrefix(g.WindowStart, "2025-10-0") ||
		!g.WindowFromSnapshot || g.Nights != 90 {
		t.Errorf("gaps %s from %q at %s over %d nights", g.Status, g.Source, g.WindowStart, g.Nights)
	}
	if r.ReviewAnalysis.Analyzed == 0 || r.ReviewAnalysis.Analyzed > analysis.MaxReviews {
		t.Errorf("reviews analyzed: %d", r.ReviewAnalysis.Analyzed)
	}
	if r.Attribution != market.Attribution {
		t.Errorf("attribution %q", r.Attribution)
	}
	out, _ := json.Marshal(r)
	for _, name := range reviewerNames(t, dir, albanyListingID) {
		if strings.Contains(string(out), `"`+name+`"`) || strings.Contains(string(out), " "+name+" ") {
			t.Errorf("reviewer name %q appears in the report", name)
		}
	}
	t.Logf("scores %+v; price %v at the %.0fth percentile of %d (p25 %v, median %v, p75 %v); revenue %s; gaps %d orphan, %d under minimum; reviews: %s",
		map[string]int{"market": r.CompetitiveScores.MarketPositioning, "amenity": r.CompetitiveScores.AmenityScore,
			"visual": r.CompetitiveScores.VisualScore, "experience": r.CompetitiveScores.ExperienceScore},
		*p.Price, *p.Percentile, p.Comparables, *p.P25, *p.P50, *p.P75, r.RevenueProjections.Range, g.OrphanGaps, g.BelowMinGaps, r.ReviewSummary)
	t.Logf("title suggestions %q", r.TitleSuggestions)
	t.Logf("suggested amenities:\n%s", r.SuggestedAmenities)
	t.Logf("top recommendations: %+v", r.TopRecommendations)
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
