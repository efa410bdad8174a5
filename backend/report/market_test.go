package report

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/market"
)

// plainMarket is a Market without CalendarMonths.
type plainMarket struct{ Market }

// countingMarket counts CalendarMonths calls and can fail them.
type countingMarket struct {
	*fakeMarket
	calls int
	err   error
}

func (c *countingMarket) CalendarMonths(ctx context.Context, name, snapshot string, ids []string) ([]market.CalendarMonth, error) {
	c.calls++
	if c.err != nil {
		return nil, c.err
	}
	return c.fakeMarket.CalendarMonths(ctx, name, snapshot, ids)
}

func TestMarketAnalyticsFromTheData(t *testing.T) {
	r := generate(t, "albany-house", domain.PlanPremium, albanyMarket())
	m := r.MarketAnalysisData
	if m.RadiusKm != 15 || !strings.Contains(r.Explanations["market_analysis_data.radius_km"], "within 15 km") {
		t.Errorf("radius %v: %q", m.RadiusKm, r.Explanations["market_analysis_data.radius_km"])
	}
	// Occupancy 60, 66, …, 198 nights: p25 = 60 + 5.75·6 = 94.5; the house's
	// 148 has 15 below it of 24: 62.5.
	o := m.EstimatedOccupancy
	if o == nil || o.Comparables != 24 || o.P25 != 94.5 || o.P50 != 129 || o.P75 != 163.5 || *o.Listing != 148 || *o.ListingPercentile != 62.5 || o.Position != "within" {
		t.Fatalf("occupancy %+v", o)
	}
	if o.P50 != m.MedianOccupancyNights || m.EstimatedRevenue.P50 != m.MedianRevenue {
		t.Errorf("medians %v %v differ from the existing fields %v %v", o.P50, m.EstimatedRevenue.P50, m.MedianOccupancyNights, m.MedianRevenue)
	}
	if r.Explanations["market_analysis_data.estimated_revenue"] != m.EstimatedRevenue.Explanation ||
		!strings.Contains(m.EstimatedRevenue.Explanation, "This listing's estimate, $23,532, is at the 54th percentile") {
		t.Errorf("revenue explanation %q", m.EstimatedRevenue.Explanation)
	}
	s := m.Seasonality
	if s == nil || len(s.Months) != 12 || s.Comparables != 23 || s.BusiestMonth != "2026-07" || s.QuietestMonth != "2026-01" || !s.HasPrices ||
		s.ListingUnavailableShare == nil || s.Months[0].ListingUnavailableShare == nil {
		t.Fatalf("seasonality %+v", s)
	}
	// Half the comparables price their nights, 20% more in the summer.
	if *s.Months[0].MedianPrice != 184 || *s.Months[9].MedianPrice != 220.8 || s.Months[9].PricedListings != 12 {
		t.Errorf("prices %v %v", *s.Months[0].MedianPrice, *s.Months[9].MedianPrice)
	}
	insights := strings.Join(r.PerformanceInsights.RevenueInsights, "\n")
	for _, want := range []string{"estimated revenue is at the 54th percentile of comparables, whose middle half earn $15,903–$29,980",
		"July 2026 has the most nights not available (70%, booked or blocked) and January 2026 the fewest (19%)"} {
		if !strings.Contains(insights, want) {
			t.Errorf("revenue insights lack %q:\n%s", want, insights)
		}
	}
}

// A listing that is not in Inside Airbnb's data is not placed among the
// comparables, and the report says so.
func TestMarketAnalyticsListingNotInData(t *testing.T) {
	m := albanyMarket()
	m.self = nil
	r := generate(t, "albany-house", domain.PlanPremium, m)
	ma := r.MarketAnalysisData
	if ma.ListingInData || ma.EstimatedOccupancy == nil || ma.EstimatedOccupancy.Listing != nil || ma.EstimatedOccupancy.ListingPercentile != nil ||
		ma.EstimatedRevenue.ListingPercentile != nil {
		t.Fatalf("market analysis %+v", ma)
	}
	for _, text := range []string{ma.EstimatedOccupancy.Explanation, ma.EstimatedRevenue.Explanation, ma.Seasonality.Explanation} {
		if !strings.Contains(text, "not in Inside Airbnb's data") {
			t.Errorf("explanation does not say the listing is not in the data: %q", text)
		}
	}
	if ma.Seasonality.ListingUnavailableShare != nil || ma.Seasonality.Months[0].ListingUnavailableShare != nil {
		t.Errorf("listing calendar compared without the listing: %+v", ma.Seasonality)
	}
}

// A listing in the data whose estimates are zero (or missing) is not
// ranked: zero is left out of the comparables' figures too.
func TestMarketAnalyticsListingWithoutEstimates(t *testing.T) {
	m := albanyMarket()
	m.self.EstimatedOccupancyNights, m.self.EstimatedRevenue = 0, 0
	r := generate(t, "albany-house", domain.PlanPremium, m)
	o := r.MarketAnalysisData.EstimatedOccupancy
	if !r.MarketAnalysisData.ListingInData || o.Listing != nil || !strings.Contains(o.Explanation, "shows no booked nights for this listing") {
		t.Errorf("occupancy %+v", o)
	}
}

func TestSeasonalityNeedsCalendars(t *testing.T) {
	t.Run("a market that cannot sum calendars", func(t *testing.T) {
		in := Input{Listing: loadListing(t, "albany-house"), Plan: domain.PlanPremium, Now: clock, Market: plainMarket{albanyMarket()}}
		r, err := Generate(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		if r.MarketAnalysisData.Seasonality != nil || r.MarketAnalysisData.EstimatedOccupancy == nil {
			t.Errorf("market analysis %+v", r.MarketAnalysisData)
		}
	})
	t.Run("calendars that cannot be read", func(t *testing.T) {
		cm := &countingMarket{fakeMarket: albanyMarket(), err: errors.New("disk I/O error")}
		r, err := Generate(context.Background(), Input{Listing: loadListing(t, "albany-house"), Plan: domain.PlanPremium, Now: clock, Market: cm})
		if err != nil {
			t.Fatal(err)
		}
		warnings := strings.Join(r.Warnings, " ")
		if r.MarketAnalysisData.Seasonality != nil || !strings.Contains(warnings, "calendars could not be read") || strings.Contains(warnings, "disk") {
			t.Errorf("seasonality %+v, warnings %q", r.MarketAnalysisData.Seasonality, r.Warnings)
		}
	})
	t.Run("Basic does not read them", func(t *testing.T) {
		cm := &countingMarket{fakeMarket: albanyMarket()}
		if _, err := Generate(context.Background(), Input{Listing: loadListing(t, "albany-house"), Plan: domain.PlanBasic, Now: clock, Market: cm}); err != nil {
			t.Fatal(err)
		}
		if cm.calls != 0 {
			t.Errorf("%d calls for a Basic report", cm.calls)
		}
	})
	t.Run("too few comparables", func(t *testing.T) {
		cm := &countingMarket{fakeMarket: albanyMarket()}
		cm.comps.Listings = cm.comps.Listings[:3]
		r, err := Generate(context.Background(), Input{Listing: loadListing(t, "albany-house"), Plan: domain.PlanPremium, Now: clock, Market: cm})
		if err != nil {
			t.Fatal(err)
		}
		if cm.calls != 0 || r.MarketAnalysisData.RadiusKm != 0 || r.MarketAnalysisData.EstimatedOccupancy != nil {
			t.Errorf("%d calls; market analysis %+v", cm.calls, r.MarketAnalysisData)
		}
	})
}
