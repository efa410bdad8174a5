package analysis

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/listinglift/listinglift/backend/prose"
)

// Readability is a reading-ease score worked out with a formula made for
// the text's language: a score from an English formula says nothing true
// about Portuguese or Italian (their words are longer, so Flesch's English
// weights call any of them "very difficult").
type Readability struct {
	Score   float64
	Formula string // "Flesch reading ease", "Gulpease index"…, named in the report
	Label   string // "plain English", "fairly difficult"…
	// Points is the description score's readability part (of 15).
	Points int
	// Hard: the score is under the formula's own line for hard text, so
	// the report says so.
	Hard bool
	// Line says where that line is, in the formula's terms.
	Line string
	// Words, Sentences and Units (syllables, or letters for Gulpease) are
	// the counts the formula used, for the evidence.
	Words, Sentences, Units int
	Unit                    string // "syllables" or "letters"
}

// readabilityFormula is one language's formula over words per sentence
// (asl) and syllables per word (asw), or letters per word for Gulpease.
type readabilityFormula struct {
	name string
	// letters: the formula counts letters, not syllables (Gulpease).
	letters bool
	score   func(asl, apw float64) float64
	// vowels are the letters that make syllables (accents are folded
	// before counting); silentE drops a final "e" as English and French
	// write it.
	vowels  string
	silentE bool
}

// readabilityFormulas are the formulas made for each language we read,
// each on its authors' published weights:
//   - en: Flesch (1948), 206.835 − 1.015·ASL − 84.6·ASW.
//   - es: Fernández Huerta (1959), 206.84 − 0.60·P − 1.02·F, P syllables and
//     F sentences per 100 words.
//   - pt: Flesch adapted for Brazilian Portuguese by Martins et al. (1996),
//     248.835 − 1.015·ASL − 84.6·ASW.
//   - fr: Kandel & Moles (1958), 207 − 1.015·ASL − 73.6·ASW.
//   - de: Amstad (1978), 180 − ASL − 58.5·ASW.
//   - nl: Douma (1960), 206.84 − 0.93·ASL − 77·ASW.
//   - it: Gulpease (Lucisano & Piemontese, 1988), 89 + (300·sentences −
//     10·letters)/words, made for Italian and counting letters.
//
// Greek and every other language have none here, so their readability is
// not assessed.
var readabilityFormulas = map[string]readabilityFormula{
	"en": {name: "Flesch reading ease", vowels: "aeiouy", silentE: true,
		score: func(asl, asw float64) float64 { return 206.835 - 1.015*asl - 84.6*asw }},
	"es": {name: "Fernández Huerta reading ease", vowels: "aeiou",
		score: func(asl, asw float64) float64 { return 206.84 - 0.60*(100*asw) - 1.02*(100/asl) }},
	"pt": {name: "Flesch reading ease for Portuguese (Martins et al. 1996)", vowels: "aeiou",
		score: func(asl, asw float64) float64 { return 248.835 - 1.015*asl - 84.6*asw }},
	"fr": {name: "Kandel–Moles reading ease", vowels: "aeiouy", silentE: true,
		score: func(asl, asw float64) float64 { return 207 - 1.015*asl - 73.6*asw }},
	"de": {name: "Amstad reading ease", vowels: "aeiouy",
		score: func(asl, asw float64) float64 { return 180 - asl - 58.5*asw }},
	"nl": {name: "Douma reading ease", vowels: "aeiouy",
		score: func(asl, asw float64) float64 { return 206.84 - 0.93*asl - 77*asw }},
	"it": {name: "Gulpease index", letters: true,
		score: func(asl, lpw float64) float64 { return 89 + 300/asl - 10*lpw }},
}

// ReadabilityFor scores s with the formula made for lang; false when the
// language has none (Greek, Japanese…) or s has no words.
func ReadabilityFor(lang, s string) (Readability, bool) {
	lang = prose.Lang(lang).Code()
	f, ok := readabilityFormulas[lang]
	if !ok {
		return Readability{}, false
	}
	sents := prose.Sentences(s)
	r := Readability{Formula: f.name, Sentences: len(sents), Unit: "syllables"}
	if f.letters {
		r.Unit = "letters"
	}
	for _, sent := range sents {
		for _, w := range prose.Words(sent) {
			if !hasLetter(w) {
				continue
			}
			r.Words++
			if f.letters {
				for _, c := range w {
					if unicode.IsLetter(c) {
						r.Units++
					}
				}
			} else {
				r.Units += syllablesIn(w, f.vowels, f.silentE)
			}
		}
	}
	if r.Words == 0 || r.Sentences == 0 {
		return Readability{}, false
	}
	asl := float64(r.Words) / float64(r.Sentences)
	r.Score = f.score(asl, float64(r.Units)/float64(r.Words))
	if f.letters {
		// Gulpease's own bands: under 80 hard for readers with elementary
		// schooling, under 60 with middle school, under 40 with secondary.
		switch {
		case r.Score >= 80:
			r.Label, r.Points = "easy", 15
		case r.Score >= 60:
			r.Label, r.Points = "plain", 15
		case r.Score >= 40:
			r.Label, r.Points = "fairly difficult", 10
		default:
			r.Label, r.Points, r.Hard = "difficult", 0, true
		}
		r.Line = "under 40 is hard even for readers with a secondary-school education"
		return r, true
	}
	// The Flesch family shares Flesch's 0–100 bands.
	plain := "plain"
	if lang == "en" {
		plain = "plain English"
	}
	switch {
	case r.Score >= 70:
		r.Label, r.Points = "easy", 15
	case r.Score >= 60:
		r.Label, r.Points = plain, 15
	case r.Score >= 50:
		r.Label, r.Points = "fairly difficult", 10
	case r.Score >= 30:
		r.Label, r.Points, r.Hard = "difficult", 5, true
	default:
		r.Label, r.Points, r.Hard = "very difficult", 0, true
	}
	r.Line = "60+ is plain, under 50 difficult"
	if lang == "en" {
		r.Line = "60+ is plain English"
	}
	return r, true
}

// Counts says the formula's inputs, as evidence shows them.
func (r Readability) Counts() string {
	return fmt.Sprintf("%d words, %d sentences, %d %s", r.Words, r.Sentences, r.Units, r.Unit)
}

// syllablesIn counts a word's syllables as its groups of vowels (a fair
// estimate for Romance and Germanic languages; the word is lower case with
// accents folded), less a silent final "e", at least one.
func syllablesIn(w, vowels string, silentE bool) int {
	n := 0
	prev := false
	for _, r := range w {
		v := strings.ContainsRune(vowels, r)
		if v && !prev {
			n++
		}
		prev = v
	}
	if silentE && n > 1 && strings.HasSuffix(w, "e") && !strings.HasSuffix(w, "le") {
		n--
	}
	return max(n, 1)
}
