package report

import (
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

// A saved page's notice says what its text gave, what only in part, and
// what it did not: never "photos were not read" on a page whose photos were.
func TestSavedPageNotice(t *testing.T) {
	markup := func(fields ...string) *listing.Listing {
		l := &listing.Listing{Platform: listing.Airbnb, Sources: map[string]string{}}
		for _, f := range fields {
			l.Set(f, listing.SourceMarkup)
		}
		return l
	}
	full := markup(listing.FieldTitle, listing.FieldCapacity, listing.FieldDescription, listing.FieldPhotos,
		listing.FieldAmenities, listing.FieldRating, listing.FieldHouseRules)
	cut := markup(listing.FieldTitle, listing.FieldDescription, listing.FieldAmenities)
	cut.SetPartial(listing.FieldDescription, "a preview cut at Show more")
	cut.SetPartial(listing.FieldAmenities, "5 of 65")
	for _, tc := range []struct {
		name string
		l    *listing.Listing
		want string
	}{
		{"everything shown", full, "This page is a copy a browser saved, so only the text it shows was read: the title, the overview, the description, the photos, the amenities, the rating and the house rules."},
		{"parts cut and parts absent", cut, "This page is a copy a browser saved, so only the text it shows was read: the title, the description (in part) and the amenities (in part). " +
			"Not on it: overview, photos, rating and house rules; the sections that need them say they were not assessed. What was shown only in part is not judged as the whole."},
	} {
		if got := savedPageNotice(tc.l); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}
