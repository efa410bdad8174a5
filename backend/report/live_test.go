package report

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing/airbnb"
	"github.com/listinglift/listinglift/backend/listing/airbnb/airbnbtest"
	"github.com/listinglift/listinglift/backend/livemarket"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/safehttptest"
)

// liveSite starts the fake Airbnb search and returns the live market
// reading it through the safe client.
func liveSite(t *testing.T, fake *airbnbtest.Server) *livemarket.Source {
	t.Helper()
	mux := http.NewServeMux()
	fake.Routes(mux, nil)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	api := airbnb.NewAPI(safehttptest.Allowing(t, safehttp.Options{}, srv), airbnb.APIOptions{BaseURL: srv.URL})
	return livemarket.New(api, livemarket.Options{Now: clock})
}

// TestLiveMarketOutsideEveryImportedMarket: a Lisbon listing, which no
// snapshot covers, is compared with today's nearby listings from the
// search.
func TestLiveMarketOutsideEveryImportedMarket(t *testing.T) {
	snapshots := &fakeMarket{err: market.ErrNoMarket}
	r, err := Generate(context.Background(), Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanPremium,
		Market: snapshots, Live: liveSite(t, &airbnbtest.Server{}), Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	m := r.MarketAnalysisData
	if !m.Available || m.Source != market.SourceLive || m.Comparables < livemarket.DefaultMinComparables {
		t.Fatalf("market analysis: available %v source %q with %d comparables (note %q)", m.Available, m.Source, m.Comparables, m.Note)
	}
	if m.Snapshot != "2026-03-02" || m.StayCheckin != "2026-03-16" || m.Currency != "USD" || r.Attribution != "" {
		t.Errorf("searched %s, stay from %s, currency %s, attribution %q", m.Snapshot, m.StayCheckin, m.Currency, r.Attribution)
	}
	if !(m.PriceP25 > 0 && m.PriceP25 <= m.PriceP50 && m.PriceP50 <= m.PriceP75) || m.PricePercentile == nil {
		t.Errorf("price band %v/%v/%v, position %v", m.PriceP25, m.PriceP50, m.PriceP75, m.PricePercentile)
	}
	p := r.PricingAnalysis
	if p.Status != analysis.PricingCompared || !strings.Contains(p.Explanation, "Airbnb's search on March 2, 2026") {
		t.Errorf("pricing %s: %s", p.Status, p.Explanation)
	}
	// Occupancy from the nearest comparables' calendars, months ahead.
	s := m.Seasonality
	if s == nil || len(s.Months) != livemarket.DefaultCalendarMonths || s.Months[0].First != "2026-03-02" || !strings.HasPrefix(s.Source, "Airbnb calendars") {
		t.Fatalf("seasonality from live calendars: %+v", s)
	}
	if !strings.Contains(s.Explanation, "not an occupancy rate") || strings.Contains(s.Explanation, "Inside Airbnb") {
		t.Errorf("seasonality explanation: %s", s.Explanation)
	}
	if len(m.List) != m.Comparables || m.List[0].URL == "" || m.List[0].Title == "" || m.List[0].DistanceKm > m.List[len(m.List)-1].DistanceKm {
		t.Errorf("comparables list: %+v", m.List[:min(2, len(m.List))])
	}
	if m.Ratings == nil || m.ReviewCounts == nil || m.ReviewCounts.Listing == nil || m.GuestFavoriteShare == nil {
		t.Errorf("ratings %+v reviews %+v favorites %v", m.Ratings, m.ReviewCounts, m.GuestFavoriteShare)
	}
	for _, want := range []string{"found in Airbnb's own search around this listing on March 2, 2026", "Search results do not list amenities"} {
		if !strings.Contains(m.Explanation, want) {
			t.Errorf("explanation %q lacks %q", m.Explanation, want)
		}
	}
	if strings.Contains(m.Explanation, "Inside Airbnb") || m.EstimatedRevenue != nil || m.MedianAmenities != 0 {
		t.Errorf("a live report claims snapshot figures: %q, revenue %+v, amenities %v", m.Explanation, m.EstimatedRevenue, m.MedianAmenities)
	}
	var live bool
	for _, ds := range r.DataSources {
		live = live || ds.Name == "Live comparables" && strings.Contains(ds.Detail, "availability calendars of the nearest")
	}
	if !live {
		t.Errorf("data sources do not name the live search: %+v", r.DataSources)
	}
	for _, w := range r.Warnings {
		if strings.Contains(w, "no market data") {
			t.Errorf("warning %q with live comparables", w)
		}
	}
}

// TestLiveMarketHalfTheCallsFail: the report still compares, and says what
// could not be read.
func TestLiveMarketHalfTheCallsFail(t *testing.T) {
	r, err := Generate(context.Background(), Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanPremium,
		Live: liveSite(t, &airbnbtest.Server{FailEvery: 2}), Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	m := r.MarketAnalysisData
	if !m.Available || len(m.Missing) == 0 {
		t.Fatalf("available %v, missing %v, note %q", m.Available, m.Missing, m.Note)
	}
	if !strings.Contains(m.Explanation, "Not everything could be read: ") || !strings.Contains(m.Explanation, "calendars could not be read") {
		t.Errorf("explanation does not say what is missing: %s", m.Explanation)
	}
}

// TestLiveMarketUnreachable: no snapshot and no search: the report says
// so, and is still made.
func TestLiveMarketUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "blocked", http.StatusForbidden)
	}))
	defer srv.Close()
	api := airbnb.NewAPI(safehttptest.Allowing(t, safehttp.Options{}, srv), airbnb.APIOptions{BaseURL: srv.URL})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := Generate(ctx, Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanPremium,
		Live: livemarket.New(api, livemarket.Options{Now: clock}), Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	if m := r.MarketAnalysisData; m.Available || m.Note != MsgLiveFailed {
		t.Errorf("available %v, note %q", m.Available, m.Note)
	}
}

// atMarket is a fakeMarket holding many markets: it finds the listing only
// through ListingAt, by its position (a market not yet opened has no rows
// for Listing to find).
type atMarket struct {
	*fakeMarket
	asked []string
}

func (m *atMarket) Listing(context.Context, string) (*market.Listing, error) {
	return nil, market.ErrNoMarket
}

func (m *atMarket) ListingAt(ctx context.Context, id string, lat, lng float64) (*market.Listing, error) {
	m.asked = append(m.asked, id)
	return m.fakeMarket.Listing(ctx, id)
}

// TestListingFoundInAMarketOnFirstUse: with many markets the listing is
// looked up where it is, so its own snapshot row is used.
func TestListingFoundInAMarketOnFirstUse(t *testing.T) {
	m := &atMarket{fakeMarket: albanyMarket()}
	r, err := Generate(context.Background(), Input{Listing: loadListing(t, "albany-house"), Plan: domain.PlanPremium, Market: m, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.asked) != 1 || !r.MarketAnalysisData.ListingInData {
		t.Errorf("ListingAt asked for %v; listing in data: %v", m.asked, r.MarketAnalysisData.ListingInData)
	}
}

// TestSnapshotWithTodaysPrices: a listing a snapshot covers keeps the
// snapshot's comparables (history, estimates) and gets today's price band
// from the search beside them.
func TestSnapshotWithTodaysPrices(t *testing.T) {
	l := loadListing(t, "lisbon-loft") // where the fake search has listings
	m := albanyMarket()                // a snapshot that answers for any point
	r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium, Market: m, Live: liveSite(t, &airbnbtest.Server{}), Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	ma := r.MarketAnalysisData
	if ma.Source != market.SourceInsideAirbnb || r.Attribution != market.Attribution {
		t.Fatalf("source %q, attribution %q: the snapshot comes first", ma.Source, r.Attribution)
	}
	tp := ma.TodayPrices
	if tp == nil || tp.SearchedOn != "2026-03-02" || tp.Comparables < 5 || !(tp.P25 <= tp.P50 && tp.P50 <= tp.P75) || !strings.HasPrefix(tp.Explanation, "Today's prices: ") {
		t.Fatalf("today's prices %+v", tp)
	}
	// Without the live search, or for live comparables, there is no second band.
	if r := generate(t, "albany-house", domain.PlanPremium, albanyMarket()); r.MarketAnalysisData.TodayPrices != nil {
		t.Error("today's prices without a live search")
	}
}
