package prose

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Inflection matching. A place or word written in another case or number is the same place or
// word: "Αθήνας" (of Athens) names Αθήνα, "Berlins" names Berlin,
// "Denver's" names Denver, "piscinas" names piscina. A finding that says
// the text leaves a subject out must not miss it because of an ending, so
// words are compared by their stems: a word less one of the endings its
// language gives nouns and names for case, number and gender.

// inflectEndings are, per language we read, the endings (lower case,
// accents folded, Greek final ς written σ) its nouns and names take.
// English's are in every list: titles mix English in.
var inflectEndings = map[string][]string{
	// plural and possessive ("Denver's" is read "denvers")
	"en": {"s", "es"},
	// genitive -s/-es, weak nouns -n/-en, dative -e, the city adjective
	// -er ("Berliner", "Kölner")
	"de": {"s", "es", "n", "en", "e", "er"},
	// plural -s/-en, the adjective -e/-se ("Amsterdamse")
	"nl": {"s", "e", "en", "se"},
	// plural -s/-x, feminine -e/-es, -al/-aux ("canal", "canaux")
	"fr": {"s", "x", "e", "es", "al", "aux"},
	// gender and number: -a/-o/-e, plurals in -s/-es, -ão/-ões/-ães
	// ("estação", "estações"), -m/-ns ("garagem", "garagens")
	"pt": {"a", "o", "e", "as", "os", "es", "s", "ao", "oes", "aes", "m", "ns"},
	"es": {"a", "o", "e", "as", "os", "es", "s"},
	// gender and number: -a/-o/-e/-i (Roma, "romano", "romane")
	"it": {"a", "o", "e", "i"},
	// the first, second and third declensions' case and number endings:
	// Αθήνα/Αθήνας/Αθήνες/Αθηνών, Πλάκα/Πλάκας, Κρήτη/Κρήτης, Πειραιάς/
	// Πειραιά, Θησείο/Θησείου, σπίτι/σπιτιού, and the neuter -μα/-ματος
	// (διαμέρισμα/διαμερίσματος/διαμερίσματα).
	"el": {"α", "ασ", "εσ", "ων", "η", "ησ", "οσ", "ου", "ο", "οι", "ουσ", "ι", "ια", "ιου", "ιων", "εισ", "ιασ",
		"μα", "ματα", "ματοσ", "ματων"},
}

// Inflects reports whether the endings of lang's nouns and names are
// known: where they are not, a word is found only as written.
func Inflects(lang string) bool { return inflectEndings[lang] != nil }

// minStem is the shortest stem an ending may leave: "Rio" and "Bari" are
// not cut to "ri" and "ba", which would match any word so begun.
const minStem = 3

// endingsFor are lang's endings and English's.
func endingsFor(lang string) []string {
	if Lang(lang).IsEnglish() {
		return inflectEndings["en"]
	}
	return append(append([]string{}, inflectEndings[lang]...), inflectEndings["en"]...)
}

// stemsOf are a folded word and what is left of it after each ending it
// carries (leaving at least minStem letters): the forms it may share with
// another form of the same word.
func stemsOf(w string, ends []string) []string {
	w = strings.ReplaceAll(w, "ς", "σ")
	out := []string{w}
	n := utf8.RuneCountInString(w)
	for _, e := range ends {
		if len(e) < len(w) && strings.HasSuffix(w, e) && n-utf8.RuneCountInString(e) >= minStem {
			out = append(out, w[:len(w)-len(e)])
		}
	}
	return out
}

// sameWord reports whether two folded words are forms of one word: they
// share a stem.
func sameWord(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// Stems is a text prepared for looking up words in any of their forms.
type Stems struct {
	ends  []string
	words [][]string      // each word's stems; nil between parts
	set   map[string]bool // every stem of every word
}

// NewStems reads parts, written in lang, for lookups (no phrase spans two
// parts).
func NewStems(lang string, parts ...string) Stems {
	t := Stems{ends: endingsFor(lang), set: map[string]bool{}}
	for i, p := range parts {
		if i > 0 {
			t.words = append(t.words, nil) // no phrase spans two parts
		}
		for _, w := range Words(p) {
			st := stemsOf(w, t.ends)
			t.words = append(t.words, st)
			for _, s := range st {
				t.set[s] = true
			}
		}
	}
	return t
}

// Has reports whether phrase (the host's or a list's words, folded here)
// occurs, each of its words in any of its forms. A final "*" on a word is
// a prefix.
func (t Stems) Has(phrase string) bool {
	var ps [][]string
	for _, f := range strings.Fields(phrase) {
		if strings.HasSuffix(f, "*") {
			ws := Words(strings.TrimSuffix(f, "*"))
			if len(ws) != 1 {
				return false
			}
			ps = append(ps, []string{ws[0] + "*"})
			continue
		}
		for _, w := range Words(f) {
			ps = append(ps, stemsOf(w, t.ends))
		}
	}
	return t.hasStems(ps)
}

func (t Stems) hasStems(ps [][]string) bool {
	if len(ps) == 0 {
		return false
	}
	if len(ps) == 1 && !strings.HasSuffix(ps[0][0], "*") {
		for _, s := range ps[0] {
			if t.set[s] {
				return true
			}
		}
		return false
	}
	for i := 0; i+len(ps) <= len(t.words); i++ {
		ok := true
		for j, p := range ps {
			if !stemMatch(t.words[i+j], p) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

func stemMatch(word, p []string) bool {
	if word == nil {
		return false
	}
	if len(p) == 1 && strings.HasSuffix(p[0], "*") {
		return strings.HasPrefix(word[0], strings.TrimSuffix(p[0], "*"))
	}
	return sameWord(word, p)
}

// StemList is a phrase list with each phrase's words and their stems
// worked out once, for the lists every title is read against: its
// one-word phrases are looked up by the text's stems, the others matched.
type StemList struct {
	list  []string
	seqs  [][][]string
	one   map[string]int // a stem of a one-word phrase → the phrase's first place
	multi []int          // the places of the other phrases
	// The other phrases by their first word, for a short text (FirstOf):
	// a stem of it → their places, and those starting with a prefix
	// ("famil*"), which any text may start; both ascending.
	multiFirst  map[string][]int
	multiPrefix []int
}

// CompileStems reads list, phrases in lang's forms, once.
func CompileStems(lang string, list []string) *StemList {
	sl := &StemList{list: list, one: map[string]int{}, multiFirst: map[string][]int{}}
	ends := endingsFor(lang)
	for i, p := range list {
		var seq [][]string
		for _, f := range strings.Fields(p) {
			if strings.HasSuffix(f, "*") {
				if ws := Words(strings.TrimSuffix(f, "*")); len(ws) == 1 {
					seq = append(seq, []string{ws[0] + "*"})
				}
				continue
			}
			for _, w := range Words(f) {
				seq = append(seq, stemsOf(w, ends))
			}
		}
		sl.seqs = append(sl.seqs, seq)
		if len(seq) == 1 && !strings.HasSuffix(seq[0][0], "*") {
			for _, st := range seq[0] {
				if _, seen := sl.one[st]; !seen {
					sl.one[st] = i
				}
			}
			continue
		}
		sl.multi = append(sl.multi, i)
		switch {
		case len(seq) == 0: // matches nothing
		case strings.HasSuffix(seq[0][0], "*"):
			sl.multiPrefix = append(sl.multiPrefix, i)
		default:
			for _, st := range seq[0] {
				if ps := sl.multiFirst[st]; len(ps) == 0 || ps[len(ps)-1] != i {
					sl.multiFirst[st] = append(ps, i)
				}
			}
		}
	}
	return sl
}

// FirstOf is the first phrase of sl (in its order) that t has, in any of
// its forms.
func (t Stems) FirstOf(sl *StemList) (string, bool) {
	best := len(sl.list)
	for st := range t.set {
		if i, ok := sl.one[st]; ok && i < best {
			best = i
		}
	}
	if len(t.set) < len(sl.multi) {
		// A short text (a title): only the phrases one of its words may
		// start are tried, in the list's order — the same ones the loop
		// below tries, without reading every phrase.
		var buf [64]int
		cands := append(buf[:0], sl.multiPrefix...)
		for st := range t.set {
			cands = append(cands, sl.multiFirst[st]...)
		}
		slices.Sort(cands)
		for _, i := range cands {
			if i >= best {
				break
			}
			if t.hasStems(sl.seqs[i]) {
				best = i
				break
			}
		}
	} else {
		for _, i := range sl.multi {
			if i >= best {
				break
			}
			seq := sl.seqs[i]
			if len(seq) == 0 || !t.mayStart(seq[0]) {
				continue
			}
			if t.hasStems(seq) {
				best = i
				break
			}
		}
	}
	if best == len(sl.list) {
		return "", false
	}
	return sl.list[best], true
}

// mayStart: a phrase whose first word t has in no form is not in t.
func (t Stems) mayStart(first []string) bool {
	if strings.HasSuffix(first[0], "*") {
		return true
	}
	for _, st := range first {
		if t.set[st] {
			return true
		}
	}
	return false
}

// HasAny is the first of phrases t has.
func (t Stems) HasAny(phrases ...string) (string, bool) {
	for _, p := range phrases {
		if t.Has(p) {
			return p, true
		}
	}
	return "", false
}
