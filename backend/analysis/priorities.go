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

// NotAssessed is the priority of an area the report had no data for: its
// own grey badge and words, never a HIGH. (SPEC §2's default priorities —
// HIGH for title, pricing, photo and booking, MEDIUM for experience — are
// what the screens show when a report carries no priority at all.)
const NotAssessed = "NOT ASSESSED"

// notAssessedReasons say, per area, what was missing.
var notAssessedReasons = map[string]string{
	"title":      "Not assessed: the listing's title could not be read.",
	"pricing":    "Not assessed: no nightly price, calendar prices or comparable listings were available.",
	"photo":      "Not assessed: the listing's photos could not be read.",
	"experience": "Not assessed: no rating or reviews could be read.",
	"booking":    "Not assessed: no availability calendar was available.",
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

// PriorityInput is what the task priorities are derived from: which
// areas could be assessed, and the ranked actions (RankActions), whose
// priorities already follow from their sections' measured scores.
type PriorityInput struct {
	Title   TitleAnalysis
	Pricing PricingAnalysis
	Photos  PhotoAudit
	Reviews ReviewAnalysis
	Gaps    BookingGapAnalysis
	Actions []Action
}

// Prioritize gives each of SPEC's five task areas the priority of its most
// important action (PriorityFor, so a task never reads HIGH beside a
// section that measures well), LOW when it has none, and NotAssessed when
// the report could not assess it (no title, no price and no market, no
// photos read, no rating or reviews, no calendar).
//
// Guest experience is measured by the experience score (rating, category
// ratings, review text, host responsiveness): the amenity list has its own
// score and its actions stand in the ranked list under their own area, so
// an amenity gap never reads as "Guest experience HIGH" beside a 4.98★.
func Prioritize(in PriorityInput) TaskPriorities {
	p := TaskPriorities{Reasons: map[string]string{}}
	set := func(area string, dst *string, assessed bool, fs Findings) {
		key := area + "_priority"
		if !assessed {
			*dst = NotAssessed
			p.Reasons[key] = notAssessedReasons[area]
			return
		}
		*dst = Low
		p.Reasons[key] = reason(fs)
		for _, a := range in.Actions { // ranked: the first is the most important
			if a.Task == key {
				*dst, p.Reasons[key] = a.Priority, a.Finding
				break
			}
		}
	}
	set("title", &p.Title, in.Title.Title != "", in.Title.Findings)
	set("pricing", &p.Pricing, in.Pricing.Scored(), in.Pricing.Findings)
	if p.Pricing == NotAssessed {
		p.Reasons["pricing_priority"] = in.Pricing.NotScoredReason()
	}
	set("photo", &p.Photo, !in.Photos.NotAssessed, in.Photos.Findings)
	// A listing known to have no reviews yet is assessed: that is a fact.
	set("experience", &p.Experience, in.Reviews.Rating > 0 || in.Reviews.Analyzed > 0 || in.Reviews.Findings.Has("reviews.none"), in.Reviews.Findings)
	set("booking", &p.Booking, in.Gaps.Status == "calendar", in.Gaps.Findings)
	return p
}

// reason is a task's reason when it has no action: its most serious
// finding, or that there was nothing to find.
func reason(fs Findings) string {
	w := fs.Worst()
	for _, f := range fs {
		if f.Severity == w && w != SeverityInfo {
			return f.Message
		}
	}
	return "No problems found."
}

// ActionRule says, in the report, how an action's priority is decided and
// how the ranked list is ordered: what the PDF's action plan says over the
// list, which shows no areas.
const ActionRule = "An action's priority follows from the gap its finding measured (a serious gap HIGH, a moderate one MEDIUM, a small one LOW), bounded by its section's score: a section scoring 65 or more (good or strong) holds no HIGH action, so no score and no priority contradict each other. Within a priority, actions with the larger expected revenue effect come first."

// PriorityRule is ActionRule and how each of SPEC's five areas gets its
// priority (the web's "Details by area").
const PriorityRule = ActionRule + " Each area's priority is that of its most important action, LOW when it has none; an area the report had no data for is marked not assessed."

// PriorityFor is the one rule that gives an action its priority: the
// severity of its finding (how large the gap it measured is), bounded by
// the score of the section it belongs to — a section scoring 65 or more
// (good or strong, Band) holds no HIGH. A section without a score (nil)
// leaves the severity alone. Nothing here lowers a score to agree with an
// action: the score is measured, the priority follows from it.
func PriorityFor(sev Severity, section *int) string {
	p := priorityOf(sev)
	if section != nil && *section >= 65 && p == High {
		return Medium
	}
	return p
}

// areaSections maps an action's area to the section score that measures it.
var areaSections = map[string]string{
	"title": "title", "description": "description", "photos": "photos", "amenities": "amenities",
	"pricing": "pricing", "reviews": "reviews", "booking": "availability",
}

// SectionOf is the section key (SectionWeights) that measures an area.
func SectionOf(area string) string { return areaSections[area] }

// Action is one thing for the host to do. The report keeps one ranked
// list of them (RankActions), which every form of the report shows in the
// same order: its first DoFirstCount are "Do these first", its first
// TopActionsCount SPEC's "Top 5 Immediate Actions" (fewer actions, fewer
// rows: no slot is filled).
const (
	DoFirstCount    = 3
	TopActionsCount = 5
	// NoActions is what a list of them says when the report has none
	// (the web's NO_ACTIONS says the same).
	NoActions = "Nothing urgent: no problems were found that need action."
)

// Action is one thing for the host to do (see DoFirstCount).
type Action struct {
	// Area is the part of the listing: title, description, pricing,
	// photos, amenities, reviews or booking.
	Area string `json:"area"`
	// Task is the task_priorities key the action counts toward
	// ("photo_priority"), "" for an area SPEC's five do not cover.
	Task     string   `json:"task,omitempty"`
	Priority string   `json:"priority"` // HIGH, MEDIUM or LOW
	Severity Severity `json:"severity"`
	Finding  string   `json:"finding"`
	Action   string   `json:"action"`
	// Evidence is its finding's: what it rests on, shown as "Why?".
	Evidence []Evidence `json:"evidence,omitempty"`
	// Effect is the revenue effect the projection counts for this change,
	// when it has one. Only an area's first action carries it, so no
	// effect is counted twice.
	Effect *ActionEffect `json:"effect,omitempty"`
}

// ActionEffect is an action's estimated revenue effect, in percent.
type ActionEffect struct {
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Kind is "cited" (a published effect size) or "computed" (arithmetic
	// on this listing's data), as in RevenueComponent.
	Kind string `json:"kind"`
	// Text is the effect as every form of the report words it
	// (EffectText): the web, the e-mail and the PDF say these words.
	Text string `json:"text"`
}

// EffectText words an action's effect so that it agrees with the revenue
// card: with a money figure for the listing, the percent is this
// listing's estimate and is counted in that figure; without one (the card
// reads "Not estimated"), a published effect is named as what studies
// found on other listings, and a computed one as arithmetic on the
// listing's own figures that was not turned into money — never as this
// listing's revenue.
func EffectText(low, high float64, kind string, inMoney bool) string {
	r := "+" + trimFloat(low) + "–" + trimFloat(high) + "%"
	switch {
	case inMoney:
		return "Expected effect: " + r + " revenue (an estimate, counted in your revenue potential)."
	case kind == "cited":
		return "Published studies found " + r + " revenue from this change on other listings; not estimated for yours, as there is no revenue figure for your listing."
	}
	return "Worked out from your listing's own figures: " + r + " revenue (an estimate); not in money, as there is no revenue figure for your listing."
}

// OffersOptimizedTitle says whether a title suggestion is offered as the
// listing's "optimized title": only when the title analysis found
// something to improve (a finding that asks something of the host, as
// RankActions counts actions). A title with nothing to fix is not made
// better by another wording: its suggestions are offered as alternatives,
// with TitleAlternativesNote. Every form of the report follows the
// result's optimized_title, which the report sets from this.
func OffersOptimizedTitle(t TitleAnalysis) bool {
	for _, f := range t.Findings {
		if f.Action != "" && f.Severity != SeverityInfo {
			return true
		}
	}
	return false
}

// TitleAlternativesNote is what the report says over the title
// suggestions when none is offered as an optimized title.
const TitleAlternativesNote = "Your title has no problems to fix, so none of these is offered as a better title: they are other ways to word it, if you want to try one."

// AreaFindings are the findings of one report area.
type AreaFindings struct {
	Area     string
	Findings Findings
}

// areaTasks maps report areas to SPEC's five task_priorities keys.
// Amenities and description are areas of their own, outside SPEC's five
// (the experience task is measured by the experience score, which reads
// ratings and reviews, not the amenity list).
var areaTasks = map[string]string{
	"title": "title_priority", "pricing": "pricing_priority", "photos": "photo_priority",
	"reviews": "experience_priority", "booking": "booking_priority",
}

// TaskKeys are SPEC §3's task_priorities keys in SPEC's order.
var TaskKeys = []string{"title_priority", "pricing_priority", "photo_priority", "experience_priority", "booking_priority"}

// RankActions lists every finding that asks something of the host (an
// Action, and not SeverityInfo: a clean area is not an action), each with
// its priority from PriorityFor (its finding's severity bounded by its
// section's measured score), ranked by priority, then by severity, then by
// expected revenue effect (the projection's component for the area, if
// any), then in the order the areas are given.
func RankActions(revenue RevenueProjection, sections SectionScores, areas ...AreaFindings) []Action {
	// The revenue card's decision (Card): a money figure, or "Not
	// estimated"; each effect's words follow it.
	head, _ := revenue.Card()
	inMoney := head != HeadlineNone
	effects := map[string]RevenueComponent{}
	for _, c := range revenue.Components {
		if _, dup := effects[c.Area]; !dup && c.Area != "" {
			effects[c.Area] = c
		}
	}
	out := []Action{}
	for _, a := range areas {
		for _, f := range a.Findings {
			if f.Action == "" || f.Severity == SeverityInfo {
				continue
			}
			act := Action{Area: a.Area, Task: areaTasks[a.Area], Priority: PriorityFor(f.Severity, sections.Get(SectionOf(a.Area))), Severity: f.Severity,
				Finding: f.Message, Action: f.Action, Evidence: f.Evidence}
			if c, ok := effects[a.Area]; ok {
				act.Effect = &ActionEffect{Low: c.Low, High: c.High, Kind: c.Kind, Text: EffectText(c.Low, c.High, c.Kind, inMoney)}
				delete(effects, a.Area)
			}
			out = append(out, act)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if pi, pj := priorityRank[out[i].Priority], priorityRank[out[j].Priority]; pi != pj {
			return pi > pj
		}
		if ei, ej := out[i].Effect.high(), out[j].Effect.high(); ei != ej {
			return ei > ej
		}
		return out[i].Severity.rank() > out[j].Severity.rank()
	})
	return out
}

func (e *ActionEffect) high() float64 {
	if e == nil {
		return 0
	}
	return e.High
}

var priorityRank = map[string]int{High: 3, Medium: 2, Low: 1}

func priorityOf(s Severity) string {
	switch s {
	case SeverityHigh:
		return High
	case SeverityMedium:
		return Medium
	}
	return Low
}

// TaskOrder is the order of SPEC's five task areas on every form of the
// report: areas with actions in the order of their first action, then
// assessed areas with nothing to do, then areas not assessed, each group
// in SPEC's order.
func TaskOrder(actions []Action, p TaskPriorities) []string {
	first := map[string]int{}
	for i, a := range actions {
		if _, seen := first[a.Task]; !seen && a.Task != "" {
			first[a.Task] = i
		}
	}
	group := func(k string) int {
		switch {
		case p.Get(k) == NotAssessed:
			return 2
		case hasKey(first, k):
			return 0
		}
		return 1
	}
	out := append([]string{}, TaskKeys...)
	sort.SliceStable(out, func(i, j int) bool {
		gi, gj := group(out[i]), group(out[j])
		if gi != gj {
			return gi < gj
		}
		return gi == 0 && first[out[i]] < first[out[j]]
	})
	return out
}

func hasKey(m map[string]int, k string) bool { _, ok := m[k]; return ok }

// Get returns the priority stored under a task_priorities key.
func (p TaskPriorities) Get(key string) string {
	switch key {
	case "title_priority":
		return p.Title
	case "pricing_priority":
		return p.Pricing
	case "photo_priority":
		return p.Photo
	case "experience_priority":
		return p.Experience
	case "booking_priority":
		return p.Booking
	}
	return ""
}

// String renders an action on one line.
func (a Action) String() string {
	return fmt.Sprintf("[%s] %s %s", a.Priority, a.Finding, a.Action)
}
