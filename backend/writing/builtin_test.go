package writing

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
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
		if analysis.Length(s) > analysis.TitleLimit {
			t.Errorf("title %q has %d characters", s, analysis.Length(s))
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
	for _, s := range analysis.Sentences(l.Description) {
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
		"Check-in: 3:00 PM; check-out: 11:00 AM. No pets. No smoking. Quiet hours: 10:00 PM - 8:00 AM.", // one line, the host's rule kept
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
// is about; the first paragraph stays the introduction; a section with
// nothing in it is left out.
func TestBuiltinDescriptionSections(t *testing.T) {
	l := &listing.Listing{Title: "Cabin", PropertyType: "Entire cabin", RoomType: "Entire home/apt", Sources: map[string]string{},
		Description: "A quiet cabin in the woods.\n\nRestaurants are a short drive away. The bus stops at the corner. No smoking inside, please. The whole cabin is yours.\n\n" +
			"Four bedrooms, a heated pool and a short walk to the lake."}
	req := request(l, BasicTitles)
	d := BuiltinDescription(req, FactsOf(req))
	want := "Entire cabin.\nHighlights: Pool.\n\nA quiet cabin in the woods.\n\nThe space\nFour bedrooms, a heated pool and a short walk to the lake.\n\nGuest access\nThe whole cabin is yours.\n\n" +
		"The neighbourhood\nRestaurants are a short drive away.\n\nGetting around\nThe bus stops at the corner.\n\nHouse rules\nNo smoking inside, please."
	if d != want {
		t.Errorf("description =\n%s\n\nwant\n%s", d, want)
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
