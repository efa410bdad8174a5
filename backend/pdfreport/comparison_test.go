package pdfreport

import (
	"bytes"
	"fmt"
	"github.com/listinglift/listinglift/backend/textcase"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/report"
)

// pdfLayout extracts the PDF's text with pdftotext -layout: a table's row
// is one line, its cells in order.
func pdfLayout(t *testing.T, pdf []byte) []string {
	t.Helper()
	bin := poppler(t, "pdftotext")
	in := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(bin, "-layout", "-enc", "UTF-8", in, "-")
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("pdftotext -layout: %v; stderr: %s", err, stderr.String())
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if l = flat(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// lineWith is the index of the first line at or after from that holds
// want (its words single-spaced), or -1.
func lineWith(lines []string, from int, want string) int {
	want = flat(want)
	for i := max(from, 0); i < len(lines); i++ {
		if strings.Contains(lines[i], want) {
			return i
		}
	}
	return -1
}

// firstWords is s's first n words: what a wrapped cell's first line holds.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}

// TestComparisonPage: a re-check's PDF opens, after its cover and before
// the action plan, with what changed since the report it re-checks — the
// web's figures and words, row by row; a bought report's PDF has no such
// page.
func TestComparisonPage(t *testing.T) {
	const long = "Spacious sunny Alfama loft with a private river-view terrace, two bedrooms, fast wifi, a dedicated workspace and the tram 28 at the door"
	cases := []struct {
		name   string
		golden string
		edit   func(*report.Result)
		rows   []string // each on one line of the layout text
		text   []string // anywhere in the text
	}{
		{
			name: "re-check golden", golden: "lisbon-recheck",
			rows: []string{
				"What changed since your report of March 2, 2026",
				"62 → 64 out of 100 +2",
				"Section Before After Change",
				"Title 90/100 75/100 −15",
				"Description 41/100 41/100 no change",
				"Photos 58/100 73/100 +15",
				"Amenities 43/100 50/100 +7",
				"Availability 35/100 35/100 no change",
				"Title Before: Sunny Alfama loft ☀ river view & terrace",
				"Now: Alfama loft with river-view terrace, 2 bedrooms, tram at the door",
				"Description Unchanged (54 words)",
				"Photos 4 → 7 (+3)",
				"Amenities Added Air conditioning",
				"Your first report's actions: 2 of 11 done",
				"Free re-check of Your report of March 2, 2026",
			},
			text: []string{comparisonIntro, "LISTING SCORE", "Listing re-check report"},
		},
		{
			name: "sections not assessed, description edited, amenities removed, a long title", golden: "lisbon-recheck",
			edit: func(r *report.Result) {
				c := r.Comparison
				c.Sections[2].Before = nil                           // photos: not assessed before
				c.Sections[5].Before, c.Sections[5].After = nil, nil // reviews: neither
				c.Overall, c.Photos = &report.Change{Before: 71, After: 64}, report.Change{Before: 12, After: 9}
				c.DescriptionEdited, c.DescriptionWords = true, report.Change{Before: 54, After: 212}
				c.AmenitiesAdded, c.AmenitiesRemoved = []string{}, []string{"Pool", "Hot tub"}
				c.TitleAfter, r.Title, r.OriginalTitle = long, long, long
				c.BeforeGeneratedAt = "2026-09-30T23:59:59Z"
				for i := range c.Actions {
					c.Actions[i].Progress = report.ActionNotDone
				}
			},
			rows: []string{
				"What changed since your report of September 30, 2026",
				"71 → 64 out of 100 −7",
				"Photos Not assessed 73/100",
				"Reviews Not assessed Not assessed",
				"Description Edited: 54 → 212 words",
				"Photos 12 → 9 (−3)",
				"Amenities No longer listed: Pool, Hot tub",
				"Your first report's actions: 0 of 11 done",
			},
			text: []string{"Now: " + long},
		},
		{
			name: "nothing changed, no actions", golden: "lisbon-recheck",
			edit: func(r *report.Result) {
				c := r.Comparison
				c.TitleBefore, c.Photos, c.AmenitiesAdded = c.TitleAfter, report.Change{Before: 7, After: 7}, nil
				c.Actions, c.BeforeGeneratedAt = nil, ""
			},
			rows: []string{
				"What changed since your report",
				"Title Unchanged",
				"Photos 7 → 7 (no change)",
				"Amenities Unchanged",
				"Free re-check of Your first report",
			},
		},
		{name: "bought report", golden: "lisbon-loft"},
		{name: "bought Basic report", golden: "sparse-vrbo"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := loadGolden(t, tc.golden)
			if tc.edit != nil {
				tc.edit(r)
			}
			pdf, err := Render(r, testOptions())
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, pdf)
			lines := pdfLayout(t, pdf)
			pages := strings.Split(text, "\f")
			if r.Comparison == nil {
				for _, absent := range []string{headComparison, "Your first report's actions", "Free re-check of", "re-check report"} {
					if contains(text, absent) {
						t.Errorf("a bought report's PDF says %q", absent)
					}
				}
				return
			}
			// Page 2, after the cover, before the detail.
			if len(pages) < 3 || !contains(pages[1], headComparison) || !contains(pages[1], "LISTING SCORE") {
				t.Errorf("page 2 is not the comparison:\n%.600s", pages[min(1, len(pages)-1)])
			}
			if at, plan := strings.Index(text, headComparison), strings.Index(text, headActions); at < 0 || plan < at {
				t.Errorf("the comparison (at %d) does not come before the action plan (at %d)", at, plan)
			}
			for _, w := range tc.rows {
				if lineWith(lines, 0, clean(t, w)) < 0 {
					t.Errorf("no line reads %q", w)
				}
			}
			for _, w := range tc.text {
				if !contains(text, clean(t, w)) {
					t.Errorf("extracted text lacks %q", w)
				}
			}
			// Every action of the first report, in its order, marked with
			// its progress on its first line.
			at := 0
			for i, a := range r.Comparison.Actions {
				want := a.Progress + " " + firstWords(a.Finding, 4)
				n := lineWith(lines, at, clean(t, want))
				if n < 0 {
					t.Errorf("action %d: no line reads %q after line %d", i+1, want, at)
					continue
				}
				if !contains(strings.Join(lines[n:], " "), clean(t, a.Action.Action)) {
					t.Errorf("action %d: %q is not shown", i+1, a.Action.Action)
				}
				at = n + 1
			}
			if len(r.Comparison.Actions) == 0 && contains(text, "Your first report's actions") {
				t.Error("an actions heading with no actions")
			}
			checkMargins(t, pdf)
		})
	}
}

func TestUpperFirst(t *testing.T) {
	if got := fmt.Sprint(textcase.UpperFirst("unchanged"), textcase.UpperFirst("")); got != "Unchanged" {
		t.Errorf("upperFirst: %q", got)
	}
}
