package airbnb

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

func target(t testing.TB, raw string) listing.Target { return listingtest.Target(t, raw) }

func readFixture(t testing.TB, name string) []byte {
	return listingtest.Page(t, filepath.Join("testdata", name))
}

var (
	yes = listingtest.B(true)
	no  = listingtest.B(false)
)

// embeddedAll is the Sources map of a page whose embedded state served
// every field.
func sources(src string, fields ...string) map[string]string {
	m := map[string]string{}
	for _, f := range fields {
		m[f] = src
	}
	return m
}

// TestParseCurrentLayout: the current page (data-deferred-state-0,
// niobeClientData) with every section we read. Every field comes from the
// embedded state; the title carries an emoji and the description accents,
// HTML, <br> and an entity.
func TestParseCurrentLayout(t *testing.T) {
	tg := target(t, "https://www.airbnb.co.uk/rooms/48123456?source_impression_id=p3_17&check_in=2026-07-01")
	got := Parse(readFixture(t, "current.html"), tg)
	listingtest.CheckInvariants(t, got, tg)
	photo := "https://a0.muscache.com/im/pictures/miso/Hosting-48123456/original/1a2b3c4d-000"
	want := &listing.Listing{
		Platform: listing.Airbnb, ID: "48123456", URL: "https://www.airbnb.com/rooms/48123456",
		CoverURL: "https://a0.muscache.com/im/pictures/miso/Hosting-48123456/original/1a2b3c4d-0001.jpeg",
		Title:    "Sunny Alfama loft ☀️ river view & terrace",
		Description: "Bright top-floor loft in the heart of Alfama, with a private terrace over the Tagus river.\n\n" +
			"The space\nOpen-plan living room & kitchen, two bedrooms with blackout curtains, and a bathroom with a rain shower. " +
			"Ótima localização — the 28 tram stops at the door.\n\nGuest access\nThe whole apartment and the terrace are yours.",
		PropertyType: "Rental unit", RoomType: "Entire home/apt",
		Capacity: 4, Bedrooms: 2, Beds: 3, Baths: 1.5,
		Location: listing.Location{City: "Lisbon", Region: "Lisbon", Country: "Portugal", Lat: 38.71139, Lng: -9.12957},
		Amenities: []listing.Amenity{
			{Name: "Hair dryer", Available: true, Group: "Bathroom"},
			{Name: "Hot water", Available: true, Group: "Bathroom"},
			{Name: "Wifi", Available: true, Group: "Internet and office"},
			{Name: "Dedicated workspace", Available: true, Group: "Internet and office"},
			{Name: "Kitchen", Available: true, Group: "Kitchen and dining"},
			{Name: "Espresso machine", Available: true, Group: "Kitchen and dining"},
			{Name: "Air conditioning", Available: false, Group: "Not included"},
			{Name: "Free parking on premises", Available: false, Group: "Not included"},
		},
		Photos: []listing.Photo{
			{URL: photo + "1.jpeg", Caption: "Living room with river view"},
			{URL: photo + "2.jpeg", Caption: "Terrace at sunset"},
			{URL: photo + "3.jpeg", Caption: "Bedroom 1 with queen bed"},
			{URL: photo + "4.jpeg"},
		},
		Ratings:     listing.Ratings{Overall: 4.93, Accuracy: 4.95, CheckIn: 4.97, Cleanliness: 4.9, Communication: 4.98, Location: 4.99, Value: 4.8, Scale: 5},
		ReviewCount: 214, Superhost: true, GuestFavorite: true,
		Host: listing.Host{Name: "Inês", Superhost: true, YearsHosting: 8, ResponseRate: 100, ResponseTime: "within an hour"},
		HouseRules: listing.HouseRules{
			CheckIn: "3:00 PM", CheckOut: "11:00 AM", MaxGuests: 4, PetsAllowed: no, SmokingAllowed: no, PartiesAllowed: no,
			Rules: []string{"Self check-in with lockbox", "Quiet hours: 10:00 PM - 8:00 AM", "Please take your shoes off indoors.", "Recycling bins are under the sink."},
		},
		Highlights: []string{"Self check-in", "Great location"},
		Price:      &listing.Price{Amount: 142, Currency: "USD", Period: "night"},
		Sources: sources(listing.SourceEmbedded, "title", "description", "property_type", "room_type", "capacity", "bedrooms",
			"beds", "baths", "location", "coordinates", "amenities", "photos", "rating", "category_ratings", "review_count",
			"superhost", "guest_favorite", "host", "house_rules", "highlights", "price"),
		Warnings: []string{},
	}
	listingtest.Equal(t, got, want)
	if key := APIKey(readFixture(t, "current.html")); key != "d306zoyjsyarp7ifhu67rjxn52tv0t20" {
		t.Errorf("APIKey = %q", key)
	}
}

// TestParseOlderLayout: the older page (data-deferred-state,
// niobeMinimalClientData), HostProfileSection instead of
// MeetYourHostSection, numbers sent as strings, a non-Latin city (the
// Latin name taken from the document title), a
// studio, duplicate photos and no price or guest-favourite data.
func TestParseOlderLayout(t *testing.T) {
	tg := target(t, "https://www.airbnb.com/rooms/22334455")
	got := Parse(readFixture(t, "older.html"), tg)
	listingtest.CheckInvariants(t, got, tg)
	want := &listing.Listing{
		Platform: listing.Airbnb, ID: "22334455", URL: "https://www.airbnb.com/rooms/22334455",
		CoverURL:     "https://a0.muscache.com/im/pictures/5a6b7c8d-1111.jpg",
		Title:        "Acropolis-view studio in Plaka",
		Description:  "A quiet studio two minutes from the Acropolis Museum.\n\nKalimera! Coffee & Greek honey are on us.",
		PropertyType: "Serviced apartment", RoomType: "Entire home/apt",
		Capacity: 2, Bedrooms: 0, Beds: 1, Baths: 1,
		// The page's data names the city in Greek; its English document
		// title names it as an English report does.
		Location: listing.Location{City: "Athens", Region: "Attica", Country: "Greece", Lat: 37.9715, Lng: 23.7267},
		Amenities: []listing.Amenity{
			{Name: "Air conditioning", Available: true, Group: "Heating and cooling"},
			{Name: "Heating", Available: false, Group: "Not included"},
		},
		Photos: []listing.Photo{
			{URL: "https://a0.muscache.com/im/pictures/5a6b7c8d-1111.jpg", Caption: "Studio with Acropolis view"},
			{URL: "https://a0.muscache.com/im/pictures/5a6b7c8d-2222.jpg", Caption: "Kitchenette"},
		},
		Ratings:     listing.Ratings{Overall: 4.81, Accuracy: 4.8, CheckIn: 4.9, Cleanliness: 4.7, Communication: 5, Location: 4.95, Value: 4.6, Scale: 5},
		ReviewCount: 87, Superhost: true,
		Host: listing.Host{Name: "Nikos", Superhost: true, ResponseRate: 98, ResponseTime: "within a few hours"},
		HouseRules: listing.HouseRules{
			CheckIn: "2:00 PM - 10:00 PM", CheckOut: "11:00 AM", PetsAllowed: yes, SmokingAllowed: yes,
			Rules: []string{"No loud music after 11 PM.", "Please water the basil."},
		},
		Sources: sources(listing.SourceEmbedded, "title", "description", "property_type", "room_type", "capacity", "bedrooms",
			"beds", "baths", "location", "coordinates", "amenities", "photos", "rating", "category_ratings", "review_count",
			"superhost", "host", "house_rules"),
		Warnings: []string{
			"Could not read whether the listing is a Guest favourite.",
			"Could not read the listing highlights.",
			"Could not read a nightly price from this page (sites often show prices only for chosen dates).",
		},
	}
	listingtest.Equal(t, got, want)
	if key := APIKey(readFixture(t, "older.html")); key != "" {
		t.Errorf("APIKey = %q on a page without bootstrap data", key)
	}
}

// TestParseWithoutEmbeddedState: the embedded JSON is gone; JSON-LD serves
// most fields, the <title> the place, and og:title's fact line the beds
// and the rating. Sources say so field by field.
func TestParseWithoutEmbeddedState(t *testing.T) {
	tg := target(t, "https://www.airbnb.com/rooms/731234")
	got := Parse(readFixture(t, "meta-only.html"), tg)
	listingtest.CheckInvariants(t, got, tg)
	want := &listing.Listing{
		Platform: listing.Airbnb, ID: "731234", URL: "https://www.airbnb.com/rooms/731234",
		CoverURL:     "https://a0.muscache.com/im/pictures/cabin-1.jpg",
		Title:        "Cosy cabin near Lake Bled",
		Description:  "Wooden cabin with a wood stove & sauna, 10 minutes' walk from the lake.",
		PropertyType: "Cabin", RoomType: "Entire place",
		Capacity: 3, Bedrooms: 1, Beds: 2, Baths: 1,
		Location: listing.Location{City: "Bled", Region: "Radovljica", Country: "Slovenia", Lat: 46.3683, Lng: 14.1146},
		Amenities: []listing.Amenity{
			{Name: "Wifi", Available: true}, {Name: "Sauna", Available: true}, {Name: "Air conditioning", Available: false},
		},
		AmenitiesPartial: true, // JSON-LD markup, not the page's full list
		Photos: []listing.Photo{
			{URL: "https://a0.muscache.com/im/pictures/cabin-1.jpg"},
			{URL: "https://a0.muscache.com/im/pictures/cabin-2.jpg", Caption: "Sauna"},
		},
		Ratings:    listing.Ratings{Overall: 4.97, Scale: 5},
		HouseRules: listing.HouseRules{CheckIn: "15:00", CheckOut: "10:00"},
		Sources: map[string]string{
			"title": "json-ld", "description": "json-ld", "property_type": "json-ld", "room_type": "json-ld",
			"capacity": "json-ld", "bedrooms": "json-ld", "baths": "json-ld", "coordinates": "json-ld",
			"amenities": "json-ld", "photos": "json-ld", "house_rules": "json-ld",
			"location": "meta", "beds": "opengraph", "rating": "opengraph",
		},
		Warnings: []string{
			"Could not read the category ratings (cleanliness, accuracy and the others).",
			"Could not read the number of reviews.",
			"Could not read whether the host is a Superhost.",
			"Could not read whether the listing is a Guest favourite.",
			"Could not read the host's profile.",
			"Could not read the listing highlights.",
			"Could not read a nightly price from this page (sites often show prices only for chosen dates).",
		},
	}
	listingtest.Equal(t, got, want)
}

// TestParseSparsePage: embedded state of a shape we do not know and almost
// nothing else. The title and description still come through, and every
// other field is a warning a person can read.
func TestParseSparsePage(t *testing.T) {
	tg := target(t, "https://www.airbnb.com/h/tiny-house-woods")
	got := Parse(readFixture(t, "sparse.html"), tg)
	listingtest.CheckInvariants(t, got, tg)
	want := &listing.Listing{
		Platform: listing.Airbnb, ID: "tiny-house-woods", URL: "https://www.airbnb.com/h/tiny-house-woods",
		Title:       "Tiny house in the woods",
		Description: "A tiny house. Off-grid, quiet & dark skies.",
		Sources:     map[string]string{"title": "meta", "description": "opengraph"},
		Warnings: []string{
			warnLayout,
			"Could not read the property type from this page.",
			"Could not read the room type from this page.",
			"Could not read how many guests the listing sleeps.",
			"Could not read the number of bedrooms.",
			"Could not read the number of beds.",
			"Could not read the number of bathrooms.",
			"Could not read the listing's city or area.",
			"Could not read the listing's map position.",
			"Could not read the amenities from this page.",
			"Could not read the photos from this page.",
			"Could not read the overall rating (the listing may have no reviews yet).",
			"Could not read the category ratings (cleanliness, accuracy and the others).",
			"Could not read the number of reviews.",
			"Could not read whether the host is a Superhost.",
			"Could not read whether the listing is a Guest favourite.",
			"Could not read the host's profile.",
			"Could not read the house rules.",
			"Could not read the listing highlights.",
			"Could not read a nightly price from this page (sites often show prices only for chosen dates).",
		},
	}
	listingtest.Equal(t, got, want)
}

// TestParseHSlugTakesNumericID: a /h/<slug> link gets the numeric id from
// the page, which the JSON endpoints need.
func TestParseHSlugTakesNumericID(t *testing.T) {
	tg := target(t, "https://www.airbnb.com/h/sunny-alfama-loft")
	got := Parse(readFixture(t, "current.html"), tg)
	if got.ID != "48123456" || got.URL != "https://www.airbnb.com/h/sunny-alfama-loft" {
		t.Errorf("id %q url %q", got.ID, got.URL)
	}
}

func TestParseGarbage(t *testing.T) {
	tg := target(t, "https://www.airbnb.com/rooms/1")
	for _, page := range []string{"", "<html>", "\xff\xfe\x00", `<script id="data-deferred-state-0" type="application/json">{"niobeClientData":[["k",{"data":{"presentation":{"stayProductDetailPage":{"sections":{"sections":[{"section":{"__typename":"PdpTitleSection","title":"\xff bad"}}]}}}}}]]}</script>`} {
		l := Parse([]byte(page), tg)
		listingtest.CheckInvariants(t, l, tg)
	}
}

func FuzzAirbnb(f *testing.F) {
	for _, name := range []string{"current.html", "older.html", "meta-only.html", "sparse.html"} {
		f.Add(readFixture(f, name))
	}
	f.Add([]byte(`<script id="data-deferred-state-0" type="application/json">{"niobeClientData":[["x",{"data":{"presentation":{"stayProductDetailPage":{"sections":{"sections":[{"section":{"__typename":"PoliciesSection","houseRules":[{"title":"Check-in after"}]}}]}}}}}]]}</script>`))
	tg := target(f, "https://www.airbnb.com/rooms/42")
	f.Fuzz(func(t *testing.T, page []byte) {
		l := Parse(page, tg)
		listingtest.CheckInvariants(t, l, tg)
	})
}

// TestParsePdpPresentation: a 2026 page whose title, description and
// amenities sections are empty keeps them under data.node.pdpPresentation;
// they are read from there (all 19 amenities, the unavailable one marked),
// not from the og:title with the site's suffix.
func TestParsePdpPresentation(t *testing.T) {
	tg := target(t, "https://www.airbnb.com/rooms/77001234")
	got := Parse(readFixture(t, "presentation-2026.html"), tg)
	listingtest.CheckInvariants(t, got, tg)
	if got.Title != "Garden studio with pool near the beach" || got.Sources[listing.FieldTitle] != listing.SourceEmbedded {
		t.Errorf("title %q from %q", got.Title, got.Sources[listing.FieldTitle])
	}
	if !strings.HasPrefix(got.Description, "A quiet studio in a garden") || got.Sources[listing.FieldDescription] != listing.SourceEmbedded {
		t.Errorf("description %q from %q", got.Description, got.Sources[listing.FieldDescription])
	}
	available := 0
	var crib *listing.Amenity
	for i, a := range got.Amenities {
		if a.Available {
			available++
		}
		if a.Name == "Crib" {
			crib = &got.Amenities[i]
		}
	}
	if available != 19 || crib == nil || crib.Available || got.Sources[listing.FieldAmenities] != listing.SourceEmbedded {
		t.Errorf("amenities: %d available, crib %+v, source %q", available, crib, got.Sources[listing.FieldAmenities])
	}
	for _, w := range got.Warnings {
		if strings.Contains(w, "amenities") {
			t.Errorf("warns about amenities it read: %q", w)
		}
	}
}

// TestParseOtherLanguages: the same listing as airbnb.com.br and airbnb.it
// show it, every word in the language (the fixtures say where the wording
// comes from), reads the same facts as in English: counts from the
// overview, the host's lines ("Anfitriã(o): Inês", "Taxa de resposta:
// 100%", "Risponde entro un'ora"), the house rules ("Check-in após 15:00",
// "Vietato fumare") with the other rules kept in their words, the price per
// night ("noite", "notte"), and the unavailable amenities marked without
// their prefix.
func TestParseOtherLanguages(t *testing.T) {
	for _, c := range []struct {
		file, title, ptype, city, time string
		rules                          []string
	}{
		{"current-pt.html", "Sunny Alfama loft ☀️ river view & terrace", "Espaço inteiro: apartamento", "Lisboa", "em até 1 hora",
			[]string{"Self check-in com cofre de chaves", "Horário de silêncio: 22:00 - 08:00", "Por favor, tire os sapatos dentro de casa.", "Os cestos de reciclagem ficam embaixo da pia."}},
		{"current-it.html", "Sunny Alfama loft ☀️ river view & terrace", "Intero alloggio: appartamento", "Lisbona", "entro un'ora",
			[]string{"Self check-in con cassetta delle chiavi", "Orari di silenzio: 22:00 - 08:00", "Si prega di togliere le scarpe in casa.", "I bidoni della raccolta differenziata sono sotto il lavello."}},
	} {
		t.Run(c.file, func(t *testing.T) {
			tg := target(t, "https://www.airbnb.com/rooms/48123456")
			got := Parse(readFixture(t, c.file), tg)
			listingtest.CheckInvariants(t, got, tg)
			if len(got.Warnings) != 0 {
				t.Errorf("warnings %q: every field is on the page", got.Warnings)
			}
			if got.Title != c.title || got.PropertyType != c.ptype || got.RoomType != "Entire home/apt" || got.Location.City != c.city {
				t.Errorf("title %q, type %q, room %q, city %q", got.Title, got.PropertyType, got.RoomType, got.Location.City)
			}
			if got.Bedrooms != 2 || got.Beds != 3 || got.Baths != 1.5 || got.Capacity != 4 {
				t.Errorf("bedrooms %d beds %d baths %v guests %d; want 2, 3, 1.5, 4", got.Bedrooms, got.Beds, got.Baths, got.Capacity)
			}
			wantHost := listing.Host{Name: "Inês", Superhost: true, YearsHosting: 8, ResponseRate: 100, ResponseTime: c.time}
			if got.Host != wantHost || !got.Superhost || !got.GuestFavorite || got.Ratings.Overall != 4.93 || got.ReviewCount != 214 {
				t.Errorf("host %+v, superhost %v, guest favourite %v, rating %v from %d", got.Host, got.Superhost, got.GuestFavorite, got.Ratings.Overall, got.ReviewCount)
			}
			r := got.HouseRules
			if r.CheckIn != "15:00" || r.CheckOut != "11:00" || r.MaxGuests != 4 || r.PetsAllowed == nil || *r.PetsAllowed ||
				r.SmokingAllowed == nil || *r.SmokingAllowed || r.PartiesAllowed == nil || *r.PartiesAllowed || !slices.Equal(r.Rules, c.rules) {
				t.Errorf("rules %+v (pets %v smoking %v parties %v)", r, r.PetsAllowed, r.SmokingAllowed, r.PartiesAllowed)
			}
			if got.Price == nil || got.Price.Amount != 142 || got.Price.Period != "night" {
				t.Errorf("price %+v, want 142 per night", got.Price)
			}
			var unavailable []string
			for _, a := range got.Amenities {
				if !a.Available {
					unavailable = append(unavailable, a.Name)
				}
			}
			// As in English: air conditioning and free parking, not included;
			// the language's "unavailable" prefix removed.
			if len(unavailable) != 2 || strings.Contains(unavailable[1], ":") {
				t.Errorf("unavailable amenities %q; want air conditioning and free parking, no prefix", unavailable)
			}
		})
	}
}
