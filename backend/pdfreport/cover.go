package pdfreport

import (
	"fmt"
	"math"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
)

func (d *doc) cover() {
	d.pdf.AddPage()
	bandH := 38.0 // compact: page 1 also holds the score and "Do these first"
	d.fill(brand700)
	d.pdf.Rect(0, 0, d.pageW, bandH, "F")
	d.fill(brand600)
	d.pdf.Rect(0, bandH, d.pageW, 1.2, "F")
	prod := d.ellipsize(d.product, style{size: 13, bold: true}, d.width()/2)
	d.drawText(prod, d.left, 8.5, d.width()/2, 6, style{size: 13, bold: true, color: white}, 'L')
	kind := strings.ToUpper(d.reportName())
	d.drawText(d.clean(kind), d.left+d.width()/2, 9, d.width()/2, 5, style{size: 8, bold: true, color: brand200}, 'R')
	heading := "Listing optimization report"
	if d.r.Comparison != nil {
		heading = "Listing re-check report" // what changed comes first, on the next page
	}
	d.drawText(heading, d.left, 16.5, d.width(), 10, style{size: 22, bold: true, color: white}, 'L')
	d.drawText("Prepared "+d.date(), d.left, 28, d.width(), 5, style{size: 10, color: brand100}, 'L')

	d.setY(bandH + 7)
	d.para("LISTING", label)
	title := strings.TrimSpace(d.r.Title)
	if title == "" {
		title = strings.TrimSpace(d.r.OriginalTitle)
	}
	if title == "" {
		title = "Untitled listing"
	}
	d.para(title, style{size: 17, bold: true, color: slate900})
	d.setY(d.y() + 0.8)
	d.para(joinNonEmpty(" · ", titleCase(d.r.Platform), d.r.Location), style{size: 10.5, color: slate600})
	if d.r.ListingURL != "" {
		d.para(d.r.ListingURL, style{size: 8.5, color: brand600})
	}
	if n := strings.TrimSpace(d.r.LayoutNotice); n != "" {
		// Before anything the report says: it rests on part of the page.
		d.setY(d.y() + 3)
		d.para(n, style{size: 9.5, bold: true, color: red600})
	}
	d.setY(d.y() + 5)
	d.stroke(slate200)
	d.pdf.SetLineWidth(0.3)
	d.pdf.Line(d.left, d.y(), d.right, d.y())
	d.setY(d.y() + 5)

	d.coverScore()
	d.setY(d.y() + 2)
	d.coverTilesAndActions()
	if a := strings.TrimSpace(d.r.Attribution); a != "" {
		// Under what page 1 shows, not at its foot: the action plan
		// follows on the same page when there is room.
		d.begin(5)
		d.drawText(d.ellipsize(a, muted, d.width()), d.left, d.y(), d.width(), 4, muted, 'L')
		d.setY(d.y() + 5)
	}
}

// coverTilesAndActions draws the guest rating and revenue cards, then "Do
// these first", on page 1: the actions with their evidence when that fits,
// else without it (the action plan after has it). When even that does not
// fit, "Do these first" comes before the cards, which go on the next page
// whole: page 1 always holds the score and the first actions, and a card's
// sentence is never cut (a basis cut short could not be checked).
func (d *doc) coverTilesAndActions() {
	room := d.bottom - d.y() - 6 // the attribution line under them
	tiles := d.tilesHeight()
	switch {
	case tiles+d.coverActionsHeight(true) <= room:
		d.coverTiles()
		d.coverActions(true)
	case tiles+d.coverActionsHeight(false) <= room:
		d.coverTiles()
		d.coverActions(false)
	default:
		d.coverActions(false)
		d.coverTiles()
	}
}

// tilesHeight is how much room coverTiles takes.
func (d *doc) tilesHeight() float64 {
	h, _, _ := d.tileLayout()
	return h + 6
}

type tile struct{ label, value, note string }

// tileLayout lays out the guest rating and revenue potential cards: the
// cards' height, their texts and notes.
func (d *doc) tileLayout() (float64, []tile, [][]line) {
	rf := RatingFigure(d.r)
	rating, ratingNote := rf.Value, d.r.Explanations["guest_rating"]
	if !rf.Assessed() {
		// The explanation speaks of SPEC's default card value, which is
		// not shown: say why there is no rating instead.
		ratingNote = rf.Why
	}
	d.used["guest_rating"] = true
	// The revenue card's figure and sentence are decided once
	// (RevenueProjection.Card): money a month with its basis, or what the
	// figure would need — never a percentage.
	rev, revNote := d.r.RevenueProjections.Card()
	revLabel := "REVENUE POTENTIAL"
	if n, ok := strings.CutSuffix(revNote, " "+analysis.RevenueCaveat); ok {
		// The caveat moves into the label, so the actions below still fit
		// on page 1.
		revNote, revLabel = n, "REVENUE POTENTIAL · AN ESTIMATE, NOT A GUARANTEE"
	}
	tiles := []tile{
		{"GUEST RATING", rating, ratingNote},
		{revLabel, rev, revNote},
	}
	h := 0.0
	notes := make([][]line, len(tiles))
	for i, t := range tiles {
		inner := d.tileWidths()[i] - 10
		// Up to 8 lines: the revenue basis names each input and its source,
		// and a basis cut short could not be checked.
		notes[i] = d.wrap(strings.TrimSpace(t.note), tileNoteSt, inner)
		if n := 8; len(notes[i]) > n {
			notes[i] = notes[i][:n]
			notes[i][n-1].text = d.ellipsize(notes[i][n-1].text+" …", tileNoteSt, inner)
		}
		h = math.Max(h, 19+float64(len(notes[i]))*tileNoteSt.lineHeight())
	}
	return h, tiles, notes
}

var tileNoteSt = style{size: 8, color: slate600}

// tileWidths are the two cards' widths. The revenue tile is the wider:
// its sentence names each input of its money figure, the rating's only
// where the rating was read.
func (d *doc) tileWidths() []float64 {
	const gap = 6.0
	return []float64{(d.width() - gap) * 0.4, (d.width() - gap) * 0.6}
}

// coverTiles draws the guest rating and revenue potential cards.
func (d *doc) coverTiles() {
	const gap = 6.0
	widths := d.tileWidths()
	noteSt := tileNoteSt
	h, tiles, notes := d.tileLayout()
	d.begin(h)
	y := d.y()
	x := d.left
	for i, t := range tiles {
		tw := widths[i]
		inner := tw - 10
		d.fill(brand50)
		d.pdf.RoundedRect(x, y, tw, h, 2.5, "1234", "F")
		d.drawText(t.label, x+5, y+4, inner, 4, style{size: 7.5, bold: true, color: brand700}, 'L')
		// A money range ("+$220 to +$540 a month") is wider than a rating:
		// the figure shrinks to fit its tile rather than run off it.
		vs := style{size: 20, bold: true, color: brand900}
		for vs.size > 12 && d.textWidth(d.clean(t.value), vs) > inner {
			vs.size--
		}
		d.drawText(d.clean(t.value), x+5, y+8.5, inner, 9, vs, 'L')
		ly := y + 18
		for _, l := range notes[i] {
			d.drawText(l.text, x+5, ly, inner, noteSt.lineHeight(), noteSt, 'L')
			ly += noteSt.lineHeight()
		}
		x += tw + gap
	}
	d.setY(y + h + 6)
}

// doFirst is how many of the report's ranked actions page 1 shows, as
// the web's "Do these first" and the e-mail do (Result.Actions' first 3).
const doFirst = 3

// headDoFirst heads them, in the web's and the e-mail's words.
const headDoFirst = "Do these first"

func (d *doc) doFirstActions() []analysis.Action {
	return d.r.Actions[:min(doFirst, len(d.r.Actions))]
}

// coverActionsHeight is the room "Do these first" takes, with or without
// each action's evidence; 0 with no actions.
func (d *doc) coverActionsHeight(withWhy bool) float64 {
	recs := d.doFirstActions()
	if len(recs) == 0 {
		return 0
	}
	rows, w := d.actionRows(recs, true, withWhy)
	need := 9.0
	for _, r := range rows {
		h := 0.0
		for i, c := range r {
			h = math.Max(h, itemsHeight(d.items(c, w[i])))
		}
		need += h + 3.2
	}
	return need
}

// coverActions draws "Do these first": the first actions of the report's
// one ranked list, numbered as in the action plan.
func (d *doc) coverActions(withWhy bool) {
	recs := d.doFirstActions()
	if len(recs) == 0 {
		return
	}
	d.begin(20)
	y := d.y()
	d.drawText(headDoFirst, d.left, y, d.width(), 6, subhead, 'L')
	d.setY(y + 8)
	rows, _ := d.actionRows(recs, true, withWhy)
	d.table(actionCols(true), rows, tableOpts{rules: true, padX: 1.5, padY: 1.6})
}

func actionCols(numbered bool) []column {
	if numbered {
		return []column{{head: "#", weight: 0.05}, {head: "Priority", weight: 0.12}, {head: "Area", weight: 0.17}, {head: "What we found and what to do", weight: 0.66}}
	}
	return []column{{weight: 0.12}, {weight: 0.17}, {weight: 0.71}}
}

// actionRows lays out recommendations as table rows; w are the inner
// column widths (for measuring).
func (d *doc) actionRows(recs []analysis.Action, numbered, withWhy bool) ([][]cell, []float64) {
	var rows [][]cell
	for i, rc := range recs {
		c := cell{parts: []part{{rc.Finding, body}}}
		if rc.Action != "" {
			c.parts = append(c.parts, part{"What to do: " + rc.Action, style{size: 9, bold: true, color: brand700}})
		}
		if e := rc.Effect; e != nil && e.Text != "" {
			// The effect's words follow the revenue card (analysis.EffectText),
			// as on the web and in the e-mail; report.Decode words a stored one.
			c.parts = append(c.parts, part{e.Text, muted})
		}
		if why := Why(rc.Evidence); why != "" && withWhy {
			c.parts = append(c.parts, part{"Why: " + why, whySt})
		}
		row := []cell{{badge: rc.Priority}, txt(d.r.AreaName(rc.Area), strong), c}
		if numbered {
			row = append([]cell{txt(fmt.Sprint(i+1), muted)}, row...)
		}
		rows = append(rows, row)
	}
	cols := actionCols(numbered)
	total := 0.0
	for _, c := range cols {
		total += c.weight
	}
	w := make([]float64, len(cols))
	for i, c := range cols {
		w[i] = d.width()*c.weight/total - 3
	}
	return rows, w
}

// coverScore draws the overall score as a ring with its band, and the
// section scores beside it as bars ("Not assessed" where there is no
// data). Reports stored before there was an overall score show SPEC's
// four competitive scores instead.
func (d *doc) coverScore() {
	y := d.y()
	if d.r.OverallBand == "" {
		d.coverCompetitive()
		return
	}
	d.drawText("Listing score", d.left, y, d.width(), 6, subhead, 'L')
	d.drawText("0–100 · 80+ strong · 65–79 good · 50–64 room to grow · under 50 needs attention", d.left, y, d.width(), 6, muted, 'R')
	y += 9
	// The ring: a grey circle, the score's share of it in the band's colour
	// from 12 o'clock clockwise.
	const r = 16.0
	cx, cy := d.left+r+2, y+r
	d.pdf.SetLineWidth(4)
	d.stroke(slate100)
	d.pdf.Circle(cx, cy, r, "D")
	bandColor := slate500
	if score := d.r.OverallScore; score != nil {
		bandColor = scoreColor(float64(*score))
		if *score > 0 {
			d.stroke(bandColor)
			d.pdf.SetLineCapStyle("round")
			d.pdf.Arc(cx, cy, r, r, 0, 90-3.6*float64(min(*score, 100)), 90, "D")
			d.pdf.SetLineCapStyle("butt")
		}
		d.pdf.SetLineWidth(0.2)
		d.drawText(fmt.Sprint(*score), cx-r, cy-7, 2*r, 10, style{size: 24, bold: true, color: slate900}, 'C')
		d.drawText("out of 100", cx-r, cy+3, 2*r, 4, muted, 'C')
	} else {
		// Too few sections read for one score: no number, the sections
		// beside it still scored on their own.
		d.pdf.SetLineWidth(0.2)
		d.drawText("—", cx-r, cy-7, 2*r, 10, style{size: 24, bold: true, color: slate500}, 'C')
		d.drawText("too little read", cx-r, cy+3, 2*r, 4, muted, 'C')
	}
	d.drawText(d.clean(d.r.OverallBand), cx-r-4, cy+r+3.5, 2*r+8, 5, style{size: 10, bold: true, color: bandColor}, 'C')

	// The sections.
	x := d.left + 2*r + 14
	w := d.right - x
	rowY := y - 1
	for _, sec := range analysis.SectionWeights {
		d.drawText(sec.Name, x, rowY, 30, 5, style{size: 9, bold: true, color: slate700}, 'L')
		if v := d.r.SectionScores.Get(sec.Key); v != nil {
			d.bar(x+31, rowY+1.2, w-31-16, 2.8, float64(*v), scoreColor(float64(*v)))
			d.drawText(fmt.Sprintf("%d/100", *v), d.right-15, rowY, 15, 5, style{size: 9, bold: true, color: slate900}, 'R')
		} else {
			d.drawText("Not assessed", x+31, rowY, w-31, 5, muted, 'L')
		}
		rowY += 5.6
	}
	d.setY(math.Max(cy+r+10, rowY+2))
}

// coverCompetitive draws SPEC's four competitive scores as bars.
func (d *doc) coverCompetitive() {
	y := d.y()
	d.drawText("Competitive scores", d.left, y, d.width(), 6, subhead, 'L')
	d.drawText("0–100, higher is better", d.left, y, d.width(), 6, muted, 'R')
	d.setY(y + 9)
	for _, s := range d.r.CompetitiveScores.Rows() {
		y := d.y()
		d.drawText(s.Name, d.left, y, 50, 6, style{size: 10, bold: true, color: slate700}, 'L')
		if s.Value == nil {
			d.drawText(NotAssessed, d.left+52, y, d.width()-52, 6, muted, 'L')
		} else {
			bx, bw := d.left+52, d.width()-52-24
			d.bar(bx, y+1, bw, 4, float64(*s.Value), scoreColor(float64(*s.Value)))
			d.drawText(fmt.Sprintf("%d/100", *s.Value), d.right-22, y, 22, 6, style{size: 11, bold: true, color: slate900}, 'R')
		}
		d.setY(y + 9.5)
	}
}
