package airbnb

import (
	"bytes"
	"regexp"
	"slices"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// TestParseBootstrapLayout: a page of about 2018, the listing in hypernova
// bootstrap JSON inside an HTML comment. Facts come from its typed fields
// (bedrooms, person_capacity, room_type_category, is_present), ratings out
// of 100 and 10 are put on the 5-star scale, and the document title (no
// " - Airbnb" then) is not the listing's name.
func TestParseBootstrapLayout(t *testing.T) {
	tg := target(t, "https://www.airbnb.co.uk/rooms/19278160")
	got := Parse(readFixture(t, "bootstrap-2018.html"), tg)
	listingtest.CheckInvariants(t, got, tg)
	photo := "https://a0.muscache.com/im/pictures/2b3c-000"
	want := &listing.Listing{
		Platform: listing.Airbnb, ID: "19278160", URL: "https://www.airbnb.com/rooms/19278160",
		CoverURL: photo + "1.jpg?aki_policy=x_large",
		Title:    "Georgian flat by the Meadows, sleeps 4",
		Description: "Sunny second-floor Georgian flat overlooking the Meadows, a 10-minute walk from the Royal Mile.\n\n" +
			"The space\nTwo bedrooms (a king and two singles), a sitting room with a bay window and a fully equipped kitchen.\n\n" +
			"Guest access\nThe whole flat is yours.\n\nThe neighborhood\nMarchmont is full of cafés and delis.",
		PropertyType: "Flat", RoomType: "Entire home/apt",
		Capacity: 4, Bedrooms: 2, Beds: 3, Baths: 1.5,
		Location: listing.Location{City: "Edinburgh", Region: "Scotland", Country: "United Kingdom", Lat: 55.94112, Lng: -3.19021},
		Amenities: []listing.Amenity{
			{Name: "Wifi", Available: true}, {Name: "Kitchen", Available: true}, {Name: "Heating", Available: true},
			{Name: "Washer", Available: true}, {Name: "Hangers", Available: true}, {Name: "Hair dryer", Available: true},
			{Name: "Smoke detector", Available: true},
			{Name: "Air conditioning", Available: false}, {Name: "Free parking on premises", Available: false},
		},
		Photos: []listing.Photo{
			{URL: photo + "1.jpg?aki_policy=x_large", Caption: "Sitting room with bay window"},
			{URL: photo + "2.jpg?aki_policy=large", Caption: "Main bedroom"},
			{URL: photo + "3.jpg?aki_policy=large", Caption: "Kitchen"},
			{URL: photo + "4.jpg?aki_policy=large"},
		},
		Ratings:     listing.Ratings{Overall: 4.85, Accuracy: 5, CheckIn: 5, Cleanliness: 4.5, Communication: 5, Location: 5, Value: 4.5, Scale: 5},
		ReviewCount: 32, Superhost: true,
		Host: listing.Host{Name: "Morag", Superhost: true, ResponseRate: 100, ResponseTime: "within an hour"},
		HouseRules: listing.HouseRules{
			CheckIn: "3PM - 9PM", CheckOut: "11AM", PetsAllowed: no, SmokingAllowed: no, PartiesAllowed: no,
			Rules: []string{"Please remove shoes indoors.", "No smoking in the stairwell."},
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
	if got.Layout() != listing.LayoutEmbedded {
		t.Errorf("layout = %q, want %q", got.Layout(), listing.LayoutEmbedded)
	}
}

// TestParseBootstrapUnreadable: the same page with bootstrap state we
// cannot read says the layout was not recognized, and its document title
// (site name left off, as pages of that time did) gives the listing's name
// and place, not the whole 96-character line.
func TestParseBootstrapUnreadable(t *testing.T) {
	page := readFixture(t, "bootstrap-2018.html")
	broken := regexp.MustCompile(`"reduxData":\{.*\}\}\}\}--></script>`).ReplaceAll(page, []byte(`"reduxData":{}}}--></script>`))
	if bytes.Equal(broken, page) {
		t.Fatal("the fixture's bootstrap state was not replaced")
	}
	tg := target(t, "https://www.airbnb.co.uk/rooms/19278160")
	got := Parse(broken, tg)
	listingtest.CheckInvariants(t, got, tg)
	if got.Title != "Georgian flat by the Meadows, sleeps 4" || got.Location.City != "Edinburgh" || got.Location.Country != "United Kingdom" {
		t.Errorf("title %q, location %+v; want the name and Edinburgh, United Kingdom from the document title", got.Title, got.Location)
	}
	if got.Sources[listing.FieldTitle] != listing.SourceMeta {
		t.Errorf("title source = %q, want meta (preview tags)", got.Sources[listing.FieldTitle])
	}
	found := false
	for _, w := range got.Warnings {
		found = found || w == warnLayout
	}
	if !found {
		t.Errorf("no layout warning: %q", got.Warnings)
	}
	if got.Layout() == listing.LayoutEmbedded {
		t.Errorf("layout = embedded for a page whose state was not read")
	}
}

// TestParseBrowserSavedPage: a page a browser saved after the app had moved
// on — its embedded state is the explore page's — is read from the text it
// shows: title, kind of place and place, guests, bedrooms, beds, baths and
// the description. The amenities it shows before "Show all 24 amenities"
// are read and marked partial (this test asserted before that they were not
// read at all; issue: a saved page's shown amenities are a partial fact);
// the layout is "page text".
func TestParseBrowserSavedPage(t *testing.T) {
	tg := target(t, "https://www.airbnb.co.uk/rooms/31415926")
	got := Parse(readFixture(t, "saved-2025.html"), tg)
	listingtest.CheckInvariants(t, got, tg)
	if got.Title != "Old Town flat with castle view" || got.Sources[listing.FieldTitle] != listing.SourceMarkup {
		t.Errorf("title %q from %q", got.Title, got.Sources[listing.FieldTitle])
	}
	if got.PropertyType != "Rental unit" || got.Location.City != "Edinburgh" || got.Location.Country != "United Kingdom" {
		t.Errorf("type %q location %+v", got.PropertyType, got.Location)
	}
	if got.Capacity != 2 || got.Bedrooms != 1 || got.Beds != 2 || got.Baths != 1 {
		t.Errorf("%d guests, %d bedrooms, %d beds, %v baths", got.Capacity, got.Bedrooms, got.Beds, got.Baths)
	}
	want := "A bright top-floor flat on the Royal Mile, two minutes from the castle.\n\nThe space\nA double bedroom, a sofa bed in the living room and a small kitchen with a window onto the castle."
	if got.Description != want || got.Sources[listing.FieldDescription] != listing.SourceMarkup {
		t.Errorf("description (%s):\n%q\nwant\n%q", got.Sources[listing.FieldDescription], got.Description, want)
	}
	if len(got.Amenities) != 2 || !got.IsPartial(listing.FieldAmenities) || !got.AmenitiesPartial {
		t.Errorf("amenities %+v, partial %v: want the 2 shown, marked partial", got.Amenities, got.IsPartial(listing.FieldAmenities))
	}
	if got.Layout() != listing.LayoutMarkup {
		t.Errorf("layout %q", got.Layout())
	}
}

// TestStructuredRulesKeptByKey: a rule the page lists that no field of
// HouseRules holds (children, infants, anything new) is kept in the page's
// words, in any language, known by its key; those the fields hold
// (smoking, pets, events, check-in and check-out) are not repeated as
// lines. On the real 2018 page the children rule was lost.
func TestStructuredRulesKeptByKey(t *testing.T) {
	rules := func(lines ...[2]string) string {
		var b bytes.Buffer
		b.WriteString(`,"structured_house_rules_with_tips":[`)
		for i, l := range lines {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`{"key":"` + l[0] + `","long_term_text":null,"text":"` + l[1] + `","tip":null}`)
		}
		b.WriteString("]}")
		return b.String()
	}
	page := readFixture(t, "bootstrap-2018.html")
	const controls = `"allows_children":true}`
	for _, c := range []struct {
		name  string
		lines [][2]string
		want  []string
	}{
		{"english", [][2]string{{"is_smoking_allowed_as_host", "No smoking"}, {"are_children_allowed", "Not safe or suitable for children (2-12 years)"},
			{"check_in_time", "Check-in is anytime after 3PM"}}, []string{"Not safe or suitable for children (2-12 years)"}},
		{"portuguese", [][2]string{{"are_pets_allowed_as_host", "Não é permitido animais"}, {"are_children_allowed", "Não é adequado para crianças (2 a 12 anos)"},
			{"are_infants_allowed", "Não é adequado para bebês (menos de 2 anos)"}, {"check_out_time", "Checkout até 11:00"}},
			[]string{"Não é adequado para crianças (2 a 12 anos)", "Não é adequado para bebês (menos de 2 anos)"}},
		{"none beyond the fields", [][2]string{{"are_events_allowed_as_host", "No parties or events"}}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !bytes.Contains(page, []byte(controls)) {
				t.Fatal("the fixture's guest_controls changed")
			}
			variant := bytes.Replace(page, []byte(controls), []byte(`"allows_children":true`+rules(c.lines...)), 1)
			got := Parse(variant, target(t, "https://www.airbnb.co.uk/rooms/19278160")).HouseRules.Rules
			want := append([]string{"Please remove shoes indoors.", "No smoking in the stairwell."}, c.want...)
			if !slices.Equal(got, want) {
				t.Errorf("rules = %q, want %q", got, want)
			}
		})
	}
	real := Parse(listingtest.RealPage(t, "airbnb/airbnb-2018-travelnest.htm"), target(t, "https://www.airbnb.co.uk/rooms/19278160"))
	if !slices.Contains(real.HouseRules.Rules, "Not safe or suitable for children (2-12 years)") {
		t.Errorf("travelnest rules = %q: the children rule is lost", real.HouseRules.Rules)
	}
}
