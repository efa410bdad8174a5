package writing

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// languageFacts are what the language checks read of the listing: the
// language its copy is written in (Languages.Copy: the listing's where a
// phrasebook exists, else English) and the words in another script its own
// text uses, which copy may quote ("Αθήνα" in an English description of a
// Greek listing).
type languageFacts struct {
	want string
	// host is the language of the listing's own description: copy in
	// English for a listing in a language without a phrasebook keeps the
	// host's sentences in it (the built-in writer cannot translate them).
	host       string
	ownForeign map[string]bool
	// ownText is the listing's own text: Chinese and Japanese write
	// without spaces, so a name copy quotes ("三ノ輪駅") is a part of
	// the host's words, not one of them.
	ownText string
	// own is the listing's own language where it has no phrasebook ("ja",
	// "nl"; "" otherwise): a model may write such a listing's copy in it,
	// as well as in want (English).
	own string
	// names are the property's registered name (Booking.com's title) and
	// the places the listing names, longest first, folded: they are in
	// whatever language they are, and say nothing of the copy's.
	names [][]rune
	// hostWords are the host's words (description, title, rules,
	// highlights) joined by spaces and space-padded: a sentence of copy
	// whose words stand together in them is the host's, kept.
	hostWords string
	// ownLetters is ownText's letters (lettersOnly).
	ownLetters string
}

func newLanguageFacts(req Request, langs Languages) languageFacts {
	f := languageFacts{want: "en", ownForeign: map[string]bool{}}
	l := req.Listing
	if l == nil {
		return f
	}
	f.want = langs.Copy.Code()
	f.host = f.want
	if l.Description != "" {
		f.host = langs.Description.Code()
	}
	parts := []string{l.Title, l.Description, l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country,
		strings.Join(l.Highlights, "\n"), strings.Join(l.HouseRules.Rules, "\n")}
	for _, a := range l.Amenities {
		parts = append(parts, a.Name)
	}
	f.ownText = strings.Join(parts, "\n")
	f.ownLetters = lettersOnly(f.ownText)
	for _, w := range foreignWords(f.ownText) {
		f.ownForeign[w] = true
	}
	if lang := langs.Listing; lang.Code() != f.want && !lang.IsEnglish() && !listing.CopyLanguages[lang] {
		f.own = lang.Code()
	}
	names := []string{l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country, localCityName(l, l.Location.City)}
	if l.Platform == listing.Booking {
		names = append(names, cleanTitle(l.Title)) // the hotel's name: FactsOf's Name
	}
	names = append(names, analysis.TextPlacesIn(f.host, l.Description)...)
	names = append(names, analysis.TextPlacesIn(langs.Title.Code(), l.Title)...)
	seen := map[string]bool{}
	for _, n := range names {
		if n = strings.TrimSpace(prose.Fold(n)); prose.Length(n) >= 3 && !seen[n] {
			seen[n] = true
			f.names = append(f.names, []rune(n))
		}
	}
	slices.SortStableFunc(f.names, func(a, b []rune) int { return len(b) - len(a) })
	f.hostWords = " " + strings.Join(prose.Words(strings.Join([]string{l.Title, l.Description,
		strings.Join(l.Highlights, "\n"), strings.Join(l.HouseRules.Rules, "\n")}, "\n")), " ") + " "
	return f
}

// withoutNames is s with the listing's names (languageFacts.names) blanked
// where they stand as whole words, in any case or accents: "Hôtel Le
// Regent Paris" in an English title is the hotel's name, not French.
func (f *languageFacts) withoutNames(s string) string {
	if len(f.names) == 0 {
		return s
	}
	rs := []rune(s)
	folded := []rune(prose.Fold(s))
	if len(folded) != len(rs) {
		return s
	}
	letter := func(i int) bool {
		return i >= 0 && i < len(rs) && (unicode.IsLetter(rs[i]) || unicode.IsDigit(rs[i])) && !prose.IsCJK(rs[i])
	}
	for _, n := range f.names {
		for i := 0; i+len(n) <= len(folded); i++ {
			if folded[i] != n[0] || !slices.Equal(folded[i:i+len(n)], n) {
				continue
			}
			// Whole words only (Latin script); in Chinese and Japanese,
			// which write without spaces, anywhere.
			if !prose.HasCJK(string(n)) && (letter(i-1) || letter(i+len(n))) {
				continue
			}
			for k := i; k < i+len(n); k++ {
				rs[k], folded[k] = ' ', ' '
			}
		}
	}
	return string(rs)
}

// ok reports whether copy may be in lang: the copy's language, the
// listing's own where it has no phrasebook, or (running text) the host's.
func (f *languageFacts) ok(lang string, p Part) bool {
	return lang == f.want || (f.own != "" && lang == f.own) || (p != PartKindTitle && lang == f.host)
}

// scriptAllowed reports whether the letters outside the Latin script in
// w are the listing's own language's: kana and kanji in copy for a
// Japanese listing.
func (f *languageFacts) scriptAllowed(w string) bool {
	if f.own != "ja" {
		return false
	}
	for _, r := range w {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) && !prose.JapaneseRune(r) {
			return false
		}
	}
	return true
}

// hostKept reports whether a sentence of copy is the host's, kept: its
// words stand together in the host's text ("Le camere hanno il balcone."
// quoted in English copy), or, in Chinese or Japanese, its text does.
func (f *languageFacts) hostKept(sent string) bool {
	ws := prose.Words(sent)
	if len(ws) == 0 {
		return true
	}
	if strings.Contains(f.hostWords, " "+strings.Join(ws, " ")+" ") {
		return true
	}
	// Chinese and Japanese: the letters, without the digits and marks a
	// writer may have changed ("最大５名様" kept as "最大 名様").
	return prose.HasCJK(sent) && strings.Contains(f.ownLetters, lettersOnly(sent))
}

// lettersOnly is s's letters.
func lettersOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, s)
}

// pieceSentences are s's sentences, Chinese and Japanese ones ending at
// their full stops too.
func pieceSentences(s string) []string {
	var out []string
	for _, sent := range prose.Sentences(s) {
		for _, part := range strings.FieldsFunc(sent, func(r rune) bool { return r == '。' || r == '！' || r == '？' }) {
			if strings.TrimSpace(part) != "" {
				out = append(out, part)
			}
		}
	}
	return out
}

// pieceLanguage is the language a piece is written in: Japanese or
// Chinese by its script when most of its letters are theirs, else by its
// small words (prose.Detect, want when they do not say).
func (f *languageFacts) pieceLanguage(s string) string {
	if prose.MostlyCJK(s) {
		if prose.HasKana(s) {
			return "ja"
		}
		if prose.CJKLanguage(s) == "zh" {
			return "zh"
		}
		return f.own
	}
	return prose.Detect(f.want, s)
}

// minParagraphWords is the shortest paragraph whose language is judged:
// a heading or a line of amenity names says too little.
const minParagraphWords = 8

// checkLanguage checks that s is in the copy's language, as a whole and
// paragraph by paragraph (a Portuguese description with an English
// paragraph mixes languages), and in its script: letters of another script
// only in words the listing's own text uses.
//
// The listing's registered name and the places it names are left out
// before a line's language is judged: they are in their own language.
// Where the listing's language has no phrasebook ("ja", "nl"), copy may be
// in it as well as in English, one language per piece: each sentence of
// at least minSentenceWords words that is not the host's, kept, is in the
// piece's language.
func (v *validator) checkLanguage(s string, p Part) error {
	f := &v.lang
	want := f.want
	if p == PartKindTitle {
		if prose.NonLatin(s) && !f.scriptAllowed(s) {
			// Copy is written in Latin-script languages only, or the
			// listing's own: a title mixing scripts ("Studio in Αθήνα")
			// reads as a mistake.
			return fmt.Errorf("%w: letters outside the Latin script", ErrMixedScript)
		}
		// A title is too short to weigh as a whole: prose.LineLanguage answers
		// only when its small words clearly say.
		line := f.withoutNames(s)
		got := prose.LineLanguage(line)
		if prose.MostlyCJK(line) {
			got = prose.CJKLanguage(line)
		}
		if got == "" {
			got = f.titleVocabulary(line)
		}
		if got != "" && !f.ok(got, p) {
			return fmt.Errorf("%w: the title reads as %s, the copy is in %s", ErrLanguage, prose.Lang(got).Name(), f.wanted())
		}
		return nil
	}
	for _, w := range foreignWords(s) {
		if !f.ownForeign[w] && !(prose.HasCJK(w) && strings.Contains(f.ownText, w)) && !f.scriptAllowed(w) {
			return fmt.Errorf("%w: %q is in another script than the copy's", ErrMixedScript, w)
		}
	}
	text := f.withoutNames(unquoted(s))
	if got := f.pieceLanguage(text); !f.ok(got, p) {
		return fmt.Errorf("%w: reads as %s, the copy is in %s", ErrLanguage, prose.Lang(got).Name(), f.wanted())
	}
	for _, para := range strings.Split(text, "\n") {
		if prose.WordCount(para) < minParagraphWords {
			continue
		}
		if got := prose.ParagraphLanguage(para, want, f.host); got != "" && got != f.own {
			return fmt.Errorf("%w: a paragraph reads as %s, the copy is in %s: %q", ErrLanguage, prose.Lang(got).Name(), f.wanted(), prose.CutRunes(para, 60))
		}
	}
	// One language per piece: the writer's own sentences (not the host's,
	// kept) are in one language, the copy's or the listing's own; a
	// sentence in another mixes them ("Este alojamiento está en…" in
	// Portuguese copy).
	var ours []string
	for _, sent := range pieceSentences(unquoted(s)) {
		if !f.hostKept(sent) {
			ours = append(ours, f.withoutNames(sent))
		}
	}
	if len(ours) == 0 {
		return nil
	}
	mine := f.pieceLanguage(strings.Join(ours, "\n"))
	if !f.ok(mine, p) {
		return fmt.Errorf("%w: reads as %s, the copy is in %s", ErrLanguage, prose.Lang(mine).Name(), f.wanted())
	}
	for _, sent := range ours {
		if got := prose.SentenceLanguage(sent); got != "" && got != mine {
			return fmt.Errorf("%w: a sentence reads as %s, the copy is in %s: %q", ErrLanguage, prose.Lang(got).Name(), prose.Lang(mine).Name(), prose.CutRunes(sent, 60))
		}
	}
	return nil
}

// titleVocabulary is the language a title's words are clearly in when its
// small words do not say ("A place to stay in Rome", "Alloggio a
// Barcelona"): the words only one language's phrasebook writes
// (titleVocab) — two of them, or one naming the kind of place, with none
// of the copy's language's. "" when they do not say.
func (f *languageFacts) titleVocabulary(line string) string {
	vocab, kinds := titleVocab()
	counts, kind := map[string]int{}, map[string]bool{}
	for _, w := range prose.Words(line) {
		if prose.International(w) {
			continue
		}
		for lang, words := range vocab {
			if words[w] {
				counts[lang]++
				kind[lang] = kind[lang] || kinds[lang][w]
			}
		}
	}
	if counts[f.want] > 0 || (f.own != "" && counts[f.own] > 0) {
		return ""
	}
	for _, lang := range []string{"en", "pt", "es", "it", "fr", "de"} {
		if lang != f.want && lang != f.own && (counts[lang] >= 2 || kind[lang]) {
			return lang
		}
	}
	return ""
}

// titleVocab are, by language, the words of its phrasebook a title may
// use (its kinds of place, "in", "with", "and", the words of its
// sentences and headings, and sentenceWords) that no other language's
// writes, folded; kinds are those naming a kind of place.
var titleVocab = sync.OnceValues(func() (map[string]map[string]bool, map[string]map[string]bool) {
	all, kinds := map[string]map[string]bool{}, map[string]map[string]bool{}
	add := func(lang, s string, kind bool) {
		if all[lang] == nil {
			all[lang], kinds[lang] = map[string]bool{}, map[string]bool{}
		}
		for _, w := range prose.Words(blankVerbs.Replace(s)) {
			all[lang][w] = true
			kinds[lang][w] = kinds[lang][w] || kind
		}
	}
	books := map[string]phrasebook{"en": englishBook}
	for lang, p := range phrasebooks {
		books[lang] = p
	}
	for lang, p := range books {
		for _, s := range []string{p.in, p.with, p.and, p.opener, p.upTo, p.highlights, p.noPets, p.pets, p.noSmoke, p.noParties,
			p.offers, p.wholePlace, p.selfCheckIn} {
			add(lang, s, false)
		}
		for _, h := range p.headings {
			add(lang, h, false)
		}
		for _, g := range p.groups {
			add(lang, g, false)
		}
		for en, t := range p.types {
			if lang == "en" {
				continue
			}
			add(lang, t, true)
			add("en", en, true) // the English nouns the types translate
		}
	}
	// The nouns titles call a stay by, beside the phrasebooks' kinds.
	for lang, ws := range map[string]string{"en": "stay getaway retreat hideaway escape", "pt": "estadia hospedagem refúgio",
		"es": "estancia refugio escapada", "it": "soggiorno rifugio", "fr": "séjour refuge escapade", "de": "aufenthalt auszeit"} {
		add(lang, ws, true)
	}
	for lang, ws := range prose.SentenceWords() {
		if all[lang] != nil {
			for w := range ws {
				all[lang][w] = true
			}
		}
	}
	// Only one language's: a word two write ("hotel", "loft", "con") says
	// neither.
	seen := map[string]int{}
	for _, ws := range all {
		for w := range ws {
			seen[w]++
		}
	}
	for _, ws := range all {
		for w := range ws {
			if seen[w] > 1 {
				delete(ws, w)
			}
		}
	}
	return all, kinds
})

// wanted names the languages copy may be in, for a reason.
func (f *languageFacts) wanted() string {
	if f.own != "" {
		return prose.Lang(f.want).Name() + " or " + prose.Lang(f.own).Name()
	}
	return prose.Lang(f.want).Name()
}

// foreignWords are the words of s with a letter outside the Latin script,
// in lower case.
func foreignWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) }) {
		if prose.NonLatin(w) {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// unquoted is s without the host's words English copy quotes (“…”), which
// are in the host's language by design.
func unquoted(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch r {
		case '\u201c':
			depth++
			continue
		case '\u201d':
			if depth > 0 {
				depth--
				continue
			}
		}
		if depth == 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Unquoted is s without the host's own words that English copy quotes
// (“…”): what is left is the copy's own language.
func Unquoted(s string) string { return unquoted(s) }
