package writing

import (
	"slices"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// The fact sheet: everything copy may say about one listing, read once
// from the read listing, each fact with its polarity (the listing has it,
// or says it has not) and where it was read. The grounding check
// (ground.go) accepts a word of copy only when the fact sheet grounds it
// with the polarity the copy gives it: the sheet is closed — a claim it
// does not hold is refused, whatever kind of claim it is.

// Polarity is whether the listing has a fact or says it has not.
type Polarity uint8

const (
	Offered Polarity = 1 << iota // the listing has it, or the host says so
	Denied                       // listed as unavailable, negated in the host's text, or a rule against it
)

// Fact sources: where on the page a fact was read.
const (
	SrcTitle       = "title"
	SrcDescription = "description"
	SrcHighlights  = "highlights"
	SrcRules       = "house rules"
	SrcAmenity     = "amenity list"
	SrcNotIncluded = "amenity list (not included)"
	SrcLocation    = "location"
	SrcPageField   = "page field"
	SrcFeature     = "amenity catalogue"
	SrcHost        = "host profile"
	SrcCaption     = "photo caption"
	SrcFrame       = "the report's own phrases"
	SrcTranslation = "the amenity's name in another language"
)

// Fact is one statement of the fact sheet.
type Fact struct {
	Text     string
	Polarity Polarity
	Source   string
}

// Excluded is host text the fact sheet keeps out, with why: a paragraph
// about another property, or a line that instructs rather than describes.
type Excluded struct {
	Text   string
	Reason string
}

// Reasons text is excluded from the fact sheet.
const (
	ExcludedOtherProperty = "describes another property"
	ExcludedInstruction   = "an instruction, not a description of the place"
)

// FactSheet is the closed world of one listing's copy.
type FactSheet struct {
	// Lang are the listing's and its copy's languages, decided once as
	// the sheet is read (languagesOf).
	Lang     Languages
	Facts    []Fact
	Excluded []Excluded

	words  map[string]Polarity // folded word → the polarities it is read with
	byStem map[string][]string // first four letters → words, for inflected forms
	cjk    string              // the host's text in Chinese and Japanese scripts
	sents  [][]string          // the listing's sentences and phrases, as words
	// self are the words that name the listing itself: its kind, its
	// place, its name; hostSays the words of the host's own title and
	// description, which describe it.
	self, hostSays map[string]bool
	langs          []string // the languages whose stop and style words copy may use
}

// NewFactSheet reads req's listing into its fact sheet.
func NewFactSheet(req Request) *FactSheet {
	fs := &FactSheet{words: map[string]Polarity{}, byStem: map[string][]string{}, self: map[string]bool{}, hostSays: map[string]bool{}}
	l := req.Listing
	fs.Lang = languagesOf(l)
	// Grammar and style words are the copy's language's only: English
	// ones in Portuguese copy are another language, not neutral.
	fs.langs = []string{fs.Lang.Copy.Code()}
	if l == nil {
		return fs
	}
	hostLang := fs.Lang.Listing.Code()

	// The host's own text, sentence by sentence, without the paragraphs
	// about another property or the lines that instruct.
	fs.hostText(SrcTitle, l.Title, hostLang)
	for _, para := range strings.Split(l.Description, "\n\n") {
		if OtherPropertyParagraph(para) {
			fs.Excluded = append(fs.Excluded, Excluded{strings.TrimSpace(para), ExcludedOtherProperty})
			continue
		}
		fs.hostText(SrcDescription, para, hostLang)
	}
	for _, h := range l.Highlights {
		fs.hostText(SrcHighlights, h, hostLang)
	}
	for _, r := range append([]string{l.HouseRules.CheckIn, l.HouseRules.CheckOut}, l.HouseRules.Rules...) {
		fs.hostText(SrcRules, r, hostLang)
	}
	for _, p := range l.Photos {
		fs.hostText(SrcCaption, p.Caption, hostLang)
	}
	for _, a := range l.Amenities {
		if a.Available {
			fs.add(a.Name, Offered, SrcAmenity)
		} else {
			fs.add(a.Name, Denied, SrcNotIncluded)
		}
	}
	fs.translations(l)
	for _, p := range []string{l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country} {
		fs.add(p, Offered, SrcLocation)
	}
	if local := localCityName(l, l.Location.City); local != "" {
		fs.add(local, Offered, SrcLocation)
	}
	for _, t := range []string{l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country, l.PropertyType, l.RoomType, analysis.ListingNoun(l)} {
		for _, w := range prose.Words(t) {
			fs.self[w] = true
		}
	}
	for _, w := range prose.Words("place home apartment flat house loft studio room suite villa hotel espaço casa apartamento lugar alojamiento piso alloggio appartamento logement appartement maison unterkunft wohnung haus") {
		fs.self[w] = true
	}
	fs.add(l.PropertyType, Offered, SrcPageField)
	fs.add(l.RoomType, Offered, SrcPageField)
	fs.add(l.Host.Name, Offered, SrcHost)
	fs.pageFacts(req)
	// Japanese says one kind of place in several words: the host's 一軒家
	// is also a ハウス.
	for _, set := range cjkSynonyms {
		for _, term := range set {
			if strings.Contains(fs.cjk, term) {
				fs.cjk += "\n" + strings.Join(set, "\n")
				break
			}
		}
	}
	return fs
}

// cjkSynonyms are Japanese words for one kind of place or room.
var cjkSynonyms = [][]string{
	{"一軒家", "一戸建て", "戸建て", "ハウス", "家"},
	{"アパートメント", "アパート", "マンション"},
	{"寝室", "ベッドルーム"},
	{"バスルーム", "浴室", "お風呂"},
	{"キッチン", "台所"},
}

// hostText adds the host's sentences of one field, each word with the
// polarity the sentence gives it; an instruction-like line is kept out.
func (fs *FactSheet) hostText(src, text, lang string) {
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		for _, sent := range prose.Sentences(line) {
			// "Copacabana Suite. Ignore previous instructions…": the
			// instruction is kept out, the name is not.
			if InstructionLike(sent) {
				fs.Excluded = append(fs.Excluded, Excluded{sent, ExcludedInstruction})
				continue
			}
			fs.Facts = append(fs.Facts, Fact{Text: sent, Polarity: Offered, Source: src})
			fs.sentence(sent, lang)
			if src == SrcTitle || src == SrcDescription {
				for _, pw := range polarWords(sent, lang) {
					if !pw.negated && !pw.weak {
						fs.hostSays[pw.word] = true
					}
				}
			}
			fs.addCJK(sent)
		}
	}
}

// add adds a fact whose every word has polarity p.
func (fs *FactSheet) add(text string, p Polarity, src string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	fs.Facts = append(fs.Facts, Fact{Text: text, Polarity: p, Source: src})
	if p == Offered {
		// "Chambres non-fumeurs", "No pets.": the words a phrase denies
		// are denied.
		fs.sentence(text, fs.Lang.Copy.Code())
	} else {
		for _, w := range prose.Words(text) {
			fs.addWord(w, p)
		}
	}
	fs.addCJK(text)
}

// sentence adds the words of one sentence of the listing with the
// polarity it gives them, and keeps the sentence for the words whose
// claim depends on the word beside them (attachedWords).
func (fs *FactSheet) sentence(s, lang string) {
	pws := polarWords(s, lang)
	ws := make([]string, len(pws))
	for i, pw := range pws {
		fs.addWord(pw.word, pw.polarity())
		ws[i] = pw.word
	}
	if len(ws) > 1 {
		fs.sents = append(fs.sents, ws)
	}
}

// addList adds a list of words that may say a fact, each on its own: no
// sentence, so none grounds a word attached to another.
func (fs *FactSheet) addList(words string, p Polarity, src string) {
	fs.Facts = append(fs.Facts, Fact{Text: words, Polarity: p, Source: src})
	for _, w := range prose.Words(words) {
		fs.addWord(w, p)
	}
}

func (fs *FactSheet) addWord(w string, p Polarity) {
	if w == "" {
		return
	}
	old, seen := fs.words[w]
	fs.words[w] = old | p
	if !seen {
		if k := stemKey(w); k != "" {
			fs.byStem[k] = append(fs.byStem[k], w)
		}
	}
}

func (fs *FactSheet) addCJK(s string) {
	if !prose.HasCJK(s) {
		return
	}
	fs.cjk += "\n" + s
	// English copy of a Japanese or Chinese listing says the host's words
	// in English: a term of the glossary grounds its English words.
	for term, en := range cjkGlossary {
		if strings.Contains(s, term) {
			fs.sentence(en, "en")
		}
	}
}

// cjkGlossary are English words for the terms Japanese and Chinese hosts
// describe a place with, by the term: the host's "徒歩５分" grounds "a
// five-minute walk". Reviewed: each entry is a translation, not a
// feature the term suggests.
var cjkGlossary = map[string]string{
	"徒歩": "walk walking on foot", "駅": "station", "一軒家": "house home detached", "戸建": "house home detached",
	"寝室": "bedroom bedrooms", "浴室": "bathroom bath", "風呂": "bath bathtub", "温泉": "onsen hot spring", "露天風呂": "open-air bath",
	"駐車場": "parking car park", "自転車": "bicycle bike cycling", "キッチン": "kitchen", "台所": "kitchen", "洗濯機": "washer washing machine",
	"和室": "japanese-style room tatami", "畳": "tatami", "庭": "garden", "眺望": "view", "景色": "view scenery", "海": "sea ocean",
	"川": "river", "山": "mountain", "公園": "park", "空港": "airport", "バス": "bus", "地下鉄": "subway metro", "電車": "train",
	"広さ": "size", "最大": "up to maximum", "名様": "guests", "ご宿泊": "stay", "マンション": "apartment flat", "アパート": "apartment flat",
	"町家": "machiya townhouse", "家族": "family families", "禁煙": "no smoking", "ペット": "pets pet",
	"房间": "room rooms", "卧室": "bedroom", "公寓": "apartment flat", "地铁": "subway metro", "步行": "walk walking", "分钟": "minutes",
}

// pageFacts adds what the page's fields state, in the words copy in the
// sheet's languages says them with: a count of guests may be said "sleeps
// 4" or "para 4 hóspedes" only when the page gives a capacity.
func (fs *FactSheet) pageFacts(req Request) {
	l := req.Listing
	langs := slices.Clone(fs.langs)
	if hl := fs.Lang.Listing.Code(); !slices.Contains(langs, hl) {
		langs = append(langs, hl)
	}
	say := func(topic string, p Polarity) {
		for _, lang := range langs {
			if ws := factWords[topic][lang]; ws != "" {
				fs.addList(ws, p, SrcPageField)
			}
		}
		if ja := factWords[topic]["ja"]; ja != "" && prose.HasCJK(fs.cjk) {
			// Japanese copy says a page field in these words; which way
			// a rule goes is the rules family's (check_rules.go).
			fs.cjk += "\n" + strings.ReplaceAll(ja, " ", "\n")
		}
	}
	if l.Capacity > 0 || l.HouseRules.MaxGuests > 0 {
		say("guests", Offered)
	}
	if l.Has(listing.FieldBedrooms) || l.Bedrooms > 0 {
		say("bedrooms", Offered)
		if l.Bedrooms == 0 {
			say("studio", Offered)
		}
	}
	if l.Beds > 0 {
		say("beds", Offered)
	}
	if l.Baths > 0 {
		say("baths", Offered)
	}
	if strings.Contains(strings.ToLower(l.RoomType), "entire") || strings.HasPrefix(strings.ToLower(l.PropertyType), "entire") {
		say("entire", Offered)
	}
	if l.HouseRules.CheckIn != "" || l.HouseRules.CheckOut != "" {
		say("checkin", Offered)
	}
	if analysis.RatingOutOf5(l) > 0 || l.ReviewCount > 0 {
		say("rated", Offered)
	}
	if l.Superhost || l.Host.Superhost {
		say("superhost", Offered)
	}
	if l.GuestFavorite {
		say("favourite", Offered)
	}
	if l.Host.YearsHosting > 0 {
		say("hosting", Offered)
	}
	rule := func(topic string, allowed *bool) {
		switch {
		case allowed == nil:
		case *allowed:
			say(topic, Offered)
		default:
			say(topic, Denied)
		}
	}
	rule("pets", l.HouseRules.PetsAllowed)
	rule("smoking", l.HouseRules.SmokingAllowed)
	rule("parties", l.HouseRules.PartiesAllowed)
	// The kind of place in the copy's words ("apartamento" for a
	// "rental unit"), as the built-in writer names it.
	if noun := analysis.ListingNoun(l); noun != "" {
		fs.add(noun, Offered, SrcPageField)
		for _, lang := range langs {
			if p, ok := phrasebooks[lang]; ok && p.types[noun] != "" {
				fs.add(p.types[noun], Offered, SrcPageField)
			}
		}
		for _, syn := range typeSynonyms[noun] {
			fs.add(syn, Offered, SrcPageField)
		}
	}
	// Features: the catalogue's words for each feature the listing has,
	// in every language; those it lists as not included or whose absence
	// the host states, denied. A family whose members are different
	// things (a balcony is no garden) grounds only the page's own words.
	phrases := allFeaturePhrases()
	denied := negatedFeatures(l)
	for _, a := range l.Amenities {
		if k := analysis.AmenityKey(l, a); k != "" && !a.Available && !req.Features.Has(k) {
			denied[k] = a.Name
		}
	}
	for key := range req.Features {
		if _, no := denied[key]; no || !synonymFamily(key) {
			continue
		}
		for _, p := range phrases[key] {
			fs.add(strings.Join(p, " "), Offered, SrcFeature)
		}
		for _, p := range moreSynonyms[key] {
			fs.add(p, Offered, SrcFeature)
		}
	}
	for key := range denied {
		for _, p := range phrases[key] {
			fs.add(strings.Join(p, " "), Denied, SrcFeature)
		}
	}
	// Catalogue names of the features the listing has ("Dedicated
	// workspace" for a page's "Workspace"), where they name one thing.
	for key := range req.Features {
		if _, no := denied[key]; no || !synonymFamily(key) {
			continue
		}
		if d, ok := analysis.Amenity(key); ok {
			fs.add(d.Label, Offered, SrcFeature)
			fs.add(d.TitleWord, Offered, SrcFeature)
		}
	}
	fs.frame(req, langs)
}

// blankVerbs blanks a phrasebook format's verbs ("%s", "%d"), leaving
// the writer's own words: built once, for every fact sheet and word list
// that reads the formats.
var blankVerbs = strings.NewReplacer("%s", " ", "%d", " ")

// frame adds the built-in writer's own phrases in the sheet's languages —
// headings, "Highlights: …", "Plus 3 more in the full amenity list",
// "Check-in: …" — and those that state a fact only where the listing has
// it: "The whole place is yours" for an entire place, "In the kitchen: …"
// where it lists kitchen things, "No pets." where pets are not allowed.
func (fs *FactSheet) frame(req Request, langs []string) {
	l := req.Listing
	groups := map[string]bool{}
	for _, a := range l.Amenities {
		if a.Available {
			groups[groupOf(a.Name)] = true
		}
	}
	entire := strings.Contains(strings.ToLower(l.RoomType), "entire") || strings.HasPrefix(strings.ToLower(l.PropertyType), "entire")
	for _, lang := range langs {
		p, ok := phrasebooks[lang]
		if lang == "en" {
			p, ok = englishBook, true
		}
		if !ok {
			continue
		}
		say := func(format string) {
			fs.add(blankVerbs.Replace(format), Offered, SrcFrame)
		}
		for _, h := range p.headings {
			say(h)
		}
		for _, f := range []string{p.highlights, p.more, p.moreOne, p.offers, p.checkInOut, p.checkIn, p.checkOut, p.fromBy, p.from, p.by, p.opener, p.in, p.with, p.and} {
			say(f)
		}
		if lang == "en" {
			for _, f := range englishFrame {
				say(f)
			}
		}
		if l.Capacity > 0 || l.HouseRules.MaxGuests > 0 {
			say(p.upTo)
		}
		if entire {
			say(p.wholePlace)
		}
		if req.Features.Has("self_check_in") {
			say(p.selfCheckIn)
		}
		for g, f := range p.groups {
			if groups[g] {
				say(f)
			}
		}
		rule := func(allowed *bool, yes, no string) {
			switch {
			case allowed == nil:
			case *allowed:
				say(yes)
			default:
				say(no)
			}
		}
		rule(l.HouseRules.PetsAllowed, p.pets, p.noPets)
		rule(l.HouseRules.SmokingAllowed, "", p.noSmoke)
		rule(l.HouseRules.PartiesAllowed, "", p.noParties)
	}
}

// englishFrame are the English writer's phrases that its phrasebook does
// not hold.
var englishFrame = []string{"Highlights: %s.", "What this place offers: %s.", "Plus %d more in the full amenity list."}

// synonymFamily reports whether every phrase of a catalogue feature names
// the same thing ("AC", "air conditioning", "ar-condicionado"); families
// of different things (a balcony, a garden, a terrace; a view of the sea
// or of the city) ground only the page's own words.
func synonymFamily(key string) bool {
	switch key {
	case "outdoor_space", "view", "waterfront", "beach_access", "lake_access", "kitchen", "paid_parking":
		return false
	}
	return true
}

// moreSynonyms are words for a feature the catalogue does not match on
// (too loose to find the feature in a page) but that name it in copy of a
// listing that has it.
var moreSynonyms = map[string][]string{
	"free_parking": {"car park", "parking space", "parking spot", "garage", "car", "vaga", "carro", "plaza de aparcamiento", "coche", "posto auto", "auto", "place de parking", "voiture", "stellplatz"},
	"wifi":         {"internet", "wireless", "wlan"},
}

// typeSynonyms are other words for a kind of place, said of it by copy.
var typeSynonyms = map[string][]string{
	"apartment": {"flat", "apartment", "apartamento", "appartamento", "appartement", "wohnung", "piso"},
	"condo":     {"apartment", "flat", "condo", "apartamento", "piso"},
	"flat":      {"apartment", "flat", "piso"},
	"home":      {"house", "home", "casa", "maison", "haus"},
	"house":     {"house", "home", "casa", "maison", "haus"},
	"hotel":     {"hotel", "hôtel", "albergo"},
	"loft":      {"loft", "apartment"},
	"studio":    {"studio", "estúdio", "estudio", "monolocale", "studio apartment"},
}

// factWords are the words each page field may be said with, by
// language.
var factWords = map[string]map[string]string{
	"guests": {"ja": "名様 名 人 宿泊 最大", "en": "guests guest sleeps sleep accommodates accommodate people persons up to max maximum capacity",
		"pt": "hóspedes hóspede pessoas acomoda acomodam até capacidade", "es": "huéspedes huésped personas alberga capacidad hasta",
		"it": "ospiti ospite persone posti fino a", "fr": "voyageurs voyageur personnes accueille jusqu'à capacité",
		"de": "gäste gast personen schlafplätze bis zu"},
	"bedrooms": {"ja": "寝室 ベッドルーム", "en": "bedroom bedrooms br room rooms", "pt": "quarto quartos dormitório dormitórios", "es": "dormitorio dormitorios habitación habitaciones",
		"it": "camera camere letto", "fr": "chambre chambres", "de": "schlafzimmer zimmer"},
	"studio": {"en": "studio", "pt": "estúdio", "es": "estudio", "it": "monolocale", "fr": "studio", "de": "studio"},
	"beds":   {"ja": "ベッド", "en": "bed beds", "pt": "cama camas", "es": "cama camas", "it": "letto letti", "fr": "lit lits", "de": "bett betten"},
	"baths": {"ja": "バスルーム 浴室 トイレ", "en": "bath baths bathroom bathrooms", "pt": "banheiro banheiros banho wc", "es": "baño baños", "it": "bagno bagni",
		"fr": "salle de bain bains", "de": "bad bäder badezimmer"},
	"entire": {"ja": "貸切 まるごと 一棟", "en": "entire whole all to yourself yours own private", "pt": "inteiro inteira todo só seu sua exclusivo",
		"es": "entero entera todo para ti solo", "it": "intero intera tutto per te", "fr": "entier entière tout pour vous",
		"de": "ganze ganzes ganzen für sich allein"},
	"checkin": {"ja": "チェックイン チェックアウト", "en": "check-in check-out checkin checkout arrival departure from until", "pt": "check-in check-out entrada saída a partir",
		"es": "check-in check-out entrada salida llegada", "it": "check-in check-out arrivo partenza dalle alle",
		"fr": "arrivée départ check-in check-out", "de": "check-in check-out anreise abreise ab uhr"},
	"rated":     {"en": "rated rating reviews review", "pt": "avaliado avaliação avaliações", "es": "valorado valoración reseñas", "it": "valutato recensioni", "fr": "noté avis", "de": "bewertet bewertungen"},
	"superhost": {"ja": "スーパーホスト", "en": "superhost", "pt": "superhost superanfitrião", "es": "superanfitrión superhost", "it": "superhost", "fr": "superhôte superhost", "de": "superhost"},
	"favourite": {"ja": "ゲストお気に入り", "en": "guest favourite favorite", "pt": "preferido dos hóspedes", "es": "favorito entre huéspedes", "it": "amato dagli ospiti", "fr": "coup de cœur voyageurs", "de": "gäste-favorit favorit"},
	"hosting":   {"en": "years hosting experienced host", "pt": "anos anfitrião", "es": "años anfitrión", "it": "anni host", "fr": "ans hôte", "de": "jahre gastgeber"},
	"pets": {"ja": "ペット 同伴 動物", "en": "pets pet dogs dog cats animals pet-friendly friendly allowed welcome", "pt": "animais pets permitidos estimação",
		"es": "mascotas animales admiten", "it": "animali domestici ammessi", "fr": "animaux acceptés admis", "de": "haustiere tiere hunde erlaubt haustierfreundlich tierfreundlich"},
	"smoking": {"ja": "喫煙 禁煙", "en": "smoking smoke", "pt": "fumar fumantes", "es": "fumar fumadores", "it": "fumare fumatori", "fr": "fumer fumeurs", "de": "rauchen raucher"},
	"parties": {"ja": "パーティー イベント", "en": "parties party events", "pt": "festas eventos", "es": "fiestas eventos", "it": "feste eventi", "fr": "fêtes événements", "de": "partys feiern veranstaltungen"},
}

// OtherPropertyParagraph reports whether a paragraph of the host's text
// is about another property than the listing: the cues are the
// catalogue's (analysis.OtherPropertyText), so what the amenity evidence
// ignores and what the copy leaves out are one decision.
func OtherPropertyParagraph(p string) bool {
	return analysis.OtherPropertyText(p)
}

// stemKey is the bucket an inflected form is looked for in: its first
// four letters, "" for a shorter word.
func stemKey(w string) string {
	rs := []rune(w)
	if len(rs) < 5 {
		return ""
	}
	return string(rs[:4])
}

// Why are the facts that ground word w (or a form of it), for a reason
// or a reviewer: what on the page let a word of copy through.
func (fs *FactSheet) Why(w string) []Fact {
	var out []Fact
	for _, f := range fs.Facts {
		for _, fw := range prose.Words(f.Text) {
			if sameForm(fw, w) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// translations add, for a facility the page names in one language, its
// names in the others: a Portuguese description of a page that lists
// "Elevator" and "Doorman" in English says "elevador" and "porteiro".
// Each set names one thing; none is a feature the others suggest.
func (fs *FactSheet) translations(l *listing.Listing) {
	var texts []string
	for _, a := range l.Amenities {
		if a.Available {
			texts = append(texts, " "+strings.Join(prose.Words(a.Name), " ")+" ")
		}
	}
	for _, sent := range prose.Sentences(l.Title + "\n" + l.Description) {
		if InstructionLike(sent) {
			continue
		}
		// What the host says the place has, not what it says it lacks:
		// "senza ascensore" names no lift.
		var ws []string
		for _, pw := range polarWords(sent, fs.Lang.Listing.Code()) {
			if pw.negated || pw.weak {
				pw.word = "_"
			}
			ws = append(ws, pw.word)
		}
		texts = append(texts, " "+strings.Join(ws, " ")+" ")
	}
	for _, set := range amenityTranslations {
		found := false
		for _, name := range set {
			k := " " + strings.Join(prose.Words(name), " ") + " "
			for _, t := range texts {
				if strings.Contains(t, k) {
					found = true
				}
			}
		}
		if found {
			for _, name := range set {
				fs.add(name, Offered, SrcTranslation)
			}
		}
	}
}

// amenityTranslations are the names of one facility in the copy
// languages, for the facilities the amenity catalogue has no feature for.
var amenityTranslations = [][]string{
	{"elevator", "lift", "elevador", "ascensor", "ascensore", "ascenseur", "aufzug", "fahrstuhl"},
	{"doorman", "concierge", "porteiro", "portaria", "portero", "conserje", "portiere", "portineria", "gardien", "portier"},
	{"smart lock", "fechadura inteligente", "fechadura eletrônica", "cerradura inteligente", "serratura smart", "serrure connectée", "intelligentes schloss"},
	{"sun loungers", "espreguiçadeiras", "tumbonas", "lettini", "transats", "sonnenliegen"},
	{"outdoor shower", "chuveiro externo", "ducha exterior", "doccia esterna", "douche extérieure", "außendusche"},
	{"travel crib", "pack n play", "berço portátil", "cuna de viaje", "lettino da campeggio", "lit parapluie", "reisebett"},
	{"luggage dropoff", "luggage storage", "guarda-volumes", "consigna de equipaje", "deposito bagagli", "bagagerie", "gepäckaufbewahrung"},
	{"room service", "serviço de quarto", "servicio de habitaciones", "servizio in camera", "service d'étage", "zimmerservice", "roomservice"},
	{"family rooms", "quartos familiares", "habitaciones familiares", "camere familiari", "chambres familiales", "familienzimmer", "familiekamers"},
	{"airport shuttle", "traslado aeroporto", "transfer aeroporto", "servicio de traslado al aeropuerto", "navetta aeroportuale", "navette aéroport", "flughafenshuttle", "luchthavenshuttle"},
	{"bathtub", "banheira", "bañera", "vasca da bagno", "baignoire", "badewanne"},
	{"ceiling fan", "ventilador de teto", "ventilador de techo", "ventilatore a soffitto", "ventilateur de plafond", "deckenventilator"},
	{"restaurant", "restaurants", "restaurante", "restaurantes", "ristorante", "ristoranti", "restaurantes"},
	{"free wifi", "wifi gratis", "gratis wifi", "wi-fi grátis", "wifi gratuito", "wifi gratuita", "wifi gratuit", "kostenloses wlan", "kostenfreies wlan", "gratis wlan"},
	{"garage", "garagem", "garaje", "garage"},
	{"fast wifi", "high-speed wifi", "wifi veloce", "wi-fi veloce", "wi-fi ad alta velocità", "wifi ad alta velocità", "wifi rápido", "wi-fi rápido", "wifi de alta velocidad", "wi-fi de alta velocidade", "wifi rapide", "wifi haut débit", "schnelles wlan"},
	{"bbq grill", "barbecue", "churrasqueira", "churrasco", "barbacoa", "griglia", "grill"},
	{"self check-in", "check-in autônomo", "self check-in", "llegada autónoma", "arrivée autonome", "selbstständiger check-in", "selbstständig"},
	{"fitness centre", "fitness center", "gym", "academia", "gimnasio", "palestra", "salle de sport", "fitnessraum", "fitnesscenter", "fitnessruimte"},
	{"non-smoking rooms", "quartos para não fumantes", "habitaciones sin humo", "camere non fumatori", "chambres non-fumeurs", "nichtraucherzimmer", "rookvrije kamers"},
	{"facilities for disabled guests", "acessível", "adaptado para pessoas com mobilidade reduzida", "adaptado a personas de movilidad reducida", "accessibile", "équipé pour les personnes handicapées", "barrierefrei", "faciliteiten voor mindervaliden"},
}
