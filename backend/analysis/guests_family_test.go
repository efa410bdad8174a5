package analysis

import (
	"slices"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// familyListing is a small hotel room (sleeps 2, one bedroom: no points for
// space) with what a page may state about families.
func familyListing(lang, desc string, amenities []string, rules ...string) *listing.Listing {
	l := &listing.Listing{Platform: listing.Booking, Language: prose.Lang(lang), Title: "Hotel", Description: desc, Capacity: 2, Bedrooms: 1,
		Sources: map[string]string{}, HouseRules: listing.HouseRules{Rules: rules}}
	for _, a := range amenities {
		l.Amenities = append(l.Amenities, listing.Amenity{Name: a, Available: true})
	}
	return l
}

func familySegment(l *listing.Listing) Segment {
	for _, s := range AnalyzeGuests(l, ListingFeatures(l), nil).Segments {
		if s.Key == "families" {
			return s
		}
	}
	return Segment{}
}

// TestFamiliesFromExplicitEvidence: a page that lists family rooms, says
// children are welcome and offers a cot and a high chair suits families,
// in every language we read — hand-written evidence as the sites and
// hosts write it.
func TestFamiliesFromExplicitEvidence(t *testing.T) {
	for _, tc := range []struct {
		lang, desc string
		amenities  []string
	}{
		{"en", "Children are welcome.", []string{"Family rooms", "Cot", "High chair"}},
		{"pt", "Crianças são bem-vindas.", []string{"Quartos familiares", "Berço", "Cadeira alta"}},
		{"es", "Los niños son bienvenidos.", []string{"Habitaciones familiares", "Cuna", "Trona"}},
		{"it", "I bambini sono i benvenuti.", []string{"Camere familiari", "Culla", "Seggiolone"}},
		{"fr", "Les enfants sont les bienvenus.", []string{"Chambres familiales", "Lit bébé", "Chaise haute"}},
		{"de", "Kinder sind willkommen.", []string{"Familienzimmer", "Kinderbett", "Hochstuhl"}},
		{"el", "Τα παιδιά είναι ευπρόσδεκτα.", []string{"Οικογενειακό δωμάτιο", "Βρεφική κούνια", "Καρεκλάκι φαγητού"}},
		{"ja", "お子様歓迎です。", []string{"ファミリールーム", "ベビーベッド", "ハイチェア"}},
	} {
		s := familySegment(familyListing(tc.lang, tc.desc, tc.amenities))
		if !s.Likely {
			t.Errorf("%s: families score %d %v; want likely", tc.lang, s.Score, s.Evidence)
		}
		for _, want := range []string{"family rooms listed", "children welcome", "crib offered", "high chair offered"} {
			if !slices.Contains(s.Evidence, want) {
				t.Errorf("%s: evidence %v lacks %q", tc.lang, s.Evidence, want)
			}
		}
	}
}

// TestFamiliesOneCueEach: each cue alone is read, in its language.
func TestFamiliesOneCueEach(t *testing.T) {
	for _, tc := range []struct {
		lang, desc string
		amenity    string
		want       string
	}{
		{"en", "", "Family room", "family rooms listed"},
		{"de", "", "Familienzimmer", "family rooms listed"},
		{"el", "", "Οικογενειακό δωμάτιο", "family rooms listed"},
		{"ja", "", "ファミリールーム", "family rooms listed"},
		{"en", "Kids welcome!", "", "children welcome"},
		{"pt", "Ideal para famílias.", "", "children welcome"},
		{"es", "Se admiten niños.", "", "children welcome"},
		{"fr", "Idéal pour les familles.", "", "children welcome"},
		{"it", "Bambini benvenuti.", "", "children welcome"},
		{"ja", "子連れ歓迎", "", "children welcome"},
		{"en", "A travel cot on request.", "", "crib offered"},
		{"en", "Children of any age are welcome.", "", "children welcome"},
		{"es", "Pueden alojarse niños de cualquier edad.", "", "children welcome"},
		{"ja", "お子様は何歳でも宿泊できます。", "", "children welcome"},
	} {
		var am []string
		if tc.amenity != "" {
			am = []string{tc.amenity}
		}
		s := familySegment(familyListing(tc.lang, tc.desc, am))
		// A family room or children said welcome is an offer to
		// families: likely on its own.
		if !slices.Contains(s.Evidence, tc.want) || (tc.want != "crib offered" && !s.Likely) {
			t.Errorf("%s %q %q: evidence %v; want %q", tc.lang, tc.desc, tc.amenity, s.Evidence, tc.want)
		}
	}
}

// TestFamiliesRuleAgainst: a rule that children may not stay is evidence
// against families, whatever else the page lists; a minimum age for
// check-in is not such a rule.
func TestFamiliesRuleAgainst(t *testing.T) {
	many := []string{"Family rooms", "Cot", "High chair"}
	for _, tc := range []struct {
		lang, rule string
		banned     bool
	}{
		{"en", "Not safe or suitable for children (2-12 years)", true},
		{"en", "Adults only", true},
		{"en", "The minimum age for check-in is 18", false},
		{"pt", "Não são permitidas crianças", true},
		{"pt", "Não é adequado para crianças (2 a 12 anos)", true},
		{"es", "No se admiten niños", true},
		{"it", "Bambini non ammessi", true},
		{"fr", "Les enfants ne sont pas admis", true},
		{"de", "Kinder sind nicht erlaubt", true},
		{"de", "Nur für Erwachsene", true},
		{"el", "Δεν επιτρέπονται παιδιά", true},
		{"ja", "お子様不可", true},
		{"ja", "大人のみ", true},
		{"es", "Edad mínima para el check-in: 18", false},
		{"en", "Adults-only pool on the roof", false},
		{"it", "Piscina solo adulti", false}, // an adults-only pool, not an adults-only place
		{"it", "Struttura solo adulti", true},
		{"pt", "Somente adultos.", true},
		{"fr", "Réservé aux adultes", true},
	} {
		s := familySegment(familyListing(tc.lang, "", many, tc.rule))
		banned := s.Score == 0 && slices.Contains(s.Evidence, noChildren.what)
		if banned != tc.banned {
			t.Errorf("%s %q: families score %d %v; banned %v, want %v", tc.lang, tc.rule, s.Score, s.Evidence, banned, tc.banned)
		}
	}
}
