package report

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/airbnb"
)

// The same listing in English, Brazilian Portuguese and Italian gets the
// same verdicts: no missing amenity it lists in its own language, the same
// rooms counted from its captions, the same bedrooms, beds and baths.
func TestListingsInOtherLanguages(t *testing.T) {
	tg := listing.Target{Platform: listing.Airbnb, ListingID: "48123456", CanonicalURL: "https://www.airbnb.com/rooms/48123456"}
	verdicts := map[string][]string{}
	for _, file := range []string{"current.html", "current-pt.html", "current-it.html"} {
		page, err := os.ReadFile("../listing/airbnb/testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		l := airbnb.Parse(page, tg)
		r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium})
		if err != nil {
			t.Fatal(err)
		}
		a := r.AmenityAnalysis
		for _, listed := range []string{"Kitchen", "Wifi", "Hair dryer", "Dedicated workspace"} {
			if slices.Contains(a.Missing, listed) {
				t.Errorf("%s: %s is listed (in the page's language) but reported missing: %v", file, listed, a.Missing)
			}
		}
		var covered []string
		for _, room := range r.PhotoAudit.Rooms {
			if room.Covered {
				covered = append(covered, room.Room)
			}
		}
		verdicts[file] = slices.Concat(a.Missing, []string{"|"}, covered)
		if l.Bedrooms != 2 || l.Beds != 3 || l.Baths != 1.5 {
			t.Errorf("%s: %d bedrooms, %d beds, %v baths", file, l.Bedrooms, l.Beds, l.Baths)
		}
	}
	for _, file := range []string{"current-pt.html", "current-it.html"} {
		if !slices.Equal(verdicts[file], verdicts["current.html"]) {
			t.Errorf("%s: missing amenities | rooms covered = %v; English: %v", file, verdicts[file], verdicts["current.html"])
		}
	}
}

// A page read from its own data carries no layout notice.
func TestRecognizedLayoutHasNoNotice(t *testing.T) {
	page, err := os.ReadFile("../listing/airbnb/testdata/current.html")
	if err != nil {
		t.Fatal(err)
	}
	tg := listing.Target{Platform: listing.Airbnb, ListingID: "48123456", CanonicalURL: "https://www.airbnb.com/rooms/48123456"}
	r, err := Generate(context.Background(), Input{Listing: airbnb.Parse(page, tg), Plan: domain.PlanBasic})
	if err != nil || r.Layout != listing.LayoutEmbedded || r.LayoutNotice != "" {
		t.Errorf("layout %q notice %q err %v", r.Layout, r.LayoutNotice, err)
	}
}
