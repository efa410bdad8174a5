package pdfreport

import (
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/report"
)

// NotAssessed is what a table shows in place of a figure that was not
// read (or read only in part), with the reason beside it.
const NotAssessed = "Not assessed"

// Figure is a figure of the report as the PDF and the e-mail show it: its
// value, or NotAssessed with why. The one place the Go side decides
// whether a figure was read; the web's is not-assessed.ts.
type Figure struct {
	Value string // "8.5 out of 10", "27", "291 words"; NotAssessed when not read
	Why   string // why not assessed ("" when assessed)
}

// Assessed reports whether the figure was read.
func (f Figure) Assessed() bool { return f.Value != NotAssessed }

func notAssessed(why string) Figure { return Figure{Value: NotAssessed, Why: why} }

// RatingFigure is the listing's overall rating on its own site's scale
// ("4.98 out of 5", "8.5 out of 10"). Not assessed when none was read (the
// report's guest_rating is then null: no default stands in for it).
func RatingFigure(r *report.Result) Figure {
	if s := r.RatingOnPage; s != nil && s.Text != "" {
		return Figure{Value: s.Text}
	}
	if g := r.GuestRating; g != nil && *g > 0 {
		// Inside Airbnb's snapshot rating (the page showed none): out of 5.
		return Figure{Value: analysis.Platforms[listing.Airbnb].Rating.Format(*g)}
	}
	if n := r.ReviewAnalysis.ReviewCount; n > 0 {
		return notAssessed(fmt.Sprintf("The listing has %s, but its rating could not be read from the page.", plural(n, "review", "reviews")))
	}
	return notAssessed("No rating was read from the listing page (it may have none yet).")
}

// PhotoCountFigure is the number of photos; not assessed when the audit
// was not made (a preview image, part of the gallery, no page).
func PhotoCountFigure(r *report.Result) Figure {
	if pa := r.PhotoAudit; pa.NotAssessed {
		return notAssessed(pa.Explanation)
	}
	return Figure{Value: fmt.Sprint(r.PhotoAudit.PhotoCount())}
}

// DescriptionWordsFigure is the current description's length; not
// assessed when only its preview was read.
func DescriptionWordsFigure(r *report.Result, words int) Figure {
	if da := r.DescriptionAnalysis; da.NotAssessed {
		return notAssessed(da.Explanation)
	}
	return Figure{Value: plural(words, "word", "words")}
}

// ExpectedAmenitiesFigure is how many of the expected amenities the
// listing has ("7 of 14 (50%)"); not assessed when the list was not read
// or read only in part (the ones not shown may be offered).
func ExpectedAmenitiesFigure(r *report.Result) Figure {
	aa := r.AmenityAnalysis
	switch {
	case !aa.Read:
		return notAssessed("The amenity list could not be read from the listing page.")
	case aa.Partial:
		return notAssessed("The page showed only part of the amenity list, so amenities not shown may be offered.")
	case aa.NotAssessed != "":
		return notAssessed("Not judged: " + strings.TrimSuffix(aa.NotAssessed, ".") + ".")
	case len(aa.Expected) == 0:
		return Figure{}
	}
	// Expected amenities the page lists as not included are neither had
	// nor merely missing (AmenityAnalysis.ExpectedNotIncluded).
	has := len(aa.Expected) - len(aa.Missing) - len(aa.ExpectedNotIncluded)
	return Figure{Value: fmt.Sprintf("%d of %d (%s)", has, len(aa.Expected), share(aa.ExpectedCoverage))}
}
