package writing

import (
	"strings"
	"testing"
)

// TestUnrepeated: an amenity sentence loses the items a kept host
// sentence (or the host's own list) states, in every language we write,
// whatever order the sections come in; a sentence naming no amenity (a
// place, a time) and the host's list itself stay.
func TestUnrepeated(t *testing.T) {
	pass := func(string) bool { return true }
	for _, c := range []struct {
		lang       string
		sentences  []string
		hostSaid   []string
		hostListed []string
		want       []string
	}{
		{"pt", []string{"Lavanderia: ferro de passar e varal para secar roupas.", "Área de serviço: ferro de passar, máquina de lavar e varal para secar as roupas."},
			nil, []string{"Área de serviço: ferro de passar, máquina de lavar e varal para secar as roupas."},
			[]string{"Área de serviço: ferro de passar, máquina de lavar e varal para secar as roupas."}},
		{"pt", []string{"O espaço inteiro é só seu.", "Check-in autônomo.", "Entrada privativa."}, []string{"A entrada é privativa."}, nil,
			[]string{"O espaço inteiro é só seu.", "Check-in autônomo."}},
		{"en", []string{"In the kitchen: coffee maker, mini fridge and oven.", "For comfort: air conditioning and ceiling fan."},
			[]string{"The room features air conditioning, a ceiling fan and a mini fridge."}, nil,
			[]string{"In the kitchen: coffee maker and oven."}},
		{"es", []string{"En la cocina: cafetera, microondas y horno.", "Ubicación: Gràcia, Barcelona."},
			[]string{"La cocina tiene microondas y horno.", "Estamos en Gràcia, Barcelona."}, nil,
			[]string{"En la cocina: cafetera.", "Ubicación: Gràcia, Barcelona."}},
		{"it", []string{"In cucina: macchina del caffè, bollitore e tostapane.", "Sicurezza: estintore."},
			[]string{"Cucina attrezzata con bollitore e tostapane."}, nil,
			[]string{"In cucina: macchina del caffè.", "Sicurezza: estintore."}},
		{"fr", []string{"Dans la cuisine : bouilloire et grille-pain."}, []string{"Une cuisine avec bouilloire."}, nil, nil},
	} {
		p := phrasebooks[c.lang]
		if c.lang == "en" {
			p = englishBook
		}
		got := unrepeated(c.sentences, c.hostSaid, c.hostListed, false, p, pass)
		if c.lang == "fr" {
			// French puts a space before the colon: the sentence is left
			// whole rather than cut wrong.
			if len(got) != 1 {
				t.Errorf("fr: %q", got)
			}
			continue
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: unrepeated(%q) =\n%q\nwant\n%q", c.lang, c.sentences, got, c.want)
		}
	}
}

// TestCountConflict: an amenity counted in its name is left out where the
// host's text counts the same thing otherwise, in any language; a count
// the text agrees with, or a "second" one, is no conflict.
func TestCountConflict(t *testing.T) {
	for _, c := range []struct {
		name, host string
		conflict   bool
	}{
		{"2 restaurants", "The hotel is home to 2 on-site bars offering cocktails, and a restaurant serving British cuisine.", true},
		{"2 restaurants", "The hotel has 2 restaurants and a bar.", false},
		{"2 restaurants", "Guests can dine at the hotel.", false},
		{"3 pools", "There is one outdoor pool.", true},
		{"2 ristoranti", "C'è un secondo ristorante sulla spiaggia.", false},
		{"2 ristoranti", "L'hotel ospita un ristorante e un bar.", true},
		{"2 restaurantes", "O hotel tem um restaurante.", true},
		{"2 restaurantes", "El hotel tiene 2 restaurantes.", false},
		{"2 restaurants", "L'hôtel possède un restaurant.", true},
		{"2 Restaurants", "Das Hotel hat ein Restaurant.", true},
		{"Bar", "2 on-site bars", false},
	} {
		if got := countConflict(c.name, c.host); got != c.conflict {
			t.Errorf("countConflict(%q, %q) = %v, want %v", c.name, c.host, got, c.conflict)
		}
	}
}

// An area the host gives a part of the place ("the dining room of 45 m2",
// in any language) is not the place's floor area: the opener states only
// an area the host gives the whole (Formentera's villa once opened "5
// bedrooms, 3 baths and 45 m2", its dining room's).
func TestAreaOfAPartIsNotThePlaces(t *testing.T) {
	for _, c := range []struct{ desc, want string }{
		{"The dining room of 45 m2 and the kitchen connect with the solarium.", ""},
		{"A sala de 30 m² dá para o jardim.", ""},
		{"La terrazza di 25 m² guarda il mare.", ""},
		{"The house has 200 m² on two floors.", "200 m²"},
		{"Apartamento de 64 m² no centro.", "64 m²"},
		{"The dining room of 45 m2 opens to the garden. The house has 200 m² in all.", "200 m²"},
	} {
		l := loft()
		l.Description = c.desc
		if got := readHostFacts(l).area(); got != c.want {
			t.Errorf("%q: area = %q, want %q", c.desc, got, c.want)
		}
	}
}
