package booking

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// TestParseRendered: a hand-built page in the 2026 rendered layout (Apollo
// cache, JSON-LD whose addressLocality is the street, the gallery's "mais 9
// fotografias", the popular facilities twice, an empty facilities block).
// Every field comes from the cache where it has it; the facilities are
// read once and marked as a part.
func TestParseRendered(t *testing.T) {
	tg := listingtest.Target(t, "https://www.booking.com/hotel/pt/casa-do-largo.pt-pt.html")
	got := Parse(listingtest.Page(t, "testdata/rendered.html"), tg)
	listingtest.CheckInvariants(t, got, tg)
	want := &listing.Listing{
		Platform: listing.Booking, ID: "pt/casa-do-largo", URL: "https://www.booking.com/hotel/pt/casa-do-largo.html",
		Title:        "Casa do Largo",
		Language:     "pt",
		Description:  "Localizado em Lisboa, a Casa do Largo tem vista rio.\n\nTem cozinha & varanda.",
		PropertyType: "Apartment",
		Location:     listing.Location{City: "Lisboa", Country: "Portugal", Lat: 38.7112, Lng: -9.1301},
		Amenities: []listing.Amenity{
			{Name: "Wi-Fi gratuito", Available: true, Group: "Most popular facilities"},
			{Name: "Cozinha", Available: true, Group: "Most popular facilities"},
			{Name: "Varanda", Available: true, Group: "Most popular facilities"},
		},
		AmenitiesPartial: true,
		Photos: []listing.Photo{
			{URL: "https://cf.bstatic.com/xdata/images/hotel/max1024x768/700.jpg?k=a", Label: "Sala com vista rio"},
			{URL: "https://cf.bstatic.com/xdata/images/hotel/max300/701.jpg?k=b", Label: "Quarto"},
			{URL: "https://cf.bstatic.com/xdata/images/hotel/max200/702.jpg?k=c"},
			{URL: "https://cf.bstatic.com/xdata/images/hotel/max500/703.jpg?k=d", Label: `Varanda "rio"`},
		},
		CoverURL:    "https://cf.bstatic.com/xdata/images/hotel/max1024x768/700.jpg?k=a",
		Ratings:     listing.Ratings{Overall: 9.1, Cleanliness: 9.4, Scale: 10},
		ReviewCount: 212,
		HouseRules: listing.HouseRules{CheckIn: "15:00–00:00", CheckOut: "07:00–12:00", // the page gives both ends of each window
			PetsAllowed: ptr(true), SmokingAllowed: ptr(false),
			Rules: []string{"Idade mínima para check-in: 18", "Não é permitido fumar."}},
		Sources: map[string]string{
			"title": "embedded-json", "description": "embedded-json", "property_type": "embedded-json",
			"location": "embedded-json", "coordinates": "embedded-json", "photos": "embedded-json",
			"rating": "embedded-json", "category_ratings": "embedded-json", "review_count": "embedded-json", "house_rules": "embedded-json",
			"amenities": "markup",
		},
		Partial: map[string]string{"amenities": "the 3 most popular facilities"},
		Warnings: []string{
			"Could not read how many guests the listing sleeps.",
			"Could not read the number of bedrooms.",
			"Could not read the number of beds.",
			"Could not read the number of bathrooms.",
			"Could not read a nightly price from this page (sites often show prices only for chosen dates).",
		},
	}
	listingtest.Equal(t, got, want)
}

// TestParseWithoutApollo: the same page without its cache falls back to
// JSON-LD and the markup, each marked for what it is: the city from
// streetAddress (not the street in addressLocality), the description
// block, and the gallery's 3 thumbnails as a part of its 12 photos.
func TestParseWithoutApollo(t *testing.T) {
	page := string(listingtest.Page(t, "testdata/rendered.html"))
	page = page[:strings.Index(page, `<script data-capla-namespace`)] + "</body></html>"
	tg := listingtest.Target(t, "https://www.booking.com/hotel/pt/casa-do-largo.pt-pt.html")
	got := Parse([]byte(page), tg)
	listingtest.CheckInvariants(t, got, tg)
	checks := []struct {
		name      string
		got, want any
	}{
		{"city", got.Location.City, "Lisboa"},
		{"area", got.Location.Area, "Alfama"},
		{"country", got.Location.Country, "Portugal"},
		{"coordinates", got.Location.Lat, 38.71},
		{"coordinates source", got.Sources[listing.FieldCoordinates], listing.SourceMarkup},
		{"description source", got.Sources[listing.FieldDescription], listing.SourceMarkup},
		{"description", got.Description, "Localizado em Lisboa, a Casa do Largo tem vista rio.\n\nTem cozinha & varanda."},
		{"photos", len(got.Photos), 3},
		{"photos partial", got.Partial[listing.FieldPhotos], "3 of the gallery's 12 photos"},
		{"property type", got.PropertyType, ""}, // JSON-LD's Hotel says nothing
		{"rating", got.Ratings, listing.Ratings{Overall: 9.1, Scale: 10}},
		{"cover", got.CoverURL, "https://cf.bstatic.com/xdata/images/hotel/max500/700.jpg?k=a&o=&hp=1"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %#v, want %#v", c.name, c.got, c.want)
		}
	}
}
