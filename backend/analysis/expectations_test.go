package analysis

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/textcase"
)

// placed puts l at the given coordinates, as a page that gave them.
func placed(l *listing.Listing, lat, lng float64) *listing.Listing {
	l.Location.Lat, l.Location.Lng = lat, lng
	if l.Sources == nil {
		l.Sources = map[string]string{}
	}
	l.Sources[listing.FieldCoordinates] = listing.SourceEmbedded
	return l
}

func TestClimateOf(t *testing.T) {
	for _, c := range []struct {
		name     string
		lat, lng float64
		zone     string
	}{
		{"Rio de Janeiro", -22.97, -43.18, ClimateTropical},
		{"Bangkok", 13.75, 100.5, ClimateTropical},
		{"São Paulo, just south of the tropic", -23.55, -46.63, ClimateTemperate},
		{"Lisbon", 38.71, -9.13, ClimateTemperate},
		{"Milan", 45.46, 9.19, ClimateTemperate},
		{"London", 51.5, -0.12, ClimateCool},
		{"Edinburgh", 55.95, -3.19, ClimateCool},
		{"no coordinates", 0, 0, ClimateUnknown},
		{"out of range", 123, 4, ClimateUnknown},
	} {
		l := &listing.Listing{Location: listing.Location{Lat: c.lat, Lng: c.lng}}
		if got := ClimateOf(l).Zone; got != c.zone {
			t.Errorf("%s (%v, %v): zone %q, want %q", c.name, c.lat, c.lng, got, c.zone)
		}
	}
}

// The same listing, placed in the tropics, a temperate and a cool climate
// or nowhere; sized as a loft for 2 or a house for 8; with and without
// the page saying children are welcome or not allowed. Heating is missing
// only outside the tropics, air conditioning only below 50°, neither
// where the climate is unknown; a crib and a high chair only where
// families stay (said on the page, or a house for 8) and children are
// not banned; and every missing amenity says what it is expected on.
func TestAmenityExpectationsFitThePlace(t *testing.T) {
	places := []struct {
		name     string
		lat, lng float64
		heating  bool
		aircon   bool
		words    string
	}{
		{"tropical Rio", -22.97, -43.18, false, true, "the tropics (latitude 23.0° S)"},
		{"temperate Lisbon", 38.71, -9.13, true, true, "a temperate climate (latitude 38.7° N)"},
		{"cool Edinburgh", 55.95, -3.19, true, false, "a cool-summer climate (latitude 56.0° N)"},
		{"unplaced", 0, 0, false, false, ""},
	}
	sizes := []struct {
		name           string
		pt             string
		guests, rooms  int
		familySize     bool
		wantSizeInText string
	}{
		{"loft for 2", "Entire loft", 2, 1, false, "a 1-bedroom loft for 2 guests"},
		{"house for 8", "Entire home", 8, 4, true, "a 4-bedroom home for 8 guests"},
	}
	families := []struct {
		name   string
		desc   string
		rule   string
		cue    bool // the page invites families
		banned bool
	}{
		{"no word of families", "A bright place near the beach.", "", false, false},
		{"children welcome", "A bright place near the beach. Children are welcome.", "", true, false},
		{"no children", "A bright place near the beach.", "No children", false, true},
	}
	for _, p := range places {
		for _, s := range sizes {
			for _, f := range families {
				name := fmt.Sprintf("%s, %s, %s", p.name, s.name, f.name)
				t.Run(name, func(t *testing.T) {
					l := amenityListing("en", s.pt, "Entire home/apt", "Wifi", "Kitchen", "Essentials", "Bed linens", "Smoke alarm",
						"Carbon monoxide alarm", "Hair dryer", "Coffee maker", "Self check-in", "Washer", "Free parking on premises")
					l.Capacity, l.Bedrooms, l.Description = s.guests, s.rooms, f.desc
					l.Sources[listing.FieldBedrooms] = listing.SourceEmbedded
					if f.rule != "" {
						l.HouseRules.Rules = []string{f.rule}
					}
					if p.lat != 0 {
						placed(l, p.lat, p.lng)
					}
					feats := ListingFeatures(l)
					a := AnalyzeAmenities(l, feats, AnalyzeGuests(l, feats, nil), nil)
					wantFamily := (f.cue || s.familySize) && !f.banned
					want := map[string]bool{"Heating": p.heating, "Air conditioning": p.aircon, "Crib": wantFamily, "High chair": wantFamily}
					for amenity, expected := range want {
						if got := slices.Contains(a.Missing, amenity); got != expected {
							t.Errorf("%s missing = %v, want %v (missing %v)", amenity, got, expected, a.Missing)
						}
					}
					for _, sg := range a.Suggestions {
						if (sg.Key == "crib" || sg.Key == "high_chair" || sg.Key == "childrens_items") && !wantFamily {
							t.Errorf("%s suggested where no family stays: %q", sg.Amenity, sg.Evidence)
						}
						if (sg.Key == "heating" && !p.heating) || (sg.Key == "air_conditioning" && !p.aircon) {
							t.Errorf("%s suggested for %s: %q", sg.Amenity, p.name, sg.Evidence)
						}
						if sg.Source == "expected" && !strings.HasPrefix(sg.Evidence, "Expected ") {
							t.Errorf("%s's evidence does not say what it is expected on: %q", sg.Amenity, sg.Evidence)
						}
					}
					// The basis: size always, the climate when known, in the
					// finding, the explanation and the basis itself.
					if !strings.Contains(a.ExpectedBasis, s.wantSizeInText) || !strings.Contains(a.ExpectedBasis, p.words) {
						t.Errorf("basis %q lacks %q or %q", a.ExpectedBasis, s.wantSizeInText, p.words)
					}
					if !strings.Contains(a.Explanation, a.ExpectedBasis) {
						t.Errorf("explanation %q does not say the basis %q", a.Explanation, a.ExpectedBasis)
					}
					if len(a.Missing) > 0 {
						if len(a.Findings) == 0 || !strings.Contains(a.Findings[0].Message, a.ExpectedBasis) {
							t.Errorf("finding %+v does not say the basis %q", a.Findings, a.ExpectedBasis)
						}
						for _, ev := range a.Findings[0].Evidence {
							// The shared basis is the finding's (checked above);
							// an amenity with its own basis says it.
							if strings.HasPrefix(ev.Note, "not in the list") && strings.Contains(ev.Note, "; expected ") {
								t.Errorf("missing evidence says its basis as a sentence of its own: %q", ev.Note)
							}
						}
					}
					// What is not expected is said, with why.
					said := strings.Join(a.NotExpected, " ")
					if !p.heating && p.lat != 0 && !strings.Contains(said, "Heating is not expected: the listing is in the tropics") {
						t.Errorf("tropics: not said why heating is not expected: %q", said)
					}
					if p.lat == 0 && !strings.Contains(said, "climate is not known") {
						t.Errorf("unplaced: not said the climate is unknown: %q", said)
					}
					if !wantFamily && !strings.Contains(said, "A crib and a high chair are not expected") {
						t.Errorf("no family: not said why no crib is expected: %q", said)
					}
				})
			}
		}
	}
}

// Reviews that mention children are evidence families stay, even in a
// place for 2.
func TestCribExpectedWhereReviewsSayFamiliesStay(t *testing.T) {
	l := placed(amenityListing("en", "Entire loft", "Entire home/apt", "Wifi", "Kitchen"), 38.71, -9.13)
	l.Capacity, l.Bedrooms = 2, 1
	reviews := []listing.Review{{Text: "Our kids loved the terrace."}, {Text: "Great for our toddler and us."}, {Text: "Nice."}}
	feats := ListingFeatures(l)
	e := AmenityExpectations(l, AnalyzeGuests(l, feats, reviews))
	if !e.Expects("crib") || !strings.Contains(e.Basis["crib"], "reviews mention") {
		t.Errorf("crib basis %q, expected %v", e.Basis["crib"], e.Keys)
	}
	if e := AmenityExpectations(l, AnalyzeGuests(l, feats, nil)); e.Expects("crib") {
		t.Errorf("crib expected of a loft for 2 with no family evidence: %q", e.Basis["crib"])
	}
}

// On every real page: no heating is said to be missing, not included or
// suggested (from our own expectations) for a tropical listing, no crib or
// high chair for a place that sleeps 2 or fewer, and neither heating nor
// air conditioning where the page gave no coordinates. Every claim of a
// missing amenity says what it is expected on. The pages include tropical
// Brazil (Rio, Arraial do Cabo, Porto Seguro) and places for 2, checked
// to be there so the test cannot pass on none.
func TestAmenityExpectationsOnRealPages(t *testing.T) {
	tropical, small := 0, 0
	for _, p := range listingtest.RealListings {
		t.Run(p.File, func(t *testing.T) {
			l, err := ingest.ReadSaved(listingtest.RealPage(t, p.File), p.URL, "")
			if err != nil {
				t.Fatal(err)
			}
			f := ListingFeatures(l)
			a := AnalyzeAmenities(l, f, AnalyzeGuests(l, f, l.Reviews), nil)
			c := ClimateOf(l)
			claimed := append(append([]string{}, a.Missing...), a.ExpectedNotIncluded...)
			for _, sg := range a.Suggestions {
				if sg.Source != "market" {
					claimed = append(claimed, sg.Amenity)
				}
			}
			t.Logf("%s, sleeps %d, %d bedrooms, climate %q; basis %q; families %q; claimed %v", l.PropertyType, listingGuests(l), l.Bedrooms, c.Zone, a.ExpectedBasis, AmenityExpectations(l, AnalyzeGuests(l, f, l.Reviews)).Families, claimed)
			if c.Zone == ClimateTropical {
				tropical++
				if slices.Contains(claimed, "Heating") {
					t.Errorf("heating claimed for a tropical listing (latitude %v): %v", c.Lat, claimed)
				}
			}
			if c.Zone == ClimateUnknown && (slices.Contains(claimed, "Heating") || slices.Contains(claimed, "Air conditioning")) {
				t.Errorf("heating or air conditioning claimed with no coordinates: %v", claimed)
			}
			if n := listingGuests(l); n > 0 && n <= 2 {
				small++
				if slices.Contains(claimed, "Crib") || slices.Contains(claimed, "High chair") {
					if !strings.HasPrefix(AmenityExpectations(l, AnalyzeGuests(l, f, l.Reviews)).Families, "Expected where families stay: the page") {
						t.Errorf("crib or high chair claimed for a place for %d with no word of families: %v", n, claimed)
					}
				}
			}
			if a.NotAssessed == "" && a.Read && !strings.Contains(a.Explanation, a.ExpectedBasis) {
				t.Errorf("explanation %q does not say the basis %q", a.Explanation, a.ExpectedBasis)
			}
			// Each missing amenity says what it is expected on: its own
			// basis in its evidence, or the shared one (kind and size) in
			// its finding's message, said once there rather than after
			// every amenity.
			exp := AmenityExpectations(l, AnalyzeGuests(l, f, l.Reviews))
			for _, fd := range a.Findings {
				for _, ev := range fd.Evidence {
					if !strings.HasPrefix(ev.Note, "not in the list") {
						continue
					}
					own := strings.Contains(ev.Note, ", expected ")
					if !own && !strings.Contains(fd.Message, strings.TrimPrefix(exp.Of, "Expected of ")) {
						t.Errorf("missing evidence does not say what it is expected on, nor does its finding %q: %q", fd.Message, ev.Note)
					}
					if own && strings.HasSuffix(ev.Note, ", "+textcase.LowerFirst(exp.Of)) {
						t.Errorf("evidence repeats the shared basis its finding says: %q", ev.Note)
					}
				}
			}
		})
	}
	if tropical == 0 || small == 0 {
		t.Errorf("the real pages hold %d tropical listings and %d for 2 guests or fewer: the checks above ran on none", tropical, small)
	}
}
