package analysis

import (
	"strings"
	"sync"
	"unicode"

	"github.com/listinglift/listinglift/backend/prose"
)

// A finding that says a text leaves something out ("names no place",
// "does not cover the neighbourhood", "leaves out Αθήνα") is a claim of
// absence, and a report sold to the host must be able to stand behind it.
// judge is the one test every such finding passes: the subject is looked
// for in every form the text's language writes it (prose/inflect.go), in
// scripts without spaces as any piece of the text, under its other names
// (match_places.go); and when the text is in a language ListingLift has no
// rules for, or mixes in a script it cannot read, nothing is said to be
// absent at all.

// judge is one text read for the subjects a finding may call absent.
type judge struct {
	lang string
	// judged: absence may be claimed; else why says why not, for the
	// evidence of a "not assessed" note.
	judged bool
	why    string
	t      prose.Stems
	// spaceless is the text lower-cased with its spaces kept, for
	// subjects in scripts written without spaces (京都, 三ノ輪駅).
	spaceless string
	// also are the other languages whose word lists count in the text:
	// English, which hosts mix into every language, and Greek when a
	// Latin-script text has a Greek paragraph.
	also []reading
}

// reading is a text read in one language's forms.
type reading struct {
	lang string
	t    prose.Stems
}

// greekParagraph is how many Greek letters make a Greek passage in a
// Latin-script text, not a name in it ("Αθήνα").
const greekParagraph = 20

// newJudge reads s, written in lang. evidence is text whose frequent
// words show that language (the listing's title and description): a
// Latin-script text is judged only in a language it shows itself, not
// one the page's lang attribute says.
func newJudge(lang, s, evidence string) judge {
	return newJudgeShown(lang, s, languageShown(lang, evidence))
}

// languageShown reports whether evidence, the listing's own text, shows
// it is in lang: Greek by its script; a Latin-script language by its
// frequent words, once the text is long enough to be expected to use
// them.
func languageShown(lang, evidence string) bool {
	lang = prose.Lang(lang).Code()
	return lang == "el" || prose.WordCount(evidence) < shownWords || prose.Shows(lang, evidence) ||
		ownWords(lang, evidence) >= ownWordsShown
}

// ownWordsShown is how many of a language's own listing words (ones no
// other language's lists hold) show a text is in it when it has none of
// its small words: an English list of amenities ("Queen bed / Full
// kitchen / Washer / Dryer") says "the" nowhere.
const ownWordsShown = 3

// ownWords counts the distinct words of text that only lang's word lists
// hold (its headings, topic words, facts, search words and kinds of
// place).
func ownWords(lang, text string) int {
	own := ownVocabulary()[lang]
	seen := map[string]bool{}
	for _, w := range prose.Words(text) {
		if own[w] {
			seen[w] = true
		}
	}
	return len(seen)
}

// ownVocabulary is, per language, the single words of its lists that no
// other language's lists hold.
var ownVocabulary = sync.OnceValue(func() map[string]map[string]bool {
	byLang := map[string]map[string]bool{}
	count := map[string]int{}
	for lang, tl := range textLangs {
		words := map[string]bool{}
		add := func(list []string) {
			for _, p := range list {
				for _, w := range prose.Words(strings.TrimSuffix(p, "*")) {
					words[w] = true
				}
			}
		}
		for _, m := range []map[string][]string{tl.Headings, tl.Content, tl.Keywords, tl.Nouns} {
			for _, list := range m {
				add(list)
			}
		}
		add(tl.CheckIn)
		add(tl.Parking)
		add(tl.Wifi)
		add(tl.Workspace)
		for w := range words {
			count[w]++
		}
		byLang[lang] = words
	}
	for _, words := range byLang {
		for w := range words {
			if count[w] > 1 || len([]rune(w)) < 3 {
				delete(words, w)
			}
		}
	}
	return byLang
})

// newJudgeShown is newJudge with the evidence already weighed (a title
// scorer reads many titles of one listing).
func newJudgeShown(lang, s string, shown bool) judge {
	lang = prose.Lang(lang).Code()
	j := judge{lang: lang, t: prose.NewStems(lang, s), spaceless: strings.ToLower(s)}
	if lang != "en" {
		j.also = append(j.also, reading{"en", j.t})
	}
	if lang != "el" && greekLetters(s) >= greekParagraph {
		j.also = append(j.also, reading{"el", prose.NewStems("el", s)})
	}
	switch {
	case textLangFor(lang) == nil || !prose.Inflects(lang):
		j.why = "language read as " + prose.Lang(lang).Name() + ", for which ListingLift has no word lists"
	case otherScript(s) != "":
		j.why = "the text mixes in " + otherScript(s) + " script, which ListingLift does not read"
	case !shown:
		j.why = "the text's own words do not show it is in " + prose.Lang(lang).Name() + " or another language ListingLift reads"
	default:
		j.judged = true
	}
	return j
}

// shownWords is how long a text must be before its frequent words are
// expected to show its language: a six-word title alone ("Luxury Stay at
// Friday Harbour Resort") need not use any, a paragraph in a language we
// read always does.
const shownWords = 12

// readings are the text read in its language, then in each of also.
func (j judge) readings() []reading {
	return append([]reading{{j.lang, j.t}}, j.also...)
}

// inLists is the first phrase of any reading's list (chosen by pick from
// that language's word lists) the text has, in any form.
func (j judge) inLists(pick func(*textLang) []string) (string, bool) {
	for _, r := range j.readings() {
		tl := textLangFor(r.lang)
		if tl == nil {
			continue
		}
		if p, ok := r.t.HasAny(pick(tl)...); ok {
			return p, true
		}
	}
	return "", false
}

func greekLetters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.Is(unicode.Greek, r) && unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// otherScript names a script ListingLift cannot look words up in that s
// writes two or more letters in ("Japanese or Chinese"), "" when none:
// Latin and Greek are read, so a Greek place in an English title is
// matched.
func otherScript(s string) string {
	n := map[string]int{}
	for _, r := range s {
		if !unicode.IsLetter(r) || unicode.Is(unicode.Latin, r) || unicode.Is(unicode.Greek, r) {
			continue
		}
		switch {
		case unicode.Is(unicode.Han, r), unicode.Is(unicode.Hiragana, r), unicode.Is(unicode.Katakana, r):
			n["Japanese or Chinese"]++
		case unicode.Is(unicode.Hangul, r):
			n["Korean"]++
		case unicode.Is(unicode.Cyrillic, r):
			n["Cyrillic"]++
		default:
			n["another"]++
		}
	}
	for _, name := range []string{"Japanese or Chinese", "Korean", "Cyrillic", "another"} {
		if n[name] >= 2 {
			return name
		}
	}
	return ""
}

// names reports whether the text names subject in any form: by its words
// and their inflections, or, for a subject in a script without spaces,
// as a piece of the text.
func (j judge) names(subject string) bool {
	if strings.TrimSpace(subject) == "" {
		return false
	}
	if spaceless(subject) {
		return strings.Contains(j.spaceless, strings.ToLower(strings.TrimSpace(subject)))
	}
	return j.t.Has(subject)
}

// namesList is the first of a compiled list's phrases the text names in
// any form, then the first of cjk (names written without spaces) it
// holds as a piece.
func (j judge) namesList(sl *prose.StemList, cjk []string) (string, bool) {
	if p, ok := j.t.FirstOf(sl); ok {
		return p, true
	}
	for _, c := range cjk {
		if strings.Contains(j.spaceless, strings.ToLower(c)) {
			return c, true
		}
	}
	return "", false
}

// namesAny is the first of subjects the text names.
func (j judge) namesAny(subjects ...string) (string, bool) {
	for _, s := range subjects {
		if j.names(s) {
			return s, true
		}
	}
	return "", false
}

// spaceless reports whether s is written in a script without spaces
// between words (Han, kana): a word of it is found as any piece of a text.
func spaceless(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) {
			return true
		}
	}
	return false
}
