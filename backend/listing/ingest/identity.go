package ingest

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// checkIdentity refuses a page that shows another property than its
// address names, beyond the address itself (checkOwnAddresses). On
// Booking.com a page keeps its address when the property behind it
// changes (a real page of a gîte in rural Chassagne now serves "Le Grand
// Paris Apartments" under /hotel/fr/gitenchassagne), so the page is set
// against the address in three ways, the first two by the page's own
// data:
//   - its state's page name (the property's own "pageName") is another
//     property's;
//   - its breadcrumb's country is not the address's country code;
//   - its name, place and street share no word with the address's page
//     name AND the kind of place the address names contradicts the
//     page's (a gîte's address serving apartments). Words alone never
//     refuse: a host may rename "Casa Azul" to "Blue House" in any
//     language, and a refused honest host cannot buy.
func checkIdentity(t listing.Target, page []byte, l *listing.Listing) error {
	if t.Platform != listing.Booking {
		return nil
	}
	cc, slug, ok := strings.Cut(t.ListingID, "/")
	if !ok {
		return nil
	}
	if names := statePageNames(page); len(names) > 0 && len(names) <= maxOwnNames && !names[slug] {
		return fail(domain.CodeUnreadable, MsgOtherListing, fmt.Errorf("the page's state names %v, the link %s", keys(names), slug))
	}
	if own := bookingCountry(page); own != "" && own != cc {
		return fail(domain.CodeUnreadable, fmt.Sprintf(MsgOtherPlace, strings.ToUpper(own), strings.ToUpper(cc)),
			fmt.Errorf("page country %s, address country %s", own, cc))
	}
	if l.Has(listing.FieldTitle) && otherProperty(slug, l, streetText(page)) {
		return fail(domain.CodeUnreadable, fmt.Sprintf(MsgOtherProperty, l.Title),
			errors.New("page name "+l.Title+" shares nothing with the address "+t.CanonicalURL+" and is another kind of place"))
	}
	return nil
}

// otherProperty reports a page whose property cannot be the one the
// address's page name slug was made for: no word in common (name, place,
// street) and a contradicting kind of place.
func otherProperty(slug string, l *listing.Listing, street string) bool {
	place := l.Title + " " + l.Location.Area + " " + l.Location.City + " " + street
	if nameFitsSlug(slug, place, "") {
		return false
	}
	return kindsContradict(slug, l.Title+" "+l.PropertyType)
}

// maxOwnNames: a property's page holds its own page name (once or a few
// times); a page with more is a list of properties, told by searchGrid.
const maxOwnNames = 3

// rePageName is a property's page name in Booking.com's state, as the
// property object itself holds it ("name":"…","pageName":"strandpalace").
var rePageName = regexp.MustCompile(`"pageName":"([A-Za-z0-9_-]+)"`)

// statePageNames are the distinct page names the page's state holds.
func statePageNames(page []byte) map[string]bool {
	names := map[string]bool{}
	for _, m := range rePageName.FindAllSubmatch(page, maxOwnNames+1) {
		names[strings.ToLower(string(m[1]))] = true
	}
	return names
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// reStreet is the property's address in its JSON-LD or state.
var reStreet = regexp.MustCompile(`"(?:streetAddress|formattedAddress)"\s*:\s*"([^"]{1,200})"`)

// streetText is the property's street address as the page gives it, ""
// when it gives none.
func streetText(page []byte) string {
	if m := reStreet.FindSubmatch(page); m != nil {
		return string(m[1])
	}
	return ""
}

// kindOf maps words naming a kind of place, in the languages of the
// sites' pages, to one of a few kinds: a hotel renamed keeps being a
// hotel, a flat a flat, whatever its new name.
var kindOf = func() map[string]string {
	m := map[string]string{}
	for kind, words := range map[string]string{
		"house":     "house houses casa casas maison maisons haus huis home homes villa villas gite gites cottage cottages chalet chalets farmhouse finca casale cabin cabins bungalow bungalows lodge masia quinta cortijo agriturismo",
		"apartment": "apartment apartments apartamento apartamentos appartement appartements appartamento appartamenti flat flats loft lofts studio studios condo condos wohnung ferienwohnung penthouse",
		"hotel":     "hotel hotels hostel hostels hostal pension pensione albergo hotell inn motel resort guesthouse pousada ryokan",
		"camping":   "camping campsite glamping",
		"boat":      "boat houseboat yacht",
	} {
		for _, w := range strings.Fields(words) {
			m[w] = kind
		}
	}
	return m
}()

// kindsContradict reports a page name slug naming a kind of place and a
// page naming only other kinds. A slug is often written without
// separators ("gitenchassagne", "hotelbellevue_rimini"), so a kind word
// that begins one of its words counts.
func kindsContradict(slug, page string) bool {
	slugKinds := map[string]bool{}
	for _, w := range words(slug) {
		for word, kind := range kindOf {
			if len(word) >= 4 && strings.HasPrefix(w, word) || w == word {
				slugKinds[kind] = true
			}
		}
	}
	pageKinds := map[string]bool{}
	for _, w := range words(page) {
		if kind, ok := kindOf[w]; ok {
			pageKinds[kind] = true
		}
	}
	if len(slugKinds) == 0 || len(pageKinds) == 0 {
		return false
	}
	for k := range pageKinds {
		if slugKinds[k] {
			return false
		}
	}
	return true
}

// bookingCountry is the country code Booking.com's breadcrumb link to the
// property's country names (booking.com/country/fr.en-gb.html, or
// "url":"/country/fr.html" in its state): the first on the page is the
// property's own. "" when it has none. A plain byte search: a pattern over
// the page's megabytes is slow.
func bookingCountry(page []byte) string {
	const crumb = "/country/"
	for rest, at := page, 0; ; {
		i := bytes.Index(rest, []byte(crumb))
		if i < 0 {
			return ""
		}
		at += i
		if cc, ok := countryCrumbAt(page, at, at+len(crumb)); ok {
			return cc
		}
		rest, at = rest[i+1:], at+1
	}
}

// countryCrumbAt reads a breadcrumb's country code from the "/country/"
// at page[at:after]: on booking.com, or a state's "url", followed by two
// letters and a "." (or "?" or a quote).
func countryCrumbAt(page []byte, at, after int) (string, bool) {
	before := page[:at]
	if !bytes.HasSuffix(before, []byte("booking.com")) && !bytes.HasSuffix(before, []byte(`"url":"`)) {
		return "", false
	}
	if len(page) < after+3 {
		return "", false
	}
	cc, next := page[after:after+2], page[after+2]
	if cc[0] < 'a' || cc[0] > 'z' || cc[1] < 'a' || cc[1] > 'z' {
		return "", false
	}
	if next != '.' && next != '"' && (next != '?' || bytes.HasSuffix(before, []byte(`"url":"`))) {
		return "", false
	}
	return string(cc), true
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

// nameFitsSlug reports whether a property named name (in city) shares a
// word with the address slug slug: a distinctive word (3 letters or more,
// not a generic word) of the name or city is in the slug, or a distinctive
// word of the slug is in the name. When either side has no distinctive
// Latin word (a Greek or Japanese name, a slug of generic words) nothing
// can be told and they fit. Sharing nothing is a reason to look further
// (otherProperty), never a refusal by itself.
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
	return strings.FieldsFunc(prose.Fold(s), func(r rune) bool {
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
