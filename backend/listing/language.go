package listing

import "strings"

// Languages the copy writers have templates for, besides English.
var CopyLanguages = map[string]bool{"pt": true, "es": true, "it": true, "fr": true, "de": true}

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

// DetectLanguage is the listing's language as a two-letter code: the
// language whose frequent words its text uses most (at least 3 of them),
// since a page's lang attribute says the site's language, which may not be
// the host's ("lang=fr" on an English description); else the page's lang
// ("pt-BR" → "pt"); else "en".
func DetectLanguage(pageLang, text string) string {
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
		for lang, words := range languageWords {
			for _, lw := range words {
				if w == lw {
					counts[lang]++
				}
			}
		}
	}
	return counts
}

// TextShowsLanguage reports whether text itself uses a frequent word of
// lang, more of them than of any other language DetectLanguage knows: the
// text is in lang on its own evidence, not by the page's say-so. A text
// with none (a Croatian or Polish title on airbnb.com, whose page says
// "en") is in no language ListingLift can claim to have read.
func TextShowsLanguage(lang, text string) bool {
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

// SetLanguage records l's language from the page's lang attribute and its
// text; English, the report's own language, is left empty.
func (l *Listing) SetLanguage(pageLang string) {
	if lang := DetectLanguage(pageLang, l.Title+"\n"+l.Description); lang != "en" {
		l.Language = lang
	}
}
