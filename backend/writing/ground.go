package writing

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/prose"
)

// The grounding check: closed-world, the last family every piece of copy
// passes. After grammar and the reviewed style words (neutral.go), every
// word of copy must be grounded in the listing's fact sheet
// (factsheet.go) — inflection-aware in the alphabetic languages, by
// substring in Chinese and Japanese — with the polarity the copy gives
// it: "con ascensore" is refused where the host writes "senza
// ascensore", "No pets" where pets are allowed. Numbers are the numbers
// family's (check_numbers.go), which holds each to a fact with its
// meaning. Whatever kind of claim a word makes, it is refused unless the
// listing makes it: the families before this one say precisely why for the
// kinds of invention they know; this one refuses the rest.

// Grounding errors.
var (
	ErrUngrounded  = errors.New("says what the listing does not state")
	ErrContradicts = errors.New("contradicts the listing")
)

// checkGrounded refuses s when a word of it is not grounded in the fact
// sheet, or is grounded only with the opposite polarity.
func (v *validator) checkGrounded(s string, _ Part) error {
	if v.req.Listing == nil {
		return nil
	}
	return v.sheet.Ground(s)
}

// Ground checks one piece of copy against the fact sheet: nil when every
// word is grounded with its polarity, else an error naming the first words
// that are not (at most three).
func (fs *FactSheet) Ground(s string) error {
	var missing, against []string
	reported := map[string]bool{}
	report := func(list *[]string, w string) {
		if !reported[w] {
			reported[w] = true
			*list = append(*list, w)
		}
	}
	neutral := neutralWords(fs.langs)
	numbers := allNumberWords()
	for _, sent := range prose.Sentences(s) {
		pws := polarWords(sent, fs.Lang.Copy.Code())
		joined := -1 // a word read with the one before it ("drop off" as "dropoff")
		for i, pw := range pws {
			w := pw.word
			if i == joined || neutral[w] || numbers[w] || isNumberToken(w) {
				continue
			}
			if prose.HasCJK(w) {
				if gap := fs.uncoveredCJK(w); gap != "" {
					report(&missing, gap)
				}
				continue
			}
			p, ok := fs.lookup(w)
			if !ok && i+1 < len(pws) {
				// One word the copy writes as two: "Wi-Fi" for "WiFi",
				// "drop-off" for "dropoff".
				if p, ok = fs.lookup(w + pws[i+1].word); ok {
					joined = i + 1
				}
			}
			switch {
			case !ok:
				report(&missing, w)
			case pw.weak:
			case pw.negated && p&Denied == 0:
				report(&against, "no "+w)
			case !pw.negated && p&Offered == 0:
				report(&against, w)
			case attachedWords[w] && !pw.negated && !fs.attachedGrounded(pws, i):
				// "Free Stay" where the page's "free" is its parking's:
				// the word is the listing's, the claim is not.
				report(&missing, pairOf(pws, i, grammarSet(fs.langs)))
			}
		}
	}
	if len(against) > 0 {
		return fmt.Errorf("%w: %s (the listing says otherwise)", ErrContradicts, quoteWords(against))
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: %s", ErrUngrounded, quoteWords(missing))
	}
	return nil
}

func quoteWords(ws []string) string {
	if len(ws) > 3 {
		ws = ws[:3]
	}
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = fmt.Sprintf("%q", w)
	}
	return strings.Join(q, ", ")
}

// lookup is the polarities w is read with in the fact sheet, as written
// or as an inflected form of a word of it; ok false when no form is.
func (fs *FactSheet) lookup(w string) (Polarity, bool) {
	if p, ok := fs.words[w]; ok {
		return p, true
	}
	// Plural and singular: "beds" for "bed", "casas" for "casa",
	// "balconies" for "balcony".
	if strings.HasSuffix(w, "ies") {
		if p, ok := fs.words[strings.TrimSuffix(w, "ies")+"y"]; ok {
			return p, true
		}
	}
	for _, suf := range []string{"s", "es"} {
		if p, ok := fs.words[strings.TrimSuffix(w, suf)]; ok && strings.HasSuffix(w, suf) {
			return p, true
		}
		if p, ok := fs.words[w+suf]; ok {
			return p, true
		}
	}
	if p, ok := fs.lookupPlain(w); ok {
		return p, true
	}
	// A compound of two grounded words ("Meerblick" from "Meer" and
	// "Blick", "Strandnähe", "wifi" from "wi" "fi").
	rs := []rune(w)
	for i := 3; i <= len(rs)-3; i++ {
		head, tail := string(rs[:i]), string(rs[i:])
		ph, okh := fs.words[head]
		if !okh {
			ph, okh = fs.words[strings.TrimSuffix(head, "s")]
		}
		if !okh {
			continue
		}
		if pt, ok := fs.lookupPlain(tail); ok {
			return ph & pt, ph&pt != 0
		}
	}
	return 0, false
}

// lookupPlain is lookup without compounds.
func (fs *FactSheet) lookupPlain(w string) (Polarity, bool) {
	if p, ok := fs.words[w]; ok {
		return p, true
	}
	var p Polarity
	found := false
	if k := stemKey(w); k != "" {
		for _, c := range fs.byStem[k] {
			if sameStem(w, c) {
				p |= fs.words[c]
				found = true
			}
		}
	}
	return p, found
}

// sameStem reports whether a and b are inflected forms of one word: they
// share a stem of at least four letters and each ends, beyond it, in an
// inflectional ending of Greek, German or the Romance languages, or none
// ("Αθήνα", "Αθήνας"; "renovado", "renovada"; "gemütlich",
// "gemütlichen"; "camera", "camere"). A derived word is another word:
// "favorito" is no form of "favor", "alloggio" none of "allowed", "king"
// none of "kingdom".
func sameStem(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	n := 0
	for n < len(ra) && n < len(rb) && ra[n] == rb[n] {
		n++
	}
	if n < 4 {
		return false
	}
	// The stem may end inside a shared ending ("camer|a", "camer|e"):
	// try each split from the shared prefix back to four letters.
	for k := n; k >= 4 && k >= n-2; k-- {
		if inflectionEndings[string(ra[k:])] && inflectionEndings[string(rb[k:])] {
			return true
		}
	}
	return false
}

// inflectionEndings are the endings that make forms of one word: number,
// gender and case, as folded (accents off).
var inflectionEndings = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields("_ s es e a o i as os is en er em n ne nen ern ς ας ες ου ων ης α η ο ι ος") {
		m[strings.Trim(e, "_")] = true
	}
	return m
}()

// uncoveredCJK is the first part of a Chinese or Japanese run of copy
// that the host's text does not contain, "" when all of it is the host's:
// each stretch of ideographs and katakana must be a substring of the
// host's text (two characters or more, or one the host writes); kana
// particles and punctuation are grammar.
func (fs *FactSheet) uncoveredCJK(w string) string {
	rs := []rune(w)
	for i := 0; i < len(rs); {
		if unicode.In(rs[i], unicode.Hiragana) || !prose.IsCJK(rs[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(rs) && prose.IsCJK(rs[j]) && !unicode.In(rs[j], unicode.Hiragana) {
			j++
		}
		// The stretch rs[i:j]: cover it with the longest pieces the host
		// wrote.
		for k := i; k < j; {
			best := 0
			for _, n := range cjkNeutral {
				// "を備え": the word may run on into its kana.
				if strings.HasPrefix(string(rs[k:]), n) {
					best = max(best, min(utf8.RuneCountInString(n), j-k))
				}
			}
			if best > 0 {
				k += best
				continue
			}
			for e := j; e > k; e-- {
				if strings.Contains(fs.cjk, string(rs[k:e])) {
					best = e - k
					break
				}
			}
			if best == 0 && cjkGrammar[rs[k]] {
				best = 1
			}
			if best == 0 {
				return string(rs[i:j])
			}
			k += best
		}
		i = j
	}
	return ""
}

// cjkGrammar are ideographs Japanese uses as grammar or counters, not as
// claims: 付き (with), 的, 等, 約 (about), 様, 中, 内, 間, 前, 後, 各,
// 毎, 室, 台, 名, 人 — a count beside one is the numbers family's.
var cjkGrammar = func() map[rune]bool {
	m := map[rune]bool{}
	for _, r := range "付的等約様中内間前後各毎室台名人階分" {
		m[r] = true
	}
	return m
}()

// cjkNeutral are Japanese words of style and grammar written in
// ideographs, as the style words of the other languages: "ご利用いただけます"
// (can be used), "ご用意" (we provide), "滞在" (stay), "完備" (equipped).
var cjkNeutral = []string{"利用", "用意", "提供", "可能", "滞在", "予約", "歓迎", "快適", "便利", "最適", "安心", "気軽", "過ご", "楽し", "完備", "備え"}

// polarWord is a word of a sentence and whether the sentence denies it:
// negated for the word a negation governs ("no pets", "senza
// ascensore"), weak for the words after it that it may or may not reach
// ("sin humo hotel").
type polarWord struct {
	word          string
	negated, weak bool
	clause        int // which clause of the sentence: a neighbour is in the same one
}

// polarity is what a word of the listing's own text says: denied where a
// negation reaches it at all ("l'edificio non è dotato di ascensore"),
// offered elsewhere. (Copy's weakly reached words are read with either.)
func (p polarWord) polarity() Polarity {
	if p.negated || p.weak {
		return Denied
	}
	return Offered
}

// polarWords are the words of a sentence, each with whether a negation
// reaches it: a cue denies the next word that is not grammar — and the
// words joined to it by "and"/"or" — within its clause; the two after
// it are reached weakly, until a word that ends its reach ("no smoking
// near the pool"). A prohibition in a clause ("not allowed", "nicht
// erlaubt") denies the words before it ("Haustiere sind nicht erlaubt");
// a word that forbids ("proibido", "vietato", "interdit") denies its
// whole clause.
func polarWords(s, lang string) []polarWord {
	cues := slices.Concat(negationCues(lang), moreNegationCues(lang)) // never append to the cached slice
	stops := negationStopWords()
	grammar := neutralWords([]string{lang, "en"})
	var out []polarWord
	clauses := clauseWords(s)
	negs := make([][]bool, len(clauses))
	weaks := make([][]bool, len(clauses))
	for ci, ws := range clauses {
		neg := make([]bool, len(ws))
		weak := make([]bool, len(ws))
		negs[ci], weaks[ci] = neg, weak
		prohibits := false
		for i := 0; i < len(ws); i++ {
			n := cueAt(ws, i, cues)
			if n == 0 {
				continue
			}
			// A prohibition: the cue with a word of permission after it.
			if i+n < len(ws) && permissionWords[ws[i+n]] || i+n+1 < len(ws) && permissionWords[ws[i+n+1]] {
				for k := 0; k < i; k++ {
					neg[k] = true
				}
				// "Pets, smoking and parties are not allowed": what it
				// forbids stands before it, and may go on in the clauses
				// before ("não são permitidos animais" forbids after).
				prohibits = i > 0 && !contentAfter(ws[i+n:], grammar)
			}
			reach, strong := 0, true
			for j := i + n; j < len(ws) && reach < 3; j++ {
				if permissionWords[ws[j]] {
					neg[j] = true // "não é permitido fumar": the verb carries the cue on
					continue
				}
				if stops[ws[j]] && j > i+n {
					if !grammar[ws[j]] && reach == 0 {
						// "não é permitido fumar": a rule's own word
						// ends the reach after it, not before.
						neg[j] = true
					}
					break
				}
				if conjunctions[ws[j]] && reach > 0 {
					// "no pets or parties" goes on; "sin humo y el hotel
					// está adaptado" starts another phrase. (Right after
					// the cue, "e" is Portuguese "é", folded.)
					if j+1 < len(ws) && articles[ws[j+1]] {
						break
					}
					strong = true
					continue
				}
				if strong {
					neg[j] = true
				} else {
					weak[j] = true
				}
				if !grammar[ws[j]] {
					reach++
					strong = false
				}
			}
			if reach == 0 {
				// "Pets and smoking are allowed, parties are not": the
				// cue closes its clause and denies what came before.
				for k := 0; k < i; k++ {
					neg[k] = true
				}
			}
			i += n - 1
		}
		for k, w := range ws {
			if prohibitionWords[w] {
				// "Smoking is prohibited", "Proibido fumar": the
				// clause is denied, whichever side the word is on.
				prohibits = prohibits || k == len(ws)-1
				for k := range neg {
					neg[k], weak[k] = true, false
				}
			}
		}
		if prohibits {
			// "Pets, smoking and parties are not allowed": the list
			// before the clause, item by item, is what it forbids.
			for k := ci - 1; k >= 0 && len(clauses[k]) <= 3; k-- {
				for m := range negs[k] {
					negs[k][m], weaks[k][m] = true, false
				}
			}
		}
	}
	for ci, ws := range clauses {
		for i, w := range ws {
			out = append(out, polarWord{w, negs[ci][i], weaks[ci][i] && !negs[ci][i], ci})
		}
	}
	return out
}

// contentAfter reports whether ws has a word that is not grammar or
// permission.
func contentAfter(ws []string, grammar map[string]bool) bool {
	for _, w := range ws {
		if !grammar[w] && !permissionWords[w] {
			return true
		}
	}
	return false
}

// articles start a new phrase after "and": "sin humo y el hotel…".
var articles = foldSet("the a an o a os as um uma el la los las un una il lo gli le i uno l le la les un une des der die das ein eine")

// conjunctions join the things one negation denies: "no pets or
// parties", "sem piscina nem churrasqueira".
var conjunctions = foldSet("and or nor e ou nem y o ni ed oppure né et und oder noch")

// moreNegationCues deny in a sentence as negationWords do, but deny no
// feature by themselves in the amenity checks' reading: "Niente feste",
// "nunca", "jamais".
func moreNegationCues(lang string) [][]string {
	var out [][]string
	for _, c := range strings.Fields(map[string]string{"en": "none", "pt": "nunca nada", "es": "nada nunca", "it": "niente mai nulla",
		"fr": "jamais rien", "de": "nie niemals"}[lang]) {
		out = append(out, []string{c})
	}
	return out
}

// cueAt is the length of the negation cue at ws[i], 0 for none.
func cueAt(ws []string, i int, cues [][]string) int {
	for _, c := range cues {
		if len(c) > 0 && i+len(c) <= len(ws) && wordsAt(ws, i, c) {
			return len(c)
		}
	}
	return 0
}

// permissionWords follow a negation to forbid what came before it: "pets
// are not allowed", "não são permitidos", "nicht erlaubt".
var permissionWords = foldSet("allowed permitted accepted welcome included available authorised authorized aceita aceitam acepta aceptan accetta accettati accepte akzeptiert " +
	"permitido permitidos permitida permitidas aceitos aceitas incluído incluída incluídos incluídas disponível " +
	"permitido permitidos permitida permitidas aceptados aceptadas admitidos incluido incluida disponible " +
	"consentito consentiti consentita consentite ammesso ammessi ammessa ammesse accettati incluso inclusa disponibile " +
	"autorisé autorisés autorisée autorisées admis admises acceptés accepté inclus incluse disponible " +
	"erlaubt gestattet zugelassen inklusive inbegriffen verfügbar")

// prohibitionWords forbid by themselves what their clause names before
// them.
var prohibitionWords = foldSet("forbidden prohibited banned proibido proibida proibidos proibidas vedado prohibido prohibida " +
	"prohibidos prohibidas vietato vietata vietati vietate interdit interdite interdits interdites verboten untersagt")

func foldSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range prose.Words(words) {
		m[w] = true
	}
	return m
}

// neutralWords are the stop and style words of langs, folded, built once
// per set of languages.
func neutralWords(langs []string) map[string]bool {
	key := strings.Join(langs, ",")
	if m, ok := neutralCache.Load(key); ok {
		return m.(map[string]bool)
	}
	m := map[string]bool{}
	for _, lang := range langs {
		for _, w := range prose.Words(grammarWords[lang] + " " + styleWords[lang]) {
			m[w] = true
		}
	}
	for _, w := range prose.Words(unitWordList) {
		m[w] = true
	}
	// Permission and prohibition carry a rule's polarity, which the
	// words they govern are checked with: they state nothing alone.
	for w := range permissionWords {
		m[w] = true
	}
	for w := range prohibitionWords {
		m[w] = true
	}
	for _, lang := range langs {
		for _, c := range slices.Concat(negationCues(lang), moreNegationCues(lang)) {
			for _, w := range c {
				m[w] = true
			}
		}
	}
	neutralCache.Store(key, m)
	return m
}

var neutralCache sync.Map

// allNumberWords are the number words of every language, which the
// numbers family checks.
var allNumberWords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for w := range numberWordsOf([]string{"en", "pt", "es", "it", "fr", "de"}) {
		m[w] = true
	}
	return m
})

// isNumberToken reports a word with a digit ("64", "2br", "m2", "１２").
func isNumberToken(w string) bool {
	for len(w) > 0 {
		r, n := utf8.DecodeRuneInString(w)
		if unicode.IsDigit(r) {
			return true
		}
		w = w[n:]
	}
	return false
}

// attachedWords make a claim only together with the word beside them: a
// page's "free parking" grounds no "free stay", its "vista de tirar o
// fôlego" no "vista para a montanha", its "private entrance" no
// "private pool". Such a word is grounded only where a sentence of the
// listing has it near one of its neighbours in the copy.
var attachedWords = foldSet(`free complimentary included private shared heated new newly renovated refurbished king queen
	view views panoramic rooftop infinity
	gratis gratuito gratuita gratuitos gratuitas incluido incluida incluidos privativo privativa privado privada compartilhado
	compartilhada aquecido aquecida novo nova reformado reformada renovado renovada recem vista vistas panoramica compartido
	compartida climatizada nuevo nueva incluso inclusa privato privata condiviso condivisa riscaldata nuovo nuova ristrutturato
	ristrutturata panoramico gratuit gratuite gratuits inclus incluse prive privee partage partagee chauffee neuf neuve nouveau
	renove renovee vue panoramique kostenlos kostenfrei inklusive privat private privaten eigener gemeinsam beheizt beheizter
	neu neue renoviert renovierte blick aussicht panorama`)

// feeWords say what a stay costs or includes: they are grounded only
// beside what the listing says is free or included, never of the listing
// itself ("Free Stay").
var feeWords = foldSet(`free complimentary included gratis gratuito gratuita gratuitos gratuitas incluido incluida incluidos
	incluso inclusa gratuit gratuite gratuits inclus incluse kostenlos kostenfrei inklusive`)

// neighbours are the words next to pws[i] that say what it is about: the
// two nearest words before and after it, in its clause, that are not
// grammar or a number ("renovated Edinburgh flat": "flat").
func neighbours(pws []polarWord, i int, grammar map[string]bool) []int {
	var out []int
	for dir := -1; dir <= 1; dir += 2 {
		found := 0
		for j := i + dir; j >= 0 && j < len(pws) && j-i <= 5 && i-j <= 5 && pws[j].clause == pws[i].clause && found < 2; j += dir {
			if !grammar[pws[j].word] && !isNumberToken(pws[j].word) {
				out = append(out, j)
				found++
			}
		}
	}
	return out
}

// attachedGrounded reports whether the attached word pws[i] stands, in a
// sentence of the listing, within three words of one of its neighbours
// in the copy; a word with no neighbour is grounded by itself.
func (fs *FactSheet) attachedGrounded(pws []polarWord, i int) bool {
	nb := neighbours(pws, i, grammarSet(fs.langs))
	if len(nb) == 0 {
		return true
	}
	w := pws[i].word
	for _, j := range nb {
		// "Renovated Edinburgh flat": said of the listing itself, which
		// the host's own sentence describes ("Newly renovated
		// throughout").
		if fs.self[pws[j].word] && fs.hostSays[w] && !feeWords[w] {
			return true
		}
	}
	for _, sent := range fs.sents {
		for a := range sent {
			if !sameForm(sent[a], w) {
				continue
			}
			for b := max(0, a-4); b < min(len(sent), a+5); b++ {
				if b == a {
					continue
				}
				for _, j := range nb {
					if sameForm(sent[b], pws[j].word) || sameFeature(sent[b], pws[j].word) || b+1 < len(sent) && sameForm(sent[b]+sent[b+1], pws[j].word) ||
						j+1 < len(pws) && sameForm(sent[b], pws[j].word+pws[j+1].word) {
						return true
					}
				}
			}
		}
	}
	return false
}

// sameFeature reports whether two words each name, alone, the same
// feature of the catalogue in some language: the host's "hidromassagem
// privativa" is the copy's "jacuzzi privativa".
func sameFeature(a, b string) bool {
	if a == b {
		return true
	}
	m := featureOfWord()
	for _, ka := range m[a] {
		for _, kb := range m[b] {
			if ka == kb && synonymFamily(ka) {
				return true
			}
		}
	}
	return false
}

// featureOfWord maps each one-word name of a catalogue feature to the
// features it names.
var featureOfWord = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for key, ps := range allFeaturePhrases() {
		for _, p := range ps {
			if len(p) == 1 {
				m[p[0]] = append(m[p[0]], key)
			}
		}
	}
	return m
})

// pairOf names an attached word with its neighbour, for a reason: "free
// stay".
func pairOf(pws []polarWord, i int, grammar map[string]bool) string {
	nb := neighbours(pws, i, grammar)
	if len(nb) == 0 {
		return pws[i].word
	}
	j := nb[0]
	if j < i {
		return pws[j].word + " " + pws[i].word
	}
	return pws[i].word + " " + pws[j].word
}

// sameForm reports whether two words are one word in two forms: equal,
// singular and plural, or inflected (sameStem).
func sameForm(a, b string) bool {
	if a == b || a+"s" == b || b+"s" == a || a+"es" == b || b+"es" == a {
		return true
	}
	return sameStem(a, b)
}

// grammarSet is the grammar words of langs, without the style words: a
// style word ("stay") is what an attached word may be about.
func grammarSet(langs []string) map[string]bool {
	key := "grammar:" + strings.Join(langs, ",")
	if m, ok := neutralCache.Load(key); ok {
		return m.(map[string]bool)
	}
	m := map[string]bool{}
	for _, lang := range langs {
		for _, w := range prose.Words(grammarWords[lang]) {
			m[w] = true
		}
	}
	neutralCache.Store(key, m)
	return m
}
