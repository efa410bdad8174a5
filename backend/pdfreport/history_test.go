package pdfreport

import (
	"testing"

	"github.com/listinglift/listinglift/backend/report"
)

// A report made after four or more watched weeks (issue 45) shows the
// market's history in its market section: the heading, its explanation
// and one row per week — and one without history shows none.
func TestMarketHistoryInThePDF(t *testing.T) {
	r := loadGolden(t, "lisbon-live")
	if r.MarketAnalysisData == nil || !r.MarketAnalysisData.Available {
		t.Fatal("the golden has no market section")
	}
	pdf, err := Render(r, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	if contains(pdfText(t, pdf), "Your market over the last") {
		t.Error("a report with no watched weeks shows a market history")
	}
	price := 142.0
	r.MarketAnalysisData.History = &report.MarketHistory{Heading: "Your market over the last 4 weeks", Weeks: 4, Currency: "USD",
		Explanation: "Each week your Watch read your listing and its comparables again: their median nightly price was $118 on December 7, 2026 and $125 on December 28, 2026.",
		Points: []report.MarketWeek{
			{Week: "2026-W50", CheckedAt: "2026-12-07", Median: 118, Price: &price, Band: "top third", Comparables: 18},
			{Week: "2026-W51", CheckedAt: "2026-12-14", Median: 121, Price: &price, Band: "top third", Comparables: 17},
			{Week: "2026-W52", CheckedAt: "2026-12-21", Median: 123, Band: "", Comparables: 18},
			{Week: "2026-W53", CheckedAt: "2026-12-28", Median: 125, Price: &price, Band: "middle third", Comparables: 19},
		}}
	pdf, err = Render(r, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	lines := pdfLayout(t, pdf)
	for _, row := range []string{"Your market over the last 4 weeks", "December 7, 2026 $118 $142 top third", "December 21, 2026 $123", "December 28, 2026 $125 $142 middle third"} {
		if lineWith(lines, 0, clean(t, row)) < 0 {
			t.Errorf("no line reads %q", row)
		}
	}
	checkMargins(t, pdf)
}
