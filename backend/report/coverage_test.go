package report

import (
	"context"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing/airbnb/airbnbtest"
	"github.com/listinglift/listinglift/backend/market"
)

// What the host is told before paying matches what the report will have.
func TestCoverageOf(t *testing.T) {
	l := loadListing(t, "albany-house")
	c, err := CoverageOf(context.Background(), Input{Listing: l, Market: albanyMarket()})
	if err != nil {
		t.Fatal(err)
	}
	r := generate(t, "albany-house", "premium", albanyMarket())
	if c.Market != CoverageInsideAirbnb || c.MarketName != r.MarketAnalysisData.Market || c.Comparables != r.MarketAnalysisData.Comparables || c.Note != "" {
		t.Errorf("coverage %+v; the report compares with %d in %q", c, r.MarketAnalysisData.Comparables, r.MarketAnalysisData.Market)
	}
	if c.Photos != len(l.Photos) || !c.Reviews {
		t.Errorf("photos %d reviews %v", c.Photos, c.Reviews)
	}
	none, err := CoverageOf(context.Background(), Input{Listing: l})
	if err != nil || none.Market != CoverageNone || none.Note != MsgNoMarket || none.Comparables != 0 {
		t.Errorf("no market data: %+v, %v", none, err)
	}
}

// Outside every snapshot, the host is told the report will use live
// comparables, and how many the search finds; the report then finds the
// same ones without searching again.
func TestCoverageLive(t *testing.T) {
	fake := &airbnbtest.Server{}
	live := liveSite(t, fake)
	l := loadListing(t, "lisbon-loft")
	c, err := CoverageOf(context.Background(), Input{Listing: l, Market: &fakeMarket{err: market.ErrNoMarket}, Live: live})
	if err != nil {
		t.Fatal(err)
	}
	if c.Market != CoverageLive || c.Comparables < 15 || c.Snapshot != "2026-03-02" || !c.Calendar || c.Note != "" {
		t.Fatalf("coverage %+v", c)
	}
	searches := fake.Calls.Load()
	r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium, Live: live, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	if r.MarketAnalysisData.Comparables != c.Comparables {
		t.Errorf("told %d comparables, the report has %d", c.Comparables, r.MarketAnalysisData.Comparables)
	}
	// Only the calendars were read for the report: the search was kept.
	if calls := fake.Calls.Load() - searches; calls != int64(min(c.Comparables, 20)) {
		t.Errorf("the report made %d calls after the coverage look-up; want only the %d calendars", calls, min(c.Comparables, 20))
	}
}
