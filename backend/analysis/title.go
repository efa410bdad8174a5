package analysis

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/listing"
)

// Title limits.
const (
	// TitleLimit is Airbnb's maximum title length (SPEC §9's "title limit
	// hint: 50 characters").
	TitleLimit = 50
	// MobileCut is roughly where search results on phones cut a title; the
	// first 30 characters carry the title there.
	MobileCut = 30
	// TitleTooShort: titles under this length waste the space guests read.
	TitleTooShort = 20
)

// TitleLimitNote is SPEC §5's wording for a Premium report's note on a title
// over 50 characters.
const TitleLimitNote = "exceeding the 50-character limit for Airbnb titles"

// propertyWords name a kind of place; a title should say which one it is.
var propertyWords = []string{
	"apartment", "apt", "flat", "condo", "loft", "studio", "house", "home", "cottage", "cabin", "chalet",
	"villa", "bungalow", "townhouse", "townhome", "duplex", "suite", "room", "guesthouse", "guest house",
	"tiny house", "tiny home", "farmhouse", "treehouse", "yurt", "camper", "rv", "boat", "houseboat", "castle",
	"penthouse", "hotel", "b b", "bed and breakfast", "lodge", "barn", "dome", "casita",
	"rowhouse", "brownstone", "victorian", "mansion",
	// Kinds of place named in their own language the world over.
	"machiya", "ryokan", "minka", "kominka", "minshuku", "shukubo", "riad", "hanok", "trullo", "trulli", "dammuso", "masia",
	"casita", "dacha", "ape", "yurt", "glamping", "tipi", "shepherd s hut", "hacienda", "cortijo", "finca", "quinta",
	"casa rural", "casa particular", "agroturismo", "agriturismo", "masseria", "casale", "cascina", "podere", "rifugio",
	"refugio", "bastide", "gite", "longere", "chaumiere", "gasthof", "pension", "pousada", "bungalow", "cabin",
}

// landmarkWords place a listing when the title names no city or area.
var landmarkWords = []string{
	"downtown", "near", "walk to", "walking distance", "steps to", "steps from", "minutes to", "min to",
	"beach", "beachfront", "seaside", "oceanfront", "lakefront", "waterfront", "bayfront", "gulf", "airport", "university", "college", "campus", "hospital", "museum",
	"station", "old town", "city center", "city centre", "historic district", "stadium", "arena", "capitol",
	"convention center", "midtown", "uptown", "village", "square", "district", "quarter", "ski in",
}

// titleDifferentiators are the features worth title space, as catalog keys,
// plus two that are not amenities.
// titleLists are the phrase lists every title is read against, compiled
// once: the kinds of place, landmarks, and for each differentiator its
// words — in the catalogue's words and the title's own language ("Pé na
// Areia" is beachfront, "Fronte mare" waterfront: mentions), and in the
// catalogue's alone (ownMentions, what the first 30 characters are read for).
var titleLists = sync.OnceValue(func() (l struct {
	property, landmark    *phraseList
	mentions, ownMentions []*phraseList
}) {
	l.property, l.landmark = compilePhrases(propertyWords), compilePhrases(landmarkWords)
	for _, k := range titleDifferentiators {
		d := catalogByKey[k]
		mention := d.Mention
		if mention == nil {
			mention = d.Match
		}
		l.ownMentions = append(l.ownMentions, compilePhrases(mention))
		l.mentions = append(l.mentions, compilePhrases(append(append([]string(nil), mention...), featureWords[k]...)))
	}
	return l
})

var titleDifferentiators = []string{"hot_tub", "pool", "view", "waterfront", "free_parking", "workspace", "fireplace",
	"sauna", "outdoor_space", "pets", "ev_charger", "self_check_in", "gym", "bbq", "washer", "private_entrance"}

// TitleAnalysis is the title analyzer's result.
type TitleAnalysis struct {
	Title     string `json:"title"`
	Length    int    `json:"length"` // characters (Unicode code points)
	Limit     int    `json:"limit"`  // 50
	OverLimit bool   `json:"over_limit"`
	// LengthNotAssessed: the title was read only from the page's preview
	// tags, so its length (which may include the site's own words) was
	// not judged.
	LengthNotAssessed bool `json:"length_not_assessed,omitempty"`
	// LimitNote is SPEC §5's note on a title over 50 characters; Premium
	// only.
	LimitNote string `json:"limit_note,omitempty"`
	// First30 is what phones show; First30Strong says whether it names the
	// property type, place or a differentiator.
	First30         string   `json:"first_30"`
	First30Strong   bool     `json:"first_30_strong"`
	PropertyType    string   `json:"property_type,omitempty"` // the word found, "" when none
	Location        string   `json:"location,omitempty"`      // the place or landmark found
	Differentiators []string `json:"differentiators"`         // features the title names
	// Unmentioned are differentiators the listing has that the title does
	// not name (catalog labels).
	Unmentioned    []string `json:"unmentioned"`
	Emoji          []string `json:"emoji"`
	CapsWords      []string `json:"caps_words"`
	ContactDetails []string `json:"contact_details"`
	Score          int      `json:"score"` // 0–100, see AnalyzeTitle
	Findings       Findings `json:"findings"`
	Explanation    string   `json:"explanation"`
}

// AnalyzeTitle checks a title against Airbnb's rules and what guests scan
// for. features are the listing's features (ListingFeatures).
//
// Score: 100, less 25 for a title over 50 characters, 15 for one under 20,
// 15 when no property type is named, 15 when no place or landmark is named,
// 15 when the listing has a differentiator the title leaves out (and names
// none), 10 when the first 30 characters name none of type, place or
// differentiator, 10 for emoji, 10 for words in capitals and 30 for contact
// details; never below 0.
func AnalyzeTitle(title string, l *listing.Listing, features Features, plan Plan) TitleAnalysis {
	return NewTitleScorer(l, features, plan).Analyze(title)
}

// TitleScorer analyzes many titles for one listing, reading the listing's
// place names once.
type TitleScorer struct {
	l        *listing.Listing
	features Features
	plan     Plan
	places   []string
	// lang is the listing's language; known says ListingLift has its
	// kind-of-place and landmark words, so it may say a title has none.
	lang  string
	known bool
}

// NewTitleScorer prepares AnalyzeTitle for l.
func NewTitleScorer(l *listing.Listing, features Features, plan Plan) *TitleScorer {
	lang := TextLanguage(l, l.Title)
	var places []string
	for _, p := range placeNames(l) {
		// The place as the page names it and its other names: a title
		// saying "Lisbon" names "Lisboa".
		places = append(append(places, p), placeVariants(p)...)
	}
	return &TitleScorer{l: l, features: features, plan: plan, lang: lang, known: textLangFor(lang) != nil,
		places: append(places, TextPlacesIn(TextLanguage(l, l.Description), l.Description)...)}
}

// Analyze is AnalyzeTitle for the scorer's listing.
func (sc *TitleScorer) Analyze(title string) TitleAnalysis {
	features, plan := sc.features, sc.plan
	title = strings.TrimSpace(title)
	rules := RulesFor(sc.l)
	a := TitleAnalysis{Title: title, Length: Length(title), Limit: rules.TitleMax,
		Differentiators: []string{}, Unmentioned: []string{}}
	a.Emoji = nonNil(Emoji(title))
	a.CapsWords = nonNil(CapsWords(title))
	a.ContactDetails = nonNil(ContactDetails(title))
	if title == "" {
		a.Findings = Findings{{Code: "title.missing", Severity: SeverityHigh,
			Message: "We could not read a title for this listing.", Action: "Add a title that names the property type, the place and its best feature."}}
		a.Explanation = "No title was read from the listing page, so it could not be checked."
		return a
	}
	rs := []rune(title)
	a.First30 = string(rs[:min(len(rs), MobileCut)])

	t := newText(title)
	lists := titleLists()
	if p, ok := t.firstOf(lists.property); ok {
		a.PropertyType = p
	}
	for _, p := range sc.places {
		if t.has(strings.Join(Words(p), " ")) {
			a.Location = p
			break
		}
	}
	if a.Location == "" {
		// A place the title itself names ("studio in Plaka"), or the
		// distinctive word of a place the description names ("the
		// Acropolis Museum" for an "Acropolis-view" title).
		if ps := TextPlacesIn(sc.lang, title); len(ps) > 0 {
			a.Location = ps[0]
		}
	}
	if a.Location == "" {
		for _, p := range sc.places {
			if first := Words(p); len(first) > 1 && len(first[0]) >= 4 && t.has(first[0]) && !commonWords[first[0]] {
				a.Location = strings.Fields(p)[0]
				break
			}
		}
	}
	if a.Location == "" {
		if p, ok := t.firstOf(lists.landmark); ok {
			a.Location = p
		}
	}
	for i, k := range titleDifferentiators {
		d := catalogByKey[k]
		if _, ok := t.firstOf(lists.mentions[i]); ok {
			a.Differentiators = append(a.Differentiators, d.Label)
		} else if features.Has(k) {
			a.Unmentioned = append(a.Unmentioned, d.Label)
		}
	}
	f30 := newText(a.First30)
	_, typeEarly := f30.firstOf(lists.property)
	locEarly := a.Location != "" && f30.has(strings.Join(Words(a.Location), " "))
	diffEarly := false
	for i := range titleDifferentiators {
		if _, ok := f30.firstOf(lists.ownMentions[i]); ok {
			diffEarly = true
			break
		}
	}
	a.First30Strong = typeEarly || locEarly || diffEarly

	score := 100
	add := func(pts int, f Finding) {
		if !RuleApplies(sc.l, f.Code, sc.lang) {
			return // not a rule for this kind of property or site (kind_rules.go): no finding, no points off
		}
		score -= pts
		a.Findings = append(a.Findings, f)
	}
	// A title read only from the page's preview tags (og:title, <title>)
	// may carry the site's own words (" - Flats for Rent in …"): its
	// length is not the listing's, so it is not judged.
	lengthKnown := title != strings.TrimSpace(sc.l.Title) || !listing.PreviewOnly(sc.l, listing.FieldTitle)
	if !lengthKnown {
		a.LengthNotAssessed = true
	}
	word := rules.TitleWord
	// Where the title is the property's name (Booking.com), a hotel's
	// name ("Strand Palace") is its name, not ad copy: it needs no
	// kind-of-place word, no feature and no length the site does not ask.
	propertyName := rules.TitleWord == "property name"
	ev := func(note string) []Evidence {
		if title != strings.TrimSpace(sc.l.Title) {
			return []Evidence{{Field: listing.FieldTitle, Value: Quote(title), Where: "a suggested " + word, Note: note}}
		}
		return []Evidence{Read(sc.l, listing.FieldTitle, Quote(title), note)}
	}
	chars := fmt.Sprintf("%d characters", a.Length)
	langName := LanguageName(sc.lang)
	searchedIn := langName
	if sc.lang != "en" {
		searchedIn += " and English"
	}
	if lengthKnown && rules.TitleMax > 0 && a.Length > rules.TitleMax {
		a.OverLimit = true
		msg := fmt.Sprintf("The %s has %d characters, over %s's %d-character limit, so it will be cut.", word, a.Length, rules.Name, rules.TitleMax)
		if plan == Premium {
			a.LimitNote = fmt.Sprintf("Your %s has %d characters, %s.", word, a.Length, titleLimitNote(rules))
			msg = a.LimitNote
		}
		add(25, Finding{Code: "title.too_long", Severity: SeverityHigh, Message: msg,
			Action: fmt.Sprintf("Shorten the %s to %d characters or fewer.", word, rules.TitleMax), Evidence: ev(chars)})
	}
	switch {
	case lengthKnown && a.Length < rules.TitleMin:
		add(25, Finding{Code: "title.under_minimum", Severity: SeverityHigh,
			Message: fmt.Sprintf("The %s has %d characters, under %s's minimum of %d; %s.", word, a.Length, rules.Name, rules.TitleMin, rules.TitleMinEffect),
			Action:  fmt.Sprintf("Lengthen the %s to at least %d characters with the place and your best feature.", word, rules.TitleMin), Evidence: ev(chars)})
	case lengthKnown && a.Length < TitleTooShort && !propertyName:
		msg := fmt.Sprintf("The %s has only %d characters.", word, a.Length)
		if rules.TitleMax > 0 {
			msg = fmt.Sprintf("The %s uses %d of %d characters.", word, a.Length, rules.TitleMax)
		}
		add(15, Finding{Code: "title.too_short", Severity: SeverityMedium, Message: msg,
			Action: "Use the space for the place and your best feature.", Evidence: ev(chars)})
	}
	switch {
	case a.PropertyType != "" || propertyName:
	case !sc.known:
		a.Findings = append(a.Findings, Finding{Code: "title.property_type_not_assessed", Severity: SeverityInfo,
			Message:  fmt.Sprintf("Whether the %s names the kind of place was not assessed: it is in %s, whose words for kinds of place ListingLift does not know yet.", word, langName),
			Evidence: ev("language read as " + langName)})
	default:
		add(15, Finding{Code: "title.no_property_type", Severity: SeverityMedium,
			Message: fmt.Sprintf("The %s does not say what kind of place this is.", word), Action: "Name the property type (loft, cabin, apartment…).",
			Evidence: ev("searched for kinds of place in " + searchedIn + " and the other languages ListingLift reads (apartment, casa, appartamento, loft, villa, suite…): none found")})
	}
	switch {
	case a.Location != "":
	case !sc.known:
		a.Findings = append(a.Findings, Finding{Code: "title.location_not_assessed", Severity: SeverityInfo,
			Message:  fmt.Sprintf("Whether the %s names a place was not assessed: it is in %s, which ListingLift does not read yet.", word, langName),
			Evidence: ev("language read as " + langName)})
	default:
		add(15, Finding{Code: "title.no_location", Severity: SeverityMedium,
			Message: fmt.Sprintf("The %s names no neighbourhood, city or landmark.", word), Action: "Add the area or a landmark guests search for.",
			Evidence: ev(fmt.Sprintf("searched for the listing's place names%s, the places its description names, street and square names and landmark words in %s: none found", listed(quoteAll(placeNames(sc.l))), searchedIn))})
	}
	if len(a.Differentiators) == 0 && len(a.Unmentioned) > 0 && !propertyName {
		add(15, Finding{Code: "title.no_differentiator", Severity: SeverityMedium,
			Message: fmt.Sprintf("The listing has %s but the %s names none of it.", strings.ToLower(joinList(a.Unmentioned[:min(3, len(a.Unmentioned))])), word),
			Action:  "Put your strongest feature in the " + word + ".", Evidence: ev("searched for the listing's features in the " + word)})
	}
	if !a.First30Strong && !propertyName {
		add(10, Finding{Code: "title.weak_start", Severity: SeverityLow,
			Message: fmt.Sprintf("The first %d characters (what phones show) name no property type, place or feature.", MobileCut),
			Action:  "Move the most searched words to the start.", Evidence: ev(fmt.Sprintf("first %d characters: %s", MobileCut, Quote(a.First30)))})
	}
	if len(a.Emoji) > 0 {
		add(10, Finding{Code: "title.emoji", Severity: SeverityMedium,
			Message: fmt.Sprintf("The %s uses emoji (%s); %s.", word, strings.Join(a.Emoji, " "), emojiEffect(rules)),
			Action:  "Replace emoji with words.", Evidence: ev("emoji found: " + strings.Join(a.Emoji, " "))})
	}
	if len(a.CapsWords) > 0 {
		add(10, Finding{Code: "title.caps", Severity: SeverityMedium,
			Message: fmt.Sprintf("The %s has words in capitals (%s), which reads as shouting.", word, strings.Join(a.CapsWords, ", ")),
			Action:  "Write words in normal case.", Evidence: ev("in capitals: " + strings.Join(a.CapsWords, ", "))})
	}
	if len(a.ContactDetails) > 0 {
		add(30, Finding{Code: "title.contact", Severity: SeverityHigh,
			Message: fmt.Sprintf("The %s contains contact details (%s), which %s's content rules do not allow.", word, strings.Join(a.ContactDetails, ", "), rules.Name),
			Action:  "Remove contact details and links.", Evidence: ev("found: " + strings.Join(a.ContactDetails, ", "))})
	}
	a.Score = max(0, score)
	if a.Findings == nil {
		a.Findings = Findings{}
	}
	a.Explanation = titleExplanation(a, rules)
	return a
}

// titleLimitNote is SPEC §5's note for the listing's site: Airbnb's is
// TitleLimitNote word for word.
func titleLimitNote(r PlatformRules) string {
	if r.Name == "Airbnb" {
		return TitleLimitNote
	}
	return fmt.Sprintf("exceeding the %d-character limit for %s %ss", r.TitleMax, r.Name, r.TitleWord)
}

func emojiEffect(r PlatformRules) string {
	if r.StripsEmoji {
		return r.Name + " removes them, and they cost characters"
	}
	return "they cost characters without saying anything a word would not"
}

func titleExplanation(a TitleAnalysis, r PlatformRules) string {
	var parts []string
	if r.TitleMax > 0 {
		parts = append(parts, fmt.Sprintf("Your %s has %d of %s's %d characters", r.TitleWord, a.Length, r.Name, r.TitleMax))
	} else {
		parts = append(parts, fmt.Sprintf("Your %s has %d characters (%s publishes no limit)", r.TitleWord, a.Length, r.Name))
	}
	join := " and names "
	if a.LengthNotAssessed {
		parts[0] = "Your title was read from the page's preview tags, which can add the site's own words, so its length was not checked"
		join = "; it names "
	}
	var names []string
	if a.PropertyType != "" {
		names = append(names, "the property type")
	}
	if a.Location != "" {
		names = append(names, "a place ("+a.Location+")")
	}
	if len(a.Differentiators) > 0 {
		names = append(names, strings.ToLower(joinList(a.Differentiators)))
	}
	if len(names) > 0 {
		parts[0] += join + joinList(names)
	}
	s := parts[0] + "."
	if len(a.Unmentioned) > 0 && len(a.Differentiators) < 2 {
		s += fmt.Sprintf(" It leaves out %s, which the listing offers.", strings.ToLower(joinList(a.Unmentioned[:min(3, len(a.Unmentioned))])))
	}
	if a.First30Strong {
		s += " The first 30 characters, which phones show, carry a search term."
	} else {
		s += " The first 30 characters, which phones show, carry no search term."
	}
	s += fmt.Sprintf(" Score %d/100 (it starts at 100 and loses points for each problem found).", a.Score)
	return s
}

// placeName is a capitalized name of up to four words, with the particles
// place names carry ("Campo de’ Fiori", "Praia do Forte", "Den Haag").
const placeName = `\p{Lu}[\p{L}'’-]+(?:\s+(?:(?:de|da|do|dos|das|del|della|di|la|le|des|du|van|der|den|von)[’']?\s+)?\p{Lu}[\p{L}'’-]+){0,3}`

// placePrepositions introduce a place in each language we read: "in the
// heart of Alfama", "em Ipanema", "a Campo de’ Fiori", "στην Πλάκα".
var placePrepositions = map[string]string{
	"en": `in|of|near|to|from|at|on`,
	"pt": `em|no|na|nos|nas|perto\s+de|perto\s+do|perto\s+da|ao\s+lado\s+d[eoa]`,
	"es": `en|cerca\s+de|junto\s+a|al\s+lado\s+de`,
	"it": `a|in|nel|nella|vicino\s+a|accanto\s+a|di\s+fronte\s+a`,
	"fr": `à|au|aux|dans|près\s+de|en`,
	"de": `in|im|am|bei|nahe|nähe`,
	"nl": `in|aan|bij|nabij`,
	"el": `στο|στη|στην|στον|κοντά\s+σ[τη]ο?ν?`,
}

// placeArticles may stand between a preposition and a place name.
var placeArticles = map[string]string{"en": "the", "pt": "o|a|os|as", "es": "el|la|los|las", "it": "il|lo|la|i|gli|le",
	"fr": "le|la|les", "de": "der|die|das|dem|den", "nl": "de|het", "el": "η|το|ο|την|τον"}

// placeRes are the place patterns of each language: its prepositions and
// English's (titles mix them), then a name.
var placeRes = func() map[string]*regexp.Regexp {
	out := map[string]*regexp.Regexp{}
	for lang, p := range placePrepositions {
		if lang != "en" {
			p += "|" + placePrepositions["en"]
		}
		out[lang] = regexp.MustCompile(`(?:^|[\s(|,;:–-])(?:` + p + `)\s+(?:(?:the|` + placeArticles[lang] + `)\s+)?(` + placeName + `)`)
	}
	return out
}()

// reStreet finds streets and squares named in a title: "York Place",
// "Rua Augusta", "Piazza Navona", "Praia de Figueira".
var reStreet = regexp.MustCompile(`(?:^|[\s(|,;:–-])((?:\p{Lu}[\p{L}'’-]+\s+){1,2}(?:Place|Street|St|Road|Rd|Avenue|Ave|Square|Lane|Terrace|Crescent|Gardens|Boulevard|Blvd|Row|Quay|Wharf)\b|(?:Rua|Avenida|Praia|Praça|Largo|Via|Viale|Piazza|Corso|Campo|Calle|Plaza|Paseo|Playa|Rue|Quai|Plage|Straße|Strasse|Platz|Gasse|Plein|Gracht|Straat|Οδός|Πλατεία|Παραλία)\s+` + placeName + `)`)

// notPlaces are capitalized words that follow those prepositions without
// being places; weekdays only on their own ("Friday Harbour" is a place).
var notPlaces = map[string]bool{"The": true, "Our": true, "My": true, "We": true, "I": true, "You": true, "Your": true,
	"Airbnb": true, "Netflix": true, "Wifi": true, "Wi": true, "TV": true, "Smart": true, "Self": true, "Free": true,
	"Check": true, "Please": true, "Guest": true, "Guests": true, "Entire": true, "Private": true, "Superhost": true,
	// Title words that follow a preposition of another language ("Suite
	// with a View" on an Italian listing) without being places.
	"View": true, "Views": true, "Pool": true, "Garden": true, "Terrace": true, "Balcony": true, "Patio": true,
	"Parking": true, "Jacuzzi": true, "Sauna": true, "Hot": true, "Cozy": true, "Cosy": true, "Beautiful": true,
	"Lovely": true, "Charming": true, "Modern": true, "Luxury": true, "Stunning": true, "Bright": true,
	"Spacious": true, "Quiet": true, "Great": true, "Perfect": true, "Family": true, "Home": true, "Apartment": true}

var weekdays = map[string]bool{"Monday": true, "Tuesday": true, "Wednesday": true, "Thursday": true, "Friday": true,
	"Saturday": true, "Sunday": true}

// commonWords start place names without naming one on their own ("North
// Beach", "Old Town"): a title that uses only them names no place.
var commonWords = map[string]bool{"north": true, "south": true, "east": true, "west": true, "upper": true, "lower": true,
	"central": true, "little": true, "great": true, "saint": true, "port": true, "mount": true, "lake": true, "river": true,
	"beach": true, "park": true, "city": true, "town": true, "village": true, "new": true, "old": true, "downtown": true}

// genericPlaces are words that follow "of the" without naming where the
// listing is: "a view of the Gulf" is not a place to put in a title as "in
// Gulf" (a two-word name such as "Lake George" is kept).
var genericPlaces = map[string]bool{"Gulf": true, "Ocean": true, "Sea": true, "Bay": true, "Lake": true, "River": true,
	"Beach": true, "Coast": true, "Mountain": true, "Mountains": true, "Harbor": true, "Harbour": true, "Park": true,
	"City": true, "Island": true, "Valley": true, "Hills": true, "Sound": true, "Canal": true, "Marina": true, "Pier": true}

// TextPlaces are the place names an English text gives: TextPlacesIn
// for English.
func TextPlaces(s string) []string { return TextPlacesIn("en", s) }

// TextPlacesIn are the place names the host's own text, written in lang,
// gives: capitalized words after a preposition of place ("in the heart of
// Alfama" → "Alfama", "a Campo de’ Fiori" → "Campo de’ Fiori"), and streets
// and squares ("York Place", "Praia de Figueira"). Titles may use them:
// they are the host's words.
func TextPlacesIn(lang, s string) []string {
	key := lang + "\x00" + s
	placesRead.mu.Lock()
	got, ok := placesRead.m[key]
	placesRead.mu.Unlock()
	if !ok {
		got = textPlacesIn(lang, s)
		placesRead.mu.Lock()
		if len(placesRead.m) >= placesReadSize || placesRead.m == nil {
			placesRead.m = map[string][]string{} // another listing's texts: start again
		}
		placesRead.m[key] = got
		placesRead.mu.Unlock()
	}
	return slices.Clone(got)
}

// placesRead keeps the places read from the texts seen lately: one report
// reads its listing's title and description for places many times (the
// title scorer, the fact sheet, the language and claim checks, each
// checker), and the answer is a function of the text alone.
var placesRead struct {
	mu sync.Mutex
	m  map[string][]string
}

const placesReadSize = 256

// ForgetPlacesRead empties the places read (benchmarks time a listing
// never read before).
func ForgetPlacesRead() {
	placesRead.mu.Lock()
	placesRead.m = nil
	placesRead.mu.Unlock()
}

func textPlacesIn(lang, s string) []string {
	re, ok := placeRes[lang]
	if !ok {
		re = placeRes["en"]
	}
	var out []string
	seen := map[string]bool{}
	add := func(name string) {
		name = strings.TrimRight(name, "'’-")
		first := strings.Fields(name)[0]
		if notPlaces[first] || weekdays[name] || genericPlaces[name] || seen[name] || len(CapsWords(name)) > 0 {
			return
		}
		seen[name] = true
		out = append(out, name)
	}
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		add(m[1])
	}
	for _, m := range reStreet.FindAllStringSubmatch(s, -1) {
		add(m[1])
	}
	return out
}

// listed is ", a and b" after a list, "" for none.
func listed(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return " (" + joinList(names) + ")"
}

// placeNames are the names a title may use for the listing's place.
func placeNames(l *listing.Listing) []string {
	var out []string
	for _, p := range []string{l.Location.Area, l.Location.City, l.Location.Region} {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
