package report

import (
	"context"
	"os"
	"slices"
	"strings"
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

// A listing whose page speaks Portuguese gets copy in one language: the
// built-in writer's English, its own place names kept, never the page's
// "Espaço inteiro: casa" inside an English title or opener.
func TestCopyInOneLanguage(t *testing.T) {
	l := &listing.Listing{Platform: listing.Airbnb, ID: "1", URL: "https://www.airbnb.com/rooms/1",
		Title:        "Casa em Porto Seguro na praia de Taperapuan",
		Description:  "Casa ampla com piscina, a 50 metros da praia de Taperapuan. Três quartos com ar-condicionado, cozinha completa e churrasqueira.",
		PropertyType: "Espaço inteiro: casa", RoomType: "Entire home/apt", Bedrooms: 3, Capacity: 8,
		Location:  listing.Location{City: "Porto Seguro", Region: "Bahia", Country: "Brasil"},
		Amenities: []listing.Amenity{{Name: "Piscina", Available: true}, {Name: "Cozinha", Available: true}, {Name: "Churrasqueira", Available: true}},
		Sources: map[string]string{listing.FieldTitle: listing.SourceEmbedded, listing.FieldDescription: listing.SourceEmbedded,
			listing.FieldPropertyType: listing.SourceEmbedded, listing.FieldAmenities: listing.SourceEmbedded, listing.FieldLocation: listing.SourceEmbedded,
			listing.FieldBedrooms: listing.SourceEmbedded}}
	r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append(slices.Clone(r.TitleSuggestions), r.OptimizedDescription[:strings.Index(r.OptimizedDescription, ".")]) {
		low := strings.ToLower(s)
		if strings.Contains(low, "espaço") || strings.Contains(low, "inteiro") || strings.Contains(low, "casa") {
			t.Errorf("mixed-language copy: %q", s)
		}
	}
	if !strings.Contains(r.TitleSuggestions[0], "Porto Seguro") {
		t.Errorf("the listing's place name was not kept: %q", r.TitleSuggestions[0])
	}
}
