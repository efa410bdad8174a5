package writing

import (
	"context"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// placementOracle are sentences a host might write, each labelled by hand
// with the description section a reader would put it under — written for
// this test, from no one listing, in every language the writer places
// sentences in. The writer's placement is judged by these labels, never
// by the word lists it places with.
var placementOracle = []struct{ lang, sentence, section string }{
	{"en", "The apartment has two bedrooms, a bright living room and a fully equipped kitchen.", "the_space"},
	{"en", "The master bedroom has a king bed and an en suite bathroom with a walk-in shower.", "the_space"},
	{"en", "Guests have the whole house to themselves.", "guest_access"},
	{"en", "You let yourself in with the keypad at the front door.", "guest_access"},
	{"en", "The area is full of restaurants, cafes and small shops.", "neighbourhood"},
	{"en", "The beach is a ten-minute walk away.", "neighbourhood"},
	{"en", "The nearest metro station is five minutes on foot.", "getting_around"},
	{"en", "Free street parking is available and the airport is a 20-minute drive.", "getting_around"},
	{"en", "Smoking and parties are not allowed.", "house_rules"},
	{"en", "Please respect the neighbours and keep the noise down after 10 pm.", "house_rules"},

	{"pt", "O apartamento tem dois quartos, sala de estar e cozinha completa.", "the_space"},
	{"pt", "A suíte tem cama de casal e banheiro com chuveiro quente.", "the_space"},
	{"pt", "Os hóspedes têm acesso exclusivo a todo o imóvel.", "guest_access"},
	{"pt", "A entrada é independente, com fechadura eletrônica.", "guest_access"},
	{"pt", "O bairro tem padarias, supermercados e restaurantes.", "neighbourhood"},
	{"pt", "A praia fica a cinco minutos a pé.", "neighbourhood"},
	{"pt", "O ponto de ônibus fica em frente ao prédio.", "getting_around"},
	{"pt", "O aeroporto fica a 20 minutos de carro.", "getting_around"},
	{"pt", "Não é permitido fumar dentro do apartamento.", "house_rules"},
	{"pt", "Festas e eventos não são permitidos.", "house_rules"},

	{"es", "El piso tiene dos dormitorios, un salón luminoso y una cocina equipada.", "the_space"},
	{"es", "El baño tiene ducha y secador de pelo.", "the_space"},
	{"es", "Los huéspedes tienen acceso a todo el apartamento.", "guest_access"},
	{"es", "La entrada es privada y las llaves se recogen en un buzón.", "guest_access"},
	{"es", "El barrio tiene muchos bares, restaurantes y tiendas.", "neighbourhood"},
	{"es", "La playa está a diez minutos a pie.", "neighbourhood"},
	{"es", "La estación de metro más cercana está a cinco minutos.", "getting_around"},
	{"es", "Hay un aparcamiento público cerca y el aeropuerto está a 20 minutos en taxi.", "getting_around"},
	{"es", "No se permite fumar ni hacer fiestas.", "house_rules"},
	{"es", "Se ruega respetar el silencio a partir de las 22:00.", "house_rules"},

	{"it", "L'appartamento ha due camere da letto, un ampio soggiorno e una cucina attrezzata.", "the_space"},
	{"it", "Il bagno è dotato di doccia e asciugacapelli.", "the_space"},
	{"it", "Gli ospiti hanno accesso all'intero appartamento.", "guest_access"},
	{"it", "L'ingresso è indipendente e le chiavi sono in una cassetta di sicurezza.", "guest_access"},
	{"it", "Il quartiere è pieno di ristoranti, bar e negozi.", "neighbourhood"},
	{"it", "Il centro storico si raggiunge in dieci minuti a piedi.", "neighbourhood"},
	{"it", "La fermata dell'autobus è davanti al palazzo.", "getting_around"},
	{"it", "La stazione dei treni è a 15 minuti e c'è un parcheggio gratuito in strada.", "getting_around"},
	{"it", "È vietato fumare all'interno dell'appartamento.", "house_rules"},
	{"it", "Non sono ammesse feste e si chiede silenzio dopo le 22.", "house_rules"},

	{"fr", "L'appartement comprend deux chambres, un salon et une cuisine équipée.", "the_space"},
	{"fr", "La salle de bains dispose d'une douche et d'un sèche-cheveux.", "the_space"},
	{"fr", "Les voyageurs ont accès à tout le logement.", "guest_access"},
	{"fr", "L'entrée est indépendante et les clés sont dans une boîte à clés.", "guest_access"},
	{"fr", "Le quartier regorge de restaurants, de cafés et de boutiques.", "neighbourhood"},
	{"fr", "La plage est à dix minutes à pied.", "neighbourhood"},
	{"fr", "La station de métro la plus proche est à cinq minutes.", "getting_around"},
	{"fr", "L'aéroport est à 20 minutes en voiture et un parking public est à côté.", "getting_around"},
	{"fr", "Il est interdit de fumer et les fêtes ne sont pas autorisées.", "house_rules"},
	{"fr", "Merci de respecter le silence après 22 heures.", "house_rules"},

	{"de", "Die Wohnung hat zwei Schlafzimmer, ein helles Wohnzimmer und eine voll ausgestattete Küche.", "the_space"},
	{"de", "Das Badezimmer hat eine Dusche und einen Föhn.", "the_space"},
	{"de", "Die Gäste haben Zugang zur gesamten Wohnung.", "guest_access"},
	{"de", "Der Eingang ist separat, die Schlüssel liegen in einem Schlüsselsafe.", "guest_access"},
	{"de", "In der Nachbarschaft gibt es viele Restaurants, Cafés und Geschäfte.", "neighbourhood"},
	{"de", "Der Strand ist zehn Minuten zu Fuß entfernt.", "neighbourhood"},
	{"de", "Die nächste U-Bahn-Station ist fünf Minuten entfernt.", "getting_around"},
	{"de", "Der Flughafen ist 20 Minuten mit dem Auto entfernt, Parkplätze gibt es an der Straße.", "getting_around"},
	{"de", "Rauchen und Partys sind nicht erlaubt.", "house_rules"},
	{"de", "Bitte halten Sie die Ruhezeiten ab 22 Uhr ein.", "house_rules"},
}

// TestPlacementOracle: the writer puts each hand-labelled sentence, alone
// in a paragraph after the opening one and under no heading of the
// host's, in the section its label names.
func TestPlacementOracle(t *testing.T) {
	for _, o := range placementOracle {
		if got := placeUnit(o.sentence, 1, "", o.lang, false, nil); got != o.section {
			t.Errorf("%s: %q placed in %s; labelled %s", o.lang, o.sentence, got, o.section)
		}
	}
}

// realPlacement are sentences of the real pages, each labelled by hand
// with the section a reader would put it under; a sentence that reads as
// two sections is left out. The built-in writer's copy of each page is
// judged by them (TestRealPagePlacement, and checkSections for every
// demo and real listing).
var realPlacement = []struct{ file, sentence, section string }{
	{"airbnb/airbnb-2026-listingproof-it-roma-2.html", "Una spaziosa zona living con camino elettrico, ideale per rilassarsi dopo una giornata di visite, con cucina a vista completamente attrezzata: macchina Nespresso, bollitore, tostapane, microonde, forno elettrico e piano a induzione a 4 fuochi.", "the_space"},
	{"airbnb/airbnb-2026-listingproof-it-roma-2.html", "L’accesso avviene tramite una scala d’epoca, tipica delle dimore storiche del centro di Roma (l’edificio non è dotato di ascensore), elemento che contribuisce al fascino del palazzo.", "guest_access"},
	{"airbnb/airbnb-2026-listingproof-it-roma-2.html", "La posizione è estremamente centrale: a pochi passi da Campo de’ Fiori, Piazza Navona, Pantheon, Castel Sant’Angelo e Città del Vaticano, ideale per esplorare la città comodamente a piedi.", "neighbourhood"},
	{"airbnb/airbnb-2026-listingproof-it-roma-2.html", "Per gli spostamenti più lunghi puoi affidarti alle 2 stazioni taxi a meno di 2 minuti a piedi dell’abitazione", "getting_around"},
	{"airbnb/airbnb-2026-listingproof-it-roma-2.html", "La stazione più vicina è Stazione Termini", "getting_around"},
	{"airbnb/airbnb-2026-the_milano_suite.html", "La suite, ampia e luminosa, è arredata con gusto e cura dei dettagli, pensata per offrire comfort, eleganza e privacy.", "the_space"},
	{"airbnb/airbnb-2026-listingproof-it-roma-1.html", "The heart of the home is the striking living and dining room, with its sculptural ceiling, glossy deep-blue walls, velvet seating and original patterned flooring.", "the_space"},
	{"airbnb/airbnb-2026-listingproof-it-roma-1.html", "Guests have exclusive access to the entire apartment.", "guest_access"},
	{"airbnb/airbnb-2026-listingproof-it-roma-1.html", "There is no lift and no shared entrance or common indoor space.", "guest_access"},
	{"airbnb/airbnb-2025-mehfius-arraial-raw.html", "O bairro é residencial possui mercados, padaria, farmácia e lanchonetes nas proximidades.", "neighbourhood"},
	{"airbnb/airbnb-2025-mehfius-arraial-raw.html", "A entrada é privativa.", "guest_access"},
	{"airbnb/airbnb-2025-mehfius-arraial-raw.html", "Caso você deseje receber visitas certifique-se de inclui-las no ato da reserva.", "house_rules"},
	{"airbnb/airbnb-2026-listingproof-es-barcelona2.en.html", "El baño al igual que todo el apartamento esta totalmente reformado.", "the_space"},
	{"airbnb/airbnb-2026-listingproof-es-barcelona2.en.html", "En el precio de la reserva no se incluye el impuesto municipal.", "house_rules"},
	{"airbnb/airbnb-2025-flyingmermaidd.html", "It's a beautiful venue overlooking the lake and marina, with restaurant and bar.", "neighbourhood"},
	{"airbnb/airbnb-2025-flyingmermaidd.html", "Beautifully designed cozy Patio Terrace with direct access to Swimming Pool & Hot Tub.", "the_space"},
}

// realLabel is the hand label of a sentence of a page's copy, "" when it
// has none.
func realLabel(s string) string {
	for _, r := range realPlacement {
		if r.sentence == s {
			return r.section
		}
	}
	return ""
}

// TestRealPagePlacement: in the built-in writer's copy of each real page,
// every hand-labelled sentence is there, under its label's heading (or in
// the host's opening paragraph, which keeps its place under none).
func TestRealPagePlacement(t *testing.T) {
	byFile := map[string]string{}
	for _, p := range listingtest.RealListings {
		byFile[p.File] = p.URL
	}
	for _, r := range realPlacement {
		for _, flat := range []bool{false, true} {
			req := pageRequest(t, listingtest.RealPage(t, r.file), byFile[r.file])
			if flat {
				// The variant without the host's headings: where each
				// sentence goes is the writer's reading alone.
				req.Listing.Description = withoutHeadings(req.Listing.Description)
			}
			checkPlaced(t, req, r.file, r.sentence, r.section, flat)
		}
	}
}

// siteHeadings are the section headings the sites print in a host's
// description, in the languages of the real pages and ours.
var siteHeadings = map[string]bool{"The space": true, "Guest access": true, "Other things to note": true, "Registration Details": true,
	"The neighbourhood": true, "The neighborhood": true, "Getting around": true, "Lo spazio": true, "Accesso per gli ospiti": true,
	"Altre cose da tenere a mente": true, "O espaço": true, "Acesso dos hóspedes": true, "Outras observações": true,
	"El alojamiento": true, "Acceso de los huéspedes": true, "Otros aspectos destacables": true}

// withoutHeadings is a description without its heading lines.
func withoutHeadings(d string) string {
	var out []string
	for _, line := range strings.Split(d, "\n") {
		if !siteHeadings[strings.TrimSpace(line)] {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// checkPlaced fails t unless the labelled sentence is in the copy of req,
// under its label's heading or in the opening paragraph.
func checkPlaced(t *testing.T, req Request, file, sentence, label string, flat bool) {
	t.Helper()
	c, err := Builtin{}.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	p := englishBook
	if lp, ok := phrasebookFor(req.Listing); ok {
		p = lp
	}
	headings := map[string]string{}
	for k, h := range p.headings {
		headings[h] = k
	}
	section, found := introKey, false
	for _, line := range strings.Split(c.Description, "\n") {
		if k, ok := headings[line]; ok {
			section = k
			continue
		}
		if strings.Contains(line, sentence) {
			found = true
			if section != label && section != introKey {
				t.Errorf("%s (headings removed: %v): %q under %q; labelled %s", file, flat, sentence, p.headings[section], label)
			}
		}
	}
	if !found {
		t.Errorf("%s (headings removed: %v): %q not in the copy:\n%s", file, flat, sentence, c.Description)
	}
}
