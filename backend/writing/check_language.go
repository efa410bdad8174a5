package writing

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
)

// languageFacts are what the language checks read of the listing: the
// language its copy is written in (copyLanguage: the listing's where a
// phrasebook exists, else English) and the words in another script its own
// text uses, which copy may quote ("Αθήνα" in an English description of a
// Greek listing).
type languageFacts struct {
	want string
	// host is the language of the listing's own description: copy in
	// English for a listing in a language without a phrasebook keeps the
	// host's sentences in it (the built-in writer cannot translate them).
	host       string
	ownForeign map[string]bool
	// ownText is the listing's own text: Chinese and Japanese write
	// without spaces, so a name copy quotes ("三ノ輪駅") is a part of
	// the host's words, not one of them.
	ownText string
}

func newLanguageFacts(req Request) languageFacts {
	f := languageFacts{want: "en", ownForeign: map[string]bool{}}
	l := req.Listing
	if l == nil {
		return f
	}
	f.want = copyLanguage(l)
	f.host = f.want
	if l.Description != "" {
		f.host = analysis.TextLanguage(l, l.Description)
	}
	parts := []string{l.Title, l.Description, l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country,
		strings.Join(l.Highlights, "\n"), strings.Join(l.HouseRules.Rules, "\n")}
	for _, a := range l.Amenities {
		parts = append(parts, a.Name)
	}
	f.ownText = strings.Join(parts, "\n")
	for _, w := range foreignWords(f.ownText) {
		f.ownForeign[w] = true
	}
	return f
}

// minParagraphWords is the shortest paragraph whose language is judged:
// a heading or a line of amenity names says too little.
const minParagraphWords = 8

// checkLanguage checks that s is in the copy's language, as a whole and
// paragraph by paragraph (a Portuguese description with an English
// paragraph mixes languages), and in its script: letters of another script
// only in words the listing's own text uses.
func (v *validator) checkLanguage(s string, p Part) error {
	want := v.lang.want
	if p == PartKindTitle {
		if listing.NonLatin(s) {
			// Copy is written in Latin-script languages only: a title
			// mixing scripts ("Studio in Αθήνα") reads as a mistake.
			return fmt.Errorf("%w: letters outside the Latin script", ErrMixedScript)
		}
		// A title is too short to weigh as a whole: lineLanguage answers
		// only when its small words clearly say.
		if got := lineLanguage(s); got != "" && got != want {
			return fmt.Errorf("%w: the title reads as %s, the copy is in %s", ErrLanguage, analysis.LanguageName(got), analysis.LanguageName(want))
		}
		return nil
	}
	for _, w := range foreignWords(s) {
		if !v.lang.ownForeign[w] && !(hasCJK(w) && strings.Contains(v.lang.ownText, w)) {
			return fmt.Errorf("%w: %q is in another script than the copy's", ErrMixedScript, w)
		}
	}
	ok := func(lang string) bool { return lang == want || lang == v.lang.host }
	text := unquoted(s)
	if got := listing.DetectLanguage(want, text); !ok(got) {
		return fmt.Errorf("%w: reads as %s, the copy is in %s", ErrLanguage, analysis.LanguageName(got), analysis.LanguageName(want))
	}
	for _, para := range strings.Split(text, "\n") {
		if analysis.WordCount(para) < minParagraphWords {
			continue
		}
		if got := paragraphLanguage(para, want, v.lang.host); got != "" {
			return fmt.Errorf("%w: a paragraph reads as %s, the copy is in %s: %q", ErrLanguage, analysis.LanguageName(got), analysis.LanguageName(want), analysis.CutRunes(para, 60))
		}
	}
	return nil
}

// paragraphLanguage is the other language a paragraph is clearly in, ""
// when it is in want or host or its words do not say. Clearly: at least 3
// of that language's small words (lineWords, without the words every
// language uses in amenity names: "self check-in") and more than twice as
// many as of want's or host's — the lists overlap ("con", "de", "e").
func paragraphLanguage(para, want, host string) string {
	counts := map[string]int{}
	for _, w := range analysis.Words(para) {
		if internationalWords[w] {
			continue
		}
		for lang, words := range lineWords {
			if slices.Contains(words, w) || slices.Contains(paragraphWords[lang], w) {
				counts[lang]++
			}
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

// foreignWords are the words of s with a letter outside the Latin script,
// in lower case.
func foreignWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }) {
		if listing.NonLatin(w) {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// unquoted is s without the host's words English copy quotes (“…”), which
// are in the host's language by design.
func unquoted(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch r {
		case '\u201c':
			depth++
			continue
		case '\u201d':
			if depth > 0 {
				depth--
				continue
			}
		}
		if depth == 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}
