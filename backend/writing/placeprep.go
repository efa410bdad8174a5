package writing

// "In" a place is not one word in every language: Portuguese says "em
// Arraial do Cabo" but "no Rio de Janeiro" and "na Bahia", Italian "a
// Roma" but "in Sardegna", French "à Paris" but "au Portugal". Which one a
// place takes is a fact of the name no rule tells, so copy uses the form
// the host writes ("do Rio" says "no Rio"), and where the host writes
// none, a form with no preposition ("Taperapuã · Casa…").

import (
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// inPreps are, per language whose "in" depends on the place, the
// words the host may write just before a place's name (as prose.Words
// folds them: "à" is "a"), and the "in" each implies ("do Rio" → "no").
var inPreps = map[string]map[string]string{
	"pt": {"em": "em", "de": "em", "no": "no", "do": "no", "na": "na", "da": "na", "nos": "nos", "dos": "nos", "nas": "nas", "das": "nas"},
	"it": {"a": "a", "di": "a", "da": "a", "in": "in", "nel": "nel", "del": "nel", "dal": "nel", "nella": "nella", "della": "nella", "dalla": "nella"},
	"fr": {"a": "à", "de": "à", "d": "à", "au": "au", "du": "au", "en": "en", "aux": "aux", "des": "aux"},
}

// inPlace is "in place" in the copy's language ("no Rio de Janeiro"), ""
// when the language's form depends on the place and the host's own words
// do not show it: the caller then writes a form without a preposition.
func inPlace(p phrasebook, copyLang prose.Lang, l *listing.Listing, place string) string {
	if place == "" {
		return ""
	}
	preps, depends := inPreps[copyLang.Code()]
	if !depends {
		return p.in + " " + place
	}
	if prep := hostPrep(preps, l.Title+"\n"+l.Description, place); prep != "" {
		return prep + " " + place
	}
	return ""
}

// hostPrep is the "in" the host's text implies for place: the word just
// before its first mention that says one. "" when no mention does.
func hostPrep(preps map[string]string, text, place string) string {
	ws := prose.Words(text)
	pw := prose.Words(place)
	if len(pw) == 0 {
		return ""
	}
	for i := 1; i+len(pw) <= len(ws); i++ {
		if ws[i] != pw[0] || strings.Join(ws[i:i+len(pw)], " ") != strings.Join(pw, " ") {
			continue
		}
		if prep, ok := preps[ws[i-1]]; ok {
			return prep
		}
	}
	return ""
}
