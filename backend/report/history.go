package report

import (
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/numfmt"
)

// MinHistoryWeeks is how many watched weeks with a market median a report
// needs before it shows the market's history (issue 45): fewer is no
// trend worth a heading.
const MinHistoryWeeks = 4

// MarketHistory is the listing's market over the weeks its Watch checked
// (issue 45), a history no single read can give: each week's comparables'
// median nightly price and the listing's own, as measured that week.
type MarketHistory struct {
	// Heading is "Your market over the last N weeks".
	Heading  string       `json:"heading"`
	Weeks    int          `json:"weeks"`
	Currency string       `json:"currency"`
	Points   []MarketWeek `json:"points"` // oldest first
	// Explanation says where the figures come from and how the median
	// moved from the first week to the last.
	Explanation string `json:"explanation"`
}

// MarketWeek is one watched week's market figures.
type MarketWeek struct {
	Week        string   `json:"week"` // ISO week, "2026-W49"
	CheckedAt   string   `json:"checked_at"`
	Median      float64  `json:"median"`
	Price       *float64 `json:"price"` // the listing's, null when not read that week
	Band        string   `json:"band,omitempty"`
	Comparables int      `json:"comparables"`
}

// marketHistory is the history of weeks (a watch's checks, oldest first):
// the weeks read with a comparables' median in the currency of the latest
// such week; nil with fewer than MinHistoryWeeks of them.
func marketHistory(weeks []domain.WatchWeek) *MarketHistory {
	currency := ""
	for i := len(weeks) - 1; i >= 0 && currency == ""; i-- {
		if weeks[i].Failed == "" && weeks[i].MarketMedian != nil {
			currency = weeks[i].Currency
		}
	}
	h := &MarketHistory{Currency: currency, Points: []MarketWeek{}}
	for _, w := range weeks {
		if w.Failed != "" || w.MarketMedian == nil || w.Currency != currency {
			continue
		}
		h.Points = append(h.Points, MarketWeek{Week: w.Week, CheckedAt: w.CheckedAt.UTC().Format("2006-01-02"),
			Median: *w.MarketMedian, Price: w.Price, Band: w.Band, Comparables: w.Comparables})
	}
	if len(h.Points) < MinHistoryWeeks {
		return nil
	}
	h.Weeks = len(h.Points)
	h.Heading = fmt.Sprintf("Your market over the last %d weeks", h.Weeks)
	first, last := h.Points[0], h.Points[len(h.Points)-1]
	h.Explanation = fmt.Sprintf("Each week your Watch read your listing and its comparables again: their median nightly price was %s on %s and %s on %s. Weeks whose listing could not be read are left out.",
		numfmt.Money(first.Median, currency), longDay(first.CheckedAt), numfmt.Money(last.Median, currency), longDay(last.CheckedAt))
	return h
}

// longDay is an ISO date as the report words dates: "December 7, 2026".
func longDay(iso string) string {
	t, err := time.Parse("2006-01-02", iso)
	if err != nil {
		return iso
	}
	return t.Format("January 2, 2006")
}
