package report

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// realPageReports generates, for every listing page in ../shared/real-pages
// that is read (refused pages are the refusal tests' business), its Basic
// and Premium reports with the built-in writer and no market, as the CLI
// makes them from a saved page.
func realPageReports(t *testing.T, each func(t *testing.T, page string, r *Result)) {
	for _, p := range listingtest.RealListings {
		page := p.File
		l, err := ingest.ReadSaved(listingtest.RealPage(t, page), p.URL, "")
		if err != nil {
			t.Fatalf("%s: %v", page, err)
		}
		for _, plan := range []domain.Plan{domain.PlanBasic, domain.PlanPremium} {
			t.Run(strings.TrimSuffix(filepath.Base(page), filepath.Ext(page))+"/"+string(plan), func(t *testing.T) {
				r, err := Generate(context.Background(), Input{Listing: l, Plan: plan, Now: clock})
				if err != nil {
					t.Fatal(err)
				}
				each(t, page, r)
			})
		}
	}
}

// TestRealPagesScoresMeasure: on every real page, no HIGH action stands in
// a section scored 80 or more (nor 65 or more), every score is its
// formula's, and each task's priority is its most important action's. On
// the old code the mehfius Arraial page (4.98★ Superhost) read "Experience
// score 49/100" and "Guest experience HIGH".
func TestRealPagesScoresMeasure(t *testing.T) {
	realPageReports(t, func(t *testing.T, page string, r *Result) {
		for _, a := range r.Actions {
			if s := r.SectionScores.Get(analysis.SectionOf(a.Area)); s != nil && *s >= 80 && a.Priority == analysis.High {
				t.Errorf("HIGH action in the %s section scored %d: %s", a.Area, *s, a.Finding)
			}
		}
		checkScores(t, r)
	})
}
