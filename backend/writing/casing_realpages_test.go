package writing_test

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/writing"
)

// cloneListing is a deep copy, so each variant starts from the page as read.
func cloneListing(t *testing.T, l *listing.Listing) *listing.Listing {
	t.Helper()
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	var c listing.Listing
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

// writeCopy is the built-in writer's copy of a listing, all its pieces in
// one text (titles, description, amenity copy), and its facts.
func writeCopy(t *testing.T, l *listing.Listing) (string, writing.Facts, []string) {
	t.Helper()
	f := analysis.ListingFeatures(l)
	g := analysis.AnalyzeGuests(l, f, nil)
	d := analysis.AnalyzeDescription(l, f)
	req := writing.NewRequest(l, f, writing.PremiumTitles, g, d)
	c, err := writing.Builtin{}.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(c.Titles, "\n") + "\n" + c.Description + "\n" + c.AmenityCopy, writing.FactsOf(req), c.Titles
}

// mangled are the shapes a casing rule gone wrong writes: a German noun
// lowered, an abbreviation title-cased, a name half lowered, shouting kept.
var mangled = regexp.MustCompile(`\b(garten|familienzimmer|terrasse|kinderbett)\b|\bWlan\b|\bVip\b|\bvery Good\b|EXPERIENCE|(?i:very good breakfast)|: Hair dryer|, Room Service`)

// TestRealPagesCasingVariants: on every real page, variants that add
// amenity names in German and Portuguese, in capitals and in a title's
// case, never reach the copy mangled — German nouns keep their capital
// ("Garten"), abbreviations stay as written ("WLAN", "VIP"), a
// title-cased review badge is no facility and no name is half lowered.
func TestRealPagesCasingVariants(t *testing.T) {
	variants := []struct {
		name      string
		lang      string // "" keeps the page's language
		amenities []string
	}{
		{"german amenity names", "de", []string{"Garten", "Kostenloses WLAN", "Familienzimmer", "Terrasse", "Kinderbett", "GARTEN"}},
		{"portuguese amenity names", "pt", []string{"Jardim", "WLAN gratuito", "Wi-Fi", "TV a cabo", "Berço"}},
		{"capitals and title case", "", []string{"VIP EXPERIENCE PACKAGE", "Very Good Breakfast", "Room Service", "KOSTENLOSES WLAN"}},
	}
	for _, p := range listingtest.RealListings {
		base, err := ingest.ReadSaved(listingtest.RealPage(t, p.File), p.URL, "")
		if err != nil {
			t.Fatalf("%s: %v", p.File, err)
		}
		for _, v := range variants {
			l := cloneListing(t, base)
			if v.lang != "" {
				l.Language = prose.Lang(v.lang)
			}
			var add []listing.Amenity
			for _, n := range v.amenities {
				add = append(add, listing.Amenity{Name: n, Available: true})
			}
			l.Amenities = append(add, l.Amenities...)
			text, _, _ := writeCopy(t, l)
			// A name quoted in English copy is the page's, as written.
			if m := mangled.FindAllString(writing.Unquoted(text), -1); len(m) > 0 {
				t.Errorf("%s, %s: mangled %q in:\n%s", p.File, v.name, m, text)
			}
		}
	}
}

// quietRules are house rules about noise in the languages we read: each
// has "quiet" (or the language's word) as an order, never a feature.
var quietRules = []string{"Quiet hours: 10:00 PM - 8:00 AM. Please keep quiet after 10 PM.",
	"Horas de silêncio: 22h às 8h, quiet please.", "Horas de silencio a partir de las 23:00, quiet please.",
	"Ore di silenzio dalle 22 alle 8, quiet please.", "Heures de silence après 22 h, quiet please.", "Ruhezeiten ab 22 Uhr, quiet please."}

// TestRealPagesFeatureWordsNotFromNamesOrRules: on every real page, a
// description that names a museum ("Museum of Modern Art") and states its
// quiet hours in any language we read gives the copy no "Modern" and no
// "Quiet": a feature word comes only from what the host says of the place.
func TestRealPagesFeatureWordsNotFromNamesOrRules(t *testing.T) {
	for _, p := range listingtest.RealListings {
		base, err := ingest.ReadSaved(listingtest.RealPage(t, p.File), p.URL, "")
		if err != nil {
			t.Fatalf("%s: %v", p.File, err)
		}
		_, before, _ := writeCopy(t, cloneListing(t, base))
		for i, rule := range quietRules {
			l := cloneListing(t, base)
			l.Description = "Steps from the Museum of Modern Art and the Quiet Man Pub.\n\n" + l.Description + "\n\n" + rule
			l.HouseRules.Rules = append(l.HouseRules.Rules, rule)
			_, f, titles := writeCopy(t, l)
			for _, w := range []string{"modern", "quiet"} {
				if slices.Contains(f.Adjectives, w) && !slices.Contains(before.Adjectives, w) {
					t.Errorf("%s, rule %d: %q taken for a feature from a name or a rule; titles %q", p.File, i, w, titles)
				}
			}
		}
	}
}
