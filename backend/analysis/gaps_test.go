package analysis

import (
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
)

// gapCalendar, from Monday March 2, 2026: unavailable nights 0–2, 5–9,
// 11–13 and 20–25; open 3–4 (an orphan pair), 10 (an orphan night under
// the 2-night minimum), 14–19 (six nights under that run's 7-night minimum)
// and 26 onwards (open to the end: not a gap).
func gapCalendar() []listing.CalendarDay {
	closed := func(i int) bool {
		return i <= 2 || (i >= 5 && i <= 9) || (i >= 11 && i <= 13) || (i >= 20 && i <= 25)
	}
	cal := calendar(today, 100, func(i int) bool { return !closed(i) }, func(int) float64 { return 0 })
	for i := range cal {
		cal[i].MinNights = 2
	}
	cal[14].MinNights = 7
	return cal
}

// TestAnalyzeGaps hand-checks: 90 nights, 17 unavailable (3+5+3+6), 73
// open; gaps at 3 (2 nights, orphan), 10 (1 night, orphan, under the
// minimum) and 14 (6 nights under 7): 2 orphans, 2 under the minimum, 9
// nights. Of the 26 Friday and Saturday nights 4 are unavailable (5, 11,
// 12, 25): 22/26 = 0.85 open; weekdays 51/64 = 0.80.
func TestAnalyzeGaps(t *testing.T) {
	a := AnalyzeGaps(GapInput{Calendar: gapCalendar(), Source: "test calendar", Today: today})
	if a.Status != "calendar" || a.Nights != 90 || a.UnavailableNights != 17 || a.OpenNights != 73 {
		t.Fatalf("status %s nights %d unavailable %d open %d", a.Status, a.Nights, a.UnavailableNights, a.OpenNights)
	}
	want := []Gap{
		{Start: "2026-03-05", Nights: 2, MinNights: 2, Orphan: true},
		{Start: "2026-03-12", Nights: 1, MinNights: 2, Orphan: true, BelowMin: true},
		{Start: "2026-03-16", Nights: 6, MinNights: 7, BelowMin: true},
	}
	if len(a.Gaps) != len(want) {
		t.Fatalf("gaps = %+v", a.Gaps)
	}
	for i := range want {
		if a.Gaps[i] != want[i] {
			t.Errorf("gap %d = %+v, want %+v", i, a.Gaps[i], want[i])
		}
	}
	if a.OrphanGaps != 2 || a.BelowMinGaps != 2 || a.GapNights != 9 {
		t.Errorf("orphans %d below %d nights %d", a.OrphanGaps, a.BelowMinGaps, a.GapNights)
	}
	if a.WeekendAvailability != 0.85 || a.WeekdayAvailability != 0.8 {
		t.Errorf("weekend %v weekday %v", a.WeekendAvailability, a.WeekdayAvailability)
	}
	if !a.Findings.Has("gaps.below_min_stay") || a.Findings.Worst() != SeverityHigh {
		t.Errorf("findings = %+v", a.Findings)
	}
	if a.WindowStart != "2026-03-02" || a.WindowEnd != "2026-05-31" || a.WindowFromSnapshot {
		t.Errorf("window %s–%s shifted %v", a.WindowStart, a.WindowEnd, a.WindowFromSnapshot)
	}
}

func TestAnalyzeGapsListingMinimum(t *testing.T) {
	cal := gapCalendar()
	for i := range cal {
		cal[i].MinNights = 0 // the calendar has none: the listing's 3 applies
	}
	a := AnalyzeGaps(GapInput{Calendar: cal, Today: today, MinNights: 3})
	// The 2-night and 1-night gaps are under 3; the 6-night run is neither
	// an orphan nor under the minimum, so it is no gap.
	if len(a.Gaps) != 2 || a.BelowMinGaps != 2 || a.Gaps[0].MinNights != 3 || !a.Gaps[0].BelowMin {
		t.Errorf("%+v", a.Gaps)
	}
}

// An Inside Airbnb calendar is read from its snapshot date, as it stood
// then, and the report says so; so is any calendar that ends before today.
func TestAnalyzeGapsOldSnapshot(t *testing.T) {
	start := time.Date(2025, 10, 5, 0, 0, 0, 0, time.UTC)
	cal := calendar(start, 365, func(i int) bool { return i%10 != 0 }, func(int) float64 { return 0 })
	a := AnalyzeGaps(GapInput{Calendar: cal, Source: "Inside Airbnb calendar snapshot of October 5, 2025", Today: today, IsSnapshot: true})
	if !a.WindowFromSnapshot || a.WindowStart != "2025-10-05" || a.Nights != 90 {
		t.Errorf("window %s shifted %v nights %d", a.WindowStart, a.WindowFromSnapshot, a.Nights)
	}
	// today is March 2, 2026: the window has gone by, and is named.
	if !a.WindowPast || !strings.Contains(a.Explanation, "The window, October 5, 2025 to January 2, 2026, starts before this report's date (March 2, 2026)") {
		t.Errorf("past %v explanation = %q", a.WindowPast, a.Explanation)
	}
	// Runs of 9 open nights between single unavailable ones: no gaps.
	if len(a.Gaps) != 0 || !a.Findings.Has("gaps.none") {
		t.Errorf("gaps %+v findings %+v", a.Gaps, a.Findings)
	}
}

func TestAnalyzeGapsWithoutCalendar(t *testing.T) {
	a := AnalyzeGaps(GapInput{Today: today})
	if a.Status != "general_guidance" || len(a.Recommendations) == 0 || a.Findings.Worst() != SeverityInfo {
		t.Fatalf("%+v", a)
	}
	for _, r := range a.Recommendations {
		if !strings.HasPrefix(r, "General guidance") {
			t.Errorf("recommendation not marked general: %q", r)
		}
	}
}

func TestAnalyzeGapsCalendarInThePast(t *testing.T) {
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	cal := calendar(start, 100, func(int) bool { return true }, func(int) float64 { return 0 })
	a := AnalyzeGaps(GapInput{Calendar: cal, Today: today})
	if !a.WindowFromSnapshot || a.WindowStart != "2025-01-01" || a.Nights != 90 {
		t.Errorf("window %s shifted %v nights %d", a.WindowStart, a.WindowFromSnapshot, a.Nights)
	}
}

// TestPastWindowRanksNoAction: gaps in a calendar window that starts before
// the report's date are measured and named, but no action is ranked from
// them and no advice names their dates: the host cannot act on nights that
// have gone by (issue 43: Albany's first action was to lower the minimum
// stay on dates 14 months past).
func TestPastWindowRanksNoAction(t *testing.T) {
	start := time.Date(2025, 10, 5, 0, 0, 0, 0, time.UTC)
	var days []listing.CalendarDay
	for i := 0; i < GapWindow; i++ {
		// open one night in three, between unavailable ones: orphan gaps
		days = append(days, listing.CalendarDay{Date: start.AddDate(0, 0, i).Format("2006-01-02"), Available: i%3 == 1, MinNights: 2})
	}
	for _, tc := range []struct {
		name   string
		today  time.Time
		past   bool
		action bool
	}{
		{"window ahead", start, false, true},
		{"window 14 months past", start.AddDate(1, 2, 0), true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := AnalyzeGaps(GapInput{Calendar: days, Today: tc.today, Source: "test calendar", IsSnapshot: true})
			if a.WindowPast != tc.past || a.GapNights == 0 {
				t.Fatalf("window past %v (want %v), %d gap nights", a.WindowPast, tc.past, a.GapNights)
			}
			acted := false
			for _, f := range a.Findings {
				acted = acted || f.Action != ""
			}
			if acted != tc.action {
				t.Errorf("a finding with an action: %v, want %v: %+v", acted, tc.action, a.Findings)
			}
			ranked := RankActions(RevenueProjection{}, SectionScores{}, AreaFindings{Area: "booking", Findings: a.Findings})
			if (len(ranked) > 0) != tc.action {
				t.Errorf("%d actions ranked from the gaps", len(ranked))
			}
			for _, r := range a.Recommendations {
				if tc.past && strings.Contains(r, "those dates") && !strings.HasPrefix(r, "Those dates have passed") {
					t.Errorf("advice about past dates: %q", r)
				}
			}
		})
	}
}
