package analysis

import (
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/numfmt"
)

// GapWindow is how far ahead the booking gap analysis looks, in days.
const GapWindow = 90

// MaxOrphanNights is the longest gap between two unavailable stretches that
// counts as an orphan gap.
const MaxOrphanNights = 3

// GapInput is what the booking gap analyzer reads.
type GapInput struct {
	Calendar []listing.CalendarDay
	Source   string // where the calendar came from, for the explanation
	Today    time.Time
	// MinNights is the listing's minimum stay when the calendar days do not
	// carry one (0: unknown).
	MinNights int
	// IsSnapshot says the calendar is a market snapshot's: the window starts
	// at its first day (the snapshot date) and shows the calendar as it
	// stood then.
	IsSnapshot bool
}

// Gap is a run of open nights between unavailable ones.
type Gap struct {
	Start     string `json:"start"` // first open night, YYYY-MM-DD
	Nights    int    `json:"nights"`
	MinNights int    `json:"min_nights,omitempty"` // minimum stay on its first night
	Orphan    bool   `json:"orphan"`               // 1–3 nights between unavailable nights
	BelowMin  bool   `json:"below_min_stay"`       // shorter than the minimum stay: unbookable as set
}

// BookingGapAnalysis is the booking gap analyzer's result.
type BookingGapAnalysis struct {
	// Status is "calendar" when computed from the listing's calendar, or
	// "general_guidance" when there was none.
	Status      string `json:"status"`
	Source      string `json:"source,omitempty"`
	WindowStart string `json:"window_start,omitempty"`
	WindowEnd   string `json:"window_end,omitempty"` // exclusive
	// WindowFromSnapshot is true when the window starts at the calendar's
	// first day rather than today: a market snapshot's calendar, or one
	// with no day from today on.
	WindowFromSnapshot bool `json:"window_from_snapshot"`
	// AsOf is the report's date (YYYY-MM-DD), the day the window is
	// measured against.
	AsOf string `json:"as_of,omitempty"`
	// WindowPast is true when the window starts before AsOf: its nights
	// have partly or wholly gone by, so it shows the calendar as it stood
	// then, and nothing in it is a forecast (the revenue projection does not
	// use it).
	WindowPast        bool  `json:"window_past"`
	Nights            int   `json:"nights"`             // nights in the window with data
	UnavailableNights int   `json:"unavailable_nights"` // booked or blocked by the host
	OpenNights        int   `json:"open_nights"`
	Gaps              []Gap `json:"gaps"` // orphan or below-minimum gaps
	OrphanGaps        int   `json:"orphan_gaps"`
	BelowMinGaps      int   `json:"below_min_stay_gaps"`
	// GapNights is the number of nights in Gaps: nights that are hard or
	// impossible to sell as the calendar is set.
	GapNights           int      `json:"gap_nights"`
	WeekdayAvailability float64  `json:"weekday_open_share"` // share of Sun–Thu nights open
	WeekendAvailability float64  `json:"weekend_open_share"` // share of Fri–Sat nights open
	Recommendations     []string `json:"recommendations"`
	Findings            Findings `json:"findings"`
	Explanation         string   `json:"explanation"`
}

// AnalyzeGaps finds, in the next 90 days of the calendar, orphan gaps (1–3
// open nights with unavailable nights on both sides) and gaps shorter than
// the minimum stay of their first night (which nobody can book as set),
// and compares weekday and weekend availability. Airbnb calendars do not
// tell booked nights from nights the host blocked, so "unavailable" means
// either. A run that touches the edge of the data is never a gap: it may go
// on.
func AnalyzeGaps(in GapInput) BookingGapAnalysis {
	a := BookingGapAnalysis{Gaps: []Gap{}, Recommendations: []string{}, Findings: Findings{}}
	days, start, shifted := calendarWindow(in.Calendar, in.Today, GapWindow, in.IsSnapshot)
	if len(days) == 0 {
		a.Status = "general_guidance"
		a.Recommendations = append(a.Recommendations,
			"General guidance (no calendar data): look for 1–3 night gaps between bookings each week and lower the minimum stay for those dates so they can sell.",
			"General guidance (no calendar data): if weekends fill first, consider a 2-night weekend minimum and a shorter minimum on weekdays.",
			"General guidance (no calendar data): open your calendar at least 90 days ahead; many guests book a month or more in advance.")
		a.Findings = append(a.Findings, Finding{Code: "gaps.no_calendar", Severity: SeverityInfo,
			Message:  "No availability calendar was available, so gaps could not be measured.",
			Evidence: []Evidence{{Field: listing.FieldCalendar, Where: "not read"}}})
		a.Explanation = "No calendar data was available for this listing, so the booking gap advice is general guidance, not measured from your calendar."
		return a
	}
	a.Status = "calendar"
	a.Source = in.Source
	a.WindowFromSnapshot = shifted
	a.WindowStart = start.Format("2006-01-02")
	a.WindowEnd = start.AddDate(0, 0, GapWindow).Format("2006-01-02")
	if !in.Today.IsZero() {
		today := time.Date(in.Today.Year(), in.Today.Month(), in.Today.Day(), 0, 0, 0, 0, time.UTC)
		a.AsOf = today.Format("2006-01-02")
		a.WindowPast = start.Before(today)
	}
	a.Nights = len(days)

	for _, d := range days {
		if d.Available {
			a.OpenNights++
		} else {
			a.UnavailableNights++
		}
	}
	weekday, weekend := openNights(days)
	if weekday.nights > 0 {
		a.WeekdayAvailability = numfmt.Round2(weekday.share())
	}
	if weekend.nights > 0 {
		a.WeekendAvailability = numfmt.Round2(weekend.share())
	}

	// Runs of open nights on consecutive dates.
	for i := 0; i < len(days); {
		if !days[i].Available {
			i++
			continue
		}
		j := i
		for j+1 < len(days) && days[j+1].Available && days[j+1].t.Equal(days[j].t.AddDate(0, 0, 1)) {
			j++
		}
		leftClosed := i > 0 && !days[i-1].Available && days[i-1].t.Equal(days[i].t.AddDate(0, 0, -1))
		rightClosed := j+1 < len(days) && !days[j+1].Available && days[j+1].t.Equal(days[j].t.AddDate(0, 0, 1))
		n := j - i + 1
		minN := days[i].MinNights
		if minN == 0 {
			minN = in.MinNights
		}
		if leftClosed && rightClosed {
			g := Gap{Start: days[i].Date, Nights: n, MinNights: minN, Orphan: n <= MaxOrphanNights, BelowMin: minN > 0 && n < minN}
			if g.Orphan || g.BelowMin {
				a.Gaps = append(a.Gaps, g)
				a.GapNights += n
				if g.Orphan {
					a.OrphanGaps++
				}
				if g.BelowMin {
					a.BelowMinGaps++
				}
			}
		}
		i = j + 1
	}

	switch {
	case a.BelowMinGaps > 0:
		sev := SeverityMedium
		if a.GapNights >= 4 {
			sev = SeverityHigh
		}
		a.Findings = append(a.Findings, Finding{Code: "gaps.below_min_stay", Severity: sev,
			Message: fmt.Sprintf("%s shorter than the minimum stay, so no one can book %s as the calendar is set (%s in all gaps).", plural(a.BelowMinGaps, "gap is", "gaps are"), map[bool]string{true: "it", false: "them"}[a.BelowMinGaps == 1], plural(a.GapNights, "night", "nights")),
			Action:  "Lower the minimum stay for those dates so the gaps can sell."})
		a.Recommendations = append(a.Recommendations, "Lower the minimum stay on the dates of each gap shorter than it, so those nights can be booked.")
	case a.OrphanGaps > 0:
		sev := SeverityMedium
		if a.GapNights >= 4 {
			sev = SeverityHigh
		}
		a.Findings = append(a.Findings, Finding{Code: "gaps.orphans", Severity: sev,
			Message: fmt.Sprintf("%s of 1–3 nights sit between unavailable dates (%s).", plural(a.OrphanGaps, "orphan gap", "orphan gaps"), plural(a.GapNights, "night", "nights")),
			Action:  "Offer a gap-night discount or a shorter minimum stay for those dates."})
	default:
		a.Findings = append(a.Findings, Finding{Code: "gaps.none", Severity: SeverityLow,
			Message: fmt.Sprintf("No orphan or unbookable gaps in the %d days from %s.", GapWindow, LongDate(a.WindowStart))})
	}
	if a.WindowPast {
		// Those dates have gone by: what the calendar showed then is a
		// measurement, not something the host can still act on, so no
		// action is ranked from it (no "Do these first" about past nights).
		// The severity stays: the availability score is what that calendar
		// measured, named with its dates in the explanation.
		for i := range a.Findings {
			a.Findings[i].Action = ""
		}
	}
	if a.OrphanGaps > 0 {
		a.Recommendations = append(a.Recommendations, fmt.Sprintf("Fill the %s with a small discount or a 1-night minimum on those dates.", plural(a.OrphanGaps, "orphan gap", "orphan gaps")))
	}
	switch {
	case weekend.nights > 0 && weekday.nights > 0 && a.WeekendAvailability+0.15 < a.WeekdayAvailability:
		a.Recommendations = append(a.Recommendations, fmt.Sprintf("Weekends are filling first (%s of weekend nights open against %s of weekdays): target weekday guests (business, longer stays) with a weekday or weekly discount.", pct(a.WeekendAvailability), pct(a.WeekdayAvailability)))
	case weekend.nights > 0 && weekday.nights > 0 && a.WeekdayAvailability+0.15 < a.WeekendAvailability:
		a.Recommendations = append(a.Recommendations, fmt.Sprintf("Weekdays are filling first (%s of weekday nights open against %s of weekends): check your weekend price and minimum stay.", pct(a.WeekdayAvailability), pct(a.WeekendAvailability)))
	}
	if a.OpenNights == 0 {
		a.Recommendations = append(a.Recommendations, "Every night in the window is unavailable; if that is not all bookings, open dates you can host.")
	}
	if a.WindowPast && a.GapNights > 0 {
		// Advice about the window's own dates would send the host to nights
		// that have gone by: say what to look for in today's calendar.
		a.Recommendations = []string{"Those dates have passed: look in your calendar now for gaps like these (1–3 open nights between bookings, or gaps shorter than your minimum stay) and open them with a shorter minimum stay or a small discount."}
	}
	a.Explanation = gapExplanation(a)
	// The window as the explanation names it; a past one says so where
	// each finding's "Why?" shows it, so no host looks for its gaps in
	// today's calendar.
	window := a.WindowDates()
	if a.WindowPast {
		window += " (before this report)"
	}
	withEvidence(a.Findings, Evidence{Field: listing.FieldCalendar,
		Value: fmt.Sprintf("%s, %s, %d open", plural(a.Nights, "night", "nights"), window, a.OpenNights),
		Where: sourcePhrase(in.Source)})
	return a
}

// WindowDates names the window by its first and last night: "October 5,
// 2025 to January 2, 2026".
func (a BookingGapAnalysis) WindowDates() string {
	last := a.WindowEnd
	if t, err := time.Parse(time.DateOnly, a.WindowEnd); err == nil {
		last = t.AddDate(0, 0, -1).Format(time.DateOnly)
	}
	return LongDate(a.WindowStart) + " to " + LongDate(last)
}

// PastWindowSentence says, once for the report, that a window is not ahead
// of the report's date and what follows from it.
func (a BookingGapAnalysis) PastWindowSentence() string {
	return fmt.Sprintf("The window, %s, starts before this report's date (%s): it shows the calendar as it stood then, so its nights are not a forecast and are not used for the revenue estimate.",
		a.WindowDates(), LongDate(a.AsOf))
}

func gapExplanation(a BookingGapAnalysis) string {
	s := fmt.Sprintf("From the %s, %d nights from %s: %d unavailable (booked or blocked) and %d open.", a.Source, a.Nights, LongDate(a.WindowStart), a.UnavailableNights, a.OpenNights)
	switch {
	case a.WindowPast:
		s += " " + a.PastWindowSentence()
	case a.WindowFromSnapshot:
		s += " The window starts at the calendar's first date: it shows the calendar as it stood on that date."
	}
	if len(a.Gaps) > 0 {
		s += fmt.Sprintf(" We found %s and %s shorter than the minimum stay, %s in all.", plural(a.OrphanGaps, "orphan gap", "orphan gaps"), plural(a.BelowMinGaps, "gap", "gaps"), plural(a.GapNights, "night", "nights"))
	} else {
		s += " We found no orphan gaps and no gaps shorter than the minimum stay."
	}
	s += fmt.Sprintf(" Open: %s of weekday nights, %s of Friday and Saturday nights.", pct(a.WeekdayAvailability), pct(a.WeekendAvailability))
	return s
}
