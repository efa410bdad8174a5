package market

import (
	"unicode"
	"unicode/utf8"
)

// detectLanguage guesses the ISO 639-1 language of a review, or "" when it
// cannot tell. It must cost next to nothing per review (a big city has
// millions), so it reads at most the first few hundred characters: a script
// count settles non-Latin languages, and for Latin-script text it counts
// common function words of a few languages and wants a clear winner. The
// review analysis uses it to keep English keyword rules off other
// languages; it is a hint, never shown as a fact.
func detectLanguage(text string) string {
	const maxRunes, maxWords = 400, 40
	var (
		letters, latin int
		scripts        [len(scriptLangs)]int
		votes          [len(latinLangs)]int
		word           [32]byte // the current word, lower-cased
		wn, words      int
		long           bool // current word outgrew the buffer; ignore it
	)
	endWord := func() {
		if wn > 0 && !long && words < maxWords {
			words++
			if mask, ok := functionWords[string(word[:wn])]; ok {
				for i := range votes {
					if mask&(1<<i) != 0 {
						votes[i]++
					}
				}
			}
		}
		wn, long = 0, false
	}
	for i, n := 0, 0; i < len(text) && n < maxRunes; n++ {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		if !unicode.IsLetter(r) && r != '\'' && r != '’' {
			endWord()
			continue
		}
		if unicode.IsLetter(r) {
			letters++
			if unicode.Is(unicode.Latin, r) {
				latin++
			} else {
				for k, s := range scriptLangs {
					if unicode.Is(s.table, r) {
						scripts[k]++
						break
					}
				}
			}
		}
		r = unicode.ToLower(r)
		if wn+utf8.RuneLen(r) > len(word) {
			long = true
			continue
		}
		wn += utf8.EncodeRune(word[wn:], r)
	}
	endWord()
	if letters == 0 {
		return ""
	}
	if latin*2 < letters {
		return scriptLanguage(scripts)
	}
	best, second := 0, 0
	for i, v := range votes {
		if v > votes[best] {
			best = i
		}
	}
	for i, v := range votes {
		if i != best && v > second {
			second = v
		}
	}
	// A clear lead, of two words at least unless the text is only a few
	// words long ("Great stay!"): one word in a long text proves nothing.
	if votes[best] > second && (votes[best] >= 2 || words <= 3) {
		return latinLangs[best]
	}
	return ""
}

// scriptLangs are scripts that name a language on their own (Japanese is
// told from Chinese by its kana, which scriptLanguage checks first).
var scriptLangs = [...]struct {
	table *unicode.RangeTable
	lang  string
}{
	{unicode.Hiragana, "ja"}, {unicode.Katakana, "ja"}, {unicode.Han, "zh"},
	{unicode.Hangul, "ko"}, {unicode.Cyrillic, "ru"}, {unicode.Greek, "el"},
	{unicode.Arabic, "ar"}, {unicode.Hebrew, "he"}, {unicode.Thai, "th"},
}

func scriptLanguage(counts [len(scriptLangs)]int) string {
	if counts[0]+counts[1] > 0 { // any kana means Japanese, even amid kanji
		return "ja"
	}
	best := -1
	for i, c := range counts {
		if c > 0 && (best < 0 || c > counts[best]) {
			best = i
		}
	}
	if best < 0 {
		return ""
	}
	return scriptLangs[best].lang
}

var latinLangs = [...]string{"en", "fr", "es", "de", "it", "pt", "nl"}

const (
	en = 1 << iota
	fr
	es
	de
	it
	pt
	nl
)

// functionWords are frequent short words of each language plus the words
// guests review stays with ("clean", "location", "host"). A word shared by
// several languages votes for each of them.
var functionWords = map[string]uint8{
	"the": en, "and": en, "was": en | nl, "with": en, "very": en, "we": en, "our": en,
	"is": en | nl, "it": en, "to": en, "of": en, "for": en, "you": en, "this": en,
	"would": en, "they": en, "were": en, "had": en, "will": en, "again": en,
	"great": en, "nice": en, "good": en, "clean": en, "location": en, "host": en,
	"stay": en, "place": en | fr, "perfect": en | nl, "excellent": en | fr,
	"beautiful": en, "comfortable": en | fr, "recommend": en, "spacious": en, "quiet": en,
	"everything": en, "wonderful": en, "lovely": en, "cozy": en, "awesome": en,
	"amazing": en, "highly": en, "easy": en, "friendly": en, "convenient": en,
	"le": fr, "la": fr | es | it, "les": fr, "et": fr, "très": fr, "était": fr, "nous": fr,
	"avec": fr, "une": fr, "est": fr, "je": fr, "pour": fr, "dans": fr, "du": fr,
	"merci": fr, "tout": fr, "appartement": fr, "séjour": fr, "logement": fr, "hôte": fr,
	"parfait": fr, "propre": fr, "emplacement": fr, "bien": fr | es,
	"el": es, "los": es, "las": es, "muy": es, "con": es | it, "todo": es | pt, "fue": es,
	"nos": es | pt, "para": es | pt, "y": es, "es": es, "lugar": es | pt, "del": es | it,
	"lo": es | it, "gracias": es, "limpio": es, "ubicación": es,
	"anfitrión": es, "encantó": es, "recomiendo": es, "excelente": es | pt, "casa": es | it | pt,
	"und": de, "die": de, "der": de, "sehr": de, "war": de, "wir": de, "mit": de, "ist": de,
	"das": de, "ein": de, "eine": de, "nicht": de, "auch": de, "wohnung": de, "sauber": de,
	"gastgeber": de, "lage": de, "alles": de | nl, "gut": de, "schön": de, "danke": de,
	"il": it, "molto": it, "della": it, "è": it, "siamo": it, "stato": it, "ci": it, "che": it,
	"per": it, "tutto": it, "abbiamo": it, "grazie": it, "pulito": it, "posizione": it,
	"ottimo": it, "appartamento": it,
	"muito": pt, "não": pt, "com": pt, "uma": pt, "os": pt, "tudo": pt, "recomendo": pt,
	"ótimo": pt, "ótima": pt, "em": pt, "da": pt | it, "obrigado": pt, "limpo": pt,
	"localização": pt, "anfitrião": pt,
	"het": nl, "een": nl, "zeer": nl, "wij": nl, "fijn": nl, "mooi": nl, "goed": nl,
	"heel": nl, "niet": nl, "ook": nl, "van": nl, "en": nl | fr, "bedankt": nl,
	"schoon": nl, "locatie": nl, "gastheer": nl, "prima": nl | it,
}
