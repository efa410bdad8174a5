package report

import (
	"context"
	"testing"
)

// What the host is told before paying matches what the report will have.
func TestCoverageOf(t *testing.T) {
	l := loadListing(t, "albany-house")
	c, err := CoverageOf(context.Background(), albanyMarket(), l)
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
	none, err := CoverageOf(context.Background(), nil, l)
	if err != nil || none.Market != CoverageNone || none.Note != MsgNoMarket || none.Comparables != 0 {
		t.Errorf("no market data: %+v, %v", none, err)
	}
}
