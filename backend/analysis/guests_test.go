package analysis

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

// TestAnalyzeGuests hand-scores the loft: families 20 (sleeps 4) + 15 (2
// bedrooms) + 10 (terrace) = 45; business 25 (workspace) + 15 (wifi) = 40;
// pet owners 10 (outdoor space); couples and groups 0.
func TestAnalyzeGuests(t *testing.T) {
	l := loft()
	g := AnalyzeGuests(l, ListingFeatures(l), nil)
	var got []string
	for _, s := range g.Segments {
		got = append(got, s.Key+":"+string(rune('0'+s.Score/10))+string(rune('0'+s.Score%10)))
	}
	if strings.Join(got, " ") != "families:45 business:40 pet_owners:10 couples:00 groups:00" {
		t.Errorf("segments = %q", got)
	}
	if g.Primary != "Families" || !g.Likely("families") || !g.Likely("business") || g.Likely("couples") {
		t.Errorf("primary %q", g.Primary)
	}
	want := "Most likely guests: families and business travellers. Families score highest (45/100) because of sleeps 4, 2 bedrooms and outdoor space."
	if !strings.HasPrefix(g.Explanation, want) {
		t.Errorf("explanation = %q", g.Explanation)
	}
}

func TestAnalyzeGuestsReviewsAndRules(t *testing.T) {
	l := loft()
	l.HouseRules.PetsAllowed = no()
	l.Description += " Dogs welcome in the garden."
	reviews := []listing.Review{{Text: "Our kids loved the terrace."}, {Text: "Great for a family trip with children."}, {Text: "Clean and bright."}}
	g := AnalyzeGuests(l, ListingFeatures(l), reviews)
	for _, s := range g.Segments {
		switch s.Key {
		case "families":
			if s.Score != 65 || s.Evidence[len(s.Evidence)-1] != "2 of 3 reviews mention family or children" {
				t.Errorf("families = %+v", s)
			}
		case "pet_owners":
			if s.Score != 0 || s.Evidence[0] != "house rules say no pets" {
				t.Errorf("pet owners = %+v", s)
			}
		}
	}
	if g.ReviewsRead != 3 {
		t.Errorf("reviews read = %d", g.ReviewsRead)
	}
}

func TestAnalyzeGuestsCouplesAndGroups(t *testing.T) {
	studio := &listing.Listing{Title: "Romantic studio", Capacity: 2, Bedrooms: 0, Sources: map[string]string{listing.FieldBedrooms: "x"},
		Amenities: []listing.Amenity{{Name: "Hot tub", Available: true}}}
	g := AnalyzeGuests(studio, ListingFeatures(studio), nil)
	if g.Segments[0].Key != "couples" || g.Segments[0].Score != 65 { // 30 + 15 + 20
		t.Errorf("studio: %+v", g.Segments[0])
	}
	big := &listing.Listing{Title: "Lake house for groups", Capacity: 10, Bedrooms: 4, Beds: 6, Sources: map[string]string{},
		Amenities: []listing.Amenity{{Name: "Free parking on premises", Available: true}}}
	g = AnalyzeGuests(big, ListingFeatures(big), nil)
	if g.Segments[0].Key != "groups" || g.Segments[0].Score != 90 { // 35 + 20 + 10 + 10 + 15
		t.Errorf("house: %+v", g.Segments[0])
	}
}
