package analysis

import (
	"strings"
	"sync"
	"unicode"

	"github.com/listinglift/listinglift/backend/prose"
)

// text is a piece of text prepared for phrase lookups.
type text struct {
	words []string
	set   map[string]bool
}

func newText(parts ...string) text {
	t := text{set: map[string]bool{}}
	for _, p := range parts {
		ws := prose.Words(p)
		// A sentinel between parts keeps phrases from spanning two parts.
		if len(t.words) > 0 {
			t.words = append(t.words, "\x00")
		}
		t.words = append(t.words, ws...)
	}
	for _, w := range t.words {
		t.set[w] = true
	}
	return t
}

// has reports whether the phrase (space-separated lower-case words) occurs
// as consecutive words. A phrase word ending in "*" matches any word with
// that prefix ("famil*" matches "family" and "families").
func (t text) has(phrase string) bool {
	if !strings.ContainsAny(phrase, " \t\n*") {
		return phrase != "" && t.set[phrase] // one word: most phrases
	}
	return t.hasWords(phraseWords(phrase))
}

// hasWords is has for a phrase already split into words.
func (t text) hasWords(ps []string) bool {
	if len(ps) == 0 {
		return false
	}
	if len(ps) == 1 && !strings.HasSuffix(ps[0], "*") {
		return t.set[ps[0]]
	}
	for i := 0; i+len(ps) <= len(t.words); i++ {
		ok := true
		for j, p := range ps {
			if !wordMatch(t.words[i+j], p) {
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

// count returns how many times phrase occurs.
func (t text) count(phrase string) int {
	ps := phraseWords(phrase)
	n := 0
	for i := 0; i+len(ps) <= len(t.words) && len(ps) > 0; i++ {
		ok := true
		for j, p := range ps {
			if !wordMatch(t.words[i+j], p) {
				ok = false
				break
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// hasAny reports whether any of the phrases occurs, and returns the first
// that does.
func (t text) hasAny(phrases ...string) (string, bool) {
	for _, p := range phrases {
		if t.has(p) {
			return p, true
		}
	}
	return "", false
}

// phraseList is a list of phrases read once, for texts that are asked
// about the same list many times (every title a writer tries): its
// one-word phrases are looked up by the text's words, the others matched.
type phraseList struct {
	list      []string
	words     map[string]int // a one-word phrase → its first place in list
	multi     []int          // the places of the other phrases
	multiSeqs [][]string     // and their words
}

func compilePhrases(ps []string) *phraseList {
	pl := &phraseList{list: ps, words: map[string]int{}}
	for i, p := range ps {
		if !strings.ContainsAny(p, " \t\n*") && p != "" {
			if _, seen := pl.words[p]; !seen {
				pl.words[p] = i
			}
			continue
		}
		pl.multi = append(pl.multi, i)
		pl.multiSeqs = append(pl.multiSeqs, strings.Fields(p))
	}
	return pl
}

// firstOf is hasAny over a compiled list: the first of its phrases (in
// the list's order) that t has.
func (t text) firstOf(pl *phraseList) (string, bool) {
	best := len(pl.list)
	for w := range t.set {
		if i, ok := pl.words[w]; ok && i < best {
			best = i
		}
	}
	for k, i := range pl.multi {
		if i >= best {
			break
		}
		ps := pl.multiSeqs[k]
		// A phrase whose first word the text lacks is not in it.
		if len(ps) == 0 || (!strings.HasSuffix(ps[0], "*") && !t.set[ps[0]]) {
			continue
		}
		if t.hasWords(ps) {
			best = i
			break
		}
	}
	if best == len(pl.list) {
		return "", false
	}
	return pl.list[best], true
}

// phraseCache holds split phrases: the analyzers look up the same few
// hundred phrases over and over.
var phraseCache sync.Map // string → []string

func phraseWords(phrase string) []string {
	if v, ok := phraseCache.Load(phrase); ok {
		return v.([]string)
	}
	ps := strings.Fields(phrase)
	phraseCache.Store(phrase, ps)
	return ps
}

func wordMatch(w, p string) bool {
	if strings.HasSuffix(p, "*") {
		return strings.HasPrefix(w, p[:len(p)-1])
	}
	return w == p
}

// capsAllowed are upper-case abbreviations that are normal in listing
// titles and are not shouting.
var capsAllowed = map[string]bool{
	"BBQ": true, "NYC": true, "USA": true, "HDTV": true, "DC": true, "LA": true, "SF": true,
	"UK": true, "EV": true, "AC": true, "TV": true, "BR": true, "BA": true, "RV": true,
	"DT": true, "II": true, "III": true, "IV": true, "UNESCO": true, "SUNY": true, "RPI": true,
	"NY": true, "NJ": true, "CA": true, "FL": true, "TX": true, "MA": true, "WA": true, "UCLA": true,
	"NYU": true, "MIT": true, "JFK": true, "LAX": true, "SFO": true, "ATL": true, "ORD": true,
	"KM": true, "MBPS": true, "USB": true, "4K": true, "A/C": true, "W/D": true,
}

// CapsWords returns the words of s written in capitals that read as
// shouting: at least three letters, every letter upper case, and not a
// common abbreviation (BBQ, NYC, HDTV…).
func CapsWords(s string) []string {
	var out, short []string
	long := false
	for _, f := range strings.FieldsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '/' || r == '\'' || r == '&')
	}) {
		letters, upper := 0, 0
		for _, r := range f {
			if unicode.IsLetter(r) {
				letters++
				if unicode.IsUpper(r) {
					upper++
				}
			}
		}
		// Three capitals alone are an abbreviation ("IPA" for Ipanema,
		// "NYC"), not shouting; beside a longer shouted word ("AMAZING
		// HOT TUB") they shout too.
		if letters >= 3 && upper == letters && !capsAllowed[f] && strings.Trim(f, "IVXLCDM") != "" { // a Roman numeral (século XVII) is no shouting
			out = append(out, f)
			if letters == 3 {
				short = append(short, f)
			} else {
				long = true
			}
		}
	}
	if !long && len(short) == len(out) {
		return nil
	}
	return out
}

// Syllables estimates the syllables of an English word: groups of vowels,
// less a silent final "e", at least one.
func Syllables(word string) int {
	return syllablesIn(strings.ToLower(word), "aeiouy", true)
}

// FleschReadingEase is 206.835 − 1.015·(words/sentences) − 84.6·(syllables/words),
// Flesch's 1948 formula: 60–70 is plain English, above 70 easy, below 50
// hard. It returns 0 and false for text without words.
func FleschReadingEase(s string) (float64, bool) {
	sents := prose.Sentences(s)
	words, syl := 0, 0
	for _, sent := range sents {
		for _, w := range prose.Words(sent) {
			if !hasLetter(w) {
				continue
			}
			words++
			syl += Syllables(w)
		}
	}
	if words == 0 || len(sents) == 0 {
		return 0, false
	}
	return 206.835 - 1.015*float64(words)/float64(len(sents)) - 84.6*float64(syl)/float64(words), true
}

func hasLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}
