package prose

import (
	"slices"
	"strings"
	"sync"
)

// The language of one short piece of text — a rule line, an amenity
// name, a sentence or a paragraph of copy — by its small words, where
// Detect needs a paragraph of frequent words: the language checks of
// the copy read each piece's language with these.

// LineLanguage is the language one short line is in, by its small words
// and letters; "" when they do not say ("8:00 PM–10:00 PM: €25").
func LineLanguage(s string) string {
	counts := lineWordCounts(s)
	lower := strings.ToLower(s)
	for lang, letters := range map[string]string{"pt": "ãõç", "es": "ñ¿¡", "de": "ßäöü", "fr": "çêœû", "it": "ò"} {
		if strings.ContainsAny(lower, letters) {
			counts[lang]++
		}
	}
	// The language with the most words wins only by a clear margin: short
	// lines share words ("no", "check-in") across languages.
	best, n, second := leader(counts)
	if n == 0 || (second > 0 && n < second+2) {
		return ""
	}
	return best
}

// lineWordCounts counts, for each language, the words of s that are among
// its lineWords (a word listed twice counts twice).
func lineWordCounts(s string) map[string]int {
	counts := map[string]int{}
	idx := lineWordLanguages
	for _, w := range Words(s) {
		for _, lang := range idx[w] {
			counts[lang]++
		}
	}
	return counts
}

// lineWordLanguages is lineWords by word.
var lineWordLanguages = byWord(lineWords)

// LineIn reports whether a line of the host's (a rule, an amenity
// name) may stand in copy written in lang: it is in lang, or its words
// belong to no language.
func LineIn(s, lang string) bool {
	counts := lineWordCounts(s)
	for l, c := range counts {
		if l != lang && c > counts[lang] {
			return false // more of another language's words than of lang's
		}
	}
	return true
}

// internationalWords name amenities in many languages alike.
var internationalWords = map[string]bool{"wifi": true, "wi": true, "fi": true, "tv": true, "hdtv": true, "sauna": true, "jacuzzi": true,
	"spa": true, "bar": true, "hotel": true, "gym": true, "fitness": true, "netflix": true, "bbq": true, "ac": true, "self": true,
	"check": true, "in": true, "minibar": true, "restaurant": true, "a": true, "e": true, "de": true, "smart": true, "split": true,
	"internet": true, "parking": true, "piscina": true}

// leader is the language with the most counts, its count and the next
// best count, in a fixed order of languages so that ties break alike.
func leader(counts map[string]int) (best string, n, second int) {
	for _, lang := range []string{"en", "pt", "es", "it", "fr", "de", "nl"} {
		switch c := counts[lang]; {
		case c > n:
			best, n, second = lang, c, n
		case c > second:
			second = c
		}
	}
	return best, n, second
}

// minSentenceWords is the shortest sentence whose language is judged on
// its own: a shorter one shares too many words with other languages.
const minSentenceWords = 6

// SentenceLanguage is the language one sentence is clearly in, "" when it
// does not say: Chinese or Japanese by their script, a Latin-script
// language by its small words (LineLanguage) when it has at least
// minSentenceWords words.
func SentenceLanguage(sent string) string {
	if MostlyCJK(sent) {
		return CJKLanguage(sent)
	}
	if WordCount(sent) < minSentenceWords {
		return ""
	}
	// By the small words only a sentence's grammar uses (sentenceWords),
	// not the nouns of rules and amenity names every language borrows
	// ("queen", "check-in", "smart lock"): the most, at least 3 and by a
	// margin of 2 (LineLanguage's).
	counts := map[string]int{}
	for _, w := range Words(sent) {
		if International(w) {
			continue // "self check-in", "a", "de": every language's
		}
		for lang, words := range SentenceWords() {
			if words[w] {
				counts[lang]++
			}
		}
	}
	best, n, second := leader(counts)
	if n < 3 || n < second+2 {
		return ""
	}
	return best
}

// sentenceWords are, by language, the small words of its grammar,
// folded: articles, prepositions, pronouns, conjunctions, the commonest
// verbs.
var sentenceWords = sync.OnceValue(func() map[string]map[string]bool {
	lists := map[string]string{
		"en": "the and with for you is of to our your this are be there from at on will must may only we it has have which just an its by or",
		"pt": "com para uma não você está são também muito perto os do da dos das ou em no na pelo pela por seu sua que há ao às mais fica bem um e",
		"es": "con para una los las está muy también cerca del el la y en por que se su hay usted puede todo desde hasta un es",
		"it": "con per una della sono anche molto vicino gli nel il di e è non delle degli dalla nella alla che più ed sul dei dal ogni questo questa un si",
		"fr": "avec pour une les est dans vous très aussi près le la des et du au nous sur votre vos leur où ce un",
		"de": "mit und der die das ist für eine nicht sehr ein zu im am von sie auf auch vom zum zur ihr bis ab den dem sich",
		"nl": "met een het voor zijn ook niet van en op naar bij wij u uw ons je kunt de is te in",
	}
	out := map[string]map[string]bool{}
	for lang, ws := range lists {
		out[lang] = map[string]bool{}
		for _, w := range Words(ws) {
			out[lang][w] = true
		}
	}
	return out
})

// ParagraphLanguage is the other language a paragraph is clearly in, ""
// when it is in want or host or its words do not say. Clearly: at least 3
// of that language's small words (lineWords, without the words every
// language uses in amenity names: "self check-in") and more than twice as
// many as of want's or host's — the lists overlap ("con", "de", "e").
func ParagraphLanguage(para, want, host string) string {
	counts := map[string]int{}
	for _, w := range Words(para) {
		if International(w) {
			continue
		}
		for _, lang := range paragraphWordLanguages()[w] {
			counts[lang]++
		}
	}
	mine := max(counts[want], counts[host])
	best, n := "", 0
	for _, lang := range []string{"en", "pt", "es", "it", "fr", "de", "nl"} {
		if lang != want && lang != host && counts[lang] > n {
			best, n = lang, counts[lang]
		}
	}
	if n >= 3 && n > 2*mine {
		return best
	}
	return ""
}

// paragraphWordLanguages are, for each word, the languages whose lineWords
// or paragraphWords hold it, each once.
var paragraphWordLanguages = sync.OnceValue(func() map[string][]string {
	idx := map[string][]string{}
	for lang := range lineWords {
		for _, w := range append(slices.Clone(lineWords[lang]), paragraphWords[lang]...) {
			if !slices.Contains(idx[w], lang) {
				idx[w] = append(idx[w], lang)
			}
		}
	}
	return idx
})

// paragraphWords are further small words only one of the languages uses,
// which tell a paragraph's language where lineWords (made for rule lines)
// share too many ("la", "de", "del").
var paragraphWords = map[string][]string{
	"en": {"we", "it", "has", "have", "which", "walk", "away", "just", "from", "an"},
	"pt": {"ao", "à", "às", "nós", "mais", "pelo", "nossa", "nosso", "fica", "bem"},
	"es": {"y", "los", "usted", "puede", "ubicado", "situado", "todo", "nuestro", "desde", "hasta"},
	"it": {"della", "delle", "degli", "dalla", "nella", "alla", "che", "più", "pochi", "città", "ed", "sul", "dei", "dal", "ogni", "questo", "questa"},
	"fr": {"et", "nous", "sur", "votre", "vos", "leur", "très", "à", "où", "ce"},
	"de": {"im", "ein", "zu", "sie", "auf", "auch", "vom", "zum", "zur", "ihr"},
	"nl": {"en", "op", "naar", "bij", "wij", "u", "uw", "ons", "je", "kunt"},
}

// lineWords are frequent small words of each language, to tell which
// language one line is in (Detect needs a paragraph).
var lineWords = map[string][]string{
	"en": {"the", "and", "with", "for", "you", "is", "of", "to", "in", "our", "no", "not", "please", "are", "be", "your", "this",
		"allowed", "keys", "turn", "off", "return", "things", "after", "before", "hours", "quiet", "there", "minimum", "age", "requirement",
		"self", "smart", "lock", "keypad", "lockbox", "building", "staff", "commercial", "photography", "children", "ages", "pets", "parties",
		"events", "smoking", "gather", "used", "towels", "trash", "check", "out", "from", "up", "at", "on", "guests", "may", "will", "must",
		"bed", "beds", "size", "sizes", "double", "queen", "king", "floor", "elevator", "located", "without", "ability", "fee", "lost",
		"cost", "required", "pay", "if", "candles", "allowed", "visitors", "noise", "music", "shoes", "inside", "outside", "only"},
	"pt": {"com", "para", "uma", "não", "você", "está", "são", "também", "muito", "perto", "os", "as", "do", "da", "dos", "das", "de",
		"ou", "em", "no", "na", "pelo", "pela", "por", "seu", "sua", "que", "é", "há", "hóspede", "hóspedes", "reserva", "casa",
		"permitido", "permitidas", "proibido", "horário", "silêncio", "chaves", "cofre", "equipe", "edifício", "idade", "fumar",
		"um", "dia", "antes", "ser", "devem", "dados", "esses", "essas", "mínimo", "valor", "cobrado", "caso", "após", "depois", "permitida"},
	"es": {"con", "para", "una", "los", "las", "está", "muy", "también", "cerca", "del", "el", "la", "de", "y", "en", "por", "que",
		"se", "su", "hay", "huéspedes", "edad", "mínima", "permite", "permiten", "prohibido", "llegada", "salida", "normas"},
	"it": {"con", "per", "una", "della", "sono", "anche", "molto", "vicino", "gli", "nel", "il", "di", "e", "è", "non", "ospiti",
		"richiesta", "età", "minima", "fare", "ammessi", "vietato", "chiavi", "alle", "dalle", "al"},
	"fr": {"avec", "pour", "une", "les", "est", "dans", "vous", "très", "aussi", "près", "le", "la", "de", "des", "et", "du", "au",
		"aucune", "restriction", "relative", "âge", "applique", "enregistrement", "animaux", "admis", "interdit", "arrivée", "départ"},
	"de": {"mit", "und", "der", "die", "das", "ist", "für", "eine", "nicht", "sehr", "ein", "zu", "im", "am", "von", "gäste",
		"keine", "erlaubt", "mindestalter", "rauchen", "haustiere", "verboten", "uhr"},
	"nl": {"met", "een", "het", "voor", "zijn", "ook", "niet", "dichtbij", "van", "jullie", "de", "is", "om", "te", "in", "jaar",
		"minimumleeftijd", "checken", "huisdieren", "toegestaan", "roken"},
}

// International reports whether w (folded) names amenities in many
// languages alike ("wifi", "tv", "sauna"): it says no language.
func International(w string) bool { return internationalWords[w] }

// SentenceWords are, by language, the small words of its grammar
// (sentenceWords), shared: a caller must not change them.
func SentenceWords() map[string]map[string]bool { return sentenceWords() }

// SmallWords are lang's small words (lineWords), shared: a caller must
// not change them.
func SmallWords(lang string) []string { return lineWords[lang] }

// IsSmallWord reports whether w is a small word of any language
// (lineWords): "the", "com", "für".
func IsSmallWord(w string) bool { return len(lineWordLanguages[w]) > 0 }
