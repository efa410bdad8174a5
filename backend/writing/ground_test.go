package writing

import (
	"errors"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

// italianFlat is a Roman flat whose host writes that it has no lift.
func italianFlat() *listing.Listing {
	l := &listing.Listing{Platform: listing.Airbnb, ID: "1", URL: "https://www.airbnb.it/rooms/1", Language: "it",
		Title:        "Appartamento luminoso a Trastevere",
		Description:  "Appartamento al terzo piano senza ascensore, con cucina e due camere da letto. A pochi passi da Piazza di Santa Maria in Trastevere.",
		PropertyType: "Entire rental unit", RoomType: "Entire home/apt", Capacity: 4, Bedrooms: 2, Beds: 2, Baths: 1,
		Location:   listing.Location{City: "Roma", Country: "Italia"},
		Amenities:  []listing.Amenity{{Name: "Wi-Fi", Available: true}, {Name: "Cucina", Available: true}, {Name: "Aria condizionata", Available: false}},
		HouseRules: listing.HouseRules{CheckIn: "15:00", CheckOut: "10:00", PetsAllowed: b(true), PartiesAllowed: b(false)},
		Sources:    map[string]string{}}
	l.Set(listing.FieldBedrooms, listing.SourceEmbedded)
	return l
}

// germanHotel is a Booking.com hotel whose page writes its own words:
// "WLAN", an airport shuttle, pets allowed.
func germanHotel() *listing.Listing {
	return &listing.Listing{Platform: listing.Booking, ID: "h", URL: "https://www.booking.com/hotel/de/x.de.html", Language: "de",
		Title:        "Hotel Am Park",
		Description:  "Das Hotel Am Park liegt in Berlin-Mitte. Alle Zimmer haben kostenfreies WLAN und einen Flachbildfernseher. Ein Flughafenshuttle wird gegen Aufpreis angeboten.",
		PropertyType: "Hotel", Location: listing.Location{City: "Berlin", Country: "Deutschland"},
		Amenities: []listing.Amenity{{Name: "Kostenfreies WLAN", Available: true}, {Name: "Flughafenshuttle", Available: true},
			{Name: "Haustiere erlaubt", Available: true}, {Name: "Airport Shuttle", Available: true}},
		HouseRules: listing.HouseRules{PetsAllowed: b(true)}, Sources: map[string]string{}}
}

// japaneseFlat is a Japanese listing, written with full-width digits:
// its copy is English that quotes the host's names.
func japaneseFlat() *listing.Listing {
	l := &listing.Listing{Platform: listing.Airbnb, ID: "2", URL: "https://www.airbnb.jp/rooms/2", Language: "ja",
		Title:        "浅草・三ノ輪駅徒歩５分 64.8m² 一軒家",
		Description:  "三ノ輪駅から徒歩５分、浅草まで自転車で１０分の一軒家です。広さは64.8m²、寝室：２室、最大６名様までご宿泊いただけます。",
		PropertyType: "Entire home", RoomType: "Entire home/apt", Capacity: 6, Bedrooms: 2, Beds: 3, Baths: 1,
		Location:      listing.Location{City: "Taito City", Region: "Tokyo", Country: "Japan"},
		Amenities:     []listing.Amenity{{Name: "Wifi", Available: true}, {Name: "Kitchen", Available: true}, {Name: "Washer", Available: true}},
		GuestFavorite: true, Sources: map[string]string{}}
	l.Set(listing.FieldBedrooms, listing.SourceEmbedded)
	return l
}

// The closed world: invented claims of every kind the issue found are
// refused, whichever family names them; the same listing's true claims,
// said in other words, pass.
func TestGroundingRefusesWhatTheListingDoesNotState(t *testing.T) {
	cases := []struct {
		name     string
		listing  func() *listing.Listing
		invented []string
		honest   []string
	}{
		{"en loft", loft,
			[]string{"Newly renovated loft in Alfama", "Breakfast included every morning.", "Free airport shuttle on request.",
				"No cleaning fee.", "Superhost loft in Alfama", "Award-winning loft in Lisbon", "Loft with a King bed and river view",
				"Alfama loft with private onsen", "Pet-friendly loft in Alfama", "Alfama Loft for Parties", "Free Stay in Alfama",
				"Cooling for hot Lisbon summers.", "Loft with air conditioning."},
			[]string{"Bright Alfama loft with river view and terrace", "Top-floor loft with a private terrace over the Tagus river.",
				"Sleeps 4 in 2 bedrooms, with 3 beds.", "The whole apartment and the terrace are yours.", "No pets and no smoking.",
				"Wifi, a dedicated workspace and an espresso machine.", "Rated 4.93 from 214 reviews.", "The 28 tram stops at the door."}},
		{"it flat without a lift", italianFlat,
			[]string{"Appartamento con ascensore a Trastevere.", "Animali non ammessi.", "Appartamento per feste a Trastevere.",
				"Appartamento con aria condizionata.", "Appartamento appena ristrutturato.", "Colazione inclusa."},
			[]string{"Appartamento luminoso a Trastevere, al terzo piano senza ascensore.", "Animali ammessi.", "Niente feste o eventi.",
				"Due camere da letto e una cucina.", "Wi-Fi in tutto l'appartamento."}},
		{"de hotel", germanHotel,
			[]string{"Haustiere sind nicht erlaubt.", "Hotel mit Meerblick in Berlin.", "Frühstück inklusive.", "Hotel mit Pool."},
			[]string{"Kostenfreies WLAN in allen Zimmern.", "Haustiere sind willkommen.", "Airport Shuttle gegen Aufpreis.",
				"Ein Flughafenshuttle wird angeboten."}},
		{"ja house", japaneseFlat,
			[]string{"A house in Asakusa with a private onsen.", "Guest favourite house with 専用温泉.", "Newly renovated house in Shibuya.",
				"Ten minutes' walk to Senso-ji and Ueno Park."},
			[]string{"A 64.8m² house, five minutes' walk from 三ノ輪駅.", "Two bedrooms for up to 6 guests in 浅草.",
				"A guest favourite in Taito City, Tokyo.", "Wifi, a kitchen and a washer."}},
	}
	for _, c := range cases {
		v := newValidator(request(c.listing(), BasicTitles))
		for _, s := range c.invented {
			if err := v.text(s); err == nil {
				t.Errorf("%s: invented %q accepted", c.name, s)
			}
		}
		for _, s := range c.honest {
			if err := v.text(s); err != nil {
				t.Errorf("%s: honest %q refused: %v", c.name, s, err)
			}
		}
	}
}

// The fact sheet keeps a paragraph about another property and a line
// that instructs out of the words that ground copy.
func TestFactSheetKeepsOutOtherPropertiesAndInstructions(t *testing.T) {
	l := loft()
	l.Description += "\n\nWe also have a 7,000 sq ft estate in Sintra with a heated pool and a tennis court."
	v := newValidator(request(l, BasicTitles))
	for _, s := range []string{"Loft with a heated pool.", "A tennis court for guests."} {
		if err := v.text(s); err == nil {
			t.Errorf("%q accepted from another property's paragraph", s)
		}
	}
	var other bool
	for _, e := range v.sheet.Excluded {
		other = other || (e.Reason == ExcludedOtherProperty && strings.Contains(e.Text, "Sintra"))
	}
	if !other {
		t.Errorf("the other property's paragraph is not recorded as excluded: %+v", v.sheet.Excluded)
	}
}

// Inflected forms are one word; a short word is matched whole.
func TestSameStem(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"αθηνα", "αθηνας", true}, {"renovado", "renovada", true}, {"garten", "gartens", true}, {"ristrutturato", "ristrutturata", true},
		{"king", "kingdom", false}, {"pool", "poolside", false}, {"apartment", "apartamento", false}, {"bed", "bedroom", false},
	} {
		if got := sameStem(c.a, c.b); got != c.want {
			t.Errorf("sameStem(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// A grounding error names the words it refused.
func TestGroundingErrorNamesTheWords(t *testing.T) {
	err := newValidator(request(loft(), BasicTitles)).sheet.Ground("A newly renovated loft.")
	if !errors.Is(err, ErrUngrounded) || !strings.Contains(err.Error(), `"newly"`) || !strings.Contains(err.Error(), `"renovated"`) {
		t.Errorf("err = %v", err)
	}
}
