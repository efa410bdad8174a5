package analysis

import (
	"fmt"
	"sort"
)

// Priority levels (SPEC §2 badge colours: HIGH red, MEDIUM yellow, else
// green).
const (
	High   = "HIGH"
	Medium = "MEDIUM"
	Low    = "LOW"
)

// SPEC §2 default priorities, used when an area could not be assessed.
var DefaultPriorities = map[string]string{
	"title": High, "pricing": High, "photo": High, "experience": Medium, "booking": High,
}

// TaskPriorities are SPEC §3's task_priorities with the reason for each.
type TaskPriorities struct {
	Title      string            `json:"title_priority"`
	Pricing    string            `json:"pricing_priority"`
	Photo      string            `json:"photo_priority"`
	Experience string            `json:"experience_priority"`
	Booking    string            `json:"booking_priority"`
	Reasons    map[string]string `json:"reasons"`
}

// PriorityInput is what priorities are derived from.
type PriorityInput struct {
	Title     TitleAnalysis
	Pricing   PricingAnalysis
	Photos    PhotoAudit
	Reviews   ReviewAnalysis
	Amenities AmenityAnalysis
	Gaps      BookingGapAnalysis
}

// Prioritize maps each area's most severe finding to a priority: high →
// HIGH, medium → MEDIUM, anything milder → LOW. An area we could not assess
// (no title, no price and no market, no photos read, no ratings or reviews,
// no calendar) takes SPEC's default: HIGH for title, pricing, photo and
// booking, MEDIUM for experience.
func Prioritize(in PriorityInput) TaskPriorities {
	p := TaskPriorities{Reasons: map[string]string{}}
	set := func(area string, dst *string, assessed bool, fs Findings) {
		if !assessed {
			*dst = DefaultPriorities[area]
			p.Reasons[area+"_priority"] = "Not enough data to assess, so this area keeps its usual priority."
			return
		}
		switch fs.Worst() {
		case SeverityHigh:
			*dst = High
		case SeverityMedium:
			*dst = Medium
		default:
			*dst = Low
		}
		p.Reasons[area+"_priority"] = reason(fs)
	}
	set("title", &p.Title, in.Title.Title != "", in.Title.Findings)
	set("pricing", &p.Pricing, in.Pricing.Status == PricingCompared || in.Pricing.Status == PricingEstimate || in.Pricing.WeekdayAverage != nil, in.Pricing.Findings)
	set("photo", &p.Photo, !in.Photos.NotAssessed, in.Photos.Findings)
	exp := append(Findings{}, in.Reviews.Findings...)
	exp = append(exp, in.Amenities.Findings...)
	set("experience", &p.Experience, in.Reviews.Rating > 0 || in.Reviews.Analyzed > 0 || in.Amenities.Read, exp)
	set("booking", &p.Booking, in.Gaps.Status == "calendar", in.Gaps.Findings)
	return p
}

func reason(fs Findings) string {
	w := fs.Worst()
	for _, f := range fs {
		if f.Severity == w && w != SeverityInfo {
			return f.Message
		}
	}
	return "No problems found."
}

// Recommendation is one action for the host, ranked.
type Recommendation struct {
	Area     string   `json:"area"`
	Severity Severity `json:"severity"`
	Finding  string   `json:"finding"`
	Action   string   `json:"action"`
}

// AreaFindings are the findings of one report area.
type AreaFindings struct {
	Area     string
	Findings Findings
}

// Recommendations lists every finding with an action, most severe first,
// ties in the order the areas are given.
func Recommendations(areas ...AreaFindings) []Recommendation {
	var out []Recommendation
	for _, a := range areas {
		for _, f := range a.Findings {
			if f.Action == "" || f.Severity == SeverityInfo {
				continue
			}
			out = append(out, Recommendation{Area: a.Area, Severity: f.Severity, Finding: f.Message, Action: f.Action})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Severity.rank() > out[j].Severity.rank() })
	if out == nil {
		out = []Recommendation{}
	}
	return out
}

// String renders a recommendation on one line.
func (r Recommendation) String() string {
	return fmt.Sprintf("[%s] %s %s", r.Severity, r.Finding, r.Action)
}
