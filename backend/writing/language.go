package writing

import (
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
)

// The copy's language is decided here, once: a listing whose language has
// a phrasebook gets all its copy in that language; any other gets all its
// copy in English, with the host's own words in another language quoted.

// copyLanguage is the language the copy is written in: the listing's when
// it has a phrasebook, else "en".
func copyLanguage(l *listing.Listing) string {
	if _, ok := phrasebookFor(l); ok {
		return l.Language
	}
	return "en"
}

// listingLanguage is the listing's language, "en" for English.
func listingLanguage(l *listing.Listing) string {
	if l == nil || l.Language == "" {
		return "en"
	}
	return l.Language
}

// lineLanguage is the language one short line is in, by its small words
// and letters; "" when they do not say ("8:00 PM–10:00 PM: €25").
func lineLanguage(s string) string {
	counts := map[string]int{}
	for _, w := range analysis.Words(s) {
		for lang, words := range lineWords {
			for _, lw := range words {
				if w == lw {
					counts[lang]++
				}
			}
		}
	}
	lower := strings.ToLower(s)
	for lang, letters := range map[string]string{"pt": "ãõç", "es": "ñ¿¡", "de": "ßäöü", "fr": "çêœû", "it": "ò"} {
		if strings.ContainsAny(lower, letters) {
			counts[lang]++
		}
	}
	best, n, tie := "", 0, false
	for _, lang := range []string{"en", "pt", "es", "it", "fr", "de", "nl"} {
		switch c := counts[lang]; {
		case c > n:
			best, n, tie = lang, c, false
		case c == n && c > 0:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

// inLanguage reports whether a line of the host's (a rule, an amenity
// name) may stand in copy written in lang: it is in lang, or its words
// belong to no language.
func inLanguage(s, lang string) bool {
	got := lineLanguage(s)
	return got == "" || got == lang
}

// amenityListLanguage is the language the page lists amenities in: the
// site's, which may not be the host's (airbnb.com lists "Pool", "Washer"
// in English under a Portuguese description). It is English when most
// names are the catalog's English labels or English words.
func amenityListLanguage(l *listing.Listing) string {
	english, total := 0, 0
	for _, a := range l.Amenities {
		if !a.Available {
			continue
		}
		total++
		k := analysis.CanonicalAmenity(a.Name)
		d, _ := analysis.Amenity(k)
		if (k != "" && strings.EqualFold(strings.TrimSpace(a.Name), d.Label)) || lineLanguage(a.Name) == "en" {
			english++
		}
	}
	if total > 0 && english*2 > total {
		return "en"
	}
	return listingLanguage(l)
}

// quote puts the host's own words in quotation marks, for English copy
// that names them in another language.
func quote(s string) string { return "\u201c" + s + "\u201d" }
