package writing

// The sentences the built-in writer composes from the listing's facts, in
// the copy's language: the opener, the highlights, access, getting
// around and the house rules summarised once.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/textcase"
)

// composedFacts are the sentences stating the listing's facts, by the
// section they belong to (sectionOrder): the opener, highlights and
// rating first; the rooms' amenities; access; where it is and getting
// around; the house rules summarised once. Each states only what the page
// gives; a fact with no words in the copy's language is left out.
func composedFacts(req Request, f Facts, p phrasebook, lang string, host hostFactSet) map[string][]string {
	out := sectionFacts(req, f, p, lang)
	// What the guest access section states in a sentence of its own is
	// not a highlight too ("Highlights: … private entrance" and, below,
	// "Private entrance.").
	inAccess := func(name string) bool {
		switch analysis.CanonicalAmenity(name) {
		case "self_check_in":
			return slices.Contains(out["guest_access"], p.selfCheckIn)
		case "private_entrance":
			return p.privateEntrance != "" && slices.Contains(out["guest_access"], p.privateEntrance)
		}
		return false
	}
	var intro, highlighted []string
	if s := opener(req, f, p, lang, host); s != "" {
		intro = append(intro, s)
	}
	if lang == "en" {
		highlighted = slices.DeleteFunc(highlightNames(req, f), inAccess)
		if f.Name != "" && len(intro) == 1 {
			// A hotel known by its name: one sentence that says what it is
			// and what it has, in its page's words ("Strand Palace · Hotel
			// in London with free WiFi, fitness centre, room service and
			// bar."), not a name line and a list.
			// What it has, not what it allows: "with … pets allowed" is
			// no sentence (the house rules say it).
			highlighted = slices.DeleteFunc(append(highlighted, namedFacilities(req, highlighted)...), permission)
			highlighted = highlighted[:min(6, len(highlighted))]
			intro[0] = strings.TrimSuffix(intro[0], ".") + " " + p.with + " " + analysis.JoinList(commonNouns(highlighted)) + "."
		} else {
			intro = append(intro, highlightsLine(highlighted))
		}
	} else if feats := slices.DeleteFunc(localFeatures(req, f, p), inAccess); len(feats) > 0 {
		highlighted = feats[:min(6, len(feats))]
		intro = append(intro, fmt.Sprintf(p.highlights, p.joinList(midSentence(highlighted, lang))))
	}
	if s := ratingLine(req, p); s != "" {
		intro = append(intro, s)
	}
	out[introKey] = append(intro, out[introKey]...)
	// Each room's amenities under the section its words are about ("For
	// safety: smoke alarm" goes with the house rules, as the sites put
	// safety; "On site: elevator" is access).
	for _, s := range amenitySentences(req, f, p, lang, highlighted, host.features) {
		k := "the_space"
		if _, best := sectionScores(lang, s); best != "" && best != "neighbourhood" {
			k = best
		}
		out[k] = append(out[k], s)
	}
	answerReviews(req, out)
	return out
}

// opener states the listing's basic facts: "Entire loft in Alfama,
// Lisbon for up to 4 guests: 2 bedrooms, 3 beds and 1.5 baths.", "Casa em
// Arraial do Cabo para até 5 hóspedes: 2 quartos, 3 camas e 1 banheiro.";
// for a property known by its name, "Strand Palace · Hotel in London.".
// "" when it would say no more than the kind of place.
func opener(req Request, f Facts, p phrasebook, lang string, host hostFactSet) string {
	l := req.Listing
	typ := p.typeWord(f.TypeNoun)
	if lang == "en" {
		typ = textcase.UpperFirst(f.TypeNoun)
		if f.TypeNoun == "place" {
			typ = "A place to stay"
		} else if f.Entire && f.Name == "" {
			typ = "Entire " + f.TypeNoun
		}
	}
	place := f.place()
	if lang == "en" && f.Area == "" && f.HostPlace == "" {
		place = properCase(f.City)
	} else if lang == "en" && f.City != "" && !strings.EqualFold(place, f.City) {
		place += ", " + properCase(f.City) // "Alfama, Lisbon"
	}
	if f.Name != "" {
		place = properCase(f.City)
	}
	s := typ
	if place != "" {
		if in := inPlace(p, f.Lang.Copy, l, place); in != "" {
			s += " " + in
		} else {
			s = place + " · " + typ // the host's words give no "in" for this place
		}
	}
	if f.Name != "" {
		s = f.Name + " · " + s
	}
	if f.Capacity > 0 && f.Name == "" {
		s += fmt.Sprintf(p.upTo, f.Capacity)
	}
	var counts []string
	if f.Bedrooms != nil && *f.Bedrooms > 0 && f.Name == "" {
		counts = append(counts, p.count(float64(*f.Bedrooms), p.bedrooms))
	}
	if f.Beds > 0 && f.Name == "" {
		counts = append(counts, p.count(float64(f.Beds), p.beds))
	}
	if f.Baths > 0 && f.Name == "" {
		baths := p.baths
		switch f.BathKind {
		case "shared":
			baths = p.sharedBaths
		case "private":
			baths = p.privateBaths
		}
		counts = append(counts, p.count(f.Baths, baths))
	}
	if a := host.area(); a != "" && f.Name == "" {
		counts = append(counts, a) // the host's "200 m²": a fact the host's sentence need not carry alone
	}
	if len(counts) > 0 {
		s += ": " + p.joinList(counts)
	}
	if s == typ || s == "A place to stay" {
		return "" // a kind alone says nothing the title does not
	}
	return s + "."
}

// midSentence writes a list's items after the first as common nouns
// inside a sentence ("Piscina, estacionamento gratuito e varanda", never
// "Piscina, Estacionamento gratuito e Varanda"), by the language's casing
// rule (inSentence): German keeps its nouns' capitals ("Garten,
// Familienzimmer und kostenloses WLAN"), "TV", "Wi-Fi" stay.
func midSentence(items []string, lang string) []string {
	out := slices.Clone(items)
	for i := range out {
		if i == 0 {
			out[i] = textcase.Start(out[i], lang, commonWord)
		} else {
			out[i] = inSentence(out[i], lang)
		}
	}
	return out
}

// ratingLine states the guests' rating on the site's own scale with the
// number of reviews: "Rated 4.93 out of 5 across 214 reviews.".
func ratingLine(req Request, p phrasebook) string {
	l := req.Listing
	r := l.Ratings
	if r.Overall <= 0 || l.ReviewCount < 3 || p.rating == "" { // "1 reviews": too few to cite
		return ""
	}
	// The site's own figure as the page shows it; its scale is the
	// site's and needs no saying.
	v := strconv.FormatFloat(r.Overall, 'f', -1, 64)
	if p.decimalComma {
		v = strings.Replace(v, ".", ",", 1)
	}
	return fmt.Sprintf(p.rating, v, l.ReviewCount)
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

// namedFacilities are a named property's own facilities, in its page's
// words, that have not been named yet: never a review badge ("Very good
// breakfast") or a count its host's text contradicts ("2 restaurants"
// where the host writes "a restaurant").
func namedFacilities(req Request, have []string) []string {
	l := req.Listing
	var out []string
	for _, name := range propertyFacilities(l, have, false) {
		if reviewBadge(name) || countConflict(name, l.Description) {
			continue
		}
		out = append(out, inSentence(hostAmenityName(name), "en")) // a page's name inside a sentence: "room service"
	}
	return out
}

// permission reports whether a feature's name says what is allowed ("Pets
// allowed", "Children welcome") rather than what there is.
func permission(name string) bool {
	ws := prose.Words(name)
	return slices.Contains(ws, "allowed") || slices.Contains(ws, "welcome")
}

// commonNouns writes feature names inside a sentence: a capitalised word
// that is one of the catalogue's common words is lowered ("Private
// Parking" → "private parking", "Room service" → "room service"); a
// proper noun ("Acropolis view") and a word in capitals or with one inside
// it ("TV", "WiFi") keep theirs.
func commonNouns(items []string) []string {
	common := catalogueWords()
	out := make([]string, len(items))
	for i, item := range items {
		fields := strings.Fields(item)
		for j, w := range fields {
			if lower := strings.ToLower(w); lower != w && textcase.UpperFirst(lower) == w && common[lower] {
				fields[j] = lower
			}
		}
		out[i] = strings.Join(fields, " ")
	}
	return out
}

// catalogueWords are the words of the amenity catalogue's labels, lower
// case: common nouns and adjectives, never a place's name.
var catalogueWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, d := range analysis.Catalog {
		for _, w := range strings.Fields(strings.ToLower(d.Label)) {
			m[w] = true
		}
	}
	return m
})

// highlightNames are the listing's strongest features, at most six, in
// running text: its differentiators, then wifi, a kitchen and air
// conditioning from its amenity list.
func highlightNames(req Request, f Facts) []string {
	names := append([]string{}, f.Phrases...)
	for _, k := range []string{"wifi", "kitchen", "air_conditioning"} {
		if _, no := f.Negated[k]; no || f.Unfit[k] {
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
// in a section of their own: guest access (the whole place, self
// check-in, a private entrance), the neighbourhood (where it is), getting
// around (parking) and the house rules, summarised once. They are stated
// whatever the host's text says: the host's sentences are kept only in
// part.
func sectionFacts(req Request, f Facts, p phrasebook, lang string) map[string][]string {
	l := req.Listing
	out := map[string][]string{}
	if f.Entire && f.Name == "" && p.wholePlace != "" {
		out["guest_access"] = append(out["guest_access"], p.wholePlace)
	}
	_, selfCheckIn := fromList(req.Features, "self_check_in")
	if selfCheckIn {
		out["guest_access"] = append(out["guest_access"], p.selfCheckIn)
	}
	if _, ok := fromList(req.Features, "private_entrance"); ok && p.privateEntrance != "" {
		out["guest_access"] = append(out["guest_access"], p.privateEntrance)
	}
	if where := locationWords(f); where != "" && p.location != "" && f.Name == "" {
		out["neighbourhood"] = append(out["neighbourhood"], fmt.Sprintf(p.location, where))
	}
	if name, ok := fromList(req.Features, "free_parking"); ok {
		if w := amenityIn(name, "free_parking", f.Lang.Amenities, lang); w != "" {
			out["getting_around"] = append(out["getting_around"], fmt.Sprintf(p.parking, w))
		}
	}
	// House rules: the times and the site's yes/no rules in a sentence
	// or two, then at most two of the host's own short rule lines.
	hr := l.HouseRules
	var rules []string
	inOut, inOnly, outOnly := p.checkInOut, p.checkIn, p.checkOut
	if bareTime(hr.CheckIn) && bareTime(hr.CheckOut) && p.fromBy != "" {
		inOut, inOnly, outOnly = p.fromBy, p.from, p.by
	}
	switch {
	case hr.CheckIn != "" && hr.CheckOut != "":
		rules = append(rules, fmt.Sprintf(inOut, stated(hr.CheckIn), stated(hr.CheckOut)))
	case hr.CheckIn != "":
		rules = append(rules, fmt.Sprintf(inOnly, stated(hr.CheckIn)))
	case hr.CheckOut != "":
		rules = append(rules, fmt.Sprintf(outOnly, stated(hr.CheckOut)))
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
	rules = append(rules, hostRuleLines(hr.Rules, lang, strings.ToLower(l.Description), selfCheckIn, 2)...)
	if len(rules) > 0 {
		out["house_rules"] = dedupeLines(rules)
	}
	return out
}

// locationWords are the listing's neighbourhood and city as the page names
// them ("Copacabana, Rio de Janeiro"), "" when it names no neighbourhood
// (the opener has said the city).
func locationWords(f Facts) string {
	area := f.Area
	if area == "" {
		area = f.HostPlace
	}
	if area == "" || strings.EqualFold(area, f.City) {
		return ""
	}
	if f.City == "" {
		return properCase(area)
	}
	return properCase(area) + ", " + properCase(f.City)
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
	inList := false
	for i, r := range lines {
		if strings.HasSuffix(r, ":") {
			inList = true // a list starts: its items are no rules on their own
			continue
		}
		if i+1 < len(lines) && strings.HasSuffix(lines[i+1], ":") {
			continue // it announces the list
		}
		ws := prose.Words(r)
		if i+1 < len(lines) && sectionHeading(r, ws, lines[i+1]) {
			continue // it titles the rules after it ("Guests and visitors")
		}
		last := []rune(strings.TrimRight(r, ".!"))
		// A rule restricting who may stay (children, an age, visitors) is
		// never left for the summary's length, nor for a list before it:
		// a guest must read it. It may end in its figure ("Minimum age
		// for check-in: 18").
		limits := restrictsGuests(ws)
		if inList && !limits {
			continue
		}
		lineLang := prose.LineLanguage(r)
		ends := len(last) > 0 && (unicode.IsLetter(last[len(last)-1]) || (limits && strings.ContainsRune("0123456789)", last[len(last)-1])))
		if len(ws) < 3 || len(ws) > 12 && !(limits && len(ws) <= 24) || !ends ||
			!(prose.LineIn(r, lang) || limits && (lineLang == lang || lineLang == "")) || (lang != "en" && lineLang != lang && !(limits && lineLang == "")) || len(analysis.ContactDetails(r)) > 0 ||
			strings.Contains(descLower, strings.ToLower(strings.TrimRight(r, "."))) {
			continue
		}
		about := false
		for _, w := range ws {
			for _, t := range ruleTopicWords {
				// "Minimum age for check-in" is about who may stay, which
				// the site's check-in times do not say.
				about = about || strings.HasPrefix(w, t) && !(limits && t == "check")
			}
		}
		if about || len(out) >= n && !limits {
			continue
		}
		if !strings.ContainsAny(string(last[len(last)-1:]), ".!?") && !strings.HasSuffix(r, ".") && !strings.HasSuffix(r, "!") {
			r += "."
		}
		out = append(out, textcase.UpperFirst(r))
	}
	return out
}

// restrictsGuests reports whether a rule's words restrict who may stay:
// children or an age, visitors, the people on the booking, an ID — in the
// languages we read.
// sectionHeading reports a line of the host's rules that titles the ones
// after it ("Guests and visitors", "Keys and entrance", "Noise and
// neighbourhood"): a few words joined by "and" in the host's language, no
// figure, no sentence mark, no negation, and a sentence after it. Such a
// line says no rule of its own; in the copy it would stand alone.
func sectionHeading(line string, ws []string, next string) bool {
	line = strings.TrimSpace(line)
	if len(ws) > 5 || line == "" || strings.ContainsAny(line, ".!?:0123456789") || !strings.ContainsAny(strings.TrimSpace(next)[max(len(strings.TrimSpace(next))-1, 0):], ".!?") {
		return false
	}
	joined := false
	for i, w := range ws {
		if i == 0 && headingNegations[w] {
			return false
		}
		joined = joined || i > 0 && i < len(ws)-1 && headingJoins[w]
	}
	return joined
}

var (
	headingJoins     = map[string]bool{"and": true, "e": true, "y": true, "et": true, "und": true, "en": true, "και": true}
	headingNegations = map[string]bool{"no": true, "not": true, "nao": true, "não": true, "sin": true, "senza": true, "non": true,
		"pas": true, "kein": true, "keine": true, "nessun": true, "proibido": true, "prohibido": true, "vietato": true, "interdit": true, "verboten": true, "δεν": true}
)

func restrictsGuests(ws []string) bool {
	for _, w := range ws {
		if guestLimitExact[w] {
			return true
		}
		for _, p := range guestLimitWords {
			if strings.HasPrefix(w, p) {
				return true
			}
		}
	}
	return false
}

// guestLimitWords begin the words of a rule about who may stay;
// guestLimitExact are such words that begin others ("age", "agent").
var guestLimitWords = []string{"child", "kid", "infant", "toddler", "teenager", "adult", "minor", "visitor",
	"crianc", "criança", "bebe", "bebê", "idade", "menor", "visita", "adulto",
	"niño", "nino", "niña", "edad", "visitante",
	"bambin", "neonat", "minorenn", "visitator",
	"enfant", "bébé", "mineur", "visiteur",
	"kinder", "kleinkind", "minderjährig", "besucher"}

var guestLimitExact = map[string]bool{"age": true, "ages": true, "aged": true, "id": true, "eta": true, "età": true, "âge": true, "age minimum": true,
	"alter": true}

// reviewTopics are what guests ask about in reviews, by the section whose
// composed facts answer it, with the words that raise it in the
// languages we read.
var reviewTopics = []struct {
	section string
	words   []string
}{
	{"getting_around", []string{"parking", "park", "car", "estacionamento", "estacionar", "aparcamiento", "parcheggio", "parking", "parken"}},
	{"house_rules", []string{"check in", "checkin", "check out", "checkout", "arrival", "late", "early", "chegada", "llegada", "arrivo", "arrivee", "ankunft"}},
	{"guest_access", []string{"key", "keys", "lockbox", "code", "door", "entrance", "stairs", "chave", "chaves", "escada", "llave", "chiavi", "scale", "cles", "schlussel"}},
	{"the_space", []string{"wifi", "internet", "kitchen", "bed", "beds", "air conditioning", "hot water", "towels", "cozinha", "cama", "cocina", "cucina", "letto", "cuisine", "lit", "kuche", "bett"}},
}

// answerReviews puts first the sections whose facts answer what the
// guests' reviews (where they were read) ask about most: a guest reading
// the description finds the answer before the question.
func answerReviews(req Request, out map[string][]string) {
	if len(req.Listing.Reviews) == 0 {
		return
	}
	var text []string
	for _, r := range req.Listing.Reviews {
		text = append(text, r.Text)
	}
	ws := " " + strings.Join(prose.Words(strings.Join(text, "\n")), " ") + " "
	for _, t := range reviewTopics {
		if len(out[t.section]) == 0 {
			continue
		}
		for _, w := range t.words {
			if strings.Contains(ws, " "+strings.Join(prose.Words(w), " ")+" ") {
				// The answer also leads the opening: guests read it first.
				out[introKey] = append(out[introKey], out[t.section][0])
				out[t.section] = out[t.section][1:]
				break
			}
		}
	}
}

// bareTime reports whether a page's check-in or check-out value is a time
// alone ("15:00", "3:00 PM"), or empty; "Anytime after 3PM" says its own
// direction and is kept as the page writes it.
func bareTime(v string) bool {
	v = strings.TrimSpace(v)
	if v == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(v)
	// A window ("06:00–11:00", "3:00 PM - 8:00 PM") is no single time:
	// "check-out by 06:00–11:00" would say the guest must leave by six
	// (reClockTime, the times the rules checker reads).
	return unicode.IsDigit(r) && len(reClockTime.FindAllStringIndex(v, 2)) < 2
}
