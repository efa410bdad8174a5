package writing

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
)

// The grounding check: closed-world, the last family every piece of copy
// passes. After grammar and the reviewed style words (neutral.go), every
// word of copy must be grounded in the listing's fact sheet
// (factsheet.go) — inflection-aware in the alphabetic languages, by
// substring in Chinese and Japanese — with the polarity the copy gives
// it: "con ascensore" is refused where the host writes "senza
// ascensore", "No pets" where pets are allowed. Numbers are the numbers
// family's (check_numbers.go), which holds each to a fact with its
// meaning. Whatever kind of claim a word makes, it is refused unless the
// listing makes it: the families before this one say precisely why for the
// kinds of invention they know; this one refuses the rest.

// Grounding errors.
var (
	ErrUngrounded  = errors.New("says what the listing does not state")
	ErrContradicts = errors.New("contradicts the listing")
)

// checkGrounded refuses s when a word of it is not grounded in the fact
// sheet, or is grounded only with the opposite polarity.
func (v *validator) checkGrounded(s string, _ Part) error {
	if v.req.Listing == nil {
		return nil
	}
	return v.sheet.Ground(s)
}

// Ground checks one piece of copy against the fact sheet: nil when every
// word is grounded with its polarity, else an error naming the first words
// that are not (at most three).
func (fs *FactSheet) Ground(s string) error {
	var missing, against []string
	seen := map[string]bool{}
	neutral := neutralWords(fs.langs)
	numbers := allNumberWords()
	for _, sent := range analysis.Sentences(s) {
		for _, pw := range polarWords(sent, fs.Language) {
			w := pw.word
			if seen[w] || neutral[w] || numbers[w] || isNumberToken(w) {
				continue
			}
			if hasCJK(w) {
				if gap := fs.uncoveredCJK(w); gap != "" && !seen[gap] {
					seen[gap] = true
					missing = append(missing, gap)
				}
				continue
			}
			p, ok := fs.lookup(w)
			switch {
			case !ok:
				missing = append(missing, w)
			case pw.negated && p&Denied == 0:
				against = append(against, "no "+w)
			case !pw.negated && p&Offered == 0:
				against = append(against, w)
			default:
				continue
			}
			seen[w] = true
		}
	}
	if len(against) > 0 {
		return fmt.Errorf("%w: %s (the listing says otherwise)", ErrContradicts, quoteWords(against))
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: %s", ErrUngrounded, quoteWords(missing))
	}
	return nil
}

func quoteWords(ws []string) string {
	if len(ws) > 3 {
		ws = ws[:3]
	}
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = fmt.Sprintf("%q", w)
	}
	return strings.Join(q, ", ")
}

// lookup is the polarities w is read with in the fact sheet, as written
// or as an inflected form of a word of it; ok false when no form is.
func (fs *FactSheet) lookup(w string) (Polarity, bool) {
	if p, ok := fs.words[w]; ok {
		return p, true
	}
	// Plural and singular: "beds" for "bed", "casas" for "casa".
	for _, suf := range []string{"s", "es"} {
		if p, ok := fs.words[strings.TrimSuffix(w, suf)]; ok && strings.HasSuffix(w, suf) {
			return p, true
		}
		if p, ok := fs.words[w+suf]; ok {
			return p, true
		}
	}
	var p Polarity
	found := false
	if k := stemKey(w); k != "" {
		for _, c := range fs.byStem[k] {
			if sameStem(w, c) {
				p |= fs.words[c]
				found = true
			}
		}
	}
	if found {
		return p, true
	}
	// A compound of two grounded words ("Meerblick" from "Meer" and
	// "Blick", "Strandnähe", "wifi" from "wi" "fi").
	rs := []rune(w)
	for i := 3; i <= len(rs)-3; i++ {
		head, tail := string(rs[:i]), string(rs[i:])
		ph, okh := fs.words[head]
		if !okh {
			ph, okh = fs.words[strings.TrimSuffix(head, "s")]
		}
		if !okh {
			continue
		}
		if pt, ok := fs.lookupPlain(tail); ok {
			return ph & pt, ph&pt != 0
		}
	}
	return 0, false
}

// lookupPlain is lookup without compounds.
func (fs *FactSheet) lookupPlain(w string) (Polarity, bool) {
	if p, ok := fs.words[w]; ok {
		return p, true
	}
	var p Polarity
	found := false
	if k := stemKey(w); k != "" {
		for _, c := range fs.byStem[k] {
			if sameStem(w, c) {
				p |= fs.words[c]
				found = true
			}
		}
	}
	return p, found
}

// sameStem reports whether a and b are forms of one word: they share a
// stem of at least four letters (and all but the last three of the
// shorter), and each ends in at most four letters beyond it — the endings
// of Greek, German and the Romance languages ("Αθήνα", "Αθήνας";
// "renovado", "renovada"; "Garten", "Gartens"). Four-letter words are
// matched whole: "king" is no form of "kingdom".
func sameStem(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	n := 0
	for n < len(ra) && n < len(rb) && ra[n] == rb[n] {
		n++
	}
	short := min(len(ra), len(rb))
	if short < 5 || n < 4 || n < short-3 {
		return false
	}
	return len(ra)-n <= 4 && len(rb)-n <= 4
}

// uncoveredCJK is the first part of a Chinese or Japanese run of copy
// that the host's text does not contain, "" when all of it is the host's:
// each stretch of ideographs and katakana must be a substring of the
// host's text (two characters or more, or one the host writes); kana
// particles and punctuation are grammar.
func (fs *FactSheet) uncoveredCJK(w string) string {
	rs := []rune(w)
	for i := 0; i < len(rs); {
		if unicode.In(rs[i], unicode.Hiragana) || !isCJK(rs[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(rs) && isCJK(rs[j]) && !unicode.In(rs[j], unicode.Hiragana) {
			j++
		}
		// The stretch rs[i:j]: cover it with the longest pieces the host
		// wrote.
		for k := i; k < j; {
			best := 0
			for e := j; e > k; e-- {
				if strings.Contains(fs.cjk, string(rs[k:e])) {
					best = e - k
					break
				}
			}
			if best == 0 {
				return string(rs[i:j])
			}
			k += best
		}
		i = j
	}
	return ""
}

// polarWord is a word of a sentence and whether the sentence denies it.
type polarWord struct {
	word    string
	negated bool
}

func (p polarWord) polarity() Polarity {
	if p.negated {
		return Denied
	}
	return Offered
}

// polarWords are the words of a sentence, each with whether a negation
// reaches it: a cue denies up to the next three words that are not
// grammar, within its clause, until a word that ends its reach ("no
// smoking near the pool"); a prohibition in a clause ("not allowed",
// "nicht erlaubt", "vietato", "interdit") denies the words before it
// ("Haustiere sind nicht erlaubt"); a word that forbids ("proibido",
// "vietato", "interdit") denies its whole clause.
func polarWords(s, lang string) []polarWord {
	cues := append(negationCues(lang), moreNegationCues(lang)...)
	stops := negationStopWords()
	grammar := neutralWords([]string{lang, "en"})
	var out []polarWord
	for _, ws := range clauseWords(s) {
		neg := make([]bool, len(ws))
		for i := 0; i < len(ws); i++ {
			n := cueAt(ws, i, cues)
			if n == 0 {
				continue
			}
			// A prohibition: the cue with a word of permission after it,
			// or a word that forbids by itself.
			if i+n < len(ws) && permissionWords[ws[i+n]] || i+n+1 < len(ws) && permissionWords[ws[i+n+1]] {
				for k := 0; k < i; k++ {
					neg[k] = true
				}
			}
			reach := 0
			for j := i + n; j < len(ws) && reach < 3; j++ {
				if stops[ws[j]] && j > i+n {
					break
				}
				neg[j] = true
				if !grammar[ws[j]] {
					reach++
				}
			}
			i += n - 1
		}
		for _, w := range ws {
			if prohibitionWords[w] {
				// "Smoking is prohibited", "Proibido fumar": the
				// clause is denied, whichever side the word is on.
				for k := range neg {
					neg[k] = true
				}
			}
		}
		for i, w := range ws {
			out = append(out, polarWord{w, neg[i]})
		}
	}
	return out
}

// moreNegationCues deny in a sentence as negationWords do, but deny no
// feature by themselves in the amenity checks' reading: "Niente feste",
// "nunca", "jamais".
func moreNegationCues(lang string) [][]string {
	var out [][]string
	for _, c := range strings.Fields(map[string]string{"en": "none", "pt": "nunca nada", "es": "nada nunca", "it": "niente mai nulla",
		"fr": "jamais rien", "de": "nie niemals"}[lang]) {
		out = append(out, []string{c})
	}
	return out
}

// cueAt is the length of the negation cue at ws[i], 0 for none.
func cueAt(ws []string, i int, cues [][]string) int {
	for _, c := range cues {
		if len(c) > 0 && i+len(c) <= len(ws) && wordsAt(ws, i, c) {
			return len(c)
		}
	}
	return 0
}

// permissionWords follow a negation to forbid what came before it: "pets
// are not allowed", "não são permitidos", "nicht erlaubt".
var permissionWords = foldSet("allowed permitted accepted welcome included available authorised authorized " +
	"permitido permitidos permitida permitidas aceitos aceitas incluído incluída disponível " +
	"permitido permitidos permitida permitidas aceptados aceptadas admitidos incluido incluida disponible " +
	"consentito consentiti consentita consentite ammesso ammessi ammessa ammesse accettati incluso inclusa disponibile " +
	"autorisé autorisés autorisée autorisées admis admises acceptés accepté inclus incluse disponible " +
	"erlaubt gestattet zugelassen inklusive inbegriffen verfügbar")

// prohibitionWords forbid by themselves what their clause names before
// them.
var prohibitionWords = foldSet("forbidden prohibited banned proibido proibida proibidos proibidas vedado prohibido prohibida " +
	"prohibidos prohibidas vietato vietata vietati vietate interdit interdite interdits interdites verboten untersagt")

func foldSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range analysis.Words(words) {
		m[w] = true
	}
	return m
}

// neutralWords are the stop and style words of langs, folded, built once
// per set of languages.
func neutralWords(langs []string) map[string]bool {
	key := strings.Join(langs, ",")
	if m, ok := neutralCache.Load(key); ok {
		return m.(map[string]bool)
	}
	m := map[string]bool{}
	for _, lang := range langs {
		for _, w := range analysis.Words(grammarWords[lang] + " " + styleWords[lang]) {
			m[w] = true
		}
	}
	for _, w := range analysis.Words(unitWordList) {
		m[w] = true
	}
	// Permission and prohibition carry a rule's polarity, which the
	// words they govern are checked with: they state nothing alone.
	for w := range permissionWords {
		m[w] = true
	}
	for w := range prohibitionWords {
		m[w] = true
	}
	for _, lang := range langs {
		for _, c := range append(negationCues(lang), moreNegationCues(lang)...) {
			for _, w := range c {
				m[w] = true
			}
		}
	}
	neutralCache.Store(key, m)
	return m
}

var neutralCache sync.Map

// allNumberWords are the number words of every language, which the
// numbers family checks.
var allNumberWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for w := range numberWordsOf([]string{"en", "pt", "es", "it", "fr", "de"}) {
		m[w] = true
	}
	return m
})

// isNumberToken reports a word with a digit ("64", "2br", "m2", "１２").
func isNumberToken(w string) bool {
	for len(w) > 0 {
		r, n := utf8.DecodeRuneInString(w)
		if unicode.IsDigit(r) {
			return true
		}
		w = w[n:]
	}
	return false
}
