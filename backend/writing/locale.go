package writing

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/textcase"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
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
	// fromBy, from and by state the times when the page gives bare
	// times: check-in is the earliest, check-out the latest ("Check-in
	// from 15:00; check-out by 11:00"), never a flat "09:00".
	fromBy, from, by      string
	noPets, pets, noSmoke string
	noParties, offers     string // offers: "What this place offers: %s."
	decimalComma          bool
	// more says how many more amenities the full list has: "Plus %d more
	// in the full amenity list."
	more string
	// moreOne is more for one amenity where the language says it without
	// the number ("E un altro…", never "E altri 1"); "" uses more.
	moreOne string
	// checkIn and checkOut state one time when the page gives only one.
	checkIn, checkOut string
	// wholePlace says the guests have the whole place; selfCheckIn that
	// they let themselves in; parking ("Parking: %s.") names the page's
	// parking.
	wholePlace, selfCheckIn, parking string
	// sharedBaths and privateBaths count bathrooms the page says are
	// shared or private: a qualifier is never lost ("1 shared bath").
	sharedBaths, privateBaths [2]string
	// rating states the rating: value, scale, reviews. location names the
	// neighbourhood and city; privateEntrance says it has its own door.
	rating, location, privateEntrance string
	// groups lead the sentence naming the amenities of one room or use
	// ("In the kitchen: %s."), by amenityGroups key; a group without one
	// is left out.
	groups map[string]string
}

// englishBook is the English writer's phrasebook, for the parts of the
// description English and the other languages write alike.
var englishBook = phrasebook{in: "in", with: "with", and: "and",
	bedrooms: [2]string{"bedroom", "bedrooms"}, beds: [2]string{"bed", "beds"}, baths: [2]string{"bath", "baths"},
	sharedBaths: [2]string{"shared bath", "shared baths"}, privateBaths: [2]string{"private bath", "private baths"},
	upTo: " for up to %d guests", highlights: "Highlights: %s.",
	rating: "Rated %s by guests across %d reviews.", location: "Location: %s.", privateEntrance: "Private entrance.",
	headings: map[string]string{"the_space": "The space", "guest_access": "Guest access", "neighbourhood": "The neighbourhood",
		"getting_around": "Getting around", "house_rules": "House rules"},
	checkInOut: "Check-in: %s; check-out: %s.", noPets: "No pets.", pets: "Pets allowed.", noSmoke: "No smoking.",
	fromBy: "Check-in from %s; check-out by %s.", from: "Check-in from %s.", by: "Check-out by %s.",
	noParties: "No parties or events.", checkIn: "Check-in: %s.", checkOut: "Check-out: %s.",
	wholePlace: "The whole place is yours.", selfCheckIn: "Self check-in.", parking: "Parking: %s.",
	groups: map[string]string{"services": "On site: %s.", "rooms": "In the rooms: %s.", "kitchen": "In the kitchen: %s.", "bathroom": "In the bathroom: %s.",
		"sleep": "For sleeping: %s.", "unwind": "To work or unwind: %s.", "climate": "For comfort: %s.",
		"outside": "Outside: %s.", "laundry": "For laundry: %s.", "family": "For families: %s.", "safety": "For safety: %s."},
}

var phrasebooks = map[string]phrasebook{
	"pt": {fromBy: "Check-in a partir das %s; check-out até às %s.", from: "Check-in a partir das %s.", by: "Check-out até às %s.",
		in: "em", with: "com", and: "e",
		types: map[string]string{"home": "casa", "house": "casa", "apartment": "apartamento", "condo": "apartamento", "flat": "apartamento",
			"loft": "loft", "studio": "estúdio", "villa": "vila", "cabin": "cabana", "cottage": "chalé", "chalet": "chalé",
			"townhouse": "sobrado", "private room": "quarto privativo", "guesthouse": "casa de hóspedes", "suite": "suíte", "hotel": "hotel", "hostel": "hostel", "resort": "resort", "aparthotel": "apart-hotel", "bed and breakfast": "pousada", "inn": "pousada", "hotel room": "quarto de hotel", "shared room": "quarto compartilhado", "room": "quarto",
			"place": "espaço"},
		guests:   func(n int) string { return fmt.Sprintf("para %d hóspedes", n) },
		bedrooms: [2]string{"quarto", "quartos"}, beds: [2]string{"cama", "camas"}, baths: [2]string{"banheiro", "banheiros"},
		opener: "%s em %s", upTo: " para até %d hóspedes", highlights: "Destaques: %s.",
		headings: map[string]string{"the_space": "O espaço", "guest_access": "Acesso dos hóspedes", "neighbourhood": "A vizinhança",
			"getting_around": "Como se locomover", "house_rules": "Regras da casa"},
		checkInOut: "Check-in: %s; check-out: %s.", noPets: "Não são permitidos animais.", pets: "Animais permitidos.",
		noSmoke: "Proibido fumar.", noParties: "Não são permitidas festas ou eventos.", offers: "O que este lugar oferece: %s.",
		decimalComma: true, more: "E mais %d na lista completa de comodidades.", checkIn: "Check-in: %s.", checkOut: "Check-out: %s.",
		wholePlace: "O espaço inteiro é só seu.", selfCheckIn: "Check-in autônomo.", parking: "Estacionamento: %s.",
		sharedBaths: [2]string{"banheiro compartilhado", "banheiros compartilhados"}, privateBaths: [2]string{"banheiro privativo", "banheiros privativos"},
		rating: "Nota %s dos hóspedes, em %d avaliações.", location: "Localização: %s.", privateEntrance: "Entrada privativa.",
		groups: map[string]string{"services": "Na propriedade: %s.", "rooms": "Nos quartos: %s.", "kitchen": "Na cozinha: %s.", "bathroom": "No banheiro: %s.",
			"sleep": "Para dormir: %s.", "unwind": "Para trabalhar ou relaxar: %s.", "climate": "Para o seu conforto: %s.",
			"outside": "Área externa: %s.", "laundry": "Lavanderia: %s.", "family": "Para famílias: %s.", "safety": "Segurança: %s."}},
	"es": {fromBy: "Llegada a partir de las %s; salida hasta las %s.", from: "Llegada a partir de las %s.", by: "Salida hasta las %s.",
		in: "en", with: "con", and: "y",
		types: map[string]string{"home": "casa", "house": "casa", "apartment": "apartamento", "condo": "apartamento", "flat": "piso",
			"loft": "loft", "studio": "estudio", "villa": "villa", "cabin": "cabaña", "cottage": "casa rural", "chalet": "chalet",
			"townhouse": "casa adosada", "private room": "habitación privada", "guesthouse": "casa de huéspedes", "suite": "suite", "hotel": "hotel", "hostel": "hostal", "resort": "resort", "aparthotel": "aparthotel", "bed and breakfast": "bed and breakfast", "inn": "posada", "hotel room": "habitación de hotel", "shared room": "habitación compartida", "room": "habitación",
			"place": "alojamiento"},
		guests:   func(n int) string { return fmt.Sprintf("para %d huéspedes", n) },
		bedrooms: [2]string{"habitación", "habitaciones"}, beds: [2]string{"cama", "camas"}, baths: [2]string{"baño", "baños"},
		opener: "%s en %s", upTo: " para hasta %d huéspedes", highlights: "Lo más destacado: %s.",
		headings: map[string]string{"the_space": "El alojamiento", "guest_access": "Acceso de los huéspedes", "neighbourhood": "El barrio",
			"getting_around": "Cómo moverse", "house_rules": "Normas de la casa"},
		checkInOut: "Llegada: %s; salida: %s.", noPets: "No se admiten mascotas.", pets: "Se admiten mascotas.",
		noSmoke: "Prohibido fumar.", noParties: "No se permiten fiestas ni eventos.", offers: "Lo que ofrece este lugar: %s.",
		decimalComma: true, more: "Y %d más en la lista completa de servicios.", checkIn: "Llegada: %s.", checkOut: "Salida: %s.",
		wholePlace: "Todo el alojamiento es para ti.", selfCheckIn: "Llegada autónoma.", parking: "Aparcamiento: %s.",
		sharedBaths: [2]string{"baño compartido", "baños compartidos"}, privateBaths: [2]string{"baño privado", "baños privados"},
		rating: "Valoración de %s en %d reseñas.", location: "Ubicación: %s.", privateEntrance: "Entrada privada.",
		groups: map[string]string{"services": "En el establecimiento: %s.", "rooms": "En las habitaciones: %s.", "kitchen": "En la cocina: %s.", "bathroom": "En el baño: %s.",
			"sleep": "Para dormir: %s.", "unwind": "Para trabajar o descansar: %s.", "climate": "Para tu comodidad: %s.",
			"outside": "Al aire libre: %s.", "laundry": "Lavandería: %s.", "family": "Para familias: %s.", "safety": "Seguridad: %s."}},
	"it": {fromBy: "Check-in dalle %s; check-out entro le %s.", from: "Check-in dalle %s.", by: "Check-out entro le %s.",
		in: "a", with: "con", and: "e",
		types: map[string]string{"home": "casa", "house": "casa", "apartment": "appartamento", "condo": "appartamento", "flat": "appartamento",
			"loft": "loft", "studio": "monolocale", "villa": "villa", "cabin": "baita", "cottage": "cottage", "chalet": "chalet",
			"townhouse": "villetta a schiera", "private room": "camera privata", "guesthouse": "casa vacanze", "suite": "suite", "hotel": "hotel", "hostel": "ostello", "resort": "resort", "aparthotel": "residence", "bed and breakfast": "bed and breakfast", "inn": "locanda", "hotel room": "camera d'albergo", "shared room": "camera condivisa", "room": "camera",
			"place": "alloggio"},
		guests:   func(n int) string { return fmt.Sprintf("per %d ospiti", n) },
		bedrooms: [2]string{"camera da letto", "camere da letto"}, beds: [2]string{"letto", "letti"}, baths: [2]string{"bagno", "bagni"},
		opener: "%s a %s", upTo: " per un massimo di %d ospiti", highlights: "In evidenza: %s.",
		headings: map[string]string{"the_space": "Lo spazio", "guest_access": "Accesso per gli ospiti", "neighbourhood": "Il quartiere",
			"getting_around": "Come muoversi", "house_rules": "Regole della casa"},
		checkInOut: "Check-in: %s; check-out: %s.", noPets: "Animali non ammessi.", pets: "Animali ammessi.",
		noSmoke: "Vietato fumare.", noParties: "Niente feste o eventi.", offers: "Cosa offre questo alloggio: %s.",
		decimalComma: true, more: "E altri %d nell'elenco completo dei servizi.", moreOne: "E un altro nell'elenco completo dei servizi.", checkIn: "Check-in: %s.", checkOut: "Check-out: %s.",
		wholePlace: "L'intero alloggio è a tua disposizione.", selfCheckIn: "Self check-in.", parking: "Parcheggio: %s.",
		sharedBaths: [2]string{"bagno condiviso", "bagni condivisi"}, privateBaths: [2]string{"bagno privato", "bagni privati"},
		rating: "Valutazione di %s in %d recensioni.", location: "Posizione: %s.", privateEntrance: "Ingresso privato.",
		groups: map[string]string{"services": "Nella struttura: %s.", "rooms": "Nelle camere: %s.", "kitchen": "In cucina: %s.", "bathroom": "In bagno: %s.",
			"sleep": "Per dormire: %s.", "unwind": "Per lavorare o rilassarsi: %s.", "climate": "Per il comfort: %s.",
			"outside": "All'aperto: %s.", "laundry": "Lavanderia: %s.", "family": "Per le famiglie: %s.", "safety": "Sicurezza: %s."}},
	"fr": {fromBy: "Arrivée à partir de %s ; départ jusqu'à %s.", from: "Arrivée à partir de %s.", by: "Départ jusqu'à %s.",
		in: "à", with: "avec", and: "et",
		types: map[string]string{"home": "maison", "house": "maison", "apartment": "appartement", "condo": "appartement", "flat": "appartement",
			"loft": "loft", "studio": "studio", "villa": "villa", "cabin": "cabane", "cottage": "cottage", "chalet": "chalet",
			"townhouse": "maison de ville", "private room": "chambre privée", "guesthouse": "maison d'hôtes", "suite": "suite", "hotel": "hôtel", "hostel": "auberge de jeunesse", "resort": "complexe hôtelier", "aparthotel": "résidence hôtelière", "bed and breakfast": "chambre d'hôtes", "inn": "auberge", "hotel room": "chambre d'hôtel", "shared room": "chambre partagée", "room": "chambre",
			"place": "logement"},
		guests:   func(n int) string { return fmt.Sprintf("pour %d voyageurs", n) },
		bedrooms: [2]string{"chambre", "chambres"}, beds: [2]string{"lit", "lits"}, baths: [2]string{"salle de bain", "salles de bain"},
		opener: "%s à %s", upTo: " pour %d voyageurs maximum", highlights: "Points forts : %s.",
		headings: map[string]string{"the_space": "Le logement", "guest_access": "Accès des voyageurs", "neighbourhood": "Le quartier",
			"getting_around": "Se déplacer", "house_rules": "Règlement intérieur"},
		checkInOut: "Arrivée : %s ; départ : %s.", noPets: "Animaux non admis.", pets: "Animaux admis.",
		noSmoke: "Logement non-fumeur.", noParties: "Pas de fêtes ni d'événements.", offers: "Ce que propose ce logement : %s.",
		decimalComma: true, more: "Et %d de plus dans la liste complète des équipements.", checkIn: "Arrivée : %s.", checkOut: "Départ : %s.",
		wholePlace: "Le logement entier est à vous.", selfCheckIn: "Arrivée autonome.", parking: "Stationnement : %s.",
		sharedBaths: [2]string{"salle de bain partagée", "salles de bain partagées"}, privateBaths: [2]string{"salle de bain privée", "salles de bain privées"},
		rating: "Noté %s dans %d avis.", location: "Emplacement : %s.", privateEntrance: "Entrée privée.",
		groups: map[string]string{"services": "Sur place : %s.", "rooms": "Dans les chambres : %s.", "kitchen": "En cuisine : %s.", "bathroom": "Dans la salle de bain : %s.",
			"sleep": "Pour dormir : %s.", "unwind": "Pour travailler ou se détendre : %s.", "climate": "Pour le confort : %s.",
			"outside": "À l'extérieur : %s.", "laundry": "Linge : %s.", "family": "Pour les familles : %s.", "safety": "Sécurité : %s."}},
	"de": {fromBy: "Check-in ab %s; Check-out bis %s.", from: "Check-in ab %s.", by: "Check-out bis %s.",
		in: "in", with: "mit", and: "und",
		types: map[string]string{"home": "Haus", "house": "Haus", "apartment": "Wohnung", "condo": "Wohnung", "flat": "Wohnung",
			"loft": "Loft", "studio": "Studio", "villa": "Villa", "cabin": "Hütte", "cottage": "Cottage", "chalet": "Chalet",
			"townhouse": "Reihenhaus", "private room": "Privatzimmer", "guesthouse": "Gästehaus", "suite": "Suite", "hotel": "Hotel", "hostel": "Hostel", "resort": "Resort", "aparthotel": "Aparthotel", "bed and breakfast": "Pension", "inn": "Gasthof", "hotel room": "Hotelzimmer", "shared room": "Mehrbettzimmer", "room": "Zimmer",
			"place": "Unterkunft"},
		guests:   func(n int) string { return fmt.Sprintf("für %d Gäste", n) },
		bedrooms: [2]string{"Schlafzimmer", "Schlafzimmer"}, beds: [2]string{"Bett", "Betten"}, baths: [2]string{"Badezimmer", "Badezimmer"},
		opener: "%s in %s", upTo: " für bis zu %d Gäste", highlights: "Highlights: %s.",
		headings: map[string]string{"the_space": "Die Unterkunft", "guest_access": "Zugang für Gäste", "neighbourhood": "Die Umgebung",
			"getting_around": "Fortbewegung", "house_rules": "Hausregeln"},
		checkInOut: "Check-in: %s; Check-out: %s.", noPets: "Keine Haustiere.", pets: "Haustiere erlaubt.",
		noSmoke: "Rauchen verboten.", noParties: "Keine Partys oder Veranstaltungen.", offers: "Was diese Unterkunft bietet: %s.",
		more: "Und %d weitere in der vollständigen Ausstattungsliste.", checkIn: "Check-in: %s.", checkOut: "Check-out: %s.",
		wholePlace: "Die gesamte Unterkunft steht dir zur Verfügung.", selfCheckIn: "Self-Check-in.", parking: "Parken: %s.",
		sharedBaths: [2]string{"Gemeinschaftsbad", "Gemeinschaftsbäder"}, privateBaths: [2]string{"eigenes Badezimmer", "eigene Badezimmer"},
		rating: "Bewertet mit %s bei %d Bewertungen.", location: "Lage: %s.", privateEntrance: "Eigener Eingang.",
		groups: map[string]string{"services": "Vor Ort: %s.", "rooms": "In den Zimmern: %s.", "kitchen": "In der Küche: %s.", "bathroom": "Im Bad: %s.",
			"sleep": "Zum Schlafen: %s.", "unwind": "Zum Arbeiten und Entspannen: %s.", "climate": "Für Komfort: %s.",
			"outside": "Draußen: %s.", "laundry": "Wäsche: %s.", "family": "Für Familien: %s.", "safety": "Sicherheit: %s."}},
}

// phrasebookFor is the listing's language's phrasebook; ok is false for a
// language without one (the English writer then writes, keeping the
// listing's own names).
func phrasebookFor(l *listing.Listing) (phrasebook, bool) {
	if l == nil || !listing.CopyLanguages[l.Language] {
		return phrasebook{}, false
	}
	p, ok := phrasebooks[l.Language.Code()]
	return p, ok
}

// typeWord is the kind of place in the phrasebook's language, capitalised
// for a title ("Casa"); the language's word for a place to stay when the
// phrasebook has none for this kind.
func (p phrasebook) typeWord(noun string) string {
	w := p.types[noun]
	for _, local := range p.types { // the page's own word, already in the language
		if w == "" && strings.EqualFold(local, noun) {
			w = local
		}
	}
	if w == "" {
		w = p.types["place"] // "espaço", "alloggio": true of any place
	}
	return textcase.UpperFirst(w)
}

// localFeatures are the listing's strongest features in its language,
// best first: as its own amenity list names them ("Piscina compartilhada")
// when the page lists amenities in the listing's language, else in the
// phrasebook's words ("Piscina" for a page listing "Pool"). A feature the
// host says the listing lacks is left out.
func localFeatures(req Request, f Facts, p phrasebook) []string {
	lang := f.Lang.Listing.Code()
	ownList := f.Lang.Amenities == f.Lang.Listing
	var out []string
	seen := map[string]bool{}
	for _, k := range []string{"hot_tub", "pool", "view", "waterfront", "free_parking", "outdoor_space", "fireplace", "sauna",
		"workspace", "bbq", "washer", "gym", "self_check_in", "air_conditioning", "wifi", "kitchen"} {
		if _, no := f.Negated[k]; no || f.Unfit[k] {
			continue
		}
		name, ok := strings.CutPrefix(req.Features[k], "amenity list: ")
		if !ok || name == "" || reviewBadge(name) {
			continue
		}
		name = hostAmenityName(name)
		// The page's own name when it is in the listing's language and
		// short enough for a title; else the phrasebook's word.
		if w := localAmenities[lang][k]; w != "" && (!ownList || englishName(name) || prose.Length(name) > 24) {
			name = w
		}
		if name == "" || seen[strings.ToLower(name)] {
			continue
		}
		seen[strings.ToLower(name)] = true
		out = append(out, textcase.UpperFirst(name))
	}
	if f.Name != "" {
		// A hotel's own facilities, in its page's words and language.
		out = append(out, propertyFacilities(req.Listing, out, false)...)
	}
	return out
}

// localTitles are title suggestions in the phrasebook's language: the kind
// of place, its place, its features and the guests it sleeps, one
// suggestion per shape; for a property whose title is its name (a hotel
// on Booking.com), the name with those facts, never padded with calls to
// action. It may return fewer than n when the facts run out.
func localTitles(req Request, f Facts, p phrasebook, n int, v *validator) []string {
	typ := p.typeWord(f.TypeNoun)
	if n <= 0 {
		return []string{}
	}
	feats := localFeatures(req, f, p)
	at := func(i int) string {
		if i < len(feats) {
			return feats[i]
		}
		return ""
	}
	// Inside a title, after "com"/"con"/"avec" and "e", a feature is a
	// common noun: "Casa com vista para a praia e churrasqueira", not "com
	// Vista para a praia e Churrasqueira" — German keeps its nouns'
	// capitals, and inSentence keeps "TV", "Wi-Fi".
	mid := func(i int) string {
		return inSentence(at(i), f.Lang.Listing.Code())
	}
	place, city, area := f.place(), properCase(f.City), properCase(f.Area)
	// "em Arraial do Cabo", "no Rio de Janeiro": the host's own form; ""
	// leaves out the templates that need one (placeprep.go).
	inP, inC, inA := inPlace(p, f.Lang.Copy, req.Listing, place), inPlace(p, f.Lang.Copy, req.Listing, city), inPlace(p, f.Lang.Copy, req.Listing, area)
	guests := ""
	if f.Capacity > 0 {
		guests = p.guests(f.Capacity)
	}
	// Templates, best first: a template is used only when every part it
	// names has a value.
	var tpls [][]string
	if f.Name != "" {
		name := f.Name
		tpls = [][]string{
			{name},
			{name, "·", typ, inC},
			{name, "·", typ, p.with, mid(0)},
			{name, "·", at(0), p.and, mid(1)},
			{name + ",", cityUnlessIn(city, name), "·", at(0)},
			{name, "·", at(0), "·", at(1), "·", at(2)},
			{name, "·", typ, inC, p.with, mid(0)},
			{name, "·", at(1), p.and, mid(2)},
			{name + ",", cityUnlessIn(city, name), "·", at(1)},
			{name, "·", typ, p.with, mid(1)},
			{name, "·", typ, p.with, mid(2)},
			{name, "·", at(0), p.and, mid(2)},
			{name + ",", cityUnlessIn(city, name), "·", at(2)},
			{name, "·", typ, inC, p.with, mid(1)},
			{typ, inC, p.with, mid(0), p.and, mid(1)},
			{typ, inC, p.with, mid(0)},
			{typ, inC, p.with, mid(1)},
			{typ, inC},
		}
	} else {
		tpls = [][]string{
			{typ, inP, p.with, mid(0)},
			{typ, p.with, mid(0), p.and, mid(1)},
			{place + ":", typ, p.with, mid(0)},
			{typ, inP, guests},
			{typ, inP, "·", at(0), "·", at(1)},
			{typ, p.with, mid(0) + ",", mid(1), p.and, mid(2)},
			{typ, guests, p.with, mid(0)},
			{typ, commaAfter(inA), city},
			{typ, inP, p.with, mid(1)},
			{typ, p.with, mid(1), p.and, mid(2)},
			{place + ":", typ, p.with, mid(1), p.and, mid(2)},
			{typ, inP, p.with, mid(2)},
			{typ, inC, p.with, mid(0)},
			{typ, inC, guests, p.with, mid(0)},
			{typ, inP, p.with, mid(0), p.and, mid(1)},
			{typ, inP, p.with, mid(1), p.and, mid(2)},
			{typ, inP, p.with, mid(0), p.and, mid(2)},
			{typ, guests, p.with, mid(1)},
			{typ, guests, p.with, mid(0), p.and, mid(1)},
			{place + ":", typ, p.with, mid(0), p.and, mid(2)},
			{typ, inP, p.with, mid(3)},
			{typ, p.with, mid(0), p.and, mid(3)},
			{typ, inP},
		}
	}
	out := []string{}
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
	}
	// What guests filter on first (the place, the guests, a standout
	// feature), the templates' order among equals; a title leading with
	// laundry or wifi alone never outranks one naming where or for whom.
	weight := map[string]int{}
	for _, t := range out {
		weight[t] = titleWeight(t, f, feats)
		if f.Name != "" && strings.HasPrefix(t, f.Name) {
			weight[t] += 10
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return weight[b] - weight[a] })
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// commaAfter is s with a comma, "" for "" (a template part left empty).
func commaAfter(s string) string {
	if s == "" {
		return ""
	}
	return s + ","
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

// localAmenityCopy lists what the listing offers, strongest first, in the
// phrasebook's language: the page's own names when it lists amenities in
// the listing's language, else the phrasebook's words for the amenities
// we know (the others are counted, not named in another language).
func localAmenityCopy(req Request, f Facts, p phrasebook) string {
	lang := f.Lang.Listing.Code()
	ownList := f.Lang.Amenities == f.Lang.Listing
	type am struct {
		name string
		key  string
		rank int
	}
	var list []am
	seen := map[string]bool{}
	unnamed := 0
	for _, n := range f.Amenities {
		if reviewBadge(n) {
			continue // "Colazione eccezionale": the guests' score, not a facility
		}
		k := analysis.CanonicalAmenity(n)
		n = hostAmenityName(n)
		rank := 0
		if k != "" {
			d, _ := analysis.Amenity(k)
			rank = d.Impact
		}
		name := n
		if !ownList || englishName(n) {
			name = localAmenities[lang][k]
		}
		id := strings.ToLower(name)
		if k != "" && !ownList {
			id = k
		}
		if name == "" {
			unnamed++
			continue
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		list = append(list, am{name, k, rank})
	}
	if len(list) == 0 {
		return ""
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].rank > list[j].rank })
	var names []string
	for _, i := range shownAmenities(len(list), func(i int) string { return list[i].key }) {
		names = append(names, list[i].name)
	}
	// Inside the sentence each name takes the language's case, as the
	// English copy's do: "Wi-Fi, cozinha, jardim", "Garten, kostenloses
	// WLAN" — never a capital mid-sentence, never a German noun lowered.
	s := fmt.Sprintf(p.offers, p.joinList(midSentence(names, lang)))
	switch more := len(list) - len(names) + unnamed; {
	case more == 1 && p.moreOne != "":
		s += " " + p.moreOne
	case more > 0:
		s += " " + fmt.Sprintf(p.more, more)
	}
	return s
}

// cityUnlessIn is the city, "" when the property's name already says it
// ("Grand Hotel Rimini, Rimini" says it twice).
func cityUnlessIn(city, name string) string {
	if strings.Contains(" "+strings.Join(prose.Words(name), " ")+" ", " "+strings.Join(prose.Words(city), " ")+" ") {
		return ""
	}
	return city
}
