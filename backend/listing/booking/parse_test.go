package booking

import (
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

func fixture(t testing.TB) []byte { return listingtest.Page(t, "testdata/property.html") }

func target(t testing.TB) listing.Target {
	return listingtest.Target(t, "https://www.booking.com/hotel/jp/machiya-gion-hanare.en-gb.html?aid=304142&label=gen173nr&checkin=2026-04-01")
}

// TestParse: the older layout without embedded state. Hotel JSON-LD
// (10-point rating, city inside streetAddress, map centre in hasMap, the
// "from" price in priceRange) plus the page's own description block (with
// Japanese text), its most popular facilities (a part, so marked) and the
// data-thumb-url gallery, all read from the markup.
func TestParse(t *testing.T) {
	tg := target(t)
	got := Parse(fixture(t), tg)
	listingtest.CheckInvariants(t, got, tg)
	want := &listing.Listing{
		Platform: listing.Booking, ID: "jp/machiya-gion-hanare", URL: "https://www.booking.com/hotel/jp/machiya-gion-hanare.html",
		CoverURL: "https://cf.bstatic.com/xdata/images/hotel/max500/401234567.jpg?k=abc&o=&hp=1",
		Title:    "Machiya Gion Hanare",
		Description: "Set in Kyoto, 400 metres from Gion Shijo Station, Machiya Gion Hanare offers accommodation with free WiFi.\n" +
			"This restored 町家 (machiya) has a cypress bath & a private garden.",
		// JSON-LD says Hotel for every Booking.com property: not the kind of place.
		Location: listing.Location{Area: "Higashiyama-ku", City: "Kyoto", Region: "Kyoto Prefecture", Country: "Japan", Lat: 35.0037, Lng: 135.7752},
		Amenities: []listing.Amenity{
			{Name: "Non-smoking rooms", Available: true, Group: "Most popular facilities"},
			{Name: "Free WiFi", Available: true, Group: "Most popular facilities"},
			{Name: "Air conditioning", Available: true, Group: "Most popular facilities"},
			{Name: "Family rooms", Available: true, Group: "Most popular facilities"},
		},
		AmenitiesPartial: true, // the page's most popular facilities, not all of them
		Photos: []listing.Photo{
			{URL: "https://cf.bstatic.com/xdata/images/hotel/max1024x768/401234567.jpg?k=abc", Label: "Tatami room with garden view"},
			{URL: "https://cf.bstatic.com/xdata/images/hotel/max1024x768/401234999.jpg?k=def"},
		},
		Ratings:     listing.Ratings{Overall: 9.2, Scale: 10},
		ReviewCount: 1435,
		Price:       &listing.Price{Amount: 18500, Currency: "JPY", Period: "night"},
		Sources: map[string]string{
			"title": "json-ld", "description": "markup", "location": "json-ld",
			"coordinates": "json-ld", "amenities": "markup", "photos": "markup", "rating": "json-ld",
			"review_count": "json-ld", "price": "json-ld",
		},
		Partial: map[string]string{"amenities": "the 4 most popular facilities"},
		Warnings: []string{
			"Could not read the property type from this page.",
			"Could not read how many guests the listing sleeps.",
			"Could not read the number of bedrooms.",
			"Could not read the number of beds.",
			"Could not read the number of bathrooms.",
			"Could not read the category ratings (cleanliness, accuracy and the others).",
			"Could not read the house rules.",
		},
	}
	listingtest.Equal(t, got, want)
}

// TestParseMarkupFallbacks: without JSON-LD the coordinates come from
// data-atlas-latlng (a data attribute of the markup) and the title from
// <title> with its decoration and the city before it stripped.
func TestParseMarkupFallbacks(t *testing.T) {
	page := []byte(`<html><head><title>Casa do Alfama, Lisbon (updated prices 2026)</title></head>
<body><a id="hotel_address" data-atlas-latlng="38.7113,-9.1296">Rua de São Miguel</a></body></html>`)
	tg := target(t)
	got := Parse(page, tg)
	listingtest.CheckInvariants(t, got, tg)
	if got.Title != "Casa do Alfama" || got.Location.Lat != 38.7113 || got.Location.Lng != -9.1296 {
		t.Errorf("title %q lat/lng %v %v", got.Title, got.Location.Lat, got.Location.Lng)
	}
	if got.Sources["coordinates"] != listing.SourceMarkup {
		t.Errorf("coordinates source %q", got.Sources["coordinates"])
	}
}

func FuzzBooking(f *testing.F) {
	f.Add(fixture(f))
	f.Add(listingtest.Page(f, "testdata/rendered.html"))
	f.Add(listingtest.Page(f, "testdata/apartment.html"))
	f.Add([]byte(`<script data-capla-store-data="apollo" type="application/json">{"Property:{}":{"propertyGallery(":{"mainGalleryPhotos":[{"__ref":"x"}]}},"x":{"resource({\"size\":\"max500\"})":1}}</script><div data-testid="property-description"`))
	f.Add([]byte(`<script type="application/ld+json">{"@type":"Hotel","address":{"streetAddress":"1, 2","postalCode":"","addressCountry":"2"},"hasMap":"%zz","priceRange":" at "}</script><a data-atlas-latlng="1,">`))
	tg := target(f)
	f.Fuzz(func(t *testing.T, page []byte) {
		listingtest.CheckInvariants(t, Parse(page, tg), tg)
	})
}
