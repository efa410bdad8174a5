package writing

// The built-in writer's description: the host's own sentences under the
// platform's section headings, each under the section it is about, then
// the listing's facts — the opener, amenities by room, access, parking
// and the house rules in a sentence or two — until the description reaches
// the length the report asks for (analysis.DescriptionTargetWords). Every
// added sentence states a fact read from the listing, in the copy's
// language; a fact with no words in that language is left out.

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/textcase"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
)

// introKey marks the host's opening paragraph: it stays first, under no
// heading.
const introKey = "intro"

// hostUnit is one piece of the host's text: a sentence, or a block of
// lines the host wrote as a list ("Quarto 1\nar condicionado\n1 cama de
// casal"), which is kept together as written.
type hostUnit struct {
	text    string
	section string // an analysis.DescriptionSections key or introKey
	para    int    // the host's paragraph, to keep its sentences together
	block   bool
}

// BuiltinDescription is the optimized description in English (see
// writeDescription).
func BuiltinDescription(req Request, f Facts) string {
	d, _ := writeDescription(req, f, englishBook, "en")
	return d
}

// writeDescription writes the description in lang with phrasebook p and
// returns it with its word count as the description analysis counts words.
func writeDescription(req Request, f Facts, p phrasebook, lang string) (string, int) {
	l := req.Listing
	units := hostUnits(l.Description, listingLanguage(l))
	descLower := strings.ToLower(l.Description)
	sectioned := analysis.RulesFor(l).DescriptionSections

	var opener, highlighted []string
	if lang == "en" {
		highlighted = highlightNames(req, f)
		opener = append(opener, openingLine(f), highlightsLine(highlighted))
	} else {
		opener = append(opener, localOpener(f, p))
		if feats := localFeatures(req, f, p); len(feats) > 0 {
			highlighted = feats[:min(6, len(feats))]
			opener = append(opener, fmt.Sprintf(p.highlights, p.joinList(highlighted)))
		}
	}
	facts := sectionFacts(req, f, p, lang, descLower)
	optional := amenitySentences(req, f, p, lang, descLower, highlighted)

	compose := func(extra int) string {
		var b strings.Builder
		for _, s := range opener {
			if s != "" {
				b.WriteString(s + "\n")
			}
		}
		if intro := joinUnits(units, introKey); intro != "" {
			b.WriteString("\n" + intro + "\n")
		}
		for _, s := range analysis.DescriptionSections {
			body := joinUnits(units, s.Key)
			added := facts[s.Key]
			if s.Key == "the_space" {
				added = append(append([]string{}, optional[:extra]...), added...)
			}
			if len(added) > 0 {
				if body != "" {
					body += "\n"
				}
				body += strings.Join(added, " ")
			}
			if body == "" {
				continue // an empty section is left out, heading and all
			}
			b.WriteString("\n")
			if sectioned {
				b.WriteString(p.headings[s.Key] + "\n")
			}
			b.WriteString(body + "\n")
		}
		return strings.TrimSpace(b.String())
	}
	// The amenities by room are added one room at a time until the
	// description is as long as the report asks, and no further.
	n := 0
	d := compose(0)
	for analysis.WordCount(d) < analysis.DescriptionTargetWords && n < len(optional) {
		n++
		d = compose(n)
	}
	return d, analysis.WordCount(d)
}

// joinUnits writes the host's units of one section: the sentences of one
// paragraph on one line, a block on its own lines; no line twice.
func joinUnits(units []hostUnit, section string) string {
	var lines []string
	seen := map[string]bool{}
	lastPara, lastBlock := -1, true
	for _, u := range units {
		if u.section != section || seen[strings.ToLower(u.text)] {
			continue
		}
		seen[strings.ToLower(u.text)] = true
		switch n := len(lines); {
		case n > 0 && !u.block && !lastBlock && u.para == lastPara:
			lines[n-1] += " " + u.text
		case n > 0 && (u.block || lastBlock) && u.para != lastPara:
			lines = append(lines, "", u.text) // the host's lists stay apart, as written
		default:
			lines = append(lines, u.text)
		}
		lastPara, lastBlock = u.para, u.block
	}
	return strings.Join(lines, "\n")
}

// hostUnits splits the host's description into sentences and list blocks
// and places each under the section it is about (sectionOf). The host's
// first paragraph is the introduction. Emoji go (the sites strip or
// frown on them); a sentence with contact details goes (no site allows
// them); a word in capitals is written in normal case.
func hostUnits(desc, lang string) []hostUnit {
	desc = strings.ReplaceAll(stripEmoji(plainHostText(desc)), "\r", "")
	var units []hostUnit
	heading := ""
	intro, introWords := true, 0
	para := 0
	for _, p := range strings.Split(desc, "\n\n") {
		para++
		p = joinWrapped(p)
		var block []string
		flush := func() {
			if len(block) > 0 {
				units = append(units, placeUnit(strings.Join(block, "\n"), true, para, heading, lang, intro && introWords < 60, units))
				introWords += analysis.WordCount(strings.Join(block, " "))
				block = nil
			}
		}
		any := false
		for _, line := range strings.Split(p, "\n") {
			line = strings.Join(strings.Fields(line), " ")
			if line == "" {
				continue
			}
			if key, ok := analysis.HeadingSection(lang, line); ok {
				flush()
				heading, intro = key, false
				continue
			}
			if len(analysis.ContactDetails(line)) > 0 || registrationLine(line) {
				continue // no site allows contact details; the site shows the registration number itself
			}
			line = quietCaps(line)
			any = true
			if prose(line) {
				flush()
				for _, s := range analysis.Sentences(line) {
					if len(analysis.ContactDetails(s)) > 0 {
						continue
					}
					if r, _ := utf8.DecodeRuneInString(s); unicode.IsLower(r) && len(units) > 0 && units[len(units)-1].para == para && !units[len(units)-1].block {
						// "(M3 – Lodi T.I.B.B.) e tram.": the rest of the
						// sentence before, cut at an abbreviation's stop
						units[len(units)-1].text += " " + s
						continue
					}
					units = append(units, placeUnit(s, false, para, heading, lang, intro && introWords < 60, units))
					introWords += analysis.WordCount(s)
				}
				continue
			}
			block = append(block, line)
		}
		flush()
		if any {
			intro = false
		}
	}
	return units
}

// placeUnit decides a unit's section: the introduction while in the
// host's opening paragraph; else the host's heading when the text shows
// its topic or none other; else the section its words are about; else
// the section of the sentence before it in the same paragraph (it
// carries on that sentence's subject); else the introduction, never a
// heading it does not fit.
func placeUnit(text string, block bool, para int, heading, lang string, intro bool, before []hostUnit) hostUnit {
	u := hostUnit{text: text, block: block, para: para}
	scores, best := sectionScores(lang, text)
	switch {
	case intro:
		u.section = introKey
	case heading != "" && (scores[heading] > 0 || best == ""):
		u.section = heading
	case best != "":
		u.section = best
	case len(before) > 0 && before[len(before)-1].para == para:
		u.section = before[len(before)-1].section
	default:
		u.section = introKey
	}
	return u
}

// prose reports whether a line is running text (split into sentences)
// rather than a list item or a label: it ends a sentence and has words
// enough, or holds more than one sentence.
func prose(line string) bool {
	last := []rune(strings.TrimRight(line, "\"')”’ "))
	end := len(last) > 0 && strings.ContainsRune(".!?…", last[len(last)-1])
	return (end && analysis.WordCount(line) >= 5) || len(analysis.Sentences(line)) > 1
}

// stripEmoji removes emoji and tidies the spaces they leave.
func stripEmoji(s string) string {
	var b strings.Builder
	for _, r := range s {
		if !analysis.IsEmoji(r) && !(r >= 0x1F3FB && r <= 0x1F3FF) {
			b.WriteRune(r)
		}
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// joinWrapped joins the lines of a paragraph the page broke mid-sentence:
// a line that ends without a stop or a colon, is long enough to be
// running text (or ends with a comma), followed by one starting with a
// small letter. A list's short items ("cozinha completa",
// "estacionamento") stay on their lines.
func joinWrapped(para string) string {
	var out []string
	for _, line := range strings.Split(para, "\n") {
		line = strings.TrimSpace(line)
		if n := len(out); n > 0 && line != "" && continuesLine(out[n-1], line) &&
			(analysis.WordCount(out[n-1]) >= 5 || strings.HasSuffix(out[n-1], ",")) {
			out[n-1] += " " + line
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// registrationLabels head the registration number a page prints with the
// description (Airbnb shows it on its own).
var registrationLabels = map[string]bool{"registration details": true, "registration number": true, "dati di registrazione": true,
	"detalles del registro": true, "dados de registro": true, "dados do registro": true, "numero de registro": true,
	"details de l enregistrement": true, "numero d enregistrement": true, "registrierungsdetails": true, "registrierungsnummer": true}

// registrationLine reports whether a line is a registration label or a
// registration code ("IT058091C26ZLYM5C3": one word of capitals and
// digits).
func registrationLine(line string) bool {
	folded := strings.Join(analysis.Words(strings.TrimRight(line, ":")), " ")
	if registrationLabels[folded] || strings.HasSuffix(folded, "registration number") {
		return true // "Barcelona - Regional registration number"
	}
	if strings.ContainsRune(strings.TrimSpace(line), ' ') || len(line) < 6 {
		return false
	}
	digits, upper := false, false
	for _, r := range line {
		digits = digits || unicode.IsDigit(r)
		upper = upper || unicode.IsUpper(r)
		if unicode.IsLower(r) {
			return false
		}
	}
	return digits && upper
}

// quietCaps writes the shouted words of a line in normal case ("AMAZING
// view" → "Amazing view"); abbreviations stay.
func quietCaps(line string) string {
	for _, w := range analysis.CapsWords(line) {
		if strings.ContainsAny(w, "0123456789") {
			continue // a code, not shouting
		}
		line = strings.ReplaceAll(line, w, titleWords(strings.ToLower(w)))
	}
	return line
}

// localOpener states the listing's basic facts in the phrasebook's
// language: "Casa em Arraial do Cabo para até 5 hóspedes: 2 quartos…".
func localOpener(f Facts, p phrasebook) string {
	typ := p.typeWord(f.TypeNoun)
	s := typ
	if f.Name != "" {
		s = f.Name + " · " + typ
		if f.City != "" {
			s += " " + p.in + " " + properCase(f.City)
		}
	} else if place := f.place(); place != "" {
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
	if s == typ { // a kind alone says nothing the title does not
		return ""
	}
	return s + "."
}

// openingLine states the listing's basic facts: "Entire loft in Alfama,
// Lisbon for up to 4 guests: 2 bedrooms, 3 beds and 1.5 baths."
func openingLine(f Facts) string {
	if f.Name != "" {
		// A property whose title is its name: "Strand Palace · Hotel in
		// London." — the name is never taken for where it is.
		s := f.Name + " · " + textcase.UpperFirst(f.TypeNoun)
		if c := properCase(f.City); c != "" {
			s += " in " + c
		}
		return s + "."
	}
	var s string
	switch {
	case f.Entire && f.TypeNoun != "place":
		s = "Entire " + f.TypeNoun
	case f.TypeNoun != "place":
		s = textcase.UpperFirst(f.TypeNoun)
	default:
		s = "A place to stay"
	}
	var where []string
	if f.Area != "" {
		where = append(where, properCase(f.Area))
	} else if f.HostPlace != "" {
		where = append(where, f.HostPlace)
	}
	if f.City != "" && f.City != f.Area {
		where = append(where, properCase(f.City))
	}
	if len(where) > 0 {
		s += " in " + strings.Join(where, ", ")
	}
	if f.Capacity > 0 {
		s += fmt.Sprintf(" for up to %d guests", f.Capacity)
	}
	var counts []string
	if f.Bedrooms != nil && *f.Bedrooms > 0 {
		counts = append(counts, pl(*f.Bedrooms, "bedroom", "bedrooms"))
	}
	if f.Beds > 0 {
		counts = append(counts, pl(f.Beds, "bed", "beds"))
	}
	if f.Baths > 0 {
		b := strconv.FormatFloat(f.Baths, 'f', -1, 64)
		if f.Baths == 1 {
			counts = append(counts, b+" bath")
		} else {
			counts = append(counts, b+" baths")
		}
	}
	if len(counts) > 0 {
		s += ": " + analysis.JoinList(counts)
	}
	// A kind alone ("Loft.") says nothing the title does not: no line.
	if s == "A place to stay" || s == textcase.UpperFirst(f.TypeNoun) {
		return ""
	}
	return s + "."
}

// highlightsLine names the strongest features the listing's amenity list
// or highlights show (highlightNames).
func highlightsLine(names []string) string {
	if len(names) == 0 {
		return ""
	}
	names = append([]string{}, names...)
	names[0] = textcase.UpperFirst(names[0])
	return "Highlights: " + analysis.JoinList(names) + "."
}

// highlightNames are the listing's strongest features, at most six, in
// running text: its differentiators, then wifi, a kitchen and air
// conditioning from its amenity list.
func highlightNames(req Request, f Facts) []string {
	names := append([]string{}, f.Phrases...)
	for _, k := range []string{"wifi", "kitchen", "air_conditioning"} {
		if _, no := f.Negated[k]; no {
			continue
		}
		if ev, ok := req.Features[k]; ok && !strings.HasPrefix(ev, "listing text") {
			d, _ := analysis.Amenity(k)
			names = append(names, strings.ToLower(d.Label))
		}
	}
	if len(names) > 6 {
		names = names[:6]
	}
	return names
}

// fromList is the page's own name for a feature the listing's amenity
// list or highlights show (not one only its text mentions).
func fromList(features analysis.Features, k string) (string, bool) {
	ev, ok := features[k]
	if !ok || strings.HasPrefix(ev, "listing text") || strings.HasPrefix(ev, "house rules") {
		return "", false
	}
	return strings.TrimPrefix(strings.TrimPrefix(ev, "amenity list: "), "listing highlight: "), true
}

// sectionFacts are the sentences stating the listing's facts that belong
// in each section and that the host's text does not state already:
// guest access (the whole place, self check-in), getting around
// (parking) and the house rules, summarised once.
func sectionFacts(req Request, f Facts, p phrasebook, lang, descLower string) map[string][]string {
	l := req.Listing
	out := map[string][]string{}
	lower := descLower + "\n" + strings.ToLower(strings.Join(l.HouseRules.Rules, "\n"))
	mentions := func(topic string) bool {
		_, found, known := analysis.MentionIn(listingLanguage(l), topic, l.Description)
		return found || !known
	}
	// Guest access.
	if f.Entire && f.Name == "" && p.wholePlace != "" && !hasAccessText(req) {
		out["guest_access"] = append(out["guest_access"], p.wholePlace)
	}
	selfCheckIn := false
	if _, ok := fromList(req.Features, "self_check_in"); ok && !mentions(analysis.TopicCheckIn) {
		out["guest_access"] = append(out["guest_access"], p.selfCheckIn)
		selfCheckIn = true
	}
	// Getting around.
	if name, ok := fromList(req.Features, "free_parking"); ok && !mentions(analysis.TopicParking) {
		if w := amenityIn(name, "free_parking", l, lang); w != "" {
			out["getting_around"] = append(out["getting_around"], fmt.Sprintf(p.parking, w))
		}
	}
	// House rules: the times and the site's yes/no rules in a sentence
	// or two, then at most two of the host's own short rule lines.
	hr := l.HouseRules
	var rules []string
	switch {
	case hr.CheckIn != "" && !strings.Contains(lower, strings.ToLower(hr.CheckIn)) && hr.CheckOut != "":
		rules = append(rules, fmt.Sprintf(p.checkInOut, stated(hr.CheckIn), stated(hr.CheckOut)))
	case hr.CheckIn != "" && !strings.Contains(lower, strings.ToLower(hr.CheckIn)):
		rules = append(rules, fmt.Sprintf(p.checkIn, stated(hr.CheckIn)))
	case hr.CheckOut != "" && !strings.Contains(lower, strings.ToLower(hr.CheckOut)):
		rules = append(rules, fmt.Sprintf(p.checkOut, stated(hr.CheckOut)))
	}
	if hr.PetsAllowed != nil && !strings.Contains(descLower, "pet") {
		rules = append(rules, map[bool]string{true: p.pets, false: p.noPets}[*hr.PetsAllowed])
	}
	if hr.SmokingAllowed != nil && !*hr.SmokingAllowed && !strings.Contains(descLower, "smok") {
		rules = append(rules, p.noSmoke)
	}
	if hr.PartiesAllowed != nil && !*hr.PartiesAllowed && !strings.Contains(descLower, "parties") && !strings.Contains(descLower, "party") {
		rules = append(rules, p.noParties)
	}
	rules = append(rules, hostRuleLines(hr.Rules, lang, descLower, selfCheckIn, 2)...)
	if len(rules) > 0 {
		out["house_rules"] = dedupeLines(rules)
	}
	return out
}

// hasAccessText reports whether the host's text says what guests can
// use (its own Guest access section or words).
func hasAccessText(req Request) bool {
	lang := listingLanguage(req.Listing)
	for _, u := range hostUnits(req.Listing.Description, lang) {
		if u.section == "guest_access" {
			return true
		}
	}
	return false
}

// ruleTopicWords say a rule line is about something the site's own rules
// state already (pets, smoking, parties, check-in), in the languages we
// write.
var ruleTopicWords = []string{"smok", "pet", "part", "check", "fum", "anima", "fest", "mascot", "fiest", "rauch", "haustier", "lockbox", "keypad", "event"}

// hostRuleLines are up to n of the host's own rule lines that read as a
// rule on their own: short, in the copy's language, ending in words (not
// a price or a list's label), not about what the site's rules say
// already and not in the description.
func hostRuleLines(rules []string, lang, descLower string, selfCheckIn bool, n int) []string {
	var out []string
	lines := ruleLines(rules)
	for i, r := range lines {
		if strings.HasSuffix(r, ":") {
			break // a list starts: its items are no rules on their own
		}
		if i+1 < len(lines) && strings.HasSuffix(lines[i+1], ":") {
			continue // it announces the list
		}
		ws := analysis.Words(r)
		last := []rune(strings.TrimRight(r, ".!"))
		if len(ws) < 3 || len(ws) > 12 || len(last) == 0 || !unicode.IsLetter(last[len(last)-1]) ||
			!inLanguage(r, lang) || (lang != "en" && lineLanguage(r) != lang) || len(analysis.ContactDetails(r)) > 0 ||
			strings.Contains(descLower, strings.ToLower(strings.TrimRight(r, "."))) {
			continue
		}
		about := false
		for _, w := range ws {
			for _, t := range ruleTopicWords {
				about = about || strings.HasPrefix(w, t)
			}
		}
		if about {
			continue
		}
		if !strings.ContainsAny(string(last[len(last)-1:]), ".!?") && !strings.HasSuffix(r, ".") && !strings.HasSuffix(r, "!") {
			r += "."
		}
		out = append(out, textcase.UpperFirst(r))
		if len(out) == n {
			break
		}
	}
	return out
}

// amenityGroup is a room or use the listing's amenities are told by.
type amenityGroup struct {
	key   string
	words []string // words of amenity names, in the languages we read
}

// amenityGroups, in the order their sentences are added.
var amenityGroups = []amenityGroup{
	{"services", []string{"room service", "front desk", "reception", "restaurant", "restaurants", "bar", "breakfast", "family rooms",
		"airport shuttle", "fitness", "gym", "spa", "facilities for disabled guests", "concierge", "lift", "elevator", "daily housekeeping",
		"serviço de quarto", "receção", "recepção", "pequeno almoço", "café da manhã", "servizio in camera", "reception", "colazione",
		"servicio de habitaciones", "recepción", "desayuno", "service d'étage", "réception", "petit déjeuner", "zimmerservice", "rezeption", "frühstück"}},
	{"kitchen", []string{"refrigerator", "fridge", "mini fridge", "microwave", "oven", "stove", "cooking basics", "dishes", "silverware",
		"coffee", "coffee maker", "espresso", "kettle", "toaster", "freezer", "dishwasher", "blender", "wine glasses", "dining table", "rice maker",
		"baking sheet", "barbecue utensils", "nespresso", "cooktop", "tea",
		"geladeira", "microondas", "micro ondas", "fogão", "louças", "talheres", "cafeteira", "chaleira", "torradeira", "liquidificador", "taças",
		"assadeira", "itens básicos de cozinha", "lava louças", "frigorifero", "forno", "microonde", "bollitore", "tostapane", "stoviglie",
		"lavastoviglie", "frigorífico", "nevera", "horno", "hervidor", "tostadora", "vajilla", "lavavajillas", "réfrigérateur", "four",
		"micro ondes", "bouilloire", "grille pain", "vaisselle", "lave vaisselle", "kühlschrank", "mikrowelle", "backofen", "wasserkocher",
		"geschirr", "geschirrspüler", "kaffeemaschine", "cafetera", "cafetière", "macchina del caffè"}},
	{"bathroom", []string{"hair dryer", "shampoo", "conditioner", "body soap", "shower gel", "hot water", "bathtub", "bidet", "toiletries",
		"outdoor shower", "cleaning products", "towels",
		"secador de cabelo", "xampu", "condicionador", "sabonete", "água quente", "chuveiro", "banheira", "produtos de limpeza",
		"asciugacapelli", "acqua calda", "sapone", "vasca", "secador de pelo", "champú", "agua caliente", "bañera", "sèche cheveux",
		"eau chaude", "savon", "baignoire", "haartrockner", "warmwasser", "badewanne", "handtücher"}},
	{"sleep", []string{"bed linens", "linens", "extra pillows", "pillows and blankets", "room darkening", "blackout", "hangers",
		"clothing storage", "wardrobe", "safe", "iron", "lock on bedroom door",
		"roupa de cama", "cobertores", "travesseiros", "blackout nas cortinas", "cabides", "ferro de passar", "guarda roupa", "cofre",
		"biancheria", "cuscini", "coperte", "grucce", "ferro da stiro", "armadio", "tende oscuranti", "ropa de cama", "almohadas", "perchas",
		"plancha", "armario", "linge de lit", "oreillers", "cintres", "fer à repasser", "bettwäsche", "kleiderbügel", "bügeleisen"}},
	{"unwind", []string{"wifi", "tv", "hdtv", "netflix", "workspace", "dedicated workspace", "ethernet", "books", "board games", "sound system",
		"game console", "piano", "record player", "streaming", "ping pong", "pool table", "game room", "dvd", "stereo", "satellite",
		"espaço de trabalho", "livros", "jogos", "spazio di lavoro", "libri", "giochi", "zona de trabajo", "libros", "juegos",
		"espace de travail", "livres", "jeux", "arbeitsplatz", "bücher", "spiele"}},
	{"climate", []string{"air conditioning", "heating", "ceiling fan", "portable fan", "fireplace", "indoor fireplace",
		"ar condicionado", "aquecimento", "ventilador", "lareira", "aria condizionata", "riscaldamento", "camino", "aire acondicionado",
		"calefacción", "chimenea", "climatisation", "chauffage", "cheminée", "klimaanlage", "heizung", "kamin"}},
	{"outside", []string{"patio", "balcony", "backyard", "garden", "bbq grill", "grill", "outdoor furniture", "outdoor dining area", "sun loungers",
		"hammock", "fire pit", "beach essentials", "beach towels", "outdoor", "terrace", "deck", "pool", "hot tub", "kayak", "bikes",
		"pátio", "varanda", "quintal", "jardim", "churrasqueira", "espreguiçadeiras", "rede", "piscina", "kit praia",
		"terrazza", "giardino", "balcone", "zona pranzo all aperto", "barbecue", "patio", "terraza", "jardín", "balcón", "barbacoa",
		"terrasse", "jardin", "balcon", "garten", "balkon", "grill"}},
	{"laundry", []string{"washer", "dryer", "washing machine", "drying rack", "laundry",
		"máquina de lavar", "secadora", "varal", "lavatrice", "asciugatrice", "stendino", "lavadora", "tendedero", "lave linge",
		"sèche linge", "étendoir", "waschmaschine", "trockner", "wäscheständer"}},
	{"family", []string{"crib", "high chair", "children s books", "toys", "baby", "travel crib", "pack n play", "berço", "cadeira alta", "culla",
		"seggiolone", "cuna", "trona", "lit pour bébé", "chaise haute", "kinderbett", "hochstuhl"}},
	{"safety", []string{"smoke alarm", "carbon monoxide alarm", "first aid kit", "fire extinguisher", "smoke detector", "carbon monoxide detector",
		"detector de fumaça", "extintor", "kit de primeiros socorros", "rilevatore di fumo", "estintore", "kit di pronto soccorso",
		"detector de humo", "botiquín", "détecteur de fumée", "extincteur", "rauchmelder", "feuerlöscher"}},
}

// groupOf is the group an amenity name belongs to, "" when none.
func groupOf(name string) string {
	ws := " " + strings.Join(analysis.Words(name), " ") + " "
	for _, g := range amenityGroups {
		for _, w := range g.words {
			if strings.Contains(ws, " "+strings.Join(analysis.Words(w), " ")+" ") {
				return g.key
			}
		}
	}
	return ""
}

// amenityIn names an amenity in the copy's language: the page's own name
// when the page lists amenities in that language, else the phrasebook's
// word for its catalogue key; "" when there is none (never a mix).
func amenityIn(name, key string, l *listing.Listing, lang string) string {
	name = strings.TrimSpace(name)
	if i := strings.Index(name, " ("); i > 0 {
		name = name[:i] // "(host has indicated …)": the site's note, not the name
	}
	if analysis.Length(name) > 40 {
		return ""
	}
	listLang := amenityListLanguage(l)
	if lang == "en" {
		if listLang != "en" && !englishName(name) {
			return ""
		}
		return lowerFirst(name)
	}
	if listLang == lang && !englishName(name) {
		return lowerFirst(name)
	}
	if key == "" {
		key = analysis.CanonicalAmenity(name)
	}
	return localAmenities[lang][key]
}

// amenitySentences tell the listing's amenities room by room ("In the
// kitchen: refrigerator, microwave and coffee maker."), in the copy's
// language; amenities the host's text or the highlights name already are
// left out, and so is a group with nothing left.
func amenitySentences(req Request, f Facts, p phrasebook, lang, descLower string, highlighted []string) []string {
	l := req.Listing
	named := map[string]bool{}
	for _, ph := range highlighted {
		named[strings.Join(analysis.Words(ph), " ")] = true
	}
	byGroup := map[string][]string{}
	seen := map[string]bool{}
	descWords := " " + strings.Join(analysis.Words(descLower), " ") + " "
	for _, a := range l.Amenities {
		if !a.Available {
			continue
		}
		g := groupOf(a.Name)
		key := analysis.CanonicalAmenity(a.Name)
		if g == "" || key == "kitchen" {
			continue
		}
		if _, no := f.Negated[key]; no {
			continue
		}
		w := amenityIn(a.Name, key, l, lang)
		fw := strings.Join(analysis.Words(w), " ")
		if w == "" || seen[fw] || named[fw] || strings.Contains(descWords, " "+fw+" ") || containsNamed(fw, named) {
			continue
		}
		seen[fw] = true
		byGroup[g] = append(byGroup[g], w)
	}
	var out []string
	for _, g := range amenityGroups {
		items := byGroup[g.key]
		lead := p.groups[g.key]
		if len(items) == 0 || lead == "" {
			continue
		}
		if len(items) > 8 {
			items = items[:8]
		}
		out = append(out, fmt.Sprintf(lead, p.joinList(items)))
	}
	return out
}

// containsNamed reports whether an amenity's words hold a feature the
// highlights name already ("washer dryer" holds "washer").
func containsNamed(words string, named map[string]bool) bool {
	for n := range named {
		if n != "" && strings.Contains(" "+words+" ", " "+n+" ") {
			return true
		}
	}
	return false
}
