package report

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
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
	saved := func(l *listing.Listing) *listing.Listing { c := *l; c.Saved = true; return &c }
	for _, tc := range []struct {
		name string
		l    *listing.Listing
		want string
	}{
		{"everything shown on a saved file", saved(full), "This page is a copy a browser saved, so only the text it shows was read: the title, the overview, the description, the photos, the amenities, the rating and the house rules."},
		{"parts cut and parts absent on a saved file", saved(cut), "This page is a copy a browser saved, so only the text it shows was read: the title, the description (in part) and the amenities (in part). " +
			"Not on it: overview, photos, rating and house rules; the sections that need them say they were not assessed. What was shown only in part is not judged as the whole."},
		// A link the host pasted whose live page gave only its text: said
		// by what was read, never as a copy a browser saved.
		{"a page fetched live that showed only its text", cut, "The page showed only its text, so only that text was read: the title, the description (in part) and the amenities (in part). " +
			"Not on it: overview, photos, rating and house rules; the sections that need them say they were not assessed. What was shown only in part is not judged as the whole."},
	} {
		if got := savedPageNotice(tc.l); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

// The same browser-saved HTML says "a copy a browser saved" only when it
// was read as a saved file (ingest.ReadSaved, the CLI's analyze of a file);
// fetched live from a link the host pasted (ingest.ParsePage, the fetch
// path), the notice says what the page showed (issue 43).
func TestPageTextNoticeByHowThePageCame(t *testing.T) {
	const url = "https://www.airbnb.com/rooms/31415926"
	page, err := os.ReadFile("../listing/airbnb/testdata/saved-2025.html")
	if err != nil {
		t.Fatal(err)
	}
	tg, err := listing.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := ingest.ReadSaved(page, url, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		l         *listing.Listing
		lead, not string
	}{
		{"a saved file", fromFile, MsgSavedPageNotice, MsgPageTextNotice},
		{"a link fetched live", ingest.ParsePage(tg, page), MsgPageTextNotice, "saved"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.l.Layout() != listing.LayoutMarkup {
				t.Fatalf("layout %q: the fixture no longer gives only its text", tc.l.Layout())
			}
			r, err := Generate(context.Background(), Input{Listing: tc.l, Plan: domain.PlanPremium, Now: clock})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(r.LayoutNotice, tc.lead) || strings.Contains(r.LayoutNotice, tc.not) {
				t.Errorf("notice %q: want it to start %q and not say %q", r.LayoutNotice, tc.lead, tc.not)
			}
		})
	}
}
