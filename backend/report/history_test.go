package report

import (
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// The market's history (issue 45) comes from the watched weeks that were
// read with a median, in one currency; a report shows it from
// MinHistoryWeeks such weeks, never from fewer, never with a week it
// could not read.
func TestMarketHistory(t *testing.T) {
	start := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	week := func(i int, median float64, failed string) domain.WatchWeek {
		m, p := median, 120.0
		w := domain.WatchWeek{Week: domain.ISOWeek(start.AddDate(0, 0, 7*i)), CheckedAt: start.AddDate(0, 0, 7*i), Currency: "USD", Comparables: 18, Band: domain.BandMiddle}
		if failed != "" {
			w.Failed = failed
			return w
		}
		w.MarketMedian, w.Price = &m, &p
		return w
	}
	for _, c := range []struct {
		name   string
		weeks  []domain.WatchWeek
		points int
	}{
		{"three weeks read: too few", []domain.WatchWeek{week(0, 100, ""), week(1, 104, ""), week(2, 108, "")}, 0},
		{"four weeks read", []domain.WatchWeek{week(0, 100, ""), week(1, 104, ""), week(2, 108, ""), week(3, 110, "")}, 4},
		{"an unreadable week left out", []domain.WatchWeek{week(0, 100, ""), week(1, 0, "blocked"), week(2, 108, ""), week(3, 110, ""), week(4, 112, "")}, 4},
		{"four weeks, one unreadable: too few", []domain.WatchWeek{week(0, 100, ""), week(1, 0, "blocked"), week(2, 108, ""), week(3, 110, "")}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := marketHistory(c.weeks)
			if c.points == 0 {
				if h != nil {
					t.Fatalf("history %+v; want none", h)
				}
				return
			}
			if h == nil || len(h.Points) != c.points || h.Weeks != c.points {
				t.Fatalf("history %+v; want %d points", h, c.points)
			}
			if want := "Your market over the last 4 weeks"; h.Heading != want {
				t.Errorf("heading %q; want %q", h.Heading, want)
			}
			first, last := h.Points[0], h.Points[len(h.Points)-1]
			if !strings.Contains(h.Explanation, "$100") || !strings.Contains(h.Explanation, "December 7, 2026") ||
				!strings.Contains(h.Explanation, moneyOf(last.Median)) || first.Week != c.weeks[0].Week {
				t.Errorf("explanation %q; want the first and last weeks' medians and dates", h.Explanation)
			}
		})
	}
	// A week priced in another currency (the comparables' source changed)
	// is not drawn on the same line.
	mixed := []domain.WatchWeek{week(0, 100, ""), week(1, 104, ""), week(2, 108, ""), week(3, 110, ""), week(4, 95, "")}
	mixed[0].Currency = "EUR"
	if h := marketHistory(mixed); h == nil || len(h.Points) != 4 || h.Points[0].Median != 104 {
		t.Errorf("a week in another currency: %+v; want it left out", h)
	}
}

func moneyOf(v float64) string {
	return map[float64]string{110: "$110", 112: "$112"}[v]
}
