package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
)

// Comparison is a re-check's before → after (issue 18): what the new read
// of the listing shows against the report the host bought, from the two
// reports' own figures only — never from what the host says they did.
type Comparison struct {
	// RecheckOf is the re-checked report's id; BeforeGeneratedAt when it
	// was made.
	RecheckOf         string `json:"recheck_of"`
	BeforeGeneratedAt string `json:"before_generated_at"`
	// Overall is the listing score before → after; null when either
	// report had too little read for one (analysis.MinSectionsForOverall).
	Overall *Change `json:"overall"`
	// Sections are the section scores in the report's order; a side is
	// null where that report did not assess the section.
	Sections          []SectionChange `json:"sections"`
	TitleBefore       string          `json:"title_before"`
	TitleAfter        string          `json:"title_after"`
	DescriptionWords  Change          `json:"description_words"`
	DescriptionEdited bool            `json:"description_edited"`
	Photos            Change          `json:"photos"`
	AmenitiesAdded    []string        `json:"amenities_added"`
	AmenitiesRemoved  []string        `json:"amenities_removed"`
	// Actions are the bought report's actions, in its order, each with
	// what the new read shows of it.
	Actions []ActionProgress `json:"actions"`
}

// Change is one figure before and after.
type Change struct {
	Before int `json:"before"`
	After  int `json:"after"`
}

// Text is the change as every screen, PDF and e-mail says it: "+6", "−3"
// or "no change".
func (c Change) Text() string {
	switch n := c.After - c.Before; {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "no change"
}

// ActionsDoneText is "Your first report's actions: 2 of 11 done".
func (c *Comparison) ActionsDoneText() string {
	done := 0
	for _, a := range c.Actions {
		if a.Progress == ActionDone {
			done++
		}
	}
	return fmt.Sprintf("Your first report's actions: %d of %d done", done, len(c.Actions))
}

// SectionChange is one section's score before and after (null: not
// assessed in that report).
type SectionChange struct {
	Section string `json:"section"`
	Before  *int   `json:"before"`
	After   *int   `json:"after"`
}

// Action progress, from the new read.
const (
	ActionDone    = "done"        // the new report no longer asks for it
	ActionPartly  = "partly done" // still asked for, but its section's score rose
	ActionNotDone = "not yet"     // still asked for, and the score did not rise
)

// ActionProgress is one action of the bought report and its progress.
type ActionProgress struct {
	analysis.Action
	Progress string `json:"progress"`
}

// Compare is after (a re-check's report) against before (the report it
// re-checks).
func Compare(recheckOf string, before, after *Result) *Comparison {
	c := &Comparison{
		RecheckOf: recheckOf, BeforeGeneratedAt: before.GeneratedAt.UTC().Format("2006-01-02T15:04:05Z"),
		TitleBefore: before.OriginalTitle, TitleAfter: after.OriginalTitle,
		DescriptionWords:  Change{before.DescriptionAnalysis.WordCount, after.DescriptionAnalysis.WordCount},
		DescriptionEdited: normalized(before.OriginalDescription) != normalized(after.OriginalDescription),
		Photos:            Change{before.PhotoAudit.PhotoCount(), after.PhotoAudit.PhotoCount()},
		AmenitiesAdded:    missingFrom(after.Amenities, before.Amenities),
		AmenitiesRemoved:  missingFrom(before.Amenities, after.Amenities),
		Sections:          []SectionChange{},
		Actions:           []ActionProgress{},
	}
	if before.OverallScore != nil && after.OverallScore != nil {
		c.Overall = &Change{*before.OverallScore, *after.OverallScore}
	}
	for _, w := range analysis.SectionWeights { // the report's order
		c.Sections = append(c.Sections, SectionChange{Section: w.Key, Before: before.SectionScores.Get(w.Key), After: after.SectionScores.Get(w.Key)})
	}
	for _, a := range before.Actions {
		c.Actions = append(c.Actions, ActionProgress{Action: a, Progress: progress(a, before, after)})
	}
	return c
}

// progress is what after shows of before's action a: gone from the new
// report's actions (same area, same thing to do) is done; still there with
// its section's score risen is partly done; else not yet.
func progress(a analysis.Action, before, after *Result) string {
	core := actionCore(a.Action)
	still := slices.ContainsFunc(after.Actions, func(b analysis.Action) bool {
		return b.Area == a.Area && actionCore(b.Action) == core
	})
	if !still {
		return ActionDone
	}
	key := areaSection(a.Area)
	if b, n := before.SectionScores.Get(key), after.SectionScores.Get(key); b != nil && n != nil && *n > *b {
		return ActionPartly
	}
	return ActionNotDone
}

// areaSection is the section score an action's area counts toward (as
// analysis.ScoreOverall scores them: the booking area is availability).
func areaSection(area string) string {
	if area == "booking" {
		return "availability"
	}
	return area
}

// missingFrom is the items of list not in other (case-insensitive), in
// list's order.
func missingFrom(list, other []string) []string {
	have := map[string]bool{}
	for _, s := range other {
		have[strings.ToLower(strings.TrimSpace(s))] = true
	}
	out := []string{}
	for _, s := range list {
		if !have[strings.ToLower(strings.TrimSpace(s))] {
			out = append(out, s)
		}
	}
	return out
}

// normalized is text compared for edits: case and spacing aside.
func normalized(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// actionCore is what an action asks, without the figures and lists this
// read filled in: its first clause, lower case, digits left out. "Add the
// ones you can, starting with … heating and iron" is the same thing to do
// whether 10 amenities are missing or 9.
func actionCore(action string) string {
	s := strings.ToLower(action)
	if i := strings.IndexAny(s, ";:,("); i >= 0 {
		s = s[:i]
	}
	s = strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, s)
	return strings.TrimRight(strings.Join(strings.Fields(s), " "), ".!")
}
