package writing

import (
	"strings"
	"unicode"

	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/textcase"
)

// A feature word ("Modern", "Quiet", "Cozy") is the host's word for this
// listing only where the host says it of the place: never a word inside a
// proper name ("Museum of Modern Art", "Quiet Man Pub") and never a word
// in a rule ("quiet hours", "horas de silêncio", "Ruhezeiten"), which says
// what guests must do, not what the place is.

// hostFeatureWords are the words of the host's title and description
// that may be taken for a feature of the listing, lower case.
func hostFeatureWords(title, desc string) map[string]bool {
	out := map[string]bool{}
	add := func(text string, isTitle bool) {
		for _, sent := range prose.Sentences(text) {
			if ruleSentence(sent) {
				continue
			}
			ws := strings.Fields(sent)
			for i := range ws {
				if inProperName(ws, i, isTitle) {
					continue
				}
				for _, w := range prose.Words(ws[i]) {
					out[w] = true
				}
				if c := strings.ToLower(strings.Trim(ws[i], ",.;:!?()\"'’“”")); strings.Contains(c, "-") {
					out[c] = true // "light-filled"
				}
			}
		}
	}
	add(title, true)
	add(desc, false)
	return out
}

// quietRules are the phrases, in the languages we read, that make a
// sentence a rule about noise: its "quiet" is an order, not the place.
var quietRules = []string{"quiet hours", "quiet time", "quiet period", "keep quiet", "be quiet", "keep the noise", "noise",
	"horas de silêncio", "horário de silêncio", "lei do silêncio", "silêncio após", "barulho",
	"horas de silencio", "horario de silencio", "silencio a partir", "ruido",
	"ore di silenzio", "orario di silenzio", "silenzio dopo", "rumore",
	"heures de silence", "heures calmes", "silence après", "bruit",
	"ruhezeit", "nachtruhe", "mittagsruhe", "lärm",
	"ώρες κοινής ησυχίας", "ησυχία", "静かな時間", "静粛時間", "騒音"}

// ruleSentence reports whether a sentence is a rule about noise.
func ruleSentence(s string) bool {
	low := strings.ToLower(s)
	for _, r := range quietRules {
		if strings.Contains(low, r) {
			return true
		}
	}
	return false
}

// inProperName reports whether the i-th word of a sentence is part of a
// name: a capitalised word beside another capitalised word ("Modern Art"),
// or joined to one by a name's small word ("Museum of Modern"). In a
// title, where every word is capitalised, only the small word marks a
// name ("Loft by the Museum of Modern Art").
func inProperName(ws []string, i int, isTitle bool) bool {
	if !capitalLetter(ws[i]) || textcase.Acronym(ws[i]) {
		return false
	}
	joined := func(j, step int) bool { // a connector at j, a capital after it
		k := j + step
		return j >= 0 && j < len(ws) && k >= 0 && k < len(ws) && connectorWords[strings.ToLower(ws[j])] && capitalLetter(ws[k])
	}
	if joined(i-1, -1) || joined(i+1, 1) {
		return true
	}
	if isTitle {
		return false
	}
	// Beside a capital that is no sentence start and ends no clause.
	prev := i > 1 && capitalLetter(ws[i-1]) && !strings.ContainsAny(ws[i-2][len(ws[i-2])-1:], ".:!?")
	prev = prev || (i == 1 && capitalLetter(ws[0]) && !strings.ContainsAny(ws[0][len(ws[0])-1:], ",;:"))
	next := i+1 < len(ws) && capitalLetter(ws[i+1]) && !strings.ContainsAny(ws[i][len(ws[i])-1:], ",;:.!?")
	return prev || next
}

// connectorWords join the words of a name in the languages we read.
var connectorWords = map[string]bool{"of": true, "the": true, "de": true, "da": true, "do": true, "dos": true, "das": true, "di": true,
	"del": true, "della": true, "dei": true, "du": true, "des": true, "la": true, "le": true, "van": true, "von": true, "der": true, "&": true}

// capitalLetter reports whether a word's first letter, past any
// punctuation ("(Modern"), is a capital.
func capitalLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return unicode.IsUpper(r)
		}
	}
	return false
}
