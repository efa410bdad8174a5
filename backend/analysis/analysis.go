// Package analysis holds ListingLift's analyzers. Each one is a pure
// function of what we read about a listing (its page, photos, calendar,
// reviews) and, when available, comparable listings from Inside Airbnb; it
// returns numbers computed by deterministic code, findings, and a short
// plain-language explanation that goes into the report. Nothing here calls
// the network, reads the clock or invents a figure: every rule, threshold
// and weight is written down next to the code that applies it, and every
// effect size used by the revenue projection names its source.
package analysis

import (
	"fmt"
	"math"
	"strings"

	"github.com/listinglift/listinglift/backend/numfmt"
)

// Severity ranks a finding. Task priorities are derived from the most
// severe finding of an area.
type Severity string

const (
	SeverityHigh   Severity = "high"
	SeverityMedium Severity = "medium"
	SeverityLow    Severity = "low"
	SeverityInfo   Severity = "info" // a fact worth knowing, nothing to fix
)

func (s Severity) rank() int {
	switch s {
	case SeverityHigh:
		return 3
	case SeverityMedium:
		return 2
	case SeverityLow:
		return 1
	}
	return 0
}

// Finding is one thing an analyzer noticed, with what to do about it.
type Finding struct {
	Code     string   `json:"code"` // stable identifier, e.g. "title.too_long"
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`          // what we found, in plain language
	Action   string   `json:"action,omitempty"` // what to change; empty for info
	// Evidence is what the finding rests on (Evidence), shown to the host
	// as "Why?".
	Evidence []Evidence `json:"evidence,omitempty"`
}

// Findings is a list of findings.
type Findings []Finding

// Worst returns the highest severity in fs (SeverityInfo when there are
// none).
func (fs Findings) Worst() Severity {
	w := SeverityInfo
	for _, f := range fs {
		if f.Severity.rank() > w.rank() {
			w = f.Severity
		}
	}
	return w
}

// Has reports whether fs holds a finding with code.
func (fs Findings) Has(code string) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}

// clamp limits v to [lo, hi].
func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// round1 rounds to one decimal place.
func round1(v float64) float64 { return math.Round(v*10) / 10 }

// plural returns "1 night" / "3 nights" / "2,272 listings".
func plural(n int, one, many string) string { return numfmt.Plural(n, one, many) }

// JoinList joins items as "a, b and c" (every screen's, PDF's and
// e-mail's list of parts).
func JoinList(items []string) string { return joinList(items) }

// joinList joins items as "a, b and c".
func joinList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// pct formats a share 0..1 as a whole percent.
func pct(share float64) string { return fmt.Sprintf("%.0f%%", share*100) }

// Ordinal formats a percentile as "1st", "52nd", "73rd", "90th".
func Ordinal(v float64) string { return ordinal(v) }

// ordinal formats a percentile as "1st", "52nd", "73rd", "90th".
func ordinal(v float64) string {
	n := int(math.Round(v))
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
