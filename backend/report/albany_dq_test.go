package report

import (
	"context"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/market/markettest"
)

// TestAlbanyDataQualityKeepsSupportedAdvice: Albany's 2025 calendar lists
// no prices (so it is not a flat-priced snapshot: nothing is said about
// flat prices) and its listing prices vary, so the price comparison and the
// advice read from which nights are open stay; its months all cover at
// least 14 nights, so the busiest and quietest months are still named.
func TestAlbanyDataQualityKeepsSupportedAdvice(t *testing.T) {
	markettest.WholeSnapshot(t)
	dir := albanyDir(t)
	db, _, l := albanySetup(t, dir)
	prices, err := db.CalendarPrices(context.Background(), "Albany, New York, United States", "2025-10-05")
	if err != nil || prices.Flat() {
		t.Fatalf("Albany calendar prices %+v (%v)", prices, err)
	}
	r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium, Market: db, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	p := r.PricingAnalysis
	if p.CalendarPricesFlat || p.Findings.Has("pricing.calendar_flat") || strings.Contains(p.Explanation, "flat price") {
		t.Errorf("Albany said to have flat calendars: %+v", p)
	}
	if p.Status != analysis.PricingCompared || p.Position == "" {
		t.Errorf("Albany's price comparison lost: %s %q", p.Status, p.Position)
	}
	weekend := false
	for _, a := range p.Advice {
		weekend = weekend || strings.Contains(a, "weekend")
	}
	if !weekend {
		t.Errorf("Albany's weekend advice from its calendar's open nights is gone: %q", p.Advice)
	}
	s := r.MarketAnalysisData.Seasonality
	if s == nil || s.BusiestMonth == "" || s.QuietestMonth == "" {
		t.Fatalf("Albany's busiest and quietest months are gone: %+v", s)
	}
	for _, m := range s.Months {
		if (m.Busiest || m.Quietest) && analysis.MonthNightsObserved(m.First, m.Last) < analysis.MinMonthNights {
			t.Errorf("month %s ranked on %s–%s", m.Month, m.First, m.Last)
		}
	}
}
