package pdfreport

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/report"
)

// minFill is the least share of a page's content box a page other than the
// last may fill (from the top of the box to its lowest ink): a page left
// more than half empty is one a forced break or a row kept whole made.
// Keeping a heading with its content (section: 50 mm, a short table: 60
// mm) leaves at most about a quarter of a page.
const minFill = 0.5

// pageTexts is the text of each page, as pdftotext splits them.
func pageTexts(t *testing.T, pdf []byte) []string {
	t.Helper()
	pages := strings.Split(pdfText(t, pdf), "\f")
	if n := len(pages); n > 0 && strings.TrimSpace(pages[n-1]) == "" {
		pages = pages[:n-1]
	}
	return pages
}

// pageFills is, for each page, the share of its content box (22 mm from
// the top to 18 mm from the bottom, the header and footer left out) above
// its lowest inked row, from pdftoppm's rendering.
func pageFills(t *testing.T, pdf []byte) []float64 {
	t.Helper()
	const dpi = 30
	dir, n := renderPages(t, pdf, dpi)
	m, err := filepath.Glob(filepath.Join(dir, "page*.png"))
	if err != nil || len(m) != n {
		t.Fatalf("pages: %v", err)
	}
	fills := make([]float64, 0, n)
	for _, f := range m { // pdftoppm pads the page numbers, so they sort
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		px := float64(dpi) / 25.4 // pixels a millimetre
		bd := img.Bounds()
		top, bottom := int(22*px), bd.Max.Y-int(18*px)
		last := top
		for y := top; y < bottom; y++ {
			for x := bd.Min.X; x < bd.Max.X; x++ {
				if r, g, b, _ := img.At(x, y).RGBA(); r < 0xf000 || g < 0xf000 || b < 0xf000 {
					last = y
					break
				}
			}
		}
		fills = append(fills, float64(last-top)/float64(bottom-top))
	}
	return fills
}

// realPremiumReports are the Premium reports of every real listing page,
// made as `listinglift analyze PAGE --plan premium` makes them (built-in
// writer, no market database, photos not fetched).
func realPremiumReports(t *testing.T, each func(t *testing.T, r *report.Result)) {
	for _, p := range listingtest.RealListings {
		l, err := ingest.ReadSaved(listingtest.RealPage(t, p.File), p.URL, "")
		if err != nil {
			t.Fatalf("%s: %v", p.File, err)
		}
		t.Run(strings.TrimSuffix(filepath.Base(p.File), filepath.Ext(p.File)), func(t *testing.T) {
			r, err := report.Generate(context.Background(), report.Input{Listing: l, Plan: domain.PlanPremium, Now: func() time.Time { return testNow }})
			if err != nil {
				t.Fatal(err)
			}
			each(t, r)
		})
	}
}

// checkFits: page 1 holds the listing score and "Do these first" with the
// first 3 of Result.Actions; no page but the last is under minFill full;
// no photo is named by its file name; and no Why line says a thing twice.
func checkFits(t *testing.T, r *report.Result) {
	t.Helper()
	pdf, err := Render(r, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	pages := pageTexts(t, pdf)
	if len(pages) == 0 {
		t.Fatal("no pages")
	}
	one := pages[0]
	if !contains(one, "Listing score") || (r.OverallScore != nil && !contains(one, "out of 100")) {
		t.Errorf("page 1 lacks the listing score:\n%s", one)
	}
	if len(r.Actions) > 0 && !contains(one, headDoFirst) {
		t.Errorf("page 1 lacks %q:\n%s", headDoFirst, one)
	}
	for i, a := range r.Actions[:min(doFirst, len(r.Actions))] {
		if !contains(one, a.Finding) {
			t.Errorf("page 1 lacks action %d, %q", i+1, a.Finding)
		}
	}
	fills := pageFills(t, pdf)
	if len(fills) != len(pages) {
		t.Fatalf("%d pages rendered, %d in the text", len(fills), len(pages))
	}
	for i, f := range fills[:len(fills)-1] {
		if f < minFill {
			t.Errorf("page %d of %d is %.0f%% full, under %.0f%%", i+1, len(fills), 100*f, 100*minFill)
		}
	}
	text := strings.Join(pages, "\n")
	for _, u := range r.ImageURLs {
		if name := fileName(u); name != "" && contains(text, name) {
			t.Errorf("a photo is named by its file name %q", name)
		}
	}
	for _, a := range r.Actions {
		checkWhyOnce(t, Why(a.Evidence))
	}
	t.Logf("%d pages, filled %v", len(fills), fills)
}

// checkWhyOnce fails when a Why line says a sentence, or what one
// sentence is about ("Your page lists 37 amenities"), twice.
func checkWhyOnce(t *testing.T, why string) {
	t.Helper()
	seen := map[string]bool{}
	for _, s := range strings.Split(why, "; ") {
		subject, _, _ := strings.Cut(s, " — ")
		if seen[subject] {
			t.Errorf("the Why line says %q twice: %s", subject, why)
		}
		seen[subject] = true
	}
}

// TestPDFFitsItsContent: issue 43's "18 pages with page 1 half empty and
// 'Do these first' pushed to page 2", on the golden reports and the
// Premium report of every real listing page.
func TestPDFFitsItsContent(t *testing.T) {
	poppler(t, "pdftoppm")
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) { checkFits(t, loadGolden(t, g.name)) })
	}
	realPremiumReports(t, checkFits)
}

// TestActionPlanIsTheRankedList: the action plan lists Result.Actions in
// their order, numbered, one row an action: SPEC's five task areas with
// fillers ("No problems found", "No orphan gaps") are gone, and fewer
// actions give fewer rows.
func TestActionPlanIsTheRankedList(t *testing.T) {
	all := loadGolden(t, "lisbon-loft").Actions
	if len(all) < 5 {
		t.Fatalf("the golden has %d actions; the test needs 5", len(all))
	}
	for _, n := range []int{len(all), 4, 2, 0} {
		r := loadGolden(t, "lisbon-loft")
		r.Actions = r.Actions[:n]
		if r.TaskPriorities.Reasons == nil {
			r.TaskPriorities.Reasons = map[string]string{}
		}
		r.TaskPriorities.Reasons["booking_priority"] = "No orphan gaps."
		r.TaskPriorities.Reasons["experience_priority"] = "No problems found."
		pdf, err := Render(r, testOptions())
		if err != nil {
			t.Fatal(err)
		}
		text := flat(pdfText(t, pdf))
		for _, filler := range []string{"Task priorities", "No orphan gaps", "No problems found"} {
			if strings.Contains(text, filler) {
				t.Errorf("%d actions: the PDF says %q", n, filler)
			}
		}
		start, end := strings.Index(text, headEveryAction), strings.Index(text, headTitle)
		if n == 0 {
			if start >= 0 || strings.Contains(text, headDoFirst) {
				t.Error("no actions, yet an action list is drawn")
			}
			continue
		}
		if start < 0 || end < start {
			t.Fatalf("%d actions: no %q before %q", n, headEveryAction, headTitle)
		}
		plan := text[start:end]
		at := 0
		for i, a := range r.Actions {
			j := strings.Index(plan[at:], flat(a.Finding))
			if j < 0 {
				t.Fatalf("%d actions: action %d, %q, is not in the plan after action %d", n, i+1, a.Finding, i)
			}
			at += j + 1
		}
		for _, a := range all[n:] { // fewer actions, fewer rows: none stands in for them
			if strings.Contains(plan, flat(a.Finding)) {
				t.Errorf("%d actions: the plan lists %q", n, a.Finding)
			}
		}
	}
}

// TestNoOptimizedTitleWhenNothingToFix: a title scoring 100 with no
// finding (issue 43: "Title 100/100 · No problems found" with an
// "optimized title" offered anyway) gets alternatives, none called the
// optimized title; a title with findings keeps its recommendation.
func TestNoOptimizedTitleWhenNothingToFix(t *testing.T) {
	for _, tc := range []struct {
		name     string
		score    int
		findings bool
		want     []string
		not      []string
	}{
		{"100, no finding", 100, false, []string{"Alternative titles", analysis.TitleAlternativesNote}, []string{"optimized title", "Title options"}},
		{"100 with a finding", 100, true, []string{"Title options", "Recommended: the optimized title"}, []string{"Alternative titles"}},
		{"90, no finding", 90, false, []string{"Alternative titles"}, []string{"optimized title"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := loadGolden(t, "lisbon-loft")
			if len(r.TitleAnalysis.Findings) == 0 || len(r.TitleSuggestions) == 0 {
				t.Fatal("the golden's title needs findings and suggestions")
			}
			r.TitleAnalysis.Score = tc.score
			if !tc.findings {
				r.TitleAnalysis.Findings = nil
			}
			// As the report decides it (report.Generate).
			r.OptimizedTitle, r.Explanations["optimized_title"] = r.TitleSuggestions[0], ""
			if !analysis.OffersOptimizedTitle(r.TitleAnalysis) {
				r.OptimizedTitle, r.Explanations["optimized_title"] = "", analysis.TitleAlternativesNote
			}
			pdf, err := Render(r, testOptions())
			if err != nil {
				t.Fatal(err)
			}
			text := flat(pdfText(t, pdf))
			for _, w := range tc.want {
				if !strings.Contains(text, flat(w)) {
					t.Errorf("lacks %q", w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(text, n) {
					t.Errorf("says %q", n)
				}
			}
		})
	}
}
