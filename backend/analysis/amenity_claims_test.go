package analysis

import (
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// amenityListing is a whole place on Airbnb whose full amenity list was
// read, in lang, with the given amenities ("-" before a name: listed as
// not included).
func amenityListing(lang, propertyType, roomType string, names ...string) *listing.Listing {
	l := &listing.Listing{Platform: listing.Airbnb, Language: prose.Lang(lang), PropertyType: propertyType, RoomType: roomType,
		Title: "Stay", Sources: map[string]string{listing.FieldAmenities: listing.SourceEmbedded}}
	for _, n := range names {
		if rest, ok := strings.CutPrefix(n, "-"); ok {
			l.Amenities = append(l.Amenities, listing.Amenity{Name: rest, Available: false, Group: "Não incluso"})
		} else {
			l.Amenities = append(l.Amenities, listing.Amenity{Name: n, Available: true})
		}
	}
	return l
}

func suggestedKeys(a AmenityAnalysis) []string {
	var out []string
	for _, s := range a.Suggestions {
		out = append(out, s.Key)
	}
	return out
}

// Each statement the old amenity matcher got wrong on the real pages,
// built small. All of these fail on the code before issue 25's catalogue.
func TestAmenityClaims(t *testing.T) {
	for _, c := range []struct {
		name string
		l    *listing.Listing
		// present: catalogue keys counted present; absent: keys that must
		// not be; notMissing: labels that must not be in Missing nor
		// suggested; missing / notIncluded: labels that must be there.
		present, absent, notMissing, missing, notIncluded []string
		notSuggested                                      []string
	}{
		{name: "Básico listed is Essentials present",
			l:       amenityListing("pt", "Espaço inteiro: casa", "Entire home/apt", "Wi-Fi", "Básico", "Roupa de cama", "Cozinha"),
			present: []string{"essentials", "bed_linens", "kitchen", "wifi"}, notMissing: []string{"Essentials", "Bed linens"}},
		{name: "Básico not included is not Essentials present, and not called missing from the list",
			// In Porto Alegre (30° S), where heating is expected.
			l:      placed(amenityListing("pt", "Espaço inteiro: casa", "Entire home/apt", "Wi-Fi", "-Básico", "-Detector de fumaça", "-Aquecimento"), -30.03, -51.23),
			absent: []string{"essentials", "smoke_alarm", "heating"}, notMissing: []string{"Essentials", "Smoke alarm", "Heating"},
			notIncluded: []string{"Essentials", "Smoke alarm", "Heating"}, notSuggested: []string{"heating"}},
		{name: "Italian smoke alarm and bedroom lock are counted",
			l: amenityListing("it", "Stanza privata in casa", "Private room", "Wifi", "Allarme antincendio",
				"Serratura della porta della camera da letto", "Kit di primo soccorso", "Cassetta per le chiavi", "-Cucina"),
			present:    []string{"smoke_alarm", "lock_on_door", "first_aid", "self_check_in"},
			notMissing: []string{"Smoke alarm", "Lock on bedroom door", "First aid kit"}, notSuggested: []string{"kitchen"}},
		{name: "free street parking is not free parking on premises",
			l:      amenityListing("pt", "Espaço inteiro: casa", "Entire home/apt", "Estacionamento gratuito na rua", "Free street parking", "Free parking on street"),
			absent: []string{"free_parking"}, present: []string{"street_parking"}, missing: []string{"Free parking on premises"},
			notSuggested: []string{"free_parking"}},
		{name: "free street parking in the description is not free parking on premises",
			l: func() *listing.Listing {
				l := amenityListing("", "House", "Entire home/apt", "Wifi")
				l.Description = "Free street parking right outside."
				return l
			}(),
			absent: []string{"free_parking"}},
		{name: "paid parking on premises is not free parking",
			l:      amenityListing("it", "Casa", "Entire home/apt", "Parcheggio a pagamento in loco"),
			absent: []string{"free_parking"}, present: []string{"paid_parking"}, notSuggested: []string{"free_parking"}},
		{name: "free parking on premises in Portuguese",
			l:       amenityListing("pt", "Espaço inteiro: casa", "Entire home/apt", "Garagem residencial gratuita na propriedade: 1 vaga"),
			present: []string{"free_parking"}, notMissing: []string{"Free parking on premises"}},
		{name: "a view of the pool is not a pool",
			l:      amenityListing("pt", "Espaço inteiro: casa", "Entire home/apt", "Vista para a piscina", "Vista para o jardim"),
			absent: []string{"pool", "outdoor_space"}, present: []string{"view"}},
		{name: "a hotel is not expected to have a kitchen, washer or self check-in",
			l:          &listing.Listing{Platform: listing.Booking, PropertyType: "Hotel", Amenities: []listing.Amenity{{Name: "Free WiFi", Available: true}, {Name: "24-hour front desk", Available: true}}, Sources: map[string]string{listing.FieldAmenities: listing.SourceMarkup}},
			notMissing: []string{"Kitchen", "Washer", "Self check-in", "Crib", "Essentials", "Bed linens"}, absent: []string{"workspace"},
			notSuggested: []string{"kitchen", "washer", "self_check_in", "crib", "high_chair", "dishwasher", "essentials", "bed_linens"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := ListingFeatures(c.l)
			g := AnalyzeGuests(c.l, f, nil)
			a := AnalyzeAmenities(c.l, f, g, nil)
			for _, k := range c.present {
				if !f.Has(k) {
					t.Errorf("%s not counted present; features %v", k, f)
				}
			}
			for _, k := range c.absent {
				if f.Has(k) {
					t.Errorf("%s counted present (%s)", k, f[k])
				}
			}
			for _, m := range c.notMissing {
				if slices.Contains(a.Missing, m) {
					t.Errorf("%s reported missing from the list: %v", m, a.Missing)
				}
				if slices.Contains(a.Expected, m) && slices.Contains(a.Missing, m) {
					t.Errorf("%s expected and missing", m)
				}
			}
			for _, m := range c.missing {
				if !slices.Contains(a.Missing, m) {
					t.Errorf("%s not reported missing: %v", m, a.Missing)
				}
			}
			for _, m := range c.notIncluded {
				if !slices.Contains(a.ExpectedNotIncluded, m) {
					t.Errorf("%s not said to be listed as not included: %v", m, a.ExpectedNotIncluded)
				}
			}
			for _, k := range append(append([]string{}, c.notSuggested...), c.present...) {
				if slices.Contains(suggestedKeys(a), k) {
					t.Errorf("%s suggested: %v", k, suggestedKeys(a))
				}
			}
		})
	}
}

// A hotel's expectations hold no home amenities, whatever its guests.
func TestExpectedAmenitiesByKind(t *testing.T) {
	g := GuestProfile{Segments: []Segment{{Key: "families", Likely: true}, {Key: "business", Likely: true}}}
	for _, c := range []struct {
		pt, rt, kind string
		none         []string
		some         []string
	}{
		{"Hotel", "", KindHotel, []string{"kitchen", "washer", "self_check_in", "crib", "high_chair", "essentials", "iron"}, []string{"wifi", "workspace"}},
		{"Aparthotel", "", KindHotel, []string{"kitchen", "washer"}, []string{"wifi"}},
		{"Room in hotel", "Hotel room", KindHotel, []string{"kitchen", "lock_on_door"}, []string{"wifi"}},
		{"Albergo", "", KindHotel, []string{"kitchen"}, nil},
		// Families likely from the profile alone do not make a crib expected
		// (familyBasis): the page says nothing of children or size.
		{"Entire rental unit", "Entire home/apt", KindApartment, []string{"crib", "high_chair"}, []string{"kitchen", "washer", "self_check_in"}},
		{"Espaço inteiro: casa", "Entire home/apt", KindHouse, nil, []string{"kitchen", "free_parking"}},
		{"Villa", "Entire home", KindHouse, nil, []string{"free_parking"}},
		{"Stanza privata in casa", "Private room", KindRoom, []string{"kitchen", "washer"}, []string{"lock_on_door"}},
	} {
		l := &listing.Listing{Platform: listing.Airbnb, PropertyType: c.pt, RoomType: c.rt}
		if k := PropertyKind(l); k != c.kind {
			t.Errorf("%q/%q: kind %q, want %q", c.pt, c.rt, k, c.kind)
		}
		exp := ExpectedAmenities(l, g)
		for _, k := range c.none {
			if slices.Contains(exp, k) {
				t.Errorf("%q: %s expected: %v", c.pt, k, exp)
			}
		}
		for _, k := range c.some {
			if !slices.Contains(exp, k) {
				t.Errorf("%q: %s not expected: %v", c.pt, k, exp)
			}
		}
	}
}

// Nothing is said missing, and nothing suggested to add, when only part of
// the list was read (Booking.com's 10 most popular facilities) or when it
// is in a language the catalogue does not read: an info finding says why.
func TestAmenitiesNotAssessed(t *testing.T) {
	partial := amenityListing("en", "Entire rental unit", "Entire home/apt", "Wifi", "Kitchen")
	partial.Partial = map[string]string{listing.FieldAmenities: "the 10 most popular facilities"}
	japanese := amenityListing("ja", "Entire rental unit", "Entire home/apt", "無線LAN", "キッチン", "洗濯機", "エアコン", "ドライヤー")
	for name, l := range map[string]*listing.Listing{"partial": partial, "unknown language": japanese} {
		f := ListingFeatures(l)
		a := AnalyzeAmenities(l, f, GuestProfile{}, marketComps())
		if len(a.Missing) > 0 || len(a.Suggestions) > 0 || len(a.Expected) > 0 || a.NotAssessed == "" {
			t.Errorf("%s: missing %v, suggestions %v, expected %v, not assessed %q", name, a.Missing, suggestedKeys(a), a.Expected, a.NotAssessed)
		}
		for _, fd := range a.Findings {
			if fd.Severity != SeverityInfo || fd.Action != "" {
				t.Errorf("%s: %s is %s with action %q", name, fd.Code, fd.Severity, fd.Action)
			}
			if strings.Contains(fd.Message, "of") && strings.Contains(fd.Message, "amenities guests expect here") {
				t.Errorf("%s: counts stated: %q", name, fd.Message)
			}
		}
		if len(a.Findings) == 0 || len(a.Findings[0].Evidence) == 0 {
			t.Errorf("%s: no not-assessed finding with evidence: %+v", name, a.Findings)
		}
	}
}

// The finding quotes the page's own names and says how each was counted,
// and for a missing one which names were looked for, in which language.
func TestAmenityEvidence(t *testing.T) {
	l := amenityListing("it", "Stanza privata in casa", "Private room", "Wifi", "Allarme antincendio", "-Rilevatore di monossido di carbonio")
	f := ListingFeatures(l)
	a := AnalyzeAmenities(l, f, GuestProfile{}, nil)
	fd := a.Findings
	if len(fd) == 0 || fd[0].Code != "amenities.missing_expected" {
		t.Fatalf("findings %+v", fd)
	}
	want := []Evidence{
		Read(l, listing.FieldAmenities, Quote("Allarme antincendio"), "counted as Smoke alarm"),
		Read(l, listing.FieldAmenities, Quote("Rilevatore di monossido di carbonio"), "listed as not included: counted as no Carbon monoxide alarm"),
	}
	for _, w := range want {
		if !slices.Contains(fd[0].Evidence, w) {
			t.Errorf("evidence lacks %+v:\n%+v", w, fd[0].Evidence)
		}
	}
	var hair string
	for _, e := range fd[0].Evidence {
		if strings.Contains(e.Note, `"Hair dryer"`) {
			hair = e.Note
		}
	}
	if !strings.Contains(hair, `"asciugacapelli"`) || !strings.Contains(hair, "in Italian") {
		t.Errorf("missing hair dryer evidence = %q", hair)
	}
	for _, s := range a.Suggestions {
		if s.Key == "co_alarm" && !strings.Contains(s.Evidence, `"Rilevatore di monossido di carbonio" as not included`) {
			t.Errorf("CO alarm suggestion does not quote the page: %q", s.Evidence)
		}
	}
}

// An Airbnb amenity is known by its id whatever its title's language: the
// smoke alarm (35) in a language the catalogue has no words for.
func TestAmenityKeyByAirbnbID(t *testing.T) {
	l := &listing.Listing{Platform: listing.Airbnb}
	if got := AmenityKey(l, listing.Amenity{Name: "Пожарная сигнализация", ID: "35", Available: true}); got != AmenityByAirbnbID(35) || got == "" {
		t.Errorf("by id: %q (catalogue: %q)", got, AmenityByAirbnbID(35))
	}
	if got := AmenityKey(l, listing.Amenity{Name: "Allarme antincendio"}); got != AmenityByAirbnbID(35) {
		t.Errorf("by name: %q", got)
	}
	vrbo := &listing.Listing{Platform: listing.Vrbo}
	if got := AmenityKey(vrbo, listing.Amenity{Name: "Pool", ID: "35"}); got == AmenityByAirbnbID(35) {
		t.Errorf("another site's id read as Airbnb's: %q", got)
	}
}
