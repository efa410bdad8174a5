package report

import (
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
)

// MsgLayoutNotRecognized leads a report whose page layout was not
// recognized: the host must know the report rests on part of the page.
const MsgLayoutNotRecognized = "We did not recognize this page's layout, so only part of it was read (%s). Sections that need the rest say they were not assessed; nothing in this report is inferred from what was not read."

// MsgSavedPageNotice leads the notice on a report made from the text of a
// page file a browser saved (its data was another page's); savedPageNotice
// adds what that text gave and what it did not. A page fetched live that
// gave only its text is said by what was read (MsgPageTextNotice): the host
// pasted a link and saved nothing.
const (
	MsgSavedPageNotice = "This page is a copy a browser saved, so only the text it shows was read"
	MsgPageTextNotice  = "The page showed only its text, so only that text was read"
)

// savedPageParts are the parts of a listing a saved page's text may show,
// in the order the notice names them.
var savedPageParts = []struct {
	name   string
	fields []string
}{
	{"the title", []string{listing.FieldTitle}},
	{"the overview", []string{listing.FieldCapacity, listing.FieldBedrooms}},
	{"the description", []string{listing.FieldDescription}},
	{"the photos", []string{listing.FieldPhotos}},
	{"the amenities", []string{listing.FieldAmenities}},
	{"the rating", []string{listing.FieldRating, listing.FieldReviewCount}},
	{"the house rules", []string{listing.FieldHouseRules}},
}

// savedPageNotice says, for a page read from its text, which parts its text
// gave (those shown only in part said so) and which it did not.
func savedPageNotice(l *listing.Listing) string {
	var read, unread []string
	for _, p := range savedPageParts {
		got, partial := false, false
		for _, f := range p.fields {
			if l.Has(f) {
				got = true
				partial = partial || l.IsPartial(f)
			}
		}
		switch {
		case got && partial:
			read = append(read, p.name+" (in part)")
		case got:
			read = append(read, p.name)
		default:
			unread = append(unread, strings.TrimPrefix(p.name, "the "))
		}
	}
	s := MsgPageTextNotice
	if l.Saved {
		s = MsgSavedPageNotice
	}
	if len(read) > 0 {
		s += ": " + analysis.JoinList(read)
	}
	s += "."
	if len(unread) > 0 {
		s += " Not on it: " + analysis.JoinList(unread) + "; the sections that need them say they were not assessed."
	}
	if strings.Contains(s, "(in part)") {
		s += " What was shown only in part is not judged as the whole."
	}
	return s
}

func layoutNotice(l *listing.Listing) string {
	if l.LayoutRecognized() {
		return ""
	}
	if l.Layout() == listing.LayoutMarkup {
		return savedPageNotice(l)
	}
	what := "its summary tags"
	switch l.Layout() {
	case listing.LayoutJSONLD:
		what = "its schema.org data and summary tags"
	case listing.LayoutNone:
		what = "almost nothing"
	}
	return fmt.Sprintf(MsgLayoutNotRecognized, what)
}
