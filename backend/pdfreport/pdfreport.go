// Package pdfreport renders an optimization report (report.Result) as the
// Premium PDF a host prints and keeps: a cover with the listing and its
// four competitive scores, on a re-check what changed since the report it
// re-checks, then every section of the report with the explanation of
// where its figures come from.
//
// The PDF shows only figures the Result holds (and counts of its own text,
// such as a title's characters); text written by a model is drawn as plain
// text, never interpreted as markup. Output is deterministic for the same
// Result and Options.
//
// Fonts (see fonts/README.md): DejaVu Sans, regular and bold, draws Latin,
// Greek, Cyrillic and most symbols; Droid Sans Fallback draws the Chinese,
// Japanese and Korean characters the main font lacks. The fallback is
// loaded, and embedded in the PDF, only when the report has such text.
// Every face is loaded with its character map cut down to the characters
// the report can draw (its own text and the package's labels: docFonts),
// which keeps fpdf's font loading and subsetting fast; the glyphs drawn
// are the same. Characters neither font has (most emoji,
// scripts such as Thai or Devanagari, anything outside the Basic
// Multilingual Plane) are drawn as "□"; invisible format characters
// (variation selectors, zero-width joiners) are dropped. Right-to-left
// scripts are drawn left to right without shaping. Lines break at spaces,
// between CJK characters (never before closing punctuation) and, for words
// longer than a line such as URLs, after "/", "-", "?" and the like.
package pdfreport

import (
	"bytes"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/plans"
	"github.com/listinglift/listinglift/backend/report"
)

// Options are the presentation settings of a rendered report.
type Options struct {
	// Now is the report's date, shown on the cover and footer and written
	// as the PDF's creation date. Zero means the Result's GeneratedAt, and
	// if that is zero too, the current time (the only non-deterministic
	// case).
	Now time.Time
	// ProductName is the brand on the cover, header and footer; default
	// "ListingLift".
	ProductName string
	// SupportEmail, when set, is printed in the footer of every page.
	SupportEmail string
	// PageSize is "Letter" (the default) or "A4".
	PageSize string
}

const defaultProductName = "ListingLift"

// nbAlias stands for the page count until the document is closed. It
// contains control characters, which sanitize removes from every text the
// report draws, so no report text can ever collide with it.
const nbAlias = "\x01nb\x01"

// Render draws r as a PDF. It works for any Result (a Basic one, with no
// Premium parts, included); sections without data say so briefly or are
// left out.
func Render(r *report.Result, o Options) (out []byte, err error) {
	if r == nil {
		return nil, fmt.Errorf("pdfreport: render: nil result")
	}
	fonts, err := fontsFor(r, o)
	if err != nil {
		return nil, err
	}
	return render(r, o, fonts)
}

// render draws r with the given fonts.
func render(r *report.Result, o Options, fonts docFonts) (out []byte, err error) {
	defer func() {
		// fpdf reports most problems through its error state, but a few
		// code paths panic on malformed input; never take the caller down.
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("pdfreport: render: internal error: %v", p)
		}
	}()
	d, err := newDoc(r, o, fonts)
	if err != nil {
		return nil, err
	}
	d.cover()
	d.comparison() // a re-check's before → after, before the detail
	d.sections()
	if d.pdf.Err() {
		return nil, fmt.Errorf("pdfreport: render: %w", d.pdf.Error())
	}
	var buf bytes.Buffer
	buf.Grow(256 << 10)
	if err := d.pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("pdfreport: write pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// doc is one report being drawn.
type doc struct {
	pdf *fpdf.Fpdf
	r   *report.Result
	o   Options
	// plan is the plan table's entry for the report's plan (the zero Plan
	// for none): what the PDF says of the plan comes from it.
	plan plans.Plan
	cv   [numFaces]*coverage // what each face draws in this report (docFonts)

	fonts  [numFaces][]byte // each face's font file, cut for this report
	added  [numFaces]bool
	widths [numFaces]map[rune]int // glyph advance in 1/1000 em, by face (see units)
	// asciiWidths are the ASCII advances, plus 1 (0: not measured yet).
	asciiWidths [numFaces][utf8.RuneSelf]int32

	now                      time.Time
	product                  string
	pageW, pageH             float64
	left, right, top, bottom float64         // content box: x from left to right, y from top to bottom
	inFurniture              bool            // drawing the header or footer: no page breaks
	used                     map[string]bool // explanation keys already shown
	shown                    map[string]bool // explanation texts already shown (under any key)
	pending                  func()          // a subheading waiting for its content
	pendingH                 float64
	tableHeader              func() // redraws the current table's header after a page break
}

func newDoc(r *report.Result, o Options, fonts docFonts) (*doc, error) {
	size := "Letter"
	switch strings.ToLower(strings.TrimSpace(o.PageSize)) {
	case "", "letter":
	case "a4":
		size = "A4"
	default:
		return nil, fmt.Errorf("pdfreport: unknown page size %q (want Letter or A4)", o.PageSize)
	}
	now := o.Now
	if now.IsZero() {
		now = r.GeneratedAt
	}
	if now.IsZero() {
		now = time.Now()
	}
	now = now.UTC()
	product := strings.TrimSpace(o.ProductName)
	if product == "" {
		product = defaultProductName
	}
	pdf := fpdf.New("P", "mm", size, "")
	d := &doc{fonts: fonts.data, pdf: pdf, r: r, o: o, plan: plans.Includes(r.PackageType), cv: fonts.cv, now: now, product: product, used: map[string]bool{}, shown: map[string]bool{}}
	for i := range d.widths {
		d.widths[i] = map[rune]int{}
	}
	d.pageW, d.pageH = pdf.GetPageSize()
	d.left, d.right = 18, d.pageW-18
	d.top, d.bottom = 22, d.pageH-18

	// The page-count alias must be set before fonts are added: fpdf sizes
	// the glyph subset it always keeps by it.
	pdf.AliasNbPages(nbAlias)
	pdf.SetCreationDate(now)
	pdf.SetModificationDate(now)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(true)
	pdf.SetAutoPageBreak(false, 0) // doc breaks pages itself, before each line or row
	pdf.SetMargins(d.left, d.top, d.pageW-d.right)
	pdf.SetCellMargin(0)
	title := d.clean(r.Title)
	if title == "" {
		title = d.clean(r.OriginalTitle)
	}
	pdf.SetTitle(strings.TrimSpace(product+" report: "+title), true)
	pdf.SetAuthor(product, true)
	pdf.SetCreator(product, true)
	pdf.SetProducer(product, true)
	pdf.SetSubject("Listing optimization report", true)
	pdf.SetLang("en-US")
	d.useFace(faceSans)
	d.useFace(faceSansBold)
	if pdf.Err() {
		return nil, fmt.Errorf("pdfreport: load fonts: %w", pdf.Error())
	}
	pdf.SetHeaderFuncMode(d.header, false)
	pdf.SetFooterFunc(d.footer)
	return d, nil
}

// useFace registers f with fpdf the first time the report needs it, so the
// CJK font is parsed and embedded only for reports with CJK text.
func (d *doc) useFace(f face) {
	if d.added[f] {
		return
	}
	d.added[f] = true
	d.pdf.AddUTF8FontFromBytes(f.family(), f.style(), d.fonts[f])
}

// reportName is the product line shown in the header and on the cover:
// the plan table's name of the report's plan ("Premium listing report").
func (d *doc) reportName() string {
	if d.plan.Name != "" {
		return d.plan.Name + " listing report"
	}
	return "Listing report"
}

func (d *doc) date() string { return d.now.Format(analysis.DateLayout) }

func (d *doc) width() float64 { return d.right - d.left }

func (d *doc) y() float64 { return d.pdf.GetY() }

func (d *doc) setY(y float64) { d.pdf.SetXY(d.left, y) }

// gap adds vertical space, never a page: what follows breaks the page if
// it needs to.
func (d *doc) gap(h float64) {
	d.setY(min(d.y()+h, d.bottom))
}

// begin is called before drawing content that needs h millimetres to
// start: it draws a pending subheading, keeping the two on one page.
func (d *doc) begin(h float64) {
	if d.pending == nil {
		d.ensure(h)
		return
	}
	d.ensure(d.pendingH + h)
	d.flushPending()
}

func (d *doc) flushPending() {
	if p, h := d.pending, d.pendingH; p != nil {
		d.pending, d.pendingH = nil, 0
		d.ensure(h)
		p()
	}
}

// ensure starts a new page unless h more millimetres fit on this one.
func (d *doc) ensure(h float64) {
	if d.inFurniture || d.y()+h <= d.bottom {
		return
	}
	d.newPage()
}

func (d *doc) newPage() {
	d.pdf.AddPage()
	d.setY(d.top)
	if d.tableHeader != nil {
		d.tableHeader()
	}
}

func (d *doc) header() {
	if d.pdf.PageNo() == 1 {
		return // the cover has its own masthead
	}
	d.inFurniture = true
	defer func() { d.inFurniture = false }()
	st := style{size: 8, color: slate500}
	y := 9.0
	left := d.ellipsize(d.product+" · "+d.reportName(), st, d.width()/2)
	lw := d.textWidth(left, st)
	d.drawText(left, d.left, y, lw, 4, st, 'L')
	title := d.r.Title
	if strings.TrimSpace(title) == "" {
		title = d.r.OriginalTitle
	}
	avail := d.width() - lw - 10
	if avail > 20 {
		t := d.ellipsize(title, st, avail)
		d.drawText(t, d.right-avail, y, avail, 4, st, 'R')
	}
	d.pdf.SetDrawColor(slate200.r, slate200.g, slate200.b)
	d.pdf.SetLineWidth(0.3)
	d.pdf.Line(d.left, 14.5, d.right, 14.5)
}

func (d *doc) footer() {
	d.inFurniture = true
	defer func() { d.inFurniture = false }()
	y := d.pageH - 12
	d.pdf.SetDrawColor(slate200.r, slate200.g, slate200.b)
	d.pdf.SetLineWidth(0.3)
	d.pdf.Line(d.left, y-2, d.right, y-2)
	st := style{size: 8, color: slate500}
	left := d.product + " · " + d.date()
	if e := strings.TrimSpace(d.o.SupportEmail); e != "" {
		left += " · Questions? " + e
	}
	// "Page N of M": M is filled in when the document is closed, after the
	// text was measured, so it is placed from a fixed left edge wide
	// enough for up to 999 pages rather than right-aligned.
	pageText := fmt.Sprintf("Page %d of %s", d.pdf.PageNo(), nbAlias)
	slot := d.textWidth("Page 000 of 000", st)
	d.drawText(d.ellipsize(left, st, d.width()-slot-6), d.left, y, d.width()-slot-6, 4, st, 'L')
	d.pdf.SetFont(faceSans.family(), "", st.size)
	d.pdf.SetTextColor(st.color.r, st.color.g, st.color.b)
	d.pdf.SetXY(d.right-slot, y)
	d.pdf.CellFormat(slot, 4, pageText, "", 0, "L", false, 0, "")
}
