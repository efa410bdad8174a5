package pdfreport

import (
	"math"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
)

func (d *doc) fill(c rgb)   { d.pdf.SetFillColor(c.r, c.g, c.b) }
func (d *doc) stroke(c rgb) { d.pdf.SetDrawColor(c.r, c.g, c.b) }

// scoreColor grades a 0–100 score: green from 70, amber from 40, red below.
// scoreColor grades a 0–100 score by its band (analysis.Band): green
// good or strong, amber room to grow, red needs attention.
func scoreColor(v float64) rgb {
	switch analysis.Band(int(math.Round(v))) {
	case analysis.BandStrong, analysis.BandGood:
		return green600
	case analysis.BandRoom:
		return amber500
	}
	return red600
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// bar draws a 0–100 value as a rounded horizontal bar of width w.
func (d *doc) bar(x, y, w, h, value float64, c rgb) {
	d.fill(slate200)
	d.pdf.RoundedRect(x, y, w, h, h/2, "1234", "F")
	fw := w * clamp(value, 0, 100) / 100
	if fw > 0 {
		d.fill(c)
		r := math.Min(h/2, fw/2)
		d.pdf.RoundedRect(x, y, fw, h, r, "1234", "F")
	}
}

// badgeColors are SPEC's priority colours: HIGH red, MEDIUM yellow,
// anything else green — except an area not assessed, grey.
func badgeColors(label string) (bg, fg rgb) {
	switch strings.ToUpper(strings.TrimSpace(label)) {
	case "HIGH":
		return red600, white
	case "MEDIUM":
		return yellow400, yellow900
	case analysis.NotAssessed:
		return slate200, slate700
	}
	return green600, white
}

var badgeStyle = style{size: 7, bold: true, color: white}

const badgeH = 4.6

// badge draws a priority label as a coloured pill at (x, y).
func (d *doc) badge(label string, x, y float64) float64 {
	label = d.clean(strings.ToUpper(strings.TrimSpace(label)))
	bg, fg := badgeColors(label)
	return d.drawPill(pill{label, bg, fg}, x, y)
}

// pill is a short label on a coloured background, drawn as written (a
// badge is a pill of a priority, in capitals).
type pill struct {
	text   string
	bg, fg rgb
}

func (d *doc) pillWidth(text string) float64 { return d.textWidth(d.clean(text), badgeStyle) + 4 }

// drawPill draws p at (x, y) and returns its width.
func (d *doc) drawPill(p pill, x, y float64) float64 {
	text := d.clean(p.text)
	w := d.pillWidth(text)
	d.fill(p.bg)
	d.pdf.RoundedRect(x, y, w, badgeH, 1.2, "1234", "F")
	st := badgeStyle
	st.color = p.fg
	d.drawText(text, x, y, w, badgeH, st, 'C')
	return w
}

// severityLabel maps an analysis severity to the badge words.
func severityLabel(s string) string {
	switch strings.ToLower(s) {
	case "high":
		return "HIGH"
	case "medium":
		return "MEDIUM"
	case "low":
		return "LOW"
	case "":
		return ""
	}
	return strings.ToUpper(s)
}

// item is one vertical piece of a table cell: a wrapped line, a badge or
// a bar. Cells are lists of items so a row taller than a page can be
// split between items.
type item struct {
	h    float64
	draw func(x, y, w float64)
}

// part is a paragraph of a cell.
type part struct {
	text string
	st   style
}

// cell is a table cell: an optional badge (or other pill), an optional
// 0–100 bar, then paragraphs.
type cell struct {
	badge  string
	pill   *pill // drawn when there is no badge
	hasBar bool
	bar    float64
	parts  []part
	align  byte
}

func txt(s string, st style) cell { return cell{parts: []part{{s, st}}} }

func (c cell) right() cell { c.align = 'R'; return c }

type column struct {
	head   string
	weight float64 // share of the table width
	align  byte
}

type tableOpts struct {
	header  bool
	zebra   bool
	rules   bool // a hairline under each row
	padX    float64
	padY    float64
	headFil rgb
	fill    *rgb // a background for every row
}

var defaultTable = tableOpts{header: true, zebra: true, rules: true, padX: 1.8, padY: 1.4, headFil: brand50}

// items lays out a cell for column width w.
func (d *doc) items(c cell, w float64) []item {
	var out []item
	p := c.pill
	if c.badge != "" {
		label := d.clean(strings.ToUpper(strings.TrimSpace(c.badge)))
		bg, fg := badgeColors(label)
		p = &pill{label, bg, fg}
	}
	if p != nil {
		out = append(out, item{badgeH + 1, func(x, y, cw float64) {
			bx := x
			switch c.align {
			case 'R':
				bx = x + cw - d.pillWidth(p.text)
			case 'C':
				bx = x + (cw-d.pillWidth(p.text))/2
			}
			d.drawPill(*p, bx, y+0.2)
		}})
	}
	if c.hasBar {
		v := c.bar
		out = append(out, item{3.2, func(x, y, cw float64) { d.bar(x, y+0.6, cw, 2.2, v, scoreColor(v)) }})
	}
	for i, p := range c.parts {
		if strings.TrimSpace(p.text) == "" {
			continue
		}
		if i > 0 && len(out) > 0 {
			out = append(out, item{0.8, func(float64, float64, float64) {}})
		}
		lh := p.st.lineHeight()
		st := p.st
		align := c.align
		if align == 0 {
			align = 'L'
		}
		for _, l := range d.wrap(strings.TrimSpace(p.text), st, w) {
			text := l.text
			out = append(out, item{lh, func(x, y, cw float64) { d.drawText(text, x, y, cw, lh, st, align) }})
		}
	}
	return out
}

func itemsHeight(its []item) float64 {
	h := 0.0
	for _, it := range its {
		h += it.h
	}
	return h
}

// table draws rows under column headings across the content width. A row
// that does not fit on the page moves to the next one, with the headings
// repeated; a row taller than a whole page is split between lines.
func (d *doc) table(cols []column, rows [][]cell, o tableOpts) {
	if len(rows) == 0 || len(cols) == 0 {
		return
	}
	total := 0.0
	for _, c := range cols {
		total += c.weight
	}
	ws := make([]float64, len(cols))
	xs := make([]float64, len(cols))
	x := d.left
	for i, c := range cols {
		ws[i] = d.width() * c.weight / total
		xs[i] = x
		x += ws[i]
	}
	inner := func(i int) float64 { return ws[i] - 2*o.padX }

	headH := 0.0
	var headItems [][]item
	if o.header {
		for i, c := range cols {
			its := d.items(cell{parts: []part{{c.head, label}}, align: c.align}, inner(i))
			headItems = append(headItems, its)
			headH = math.Max(headH, itemsHeight(its))
		}
		headH += 2 * o.padY
	}
	drawHead := func() {
		if !o.header {
			return
		}
		y := d.y()
		d.fill(o.headFil)
		d.pdf.Rect(d.left, y, d.width(), headH, "F")
		for i := range cols {
			yy := y + o.padY
			for _, it := range headItems[i] {
				it.draw(xs[i]+o.padX, yy, inner(i))
				yy += it.h
			}
		}
		d.setY(y + headH)
	}
	// Lay out every row first: a short table is kept on one page, a long
	// one keeps at least its headings with its first row.
	laid := make([][][]item, len(rows))
	heights := make([]float64, len(rows))
	tableH := headH
	for ri, row := range rows {
		laid[ri] = make([][]item, len(cols))
		for i := range cols {
			c := cell{}
			if i < len(row) {
				c = row[i]
			}
			if c.align == 0 {
				c.align = cols[i].align
			}
			laid[ri][i] = d.items(c, inner(i))
			heights[ri] = math.Max(heights[ri], itemsHeight(laid[ri][i]))
		}
		heights[ri] += 2 * o.padY
		tableH += heights[ri]
	}
	const short = 60.0 // millimetres
	if tableH <= short {
		d.begin(tableH)
	} else {
		// At least its first two rows (or 40 mm of them) with the
		// headings: one row alone at a page's foot reads as the whole table.
		first := heights[0]
		if len(heights) > 1 {
			first += heights[1]
		}
		d.begin(headH + math.Min(first, 40))
	}
	drawHead()
	prev := d.tableHeader
	d.tableHeader = drawHead
	defer func() { d.tableHeader = prev }()

	full := d.bottom - d.top - headH
	for ri := range rows {
		cells := laid[ri]
		need := 0.0
		for _, its := range cells {
			need = math.Max(need, itemsHeight(its))
		}
		need += 2 * o.padY
		// A row that does not fit moves whole to the next page when it is
		// short (a finding, a table line) or too little of it would fit
		// here; a tall one (a description, a long list) starts here and
		// goes on over the page, so no page is left half empty for it.
		if avail := d.bottom - d.y(); need > avail && need <= full && (need <= keepWhole || avail < minSplit) {
			d.newPage()
		}
		for {
			avail := d.bottom - d.y() - 2*o.padY
			// Take, per cell, the items that fit.
			take := make([]int, len(cols))
			segH := 0.0
			done := true
			for i, its := range cells {
				h := 0.0
				n := 0
				for n < len(its) && h+its[n].h <= avail+1e-6 {
					h += its[n].h
					n++
				}
				take[i] = n
				segH = math.Max(segH, h)
				if n < len(its) {
					done = false
				}
			}
			if segH == 0 && !done {
				d.newPage()
				continue
			}
			y := d.y()
			rowH := segH + 2*o.padY
			switch {
			case o.fill != nil:
				d.fill(*o.fill)
				d.pdf.Rect(d.left, y, d.width(), rowH, "F")
			case o.zebra && ri%2 == 1:
				d.fill(slate50)
				d.pdf.Rect(d.left, y, d.width(), rowH, "F")
			}
			for i, its := range cells {
				yy := y + o.padY
				for _, it := range its[:take[i]] {
					it.draw(xs[i]+o.padX, yy, inner(i))
					yy += it.h
				}
				cells[i] = its[take[i]:]
			}
			if o.rules {
				d.stroke(slate200)
				d.pdf.SetLineWidth(0.2)
				d.pdf.Line(d.left, y+rowH, d.right, y+rowH)
			}
			d.setY(y + rowH)
			if done {
				break
			}
			d.newPage()
		}
	}
	d.gap(1.2)
}

// keepWhole is the tallest row (mm) never split between pages; minSplit
// is the least room (mm) a taller row starts in before it goes on over
// the page: about six lines, so a page never ends on a stray line or two.
const (
	keepWhole = 45.0
	minSplit  = 25.0
)

// kv draws label–value pairs as a two-column table without headings.
func (d *doc) kv(pairs [][2]string) {
	var rows [][]cell
	for _, p := range pairs {
		if strings.TrimSpace(p[1]) == "" {
			continue
		}
		rows = append(rows, []cell{txt(p[0], small), txt(p[1], body)})
	}
	if len(rows) == 0 {
		return
	}
	if d.pending == nil {
		d.gap(1.5)
	}
	o := defaultTable
	o.header = false
	d.table([]column{{weight: 0.32}, {weight: 0.68}}, rows, o)
}

// bullets draws a list, one row per item.
func (d *doc) bullets(list []string, st style) {
	var rows [][]cell
	for _, s := range list {
		if strings.TrimSpace(s) == "" {
			continue
		}
		rows = append(rows, []cell{txt("•", st), txt(s, st)})
	}
	d.table([]column{{weight: 0.03}, {weight: 0.97}}, rows, tableOpts{padX: 0.6, padY: 0.7})
}
