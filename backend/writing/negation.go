package writing

import (
	"slices"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// negatedFeatures are the catalog features the host's own words say the
// listing does not have ("does NOT have a hot tub", "sem piscina", "non
// c'è la piscina", "pas de parking", "kein Pool"), by key, with the
// sentence that says so. Copy never names them in a title or a highlight,
// whatever else the page says: the host's sentence is what a guest reads.
func negatedFeatures(l *listing.Listing) map[string]string {
	out := map[string]string{}
	if l == nil {
		return out
	}
	var cues [][]string
	for _, lang := range []string{"en", l.Language.Code()} {
		for _, c := range negationWords[lang] {
			cues = append(cues, prose.Words(c))
		}
	}
	phrases := allFeaturePhrases()
	stops := map[string]bool{}
	for w := range negationStops {
		stops[strings.Join(prose.Words(w), " ")] = true
	}
	texts := append([]string{l.Title}, prose.Sentences(l.Description)...)
	texts = append(texts, l.HouseRules.Rules...)
	for _, s := range texts {
		// A clause ends a negation's reach: "no car needed, the pool is
		// steps away" says nothing against the pool.
		for _, clause := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(",;:()—–|•", r) }) {
			negateIn(prose.Words(clause), strings.TrimSpace(s), cues, phrases, stops, out)
		}
	}
	return out
}

// negateIn marks in out the features a negation in ws reaches.
func negateIn(ws []string, sentence string, cues [][]string, phrases map[string][][]string, stops map[string]bool, out map[string]string) {
	{
		for i := range ws {
			n := matchAt(ws, i, cues)
			if n == 0 {
				continue
			}
			for j := i + n; j < len(ws) && j <= i+n+7; j++ {
				if stops[ws[j]] {
					break
				}
				for key, ps := range phrases {
					if _, done := out[key]; !done && matchAt(ws, j, ps) > 0 {
						out[key] = sentence
					}
				}
			}
		}
	}
}

// allFeaturePhrases is featurePhrases, built once.
var allFeaturePhrases = sync.OnceValue(featurePhrases)

// phraseStart is one feature's phrase, listed under its first word.
type phraseStart struct {
	key    string
	phrase []string
}

// byFirstWord indexes phrases (word sequences, by key) by their first
// word, each key's in their order: a text is then read once, word by word,
// instead of once per key.
func byFirstWord(phrases map[string][][]string) map[string][]phraseStart {
	idx := map[string][]phraseStart{}
	for key, ps := range phrases {
		for _, p := range ps {
			if len(p) > 0 {
				idx[p[0]] = append(idx[p[0]], phraseStart{key, p})
			}
		}
	}
	return idx
}

// featurePhrasesByFirstWord is allFeaturePhrases by first word.
var featurePhrasesByFirstWord = sync.OnceValue(func() map[string][]phraseStart { return byFirstWord(allFeaturePhrases()) })

// featuresNamed is the set of features whose phrases (allFeaturePhrases)
// appear in ws: what "for each feature, does one of its phrases start at
// some word" answers, in one pass over ws.
func featuresNamed(ws []string) map[string]bool {
	idx := featurePhrasesByFirstWord()
	named := map[string]bool{}
	for i, w := range ws {
		for _, st := range idx[w] {
			if named[st.key] || i+len(st.phrase) > len(ws) {
				continue
			}
			if slices.Equal(ws[i:i+len(st.phrase)], st.phrase) {
				named[st.key] = true
			}
		}
	}
	return named
}

// namesNegated is the first feature in negated that s names, "" for none.
func namesNegated(s string, negated map[string]string) string {
	if len(negated) == 0 {
		return ""
	}
	named := featuresNamed(prose.Words(s))
	for key := range negated {
		if named[key] {
			return key
		}
	}
	return ""
}

// featurePhrases are the words naming each feature, in every language we
// know, as word sequences.
func featurePhrases() map[string][][]string {
	m := map[string][][]string{}
	add := func(key, p string) {
		if ws := prose.Words(p); len(ws) > 0 {
			m[key] = append(m[key], ws)
		}
	}
	for _, d := range analysis.Catalog {
		mention := d.Mention
		if mention == nil {
			mention = d.Match
		}
		for _, p := range mention {
			add(d.Key, p)
		}
	}
	for key, ps := range featureWords {
		for _, p := range ps {
			add(key, p)
		}
	}
	for _, words := range localAmenities {
		for key, p := range words {
			add(key, p)
		}
	}
	return m
}

// matchAt is the length of the first phrase that starts at ws[i], 0 when
// none does.
func matchAt(ws []string, i int, phrases [][]string) int {
	for _, p := range phrases {
		if i+len(p) > len(ws) {
			continue
		}
		ok := true
		for k := range p {
			if ws[i+k] != p[k] {
				ok = false
				break
			}
		}
		if ok {
			return len(p)
		}
	}
	return 0
}
