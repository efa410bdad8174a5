package writing

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/prose"
)

// TestHostAmenityName: the platform's template labels glued onto an
// amenity's name — a placeholder brand, a price joined by the template, the
// default location, an availability note — are dropped in every language
// we write, and a detail after a dash or colon is kept in brackets; a
// price that is the amenity's meaning in natural order stays.
func TestHostAmenityName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// The real pages' names.
		{"Fogão a gás Other", "Fogão a gás"},
		{"Máquina de lavar na acomodação por Gratuito", "Máquina de lavar"},
		{"Free washer – In unit", "washer"},
		{"Free dryer – In unit", "dryer"},
		{"Other stove", "Stove"},
		{"Other induction stove", "Induction stove"},
		{"Clothing storage: wardrobe", "Clothing storage (wardrobe)"},
		{"Cafeteira: cafeteira elétrica", "Cafeteira elétrica"},
		{"Churrasqueira: a carvão", "Churrasqueira (a carvão)"},
		{"Crib - always at the listing", "Crib"},
		{"Quintal privado — totalmente cercado", "Quintal privado (totalmente cercado)"},
		{"Smoke detector (host has indicated there is a smoke detector on the property)", "Smoke detector"},
		{"Pátio ou varanda (Privativa)", "Pátio ou varanda (Privativa)"},
		{"Free parking on premises", "Free parking on premises"},
		{"WiFi gratis", "WiFi gratis"},
		{"Connessione WiFi gratuita", "Connessione WiFi gratuita"},
		{"Estacionamento gratuito na rua", "Estacionamento gratuito na rua"},
		// Variants: the same templates in the other languages we write,
		// another price, another placeholder.
		{"Lavadora en el alojamiento por Gratis", "Lavadora"},
		{"Lavatrice nell'alloggio per Gratis", "Lavatrice"},
		{"Lave-linge dans le logement pour Gratuit", "Lave-linge"},
		{"Waschmaschine in der Unterkunft für Kostenlos", "Waschmaschine"},
		{"Máquina de lavar na acomodação por Pago", "Máquina de lavar"},
		{"Paid washer – In unit", "washer"},
		{"Paid dryer – In building", "dryer (in building)"},
		{"Fornello a gas Altro", "Fornello a gas"},
		{"Cocina de gas Otro", "Cocina de gas"},
		{"Cuisinière à gaz Autre", "Cuisinière à gaz"},
		{"Gasherd Andere", "Gasherd"},
		{"Outro fogão por indução", "Fogão por indução"},
		{"Máquina de lavar – Na acomodação", "Máquina de lavar"},
		{"Other", "Other"}, // nothing but the placeholder: left to the caller
	} {
		if got := hostAmenityName(c.in); !strings.EqualFold(got, c.want) || (got != c.want && !strings.EqualFold(got[:1], c.want[:1])) {
			t.Errorf("hostAmenityName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestReviewBadge: a review score printed with a facility is a rating,
// not an amenity, in every language the sites print it; the facility
// words alone are no badge.
func TestReviewBadge(t *testing.T) {
	for _, c := range []struct {
		name  string
		badge bool
	}{
		{"Very good breakfast", true}, {"Excellent Breakfast", true}, {"Desayuno fabuloso", true}, {"Bon petit-déjeuner", true},
		{"Colazione eccezionale", true}, {"Erg goed ontbijt", true}, {"Excecional pequeno-almoço", true},
		{"Superb breakfast", true}, {"Exceptional location", true}, {"Sehr gut Frühstück", true}, {"Café da manhã muito bom", true},
		{"Breakfast", false}, {"Fitness centre", false}, {"2 restaurants", false}, {"Free WiFi", false}, {"Spa e centro benessere", false},
		{"Centre de bien-être", false}, {"Good", false}, {"Family rooms", false}, {"Room service", false},
	} {
		if got := reviewBadge(c.name); got != c.badge {
			t.Errorf("reviewBadge(%q) = %v, want %v", c.name, got, c.badge)
		}
	}
}

// TestRestrictsGuestsAndNote: rules limiting who may stay are found in
// every language we read (and words that merely begin alike are not), and
// one the description does not state is named in a note.
func TestRestrictsGuestsAndNote(t *testing.T) {
	for _, c := range []struct {
		rule   string
		limits bool
	}{
		{"Not safe or suitable for children (2-12 years)", true}, {"The minimum age for check-in is 18.", true},
		{"Visitas não são permitidas.", true}, {"Edad mínima para el check-in: 18", true}, {"Non adatto ai bambini.", true},
		{"Les enfants de moins de 12 ans ne sont pas admis.", true}, {"Kinder unter 12 Jahren sind nicht erlaubt.", true},
		{"Photo ID required at check-in.", true},
		{"Please take the rubbish out.", false}, {"The agent will meet you.", false}, {"Alternative parking nearby.", false},
		{"Quiet hours after 22:00.", false},
	} {
		if got := restrictsGuests(analysisWords(c.rule)); got != c.limits {
			t.Errorf("restrictsGuests(%q) = %v, want %v", c.rule, got, c.limits)
		}
	}
	rules := []string{"No shoes inside.", "Not safe or suitable for children (2-12 years)"}
	if n := unstatedLimits(rules, "House rules\nNot safe or suitable for children (2-12 years)."); n != "" {
		t.Errorf("a stated rule is noted: %s", n)
	}
	if n := unstatedLimits(rules, "House rules\nNo shoes inside."); !strings.Contains(n, "children (2-12 years)") {
		t.Errorf("an unstated rule limiting guests is not noted: %q", n)
	}
}

func analysisWords(s string) []string { return prose.Words(s) }
