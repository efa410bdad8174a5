package pdfreport

import (
	"fmt"
	"math"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/listinglift/listinglift/backend/analysis"
)

// section starts a section. Its heading is drawn with the content that
// follows it (see begin), so it never ends a page on its own; and a
// section does not start in a page's last 50 mm.
func (d *doc) section(title string) {
	d.flushPending()
	if d.y() > d.top+0.5 {
		d.ensure(50)
	}
	d.pendingH = 16
	d.pending = func() {
		if d.y() > d.top+0.5 {
			d.setY(d.y() + 6)
		}
		y := d.y()
		d.fill(brand600)
		d.pdf.Rect(d.left, y+0.9, 1.5, 6.2, "F")
		d.drawText(d.clean(title), d.left+4.5, y, d.width()-4.5, 8, style{size: 15, bold: true, color: brand900}, 'L')
		d.setY(y + 10)
	}
}

// sub is a subheading. It is drawn with the content that follows it
// (see begin), so it never ends a page on its own; a section heading
// still waiting is drawn with it.
func (d *doc) sub(title string) {
	prev, prevH := d.pending, d.pendingH
	lines := d.wrap(title, subhead, d.width())
	d.pendingH = prevH + 3 + float64(len(lines))*subhead.lineHeight() + 0.8
	d.pending = func() {
		if prev != nil {
			prev()
		}
		if d.y() > d.top+0.5 {
			d.setY(d.y() + 3)
		}
		for _, l := range lines {
			y := d.y()
			d.drawText(l.text, d.left, y, d.width(), subhead.lineHeight(), subhead, 'L')
			d.setY(y + subhead.lineHeight())
		}
		d.setY(d.y() + 0.8)
	}
}

// subKeep is a subheading followed by a short introduction and a table:
// it needs room for about keep millimetres of what follows on its page.
func (d *doc) subKeep(title string, keep float64) {
	d.sub(title)
	d.pendingH += keep
}

// block draws text on a tinted background, split between pages if long.
func (d *doc) block(text string, st style, bg rgb) {
	if strings.TrimSpace(text) == "" {
		return
	}
	d.table([]column{{weight: 1}}, [][]cell{{txt(text, st)}},
		tableOpts{padX: 3, padY: 2.2, zebra: false, fill: &bg})
	d.setY(d.y() + 1.5)
}

// explain draws the explanations of a section: the Result's explanation
// for each key, then the section's own explanation when it says
// something else. Used keys are remembered so none is left out.
func (d *doc) explain(keys []string, own ...string) {
	var texts []string
	seen := map[string]bool{}
	addText := func(s string) {
		s = strings.TrimSpace(s)
		if s != "" && !seen[s] {
			seen[s] = true
			texts = append(texts, s)
		}
	}
	for _, k := range keys {
		d.used[k] = true
		addText(d.r.Explanations[k])
	}
	for _, s := range own {
		addText(s)
	}
	if len(texts) == 0 {
		return
	}
	for _, t := range texts {
		d.shown[t] = true
	}
	d.block(strings.Join(texts, "\n"), style{size: 8.8, color: slate700}, brand50)
}

func (d *doc) none(s string) {
	d.para(s, style{size: 9, color: slate500})
	d.setY(d.y() + 1)
}

// findings lists what an analyzer noticed, with what to do about it.
func (d *doc) findings(fs analysis.Findings) {
	var rows [][]cell
	for _, f := range fs {
		if strings.TrimSpace(f.Message) == "" {
			continue
		}
		c := cell{parts: []part{{f.Message, body}}}
		if f.Action != "" {
			c.parts = append(c.parts, part{"What to do: " + f.Action, style{size: 9, bold: true, color: brand700}})
		}
		if k := d.actionNumber(f.Message); k > 0 {
			// Its evidence is said once, under the action in the plan.
			c.parts = append(c.parts, part{fmt.Sprintf("Action %d of the action plan, where its evidence is.", k), whySt})
		} else if why := Why(f.Evidence); why != "" {
			c.parts = append(c.parts, part{"Why: " + why, whySt})
		}
		b := severityLabel(string(f.Severity))
		if f.Severity == analysis.SeverityInfo {
			b = ""
		}
		rows = append(rows, []cell{{badge: b}, c})
	}
	if len(rows) == 0 {
		return
	}
	d.sub("Findings")
	d.table([]column{{weight: 0.14}, {weight: 0.86}}, rows, tableOpts{rules: true, padX: 1.5, padY: 1.6})
}

// actionNumber is the place (from 1) in the action plan of the action made
// of the finding saying message, 0 when none is.
func (d *doc) actionNumber(message string) int {
	m := strings.TrimSpace(message)
	for i, a := range d.r.Actions {
		if m != "" && strings.TrimSpace(a.Finding) == m {
			return i + 1
		}
	}
	return 0
}

// rangeSpec is a horizontal range chart: a track, the band from lo to hi,
// a tick at mid (when midLab is set) and, when marker is set, a pointer
// with its label. Labels never overlap: the band's ends are labelled on
// one row, the middle on the next.
type rangeSpec struct {
	lo, mid, hi          float64
	loLab, midLab, hiLab string
	marker               *float64
	markerLab            string
	axisMin, axisMax     *float64 // fixed ends of the axis; default padded around the values
	band                 rgb
}

// rangeChart draws s across the content width.
func (d *doc) rangeChart(s rangeSpec) {
	d.begin(29)
	y := d.y()
	x0, w := d.left+2, d.width()-4
	lo, hi := s.lo, s.hi
	if s.marker != nil {
		lo, hi = math.Min(lo, *s.marker), math.Max(hi, *s.marker)
	}
	span := hi - lo
	if span <= 0 {
		span = math.Max(math.Abs(hi)*0.2, 1)
	}
	a, b := lo-span*0.2, hi+span*0.2
	if lo >= 0 && a < 0 {
		a = 0
	}
	if s.axisMin != nil {
		a = *s.axisMin
	}
	if s.axisMax != nil {
		b = *s.axisMax
	}
	if b <= a {
		b = a + 1
	}
	X := func(v float64) float64 { return x0 + clamp((v-a)/(b-a), 0, 1)*w }
	barY, barH := y+9, 4.5

	// Marker label and pointer above the bar.
	labSt := style{size: 8.5, bold: true, color: slate900}
	if s.marker != nil {
		mx := X(*s.marker)
		lab := d.clean(s.markerLab)
		lw := d.textWidth(lab, labSt)
		lx := clamp(mx-lw/2, d.left, d.right-lw)
		d.drawText(lab, lx, y, lw, 4.5, labSt, 'L')
		d.fill(slate900)
		d.pdf.Polygon([]fpdf.PointType{{X: mx - 1.6, Y: y + 5.6}, {X: mx + 1.6, Y: y + 5.6}, {X: mx, Y: y + 8.2}}, "F")
	}
	// Track and band.
	d.fill(slate200)
	d.pdf.RoundedRect(x0, barY, w, barH, barH/2, "1234", "F")
	d.fill(s.band)
	d.pdf.Rect(X(s.lo), barY, math.Max(X(s.hi)-X(s.lo), 0.6), barH, "F")
	// Ticks.
	d.stroke(brand900)
	if s.midLab != "" {
		d.pdf.SetLineWidth(0.5)
		d.pdf.Line(X(s.mid), barY-1.2, X(s.mid), barY+barH+1.2)
	}
	d.pdf.SetLineWidth(0.3)
	d.pdf.Line(X(s.lo), barY+barH, X(s.lo), barY+barH+1.6)
	d.pdf.Line(X(s.hi), barY+barH, X(s.hi), barY+barH+1.6)
	if s.marker != nil {
		d.stroke(slate900)
		d.pdf.SetLineWidth(0.7)
		mx := X(*s.marker)
		d.pdf.Line(mx, barY-1, mx, barY+barH+1)
	}
	// Labels under the bar: the band's ends on the first row, the middle
	// on the second, so they never overlap.
	st := style{size: 8, color: slate700}
	row1, row2 := barY+barH+2, barY+barH+6.6
	loLab, hiLab, midLab := d.clean(s.loLab), d.clean(s.hiLab), d.clean(s.midLab)
	lw, hw, mw := d.textWidth(loLab, st), d.textWidth(hiLab, st), d.textWidth(midLab, st)
	lx := clamp(X(s.lo)-lw+1.5, d.left, d.right-lw)
	hx := clamp(X(s.hi)-1.5, d.left, d.right-hw)
	if lx+lw > hx-2 { // a narrow band: spread the labels apart
		mid := (X(s.lo) + X(s.hi)) / 2
		lx = clamp(mid-lw-1.5, d.left, d.right-lw-hw-3)
		hx = lx + lw + 3
	}
	d.drawText(loLab, lx, row1, lw, 4, st, 'L')
	d.drawText(hiLab, hx, row1, hw, 4, st, 'L')
	h := 27.0
	if midLab != "" {
		d.drawText(midLab, clamp(X(s.mid)-mw/2, d.left, d.right-mw), row2, mw, 4, style{size: 8, bold: true, color: brand900}, 'L')
	} else {
		h = 22
	}
	d.setY(y + h)
}
