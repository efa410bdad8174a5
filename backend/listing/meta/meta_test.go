package meta

import (
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

func fixture(t testing.TB) []byte { return listingtest.Page(t, "testdata/generic.html") }

func target(t testing.TB) listing.Target {
	return listingtest.Target(t, "https://www.vrbo.com/998877")
}

// TestParseGeneric: a page with only OpenGraph and meta tags (no JSON-LD):
// the generic parser reads what is there and warns about the rest.
func TestParseGeneric(t *testing.T) {
	tg := target(t)
	got := Parse(fixture(t), tg)
	listingtest.CheckInvariants(t, got, tg)
	want := &listing.Listing{
		Platform: listing.Vrbo, ID: "998877", URL: "https://www.vrbo.com/998877",
		CoverURL:    "https://media.vrbo.com/lodging/chalet-1.jpg",
		Title:       "Chalet Les Écureuils — ski-in/ski-out",
		Description: "Four-bedroom chalet in Chamonix with a sauna & Mont Blanc views.",
		Location:    listing.Location{City: "Chamonix-Mont-Blanc", Region: "Auvergne-Rhône-Alpes", Country: "France", Lat: 45.9237, Lng: 6.8694},
		Photos: []listing.Photo{
			{URL: "https://media.vrbo.com/lodging/chalet-1.jpg", Caption: "Chalet in winter"},
			{URL: "https://media.vrbo.com/lodging/chalet-2.jpg"},
		},
		Price: &listing.Price{Amount: 450, Currency: "EUR"},
		Sources: map[string]string{
			"title": "opengraph", "description": "opengraph", "photos": "opengraph", "coordinates": "opengraph",
			"location": "opengraph", "price": "opengraph",
		},
		Warnings: []string{
			"Could not read the property type from this page.",
			"Could not read the room type from this page.",
			"Could not read how many guests the listing sleeps.",
			"Could not read the number of bedrooms.",
			"Could not read the number of beds.",
			"Could not read the number of bathrooms.",
			"Could not read the amenities from this page.",
			"Could not read the overall rating (the listing may have no reviews yet).",
			"Could not read the number of reviews.",
			"Could not read the host's profile.",
			"Could not read the house rules.",
			"Could not read the listing highlights.",
		},
	}
	listingtest.Equal(t, got, want)
}

func TestExtract(t *testing.T) {
	d := Extract([]byte(`<html><head><title> A &amp; B </title>
<link rel="canonical" href="https://x.example/a">
<meta name="description" content="first"><meta name="description" content="second">
<script type="application/ld+json">{"@graph":[{"@type":"Hotel","name":"H"},{"@type":"Organization"}]}</script>
<script type="application/ld+json">not json</script>
<script id="state" type="application/json">{"a":"</div>"}</script>
<script>var x = "<title>not a title</title>";</script>
</head><body><div data-atlas-latlng="1,2"></div></body></html>`))
	if d.Title != "A & B" || d.Canonical != "https://x.example/a" || d.Meta["description"] != "first" {
		t.Errorf("title %q canonical %q description %q", d.Title, d.Canonical, d.Meta["description"])
	}
	if len(d.JSONLD) != 2 || Str(d.JSONLD[0]["name"]) != "H" {
		t.Errorf("JSON-LD %v", d.JSONLD)
	}
	if string(d.Scripts["state"]) != `{"a":"</div>"}` || d.Attrs["data-atlas-latlng"] != "1,2" {
		t.Errorf("scripts %q attrs %v", d.Scripts, d.Attrs)
	}
}

// TestExtractTagsInAnyCase: the elements Extract reads are known by their
// name in any case, end tags included (an icon's <SVG><TITLE> is still no
// page title), whatever the tags around them.
func TestExtractTagsInAnyCase(t *testing.T) {
	d := Extract([]byte(`<HTML LANG="pt-BR"><HEAD><SVG><TITLE>Share</TITLE></SVG><Title>Casa</TITLE >
<META PROPERTY="og:title" CONTENT="Casa na praia"><LINK REL="canonical" HREF="https://x.example/c">
<SCRIPT TYPE="application/json" ID="state">{}</SCRIPT></HEAD><BODY><DIV DATA-ATLAS-LATLNG="1,2"></DIV></BODY></HTML>`))
	if d.Lang != "pt-BR" || d.Title != "Casa" || d.Meta["og:title"] != "Casa na praia" || d.Canonical != "https://x.example/c" {
		t.Errorf("lang %q title %q og:title %q canonical %q", d.Lang, d.Title, d.Meta["og:title"], d.Canonical)
	}
	if _, ok := d.Scripts["state"]; !ok || d.Attrs["data-atlas-latlng"] != "" {
		// The attribute of interest is searched as sites write it.
		t.Errorf("scripts %q attrs %v", d.Scripts, d.Attrs)
	}
}

func TestSplitPlace(t *testing.T) {
	tests := []struct {
		in   string
		want listing.Location
	}{
		{"", listing.Location{}},
		{"Lisbon", listing.Location{City: "Lisbon"}},
		{"Αθήνα, Greece", listing.Location{City: "Αθήνα", Country: "Greece"}},
		{"Lisbon, Lisbon, Portugal", listing.Location{City: "Lisbon", Region: "Lisbon", Country: "Portugal"}},
		{"Alfama, Lisbon, Lisbon, Portugal", listing.Location{Area: "Alfama", City: "Lisbon", Region: "Lisbon", Country: "Portugal"}},
		{" , Kyoto ,, Japan ", listing.Location{City: "Kyoto", Country: "Japan"}},
	}
	for _, tt := range tests {
		if got := SplitPlace(tt.in); got != tt.want {
			t.Errorf("SplitPlace(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func FuzzGeneric(f *testing.F) {
	f.Add(fixture(f))
	f.Add([]byte(`<meta property="og:image:alt" content="x"><meta property="og:image" content="https://a"><meta property="place:location:latitude" content="NaN">`))
	f.Add([]byte(`<script type="application/ld+json">{"@type":"Product","offers":[{"price":"1e400"}],"image":[{"url":1}],"aggregateRating":{"ratingValue":"5","bestRating":"-1"}}</script>`))
	tg := target(f)
	f.Fuzz(func(t *testing.T, page []byte) {
		listingtest.CheckInvariants(t, Parse(page, tg), tg)
	})
}

// TestHotelRoomsAreNotBedrooms: a hotel's numberOfRooms is the size of the
// hotel; a rental's is its own rooms.
func TestHotelRoomsAreNotBedrooms(t *testing.T) {
	tg := target(t)
	hotel := Parse([]byte(`<script type="application/ld+json">{"@type":"Hotel","name":"H","numberOfRooms":120}</script>`), tg)
	if hotel.Has(listing.FieldBedrooms) {
		t.Errorf("hotel: bedrooms %d read from numberOfRooms", hotel.Bedrooms)
	}
	flat := Parse([]byte(`<script type="application/ld+json">{"@type":"Apartment","name":"A","numberOfRooms":3}</script>`), tg)
	if flat.Bedrooms != 3 || flat.Sources[listing.FieldBedrooms] != listing.SourceJSONLD {
		t.Errorf("apartment: bedrooms %d", flat.Bedrooms)
	}
}

// TestExtractCaplaStore: Booking.com's Apollo cache has no id; it is kept
// under "capla-store:<store>" (the first one) and by namespace.
func TestExtractCaplaStore(t *testing.T) {
	d := Extract([]byte(`<html><body>
<script data-capla-namespace="b-property-web-property-pageX" data-capla-store-data="apollo" type="application/json">{"ROOT_QUERY":{}}</script>
<script data-capla-namespace="b-header" data-capla-store-data="apollo" type="application/json">{"other":1}</script>
<script data-capla-application-context="data-capla-application-context" type="application/json">{"ctx":1}</script>
</body></html>`))
	for key, want := range map[string]string{
		"capla-store:apollo": `{"ROOT_QUERY":{}}`,
		"capla-store:apollo:b-property-web-property-pageX": `{"ROOT_QUERY":{}}`,
		"capla-store:apollo:b-header":                      `{"other":1}`,
	} {
		if got := string(d.Scripts[key]); got != want {
			t.Errorf("Scripts[%q] = %q, want %q", key, got, want)
		}
	}
	if len(d.Scripts) != 3 {
		t.Errorf("scripts %q", d.Scripts)
	}
}

// An icon's <title> inside an <svg> names the icon ("Share button"), never
// the page: a DevTools copy of a Vrbo page's body starts with one.
func TestExtractSkipsIconTitles(t *testing.T) {
	for _, tc := range []struct{ page, want string }{
		{`<html><body><svg><title>Share button</title><path d="M0"/></svg><h1>Cabin</h1></body></html>`, ""},
		{`<html><body><svg><title>Share button</title></svg><title>Cabin by the creek</title></body></html>`, "Cabin by the creek"},
		{`<html><head><title>Cabin</title></head><body><svg><title>Save</title></svg></body></html>`, "Cabin"},
	} {
		if got := Extract([]byte(tc.page)).Title; got != tc.want {
			t.Errorf("title of %s = %q, want %q", tc.page, got, tc.want)
		}
	}
}

// TestMarkupWithoutScriptsOrDrawings: Doc.Markup keeps every element a
// reader of visible text needs and drops script bodies and icon drawings
// (nested, self-closing and unclosed ones included), so text after them
// is never swallowed.
func TestMarkupWithoutScriptsOrDrawings(t *testing.T) {
	for _, tc := range []struct{ name, page, want string }{
		{"script body cut", `<p>a</p><script>var x = "<p>no</p>";</script><p>b</p>`,
			`<p>a</p><script data-listinglift-body="0"></script><p>b</p>`},
		{"drawing cut", `<p>a</p><svg viewBox="0 0 1 1"><title>Share</title><path d="M0"/></svg><p>b</p>`,
			`<p>a</p><svg viewBox="0 0 1 1"></svg><p>b</p>`},
		{"nested drawing", `<svg><svg><path/></svg><text>x</text></svg><p>b</p>`, `<svg></svg><p>b</p>`},
		{"self-closing drawing", `<svg/><p>a</p><svg><path/></svg><p>b</p>`, `<svg/><p>a</p><svg></svg><p>b</p>`},
		{"self-closing inside", `<svg><svg/><path/></svg><p>b</p>`, `<svg></svg><p>b</p>`},
		{"unclosed drawing kept", `<p>a</p><svg><path/><p>b</p>`, `<p>a</p><svg><path/><p>b</p>`},
		{"not an svg tag", `<svgx>a</svgx><p title="<svg">b</p>`, `<svgx>a</svgx><p title="<svg">b</p>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(Extract([]byte(tc.page)).Markup); got != tc.want {
				t.Errorf("Markup of %s\n got %s\nwant %s", tc.page, got, tc.want)
			}
		})
	}
}

// A site's own title or slogan (its brand first, then a separator) is no
// listing's name; a listing's title names the site last, or uses the
// brand as a word of its own name.
func TestSiteTitle(t *testing.T) {
	for _, tc := range []struct {
		title string
		want  bool
	}{
		{"Airbnb | Vacation rentals, cabins, beach houses, &amp; more", true},
		{"Airbnb | Vacation rentals, cabins, beach houses, & more", true},
		{"Airbnb: aluguéis por temporada, cabanas, casas de praia, acomodações e experiências únicas", true},
		{"Airbnb : locations de vacances, cabanes, maisons de plage et plus", true},
		{"Airbnb", true},
		{"  airbnb  ", true},
		{"Booking.com: Hoteles en Tlaxcala. ¡Reserva tu hotel ahora!", true},
		{"Booking.com | Official site | The best hotels, flights, car rentals & accommodations", true},
		{"Vrbo | Vacation Rentals: Homes, Cabins, Beach Houses & More", true},
		{"Expedia: Cheap Flights, Hotels & Car Rentals", true},
		{"Luxury Stay at Friday Harbour Resort Lake Simcoe - Condominiums for Rent in Innisfil, Ontario, Canada - Airbnb", false},
		{"Barbarosa Formentera - Formentera | Vrbo", false},
		{"Airbnb Loft Downtown", false},
		{"Booking Suites Lisbon", false},
		{"", false},
	} {
		if got := SiteTitle(tc.title); got != tc.want {
			t.Errorf("SiteTitle(%q) = %v, want %v", tc.title, got, tc.want)
		}
	}
}

// The generic parser takes no slogan for a title: a page whose only titles
// are the site's own has none.
func TestParseSkipsSiteTitles(t *testing.T) {
	page := []byte(`<html><head><title>Airbnb | Vacation rentals, cabins, beach houses, &amp; more</title>
<meta name="twitter:title" content="Airbnb | Vacation rentals, cabins, beach houses, &amp; more">
<meta property="og:title" content="Airbnb: aluguéis por temporada">
<meta property="og:url" content="https://www.airbnb.com/rooms/123"></head><body></body></html>`)
	tg, _ := listing.ParseURL("https://www.airbnb.com/rooms/123")
	if l := Parse(page, tg); l.Has(listing.FieldTitle) {
		t.Errorf("title %q from %s", l.Title, l.Sources[listing.FieldTitle])
	}
	named := []byte(`<html><head><title>Airbnb | Vacation rentals</title><meta property="og:title" content="Sunny loft"></head></html>`)
	if l := Parse(named, tg); l.Title != "Sunny loft" {
		t.Errorf("title %q, want the listing's og:title", l.Title)
	}
}
