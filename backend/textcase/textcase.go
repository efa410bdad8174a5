// Package textcase capitalises the words a report, the PDF and the e-mail
// show, letter-safe for every script we read ("ótimo" → "Ótimo"): one
// rule, so an amenity or a theme reads the same in every place.
//
// It holds the one casing rule per language the copy follows: a name is
// written inside a sentence (InSentence) or in a title (Title) from the
// way a page writes it, never by lower-casing or capitalising word by word
// blindly — German nouns keep their capitals ("Draußen: Garten."), an
// abbreviation stays as written ("WLAN", "VIP", "TV", "Wi-Fi"), shouting
// is quietened ("VIP EXPERIENCE PACKAGE" → "VIP experience package"), and
// a proper name keeps its capitals ("Museum of Modern Art").
package textcase

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// UpperFirst capitalises the first letter: "hot tub" → "Hot tub".
func UpperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// LowerFirst lower-cases the first letter, to continue another sentence
// with this one: "Expected of a loft" → "expected of a loft". Rune-aware,
// so a first letter such as "É" stays one letter.
func LowerFirst(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	if n == 0 || r == utf8.RuneError {
		return w
	}
	return string(unicode.ToLower(r)) + w[n:]
}

// Words capitalises the first letter of each word, spaces collapsed:
// "hot  tub" → "Hot Tub".
func Words(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		ws[i] = UpperFirst(w)
	}
	return strings.Join(ws, " ")
}

// acronyms are abbreviations the sites and hosts write in capitals in
// every language we read: they keep their capitals in any sentence.
var acronyms = map[string]bool{"TV": true, "WLAN": true, "WI-FI": true, "VIP": true, "BBQ": true, "EV": true,
	"USB": true, "AC": true, "A/C": true, "HD": true, "UHD": true, "HDTV": true, "DVD": true, "LCD": true, "LED": true, "GPS": true,
	"WC": true, "PC": true, "CD": true, "XL": true, "XXL": true, "SUV": true, "DJ": true, "B&B": true, "ATM": true, "IPTV": true,
	"SAT": true, "SAT-TV": true, "NYC": true, "USA": true, "UK": true, "EU": true, "IED": true, "AM": true, "PM": true}

// core is a word without the punctuation around it: "(WLAN)," → "WLAN".
func core(w string) string {
	return strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&' && r != '/' })
}

// Acronym reports whether a word is written as an abbreviation and so keeps
// its capitals: a known one ("WLAN", "VIP", "TV"), capitals with no vowel
// ("BBQ", "DVD") or a capital after a small letter ("WiFi", "Wi-Fi",
// "iPhone"). "GARTEN" is shouting, not an abbreviation.
func Acronym(w string) bool {
	c := core(w)
	if c == "" {
		return false
	}
	if acronyms[strings.ToUpper(c)] && c == strings.ToUpper(c) {
		return true
	}
	letters, upper, vowels, innerCap, lower := 0, 0, 0, false, false
	for i, r := range c {
		if !unicode.IsLetter(r) {
			continue
		}
		letters++
		if unicode.IsUpper(r) {
			upper++
			if i > 0 && lower {
				innerCap = true // "WiFi", "iPhone"
			}
		} else {
			lower = true
		}
		if strings.ContainsRune("AEIOUYÄÖÜÁÉÍÓÚÀÈÌÒÙÂÊÎÔÛÃÕ", unicode.ToUpper(r)) {
			vowels++
		}
	}
	switch {
	case innerCap:
		return true
	case letters >= 2 && upper == letters && vowels == 0 && letters <= 4:
		return true // "BBQ", "DVD", "TV"
	}
	return false
}

func firstLetter(s string) rune {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return r
		}
	}
	return 0
}

// shouting reports whether a phrase is written all in capitals: every
// cased letter upper case and a word of three letters or more that is no
// abbreviation ("VIP EXPERIENCE PACKAGE", "GARTEN"; not "VIP", "TV").
func shouting(s string) bool {
	loud := false
	for _, w := range strings.Fields(s) {
		c := core(w)
		letters := 0
		for _, r := range c {
			if unicode.IsLower(r) {
				return false
			}
			if unicode.IsLetter(r) {
				letters++
			}
		}
		if letters >= 3 && !Acronym(c) && !strings.ContainsAny(c, "0123456789") {
			loud = true // a word with digits is a code ("HUTB-076706"), not shouting
		}
	}
	return loud
}

// germanFunctionWords are the small German words that are no nouns and so
// are written small inside a name ("Zimmer mit Aussicht").
var germanFunctionWords = map[string]bool{"mit": true, "und": true, "oder": true, "für": true, "im": true, "in": true, "am": true,
	"an": true, "zum": true, "zur": true, "auf": true, "von": true, "vom": true, "der": true, "die": true, "das": true, "den": true,
	"dem": true, "des": true, "ein": true, "eine": true, "einer": true, "bei": true, "nach": true, "aus": true, "zu": true, "pro": true,
	"ohne": true, "gegen": true, "über": true, "unter": true, "vor": true, "alle": true, "allen": true, "nicht": true}

// germanAdjective reports whether a German name's first word is an
// attributive adjective — an adjective's ending before a noun
// ("Kostenloses WLAN", "Privater Parkplatz", "Große Terrasse") — which is
// written small inside a sentence; a noun ("Zimmer mit Aussicht",
// "Garten") keeps its capital.
func germanAdjective(ws []string, i int) bool {
	if i+1 >= len(ws) {
		return false
	}
	next := firstLetter(ws[i+1])
	if !unicode.IsUpper(next) {
		return false // "Zimmer mit Aussicht": a noun before a small word
	}
	return germanAdjectiveEnding(strings.ToLower(core(ws[i])))
}

// Unshout writes a phrase in capitals in the language's normal case,
// abbreviations kept: "VIP EXPERIENCE PACKAGE" → "VIP experience
// package"; in German nouns take their capital back: "KOSTENLOSES WLAN" →
// "kostenloses WLAN", "GARTEN" → "Garten". A phrase not in capitals is
// returned as written.
func Unshout(s, lang string) string {
	if !shouting(s) {
		return s
	}
	ws := strings.Fields(s)
	for i, w := range ws {
		if Acronym(w) || strings.ContainsAny(w, "0123456789") {
			continue // an abbreviation or a code keeps its capitals
		}
		w = strings.ToLower(w)
		if lang == "de" && !germanFunctionWords[core(w)] {
			// Every other German word is taken for a noun, save an
			// adjective before one.
			if !(i == 0 && i+1 < len(ws) && !germanFunctionWords[strings.ToLower(core(ws[i+1]))] && germanAdjectiveEnding(core(w))) {
				w = upperFirstLetter(w)
			}
		}
		ws[i] = w
	}
	return strings.Join(ws, " ")
}

// germanAdjectiveEnding reports whether a German word, lower case, ends
// as an adjective before a noun does ("kostenloses", "privater", "große").
func germanAdjectiveEnding(w string) bool {
	for _, end := range []string{"es", "er", "en", "em", "e"} {
		if strings.HasSuffix(w, end) && utf8.RuneCountInString(w) > len(end)+2 {
			return true
		}
	}
	return false
}

// upperFirstLetter capitalises the first letter of a word, past any
// punctuation before it: "(privat" → "(Privat".
func upperFirstLetter(w string) string {
	for i, r := range w {
		if unicode.IsLetter(r) {
			return w[:i] + string(unicode.ToUpper(r)) + w[i+utf8.RuneLen(r):]
		}
	}
	return w
}

func lowerFirstLetter(w string) string {
	for i, r := range w {
		if unicode.IsLetter(r) {
			return w[:i] + string(unicode.ToLower(r)) + w[i+utf8.RuneLen(r):]
		}
	}
	return w
}

// titled reports whether a word is written with a capital first and small
// letters after: "Garden", "Modern" (not "TV", "WiFi", "garden").
func titled(w string) bool {
	c := core(w)
	if c == "" || Acronym(c) {
		return false
	}
	first := true
	for _, r := range c {
		if !unicode.IsLetter(r) {
			continue
		}
		if first {
			if !unicode.IsUpper(r) {
				return false
			}
			first = false
			continue
		}
		if unicode.IsUpper(r) {
			return false
		}
	}
	return !first
}

// InSentence writes a name as it reads inside a sentence in the language
// lang, from the way a page writes it:
//   - shouting is quietened first (Unshout);
//   - an abbreviation or a word with a capital inside keeps it ("TV",
//     "WLAN", "Wi-Fi");
//   - German keeps its nouns' capitals ("Garten", "Familienzimmer") and
//     writes small only an adjective before a noun ("kostenloses WLAN");
//   - elsewhere a name in sentence case loses its first capital ("Hair
//     dryer" → "hair dryer"); a name with several capitals is either
//     all common words written in a title's case ("Room Service",
//     "Very Good Breakfast" → "room service", "very good breakfast",
//     common reports them) or a proper name kept whole ("Museum of Modern
//     Art", "Amazon Prime Video"), never half lowered ("very Good
//     Breakfast").
//
// common reports whether a word, lower case, is a common word of the
// language; nil takes every title-cased name for a proper name.
func InSentence(s, lang string, common func(string) bool) string {
	s = Unshout(s, lang)
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return s
	}
	// The name's first word is its first with a letter ("🔥 Fire pit").
	first := 0
	for first < len(ws)-1 && firstLetter(ws[first]) == 0 {
		first++
	}
	if lang == "de" {
		if titled(ws[first]) && germanAdjective(ws, first) {
			return replaceFirstWord(s, ws[first], lowerFirstLetter(ws[first]))
		}
		return s
	}
	var caps []int
	for i, w := range ws {
		if titled(w) {
			caps = append(caps, i)
		}
	}
	if len(caps) == 0 {
		return s
	}
	if !titleStyle(ws) {
		// Sentence case: a capital after the first word is the writer's
		// — a name ("21km Rua dos biquinis", "TV com Amazon Prime
		// Video") — and stays; the first word's is the list's.
		if caps[0] == first {
			return replaceFirstWord(s, ws[first], lowerFirstLetter(ws[first]))
		}
		return s
	}
	// Title case ("Room Service", "Museum of Modern Art"): all common
	// words are lowered together; a proper name or a brand is kept.
	proper := false
	for _, i := range caps {
		proper = proper || common == nil || !common(strings.ToLower(core(ws[i])))
	}
	if !proper {
		for _, i := range caps {
			ws[i] = lowerFirstLetter(ws[i])
		}
		return strings.Join(ws, " ")
	}
	// The first word's capital is the list's, not the word's, when the
	// word stands outside the name — before a small word that joins no
	// name ("Conexão à Ethernet" → "conexão à Ethernet") — or is a common
	// word before a brand ("Hair Dryer Philips" → "hair dryer Philips").
	if caps[0] != first || len(ws) <= first+1 {
		return s
	}
	if next := ws[first+1]; !titled(next) && !Acronym(next) && !connectors[strings.ToLower(next)] {
		return replaceFirstWord(s, ws[first], lowerFirstLetter(ws[first]))
	}
	if n := commonLead(ws, caps, common); n > 0 {
		for _, i := range caps[:n] {
			ws[i] = lowerFirstLetter(ws[i])
		}
		return strings.Join(ws, " ")
	}
	return s
}

// titleStyle reports whether a name is written in a title's case: more
// than one word, and every word with letters capitalised save the small
// ones that join words ("Museum of Modern Art", "Room Service"; not
// "Coffee maker Nespresso").
func titleStyle(ws []string) bool {
	n := 0
	for _, w := range ws {
		c := core(w)
		switch {
		case firstLetter(c) == 0 || Acronym(c) || smallWords[strings.ToLower(c)]:
			continue
		case !titled(w):
			return false
		}
		n++
	}
	return n >= 2
}

// smallWords join the words of a name or a phrase in the languages we
// read; a title leaves them small.
var smallWords = map[string]bool{"of": true, "the": true, "and": true, "or": true, "with": true, "for": true, "in": true, "on": true,
	"at": true, "a": true, "an": true, "to": true, "de": true, "da": true, "do": true, "dos": true, "das": true, "e": true, "ou": true,
	"com": true, "em": true, "na": true, "no": true, "à": true, "ao": true, "y": true, "o": true, "con": true, "en": true, "el": true,
	"la": true, "los": true, "las": true, "del": true, "di": true, "della": true, "dei": true, "per": true, "il": true, "et": true,
	"avec": true, "du": true, "des": true, "le": true, "les": true, "van": true, "von": true, "der": true}

// commonLead is how many of a name's capitalised words, from its first,
// are common words before a brand or a name made only of uncommon ones
// ("Hair Dryer Philips", "Geladeira Consul": 2 and 1); 0 when common and
// uncommon words mix after that ("Very Good Breakfast" with "good"
// unknown), which is kept whole, never half lowered.
func commonLead(ws []string, caps []int, common func(string) bool) int {
	if common == nil {
		return 0
	}
	n := 0
	for n < len(caps) && common(strings.ToLower(core(ws[caps[n]]))) {
		n++
	}
	for _, i := range caps[n:] {
		if common(strings.ToLower(core(ws[i]))) {
			return 0
		}
	}
	return n
}

// connectors join the words of a proper name in the languages we read
// ("Museum of Modern Art", "Praia do Forte", "Città del Vaticano").
var connectors = map[string]bool{"of": true, "the": true, "de": true, "da": true, "do": true, "dos": true, "das": true, "di": true,
	"del": true, "della": true, "dei": true, "du": true, "des": true, "la": true, "le": true, "van": true, "von": true, "y": true, "e": true, "&": true}

// Start writes a name at the start of a sentence: as InSentence, with its
// first letter capital ("Very good breakfast", "Kostenloses WLAN").
func Start(s, lang string, common func(string) bool) string {
	return UpperFirst(InSentence(s, lang, common))
}

// Title writes a phrase for a title in a language that capitalises its
// title words (English): each word's first letter capital, shouting
// quietened and abbreviations kept ("VIP EXPERIENCE PACKAGE" → "VIP
// Experience Package", "free wifi" → "Free Wifi").
func Title(s string) string {
	ws := strings.Fields(Unshout(s, "en"))
	for i, w := range ws {
		if !Acronym(w) {
			ws[i] = UpperFirst(w)
		}
	}
	return strings.Join(ws, " ")
}

func replaceFirstWord(s, old, repl string) string {
	i := strings.Index(s, old)
	if i < 0 {
		return s
	}
	return s[:i] + repl + s[i+len(old):]
}
