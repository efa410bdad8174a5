package writing

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// Claim errors: a place or landmark the listing does not name, a
// superlative or star claim its own text does not make, and a description
// that drops the host's facts.
var (
	ErrPlace   = errors.New("names a place or landmark the listing does not name")
	ErrClaim   = errors.New("makes a claim the listing's own text does not make")
	ErrDropped = errors.New("drops the host's facts")
)

// claimFacts are what the claim checks read of the listing, once.
type claimFacts struct {
	// own is every text of the listing as folded words, one text per
	// entry, space-padded: a name is the listing's when its words stand
	// together in one of them.
	own []string
	// ownWords are the single words of own; names are the words the
	// listing writes with a capital (and every word of its location
	// fields), folded.
	ownWords, names map[string]bool
	// places are the location fields' words, folded, for demonyms
	// ("Lisbon" → "Lisboeta", "Portugal" → "Portuguese").
	places []string
	// claims are the superlative families the listing's own text uses;
	// stars the star ratings it claims ("hotel de 5 estrelas").
	claims map[string]bool
	stars  map[int]bool
	// lang is the copy's language.
	lang string
	// host are the host's facts a description keeps: the features its
	// description names (catalogue keys) and its numbers with a unit or a
	// count.
	// Read only when a description is checked (hostRead): titles, the
	// most checked copy, never need them.
	hostFeatures []string
	hostNumbers  []hostNumber
	hostRead     *sync.Once
	listing      *listing.Listing
	// negated are the features the host's text denies (the validator's,
	// read once per listing).
	negated map[string]string
}

// hostNumber is a number the host's description states with what it
// counts or measures: "3rd floor", "17km", "15:00", "2 quartos".
type hostNumber struct {
	text  string  // as written, for the reason
	value float64 // the number; for a time, its hour
	clock bool    // a time of day: 3 PM and 15:00 are one
}

func newClaimFacts(req Request, negated map[string]string, langs Languages) claimFacts {
	f := claimFacts{ownWords: map[string]bool{}, names: map[string]bool{}, claims: map[string]bool{}, stars: map[int]bool{}, negated: negated,
		hostRead: &sync.Once{}}
	l := req.Listing
	if l == nil {
		return f
	}
	f.lang = langs.Copy.Code()
	loc := []string{l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country}
	texts := append([]string{l.Title}, prose.Sentences(l.Description)...)
	texts = append(texts, l.Highlights...)
	texts = append(texts, l.HouseRules.Rules...)
	texts = append(texts, loc...)
	texts = append(texts, l.Host.Name) // "your host, Maria"
	texts = append(texts, statusNames(l)...)
	for _, a := range l.Amenities {
		texts = append(texts, a.Name)
	}
	for _, t := range texts {
		ws := prose.Words(t)
		if len(ws) == 0 {
			continue
		}
		f.own = append(f.own, " "+strings.Join(ws, " ")+" ")
		for _, w := range ws {
			f.ownWords[w] = true
		}
		for _, tok := range reToken.FindAllString(t, -1) {
			if capitalised(tok) {
				for _, w := range prose.Words(tok) {
					f.names[w] = true
				}
			}
		}
		for fam := range superlatives(t) {
			f.claims[fam] = true
		}
		for n := range starClaims(t) {
			f.stars[n] = true
		}
	}
	for _, p := range loc {
		for _, w := range prose.Words(p) {
			f.names[w] = true
			f.places = append(f.places, w)
		}
	}
	f.listing = l
	return f
}

// checkClaims checks places, landmarks, superlatives and star claims
// against the listing, and that a description keeps the host's facts.
func (v *validator) checkClaims(s string, p Part) error {
	if v.req.Listing == nil {
		return nil
	}
	f := &v.claims
	stars := starClaims(s)
	for n := 1; n <= 5; n++ {
		if w, ok := stars[n]; ok && !f.stars[n] {
			return fmt.Errorf("%w: %q", ErrClaim, w)
		}
	}
	said := superlatives(s)
	for _, fam := range superlativeOrder {
		if w, ok := said[fam]; ok && !f.claims[fam] {
			return fmt.Errorf("%w: %q", ErrClaim, w)
		}
	}
	if name := f.unknownPlace(s, p); name != "" {
		return fmt.Errorf("%w: %q", ErrPlace, name)
	}
	if p == PartKindDescription {
		if dropped := f.dropped(s); len(dropped) > 0 {
			return fmt.Errorf("%w: %s", ErrDropped, strings.Join(dropped, ", "))
		}
	}
	return nil
}

// Superlatives and star claims.

// superlativeFamilies are, by family, the phrases (folded words) that make
// a claim of that kind in the languages we write. A listing whose own text
// makes a claim of a family ("hotel de 5 estrelas", "the best sunsets")
// lets copy make it too.
var superlativeFamilies = map[string][]string{
	"best": {"the best", "best in", "best of", "best on", "best value", "best location", "finest",
		"o melhor", "a melhor", "os melhores", "as melhores", "melhor de", "melhor do", "melhor da",
		"el mejor", "la mejor", "los mejores", "las mejores", "lo mejor",
		"il migliore", "la migliore", "i migliori", "le migliori", "il meglio", "il miglior", "la miglior",
		"le meilleur", "la meilleure", "les meilleurs", "les meilleures", "meilleur", "meilleure",
		"der beste", "die beste", "das beste", "am besten", "den besten", "beste", "bester", "bestes"},
	"number one": {"number one", "numero um", "numero 1", "numero uno", "numero un", "nummer eins", "nummer 1"},
	"top-rated": {"top rated", "highest rated", "best rated", "mais bem avaliado", "mais bem avaliada", "mais bem avaliados",
		"mejor valorado", "mejor valorada", "mejor valorados", "piu votato", "piu votata", "meglio recensito", "mieux note",
		"mieux notee", "top bewertet", "topbewertet", "bestbewertet", "am besten bewertet"},
	"award-winning": {"award winning", "award winner", "premiado", "premiada", "galardonado", "galardonada", "premiato", "premiata",
		"preisgekront", "preisgekronte", "preisgekrontes"},
	// The site's statuses: a claim only the page's facts make true.
	"guest favourite": {"guest favourite", "guest favorite", "guests favourite", "guests favorite", "preferido dos hospedes",
		"favorito dos hospedes", "favorito entre huespedes", "favorito de los huespedes", "amato dagli ospiti",
		"preferito dagli ospiti", "coup de cœur voyageurs", "coup de coeur voyageurs", "coup de cœur des voyageurs",
		"gaste favorit", "gastefavorit", "favorit der gaste"},
	"superhost":   {"superhost", "superhosts", "super host", "superanfitriao", "superanfitriona", "superanfitrion", "superhote"},
	"world-class": {"world class", "classe mundial", "clase mundial", "livello mondiale", "classe mondiale", "weltklasse"},
	"unbeatable": {"unbeatable", "imbativel", "inmejorable", "imbatible", "imbattibile", "imbattable", "unschlagbar", "unschlagbare",
		"unschlagbaren"},
	"luxury": {"luxury", "luxurious", "luxe", "luxo", "luxuoso", "luxuosa", "lujo", "lujoso", "lujosa", "lusso", "lussuoso",
		"lussuosa", "luxueux", "luxueuse", "luxus", "luxurios", "luxuriose", "luxuriosen"},
}

var superlativeSeqs = splitMap(superlativeFamilies)

// superlativesByFirstWord is superlativeSeqs by first word.
var superlativesByFirstWord = byFirstWord(superlativeSeqs)

// superlativeOrder is the order claims are reported in.
var superlativeOrder = []string{"number one", "best", "top-rated", "award-winning", "guest favourite", "superhost", "world-class", "unbeatable", "luxury"}

// starWords and starCounts make a star claim: "five-star", "5 estrelas",
// "cinque stelle", "5-Sterne".
var (
	starWords  = map[string]bool{"star": true, "stars": true, "estrela": true, "estrelas": true, "estrella": true, "estrellas": true, "stella": true, "stelle": true, "etoile": true, "etoiles": true, "stern": true, "sterne": true, "sternen": true}
	starCounts = map[string]int{"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
		"dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "dos": 2, "cuatro": 4, "due": 2, "tre": 3, "quattro": 4, "cinque": 5,
		"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "zwei": 2, "drei": 3, "vier": 4, "funf": 5}
	reNumberOne = regexp.MustCompile(`#\s?1\b|\bn[º°o]\.?\s?1\b`)
)

// starClaims are the star ratings s claims ("five-star" → 5), with the
// words that claim each.
func starClaims(s string) map[int]string {
	out := map[int]string{}
	for _, ws := range clauses(s) {
		for i := 0; i+1 < len(ws); i++ {
			if n, ok := starCounts[ws[i]]; ok && starWords[ws[i+1]] {
				out[n] = ws[i] + " " + ws[i+1]
			}
		}
	}
	return out
}

// superlatives are the claim families s makes, with the words that make
// each.
func superlatives(s string) map[string]string {
	out := map[string]string{}
	for _, ws := range clauses(s) {
		for i, w := range ws {
			for _, st := range superlativesByFirstWord[w] {
				if _, ok := out[st.key]; ok || i+len(st.phrase) > len(ws) || !slices.Equal(ws[i:i+len(st.phrase)], st.phrase) {
					continue
				}
				out[st.key] = strings.Join(st.phrase, " ")
			}
		}
	}
	if m := reNumberOne.FindString(s); m != "" {
		out["number one"] = m
	}
	return out
}

// Places and landmarks.

// reToken is a word as written, with the hyphens and apostrophes inside
// it ("Higashiyama-ku", "Kyoto's", "Campo de’"). Chinese and Japanese
// characters stand between words: they have no capitals, and a Latin
// word written next to them ("Wi-Fiをご利用") is a word of its own.
var reToken = regexp.MustCompile(`(?:[^\P{L}\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\x{30FC}\x{3005}]|\p{N})(?:[^\P{L}\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\x{30FC}\x{3005}]|[\p{N}'’\-])*`)

// capitalised reports whether a claimToken starts with a capital letter.
func capitalised(tok string) bool {
	r, _ := utf8.DecodeRuneInString(tok)
	return unicode.IsUpper(r)
}

// claimToken is one word of copy and what stands before it.
type claimToken struct {
	text  string
	words []string // folded
	cap   bool
	// start: it begins a sentence, a line or a list item; gap: something
	// other than a space stands before it (a comma, "&"), which ends a name.
	start, gap bool
	// possessive: it ended in "'s", which ends a name ("Kyoto's").
	possessive bool
}

func tokens(s string) []claimToken {
	var out []claimToken
	prev := 0
	for _, loc := range reToken.FindAllStringIndex(s, -1) {
		sep := s[prev:loc[0]]
		text := s[loc[0]:loc[1]]
		t := claimToken{text: text, cap: capitalised(text)}
		t.start = len(out) == 0 || strings.ContainsAny(sep, ".!?:;\n•|·—–-(\"“/*")
		t.gap = strings.TrimSpace(sep) != ""
		for _, suf := range []string{"'s", "’s", "'", "’"} {
			if strings.HasSuffix(text, suf) && len(text) > len(suf) {
				t.possessive = suf == "'s" || suf == "’s"
				text = strings.TrimSuffix(text, suf)
				break
			}
		}
		t.words = prose.Words(text)
		out = append(out, t)
		prev = loc[1]
	}
	return out
}

// unknownPlace is the first place or landmark s names that the listing
// does not, "" when none. A place is a capitalised name that follows a
// preposition of place ("near the Eiffel Tower", "perto da Alfama"), one
// with a landmark's noun ("Times Square", "Praia da Rocha"), or, in
// running text, any capitalised name inside a sentence. Titles capitalise
// every word, so only a name after a preposition or with a landmark's noun
// counts there; German capitalises every noun, so the same in German.
func (f *claimFacts) unknownPlace(s string, p Part) string {
	ts := tokens(s)
	preps := placePreps[f.lang]
	for i := 0; i < len(ts); {
		if !ts[i].cap || nameStop(ts[i]) {
			i++
			continue
		}
		// The run of capitalised words (with the particles of names)
		// from i.
		start, j := i, nameRunEnd(ts, i)
		run := ts[start:j]
		i = j
		afterPrep := !run[0].start && placeBefore(ts[:start], preps)
		landmark := false
		for _, t := range run {
			landmark = landmark || isLandmark(t.words)
		}
		switch {
		case afterPrep || landmark:
		case p == PartKindTitle && f.lang == "en":
			// "Chiado Loft": the words before the kind of place, less
			// its adjectives ("Gorgeous Loft"), are where it is.
			if run = beforeKind(run); len(run) == 0 {
				continue
			}
			if name := f.unknownName(adjectivesOut(run), false); name != "" {
				return name
			}
			continue
		case p == PartKindTitle || f.lang == "de":
			continue
		case run[0].start:
			if len(run) == 1 {
				continue
			}
			// The sentence's first word is capitalised anyway: the rest
			// decides, and the reason shows it all ("Bairro Alto").
			if name := f.unknownName(run[1:], false); name != "" {
				if whole := f.unknownName(run, false); whole != "" {
					return whole
				}
				return name
			}
			continue
		}
		if name := f.unknownName(run, afterPrep || landmark); name != "" {
			return name
		}
	}
	return ""
}

// beforeKind is the part of a title's run before its kind of place
// ("Chiado" of "Chiado Loft"), nil when it names no kind.
func beforeKind(run []claimToken) []claimToken {
	for k := 1; k < len(run); k++ {
		if len(run[k].words) == 1 && kindNouns[run[k].words[0]] {
			return run[:k]
		}
	}
	return nil
}

// kindNouns are the kinds of place an English title names.
var kindNouns = setOf("apartment", "flat", "condo", "loft", "studio", "suite", "villa", "house", "home", "cabin", "cottage", "chalet",
	"townhouse", "room", "hotel", "hostel", "resort", "guesthouse", "bungalow", "penthouse", "duplex", "retreat", "escape", "getaway",
	"hideaway", "haven", "oasis", "machiya", "residence", "lodge", "inn")

// adjectivesOut is run without the words that read as adjectives of a
// title: its kinds of word ("Gorgeous", "Peaceful", "Renovated") and the
// short ones that have none ("Cute", "Posh").
func adjectivesOut(run []claimToken) []claimToken {
	var out []claimToken
	for _, t := range run {
		if len(t.words) == 1 && adjectiveLike(t.words[0]) {
			continue
		}
		out = append(out, t)
	}
	return out
}

func adjectiveLike(w string) bool {
	if shortAdjectives[w] {
		return true
	}
	for _, suf := range []string{"ous", "ful", "ive", "ic", "al", "able", "ible", "y", "ed", "ing", "ish", "less", "ent", "ant", "est", "ern", "en", "ar"} {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
			return true
		}
	}
	return false
}

var shortAdjectives = setOf("cute", "posh", "sleek", "warm", "calm", "cool", "fresh", "clean", "hip", "fab", "zen", "boho", "retro",
	"vintage", "urban", "tiny", "huge", "open", "sweet", "pure", "true", "rare", "unique", "quaint", "ample", "simple", "artsy",
	"classic", "boutique", "dream", "dreamy", "budget", "deluxe", "superior", "premium", "business", "mini", "prime", "ultimate",
	"exclusive", "artist", "artists", "nice", "fine", "neat", "snug", "smart", "trendy", "luxe", "glam", "hidden", "gem", "wow", "dog",
	"pet", "kid", "kids", "eco", "green", "blue", "white", "yellow", "red", "pink", "bohemian", "art", "deco")

// unknownName is the run's text when it names a place the listing does
// not, "" when the listing names it or it names no place.
func (f *claimFacts) unknownName(run []claimToken, placed bool) string {
	var all, text []string
	for _, t := range run {
		text = append(text, t.text)
		all = append(all, t.words...)
	}
	if f.ownPhrase(all) {
		return ""
	}
	// The name's own words: not a feature ("Beira-mar", "Hot Tub"), a
	// kind of place, a landmark's noun or another word that names none.
	var name []string
	phrases := allFeaturePhrases()
	for k := 0; k < len(all); {
		n := 0
		for _, ps := range phrases {
			n = max(n, matchAt(all, k, ps))
		}
		if n > 0 {
			k += n
			continue
		}
		if !notNameWord(all[k]) {
			name = append(name, all[k])
		}
		k++
	}
	if len(name) == 0 {
		return ""
	}
	landmark := false
	for _, t := range run {
		landmark = landmark || isLandmark(t.words)
	}
	area := !landmark
	for _, w := range name {
		area = area && areaWords[w]
	}
	if area {
		return "" // "the City Centre", "Old Town": a part of the listing's town
	}
	common := true
	for _, w := range name {
		common = common && commonNameWords[w]
	}
	if common && !placed {
		return "" // "the Sea", "River view" inside a sentence: no name
	}
	if common {
		// "Ocean Drive", "Central Park": common words make a name only
		// with the rest of it, which the listing does not write.
		return strings.Join(text, " ")
	}
	if f.ownPhrase(name) {
		return ""
	}
	// Each word is the listing's (a name it writes, a demonym of its
	// places) or, without a landmark's noun, a word for a part of a town
	// ("Centre", "Old Town"), which names no new place beside one of the
	// listing's ("Amsterdam City Centre", "Central Lisbon"): it says where
	// in the listing's place it is, which the grounding family judges.
	// With a landmark's noun it may ("Amsterdam Central Station").
	for _, w := range name {
		if !f.names[w] && !f.demonym(w) && !(areaWords[w] && !landmark) {
			return strings.Join(text, " ")
		}
	}
	return ""
}

// areaWords name a part of a town, not a place of their own: next to a
// place the listing names ("Amsterdam City Centre", "Lisbon Old Town",
// "Centro Storico di Roma") they add no place.
var areaWords = setOf("centre", "center", "central", "centro", "centrum", "city", "town", "old", "downtown", "uptown", "midtown", "historic",
	"district", "quarter", "seafront", "waterfront", "citta", "ciudad", "cidade", "ville", "vieille", "storico", "historico",
	"historique", "antiguo", "casco", "baixa", "zentrum", "altstadt", "innenstadt", "stadt", "stadtzentrum", "stadscentrum")

// statusNames are what the site calls the listing where its page says so
// (a Guest favourite, a Superhost's), as its own words: copy naming the
// status names no place, and claims it truly.
func statusNames(l *listing.Listing) []string {
	var out []string
	if l.GuestFavorite {
		out = append(out, "Guest Favourite", "Guest Favorite", "Preferido dos Hóspedes", "Favorito entre Huéspedes",
			"Amato dagli Ospiti", "Coup de Cœur Voyageurs", "Gäste-Favorit")
	}
	if l.Superhost || l.Host.Superhost {
		out = append(out, "Superhost", "Superanfitrião", "Superanfitrión", "Superhôte")
	}
	return out
}

// ownPhrase reports whether the words stand together in one of the
// listing's texts.
func (f *claimFacts) ownPhrase(ws []string) bool {
	k := " " + strings.Join(ws, " ") + " "
	for _, o := range f.own {
		if strings.Contains(o, k) {
			return true
		}
	}
	return false
}

// demonym reports whether w is the adjective of one of the listing's
// places: it starts as the place does ("lisboeta", "portuguese", "roman").
func (f *claimFacts) demonym(w string) bool {
	for _, p := range f.places {
		n := min(5, utf8.RuneCountInString(p)-1)
		if n >= 3 && strings.HasPrefix(w, string([]rune(p)[:n])) {
			return true
		}
	}
	return false
}

// placeBefore reports whether the words before a run end in a
// preposition of place, maybe with an article: "near the", "perto da",
// "a pochi passi da", "in".
func placeBefore(before []claimToken, preps map[string]bool) bool {
	n := len(before)
	if n == 0 {
		return false
	}
	last := before[n-1]
	if len(last.words) != 1 {
		return false
	}
	if preps[last.words[0]] {
		return true
	}
	if placeArticles[last.words[0]] && n >= 2 && !before[n-1].gap && len(before[n-2].words) == 1 {
		return preps[before[n-2].words[0]] && !germanArticle(last.words[0])
	}
	return false
}

// germanArticle: after "in der", "bei dem" comes a common noun in German
// ("in der Altstadt"), not a name.
func germanArticle(w string) bool {
	return w == "der" || w == "die" || w == "das" || w == "dem" || w == "den"
}

// placePreps are, by copy language, the words before a place: English's
// (titles mix them) and the language's own, folded.
var placePreps = func() map[string]map[string]bool {
	own := map[string][]string{
		"en": {"in", "near", "at", "by", "to", "from", "of", "on", "nearby", "beside", "overlooking", "facing", "opposite", "around", "steps", "minutes", "mins", "min", "walk", "blocks", "close", "next"},
		"pt": {"em", "no", "na", "nos", "nas", "perto", "lado", "passos", "minutos", "frente", "pe", "junto", "proximo", "proxima", "de", "do", "da", "dos", "das", "para", "ao", "a"},
		"es": {"en", "cerca", "junto", "lado", "pasos", "minutos", "frente", "de", "del", "al", "a", "hasta"},
		"it": {"a", "in", "nel", "nella", "nei", "vicino", "accanto", "fronte", "passi", "minuti", "da", "dal", "dalla", "di", "del", "della", "sul", "sulla", "al", "alla"},
		"fr": {"a", "au", "aux", "dans", "pres", "en", "de", "du", "des", "face", "pas", "cote", "sur", "minutes", "vers"},
		// Not "im", "am", "zum": an article is in them, and a common
		// noun follows ("im Herzen", "am Strand").
		"de": {"in", "bei", "nahe", "von", "unweit", "neben", "nach"},
	}
	out := map[string]map[string]bool{}
	for lang, ws := range own {
		m := map[string]bool{}
		for _, w := range append(append([]string{}, own["en"]...), ws...) {
			m[w] = true
		}
		out[lang] = m
	}
	return out
}()

// placeArticles may stand between a preposition and a name.
var placeArticles = map[string]bool{"the": true, "o": true, "a": true, "os": true, "as": true, "el": true, "la": true, "los": true,
	"las": true, "il": true, "lo": true, "gli": true, "le": true, "les": true, "l": true, "der": true, "die": true, "das": true,
	"dem": true, "den": true}

// particle reports whether a claimToken joins the words of one name ("Praia
// da Rocha", "Campo de’ Fiori", "Lago di Como").
func particle(t claimToken) bool {
	return len(t.words) == 1 && nameParticles[t.words[0]]
}

var nameParticles = map[string]bool{"de": true, "da": true, "do": true, "dos": true, "das": true, "del": true, "della": true,
	"delle": true, "dei": true, "di": true, "du": true, "des": true, "la": true, "le": true, "van": true, "der": true, "den": true,
	"von": true, "d": true, "sur": true, "am": true, "an": true, "of": true}

// nameStop reports whether a capitalised claimToken is a small word of a title
// ("With", "And", "In") rather than part of a name.
func nameStop(t claimToken) bool {
	return len(t.words) == 1 && stopWords[t.words[0]] && !landmarkNouns[t.words[0]]
}

// isLandmark reports whether a word names a kind of landmark: "Tower",
// "Praia", or a German compound ending in one ("Marienplatz").
func isLandmark(ws []string) bool {
	for _, w := range ws {
		if landmarkNouns[w] {
			return true
		}
		for _, suf := range germanLandmarkEnds {
			if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
				return true
			}
		}
	}
	return false
}

// landmarkNouns are the kinds of landmark, folded, in the languages we
// write: a capitalised name with one is a place.
var landmarkNouns = setOf("beach", "park", "square", "tower", "museum", "station", "cathedral", "castle", "bridge", "market", "lake",
	"bay", "street", "avenue", "plaza", "drive", "road", "boulevard", "blvd", "lane", "harbour", "harbor", "pier", "palace", "church",
	"temple", "shrine", "mount", "island", "airport", "stadium", "zoo", "hill", "old town", "downtown", "basilica", "abbey", "fort",
	"praia", "praca", "rua", "avenida", "largo", "parque", "museu", "torre", "castelo", "ponte", "mercado", "estacao", "catedral", "igreja",
	"baia", "lagoa", "calle", "playa", "paseo", "museo", "castillo", "puente", "estacion", "iglesia", "bahia", "lago",
	"piazza", "via", "viale", "corso", "spiaggia", "castello", "stazione", "cattedrale", "duomo", "chiesa",
	"place", "rue", "plage", "quai", "musee", "tour", "chateau", "pont", "marche", "gare", "cathedrale", "eglise", "lac",
	"platz", "strasse", "straße", "strand", "bahnhof", "kirche", "schloss", "brucke", "markt", "see", "gasse", "dom")

var germanLandmarkEnds = []string{"platz", "strasse", "straße", "gasse", "bahnhof", "brucke", "kirche", "markt", "ufer", "allee", "damm"}

// commonNameWords are ordinary words that make a name only with the
// landmark beside them ("Ocean Drive", "Times Square", "Central Park").
var commonNameWords = setOf("ocean", "sea", "river", "gulf", "lake", "bay", "beach", "mountain", "mountains", "forest", "times",
	"central", "old", "new", "grand", "royal", "main", "great", "little", "upper", "lower", "north", "south", "east", "west", "city",
	"town", "national", "historic", "art", "modern", "high", "long", "green", "golden", "palm", "sunset", "harbour", "harbor", "market",
	"union", "park", "saint", "st", "san", "santa", "sao", "santo", "mar", "rio", "grande", "nova", "novo", "velha", "centro", "center",
	"centre", "marina", "port", "porto")

// notNameWord reports whether a word never names a place on its own: a
// small word, a kind of place, a feature, a landmark's noun, the site, a
// day or month, a word of our phrasebooks.
func notNameWord(w string) bool {
	return genericWords[w] || landmarkNouns[w] || nameParticles[w] || (w != "" && w[0] >= '0' && w[0] <= '9')
}

var stopWords = setOf("the", "a", "an", "and", "or", "with", "for", "of", "in", "on", "at", "to", "from", "by", "near", "into",
	"over", "our", "your", "my", "we", "you", "i", "it", "its", "this", "that", "these", "those", "is", "are", "be", "as", "all",
	"every", "each", "some", "more", "most", "very", "just", "also", "only", "but", "so", "if", "then", "than", "while", "when",
	"where", "who", "which", "what", "how", "up", "out", "off", "about", "after", "before", "under", "between", "within", "without",
	"per", "plus", "no", "not", "w", "sleeps", "steps", "minutes", "walk", "close", "next", "enjoy", "welcome", "relax", "explore",
	"discover", "stay", "book", "everything", "everywhere", "anything", "anywhere", "all", "us", "here", "there", "it",
	// verbs after "to" in a heading ("Things to Know", "Where to Eat")
	"know", "note", "do", "see", "go", "eat", "visit", "remember", "expect", "love", "unwind", "work", "shop", "dine", "sleep",
	"cook", "play", "swim", "surf", "hike", "bike", "things", "tips",
	"o", "os", "as", "um", "uma", "e", "ou", "com", "para", "por", "do", "da", "dos", "das", "em", "no", "na", "nos", "nas", "ao",
	"pelo", "pela", "se", "que", "seu", "sua", "muito", "mais", "perto",
	"el", "la", "los", "las", "un", "y", "con", "del", "en", "al", "su", "es", "son", "muy", "cerca",
	"il", "lo", "gli", "le", "per", "di", "della", "nel", "nella", "dal", "dalla", "sul", "che", "molto", "piu", "vicino",
	"les", "une", "et", "avec", "pour", "du", "des", "au", "aux", "dans", "sur", "est", "sont", "tres", "plus", "pres",
	"der", "die", "das", "den", "dem", "ein", "eine", "und", "oder", "mit", "fur", "von", "zu", "im", "am", "bei", "nahe", "ist",
	"sind", "sehr", "mehr")

// genericWords never name a place: small words, kinds of place, the
// features of the catalogue in every language, adjectives of titles, the
// sites, days and months, units, and the words of our phrasebooks.
var genericWords = func() map[string]bool {
	m := map[string]bool{}
	add := func(s string) {
		for _, w := range prose.Words(s) {
			if !commonNameWords[w] {
				m[w] = true
			}
		}
	}
	for w := range stopWords {
		m[w] = true
	}
	for _, s := range []string{"apartment flat condo loft studio suite villa house home cabin cottage chalet townhouse room rooms hotel",
		"hostel resort guesthouse bungalow penthouse duplex machiya retreat escape getaway hideaway haven oasis nest base residence",
		"place space stay lodge inn bed breakfast b&b aparthotel unit rental property building floor",
		"refugio rifugio refuge recanto cantinho rincon angolo nido ninho cocon oase paraiso paradiso paradis",
		"familia familias famille familles famiglia famiglie familie familien amigos amici amis freunde",
		"ruhe lage toplage zentrum innenstadt stadt natur meer berge grunen ortskern zentral",
		// the words of a description's headings ("About the Area", "A Localização")
		"area neighbourhood neighborhood location access rules amenities details overview space living dining info information",
		"notes arrival departure transport transportation around getting",
		"bairro barrio quartiere quartier viertel localizacao ubicacion posizione emplacement regras normas regole regles regeln",
		"informacoes informacion informazioni informations acesso acceso accesso acces zugang comodidades servicios servizi",
		"equipements ausstattung",
		"sunny bright spacious cozy cosy charming modern stylish historic quiet peaceful renovated elegant rustic airy chic private",
		"secluded colorful colourful serene romantic restored designer comfortable stunning beautiful lovely amazing great perfect ideal",
		"new brand fully equipped entire whole shared free fast large small big little top family friendly couples couple guests guest",
		"wifi wi fi tv hdtv smart netflix hbo disney prime amazon alexa google chromecast apple bluetooth nespresso sonos playstation xbox",
		"usb ev tesla ikea uber ifood am pm km min mins hr hrs mq maps",
		"metro subway tram bus train underground tube metropolitana metropolitano u bahn s taxi ferry",
		"airbnb vrbo booking com superhost expedia homeaway plus",
		"monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december",
		"spring summer autumn fall winter christmas easter",
		"english portuguese spanish italian french german european american british mediterranean atlantic",
		"king queen twin double single sofa",
		"highlights check checkin checkout self keypad lockbox smart lock",
		"lindo linda bela belo lindissimo bellissimo bellissima bello bella splendido splendida bonito bonita precioso preciosa joli jolie magnifique superbe",
		"schone schoner gemutlich gemutliche helle moderne charmant charmante encantador encantadora aconchegante acogedor accogliente"} {
		add(s)
	}
	for _, p := range append([]phrasebook{englishBook}, phrasebookValues()...) {
		for _, s := range []string{p.in, p.with, p.and, p.upTo, p.highlights, p.checkInOut, p.noPets, p.pets, p.noSmoke, p.noParties,
			p.offers, p.more, p.checkIn, p.checkOut, p.fromBy, p.from, p.by, p.wholePlace, p.selfCheckIn, p.parking, p.opener} {
			add(blankVerbs.Replace(s))
		}
		for k, t := range p.types {
			add(k)
			add(t)
		}
		for _, h := range p.headings {
			add(h)
		}
		for _, g := range p.groups {
			add(strings.ReplaceAll(g, "%s", " "))
		}
		for _, w := range append(p.bedrooms[:], append(p.beds[:], p.baths[:]...)...) {
			add(w)
		}
	}
	for _, ps := range allFeaturePhrases() {
		for _, p := range ps {
			for _, w := range p {
				if !commonNameWords[w] && !landmarkNouns[w] {
					m[w] = true
				}
			}
		}
	}
	for _, d := range analysis.Catalog {
		add(d.Label)
		add(d.TitleWord)
	}
	// What the number and amenity families read: counts and their nouns
	// ("Sleeps Four", "3 Beds"), units, and the words copy names features
	// with ("Car Park"). Those families judge them; they are no places.
	add("bed beds bedroom bedrooms bath baths bathroom bathrooms br ba guest guests sleeps night nights minute minutes hour hours " +
		"metres meters metre meter sq ft feet foot miles mile floor floors star stars")
	for w := range numberWordsOf([]string{"en", "pt", "es", "it", "fr", "de"}) {
		m[w] = true
	}
	for _, byKey := range copyMentions {
		for _, phrases := range byKey {
			for _, p := range phrases {
				add(p)
			}
		}
	}
	for _, words := range localAmenities {
		for _, w := range words {
			add(w)
		}
	}
	return m
}()

// phrasebookValues are the phrasebooks of the other languages.
func phrasebookValues() []phrasebook {
	var out []phrasebook
	for _, lang := range []string{"pt", "es", "it", "fr", "de"} {
		out = append(out, phrasebooks[lang])
	}
	return out
}

func setOf(ws ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range ws {
		m[strings.Join(prose.Words(w), " ")] = true
		m[w] = true
	}
	return m
}

// The host's facts a description keeps.

// reHostNumber is a number with what it counts or measures after it
// ("3rd floor", "17km", "2 quartos", "200 m²"), a price ("€70") or a time
// ("15:00", "3:00 PM"); a number inside a code ("M3", "IT0580…") or
// another number ("64.8") is none. Chinese and Japanese write numbers
// against their words ("広さ64.8m²").
var reHostNumber = regexp.MustCompile(`(?:^|[^\p{L}\p{N}\-/.,]|[\p{Han}\p{Hiragana}\p{Katakana}])((?:[€$£][ \t]?)?(\d{1,4}(?:[.,:]\d{1,2})?)(?:[ \t]?(º|°|ª|st|nd|rd|th|ème|eme|m²|m2|€))?([ \t]?\p{L}+)?)`)

// hostFacts are the features (catalogue keys) and the numbers the host's
// description states, as the built-in writer keeps it (hostUnits: no
// headings, no contact details or registration codes); a feature the
// host's words say the listing lacks is none.
func hostFacts(l *listing.Listing, negated map[string]string) (features []string, numbers []hostNumber) {
	var parts []string
	for _, u := range hostUnits(l.Description, l.Language.Code()) {
		parts = append(parts, u.text)
	}
	text := strings.Join(parts, "\n")
	named := featuresNamed(prose.Words(text))
	for _, d := range analysis.Catalog {
		if _, no := negated[d.Key]; no {
			continue
		}
		if named[d.Key] {
			features = append(features, d.Key)
		}
	}
	seen := map[string]bool{}
	for _, m := range reHostNumber.FindAllStringSubmatch(text, -1) {
		said, num, suffix, word := m[1], m[2], m[3], m[4]
		clock := strings.Contains(num, ":")
		price := strings.ContainsAny(said, "€$£")
		if !clock && !price && suffix == "" && word == "" {
			continue // a bare number: a year, a list's index
		}
		if word != "" && !clock && suffix == "" && !strings.HasPrefix(word, " ") && !strings.HasPrefix(word, "\t") && len([]rune(word)) > 3 {
			continue // "IT058C": letters glued to digits are a code more often than a unit
		}
		if clock || (suffix != "" && strings.Contains("m²m2€", suffix)) {
			said = strings.TrimSuffix(said, word) // "200 m²", not "200 m² Roman"
		}
		v, err := strconv.ParseFloat(strings.Replace(strings.Split(num, ":")[0], ",", ".", 1), 64)
		if err != nil {
			continue
		}
		said = strings.TrimSpace(said)
		if seen[strings.ToLower(said)] {
			continue
		}
		seen[strings.ToLower(said)] = true
		numbers = append(numbers, hostNumber{text: said, value: v, clock: clock})
	}
	return features, numbers
}

// keptNumberWords are the numbers copy may write in words, by value, in the
// languages we write (ordinals too: "third floor" keeps "3rd floor").
var keptNumberWords = func() map[string]float64 {
	m := map[string]float64{}
	for _, list := range [][]string{
		{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
			"fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"},
		{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"},
		{"zero", "um", "dois", "tres", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez"},
		{"", "uma", "duas"},
		{"", "primeiro", "segundo", "terceiro", "quarto", "quinto", "sexto", "setimo", "oitavo", "nono", "decimo"},
		{"cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"},
		{"", "primer", "segundo", "tercer", "cuarto", "quinto", "sexto", "septimo", "octavo", "noveno", "decimo"},
		{"", "una", "", "tercero"},
		{"zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci"},
		{"", "primo", "secondo", "terzo", "quarto", "quinto", "sesto", "settimo", "ottavo", "nono", "decimo"},
		{"zero", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"},
		{"", "premier", "deuxieme", "troisieme", "quatrieme", "cinquieme", "sixieme", "septieme", "huitieme", "neuvieme", "dixieme"},
		{"", "une", "", "", "", "", "", "", "", "", ""},
		{"null", "eins", "zwei", "drei", "vier", "funf", "sechs", "sieben", "acht", "neun", "zehn"},
		{"", "ein", "", "dritten", "vierten", "funften"},
		{"", "eine", "zweiten", "dritte", "vierte"},
	} {
		for i, w := range list {
			if w != "" {
				if _, ok := m[w]; !ok {
					m[w] = float64(i)
				}
			}
		}
	}
	return m
}()

// dropped names the host's facts s leaves out: the features of the
// host's description it does not name and the numbers it does not state
// (in figures or words; a time in either clock).
func (f *claimFacts) dropped(s string) []string {
	f.hostRead.Do(func() { f.hostFeatures, f.hostNumbers = hostFacts(f.listing, f.negated) })
	var out []string
	ws := prose.Words(s)
	named := featuresNamed(ws)
	for _, k := range f.hostFeatures {
		if !named[k] {
			d, _ := analysis.Amenity(k)
			out = append(out, strings.ToLower(d.Label))
		}
	}
	have := map[float64]bool{}
	for _, n := range reNumber.FindAllString(s, -1) {
		if v, err := strconv.ParseFloat(strings.Replace(normNumber(n), ",", ".", 1), 64); err == nil {
			have[v] = true
		}
	}
	for _, m := range reClockTime.FindAllString(prose.Fold(s), -1) {
		for _, t := range clockMinutes(m) {
			have[float64(t/60)] = true
		}
	}
	for _, w := range ws {
		if v, ok := keptNumberWords[w]; ok {
			have[v] = true
		}
	}
	for _, n := range f.hostNumbers {
		ok := have[n.value]
		if n.clock {
			ok = ok || have[float64(int(n.value+12)%24)] || (n.value > 12 && have[n.value-12])
		}
		if !ok {
			out = append(out, n.text)
		}
	}
	if len(out) > 6 {
		out = append(out[:6], fmt.Sprintf("and %d more", len(out)-6))
	}
	return out
}

// nameRunEnd is where the run of capitalised words that starts at ts[i]
// ends (exclusive): capitalised words, and the particles of names between
// them ("Campo de' Fiori"), up to a possessive or a gap.
func nameRunEnd(ts []claimToken, i int) int {
	j := i + 1
	for j < len(ts) && !ts[j-1].possessive && !ts[j].gap {
		if ts[j].cap && !nameStop(ts[j]) {
			j++
			continue
		}
		if j+1 < len(ts) && particle(ts[j]) && ts[j+1].cap && !ts[j+1].gap && !nameStop(ts[j+1]) {
			j += 2
			continue
		}
		break
	}
	return j
}
