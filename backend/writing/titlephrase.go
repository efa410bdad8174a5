package writing

// The host's distinctive words in a title: a brand or a property's name
// ("Barbarosa Formentera", "Claire de Lune"), a local phrase ("Pé na
// Areia"), the host's own kind of place ("suite con bagno privato"). A
// title built only from the facts drops them, and they are often what
// sells the place, so one of the top suggestions keeps them.

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/textcase"
)

// maxPhrase is the longest host phrase a title keeps (letters): longer,
// and the title would be the host's own title again.
const maxPhrase = 40

// puffery are words the host's phrase is better without at its start:
// they sell nothing a guest filters on.
var puffery = map[string]bool{"luxury": true, "luxurious": true, "beautiful": true, "stunning": true, "amazing": true, "new": true,
	"bellissima": true, "bellissimo": true, "lindo": true, "linda": true, "lussuoso": true, "precioso": true, "magnifique": true}

// HostPhrase is the host's distinctive phrase from the title (see the file
// comment), "" when the title has none: the first part of the title
// (between its separators) with a word that is no place the page names,
// no number and no small word, and no longer than maxPhrase; else the
// first name in it (capitalised words, "Claire de Lune"). A phrase in
// another language than the copy's (copyLang) is none.
func HostPhrase(l *listing.Listing, copyLang prose.Lang) string {
	lang := copyLang.Code()
	places := map[string]bool{}
	for _, p := range []string{l.Location.City, l.Location.Region, l.Location.Country} {
		if p != "" {
			places[strings.Join(prose.Words(p), " ")] = true
		}
	}
	var parts []string
	for _, part := range reTitleSeparator.Split(stripEmoji(l.Title), -1) {
		part = textcase.UpperFirst(trimPhrase(part))
		if part != "" && !places[strings.Join(prose.Words(part), " ")] && distinctive(part) {
			parts = append(parts, part)
		}
	}
	fits := func(s string) bool {
		return s != "" && prose.Length(s) <= maxPhrase && prose.Detect(lang, s) == lang && (lang == "en" || !englishPhrase(s)) &&
			len(capsShouting(s)) == 0 && len(analysis.ContactDetails(s)) == 0
	}
	for _, p := range parts {
		if fits(p) {
			return p
		}
	}
	for _, p := range parts {
		if n := trimPhrase(firstName(p)); fits(n) && len(strings.Fields(n)) > 1 {
			return n
		}
	}
	return ""
}

// reTitleSeparator splits a title into its parts: "|", "·", a dash
// with a space beside it (never the one in "Wi-Fi"), a comma, a colon.
var reTitleSeparator = regexp.MustCompile(`\s[-–—]\s?|\s?[-–—]\s|[|·•,:/()!]`)

// englishPhrase reports whether a phrase is mostly English words ("Cozy 1
// Bedroom Apartment" on a Spanish listing): no phrase for copy in another
// language.
func englishPhrase(s string) bool {
	en, n := 0, 0
	for _, w := range prose.Words(s) {
		if strings.Trim(w, "0123456789") == "" {
			continue
		}
		n++
		if englishAmenityWords()[w] || slices.Contains(hostAdjectives, w) || englishTitleWords[w] {
			en++
		}
	}
	return n > 0 && en*2 > n
}

var englishTitleWords = map[string]bool{"bedroom": true, "bedrooms": true, "apartment": true, "house": true, "home": true, "stay": true,
	"new": true, "cozy": true, "flat": true, "condo": true, "cottage": true, "room": true, "near": true, "by": true, "beach": true, "views": true}

// trimPhrase takes puffery off a phrase's ends and a bare number off its
// end ("Pé na Areia 2" → "Pé na Areia": the number tells the host's own
// listings apart, not the place).
func trimPhrase(s string) string {
	ws := strings.Fields(s)
	for len(ws) > 0 && puffery[strings.ToLower(ws[0])] {
		ws = ws[1:]
	}
	for len(ws) > 0 && (strings.Trim(ws[len(ws)-1], "0123456789") == "" || puffery[strings.ToLower(ws[len(ws)-1])]) {
		ws = ws[:len(ws)-1]
	}
	return strings.Join(ws, " ")
}

// distinctive reports whether a phrase has a word that is no small word
// and no number.
func distinctive(s string) bool {
	for _, w := range prose.Words(s) {
		if len([]rune(w)) > 2 && strings.Trim(w, "0123456789") != "" && !prose.IsSmallWord(w) {
			return true
		}
	}
	return false
}

// firstName is the first run of capitalised words in s, joined by the
// small words names hold ("Claire de Lune", "Friday Harbour Resort").
func firstName(s string) string {
	var run []string
	ws := strings.Fields(s)
	for i, w := range ws {
		r, _ := utf8.DecodeRuneInString(w)
		switch {
		case unicode.IsUpper(r):
			run = append(run, w)
		case len(run) > 0 && i+1 < len(ws) && len(w) <= 3 && startsUpper(ws[i+1]):
			run = append(run, w) // "de" in "Claire de Lune"
		case len(run) > 1:
			return strings.Join(run, " ")
		default:
			run = nil
		}
	}
	return strings.Join(run, " ")
}

func startsUpper(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// phraseTitles are title suggestions that keep the host's phrase with the
// listing's facts, best first, each passing the fact checker and the
// site's limit.
func phraseTitles(req Request, f Facts, p phrasebook, lang string, v *validator) []string {
	phrase := HostPhrase(req.Listing, f.Lang.Copy)
	if phrase == "" || factsOnly(phrase, f) {
		return nil
	}
	typ := f.Type
	if lang != "en" {
		typ = p.typeWord(f.TypeNoun)
	}
	feats := f.Differentiators
	if lang != "en" {
		feats = localFeatures(req, f, p)
	}
	place := f.place()
	in := inPlace(p, f.Lang.Copy, req.Listing, place)
	if lang == "en" {
		in = "in " + place
	}
	guests := ""
	switch {
	case f.Capacity > 0 && lang == "en":
		guests = "for " + capStr(f.Capacity) + " Guests"
	case f.Capacity > 0:
		guests = p.guests(f.Capacity)
	}
	has := func(s string) bool {
		return s != "" && strings.Contains(" "+strings.Join(prose.Words(phrase), " ")+" ", " "+strings.Join(prose.Words(s), " ")+" ")
	}
	if has(place) {
		in = "" // the phrase names the place already
	}
	var tpls [][]string
	if !has(typ) {
		tpls = append(tpls, []string{phrase, "·", typ, in}, []string{phrase, "·", typ, guests}, []string{phrase, "·", typ})
	}
	// The two best features the phrase does not name ("Casa com piscina
	// perto da praia · Piscina" would say it twice).
	var named []string
	for _, ft := range feats {
		if !has(ft) && len(named) < 2 {
			named = append(named, ft)
		}
	}
	if has(place) {
		place = ""
	}
	tpls = append(tpls, []string{phrase, "·", pick(named, 0)}, []string{phrase, in}, []string{phrase, "·", place},
		[]string{phrase, "·", pick(named, 1)}, []string{phrase, "·", guests})
	var out []string
	for _, parts := range tpls {
		if slices.Contains(parts, "") {
			continue
		}
		t := tidyTitle(strings.Join(parts, " "))
		if prose.Length(t) > TitleLimit(req.Listing) || v.title(t) != nil || slices.Contains(out, t) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// factsOnly reports whether every word of the host's phrase is one of the
// listing's facts (its place, kind, features, the host's adjectives) or a
// small word: "Sunny Alfama loft river view & terrace" is the host's
// title, not a name or a local phrase, and the titles from the facts say
// it already.
func factsOnly(phrase string, f Facts) bool {
	known := map[string]bool{}
	for _, s := range slices.Concat([]string{f.Area, f.City, f.HostPlace, f.Region, f.TypeNoun, f.Type}, f.Adjectives, f.Phrases, f.Differentiators) {
		for _, w := range prose.Words(s) {
			known[w] = true
		}
	}
	for _, w := range prose.Words(phrase) {
		if !known[w] && !prose.IsSmallWord(w) {
			return false
		}
	}
	return true
}

// withHostPhrase puts the best title keeping the host's phrase second
// when none of the top three keeps it (the first stays the title that
// keeps the most selling points), and another further down; n titles at
// most.
func withHostPhrase(titles, phrased []string, phrase string, n int) []string {
	if len(phrased) == 0 || n <= 0 {
		return titles
	}
	out := slices.Clone(titles)
	if !slices.ContainsFunc(out[:min(3, len(out))], func(t string) bool { return strings.Contains(t, phrase) }) {
		out = slices.DeleteFunc(out, func(t string) bool { return t == phrased[0] })
		out = slices.Insert(out, min(1, len(out)), phrased[0])
	}
	if len(phrased) > 1 && !slices.Contains(out, phrased[1]) && n >= 5 {
		at := min(4, len(out))
		out = append(out[:at], append([]string{phrased[1]}, out[at:]...)...)
	}
	// Too few titles from the facts alone: the other true titles keeping
	// the host's phrase make up the number.
	for _, t := range phrased {
		if len(out) >= n {
			break
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	if len(out) > n {
		out = out[:n]
	}
	return out
}
