package prose

import (
	"unicode"
	"unicode/utf8"
)

// ReviewLanguage guesses the ISO 639-1 language of a review, or "" when it
// cannot tell. It must cost next to nothing per review (a big city has
// millions), so it reads at most the first few hundred characters: a script
// count settles non-Latin languages, and for Latin-script text it counts
// common function words of a few languages and wants a clear winner. The
// market import records it with each review, and the review analysis
// uses it to keep English keyword rules off other languages; it is a
// hint, never shown as a fact. It is kept apart from Detect, which reads
// a whole listing text: this one is cheaper, stops early, and votes with
// guests' words ("clean", "location") as well as small ones.
func ReviewLanguage(text string) string {
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
		return reviewScript(scripts)
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
// told from Chinese by its kana, which reviewScript checks first).
var scriptLangs = [...]struct {
	table *unicode.RangeTable
	lang  string
}{
	{unicode.Hiragana, "ja"}, {unicode.Katakana, "ja"}, {unicode.Han, "zh"},
	{unicode.Hangul, "ko"}, {unicode.Cyrillic, "ru"}, {unicode.Greek, "el"},
	{unicode.Arabic, "ar"}, {unicode.Hebrew, "he"}, {unicode.Thai, "th"},
}

func reviewScript(counts [len(scriptLangs)]int) string {
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
	bitEN = 1 << iota
	bitFR
	bitES
	bitDE
	bitIT
	bitPT
	bitNL
)

// functionWords are frequent short words of each language plus the words
// guests review stays with ("clean", "location", "host"). A word shared by
// several languages votes for each of them.
var functionWords = map[string]uint8{
	"the": bitEN, "and": bitEN, "was": bitEN | bitNL, "with": bitEN, "very": bitEN, "we": bitEN, "our": bitEN,
	"is": bitEN | bitNL, "it": bitEN, "to": bitEN, "of": bitEN, "for": bitEN, "you": bitEN, "this": bitEN,
	"would": bitEN, "they": bitEN, "were": bitEN, "had": bitEN, "will": bitEN, "again": bitEN,
	"great": bitEN, "nice": bitEN, "good": bitEN, "clean": bitEN, "location": bitEN, "host": bitEN,
	"stay": bitEN, "place": bitEN | bitFR, "perfect": bitEN | bitNL, "excellent": bitEN | bitFR,
	"beautiful": bitEN, "comfortable": bitEN | bitFR, "recommend": bitEN, "spacious": bitEN, "quiet": bitEN,
	"everything": bitEN, "wonderful": bitEN, "lovely": bitEN, "cozy": bitEN, "awesome": bitEN,
	"amazing": bitEN, "highly": bitEN, "easy": bitEN, "friendly": bitEN, "convenient": bitEN,
	"le": bitFR, "la": bitFR | bitES | bitIT, "les": bitFR, "et": bitFR, "très": bitFR, "était": bitFR, "nous": bitFR,
	"avec": bitFR, "une": bitFR, "est": bitFR, "je": bitFR, "pour": bitFR, "dans": bitFR, "du": bitFR,
	"merci": bitFR, "tout": bitFR, "appartement": bitFR, "séjour": bitFR, "logement": bitFR, "hôte": bitFR,
	"parfait": bitFR, "propre": bitFR, "emplacement": bitFR, "bien": bitFR | bitES,
	"el": bitES, "los": bitES, "las": bitES, "muy": bitES, "con": bitES | bitIT, "todo": bitES | bitPT, "fue": bitES,
	"nos": bitES | bitPT, "para": bitES | bitPT, "y": bitES, "es": bitES, "lugar": bitES | bitPT, "del": bitES | bitIT,
	"lo": bitES | bitIT, "gracias": bitES, "limpio": bitES, "ubicación": bitES,
	"anfitrión": bitES, "encantó": bitES, "recomiendo": bitES, "excelente": bitES | bitPT, "casa": bitES | bitIT | bitPT,
	"und": bitDE, "die": bitDE, "der": bitDE, "sehr": bitDE, "war": bitDE, "wir": bitDE, "mit": bitDE, "ist": bitDE,
	"das": bitDE, "ein": bitDE, "eine": bitDE, "nicht": bitDE, "auch": bitDE, "wohnung": bitDE, "sauber": bitDE,
	"gastgeber": bitDE, "lage": bitDE, "alles": bitDE | bitNL, "gut": bitDE, "schön": bitDE, "danke": bitDE,
	"il": bitIT, "molto": bitIT, "della": bitIT, "è": bitIT, "siamo": bitIT, "stato": bitIT, "ci": bitIT, "che": bitIT,
	"per": bitIT, "tutto": bitIT, "abbiamo": bitIT, "grazie": bitIT, "pulito": bitIT, "posizione": bitIT,
	"ottimo": bitIT, "appartamento": bitIT,
	"muito": bitPT, "não": bitPT, "com": bitPT, "uma": bitPT, "os": bitPT, "tudo": bitPT, "recomendo": bitPT,
	"ótimo": bitPT, "ótima": bitPT, "em": bitPT, "da": bitPT | bitIT, "obrigado": bitPT, "limpo": bitPT,
	"localização": bitPT, "anfitrião": bitPT,
	"het": bitNL, "een": bitNL, "zeer": bitNL, "wij": bitNL, "fijn": bitNL, "mooi": bitNL, "goed": bitNL,
	"heel": bitNL, "niet": bitNL, "ook": bitNL, "van": bitNL, "en": bitNL | bitFR, "bedankt": bitNL,
	"schoon": bitNL, "locatie": bitNL, "gastheer": bitNL, "prima": bitNL | bitIT,
}
