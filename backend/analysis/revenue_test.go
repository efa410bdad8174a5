package analysis

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/market"
)

// TestProjectRevenue hand-checks the sum: photos 3.0–9.0 (8.98, a third
// of it), pricing 4.3–13, gaps: 9 gap nights ÷ 17 unavailable = 52.9%,
// capped at 10, a third 3.3. Low 10.6 → capped 10, high 32 → capped 25.
func TestProjectRevenue(t *testing.T) {
	pct := 25.0
	in := RevenueInput{
		Photos:  PhotoAudit{Score: ptr(40), Findings: Findings{{Code: "photos.few", Severity: SeverityMedium}}},
		Pricing: PricingAnalysis{Percentile: &pct, Findings: Findings{{Code: "pricing.below_market", Severity: SeverityHigh}}},
		Gaps:    BookingGapAnalysis{Status: "calendar", GapNights: 9, UnavailableNights: 17, Source: "test calendar"},
		Title:   TitleAnalysis{Findings: Findings{{Code: "title.caps"}}},
	}
	p := ProjectRevenue(in)
	if len(p.Components) != 3 {
		t.Fatalf("components = %+v", p.Components)
	}
	for i, want := range [][2]float64{{3.0, 9.0}, {4.3, 13}, {3.3, 10}} {
		if c := p.Components[i]; c.Low != want[0] || c.High != want[1] {
			t.Errorf("component %d (%s) = %v–%v, want %v–%v", i, c.Change, c.Low, c.High, want[0], want[1])
		}
	}
	if p.Low != 10 || p.High != 25 || p.RevenueImpact != 10 || p.Range != "+10–25%" || !p.Estimate {
		t.Errorf("low %v high %v impact %d range %q", p.Low, p.High, p.RevenueImpact, p.Range)
	}
	if !strings.Contains(p.Components[0].Source, "Management Science (2022)") || !strings.Contains(p.Components[1].Source, "CNBC") ||
		p.Components[2].Kind != "computed" {
		t.Errorf("sources = %+v", p.Components)
	}
	if len(p.NotQuantified) != 1 || !strings.HasPrefix(p.NotQuantified[0], "Title changes") {
		t.Errorf("not quantified = %q", p.NotQuantified)
	}
	// With the listing's own revenue estimate, the range in money.
	in.Self = &market.Listing{EstimatedRevenue: 20000}
	in.Currency, in.Snapshot = "USD", "2025-10-05"
	p = ProjectRevenue(in)
	if b := p.Baseline; b == nil || b.GainLow != 2000 || b.GainHigh != 5000 {
		t.Errorf("baseline = %+v", p.Baseline)
	}
	if !strings.Contains(p.Explanation, "about $2,000–$5,000") {
		t.Errorf("explanation = %q", p.Explanation)
	}
}

func TestProjectRevenueNothingApplies(t *testing.T) {
	p := ProjectRevenue(RevenueInput{Photos: PhotoAudit{Findings: Findings{{Code: "photos.captions", Severity: SeverityLow}}}})
	if p.RevenueImpact != 0 || len(p.Components) != 0 || strings.Contains(p.Explanation, "%") || p.Headline != HeadlineNone || p.Money != nil {
		t.Errorf("%+v", p)
	}
}
