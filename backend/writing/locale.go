package writing

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
)

// phrasebook is the built-in writer's words in one language: enough for
// titles and for the description's opener, headings and stated facts, so
// a listing written in that language gets copy in that language only. The
// features are named with the listing's own amenity names, which are in
// its language already.
type phrasebook struct {
	in, with, and string
	// types names kinds of place, by the English noun the analysis uses.
	types map[string]string
	// guests says "for N guests"; bedrooms, beds and baths count them.
	guests                func(n int) string
	bedrooms, beds, baths [2]string // singular, plural
	opener                string    // "%s in %s": type, place
	upTo                  string    // " for up to %d guests"
	highlights            string    // "Highlights: %s."
	headings              map[string]string
	checkInOut            string // "Check-in: %s; check-out: %s."
	noPets, pets, noSmoke string
	noParties, offers     string // offers: "What this place offers: %s."
	decimalComma          bool
	callsToAction         []string
}

var phrasebooks = map[string]phrasebook{
	"pt": {in: "em", with: "com", and: "e",
		types: map[string]string{"home": "casa", "house": "casa", "apartment": "apartamento", "condo": "apartamento", "flat": "apartamento",
			"loft": "loft", "studio": "estúdio", "villa": "vila", "cabin": "cabana", "cottage": "chalé", "chalet": "chalé",
			"townhouse": "sobrado", "private room": "quarto privativo", "guesthouse": "casa de hóspedes", "suite": "suíte", "place": "espaço"},
		guests:   func(n int) string { return fmt.Sprintf("para %d hóspedes", n) },
		bedrooms: [2]string{"quarto", "quartos"}, beds: [2]string{"cama", "camas"}, baths: [2]string{"banheiro", "banheiros"},
		opener: "%s em %s", upTo: " para até %d hóspedes", highlights: "Destaques: %s.",
		headings: map[string]string{"space": "O espaço", "access": "Acesso dos hóspedes", "neighbourhood": "A vizinhança",
			"getting_around": "Como se locomover", "rules": "Regras da casa"},
		checkInOut: "Check-in: %s; check-out: %s.", noPets: "Não são permitidos animais.", pets: "Animais permitidos.",
		noSmoke: "Proibido fumar.", noParties: "Não são permitidas festas ou eventos.", offers: "O que este lugar oferece: %s.",
		decimalComma: true, callsToAction: []string{"Reserve já", "Sua próxima viagem", "Escolha suas datas"}},
	"es": {in: "en", with: "con", and: "y",
		types: map[string]string{"home": "casa", "house": "casa", "apartment": "apartamento", "condo": "apartamento", "flat": "piso",
			"loft": "loft", "studio": "estudio", "villa": "villa", "cabin": "cabaña", "cottage": "casa rural", "chalet": "chalet",
			"townhouse": "casa adosada", "private room": "habitación privada", "guesthouse": "casa de huéspedes", "suite": "suite", "place": "alojamiento"},
		guests:   func(n int) string { return fmt.Sprintf("para %d huéspedes", n) },
		bedrooms: [2]string{"habitación", "habitaciones"}, beds: [2]string{"cama", "camas"}, baths: [2]string{"baño", "baños"},
		opener: "%s en %s", upTo: " para hasta %d huéspedes", highlights: "Lo más destacado: %s.",
		headings: map[string]string{"space": "El alojamiento", "access": "Acceso de los huéspedes", "neighbourhood": "El barrio",
			"getting_around": "Cómo moverse", "rules": "Normas de la casa"},
		checkInOut: "Llegada: %s; salida: %s.", noPets: "No se admiten mascotas.", pets: "Se admiten mascotas.",
		noSmoke: "Prohibido fumar.", noParties: "No se permiten fiestas ni eventos.", offers: "Lo que ofrece este lugar: %s.",
		decimalComma: true, callsToAction: []string{"Reserva ya", "Tu próximo viaje", "Elige tus fechas"}},
	"it": {in: "a", with: "con", and: "e",
		types: map[string]string{"home": "casa", "house": "casa", "apartment": "appartamento", "condo": "appartamento", "flat": "appartamento",
			"loft": "loft", "studio": "monolocale", "villa": "villa", "cabin": "baita", "cottage": "cottage", "chalet": "chalet",
			"townhouse": "villetta a schiera", "private room": "camera privata", "guesthouse": "casa vacanze", "suite": "suite", "place": "alloggio"},
		guests:   func(n int) string { return fmt.Sprintf("per %d ospiti", n) },
		bedrooms: [2]string{"camera da letto", "camere da letto"}, beds: [2]string{"letto", "letti"}, baths: [2]string{"bagno", "bagni"},
		opener: "%s a %s", upTo: " per un massimo di %d ospiti", highlights: "In evidenza: %s.",
		headings: map[string]string{"space": "Lo spazio", "access": "Accesso per gli ospiti", "neighbourhood": "Il quartiere",
			"getting_around": "Come muoversi", "rules": "Regole della casa"},
		checkInOut: "Check-in: %s; check-out: %s.", noPets: "Animali non ammessi.", pets: "Animali ammessi.",
		noSmoke: "Vietato fumare.", noParties: "Niente feste o eventi.", offers: "Cosa offre questo alloggio: %s.",
		decimalComma: true, callsToAction: []string{"Prenota ora", "Il tuo prossimo viaggio", "Scegli le date"}},
	"fr": {in: "à", with: "avec", and: "et",
		types: map[string]string{"home": "maison", "house": "maison", "apartment": "appartement", "condo": "appartement", "flat": "appartement",
			"loft": "loft", "studio": "studio", "villa": "villa", "cabin": "cabane", "cottage": "cottage", "chalet": "chalet",
			"townhouse": "maison de ville", "private room": "chambre privée", "guesthouse": "maison d'hôtes", "suite": "suite", "place": "logement"},
		guests:   func(n int) string { return fmt.Sprintf("pour %d voyageurs", n) },
		bedrooms: [2]string{"chambre", "chambres"}, beds: [2]string{"lit", "lits"}, baths: [2]string{"salle de bain", "salles de bain"},
		opener: "%s à %s", upTo: " pour %d voyageurs maximum", highlights: "Points forts : %s.",
		headings: map[string]string{"space": "Le logement", "access": "Accès des voyageurs", "neighbourhood": "Le quartier",
			"getting_around": "Se déplacer", "rules": "Règlement intérieur"},
		checkInOut: "Arrivée : %s ; départ : %s.", noPets: "Animaux non admis.", pets: "Animaux admis.",
		noSmoke: "Logement non-fumeur.", noParties: "Pas de fêtes ni d'événements.", offers: "Ce que propose ce logement : %s.",
		decimalComma: true, callsToAction: []string{"Réservez", "Votre prochain séjour", "Choisissez vos dates"}},
	"de": {in: "in", with: "mit", and: "und",
		types: map[string]string{"home": "Haus", "house": "Haus", "apartment": "Wohnung", "condo": "Wohnung", "flat": "Wohnung",
			"loft": "Loft", "studio": "Studio", "villa": "Villa", "cabin": "Hütte", "cottage": "Cottage", "chalet": "Chalet",
			"townhouse": "Reihenhaus", "private room": "Privatzimmer", "guesthouse": "Gästehaus", "suite": "Suite", "place": "Unterkunft"},
		guests:   func(n int) string { return fmt.Sprintf("für %d Gäste", n) },
		bedrooms: [2]string{"Schlafzimmer", "Schlafzimmer"}, beds: [2]string{"Bett", "Betten"}, baths: [2]string{"Badezimmer", "Badezimmer"},
		opener: "%s in %s", upTo: " für bis zu %d Gäste", highlights: "Highlights: %s.",
		headings: map[string]string{"space": "Die Unterkunft", "access": "Zugang für Gäste", "neighbourhood": "Die Umgebung",
			"getting_around": "Fortbewegung", "rules": "Hausregeln"},
		checkInOut: "Check-in: %s; Check-out: %s.", noPets: "Keine Haustiere.", pets: "Haustiere erlaubt.",
		noSmoke: "Rauchen verboten.", noParties: "Keine Partys oder Veranstaltungen.", offers: "Was diese Unterkunft bietet: %s.",
		callsToAction: []string{"Jetzt buchen", "Deine nächste Reise", "Termine wählen"}},
}

// phrasebookFor is the listing's language's phrasebook; ok is false for a
// language without one (the English writer then writes, keeping the
// listing's own names).
func phrasebookFor(l *listing.Listing) (phrasebook, bool) {
	if l == nil || !listing.CopyLanguages[l.Language] {
		return phrasebook{}, false
	}
	p, ok := phrasebooks[l.Language]
	return p, ok
}

// typeWord is the kind of place in the phrasebook's language, capitalised
// for a title ("Casa"); "" when the phrasebook has no word for it.
func (p phrasebook) typeWord(noun string) string {
	w := p.types[noun]
	for _, local := range p.types { // the page's own word, already in the language
		if w == "" && strings.EqualFold(local, noun) {
			w = local
		}
	}
	if w == "" {
		return ""
	}
	return upperFirst(w)
}

// localFeatures are the listing's strongest features as its own amenity
// list names them ("Piscina"), best first.
func localFeatures(req Request) []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range []string{"hot_tub", "pool", "view", "waterfront", "free_parking", "outdoor_space", "fireplace", "sauna",
		"workspace", "bbq", "washer", "gym", "self_check_in", "air_conditioning", "wifi", "kitchen"} {
		name, ok := strings.CutPrefix(req.Features[k], "amenity list: ")
		if !ok || name == "" || seen[strings.ToLower(name)] {
			continue
		}
		seen[strings.ToLower(name)] = true
		out = append(out, name)
	}
	return out
}

// localTitles are title suggestions in the phrasebook's language: the kind
// of place, its place, its features in the listing's own words and the
// guests it sleeps, one suggestion per shape.
func localTitles(req Request, f Facts, p phrasebook, n int) []string {
	typ := p.typeWord(f.TypeNoun)
	if typ == "" || n <= 0 {
		return nil
	}
	feats := localFeatures(req)
	at := func(i int) string {
		if i < len(feats) {
			return feats[i]
		}
		return ""
	}
	place, city, area := f.place(), properCase(f.City), properCase(f.Area)
	guests := ""
	if f.Capacity > 0 {
		guests = p.guests(f.Capacity)
	}
	// Templates, best first: a template is used only when every part it
	// names has a value.
	tpls := [][]string{
		{typ, p.in, place, p.with, at(0)},
		{typ, p.with, at(0), p.and, at(1)},
		{place + ":", typ, p.with, at(0)},
		{typ, p.in, place, guests},
		{typ, p.in, place, "·", at(0), "·", at(1)},
		{typ, p.with, at(0) + ",", at(1), p.and, at(2)},
		{typ, guests, p.with, at(0)},
		{typ, p.in, area + ",", city},
		{typ, p.in, place, p.with, at(1)},
		{typ, p.with, at(1), p.and, at(2)},
		{place + ":", typ, p.with, at(1), p.and, at(2)},
		{typ, p.in, place, p.with, at(2)},
		{typ, p.in, city, p.with, at(0)},
		{typ, p.in, place},
	}
	for _, cta := range p.callsToAction {
		tpls = append(tpls, []string{typ, p.in, place, "|", cta})
	}
	v := newValidator(req)
	var out []string
	shapes := map[string]bool{}
	for _, parts := range tpls {
		complete := true
		for _, s := range parts {
			complete = complete && strings.TrimSuffix(s, ",") != "" && strings.TrimSuffix(s, ":") != ""
		}
		if !complete {
			continue
		}
		t := tidyTitle(strings.Join(parts, " "))
		shape := titleShape(t, nil)
		if shapes[shape] || v.title(t) != nil {
			continue
		}
		shapes[shape] = true
		out = append(out, t)
		if len(out) == n {
			break
		}
	}
	return out
}

// count says "2 quartos", "1,5 banheiros".
func (p phrasebook) count(v float64, words [2]string) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if p.decimalComma {
		s = strings.Replace(s, ".", ",", 1)
	}
	if v == 1 {
		return s + " " + words[0]
	}
	return s + " " + words[1]
}

// joinList joins with the phrasebook's "and".
func (p phrasebook) joinList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + p.and + " " + items[len(items)-1]
}

// localDescription is BuiltinDescription in the phrasebook's language: an
// opener and highlights from the listing's facts, the host's text as
// written (its paragraphs in order; headings the host wrote are kept), then
// the house rules the page states, under the language's heading.
func localDescription(req Request, f Facts, p phrasebook) string {
	l := req.Listing
	var b strings.Builder
	typ := p.typeWord(f.TypeNoun)
	if typ != "" {
		s := typ
		if place := f.place(); place != "" {
			s = fmt.Sprintf(p.opener, typ, place)
		}
		if f.Capacity > 0 {
			s += fmt.Sprintf(p.upTo, f.Capacity)
		}
		var counts []string
		if f.Bedrooms != nil && *f.Bedrooms > 0 {
			counts = append(counts, p.count(float64(*f.Bedrooms), p.bedrooms))
		}
		if f.Beds > 0 {
			counts = append(counts, p.count(float64(f.Beds), p.beds))
		}
		if f.Baths > 0 {
			counts = append(counts, p.count(f.Baths, p.baths))
		}
		if len(counts) > 0 {
			s += ": " + p.joinList(counts)
		}
		b.WriteString(s + ".\n")
	}
	if feats := localFeatures(req); len(feats) > 0 {
		b.WriteString(fmt.Sprintf(p.highlights, p.joinList(feats[:min(6, len(feats))])) + "\n")
	}
	if text := strings.TrimSpace(l.Description); text != "" {
		b.WriteString("\n" + text + "\n")
	}
	var rules []string
	hr := l.HouseRules
	if hr.CheckIn != "" && hr.CheckOut != "" {
		rules = append(rules, fmt.Sprintf(p.checkInOut, hr.CheckIn, hr.CheckOut))
	}
	if hr.PetsAllowed != nil {
		rules = append(rules, map[bool]string{true: p.pets, false: p.noPets}[*hr.PetsAllowed])
	}
	if hr.SmokingAllowed != nil && !*hr.SmokingAllowed {
		rules = append(rules, p.noSmoke)
	}
	if hr.PartiesAllowed != nil && !*hr.PartiesAllowed {
		rules = append(rules, p.noParties)
	}
	if len(rules) > 0 {
		b.WriteString("\n" + p.headings["rules"] + "\n" + strings.Join(rules, "\n") + "\n")
	}
	return strings.TrimSpace(b.String())
}

// localAmenityCopy lists what the listing offers, strongest first, in the
// phrasebook's language.
func localAmenityCopy(f Facts, p phrasebook) string {
	if len(f.Amenities) == 0 {
		return ""
	}
	type am struct {
		name string
		rank int
		i    int
	}
	var list []am
	for i, n := range f.Amenities {
		rank := 0
		if k := analysis.CanonicalAmenity(n); k != "" {
			d, _ := analysis.Amenity(k)
			rank = d.Impact
		}
		list = append(list, am{n, rank, i})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].rank > list[j].rank })
	var names []string
	for i, a := range list {
		if i == 12 {
			break
		}
		names = append(names, a.name)
	}
	return fmt.Sprintf(p.offers, p.joinList(names))
}
