package vrbo

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// Hand-built pages in the shape of Vrbo's 2026 property page (see
// ../shared/real-pages/vrbo): testdata/state.json is an Apollo cache with
// the entries the page renders from; testdata/rendered.html is the
// rendered markup of the same listing without its state.

const breadcrumb = `<script type="application/ld+json">{"@context":"http://schema.org","@type":"BreadcrumbList","itemListElement":[` +
	`{"@type":"ListItem","name":"Home","position":1,"item":"https://www.vrbo.com/"},` +
	`{"@type":"ListItem","name":"Vacation Rentals","position":2,"item":"https://www.vrbo.com/vacation-rentals"},` +
	`{"@type":"ListItem","name":"United States of America","position":3,"item":"https://www.vrbo.com/vacation-rentals/usa"},` +
	`{"@type":"ListItem","name":"Florida","position":4,"item":"https://www.vrbo.com/vacation-rentals/usa/florida"},` +
	`{"@type":"ListItem","name":"Destin","position":5,"item":"https://www.vrbo.com/vacation-rentals/usa/florida/destin"},` +
	`{"@type":"ListItem","name":"Casa Azul, Destin","position":6}]}</script>`

// statePage is a page carrying state as Vrbo ships it: a JSON string
// literal inside JSON.parse(…).
func statePage(t testing.TB, state []byte) []byte {
	lit, err := json.Marshal(string(state))
	if err != nil {
		t.Fatal(err)
	}
	return []byte(`<!DOCTYPE html><html lang="en"><head><title>Casa Azul - Destin | Vrbo</title>
<meta property="og:description" content="This beachfront Destin condo is within 1 mi of Crystal Beach.">
<meta property="og:image" content="https://images.trvl-media.com/hotels/1/2/3/111/dddd_z.jpg">` + breadcrumb + `</head>
<body><h1>Casa Azul</h1><script>window.__public = 1;</script>
<script>window.__APOLLO_STATE__ = JSON.parse(` + string(lit) + `);</script></body></html>`)
}

var place = listing.Location{City: "Destin", Region: "Florida", Country: "United States of America", Lat: 30.3935, Lng: -86.4958}

// TestParseState: the Apollo state serves every field, whole — all the
// gallery's photos with their captions (never the generated "Unclassified
// image"), every amenity in its group, the whole description with its
// sections, the rules — and the breadcrumb names the place. The headline's
// SEO JSON-LD, og:description and og:image do not stand in for anything.
func TestParseState(t *testing.T) {
	tg := target(t)
	got := Parse(statePage(t, listingtest.Page(t, "testdata/state.json")), tg)
	listingtest.CheckInvariants(t, got, tg)
	img := "https://media.vrbo.com/lodging/1/2/3/111/"
	fit := "?impolicy=resizecrop&rw=1200&ra=fit"
	const emb = listing.SourceEmbedded
	want := &listing.Listing{
		Platform: listing.Vrbo, ID: "4417281", URL: "https://www.vrbo.com/4417281",
		Title:        "Casa Azul",
		Description:  "Wake up to the Gulf.\n\nThree bedrooms & a heated pool.\n\nOur prices include all fees.\n\nThe space\n\nAn open kitchen.",
		PropertyType: "Condo", RoomType: "Entire home",
		Capacity: 6, Bedrooms: 3, Baths: 2,
		Location: place,
		Amenities: []listing.Amenity{
			{Name: "Kitchen", Available: true, Group: "Kitchen"}, {Name: "Dishwasher", Available: true, Group: "Kitchen"},
			{Name: "Private pool", Available: true, Group: "Pool & spa"}, {Name: "Hot tub", Available: true, Group: "Pool & spa"},
			{Name: "Pet friendly", Available: true, Group: "Pets"},
		},
		Photos: []listing.Photo{
			{URL: img + "aaaa.jpg" + fit, Label: "Exterior"}, {URL: img + "bbbb.jpg" + fit, Label: "Pool"}, {URL: img + "cccc.jpg" + fit},
		},
		CoverURL:    img + "aaaa.jpg" + fit,
		Ratings:     listing.Ratings{Overall: 9.6, Scale: 10},
		ReviewCount: 45,
		Host:        listing.Host{Name: "Ana Silva"},
		HouseRules: listing.HouseRules{CheckIn: "3:00 PM", CheckOut: "10:00 AM",
			PetsAllowed: listingtest.B(false), SmokingAllowed: listingtest.B(false), PartiesAllowed: listingtest.B(false),
			Rules: []string{"Children allowed: ages 0-17"}},
		Sources: map[string]string{
			"title": emb, "description": emb, "property_type": emb, "room_type": emb, "capacity": emb, "bedrooms": emb,
			"baths": emb, "location": listing.SourceJSONLD, "coordinates": emb, "amenities": emb, "photos": emb,
			"rating": emb, "review_count": emb, "host": emb, "house_rules": emb,
		},
		Warnings: []string{
			"Could not read the number of beds.",
			"Could not read the listing highlights.",
			"Could not read a nightly price from this page (sites often show prices only for chosen dates).",
		},
	}
	listingtest.Equal(t, got, want)
}

// TestParseRenderedMarkup: a copy without the state is read from what it
// shows — the title block, the overview facts (never the search form's "2
// guests"), the rating, the description, the rules and the host — and
// the gallery tiles and the popular amenities are previews, marked
// partial with what the page showed.
func TestParseRenderedMarkup(t *testing.T) {
	tg := target(t)
	got := Parse(listingtest.Page(t, "testdata/rendered.html"), tg)
	listingtest.CheckInvariants(t, got, tg)
	img := "https://media.vrbo.com/lodging/1/2/3/111/"
	const mk = listing.SourceMarkup
	want := &listing.Listing{
		Platform: listing.Vrbo, ID: "4417281", URL: "https://www.vrbo.com/4417281",
		Title:        "Casa Azul",
		Description:  "Wake up to the Gulf.\n\nThree bedrooms & a heated pool.\n\nOur prices include all fees.",
		PropertyType: "Condo", RoomType: "Entire home",
		Capacity: 6, Bedrooms: 3, Baths: 2,
		Location: place,
		Amenities: []listing.Amenity{
			{Name: "Pool", Available: true}, {Name: "Kitchen", Available: true}, {Name: "Pet friendly", Available: true},
		},
		AmenitiesPartial: true,
		Photos: []listing.Photo{
			{URL: img + "aaaa.jpg?impolicy=resizecrop&rw=598&ra=fit", Label: "Exterior"}, // Vrbo's classification, no caption
			{URL: img + "bbbb.jpg?impolicy=resizecrop&rw=297&ra=fit", Label: "Pool"},
		},
		CoverURL:    img + "aaaa.jpg?impolicy=resizecrop&rw=598&ra=fit",
		Ratings:     listing.Ratings{Overall: 9.6, Scale: 10},
		ReviewCount: 45,
		Host:        listing.Host{Name: "Ana Silva"},
		HouseRules: listing.HouseRules{CheckIn: "3:00 PM", CheckOut: "10:00 AM",
			PetsAllowed: listingtest.B(true), SmokingAllowed: listingtest.B(true), PartiesAllowed: listingtest.B(false)},
		Sources: map[string]string{
			"title": mk, "description": mk, "property_type": mk, "room_type": mk, "capacity": mk, "bedrooms": mk,
			"baths": mk, "location": listing.SourceJSONLD, "coordinates": mk, "amenities": mk, "photos": mk,
			"rating": mk, "review_count": mk, "host": mk, "house_rules": mk,
		},
		Partial: map[string]string{
			"amenities": "the 3 popular amenities the page shows of the 30 it lists",
			"photos":    "the 2 photos the gallery shows before a click (it says 24+ more)",
		},
		Warnings: []string{
			"Could not read the number of beds.",
			"Could not read the listing highlights.",
			"Could not read a nightly price from this page (sites often show prices only for chosen dates).",
		},
	}
	listingtest.Equal(t, got, want)
}

// TestTitleNeverFromIconOrButton: a DevTools copy of a Vrbo page got the
// title "Share button" from the share icon's <svg><title>. The title is
// the title block's h1 (its shown text), never an icon's title or a
// button's text; with no h1 and no Vrbo document title, no title is read.
func TestTitleNeverFromIconOrButton(t *testing.T) {
	share := `<button aria-label="Share" type="button"><svg aria-label="Share button" role="img"><title>Share button</title></svg></button>`
	save := `<button type="button"><svg><title>Save</title></svg><span>Save</span></button>`
	for _, tc := range []struct {
		name, page, want string
	}{
		{"a copy of <body>: the icons come before the h1",
			`<body>` + share + save + `<div data-stid="content-hotel-title"><span>Entire home</span><h1>Casa Azul</h1></div></body>`, "Casa Azul"},
		{"an icon inside the h1",
			`<body><div data-stid="content-hotel-title"><h1>Casa Azul` + share + `</h1></div></body>`, "Casa Azul"},
		{"an h1 inside a button is a button's text",
			`<body><button><h1>Share</h1></button><h1>Casa Azul</h1></body>`, "Casa Azul"},
		{"no h1: icons and buttons only", `<body>` + share + save + `<p>Sleeps 6</p></body>`, ""},
		{"an icon's <title> first, no document title", `<html><body>` + share + `</body></html>`, ""},
		{"a <title> that is not Vrbo's", `<html><head><title>Share button</title><meta property="og:title" content="Save"></head></html>`, ""},
		{"Vrbo's document title", `<html><head><title>Casa Azul - Destin | Vrbo</title></head><body>` + share + `</body></html>`, "Casa Azul"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := target(t)
			got := Parse([]byte(tc.page), tg)
			listingtest.CheckInvariants(t, got, tg)
			if got.Title != tc.want || got.Has(listing.FieldTitle) != (tc.want != "") {
				t.Errorf("title %q (read: %v), want %q", got.Title, got.Has(listing.FieldTitle), tc.want)
			}
		})
	}
}

func TestAddRule(t *testing.T) {
	yes, no := listingtest.B(true), listingtest.B(false)
	for _, tc := range []struct {
		heading, item string
		want          listing.HouseRules
	}{
		{"", "Check in after 4:00 PM", listing.HouseRules{CheckIn: "4:00 PM"}},
		{"", "Check-in: 3:00 PM - 10:00 PM", listing.HouseRules{CheckIn: "3:00 PM – 10:00 PM"}},
		{"", "Check out before 12:00 PM", listing.HouseRules{CheckOut: "12:00 PM"}},
		{"", "Checkout 11:00", listing.HouseRules{CheckOut: "11:00"}},
		{"", "Flexible check-in", listing.HouseRules{Rules: []string{"Flexible check-in"}}},
		{"", "Check in anytime", listing.HouseRules{CheckIn: "Check in anytime"}},
		{"Pets", "Pets allowed", listing.HouseRules{PetsAllowed: yes}},
		{"Pets", "No pets allowed", listing.HouseRules{PetsAllowed: no}},
		{"Smoking", "Smoking allowed: in designated areas", listing.HouseRules{SmokingAllowed: yes}},
		{"Smoking", "Smoking is not permitted", listing.HouseRules{SmokingAllowed: no}},
		{"Events", "No events allowed", listing.HouseRules{PartiesAllowed: no}},
		{"Events", "Events allowed", listing.HouseRules{PartiesAllowed: yes}},
		{"", "Parties are prohibited", listing.HouseRules{PartiesAllowed: no}},
		{"Children", "Children allowed: ages 0-17", listing.HouseRules{Rules: []string{"Children allowed: ages 0-17"}}},
		{"Pets", "Ask the owner", listing.HouseRules{}},
	} {
		var got listing.HouseRules
		addRule(&got, tc.heading, tc.item)
		if g, w := mustJSON(t, got), mustJSON(t, tc.want); g != w {
			t.Errorf("%q / %q: %s, want %s", tc.heading, tc.item, g, w)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestApplyDetail: the overview's facts by icon or words; "3+ bathrooms"
// is 3, marked partial (a lower bound).
func TestApplyDetail(t *testing.T) {
	for _, tc := range []struct {
		icon, text, field string
		want              float64
		partial           bool
	}{
		{"room", "5 bedrooms", listing.FieldBedrooms, 5, false},
		{"", "1 bedroom", listing.FieldBedrooms, 1, false},
		{"bathroom", "3+ bathrooms", listing.FieldBaths, 3, true},
		{"", "1.5 bathrooms", listing.FieldBaths, 1.5, false},
		{"people", "Sleeps 9", listing.FieldCapacity, 9, false},
		{"", "Sleeps 12", listing.FieldCapacity, 12, false},
		{"", "4 beds", listing.FieldBeds, 4, false},
		{"dimension", "4951.4 sq ft", "", 0, false},
	} {
		l := listing.New(listing.Target{Platform: listing.Vrbo})
		applyDetail(l, tc.icon, tc.text, listing.SourceMarkup)
		var got float64
		switch tc.field {
		case listing.FieldBedrooms:
			got = float64(l.Bedrooms)
		case listing.FieldBaths:
			got = l.Baths
		case listing.FieldCapacity:
			got = float64(l.Capacity)
		case listing.FieldBeds:
			got = float64(l.Beds)
		}
		if tc.field == "" {
			if len(l.Sources) != 0 {
				t.Errorf("%q read as %v", tc.text, l.Sources)
			}
			continue
		}
		if got != tc.want || !l.Has(tc.field) || l.IsPartial(tc.field) != tc.partial {
			t.Errorf("%q: %s = %v (read %v, partial %v), want %v (partial %v)",
				tc.text, tc.field, got, l.Has(tc.field), l.IsPartial(tc.field), tc.want, tc.partial)
		}
	}
}

func TestPropertyTypeIn(t *testing.T) {
	for in, want := range map[string]string{
		"Waterfront villa with a fitness center and an outdoor pool": "Villa",
		"View more Villas in Formentera":                             "Villa",
		"Family-friendly condo with a pool":                          "Condo",
		"Cozy guesthouse near the beach":                             "Guesthouse",
		"Cabin with hot tub, mountain views":                         "Cabin",
		"Entire home":                                                "",
		"Housekeeper included":                                       "",
	} {
		if got := propertyTypeIn(in); got != want {
			t.Errorf("propertyTypeIn(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDocTitle(t *testing.T) {
	for in, want := range map[string]string{
		"Barbarosa Formentera - Formentera | Vrbo": "Barbarosa Formentera",
		"Sea - Sun - Sand cottage - Destin | Vrbo": "Sea - Sun - Sand cottage",
		"Cabin by the creek - Gatlinburg - Vrbo":   "Cabin by the creek",
		"Vrbo":                                     "",
		"Share button":                             "",
		"Vacation Rentals & Homes | Vrbo":          "Vacation Rentals & Homes",
		"Bot or Not?":                              "",
	} {
		if got := docTitle(in); got != want {
			t.Errorf("docTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRealPage: the saved Vrbo page read whole from its state, and again
// as a copy without its state, from its markup alone.
func TestRealPage(t *testing.T) {
	page := readRealPage(t)
	tg := realTarget(t)
	t.Run("whole", func(t *testing.T) {
		l := Parse(page, tg)
		listingtest.CheckInvariants(t, l, tg)
		if len(l.Photos) != 43 || l.IsPartial(listing.FieldPhotos) || l.Sources[listing.FieldPhotos] != listing.SourceEmbedded {
			t.Errorf("photos: %d from %s (partial %v), want all 43 from the state", len(l.Photos), l.Sources[listing.FieldPhotos], l.IsPartial(listing.FieldPhotos))
		}
		if len(l.Amenities) != 91 || l.IsPartial(listing.FieldAmenities) {
			t.Errorf("amenities: %d (partial %v), want all 91", len(l.Amenities), l.IsPartial(listing.FieldAmenities))
		}
		if l.Price != nil {
			t.Errorf("price %+v: the page has none (\"Add dates for prices\")", l.Price)
		}
		if !strings.HasPrefix(l.Description, "Villa Barbarosa has an excellent location") || !strings.Contains(l.Description, "\n\n") {
			t.Errorf("description starts %.60q", l.Description)
		}
	})
	t.Run("markup only", func(t *testing.T) {
		l := Parse(withoutState(page), tg)
		listingtest.CheckInvariants(t, l, tg)
		checks := []struct {
			field    string
			ok       bool
			partial  bool
			describe string
		}{
			{listing.FieldTitle, l.Title == "Barbarosa Formentera", false, l.Title},
			{listing.FieldCapacity, l.Capacity == 9, false, "capacity"},
			{listing.FieldBedrooms, l.Bedrooms == 5, false, "bedrooms"},
			{listing.FieldBaths, l.Baths == 3, true, "baths"},
			{listing.FieldRating, l.Ratings.Overall == 10 && l.Ratings.Scale == 10, false, "rating"},
			{listing.FieldReviewCount, l.ReviewCount == 15, false, "reviews"},
			{listing.FieldHost, l.Host.Name == "Marcelo Guisado", false, l.Host.Name},
			{listing.FieldPhotos, len(l.Photos) == 5, true, "photos"},
			{listing.FieldAmenities, len(l.Amenities) == 6, true, "amenities"},
			{listing.FieldPropertyType, l.PropertyType == "Villa", false, l.PropertyType},
			{listing.FieldHouseRules, l.HouseRules.CheckIn == "4:00 PM" && l.HouseRules.CheckOut == "12:00 PM", false, "rules"},
		}
		for _, c := range checks {
			if !c.ok || !l.Has(c.field) || l.Sources[c.field] != listing.SourceMarkup || l.IsPartial(c.field) != c.partial {
				t.Errorf("%s (%s): ok %v, from %q, partial %v (want %v)", c.field, c.describe, c.ok, l.Sources[c.field], l.IsPartial(c.field), c.partial)
			}
		}
		if w := len(strings.Fields(l.Description)); w != 216 {
			t.Errorf("description: %d words, want 216", w)
		}
		if !slices.Contains([]string{listing.SourceMarkup}, l.Sources[listing.FieldDescription]) {
			t.Errorf("description from %q", l.Sources[listing.FieldDescription])
		}
	})
}
