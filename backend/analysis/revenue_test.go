package analysis

import (
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// TestProjectRevenue hand-checks the sum: photos 3.0–9.0 (8.98, a third
// of it), pricing 4.3–13, gaps: 9 gap nights in 90 = 3.04 a month against
// 146/12 = 12.17 booked nights a month (the listing's own estimate; not
// the calendar's 17 unavailable, which may be blocked) = 25%, capped at
// 10, a third 3.3. Low 10.6 → capped 10, high 32 → capped 25.
func TestProjectRevenue(t *testing.T) {
	pct := 25.0
	in := RevenueInput{
		Photos:  PhotoAudit{Score: ptr(40), Findings: Findings{{Code: "photos.few", Severity: SeverityMedium}}},
		Pricing: PricingAnalysis{Percentile: &pct, Findings: Findings{{Code: "pricing.below_market", Severity: SeverityHigh}}},
		Gaps: BookingGapAnalysis{Status: "calendar", GapNights: 9, UnavailableNights: 17, Nights: 90, Source: "test calendar",
			WindowStart: "2026-03-02", WindowEnd: "2026-05-31", AsOf: "2026-03-02"},
		Title:    TitleAnalysis{Findings: Findings{{Code: "title.caps"}}},
		Self:     &market.Listing{EstimatedOccupancyNights: 146},
		Snapshot: "2025-10-05",
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
	in.Self.EstimatedRevenue = 20000
	in.Currency = "USD"
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

// TestGapEffectOnlyFromAWindowAhead: the gap effect is counted only from a
// calendar window that starts on or after the report's date (the injected
// clock), and its size never depends on how many nights are unavailable —
// a blocked night earns nothing, so a calendar blocked for a renovation
// projects the same as one full of bookings. Calendars are read by
// AnalyzeGaps as the report reads them.
func TestGapEffectOnlyFromAWindowAhead(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	// Every tenth night open between unavailable ones: 9 orphan nights in
	// 90, whatever the unavailable nights are.
	orphans := func(from time.Time) []listing.CalendarDay {
		return calendar(from, 120, func(i int) bool { return i%10 == 5 }, func(int) float64 { return 0 })
	}
	// Blocked for a renovation: the same orphans, the rest all closed, but
	// only 20 of the first 90 nights held by the host would change nothing.
	photos := PhotoAudit{Score: ptr(58), Findings: Findings{{Code: "photos.few", Severity: SeverityMedium}}}
	price := 100.0
	self := &market.Listing{EstimatedOccupancyNights: 146} // 12.17 booked nights a month
	cases := []struct {
		name       string
		cal        []listing.CalendarDay
		snapshot   bool
		now        time.Time
		wantGaps   bool   // a booking component counted
		wantWindow string // the window named in the gap explanation and why it is not counted
		wantAsOf   string // the report's date it is set against
	}{
		{name: "the listing's own calendar from today", cal: orphans(day(2026, 3, 2)), now: day(2026, 3, 2), wantGaps: true},
		{name: "the listing's own calendar, read a day before its first night", cal: orphans(day(2026, 3, 3)), now: day(2026, 3, 2), wantGaps: true},
		{name: "a saved page's calendar seven months before the report", cal: orphans(day(2026, 5, 1)), now: day(2026, 11, 29),
			wantWindow: "May 1, 2026 to July 29, 2026", wantAsOf: "November 29, 2026"},
		{name: "a snapshot's calendar 14 months old", cal: orphans(day(2025, 10, 5)), snapshot: true, now: day(2026, 12, 1),
			wantWindow: "October 5, 2025 to January 2, 2026", wantAsOf: "December 1, 2026"},
		{name: "a snapshot taken today", cal: orphans(day(2026, 3, 2)), snapshot: true, now: day(2026, 3, 2), wantGaps: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := AnalyzeGaps(GapInput{Calendar: c.cal, Source: "test calendar", Today: c.now, IsSnapshot: c.snapshot})
			if g.GapNights != 9 {
				t.Fatalf("gap nights %d, want 9 (%s)", g.GapNights, g.Explanation)
			}
			p := ProjectRevenue(RevenueInput{Platform: listing.Airbnb, Photos: photos, Pricing: PricingAnalysis{Price: &price, Currency: "USD", PriceSource: "listing page"},
				Gaps: g, Self: self, Snapshot: "2025-10-05"})
			var gap *RevenueComponent
			for i := range p.Components {
				if p.Components[i].Area == "booking" {
					gap = &p.Components[i]
				}
			}
			notCounted := strings.Join(p.NotQuantified, " | ")
			if !c.wantGaps {
				if gap != nil || g.WindowPast != true {
					t.Fatalf("a past window counted: %+v (past %v)", gap, g.WindowPast)
				}
				for _, text := range []string{g.Explanation, notCounted} {
					for _, want := range []string{c.wantWindow, "before this report's date (" + c.wantAsOf + ")"} {
						if !strings.Contains(text, want) {
							t.Errorf("%q does not say %q", text, want)
						}
					}
				}
				// Its gaps are history: each finding's evidence says where
				// they were seen.
				if f := g.Findings[0]; !strings.Contains(g.Explanation, "not used for the revenue estimate") ||
					len(f.Evidence) == 0 || !strings.Contains(f.Evidence[0].Value, c.wantWindow+" (before this report)") {
					t.Errorf("explanation %q / finding %+v", g.Explanation, f)
				}
				return
			}
			if gap == nil || g.WindowPast {
				t.Fatalf("window ahead not counted: %+v, not quantified %q", p.Components, p.NotQuantified)
			}
			// 9/90 × 365/12 = 3.04 gap nights a month (9/89 a day short)
			// against 12.17 booked = 25% → capped 10; a third 3.3.
			perMonth := trimFloat(round1(9 / float64(g.Nights) * 365 / 12))
			if gap.Low != 3.3 || gap.High != 10 || !strings.Contains(gap.Basis, "("+perMonth+" a month) against 12.2 booked nights a month") {
				t.Errorf("gap component %+v", gap)
			}
			// The unavailable nights in the window are not what the
			// figure earns on: the money is the same whatever they are.
			blocked := g
			blocked.UnavailableNights = g.Nights - g.OpenNights/3
			if q := ProjectRevenue(RevenueInput{Platform: listing.Airbnb, Photos: photos, Pricing: PricingAnalysis{Price: &price, Currency: "USD", PriceSource: "listing page"},
				Gaps: blocked, Self: self, Snapshot: "2025-10-05"}); q.Headline != p.Headline || q.Money.BookedNights != 146 {
				t.Errorf("unavailable nights moved the figure: %q vs %q (%+v)", q.Headline, p.Headline, q.Money)
			}
		})
	}
}
