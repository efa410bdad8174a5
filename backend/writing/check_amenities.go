package writing

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// amenityFacts are what the amenity checks read of the listing: the words
// naming each feature in English and the listing's language, the features
// the host's own words name (and do not deny), the host's sentences as
// written, and the words that deny a feature in copy.
type amenityFacts struct {
	lex   *featureLexicon
	own   map[string]bool // features the listing's own words name
	host  map[string]bool // the host's sentences, as Words joined
	cues  [][]string      // negation cues of the copy's language
	stops map[string]bool
	// names are the capitalised names the listing's own text writes with
	// a feature's word in them ("Covent Garden", "Jardim Botânico"), one
	// entry per token as Words joined: in copy, capitalised, the word is
	// part of the name, no feature.
	names [][]string
	// cjkMissing are the amenities the page lists as unavailable in
	// Chinese or Japanese ("暖房"), which the catalogue's words do not
	// read; cjkOwn the listing's available amenity names and the host's
	// text, where one of them may stand as the listing's after all.
	cjkMissing []string
	cjkOwn     string
}

func newAmenityFacts(req Request, host map[string]bool, langs Languages) amenityFacts {
	l := req.Listing
	lang := langs.Listing.Code()
	f := amenityFacts{lex: lexiconFor("en", lang), own: map[string]bool{}, stops: negationStopWords()}
	f.cues = negationCues(langs.Copy.Code())
	if l == nil {
		return f
	}
	ownCues := negationCues(lang)
	ends := inflections(lang)
	texts := []string{l.Title, l.Description}
	texts = append(texts, l.Highlights...)
	texts = append(texts, l.HouseRules.Rules...)
	for _, a := range l.Amenities {
		if a.Available {
			texts = append(texts, a.Name)
		}
	}
	f.names = featureNames(f.lex, append(append([]string(nil), texts...), l.Location.Area, l.Location.City, l.Location.Region))
	for _, t := range texts {
		for _, sent := range prose.Sentences(t) {
			// "Covent Garden's shops" names no garden of the listing's.
			for _, ws := range clauseWords(withoutNames(sent, f.names)) {
				// The host writes in the listing's language, inflected:
				// "mit modernen Klimaanlagen" names air conditioning.
				for _, m := range f.lex.findInflected(ws, ends) {
					if !negatedAt(ws, m.start, ownCues, f.stops) {
						for _, k := range m.keys {
							f.own[k] = true
						}
					}
				}
			}
		}
	}
	f.host = host
	own := append([]string(nil), texts...)
	f.cjkOwn = strings.Join(own, "\n")
	for _, a := range l.Amenities {
		if !a.Available && prose.HasCJK(a.Name) {
			f.cjkMissing = append(f.cjkMissing, strings.TrimSpace(a.Name))
		}
	}
	return f
}

// cjkDenials deny the feature before them in Chinese or Japanese: "暖房なし",
// "駐車場はありません".
var cjkDenials = []string{"なし", "無し", "ありません", "ございません", "不可", "使えません", "ご利用いただけません", "没有", "无"}

// cjkNamed is the first amenity of missing that s names without denying
// it and that own does not name without denying it, "" when none.
func cjkNamed(s string, missing []string, own string) string {
	offered := func(text, name string) bool {
		for rest := text; ; {
			i := strings.Index(rest, name)
			if i < 0 {
				return false
			}
			rest = rest[i+len(name):]
			after := []rune(rest)
			if !containsAny(string(after[:min(len(after), 8)]), cjkDenials) {
				return true
			}
		}
	}
	for _, name := range missing {
		if offered(s, name) && !offered(own, name) {
			return name
		}
	}
	return ""
}

// hostSentences are the host's sentences — title, description, rule
// lines as the writers join them, highlights — as Words joined by spaces:
// a sentence of copy that is one of them repeats the host, word for word.
func hostSentences(l *listing.Listing) map[string]bool {
	m := map[string]bool{}
	if l == nil {
		return m
	}
	texts := append([]string{l.Title, l.Description, strings.Join(ruleLines(l.HouseRules.Rules), "\n")}, l.Highlights...)
	for _, t := range texts {
		for _, sent := range prose.Sentences(t) {
			if ws := prose.Words(sent); len(ws) > 0 {
				m[strings.Join(ws, " ")] = true
			}
		}
	}
	return m
}

// isHostSentence reports whether sent, in a part other than a title, is
// one of the host's own sentences.
func isHostSentence(host map[string]bool, sent string, p Part) bool {
	return p != PartKindTitle && host[strings.Join(prose.Words(sent), " ")]
}

// checkAmenities checks that every amenity or feature s names — in
// English or the listing's language, synonyms included ("Air Con",
// "piscina", "Whirlpool") — is one the listing has or its own words name.
// A feature the copy itself denies ("no pool", "sem piscina") is no claim;
// one the host denies is never grounded by the host's other words; a
// sentence the host wrote, repeated word for word, claims nothing new.
func (v *validator) checkAmenities(s string, p Part) error {
	if prose.HasCJK(s) {
		if name := cjkNamed(s, v.amen.cjkMissing, v.amen.cjkOwn); name != "" {
			return fmt.Errorf("%w: %q (the page lists it as unavailable)", ErrAmenity, name)
		}
	}
	for _, sent := range prose.Sentences(s) {
		if isHostSentence(v.amen.host, sent, p) {
			continue
		}
		for _, ws := range clauseWords(withoutNames(sent, v.amen.names)) {
			for _, m := range v.amen.lex.find(ws) {
				if negatedAt(ws, m.start, v.amen.cues, v.amen.stops) || v.has(m.keys) {
					continue
				}
				phrase := strings.Join(ws[m.start:m.end], " ")
				for _, k := range m.keys {
					if said, ok := v.negated[k]; ok {
						return fmt.Errorf("%w: %s (the listing says: %q)", ErrAmenity, namedAs(k, phrase), said)
					}
				}
				if !v.ownNames(m.keys) {
					return fmt.Errorf("%w: %s", ErrAmenity, namedAs(m.keys[0], phrase))
				}
			}
		}
	}
	return nil
}

// has reports whether the listing offers one of keys (or, for parking of
// no stated kind, any parking). A feature read only from the host's text
// that the host's words also deny ("there is no hot tub… the hot tub
// pictured is the neighbours'") is not offered.
func (v *validator) has(keys []string) bool {
	for _, k := range featureFamily(keys) {
		ev, ok := v.req.Features[k]
		if _, denied := v.negated[k]; ok && !(denied && strings.HasPrefix(ev, "listing text mentions")) {
			return true
		}
	}
	return false
}

// ownNames reports whether the listing's own words name one of keys.
func (v *validator) ownNames(keys []string) bool {
	for _, k := range featureFamily(keys) {
		if v.amen.own[k] {
			return true
		}
	}
	return false
}

// featureFamily is keys with what each may stand for: copy saying
// "parking" or "garagem" is true of free, street or paid parking alike,
// but "free parking" is only free parking on the premises.
func featureFamily(keys []string) []string {
	out := append([]string(nil), keys...)
	for _, k := range keys {
		if k == "parking" {
			out = append(out, "free_parking", "street_parking", "paid_parking")
		}
	}
	return out
}

// namedAs is a feature's label with the copy's words for it when they
// differ: "Pool (\"piscina aquecida\")", "Hot tub".
func namedAs(key, phrase string) string {
	label := featureLabel(key)
	if strings.Join(prose.Words(label), " ") == phrase {
		return label
	}
	return fmt.Sprintf("%s (%q)", label, phrase)
}

func featureLabel(key string) string {
	if d, ok := analysis.Amenity(key); ok {
		return d.Label
	}
	return key
}

// unsupportedAmenity returns the label of a catalogue feature the text
// names, in any language we write, that the listing neither offers nor
// names in its own words (own, as prose.Words gives them).
func unsupportedAmenity(s string, have analysis.Features, own []string) string {
	langs := []string{"en"}
	for lang := range phrasebooks {
		langs = append(langs, lang)
	}
	lex := lexiconFor(langs...)
	ownKeys := map[string]bool{}
	for _, m := range lex.find(own) {
		for _, k := range m.keys {
			ownKeys[k] = true
		}
	}
	var cues [][]string
	for _, lang := range langs {
		cues = append(cues, negationCues(lang)...)
	}
	stops := negationStopWords()
	for _, ws := range clauseWords(s) {
		for _, m := range lex.find(ws) {
			if negatedAt(ws, m.start, cues, stops) {
				continue
			}
			ok := false
			for _, k := range featureFamily(m.keys) {
				ok = ok || have.Has(k) || ownKeys[k]
			}
			if !ok {
				return featureLabel(m.keys[0])
			}
		}
	}
	return ""
}

// copyMentions are words that name a feature in copy beyond the
// catalogue's (analysis.AmenityMentions), the phrasebooks' own names
// (localAmenities) and the words negations reach (featureWords), by
// language and key: words too loose to read a
// listing's features from, but a claim when copy uses them — "AC" is air
// conditioning, "parking" or "garagem" is parking of some kind, "on the
// water" is waterfront, "pool view" is a view and not a pool.
var copyMentions = map[string]map[string][]string{
	"en": {
		"air_conditioning": {"ac", "air conditioned", "air conditioners", "climate controlled"},
		"parking":          {"parking", "car park", "carport", "parking lot", "parking garage", "parking spaces", "parking spots", "garage"},
		"waterfront":       {"ocean front", "beach front", "lake front", "sea front", "bayfront", "riverfront", "waterside", "on the water", "water front"},
		"view":             {"pool view", "pool views", "garden view", "garden views"},
		"gym":              {"fitness room", "exercise room", "home gym"},
		"fireplace":        {"fire place", "log burner", "wood burner"},
		"hot_tub":          {"hottub", "spa bath"},
		"bbq":              {"barbeque"},
		"pets":             {"pets welcome", "dog friendly", "dogs allowed", "pets are welcome", "pets are allowed"},
		"pool":             {"swimming pool", "plunge pool"},
	},
	"pt": {
		"parking":    {"estacionamento", "garagem", "vaga de garagem"},
		"hot_tub":    {"ofuro", "spa"},
		"gym":        {"ginasio", "academia"},
		"waterfront": {"de frente para o mar", "beira do mar"},
		"view":       {"vista para a piscina", "vista para o jardim"},
	},
	"es": {
		"parking":    {"aparcamiento", "estacionamiento", "parking", "garaje", "cochera", "plaza de garaje"},
		"waterfront": {"a pie de playa"},
		"view":       {"vistas a la piscina", "vista a la piscina", "vistas al jardin", "vista al jardin"},
	},
	"it": {
		"parking": {"parcheggio", "garage", "posto auto", "box auto"},
		"view":    {"vista piscina", "vista sulla piscina", "vista giardino", "vista sul giardino"},
	},
	"fr": {
		"parking": {"parking", "stationnement", "garage", "place de parking"},
		"view":    {"vue sur la piscine", "vue piscine", "vue sur le jardin", "vue jardin"},
	},
	"de": {
		"parking": {"parkplatz", "parkplatze", "stellplatz", "garage", "tiefgarage"},
		"pool":    {"swimmingpool"},
		"view":    {"poolblick", "gartenblick", "blick auf den pool", "blick auf den garten"},
	},
}

// copyMentionSkips are local amenity names that mean something else in
// running text: "básico" is any basic thing, "lettini" are sun loungers,
// "a la plancha" is how fish is cooked, "cucina tipica" is the local
// food; breakfast and a reception are hotel services the English words
// name only as "breakfast included" and "front desk".
var copyMentionSkips = map[string]bool{"basico": true, "lettino": true, "plancha": true, "griglia": true, "parrilla": true,
	"secador": true, "oscuranti": true, "draps": true}

var copyMentionSkipKeys = map[string]bool{"breakfast": true, "reception": true}

// copyExcludes veto a mention next to them, beyond the catalogue's
// Exclude words: the local cuisine is no kitchen.
var copyExcludes = map[string][]string{
	"kitchen": {"cozinha regional", "cozinha local", "cozinha tipica", "cocina local", "cocina tipica", "cocina regional", "cucina tipica",
		"cucina locale", "cucina regionale", "cuisine locale", "cuisine regionale", "cuisine traditionnelle", "cucina tradizionale", "cocina tradicional"},
	"view":      {"point of view", "in view of", "ponto de vista", "punto de vista", "punto di vista", "point de vue"},
	"pool":      {"pool table", "car pool", "carpool", "pool hall"},
	"workspace": {"reception desk", "check in desk", "information desk", "help desk"},
	"iron":      {"wrought iron", "cast iron", "iron gate", "iron gates"},
}

// featurePhrase is one phrase naming a feature, as Words.
type featurePhrase struct {
	words []string
	key   string
}

// featureLexicon finds feature names in copy: the longest phrase at each
// place wins ("free street parking" is street parking, "vista para a
// piscina" a view), and an excluding phrase overlapping or next to it
// vetoes it ("pool table", "hair dryer").
type featureLexicon struct {
	byFirst map[string][]featurePhrase // longest first
	exclude map[string][][]string
}

var lexicons sync.Map // strings.Join(langs, ",") → *featureLexicon

// lexiconFor is the feature lexicon of langs, built once.
func lexiconFor(langs ...string) *featureLexicon {
	id := strings.Join(langs, ",")
	if v, ok := lexicons.Load(id); ok {
		return v.(*featureLexicon)
	}
	lex := &featureLexicon{byFirst: map[string][]featurePhrase{}, exclude: map[string][][]string{}}
	seen := map[string]bool{}
	add := func(key, p string) {
		ws := prose.Words(p)
		if len(ws) == 0 || (len(ws) == 1 && copyMentionSkips[ws[0]]) {
			return
		}
		id := key + "|" + strings.Join(ws, " ")
		if seen[id] {
			return
		}
		seen[id] = true
		lex.byFirst[ws[0]] = append(lex.byFirst[ws[0]], featurePhrase{ws, key})
	}
	for _, d := range analysis.Catalog {
		for _, lang := range langs {
			if lang != "en" && copyMentionSkipKeys[d.Key] {
				continue
			}
			for _, p := range analysis.AmenityMentions(d.Key, lang) {
				add(d.Key, p)
			}
			if w := localAmenities[lang][d.Key]; w != "" {
				add(d.Key, w)
			}
			for _, p := range copyMentions[lang][d.Key] {
				add(d.Key, p)
			}
		}
		for _, e := range append(append([]string(nil), d.Exclude...), copyExcludes[d.Key]...) {
			if ws := prose.Words(e); len(ws) > 0 {
				lex.exclude[d.Key] = append(lex.exclude[d.Key], ws)
			}
		}
	}
	// The words a host's negation may reach (featureWords) name the
	// feature in copy too, except those that mean something else in one
	// of the languages ("camino" is a path in Spanish; a "spa" is a day
	// spa) and the pets words, which rules use ("No pets.").
	for key, ps := range featureWords {
		for _, p := range ps {
			if key != "pets" && p != "spa" && p != "camino" {
				add(key, p)
			}
		}
	}
	for _, ps := range lex.byFirst {
		sort.SliceStable(ps, func(i, j int) bool { return len(ps[i].words) > len(ps[j].words) })
	}
	v, _ := lexicons.LoadOrStore(id, lex)
	return v.(*featureLexicon)
}

// inflections are the endings lang adds to a feature's word in running
// text (plurals, German cases: "Klimaanlagen", "piscinas", "Balkone"),
// with English's, which hosts mix in.
func inflections(lang string) []string {
	ends := map[string][]string{
		"en": {"s", "es"},
		"pt": {"s", "es"},
		"es": {"s", "es"},
		"fr": {"s", "x"},
		"it": {vowelPlural}, // plurals change the last vowel: inflectedAs
		"de": {"e", "en", "n", "er", "s", "nen"},
		"nl": {"en", "s"},
	}
	return append(append([]string(nil), ends["en"]...), ends[lang]...)
}

// vowelPlural stands among a language's endings for plurals that change
// the last vowel (Italian).
const vowelPlural = "*"

// inflectedAs reports whether w is p or p inflected with one of ends;
// an Italian plural changes p's last vowel ("piscina" → "piscine",
// "balcone" → "balconi"). Words under four letters take no ending.
func inflectedAs(w, p string, ends []string) bool {
	if w == p {
		return true
	}
	if len(p) < 4 || !strings.HasPrefix(w, p[:len(p)-1]) {
		return false
	}
	if len(w) == len(p) {
		if !slices.Contains(ends, vowelPlural) {
			return false
		}
		last, got := p[len(p)-1], w[len(w)-1]
		return (last == 'a' && got == 'e') || (last == 'o' && got == 'i') || (last == 'e' && got == 'i')
	}
	for _, e := range ends {
		if w == p+e {
			return true
		}
	}
	return false
}

// uninflected are the words w may be an inflection of (inflectedAs), w
// first.
func uninflected(w string, ends []string) []string {
	out := []string{w}
	for _, e := range ends {
		if b := strings.TrimSuffix(w, e); b != w && len(b) >= 4 {
			out = append(out, b)
		}
	}
	if n := len(w); n >= 4 && slices.Contains(ends, vowelPlural) {
		switch w[n-1] {
		case 'e':
			out = append(out, w[:n-1]+"a")
		case 'i':
			out = append(out, w[:n-1]+"o", w[:n-1]+"e")
		}
	}
	return slices.Compact(out)
}

// findInflected is find for the host's own text: a phrase's words may
// stand inflected (inflectedAs).
func (lex *featureLexicon) findInflected(ws []string, ends []string) []featureMention {
	var out []featureMention
	for i := 0; i < len(ws); {
		n := 0
		var keys []string
		for _, first := range uninflected(ws[i], ends) {
			for _, p := range lex.byFirst[first] {
				if len(p.words) < n || i+len(p.words) > len(ws) {
					continue
				}
				ok := true
				for k := range p.words {
					ok = ok && inflectedAs(ws[i+k], p.words[k], ends)
				}
				if ok && !lex.excluded(ws, i, i+len(p.words), p.key) {
					if len(p.words) > n {
						n, keys = len(p.words), nil
					}
					keys = append(keys, p.key)
				}
			}
		}
		if n == 0 {
			i++
			continue
		}
		sort.Strings(keys)
		out = append(out, featureMention{i, i + n, slices.Compact(keys)})
		i += n
	}
	return out
}

// featureNames are the capitalised names texts write with a feature's
// word in them and a word of their own that is no feature, no small or
// generic word ("Covent Garden", "Jardim Botânico", "Beach Club Pool"):
// not "Hot Tub" or "Garden Suite", which name a feature.
func featureNames(lex *featureLexicon, texts []string) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, t := range texts {
		for _, run := range capitalRuns(t) {
			var ws []string
			for _, tok := range run {
				ws = append(ws, tok.words...)
			}
			ms := lex.find(ws)
			if len(ms) == 0 {
				continue
			}
			inMention := make([]bool, len(ws))
			for _, m := range ms {
				for k := m.start; k < m.end; k++ {
					inMention[k] = true
				}
			}
			own := false
			for k, w := range ws {
				own = own || (!inMention[k] && !genericWords[w] && !nameParticles[w] && !areaWords[w] && !hasDigit(w))
			}
			if !own {
				continue
			}
			var name []string
			for _, tok := range run {
				name = append(name, strings.Join(tok.words, " "))
			}
			if id := strings.Join(name, "|"); !seen[id] {
				seen[id] = true
				out = append(out, name)
			}
		}
	}
	return out
}

func hasDigit(w string) bool { return strings.ContainsAny(w, "0123456789") }

// capitalRuns are s's runs of capitalised words, with the particles of
// names between them ("Covent Garden", "Jardim do Príncipe"): a small
// word ("The", "With") starts none.
func capitalRuns(s string) [][]claimToken {
	ts := tokens(s)
	var out [][]claimToken
	for i := 0; i < len(ts); {
		if !ts[i].cap || nameStop(ts[i]) {
			i++
			continue
		}
		j := nameRunEnd(ts, i)
		if j-i >= 2 {
			out = append(out, ts[i:j])
		}
		i = j
	}
	return out
}

// withoutNames is sent without the listing's names (featureNames) where
// copy writes them capitalised as the listing does: "near Covent
// Garden" names no garden.
func withoutNames(sent string, names [][]string) string {
	if len(names) == 0 {
		return sent
	}
	locs := reToken.FindAllStringIndex(sent, -1)
	keys := make([]string, len(locs))
	caps := make([]bool, len(locs))
	for i, loc := range locs {
		tok := sent[loc[0]:loc[1]]
		caps[i] = capitalised(tok)
		for _, suf := range []string{"'s", "’s", "'", "’"} {
			if strings.HasSuffix(tok, suf) && len(tok) > len(suf) {
				tok = strings.TrimSuffix(tok, suf)
				break
			}
		}
		keys[i] = strings.Join(prose.Words(tok), " ")
	}
	var b strings.Builder
	prev := 0
	for i := 0; i < len(locs); i++ {
		for _, name := range names {
			n := len(name)
			if i+n > len(locs) {
				continue
			}
			ok := true
			for k := 0; k < n && ok; k++ {
				// Each word as the name writes it: capitalised, a
				// particle ("do", "de") as it stands.
				ok = keys[i+k] == name[k] && (caps[i+k] || nameParticles[name[k]]) &&
					(k == 0 || strings.TrimSpace(sent[locs[i+k-1][1]:locs[i+k][0]]) == "")
			}
			if ok {
				b.WriteString(sent[prev:locs[i][0]])
				b.WriteString(" ")
				prev = locs[i+n-1][1]
				i += n - 1
				break
			}
		}
	}
	b.WriteString(sent[prev:])
	return b.String()
}

// featureMention is a feature named at ws[start:end]; keys are the
// features its words may name.
type featureMention struct {
	start, end int
	keys       []string
}

// find returns the features ws names, left to right.
func (lex *featureLexicon) find(ws []string) []featureMention {
	var out []featureMention
	for i := 0; i < len(ws); {
		n := 0
		var keys []string
		for _, p := range lex.byFirst[ws[i]] {
			if len(p.words) < n {
				break
			}
			if wordsAt(ws, i, p.words) && !lex.excluded(ws, i, i+len(p.words), p.key) {
				n = len(p.words)
				keys = append(keys, p.key)
			}
		}
		if n == 0 {
			i++
			continue
		}
		out = append(out, featureMention{i, i + n, keys})
		i += n
	}
	return out
}

// excluded reports whether one of key's excluding phrases overlaps
// ws[start:end] or touches it.
func (lex *featureLexicon) excluded(ws []string, start, end int, key string) bool {
	for _, ex := range lex.exclude[key] {
		for a := max(0, start-len(ex)); a <= end && a < len(ws); a++ {
			if a+len(ex) >= start && wordsAt(ws, a, ex) {
				return true
			}
		}
	}
	return false
}

func wordsAt(ws []string, i int, p []string) bool {
	if i+len(p) > len(ws) {
		return false
	}
	for k := range p {
		if ws[i+k] != p[k] {
			return false
		}
	}
	return true
}

// clauseWords are s's clauses as Words: a negation reaches no further
// than its clause ("no car needed, the pool is steps away").
func clauseWords(s string) [][]string {
	var out [][]string
	for _, c := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(",;:()—–|•\n", r) }) {
		if ws := prose.Words(c); len(ws) > 0 {
			out = append(out, ws)
		}
	}
	return out
}

// negationCues are the words that deny a feature in lang, with English's
// (hosts and copy mix it in) except where an English cue is a common
// word of lang ("no" is Portuguese for "in the").
func negationCues(lang string) [][]string {
	if c, ok := cuesCache.Load(lang); ok {
		return c.([][]string)
	}
	c := readNegationCues(lang)
	cuesCache.Store(lang, c)
	return c
}

// cuesCache holds negationCues by language: they are read for every
// sentence the checks read.
var cuesCache sync.Map

func readNegationCues(lang string) [][]string {
	var out [][]string
	own := map[string]bool{}
	for _, c := range negationWords[lang] {
		own[c] = true
		out = append(out, prose.Words(c))
	}
	small := map[string]bool{}
	for _, w := range prose.SmallWords(lang) {
		small[prose.Fold(w)] = true
	}
	if lang != "en" {
		for _, c := range negationWords["en"] {
			if !own[c] && !small[c] {
				out = append(out, prose.Words(c))
			}
		}
	}
	return out
}

// negationStopWords are negationStops as Words.
var negationStopWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for w := range negationStops {
		m[strings.Join(prose.Words(w), " ")] = true
	}
	return m
})

// negatedAt reports whether a negation cue denies the feature named at
// ws[start]: a cue at most seven words before it, with no word between
// that ends the negation's reach ("no smoking near the pool").
func negatedAt(ws []string, start int, cues [][]string, stops map[string]bool) bool {
	for k := start - 1; k >= 0 && start-k <= 8; k-- {
		for _, c := range cues {
			if n := len(c); n > 0 && k-n+1 >= 0 && wordsAt(ws, k-n+1, c) {
				return true
			}
		}
		if stops[ws[k]] {
			return false
		}
	}
	return false
}
