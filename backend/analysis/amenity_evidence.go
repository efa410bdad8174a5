package analysis

import (
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// amenityLanguageNames say the catalogue's languages in the report's words.
var amenityLanguageNames = map[string]string{
	"en": "English", "pt": "Portuguese", "es": "Spanish", "it": "Italian", "fr": "French", "de": "German", "nl": "Dutch", "el": "Greek",
}

// englishNames are each entry's English names as written in Catalog,
// before the other languages' names are added to Match (catalog_i18n.go).
var englishNames = map[string][]string{}

// amenityAssessment says whether an absence may be stated: only when the
// page's amenity list was read whole and in a language the catalogue
// reads. Otherwise why is the reason, said to the host.
func amenityAssessment(l *listing.Listing) (ok bool, code, why string) {
	switch {
	case !l.Has(listing.FieldAmenities) && len(l.Amenities) == 0:
		return false, "amenities.unread", "the amenity list could not be read"
	case l.IsPartial(listing.FieldAmenities) || showsMoreButton(l):
		shown := l.Partial[listing.FieldAmenities]
		if shown == "" {
			shown = "a short list"
		}
		return false, "amenities.partial", fmt.Sprintf("only part of the amenity list was read (%s), not everything the property offers", shown)
	case !amenityLanguageKnown(l.Language.Code()):
		return false, "amenities.language", fmt.Sprintf("the listing is in a language (%q) whose amenity names we do not read yet", l.Language)
	}
	listed, known := 0, 0
	for _, a := range l.Amenities {
		if !a.Available {
			continue
		}
		listed++
		if AmenityKey(l, a) != "" {
			known++
		}
	}
	if listed >= 5 && known == 0 {
		return false, "amenities.language", fmt.Sprintf("none of the %d amenity names on the page is one we recognise, so they are probably in a language we do not read yet", listed)
	}
	return true, "", ""
}

// featureEvidence is the evidence for a feature of l: ev is what
// ListingFeatures recorded ("amenity list: Allarme antincendio", "listing
// text mentions \"desk\""), key what it was counted as.
func featureEvidence(l *listing.Listing, key, ev string) Evidence {
	label := key
	if d := catalogByKey[key]; d != nil {
		label = d.Label
	}
	note := "counted as " + label
	switch {
	case strings.HasPrefix(ev, "amenity list: "):
		return Read(l, listing.FieldAmenities, Quote(strings.TrimPrefix(ev, "amenity list: ")), note)
	case strings.HasPrefix(ev, "listing highlight: "):
		return Read(l, listing.FieldHighlights, Quote(strings.TrimPrefix(ev, "listing highlight: ")), note)
	case strings.HasPrefix(ev, "house rules: "):
		return Read(l, listing.FieldHouseRules, strings.TrimPrefix(ev, "house rules: "), note)
	case strings.HasPrefix(ev, "listing text mentions "):
		field, rest := mentionField(ev)
		if field != listing.FieldDescription {
			return Read(l, field, strings.TrimPrefix(rest, "listing text mentions "), note+" (the host's own words name it)")
		}
		return Read(l, listing.FieldDescription, strings.TrimPrefix(ev, "listing text mentions "), note+" (the title or description mentions it)")
	}
	return Read(l, listing.FieldAmenities, ev, note)
}

// notIncludedEvidence is the evidence that the page lists key as not
// included, in its own words.
func notIncludedEvidence(l *listing.Listing, key, name string) Evidence {
	if strings.HasPrefix(name, "house rules: ") {
		return Read(l, listing.FieldHouseRules, strings.TrimPrefix(name, "house rules: "), "counted as no "+catalogByKey[key].Label)
	}
	return Read(l, listing.FieldAmenities, Quote(name), "listed as not included: counted as no "+catalogByKey[key].Label)
}

// missingEvidence is the evidence for an amenity the whole list does not
// name: which names were looked for, in English and the listing's
// language.
func missingEvidence(l *listing.Listing, key string) Evidence {
	d := catalogByKey[key]
	en := []string{Quote(d.Label)}
	for _, n := range englishNames[key] {
		if len(en) == 3 {
			break
		}
		if !strings.EqualFold(n, d.Label) && len(n) > 2 {
			en = append(en, Quote(n))
		}
	}
	note := "not in the list: looked for " + strings.Join(en, ", ") + " in English"
	if lang := l.Language.Code(); lang != "en" {
		var local []string
		for _, n := range localNamesFor(key, lang) {
			if len(local) == 3 {
				break
			}
			local = append(local, Quote(n))
		}
		if len(local) > 0 {
			note += " and " + strings.Join(local, ", ") + " in " + amenityLanguageNames[lang]
		}
	}
	return Evidence{Field: listing.FieldAmenities, Value: plural(availableCount(l), "amenity", "amenities"), Where: WhereRead(l, listing.FieldAmenities), Note: note}
}

func availableCount(l *listing.Listing) int {
	n := 0
	for _, a := range l.Amenities {
		if a.Available && !ShowAllButton(a.Name) {
			n++
		}
	}
	return n
}

// showAllVerbs are the words of a page's button that opens the whole
// amenity list ("Show all 15 amenities", "Mostrar todas as 15
// comodidades", "Alle 15 Ausstattungsmerkmale anzeigen", "15件の設備をすべて表示").
var showAllVerbs = phrases([]string{"show", "see", "view", "mostrar", "ver", "mostra", "visualizza", "afficher", "voir", "anzeigen",
	"zeigen", "toon", "bekijk", "εμφάνιση", "δείτε"})

// ShowAllButton reports whether an amenity "name" is the page's button
// to open the whole list: a count and a verb of showing. A list that
// carries one is the part the page showed, not the whole (issue 42: the
// button read as a ninth amenity of a list of 15).
func ShowAllButton(name string) bool {
	if !strings.ContainsAny(name, "0123456789") {
		return false
	}
	if strings.Contains(name, "表示") {
		return true
	}
	_, ok := newText(name).hasAny(showAllVerbs...)
	return ok
}

// showsMoreButton reports whether l's amenity list carries such a button.
func showsMoreButton(l *listing.Listing) bool {
	for _, a := range l.Amenities {
		if ShowAllButton(a.Name) {
			return true
		}
	}
	return false
}

// AmenitiesPartial reports whether the page showed only part of l's
// amenity list: the reader says so, or the list carries its own "show
// all" button.
func AmenitiesPartial(l *listing.Listing) bool {
	return l.IsPartial(listing.FieldAmenities) || showsMoreButton(l)
}

// mentionEvidence is what ListingFeatures records for an amenity the
// host's text names: always "listing text mentions …" (the writer knows
// such a feature is the host's words, not a name from the page's list),
// with the field when it is not the title or description, so its
// evidence quotes the right field (featureEvidence).
func mentionEvidence(m textMention) string {
	ev := "listing text mentions \"" + m.Phrase + "\""
	if where := mentionFields[m.Field]; where != "" {
		ev += " " + where
	}
	return ev
}

// mentionFields name the fields other than the title and description a
// mention can stand in, as its evidence says them.
var mentionFields = map[string]string{listing.FieldHighlights: "(in the highlights)", listing.FieldHouseRules: "(in the house rules)"}

// mentionField is the field a "listing text mentions" evidence string
// names, and the string without it.
func mentionField(ev string) (field, rest string) {
	for f, where := range mentionFields {
		if strings.HasSuffix(ev, " "+where) {
			return f, strings.TrimSuffix(ev, " "+where)
		}
	}
	return listing.FieldDescription, ev
}
