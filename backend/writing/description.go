package writing

// The built-in writer's description: sentences composed from the listing's
// facts — the opener with its counts, the strongest features, the rooms'
// amenities, access, getting around, the house rules summarised once —
// in the copy's language and in the site's own sections (Airbnb's
// headings; Booking.com and Vrbo paragraphs without them), each section
// leading with the facts, then the host's own sentences about it kept
// exactly as written. At least half the sentences are composed: the
// host's beyond that, and any that may not be kept (another property, an
// instruction, another language), are named in a note, never dropped
// silently.

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/textcase"
)

// BuiltinDescription is the optimized description in English (see
// writeDescription).
func BuiltinDescription(req Request, f Facts) string {
	d, _, _, _ := writeDescription(req, f, englishBook, "en", NewChecker(req))
	return d
}

// sectionOrder is the order the description's parts are written in.
var sectionOrder = []string{introKey, "the_space", "guest_access", "neighbourhood", "getting_around", "house_rules"}

// writeDescription writes the description in lang with phrasebook p and
// returns it with its word count (as the description analysis counts
// words), the notes on the host's sentences it does not keep, and how
// many of them were held back only to keep half the description composed.
//
// chk is the request's checker, built once per Write and used for every
// composed sentence: building one reads the whole listing.
func writeDescription(req Request, f Facts, p phrasebook, lang string, chk Checker) (string, int, []string, int) {
	l := req.Listing
	checked := map[string]bool{} // a sentence is checked once, however often it is offered
	passes := func(s string) bool {
		ok, done := checked[s]
		if !done {
			ok = s != "" && chk.Text(s) == nil
			checked[s] = ok
		}
		return ok
	}

	units, lists := hostPieces(l, l.Language.Code(), lang)
	host := readHostFacts(l)
	composed := composedFacts(req, f, p, lang, host)
	dropped := map[string][]string{}
	var hostListed []string // the host's lists as sentences: the host's facts, in composed form
	// The host's lists, stated as sentences of their own: "Quarto 1: ar
	// condicionado, 1 cama de casal e smart tv + wi-fi."
	for _, hl := range lists {
		s := textcase.UpperFirst(p.joinList(hl.items)) + "."
		if hl.label != "" {
			s = hl.label + ": " + p.joinList(hl.items) + "."
		}
		why := hl.why
		if why == "" {
			why = unitWhy(s, lang, false) // its lines were read for instructions
		}
		if why == "" && (!passes(s) || deniedItem(s, f.Negated)) {
			why = whyUnchecked // the checker refuses it, or the host's words elsewhere deny an item of it
		}
		if why != "" {
			dropped[why] = append(dropped[why], hl.lines...)
			continue
		}
		composed[hl.section] = append(composed[hl.section], s)
		hostListed = append(hostListed, s)
	}
	n := 0 // sentences composed, as a reader splits them
	for _, k := range sectionOrder {
		composed[k] = slices.DeleteFunc(composed[k], func(s string) bool { return !passes(s) || !inCopyLanguage(s, lang) })
		composed[k] = dedupeLines(composed[k])
		for _, s := range composed[k] {
			n += len(prose.Sentences(s))
		}
	}

	// The host's sentences, at most as many as were composed: first those
	// stating a fact (a number, a feature) the composed ones do not, then
	// a section at a time so each section keeps the host's voice.
	kept := make([]bool, len(units))
	seen := map[string]bool{}
	budget := n
	ours := strings.Join(slices.Concat(composed[introKey], composed["the_space"], composed["guest_access"], composed["neighbourhood"],
		composed["getting_around"], composed["house_rules"]), "\n")
	said := ours
	for i, u := range units {
		// A fact only the host's sentence states is kept even past the
		// budget: the description never loses one of the host's facts.
		if u.why == "" && !seen[strings.ToLower(u.text)] && host.newFacts(u.text, said) {
			kept[i], seen[strings.ToLower(u.text)] = true, true
			budget = max(0, budget-len(prose.Sentences(u.text)))
			said += "\n" + u.text
		}
	}
	// Then a section at a time: first the sentences that name no feature
	// the description states already ("The rooms are equipped with air
	// conditioners" after "In the rooms: air conditioning"), then the rest.
	repeats := func(text string) bool {
		named := featuresNamed(prose.Words(said))
		for k := range featuresNamed(prose.Words(text)) {
			if named[k] {
				return true
			}
		}
		return false
	}
	for _, allowRepeats := range []bool{false, true} {
		for progress := true; progress && budget > 0; {
			progress = false
			for _, k := range sectionOrder {
				for i, u := range units {
					if budget == 0 || u.section != k || kept[i] || u.why != "" || seen[strings.ToLower(u.text)] || (!allowRepeats && repeats(u.text)) {
						continue
					}
					if c := len(prose.Sentences(u.text)); c <= budget {
						kept[i], seen[strings.ToLower(u.text)] = true, true
						budget -= c
					}
					progress = true
					break
				}
			}
		}
	}
	// Under the report's length, the host's own sentences are kept rather
	// than left out for the composed share: a short page's host text is
	// the host's true words, and a 13-word description helps no one.
	words := prose.WordCount(ours) // the kept sentences are counted below, once
	for i, u := range units {
		if kept[i] {
			words += prose.WordCount(u.text)
		}
	}
	for i, u := range units {
		if words >= analysis.DescriptionTargetWords {
			break
		}
		if !kept[i] && u.why == "" && !seen[strings.ToLower(u.text)] {
			kept[i], seen[strings.ToLower(u.text)] = true, true
			words += prose.WordCount(u.text)
		}
	}
	for i, u := range units {
		switch {
		case kept[i]:
		case u.why != "":
			dropped[u.why] = append(dropped[u.why], u.text)
		case !seen[strings.ToLower(u.text)]:
			dropped[whyRoom] = append(dropped[whyRoom], u.text)
		}
	}

	// A composed sentence never restates what a kept host sentence (or
	// the host's own list) in this description says already: the items
	// the host states are left out of it, and it with them when none is
	// left. The opener's counts stay: they lead the description.
	var hostSaid []string
	for i, u := range units {
		if kept[i] {
			hostSaid = append(hostSaid, u.text)
		}
	}
	for _, k := range sectionOrder {
		// The intro's opener and highlights lead the description as its
		// summary; a rule ("No pets.") is the site's own, never a host
		// sentence's mention of a dog.
		if k != introKey && k != "house_rules" {
			composed[k] = unrepeated(composed[k], hostSaid, hostListed, false, p, passes)
		}
	}

	var b strings.Builder
	sectioned := analysis.RulesFor(l).DescriptionSections
	for _, k := range sectionOrder {
		body := sectionBody(composed[k], units, kept, k, lang)
		if body == "" {
			continue // an empty section is left out, heading and all
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		if sectioned && k != introKey {
			b.WriteString(p.headings[k] + "\n")
		}
		b.WriteString(body)
	}
	d := b.String()
	notes := droppedNotes(dropped)
	if n := unstatedLimits(l.HouseRules.Rules, d); n != "" {
		notes = append(notes, n)
	}
	return d, prose.WordCount(d), notes, len(dropped[whyRoom])
}

// unstatedLimits names the host's rules restricting who may stay that the
// description could not state (another language, refused by the fact
// checker): such a rule is never left out silently. "" when it states
// them all.
func unstatedLimits(rules []string, d string) string {
	var miss []string
	for _, r := range ruleLines(rules) {
		if restrictsGuests(prose.Words(r)) && !strings.Contains(d, strings.TrimRight(r, ".")) {
			miss = append(miss, "\u201c"+clip(r, 70)+"\u201d")
		}
	}
	switch len(miss) {
	case 0:
		return ""
	case 1:
		return "1 house rule limiting who may stay is not in the optimized description, as it could not be stated in the copy's language as the fact checker requires; keep it in your listing's rules: " + miss[0]
	}
	return fmt.Sprintf("%d house rules limiting who may stay are not in the optimized description, as they could not be stated in the copy's language as the fact checker requires; keep them in your listing's rules: %s", len(miss), strings.Join(miss, " "))
}

// deniedItem reports whether s names a feature the host's words say
// the listing lacks.
func deniedItem(s string, negated map[string]string) bool {
	ws := " " + strings.Join(prose.Words(s), " ") + " "
	for key := range negated {
		for _, w := range featureWords[key] {
			if w != "spa" && strings.Contains(ws, " "+strings.Join(prose.Words(w), " ")+" ") {
				return true
			}
		}
	}
	return false
}

// hostFactSet is the host's facts as the description family reads them
// (hostFacts: catalogue features, numbers with what they count), read
// once per request: reading them sentence by sentence re-read the
// host's text for every sentence.
type hostFactSet struct {
	features []string
	numbers  []hostNumber
	lang     string // the host's language, for the places the host's text names
	// partAreas are the areas the host gives a part of the place ("the
	// dining room of 45 m2", "terraço de 30 m²"): not the listing's.
	partAreas map[string]bool
}

func readHostFacts(l *listing.Listing) hostFactSet {
	fs, ns := hostFacts(l, negatedFeatures(l))
	h := hostFactSet{fs, ns, l.Language.Code(), map[string]bool{}}
	if l == nil {
		return h
	}
	for _, n := range ns {
		if !isArea(n.text) {
			continue
		}
		for _, sent := range prose.Sentences(l.Description) {
			i := strings.Index(sent, n.text)
			if i < 0 {
				continue
			}
			before := prose.Words(sent[:i])
			for _, w := range before[max(0, len(before)-4):] {
				if partNouns[w] {
					h.partAreas[n.text] = true
				}
			}
		}
	}
	return h
}

func isArea(s string) bool { return strings.HasSuffix(s, "m²") || strings.HasSuffix(s, "m2") }

// partNouns are the parts of a place an area may be given for, in the
// languages we read (as prose.Words writes them): an area a few words
// after one is that part's, not the whole place's.
var partNouns = wordSet(`room rooms bedroom bedrooms living dining kitchen terrace terraces garden gardens balcony patio pool plot
	land lot solarium deck roof rooftop yard sala salas quarto quartos cozinha terraco varanda jardim piscina terreno lote
	soggiorno camera camere cucina terrazza terrazzo giardino balcone salon dormitorio cocina terraza jardin parcela
	chambre chambres sejour cuisine jardin balcon piscine zimmer wohnzimmer schlafzimmer kuche terrasse garten balkon grundstuck`)

// area is the floor area the host states of the place ("200 m²"), ""
// when none: never one given for a part of it (partAreas).
func (h hostFactSet) area() string {
	for _, n := range h.numbers {
		if isArea(n.text) && !h.partAreas[n.text] {
			return n.text
		}
	}
	return ""
}

// newFacts reports whether a host sentence states one of the host's facts
// that said does not: the description must keep it.
func (h hostFactSet) newFacts(text, said string) bool {
	inText, inSaid := featuresNamed(prose.Words(text)), featuresNamed(prose.Words(said))
	for _, k := range h.features {
		if inText[k] && !inSaid[k] {
			return true
		}
	}
	// The places the host names nearby (a landmark, a station, a square
	// a few minutes away) are facts no composed sentence can state.
	for _, place := range analysis.TextPlacesIn(h.lang, text) {
		if !strings.Contains(said, place) {
			return true
		}
	}
	for _, n := range h.numbers {
		if strings.Contains(text, n.text) && !strings.Contains(said, n.text) {
			return true
		}
	}
	return false
}

// sectionBody writes one section: its composed sentences in lines of a
// readable length, then the host's kept sentences, a paragraph's on one
// line and a line of its own on its own.
func sectionBody(composed []string, units []hostUnit, kept []bool, section, lang string) string {
	var lines []string
	// Composed sentences share a line while it stays a short paragraph
	// (maxComposedLine words) and still reads as the copy's language (a
	// line of feature names can read as another).
	for i, s := range composed {
		if n := len(lines); i > 0 && prose.WordCount(lines[n-1]+" "+s) <= maxComposedLine && inCopyLanguage(lines[n-1]+" "+s, lang) {
			lines[n-1] += " " + s
		} else {
			lines = append(lines, s)
		}
	}
	lastPara, lastLine, start := -1, true, len(lines)
	for i, u := range units {
		if !kept[i] || u.section != section {
			continue
		}
		if n := len(lines); n > start && !u.line && !lastLine && u.para == lastPara {
			lines[n-1] += " " + u.text
		} else {
			lines = append(lines, u.text)
		}
		lastPara, lastLine = u.para, u.line
	}
	return strings.Join(lines, "\n")
}

// maxComposedLine is the most words composed sentences share a line with:
// one line of ten amenity sentences reads as a wall.
const maxComposedLine = 40

// droppedNotes say which of the host's sentences the description does
// not keep, and why: nothing of the host's is left out silently.
func droppedNotes(dropped map[string][]string) []string {
	var notes []string
	for _, why := range []string{whyOther, whyInstruction, whyContact, whyRegistration, whyFormat, whyLanguage, whyUnchecked, whyRoom} {
		texts := dropped[why]
		if len(texts) == 0 {
			continue
		}
		quoted := make([]string, len(texts))
		for i, t := range texts {
			quoted[i] = "\u201c" + clip(t, 70) + "\u201d"
		}
		what := "1 line of your description is"
		if len(texts) > 1 {
			what = fmt.Sprintf("%d lines of your description are", len(texts))
		}
		notes = append(notes, fmt.Sprintf("%s not in the optimized description: %s. %s", what, why, strings.Join(quoted, " ")))
	}
	return notes
}

// clip shortens s to at most n letters at a word's end, marking the cut.
func clip(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	cut := string(rs[:n])
	if i := strings.LastIndex(cut, " "); i > n/2 {
		cut = cut[:i]
	}
	return cut + "…"
}

// placeUnit decides a host unit's section: the introduction while in the
// host's opening paragraph; else the host's heading when the text shows
// its topic or none other; else the section its words are about; else
// the section of the sentence before it in the same paragraph (it
// carries on that sentence's subject); else the introduction, never a
// heading it does not fit.
func placeUnit(text string, para int, heading, lang string, intro bool, before []hostUnit) string {
	scores, best := sectionScores(lang, text)
	switch {
	case intro:
		return introKey
	case heading != "" && (scores[heading] > 0 || best == ""):
		return heading
	case best != "":
		return best
	case len(before) > 0 && before[len(before)-1].para == para:
		return before[len(before)-1].section
	}
	return introKey
}

// introKey marks the host's opening paragraph: it stays first, under no
// heading.
const introKey = "intro"

// runningText reports whether a line is running text (split into sentences)
// rather than a list item or a label: it ends a sentence and has words
// enough, or holds more than one sentence.
func runningText(line string) bool {
	last := []rune(strings.TrimRight(line, "\"')”’ "))
	end := len(last) > 0 && strings.ContainsRune(".!?…", last[len(last)-1])
	return (end && prose.WordCount(line) >= 5) || len(prose.Sentences(line)) > 1
}

// stripEmoji removes emoji and tidies the spaces they leave.
func stripEmoji(s string) string {
	var b strings.Builder
	for _, r := range s {
		if !prose.IsEmoji(r) && !(r >= 0x1F3FB && r <= 0x1F3FF) {
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
			(prose.WordCount(out[n-1]) >= 5 || strings.HasSuffix(out[n-1], ",")) {
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
	folded := strings.Join(prose.Words(strings.TrimRight(line, ":")), " ")
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
		if strings.ContainsAny(w, "0123456789") || textcase.Acronym(w) {
			continue // a code or an abbreviation ("WLAN", "VIP"), not shouting
		}
		line = strings.ReplaceAll(line, w, titleWords(strings.ToLower(w)))
	}
	return line
}

// unrepeated is a section's composed sentences without what the host's
// kept sentences (hostSaid) or the host's lists (hostListed) state: a
// list sentence ("Lavanderia: ferro de passar e varal.") loses the items
// a host sentence names, a short sentence ("Entrada privativa.") goes
// when a host sentence states its feature ("A entrada é privativa."). A
// host list is kept whole; the intro's first sentence (the opener) too.
func unrepeated(sentences, hostSaid, hostListed []string, intro bool, p phrasebook, passes func(string) bool) []string {
	if len(hostSaid)+len(hostListed) == 0 {
		return sentences
	}
	type said struct {
		words map[string]bool
		keys  map[string]bool
	}
	var host []said
	for _, h := range slices.Concat(hostSaid, hostListed) {
		ws := prose.Words(h)
		set := map[string]bool{}
		for _, w := range ws {
			set[w] = true
		}
		host = append(host, said{set, featuresNamed(ws)})
	}
	stated := func(item string, skip string) bool {
		ws := prose.Words(item)
		keys := featuresNamed(ws)
		for i, h := range host {
			if i >= len(hostSaid) && slices.Contains(hostListed, skip) {
				continue // the host's list is the host's: never pruned against itself or its like
			}
			if len(keys) > 0 {
				all := true
				for k := range keys {
					all = all && h.keys[k]
				}
				if all {
					return true
				}
			}
			content, all := 0, true
			for _, w := range ws {
				if len([]rune(w)) < 3 || neutralSmall[w] {
					continue
				}
				content++
				all = all && h.words[w]
			}
			if content > 0 && all {
				return true
			}
		}
		return false
	}
	var out []string
	for i, s := range sentences {
		if (intro && i == 0) || slices.Contains(hostListed, s) {
			out = append(out, s)
			continue
		}
		lead, list, ok := strings.Cut(s, ": ")
		if s == p.privateEntrance || s == p.selfCheckIn {
			// A feature's sentence of its own: gone when the host states it.
			if stated(s, s) {
				continue
			}
			out = append(out, s)
			continue
		}
		if !ok || strings.Count(list, ".") != 1 || !strings.HasSuffix(list, ".") || !amenityLead(p, lead) {
			out = append(out, s) // a place, a time: no amenity to restate
			continue
		}
		items := splitList(strings.TrimSuffix(list, "."), p.and)
		var left []string
		for _, it := range items {
			if !stated(it, s) {
				left = append(left, it)
			}
		}
		switch {
		case len(left) == len(items):
			out = append(out, s)
		case len(left) == 0:
		default:
			if first := strings.Fields(items[0]); len(left) < len(items) && textcase.UpperFirst(items[0]) == items[0] && len(first) > 0 && !textcase.Acronym(first[0]) {
				// "Destaques: Vista…" keeps its capital; "TV" is no capital
				// of the list's ("In the rooms: hair dryer", never "Hair dryer").
				left[0] = textcase.UpperFirst(left[0])
			}
			if t := lead + ": " + p.joinList(left) + "."; passes(t) {
				out = append(out, t)
			} else {
				out = append(out, s)
			}
		}
	}
	return out
}

// splitList splits "a, b and c" (joinList's form) into its items.
func splitList(list, and string) []string {
	parts := strings.Split(list, ", ")
	last := parts[len(parts)-1]
	if i := strings.LastIndex(last, " "+and+" "); i >= 0 {
		parts = append(parts[:len(parts)-1], last[:i], last[i+len(and)+2:])
	}
	return parts
}

// neutralSmall are the small words an item's match ignores ("varal para
// secar roupas" is stated by "varal para secar as roupas").
var neutralSmall = map[string]bool{"para": true, "com": true, "the": true, "and": true, "for": true, "with": true, "con": true,
	"per": true, "pour": true, "avec": true, "mit": true, "und": true, "des": true, "del": true, "della": true, "das": true, "dos": true}

// amenityLead reports whether lead heads one of the phrasebook's amenity
// sentences ("In the kitchen", "Parking").
func amenityLead(p phrasebook, lead string) bool {
	for _, f := range p.groups {
		if strings.TrimSuffix(f, ": %s.") == lead {
			return true
		}
	}
	return p.parking != "" && strings.TrimSuffix(p.parking, ": %s.") == lead
}
