package prose

import (
	"strings"
	"unicode"
)

// Lang is a language as its two-letter ISO 639-1 code ("pt"). The zero
// value is English, the report's own language: a listing read in English
// keeps none (its stored JSON has no "language"), so a reader never
// compares with "" or "en" itself but asks Code, the one place the rule
// is kept.
type Lang string

// English is the report's own language, which copy falls back to.
const English Lang = "en"

// Code is l's two-letter code, "en" for the zero value.
func (l Lang) Code() string {
	if l == "" {
		return string(English)
	}
	return string(l)
}

// IsEnglish reports whether l is English (or the zero value).
func (l Lang) IsEnglish() bool { return l.Code() == string(English) }

// Name is the English name of l ("pt" → "Portuguese"), as the report
// writes it; a code it does not name is said as such.
func (l Lang) Name() string {
	code := l.Code()
	if n, ok := languageNames[code]; ok {
		return n
	}
	return "a language ListingLift does not name (" + code + ")"
}

// languageNames name languages in the report's English.
var languageNames = map[string]string{
	"en": "English", "es": "Spanish", "pt": "Portuguese", "fr": "French", "de": "German", "it": "Italian",
	"nl": "Dutch", "el": "Greek", "ja": "Japanese", "zh": "Chinese", "ko": "Korean", "ru": "Russian",
	"ar": "Arabic", "he": "Hebrew", "th": "Thai", "pl": "Polish", "sv": "Swedish", "da": "Danish",
	"fi": "Finnish", "cs": "Czech", "tr": "Turkish", "hu": "Hungarian", "ro": "Romanian", "ca": "Catalan",
}

// languageWords are frequent function words of each language, for telling
// a listing's language from its text when the page does not say.
var languageWords = map[string][]string{
	"en": {"the", "and", "with", "for", "you", "is", "of", "to", "in", "our"},
	"pt": {"com", "para", "uma", "não", "você", "está", "são", "também", "muito", "perto"},
	"es": {"con", "para", "una", "los", "las", "está", "muy", "también", "cerca", "del"},
	"it": {"con", "per", "una", "della", "sono", "anche", "molto", "vicino", "gli", "nel", "di", "che"},
	"fr": {"avec", "pour", "une", "les", "est", "dans", "vous", "très", "aussi", "près"},
	"de": {"mit", "und", "der", "die", "das", "ist", "für", "eine", "nicht", "sehr"},
	"nl": {"met", "een", "het", "voor", "zijn", "ook", "niet", "dichtbij", "van", "jullie"},
}

// Detect is text's language as a two-letter code: the language whose
// frequent words it uses most (at least 3 of them), since a page's lang
// attribute says the site's language, which may not be the host's
// ("lang=fr" on an English description); else pageLang ("pt-BR" → "pt");
// else "en".
func Detect(pageLang, text string) string {
	counts := languageCounts(text)
	best, n := "", 2
	for _, lang := range []string{"en", "pt", "es", "it", "fr", "de", "nl"} {
		if counts[lang] > n {
			best, n = lang, counts[lang]
		}
	}
	if best != "" {
		return best
	}
	if l := strings.ToLower(strings.TrimSpace(pageLang)); len(l) >= 2 {
		return l[:2]
	}
	return "en"
}

// languageCounts counts, per language, the frequent words of it text uses.
func languageCounts(text string) map[string]int {
	counts := map[string]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r > 127)
	}) {
		for _, lang := range languageWordIndex[w] {
			counts[lang]++
		}
	}
	return counts
}

// languageWordIndex is languageWords by word (a word two languages share
// counts for both).
var languageWordIndex = byWord(languageWords)

// byWord indexes word lists by word: the languages whose list holds it,
// once per listing, so a text's words are each looked up once.
func byWord(lists map[string][]string) map[string][]string {
	idx := map[string][]string{}
	for lang, words := range lists {
		for _, w := range words {
			idx[w] = append(idx[w], lang)
		}
	}
	return idx
}

// Shows reports whether text itself uses a frequent word of lang, more of
// them than of any other language Detect knows: the text is in lang on
// its own evidence, not by the page's say-so. A text with none (a
// Croatian or Polish title on airbnb.com, whose page says "en") is in no
// language ListingLift can claim to have read.
func Shows(lang, text string) bool {
	counts := languageCounts(text)
	n := counts[lang]
	if n == 0 {
		return false
	}
	for other, m := range counts {
		if other != lang && m > n {
			return false
		}
	}
	return true
}

// TextLanguage is the language of s, a piece of a listing's own text, as
// a two-letter code: the script's when it is not Latin ("el" for Greek,
// "ja" for Japanese…), else the language whose frequent words s uses
// (Detect), else page, the listing's language. A description is read in
// its own language, which may not be the page's or the title's.
func TextLanguage(page Lang, s string) string {
	if code := Script(s); code != "" {
		return code
	}
	return Detect(page.Code(), s)
}

// Script names the language of text mostly written in a script other
// than Latin, "" for Latin text (or none).
func Script(s string) string {
	counts := map[string]int{}
	letters := 0
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		letters++
		switch {
		case unicode.Is(unicode.Latin, r):
			counts["latin"]++
		case unicode.Is(unicode.Greek, r):
			counts["el"]++
		case unicode.Is(unicode.Hiragana, r), unicode.Is(unicode.Katakana, r):
			counts["ja"]++
		case unicode.Is(unicode.Han, r):
			counts["zh"]++
		case unicode.Is(unicode.Hangul, r):
			counts["ko"]++
		case unicode.Is(unicode.Cyrillic, r):
			counts["ru"]++
		case unicode.Is(unicode.Arabic, r):
			counts["ar"]++
		case unicode.Is(unicode.Hebrew, r):
			counts["he"]++
		case unicode.Is(unicode.Thai, r):
			counts["th"]++
		default:
			counts["und"]++
		}
	}
	if letters == 0 || counts["latin"]*2 >= letters {
		return ""
	}
	if counts["ja"] > 0 {
		// Japanese mixes kana with Han characters; Chinese has no kana.
		return "ja"
	}
	best, n := "und", 0
	for _, code := range []string{"el", "zh", "ko", "ru", "ar", "he", "th", "und"} {
		if counts[code] > n {
			best, n = code, counts[code]
		}
	}
	return best
}
