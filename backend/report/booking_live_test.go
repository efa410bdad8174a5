package report

import (
	"context"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/livemarket"
	"github.com/listinglift/listinglift/backend/market"
)

// livePage is a live market that answers with one saved search page.
type livePage []byte

func (p livePage) Comparables(context.Context, market.Query) (*market.Comparables, error) {
	s, err := livemarket.ParseBookingSearch(p)
	if err != nil {
		return nil, err
	}
	return s.Comparables(clock()), nil
}

// TestLiveMarketChallengeIsUnavailable: Booking.com answering the search
// with its real bot-challenge stub is said in the report as "Live market
// unavailable" with the reason; the report is still made, with no market
// figures (not zero comparables, not a failed order).
func TestLiveMarketChallengeIsUnavailable(t *testing.T) {
	stub := livePage(listingtest.RealPage(t, "not-listings/booking-2026-listingproof-search-challenge-202.html"))
	r, err := Generate(context.Background(), Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanPremium,
		Market: &fakeMarket{err: market.ErrNoMarket}, Live: stub, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	m := r.MarketAnalysisData
	if m.Available || m.Comparables != 0 || !strings.HasPrefix(m.Note, "Live market unavailable: ") || !strings.Contains(m.Note, "bot challenge") {
		t.Errorf("available %v with %d comparables, note %q", m.Available, m.Comparables, m.Note)
	}
}

// TestLiveMarketBookingCurrency: the real Nice search page's comparables
// reach the report in the currency Booking.com states for the properties
// (EUR), never as dollars.
func TestLiveMarketBookingCurrency(t *testing.T) {
	nice := livePage(listingtest.RealPage(t, "booking-search/booking-2026-listingproof-searchresults-fr-nice-latlong-dated.worker.html"))
	r, err := Generate(context.Background(), Input{Listing: loadListing(t, "lisbon-loft"), Plan: domain.PlanPremium,
		Market: &fakeMarket{err: market.ErrNoMarket}, Live: nice, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	m := r.MarketAnalysisData
	if !m.Available || m.Comparables != 25 || m.Currency != "EUR" {
		t.Fatalf("available %v with %d comparables in %q, note %q", m.Available, m.Comparables, m.Currency, m.Note)
	}
	// Said as what it is: Booking.com's search, every card on the page,
	// the stay the prices are for, in euros.
	for _, want := range []string{"25 comparable listings (every property on the search page, within 0.4 km) found in Booking.com's own search",
		"a 2-night stay from September 17, 2026", "median €"} {
		if !strings.Contains(m.Explanation, want) {
			t.Errorf("explanation %q lacks %q", m.Explanation, want)
		}
	}
	if strings.Contains(m.Explanation, "Airbnb") || strings.Contains(m.Explanation, "$") || !strings.Contains(m.Summary(), "in Booking.com's search on") {
		t.Errorf("explanation %q / summary %q", m.Explanation, m.Summary())
	}
}
