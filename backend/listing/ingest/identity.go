package ingest

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
)

// checkIdentity refuses a page that shows another property than its
// address names, beyond the address itself (checkOwnAddress): on
// Booking.com a page keeps its address when the property behind it changes
// (a real page of a gîte in rural Chassagne now serves "Le Grand Paris
// Apartments" under /hotel/fr/gitenchassagne), so its name and country are
// set against the address's name and country code.
func checkIdentity(t listing.Target, page []byte, l *listing.Listing) error {
	if t.Platform != listing.Booking {
		return nil
	}
	cc, slug, ok := strings.Cut(t.ListingID, "/")
	if !ok {
		return nil
	}
	if own := bookingCountry(page); own != "" && own != cc {
		return fail(domain.CodeUnreadable, fmt.Sprintf(MsgOtherPlace, strings.ToUpper(own), strings.ToUpper(cc)),
			fmt.Errorf("page country %s, address country %s", own, cc))
	}
	if l.Has(listing.FieldTitle) && !nameFitsSlug(slug, l.Title, l.Location.City) {
		return fail(domain.CodeUnreadable, fmt.Sprintf(MsgOtherProperty, l.Title),
			errors.New("page name "+l.Title+" shares nothing with the address "+t.CanonicalURL))
	}
	return nil
}

// reCountryCrumb is Booking.com's breadcrumb link to the property's country
// (/country/fr.en-gb.html): the first on the page is the property's own.
var reCountryCrumb = regexp.MustCompile(`booking\.com/country/([a-z]{2})[.?"]|"url":"/country/([a-z]{2})[."]`)

// bookingCountry is the country code the page's breadcrumb names, "" when
// it has none.
func bookingCountry(page []byte) string {
	m := reCountryCrumb.FindSubmatch(page)
	if m == nil {
		return ""
	}
	return string(m[1]) + string(m[2])
}

// genericWords name a kind of lodging or join words: shared by unrelated
// properties, they prove nothing about which one a page is.
var genericWords = map[string]bool{
	"hotel": true, "hotels": true, "hostel": true, "apartment": true, "apartments": true, "apartamento": true,
	"apartamentos": true, "appartement": true, "appartamento": true, "appartamenti": true, "house": true,
	"home": true, "villa": true, "casa": true, "the": true, "les": true, "and": true, "residence": true,
	"suites": true, "suite": true, "rooms": true, "room": true, "inn": true, "resort": true, "guest": true,
	"guesthouse": true, "studio": true, "studios": true, "hostal": true, "pension": true, "lodge": true,
	"bed": true, "breakfast": true, "holiday": true, "vacation": true, "homes": true, "flat": true, "flats": true,
	"albergo": true, "hotell": true, "boutique": true, "by": true, "del": true, "della": true, "des": true,
}

// nameFitsSlug reports whether a property named name (in city) can be the
// one whose address slug is slug: a distinctive word (3 letters or more, not
// a generic word) of the name or city is in the slug, or a distinctive word
// of the slug is in the name. When either side has no distinctive Latin
// word (a Greek or Japanese name, a slug of generic words) nothing can be
// told and the page is taken.
func nameFitsSlug(slug, name, city string) bool {
	slugLetters := letters(slug)
	nameLetters := letters(name + " " + city)
	slugWords := distinctive(slug)
	nameWords := distinctive(name + " " + city)
	if len(slugWords) == 0 || len(nameWords) == 0 {
		return true
	}
	for _, w := range nameWords {
		if strings.Contains(slugLetters, w) {
			return true
		}
	}
	for _, w := range slugWords {
		if strings.Contains(nameLetters, w) {
			return true
		}
	}
	return false
}

// words are s's runs of Latin letters and digits, folded to lower case
// without accents.
func words(s string) []string {
	return strings.FieldsFunc(listing.Fold(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
}

func letters(s string) string { return strings.Join(words(s), "") }

func distinctive(s string) []string {
	var out []string
	for _, w := range words(s) {
		if len(w) >= 3 && !genericWords[w] && !allDigits(w) {
			out = append(out, w)
		}
	}
	return out
}

func allDigits(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}
