package vrbo

import (
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

func fixture(t testing.TB) []byte { return listingtest.Page(t, "testdata/listing.html") }

func target(t testing.TB) listing.Target {
	return listingtest.Target(t, "https://www.vrbo.com/en-gb/p4417281?unitId=4417281&adults=2")
}

// TestParse: Google-style VacationRental JSON-LD serves every field Vrbo
// publishes (a 10-point rating, string numbers, a Country object, a half
// bath, summed beds); OpenGraph and <title> are only fallbacks.
func TestParse(t *testing.T) {
	tg := target(t)
	got := Parse(fixture(t), tg)
	listingtest.CheckInvariants(t, got, tg)
	img := "https://media.vrbo.com/lodging/44000000/43100000/43092800/43092728/"
	want := &listing.Listing{
		Platform: listing.Vrbo, ID: "4417281", URL: "https://www.vrbo.com/4417281",
		CoverURL:     "https://media.vrbo.com/lodging/44000000/43100000/43092800/43092728/a1b2c3d4.jpg",
		Title:        "Seaside Escape – Gulf-view home w/ private pool 🌊",
		Description:  "Wake up to the Gulf from the upstairs deck.\n\nFour bedrooms, a heated pool and a short walk to Crab Island.",
		PropertyType: "House", RoomType: "Entire place",
		Capacity: 10, Bedrooms: 4, Beds: 5, Baths: 3.5,
		Location: listing.Location{City: "Destin", Region: "Florida", Country: "United States", Lat: 30.3935, Lng: -86.4958},
		Amenities: []listing.Amenity{
			{Name: "Pool", Available: true}, {Name: "Washer dryer", Available: true}, {Name: "Pets allowed", Available: false},
		},
		AmenitiesPartial: true, // JSON-LD markup, not the page's full list
		Photos: []listing.Photo{
			{URL: img + "a1b2c3d4.jpg", Caption: "Front of the house"},
			{URL: img + "e5f6a7b8.jpg", Caption: "Private pool"},
		},
		Ratings:     listing.Ratings{Overall: 9.6, Scale: 10},
		ReviewCount: 45,
		HouseRules:  listing.HouseRules{CheckIn: "16:00", CheckOut: "10:00", PetsAllowed: listingtest.B(false)},
		Sources: map[string]string{
			"title": "json-ld", "description": "json-ld", "property_type": "json-ld", "room_type": "json-ld",
			"capacity": "json-ld", "bedrooms": "json-ld", "beds": "json-ld", "baths": "json-ld", "location": "json-ld",
			"coordinates": "json-ld", "amenities": "json-ld", "photos": "json-ld", "rating": "json-ld",
			"review_count": "json-ld", "house_rules": "json-ld",
		},
		Warnings: []string{
			"Could not read the host's profile.",
			"Could not read the listing highlights.",
			"Could not read a nightly price from this page (sites often show prices only for chosen dates).",
		},
	}
	listingtest.Equal(t, got, want)
}

// TestParseTagsOnly: without the state, JSON-LD or a title block the
// <title> serves, with Vrbo's " - Place | Vrbo" ending stripped (it names
// the destination, not the listing), and og:description and og:image
// serve as previews.
func TestParseTagsOnly(t *testing.T) {
	page := []byte(`<html><head><title>Cabin by the creek - Gatlinburg | Vrbo</title>
<meta property="og:description" content="Hot tub &amp; mountain views.">
<meta property="og:image" content="https://media.vrbo.com/lodging/1/2/3/4/cabin.jpg"><meta property="og:image:alt" content="Cabin at dusk">
</head></html>`)
	tg := target(t)
	got := Parse(page, tg)
	listingtest.CheckInvariants(t, got, tg)
	if got.Title != "Cabin by the creek" || got.Sources["title"] != listing.SourceMeta {
		t.Errorf("title %q from %q", got.Title, got.Sources["title"])
	}
	if got.Description != "Hot tub & mountain views." || got.Sources["description"] != listing.SourceOpenGraph {
		t.Errorf("description %q from %q", got.Description, got.Sources["description"])
	}
	if len(got.Photos) != 1 || got.Photos[0].Caption != "Cabin at dusk" {
		t.Errorf("photos %+v", got.Photos)
	}
}

func FuzzVrbo(f *testing.F) {
	f.Add(fixture(f))
	f.Add(listingtest.Page(f, "testdata/rendered.html"))
	f.Add(statePage(f, listingtest.Page(f, "testdata/state.json")))
	f.Add([]byte(`<script>window.__APOLLO_STATE__ = JSON.parse("{\"ROOT_QUERY\":{\"propertyInfo(x)\":{\"__ref\":\"PropertyInfo:1\"}}}");</script>`))
	f.Add([]byte(`<script type="application/ld+json">[{"@graph":[{"@type":["VacationRental"],"containsPlace":[{"occupancy":{"maxValue":"x"}}]}]}]</script>`))
	tg := target(f)
	f.Fuzz(func(t *testing.T, page []byte) {
		listingtest.CheckInvariants(t, Parse(page, tg), tg)
	})
}
