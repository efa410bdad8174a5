package pdfreport

import (
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/report"
)

// headRead is the heading of the listing as read (report.ListingRead),
// drawn before the data sources: the facts the findings rest on, then
// where each source came from and what could not be read.
const headRead = "What we read from your page"

// ReadIntro introduces the facts; ReadWhere says where most were read
// (the web's read-facts section says the same).
const (
	ReadIntro = "Every finding in this report rests on these facts as we read them from your listing page, so you can check each one."
	ReadWhere = "Read %s unless a row says otherwise."
)

// ReadFactLines is a fact as the PDF and the e-mail show it: its value (or
// "Not read", "Not on Booking.com"), and the muted note beside it — what
// the page showed of a partial fact, and where it was read when that is
// not where most facts were (commonWhere).
func ReadFactLines(f report.ReadFact, platform, commonWhere string) (value string, notes []string) {
	value = f.Value
	if value == "" {
		value = f.Shows(platform)
	}
	if f.Status == report.FactPartial && f.Shown != "" {
		notes = append(notes, "partial: "+f.Shown)
	}
	if f.Where != "" && f.Where != commonWhere {
		notes = append(notes, f.Where)
	}
	return value, notes
}

// listingReadSection draws the listing as read as a two-column table:
// fact → value, with a muted note; a fact not read says so in grey, never
// a number. A report stored before the listing was kept (Listing nil) has
// no such section.
func (d *doc) listingReadSection() {
	lr := d.r.Listing
	if lr == nil || len(lr.Facts) == 0 {
		return
	}
	d.section(headRead)
	intro := ReadIntro
	if lr.Where != "" {
		intro += " " + fmt.Sprintf(ReadWhere, lr.Where)
	}
	d.para(intro, small)
	d.setY(d.y() + 1.5)
	var rows [][]cell
	for _, f := range lr.Facts {
		value, notes := ReadFactLines(f, d.r.Platform, lr.Where)
		c := cell{}
		switch f.Status {
		case report.FactRead, report.FactPartial:
			c.parts = append(c.parts, part{value, body})
		default:
			c.parts = append(c.parts, part{value, style{size: 9.5, color: slate500}})
		}
		if len(f.Items) > 0 {
			c.parts = append(c.parts, part{strings.Join(f.Items, ", "), muted})
		}
		if len(notes) > 0 {
			c.parts = append(c.parts, part{strings.Join(notes, " · "), muted})
		}
		rows = append(rows, []cell{txt(f.Label, strong), c})
	}
	o := defaultTable
	o.header = false
	o.padY = 1.1
	d.table([]column{{weight: 0.26}, {weight: 0.74}}, rows, o)
}
