package report

import (
	"context"
	"github.com/listinglift/listinglift/backend/analysis"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/airbnb"
	"github.com/listinglift/listinglift/backend/prose"
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

// A listing written in Portuguese gets its copy in Portuguese, all of it:
// titles with its own words for the place and its features, the opener,
// highlights and house rules; no English template word, no "Espaço
// inteiro" inside a title.
func TestCopyInOneLanguage(t *testing.T) {
	yes, no := true, false
	l := &listing.Listing{Platform: listing.Airbnb, ID: "1", URL: "https://www.airbnb.com/rooms/1", Language: "pt",
		Title:        "Casa em Porto Seguro na praia de Taperapuan",
		Description:  "Casa ampla com piscina, a 50 metros da praia de Taperapuan. Três quartos com ar-condicionado, cozinha completa e churrasqueira.",
		PropertyType: "Espaço inteiro: casa", RoomType: "Entire home/apt", Bedrooms: 3, Beds: 4, Baths: 2, Capacity: 8,
		Location:   listing.Location{City: "Porto Seguro", Region: "Bahia", Country: "Brasil"},
		Amenities:  []listing.Amenity{{Name: "Piscina", Available: true}, {Name: "Cozinha", Available: true}, {Name: "Churrasqueira", Available: true}},
		HouseRules: listing.HouseRules{CheckIn: "14:00", CheckOut: "11:00", PetsAllowed: &yes, SmokingAllowed: &no},
		Sources: map[string]string{listing.FieldTitle: listing.SourceEmbedded, listing.FieldDescription: listing.SourceEmbedded,
			listing.FieldPropertyType: listing.SourceEmbedded, listing.FieldAmenities: listing.SourceEmbedded, listing.FieldLocation: listing.SourceEmbedded,
			listing.FieldBedrooms: listing.SourceEmbedded}}
	r, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanPremium})
	if err != nil {
		t.Fatal(err)
	}
	english := []string{" in ", " with ", " for ", "home", "house", "sleeps", "guests", "book your stay", "highlights"}
	for _, s := range r.TitleSuggestions {
		low := " " + strings.ToLower(s) + " "
		for _, w := range append(english, "espaço", "inteiro") {
			if strings.Contains(low, w) {
				t.Errorf("title %q has %q", s, w)
			}
		}
	}
	if len(r.TitleSuggestions) != 10 || !strings.Contains(strings.Join(r.TitleSuggestions, "\n"), "Casa em Porto Seguro com piscina") {
		t.Errorf("titles %q", r.TitleSuggestions)
	}
	d := r.OptimizedDescription
	for _, want := range []string{"Casa em Porto Seguro para até 8 hóspedes: 3 quartos, 4 camas e 2 banheiros.", "Destaques: Piscina",
		"Regras da casa\nCheck-in a partir das 14:00; check-out até às 11:00. Animais permitidos. Proibido fumar."} {
		if !strings.Contains(d, want) {
			t.Errorf("description lacks %q:\n%s", want, d)
		}
	}
	for _, sent := range prose.Sentences(l.Description) { // the host's own sentences, each kept
		if _, heading := analysis.HeadingSection("pt", sent); !heading && !strings.Contains(d, sent) {
			t.Errorf("description drops the host's %q:\n%s", sent, d)
		}
	}
	for _, w := range []string{"Entire", "The space", "Highlights", "House rules"} {
		if strings.Contains(d, w) {
			t.Errorf("description has English %q:\n%s", w, d)
		}
	}
	if !strings.HasPrefix(r.AmenityCopy, "O que este lugar oferece: ") {
		t.Errorf("amenity copy %q", r.AmenityCopy)
	}
}
