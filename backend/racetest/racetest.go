// Package racetest lets a test that does minutes of single-goroutine work
// under the race detector — importing a whole real snapshot, generating
// reports for every real page and its variants — be skipped in make test's
// race-detector step, saying so, and run in a step of its own without the
// detector (scripts/test.sh), which has nothing to find in it and slows it
// tenfold. The goroutines such tests pass through (photos, the copy model,
// the market step) are raced by their own packages' tests.
package racetest

import "testing"

// WithoutRace skips tb under the race detector, naming make test's step
// that runs it without.
func WithoutRace(tb testing.TB, step, what string) {
	tb.Helper()
	if Enabled {
		tb.Skipf("%s: runs without the race detector in make test's step %q", what, step)
	}
}

// The steps of scripts/test.sh that run these tests without the detector.
const (
	StepRealSnapshots = "Go: real market snapshots (no race detector)"
	StepCopyCorpus    = "Go: copy corpus (no race detector)"
	StepRealPages     = "Go: real pages and the offer table (no race detector)"
)

// RealPageTests names the tests StepRealPages runs (scripts/test.sh reads
// this line): every real page and its variants read, reported on and
// checked, the offer decided for each, and the watch's week to week on
// each (package watch). Each calls WithoutRace.
const RealPageTests = "^(TestReportClaims|TestReportClaimsOnVariants|TestVariants|TestOfferTable|TestRealPagesWeekToWeek|TestRealPagesMarketWeekToWeek|TestRealPagesTitleEditedOnThePage)$"
