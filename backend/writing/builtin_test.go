package writing

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// checkTitles holds every title list to the product's rules: n distinct
// suggestions, each at most 50 characters and valid.
func checkTitles(t *testing.T, titles []string, n int, req Request) {
	t.Helper()
	if len(titles) != n {
		t.Fatalf("%d titles, want %d: %q", len(titles), n, titles)
	}
	seen := map[string]bool{}
	for _, s := range titles {
		if prose.Length(s) > analysis.TitleLimit {
			t.Errorf("title %q has %d characters", s, prose.Length(s))
		}
		if seen[strings.ToLower(s)] {
			t.Errorf("duplicate title %q", s)
		}
		seen[strings.ToLower(s)] = true
		if err := ValidateTitle(s, req); err != nil {
			t.Errorf("title %q: %v", s, err)
		}
	}
}

func TestBuiltinTitles(t *testing.T) {
	for _, n := range []int{BasicTitles, PremiumTitles} {
		req := request(loft(), n)
		c, err := Builtin{}.Write(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		checkTitles(t, c.Titles, n, req)
		// The host's own type word and the strongest feature lead.
		// The strongest selling points lead: the river view and Alfama
		// (named in both the title and the description).
		if !strings.Contains(c.Titles[0], "River View") || !strings.Contains(c.Titles[0], "Alfama") {
			t.Errorf("first title = %q", c.Titles[0])
		}
		for _, s := range c.Titles {
			if strings.Contains(s, "Parking") || strings.Contains(s, "Air") {
				t.Errorf("title %q names an amenity the listing lacks", s)
			}
		}
		if c.Writers[PartTitles] != NameBuiltin || c.Writers[PartDescription] != NameBuiltin {
			t.Errorf("writers = %v", c.Writers)
		}
	}
}

// A listing with nothing but a shouting title gets only the true titles
// its facts give, never the host's title padded with calls to action.
func TestBuiltinTitlesSparseListing(t *testing.T) {
	for _, title := range []string{"BEST STAY!!! 🔥 call 518-555-0199", "X", ""} {
		l := &listing.Listing{Title: title, Sources: map[string]string{}}
		req := request(l, PremiumTitles)
		c, _ := Builtin{}.Write(context.Background(), req)
		for _, s := range c.Titles {
			if err := ValidateTitle(s, req); err != nil || strings.Contains(s, "|") {
				t.Errorf("%q: title %q (%v)", title, s, err)
			}
		}
		if len(c.Titles) < PremiumTitles && !slices.ContainsFunc(c.Notes, func(n string) bool {
			return strings.Contains(n, "title suggestions, not") || strings.HasPrefix(n, "No new title suggested")
		}) {
			t.Errorf("%q: %d titles and no note saying why", title, len(c.Titles))
		}
	}
}

func TestBuiltinTitlesAreDeterministic(t *testing.T) {
	req := request(loft(), PremiumTitles)
	a := BuiltinTitles(req, FactsOf(req), PremiumTitles)
	for i := 0; i < 5; i++ {
		if b := BuiltinTitles(req, FactsOf(req), PremiumTitles); strings.Join(a, "|") != strings.Join(b, "|") {
			t.Fatalf("run %d differs:\n%q\n%q", i, a, b)
		}
	}
}

// The optimized description keeps every sentence of the original word for
// word, states the house rules once in a line, and every number in it is
// in the listing data.
func TestBuiltinDescriptionKeepsFacts(t *testing.T) {
	l := loft()
	req := request(l, BasicTitles)
	d := BuiltinDescription(req, FactsOf(req))
	for _, s := range prose.Sentences(l.Description) {
		if _, heading := analysis.HeadingSection("en", s); heading {
			continue
		}
		if !strings.Contains(d, s) {
			t.Errorf("sentence dropped: %q", s)
		}
	}
	if err := ValidateText(d, req); err != nil {
		t.Errorf("description fails validation: %v\n%s", err, d)
	}
	for _, want := range []string{
		"Entire loft in Alfama, Lisbon for up to 4 guests: 2 bedrooms, 3 beds and 1.5 baths.",
		"\nThe space\n", "\nGuest access\n", "\nHouse rules\n",
		"Check-in from 3:00 PM; check-out by 11:00 AM. No pets. No smoking. Quiet hours: 10:00 PM - 8:00 AM.", // one line, the host's rule kept
		"In the bathroom: hair dryer and hot water.",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("description lacks %q:\n%s", want, d)
		}
	}
	if strings.Contains(d, "Self check-in with lockbox") {
		t.Errorf("the self check-in rule line repeats the stated self check-in:\n%s", d)
	}
	// Nothing the listing lacks: no parking, no air conditioning.
	for _, bad := range []string{"parking", "air conditioning"} {
		if strings.Contains(strings.ToLower(d), bad) {
			t.Errorf("description mentions %q:\n%s", bad, d)
		}
	}
}

// An unheaded description is sorted into sections by what each sentence
// is about, each section leading with the facts composed for it and then
// the host's sentences about it, as written and once; the first paragraph
// stays the introduction, under no heading; a section with nothing in it
// is left out.
func TestBuiltinDescriptionSections(t *testing.T) {
	l := &listing.Listing{Title: "Cabin", PropertyType: "Entire cabin", RoomType: "Entire home/apt", Sources: map[string]string{},
		Capacity: 6, Bedrooms: 4, Beds: 5, Baths: 2, Location: listing.Location{City: "Lakeside"},
		Description: "A quiet cabin in the woods.\n\nRestaurants are a short drive away. The bus stops at the corner. No smoking inside, please. The whole cabin is yours.\n\n" +
			"Four bedrooms, a heated pool and a short walk to the lake.",
		Amenities: []listing.Amenity{{Name: "Wifi", Available: true}, {Name: "Kitchen", Available: true}, {Name: "Refrigerator", Available: true},
			{Name: "Hair dryer", Available: true}, {Name: "Free parking on premises", Available: true}, {Name: "Smoke alarm", Available: true}},
		HouseRules: listing.HouseRules{CheckIn: "16:00", CheckOut: "10:00", SmokingAllowed: b(false), PetsAllowed: b(false)}}
	l.Set(listing.FieldBedrooms, listing.SourceEmbedded)
	req := request(l, BasicTitles)
	d := BuiltinDescription(req, FactsOf(req))
	// The section each line is under ("" before the first heading).
	under := map[string]string{}
	section := ""
	for _, line := range strings.Split(d, "\n") {
		if k, ok := analysis.HeadingSection("en", line); ok {
			section = k
			continue
		}
		for _, s := range prose.Sentences(line) {
			under[s] = section
		}
	}
	for s, want := range map[string]string{
		"A quiet cabin in the woods.": "", "Four bedrooms, a heated pool and a short walk to the lake.": "the_space",
		"The whole cabin is yours.": "guest_access", "Restaurants are a short drive away.": "neighbourhood",
		"The bus stops at the corner.": "getting_around", "No smoking inside, please.": "house_rules",
	} {
		if got, ok := under[s]; !ok || got != want || strings.Count(d, s) != 1 {
			t.Errorf("%q under %q (kept: %v, %d times), want under %q:\n%s", s, got, ok, strings.Count(d, s), want, d)
		}
	}
	// Composed facts lead: the opener first, the rules summarised.
	if !strings.HasPrefix(d, "Entire cabin in Lakeside for up to 6 guests: 4 bedrooms, 5 beds and 2 baths.") ||
		!strings.Contains(d, "\nHouse rules\nCheck-in from 16:00; check-out by 10:00. No pets. No smoking.") {
		t.Errorf("composed facts do not lead:\n%s", d)
	}
}

func TestBuiltinAmenityCopy(t *testing.T) {
	req := request(loft(), BasicTitles)
	got := BuiltinAmenityCopy(req, FactsOf(req))
	// Title-worthy features first, then by the catalog's weight, then as listed.
	want := "What this place offers: Dedicated workspace, wifi, kitchen, espresso machine, hair dryer and hot water."
	if got != want {
		t.Errorf("amenity copy = %q, want %q", got, want)
	}
	if err := ValidateText(got, req); err != nil {
		t.Error(err)
	}
}

func TestValidate(t *testing.T) {
	req := request(loft(), BasicTitles)
	for _, c := range []struct {
		title string
		want  error
	}{
		{"2BR Loft in Lisbon with River View", nil},
		{"Loft in Lisbon with River View, Terrace and Workspace!", ErrTooLong},
		{"Loft in Lisbon ☀️", ErrEmoji},
		{"AMAZING Loft in Lisbon", ErrCaps},
		{"Loft in Lisbon, call 912 345 678 9", ErrContact},
		{"Loft in Lisbon, see www.loft.pt", ErrContact},
		{"Loft in Lisbon with Free Parking", ErrAmenity},
		{"Loft in Lisbon with Hot Tub", ErrAmenity},
		{"Loft in Lisbon, Sleeps 6", ErrNumber},
		{"Loft in Lisbon, Sleeps 8", ErrNumber}, // 8 is in the data (quiet hours end at 8:00) but the loft sleeps 4
		{"3BR Loft in Lisbon", ErrNumber},
		{"2BR Loft for 4 Guests, 3 Beds", nil},
		{"Loft in Lisbon, Sleeps 4, 1.5 Baths", nil},
		{"", ErrEmpty},
	} {
		err := ValidateTitle(c.title, req)
		if (c.want == nil) != (err == nil) || (c.want != nil && !errorsIs(err, c.want)) {
			t.Errorf("ValidateTitle(%q) = %v, want %v", c.title, err, c.want)
		}
	}
}
