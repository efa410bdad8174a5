package pdfreport

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/textcase"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/report"
)

// A re-check's report (issue 18) opens, after its cover, with what changed
// since the report it re-checks: the same figures and words as the web's
// comparison (frontend …/report/comparison.tsx), from the two reports
// only. A bought report (no Comparison) has no such page.

// headComparison starts the page; " of <date>" follows when the first
// report's date is known.
const headComparison = "What changed since your report"

const comparisonIntro = "We read your listing again. Everything below compares what this read shows with your first report."

// Wording shared with the web.
const (
	textUnchanged   = "unchanged"
	textNotAssessed = "Not assessed"
)

// comparison draws the re-check's "what changed" page, if the report is a
// re-check.
func (d *doc) comparison() {
	c := d.r.Comparison
	if c == nil {
		return
	}
	if d.pdf.PageNo() == 1 {
		d.newPage() // what changed opens page 2, after the cover
	}
	d.section(comparisonHeading(c))
	d.para(comparisonIntro, body)
	d.gap(4)
	d.comparisonScore(c)

	d.sub("Section scores")
	var rows [][]cell
	for _, s := range c.Sections {
		name := s.Section
		for _, w := range analysis.SectionWeights {
			if w.Key == s.Section {
				name = w.Name
			}
		}
		row := []cell{txt(name, strong), txt(sideText(s.Before), sideStyle(s.Before, false)).right(), txt(sideText(s.After), sideStyle(s.After, true)).right(), {}}
		if s.Before != nil && s.After != nil {
			ch := report.Change{Before: *s.Before, After: *s.After}
			row[3] = txt(ch.Text(), style{size: 9.5, bold: true, color: changeColor(ch)}).right()
		}
		rows = append(rows, row)
	}
	d.table([]column{{head: "Section", weight: 0.4}, {head: "Before", weight: 0.2, align: 'R'}, {head: "After", weight: 0.2, align: 'R'}, {head: "Change", weight: 0.2, align: 'R'}}, rows, defaultTable)

	d.sub("Your listing")
	d.listingChanges(c)

	if len(c.Actions) > 0 {
		d.sub(c.ActionsDoneText())
		rows = nil
		for _, a := range c.Actions {
			bg, fg := progressColors(a.Progress)
			t := cell{parts: []part{{a.Finding, body}}}
			if strings.TrimSpace(a.Action.Action) != "" {
				t.parts = append(t.parts, part{a.Action.Action, style{size: 9.5, bold: true, color: slate900}})
			}
			rows = append(rows, []cell{{pill: &pill{a.Progress, bg, fg}}, t})
		}
		d.table([]column{{weight: 0.13}, {weight: 0.87}}, rows, tableOpts{rules: true, padX: 1.5, padY: 1.8})
	}
}

// comparisonHeading is "What changed since your report of March 2, 2026".
func comparisonHeading(c *report.Comparison) string {
	if day := beforeDate(c); day != "" {
		return headComparison + " of " + day
	}
	return headComparison
}

// beforeDate is the re-checked report's date, "March 2, 2026" ("" when
// unknown).
func beforeDate(c *report.Comparison) string {
	t, err := time.Parse(time.RFC3339, c.BeforeGeneratedAt)
	if err != nil || t.IsZero() {
		return ""
	}
	return t.UTC().Format(analysis.DateLayout)
}

// comparisonScore draws the listing score before → after on a tinted
// band, with the change and the new read's band.
func (d *doc) comparisonScore(c *report.Comparison) {
	if c.Overall == nil {
		return // one side had too little read for a listing score: the sections say it
	}
	const h = 21.0
	d.begin(h + 4)
	y := d.y()
	d.fill(brand50)
	d.pdf.RoundedRect(d.left, y, d.width(), h, 2.5, "1234", "F")
	x := d.left + 6
	d.drawText("LISTING SCORE", x, y+3.5, 60, 4, style{size: 7.5, bold: true, color: brand700}, 'L')
	rowY, rowH := y+8.5, 10.0
	for _, p := range []struct {
		s  string
		st style
	}{
		{fmt.Sprint(c.Overall.Before), style{size: 22, bold: true, color: slate500}},
		{" → ", style{size: 18, bold: true, color: slate400}},
		{fmt.Sprint(c.Overall.After), style{size: 22, bold: true, color: scoreColor(float64(c.Overall.After))}},
	} {
		w := d.textWidth(p.s, p.st)
		d.drawText(p.s, x, rowY, w, rowH, p.st, 'L')
		x += w
	}
	d.drawText("out of 100", x+2.5, rowY+1.2, 30, rowH, muted, 'L')
	x += 2.5 + d.textWidth("out of 100", muted) + 6
	delta := c.Overall.Text()
	dst := style{size: 12, bold: true, color: changeColor(*c.Overall)}
	d.drawText(delta, x, rowY, d.textWidth(delta, dst), rowH, dst, 'L')
	if band := strings.TrimSpace(d.r.OverallBand); band != "" {
		st := style{size: 10, bold: true, color: scoreColor(float64(c.Overall.After))}
		d.drawText(d.clean(band), d.right-66, rowY, 60, rowH, st, 'R')
		d.drawText("NOW", d.right-66, y+3.5, 60, 4, style{size: 7.5, bold: true, color: brand700}, 'R')
	}
	d.setY(y + h + 2)
}

// listingChanges draws what the new read shows of the listing itself:
// title, description, photos and amenities, as the web words them.
func (d *doc) listingChanges(c *report.Comparison) {
	labelSt := style{size: 9.5, bold: true, color: slate700}
	title := txt(textcase.UpperFirst(textUnchanged), body)
	if strings.TrimSpace(c.TitleBefore) != strings.TrimSpace(c.TitleAfter) {
		title = cell{parts: []part{
			{"Before: " + orNone(c.TitleBefore), style{size: 9, color: slate500}},
			{"Now: " + orNone(c.TitleAfter), style{size: 9.5, bold: true, color: slate900}},
		}}
	}
	desc := fmt.Sprintf("Unchanged (%s)", plural(c.DescriptionWords.After, "word", "words"))
	if c.DescriptionEdited {
		desc = fmt.Sprintf("Edited: %d → %s", c.DescriptionWords.Before, plural(c.DescriptionWords.After, "word", "words"))
	}
	photos := fmt.Sprintf("%d → %d (%s)", c.Photos.Before, c.Photos.After, c.Photos.Text())
	amen := cell{}
	if len(c.AmenitiesAdded) > 0 {
		amen.parts = append(amen.parts, part{"Added " + strings.Join(c.AmenitiesAdded, ", "), body})
	}
	if len(c.AmenitiesRemoved) > 0 {
		amen.parts = append(amen.parts, part{"No longer listed: " + strings.Join(c.AmenitiesRemoved, ", "), body})
	}
	if len(amen.parts) == 0 {
		amen = txt(textcase.UpperFirst(textUnchanged), body)
	}
	rows := [][]cell{
		{txt("Title", labelSt), title},
		{txt("Description", labelSt), txt(desc, body)},
		{txt("Photos", labelSt), txt(photos, body)},
		{txt("Amenities", labelSt), amen},
	}
	o := defaultTable
	o.header = false
	o.padY = 1.8
	d.table([]column{{weight: 0.2}, {weight: 0.8}}, rows, o)
}

func changeColor(c report.Change) rgb {
	switch {
	case c.After > c.Before:
		return green700
	case c.After < c.Before:
		return red700
	}
	return slate500
}

// sideText is a section score on one side, or "Not assessed".
func sideText(v *int) string {
	if v == nil {
		return textNotAssessed
	}
	return fmt.Sprintf("%d/100", *v)
}

func sideStyle(v *int, after bool) style {
	switch {
	case v == nil:
		return style{size: 9.5, color: slate500}
	case after:
		return strong
	}
	return body
}

// progressColors are the web's colours of an action's progress: done
// green, partly done amber, not yet grey.
func progressColors(p string) (bg, fg rgb) {
	switch p {
	case report.ActionDone:
		return green200, green800
	case report.ActionPartly:
		return amber200, amber900
	}
	return slate200, slate700
}

func orNone(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(none read)"
	}
	return s
}
