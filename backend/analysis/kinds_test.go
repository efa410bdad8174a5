package analysis

import (
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// TestRegionalPropertyTypesCountAsPropertyTypes: a title naming its kind of
// place in the place's own word (a Kyoto machiya, a Puglia trullo, a
// Provence gîte, an Alentejo quinta) names its property type: no
// "does not say what kind of place this is" finding, on any platform.
func TestRegionalPropertyTypesCountAsPropertyTypes(t *testing.T) {
	for _, tc := range []struct {
		title string
		lang  string
		plat  listing.Platform
	}{
		{"Restored machiya near Gion with garden", "en", listing.Airbnb},
		{"Quiet ryokan room by the Kamo river", "en", listing.Airbnb},
		{"Family minshuku in Takayama old town", "en", listing.Airbnb},
		{"Trullo with pool in the Itria Valley", "en", listing.Vrbo},
		{"Masseria con piscina nel Salento", "it", listing.Airbnb},
		{"Agriturismo tra le colline del Chianti", "it", listing.Airbnb},
		{"Gîte de charme en Dordogne avec piscine", "fr", listing.Airbnb},
		{"Finca con piscina cerca de Sóller", "es", listing.Airbnb},
		{"Cortijo andaluz con vistas a la sierra", "es", listing.Airbnb},
		{"Casa rural con chimenea en la sierra", "es", listing.Airbnb},
		{"Quinta com piscina no Alentejo", "pt", listing.Airbnb},
		{"Pousada charmosa em Paraty", "pt", listing.Airbnb},
		{"Riad with rooftop terrace in the Medina", "en", listing.Airbnb},
		{"Alpine chalet with sauna in Zermatt", "en", listing.Vrbo},
		{"Beach bungalow steps from the sand", "en", listing.Airbnb},
		{"Log cabin with hot tub in the woods", "en", listing.Airbnb},
		{"Off-grid yurt under the stars", "en", listing.Airbnb},
	} {
		l := loft()
		l.Platform, l.Title, l.Language = tc.plat, tc.title, prose.Lang(tc.lang)
		a := AnalyzeTitle(tc.title, l, ListingFeatures(l), false)
		if a.PropertyType == "" {
			t.Errorf("%q: no property type found", tc.title)
		}
		for _, f := range a.Findings {
			if f.Code == "title.no_property_type" {
				t.Errorf("%q: flagged for naming no property type", tc.title)
			}
		}
	}
}

// TestRegionalKindsOfPlace: a property type given in the place's own word
// is read as the kind of place it is (a machiya is a house, a ryokan an
// inn), so comparisons and advice fit it.
func TestRegionalKindsOfPlace(t *testing.T) {
	for _, tc := range []struct{ pt, want string }{
		{"Machiya", KindHouse}, {"Entire machiya", KindHouse}, {"Ryokan", KindHotel}, {"Minshuku", KindHotel},
		{"Trullo", KindHouse}, {"Riad", KindHouse}, {"Quinta", KindHouse}, {"Casa rural", KindHouse}, {"Finca", KindHouse},
		{"Masseria", KindHouse}, {"Agriturismo", KindHouse}, {"Yurt", KindHouse},
	} {
		l := loft()
		l.PropertyType, l.RoomType = tc.pt, ""
		if got := PropertyKind(l); got != tc.want {
			t.Errorf("PropertyKind(%q) = %q, want %q", tc.pt, got, tc.want)
		}
	}
}
