package analysis

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
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
	// not name (catalog labels); empty when the title's language was not
	// judged (NotJudged), since then their absence is not proven.
	Unmentioned []string `json:"unmentioned"`
	// NotJudged says why nothing was called absent from the title (its
	// language has no rules, it mixes in a script ListingLift does not
	// read…), "" when it was judged: then First30Strong false is "not
	// assessed", not "names nothing".
	NotJudged      string   `json:"not_judged,omitempty"`
	Emoji          []string `json:"emoji"`
	CapsWords      []string `json:"caps_words"`
	ContactDetails []string `json:"contact_details"`
	Score          int      `json:"score"` // 0–100, see AnalyzeTitle
	Findings       Findings `json:"findings"`
	Explanation    string   `json:"explanation"`
}

// AnalyzeTitle checks a title against Airbnb's rules and what guests scan
// for. features are the listing's features (ListingFeatures); limitNote
// says the plan bought has the title's limit note (SPEC §5: the plan
// table's TitleLimitNote, plans.Includes), which a title over the site's
// limit then gets as its finding's message.
//
// Score: 100, less 25 for a title over 50 characters, 15 for one under 20,
// 15 when no property type is named, 15 when no place or landmark is named,
// 15 when the listing has a differentiator the title leaves out (and names
// none), 10 when the first 30 characters name none of type, place or
// differentiator, 10 for emoji, 10 for words in capitals and 30 for contact
// details; never below 0.
func AnalyzeTitle(title string, l *listing.Listing, features Features, limitNote bool) TitleAnalysis {
	return NewTitleScorer(l, features, limitNote).Analyze(title)
}

// TitleScorer analyzes many titles for one listing, reading the listing's
// place names once.
type TitleScorer struct {
	l        *listing.Listing
	features Features
	// limitNote: a title over the limit gets the limit note (AnalyzeTitle).
	limitNote bool
	places    []string
	// lang is the listing's language; shown says the listing's own text
	// shows it (newJudge); the places are compiled for its endings, those
	// written without spaces apart.
	lang  string
	shown bool
	// pagePlaces: the page gives a place to look for (area, city or
	// region); without one, a title's "Denver" cannot be told from any
	// other word, so no place is said to be missing.
	pagePlaces      bool
	stems           *titleStems
	placeStems      *prose.StemList
	spacelessPlaces []string
}

// NewTitleScorer prepares AnalyzeTitle for l.
func NewTitleScorer(l *listing.Listing, features Features, limitNote bool) *TitleScorer {
	lang := prose.TextLanguage(l.Language, l.Title)
	// The place as the page names it, each part of it and its other
	// names (a title saying "Lisbon" names "Lisboa"), and the places the
	// description names.
	own := listingPlaces(l)
	places := append(own, TextPlacesIn(prose.TextLanguage(l.Language, l.Description), l.Description)...)
	sc := &TitleScorer{l: l, features: features, limitNote: limitNote, lang: lang, places: places, pagePlaces: len(own) > 0,
		shown: languageShown(lang, l.Title+"\n"+l.Description), stems: titleStemsFor(lang)}
	var spaced []string
	for _, p := range places {
		if spaceless(p) {
			sc.spacelessPlaces = append(sc.spacelessPlaces, p)
		} else {
			spaced = append(spaced, p)
		}
	}
	sc.placeStems = prose.CompileStems(lang, spaced)
	return sc
}

// titleStems are the title lists compiled for one language's endings.
type titleStems struct {
	property, landmark *prose.StemList
	mentions           []*prose.StemList
}

var titleStemsCache sync.Map // lang → *titleStems

// titleStemsFor compiles the kinds of place, landmarks and feature words
// (every language's: titles mix them) for lang's inflections, once.
func titleStemsFor(lang string) *titleStems {
	if v, ok := titleStemsCache.Load(lang); ok {
		return v.(*titleStems)
	}
	lists := titleLists()
	ts := &titleStems{
		property: prose.CompileStems(lang, append(append(append([]string{}, lists.property.list...), placeKindWords...), allNouns()...)),
		landmark: prose.CompileStems(lang, append(append([]string{}, lists.landmark.list...), placeLandmarkWords...)),
	}
	for _, m := range lists.mentions {
		ts.mentions = append(ts.mentions, prose.CompileStems(lang, m.list))
	}
	v, _ := titleStemsCache.LoadOrStore(lang, ts)
	return v.(*titleStems)
}

// allNouns are every text language's words for kinds of place.
func allNouns() []string {
	var out []string
	for _, tl := range textLangs {
		for _, ns := range tl.Nouns {
			out = append(out, ns...)
		}
	}
	for _, n := range localNouns {
		out = append(out, n.in...)
	}
	return out
}

// noStems is an empty list, for looking up names written without spaces
// alone.
var noStems = prose.CompileStems("en", nil)

// titleReading is what one title (or its first 30 characters) names.
type titleReading struct {
	propertyType, location string
	differentiators        []int // titleDifferentiators indexes
}

// read finds in s the kind of place, a place and, when features is set,
// the features it names, each in any form its language writes it (the
// stem lists hold every phrase of the exact lists, in their order).
func (sc *TitleScorer) read(j judge, s string, features bool) titleReading {
	var r titleReading
	if p, ok := j.namesList(sc.stems.property, cjkPropertyWords); ok {
		r.propertyType = p
	}
	r.location = sc.location(j, newText(s), s)
	if !features {
		return r
	}
	for i := range titleDifferentiators {
		if _, ok := j.t.FirstOf(sc.stems.mentions[i]); ok {
			r.differentiators = append(r.differentiators, i)
		}
	}
	return r
}

// location is the first place s names: one of the listing's places in
// any form, a place s itself names after a preposition or as a street,
// the distinctive word of a place the description names ("the Acropolis
// Museum" for an "Acropolis-view" title), a place named in Japanese or
// Chinese by its kind (三ノ輪駅), or a landmark word.
func (sc *TitleScorer) location(j judge, t text, s string) string {
	if p, ok := j.namesList(sc.placeStems, sc.spacelessPlaces); ok {
		return p
	}
	if ps := TextPlacesIn(sc.lang, s); len(ps) > 0 {
		return ps[0]
	}
	for _, p := range sc.places {
		if first := prose.Words(p); len(first) > 1 && len(first[0]) >= 4 && t.has(first[0]) && !commonWords[first[0]] {
			return strings.Fields(p)[0]
		}
	}
	if m := reCJKPlace.FindString(s); m != "" {
		return m
	}
	if p, ok := j.namesList(noStems, cjkPlaceNames()); ok {
		return p
	}
	if p, ok := j.t.FirstOf(sc.stems.landmark); ok {
		return p
	}
	if p, ok := j.namesList(noStems, cjkPlaceWords); ok {
		return p
	}
	return ""
}

// Analyze is AnalyzeTitle for the scorer's listing.
func (sc *TitleScorer) Analyze(title string) TitleAnalysis {
	features := sc.features
	title = strings.TrimSpace(title)
	rules := RulesFor(sc.l)
	a := TitleAnalysis{Title: title, Length: prose.Length(title), Limit: rules.TitleMax,
		Differentiators: []string{}, Unmentioned: []string{}}
	a.Emoji = nonNil(prose.Emoji(title))
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

	// Everything the title is said to leave out is looked for by one
	// judge, which also says whether absence may be claimed at all.
	j := newJudgeShown(sc.lang, title, sc.shown)
	got := sc.read(j, title, true)
	a.PropertyType, a.Location = got.propertyType, got.location
	has := map[int]bool{}
	for _, i := range got.differentiators {
		has[i] = true
	}
	for i, k := range titleDifferentiators {
		d := catalogByKey[k]
		if has[i] {
			a.Differentiators = append(a.Differentiators, d.Label)
		} else if features.Has(k) {
			a.Unmentioned = append(a.Unmentioned, d.Label)
		}
	}
	// What phones show: the first 30 characters carry a search term when
	// they name a kind of place, a place or a feature (in the catalogue's
	// words, the ones guests search by).
	f30 := newText(a.First30)
	j30 := newJudgeShown(sc.lang, a.First30, sc.shown)
	early := sc.read(j30, a.First30, false)
	diffEarly := false
	for i := range titleDifferentiators {
		if _, ok := f30.firstOf(titleLists().ownMentions[i]); ok {
			diffEarly = true
			break
		}
	}
	// A place counts only as a whole word of the title: the cut may leave
	// "Flat in Alf" of "Flat in Alfama", and "Alf" is no place.
	locEarly := early.location != "" && j.names(early.location)
	a.First30Strong = early.propertyType != "" || locEarly || diffEarly
	if !j.judged {
		a.Unmentioned, a.NotJudged = []string{}, j.why
	}

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
	langName := prose.Lang(sc.lang).Name()
	searchedIn := langName
	if sc.lang != "en" {
		searchedIn += " and English"
	}
	if lengthKnown && rules.TitleMax > 0 && a.Length > rules.TitleMax {
		a.OverLimit = true
		msg := fmt.Sprintf("The %s has %d characters, over %s's %d-character limit, so it will be cut.", word, a.Length, rules.Name, rules.TitleMax)
		if sc.limitNote {
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
	// Each "names no…" below is said only when the judge could read the
	// title; otherwise a note says it was not assessed, and why.
	switch {
	case a.PropertyType != "" || propertyName:
	case !j.judged:
		a.Findings = append(a.Findings, Finding{Code: "title.property_type_not_assessed", Severity: SeverityInfo,
			Message:  fmt.Sprintf("Whether the %s names the kind of place was not assessed: %s.", word, notReadBecause(j, "whose words for kinds of place ListingLift does not know yet")),
			Evidence: ev(j.why)})
	default:
		add(15, Finding{Code: "title.no_property_type", Severity: SeverityMedium,
			Message: fmt.Sprintf("The %s does not say what kind of place this is.", word), Action: "Name the property type (loft, cabin, apartment…).",
			Evidence: ev("searched for kinds of place in " + searchedIn + " and the other languages ListingLift reads (apartment, casa, appartamento, T1, Ferienwohnung, loft, villa, suite…), in their plural and other forms: none found")})
	}
	switch {
	case a.Location != "":
	case !sc.pagePlaces:
		a.Findings = append(a.Findings, Finding{Code: "title.location_not_assessed", Severity: SeverityInfo,
			Message:  fmt.Sprintf("Whether the %s names a place was not assessed: the page gives no city or area to look for.", word),
			Evidence: ev("the page's area, city and region fields are empty")})
	case !j.judged:
		a.Findings = append(a.Findings, Finding{Code: "title.location_not_assessed", Severity: SeverityInfo,
			Message:  fmt.Sprintf("Whether the %s names a place was not assessed: %s.", word, notReadBecause(j, "which ListingLift does not read yet")),
			Evidence: ev(j.why)})
	default:
		add(15, Finding{Code: "title.no_location", Severity: SeverityMedium,
			Message: fmt.Sprintf("The %s names no neighbourhood, city or landmark.", word), Action: "Add the area or a landmark guests search for.",
			Evidence: ev(fmt.Sprintf("searched for the listing's place names%s in every form %s writes them and under their other names, the places its description names, street and square names and landmark words in %s: none found", listed(quoteAll(placeNames(sc.l))), langName, searchedIn))})
	}
	if len(a.Differentiators) == 0 && len(a.Unmentioned) > 0 && !propertyName && j.judged {
		add(15, Finding{Code: "title.no_differentiator", Severity: SeverityMedium,
			Message: fmt.Sprintf("The listing has %s but the %s names none of it.", strings.ToLower(joinList(a.Unmentioned[:min(3, len(a.Unmentioned))])), word),
			Action:  "Put your strongest feature in the " + word + ".", Evidence: ev("searched for the listing's features in the " + word)})
	}
	if !a.First30Strong && !propertyName && j.judged {
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
	a.Explanation = titleExplanation(a, rules, j.judged)
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

// notReadBecause says why a title's words were not judged: in a language
// ListingLift has no lists for (unknown, in that language's words), mixed
// with a script it does not read, or not shown by its own words.
func notReadBecause(j judge, unknown string) string {
	if textLangFor(j.lang) == nil {
		return "it is in " + prose.Lang(j.lang).Name() + ", " + unknown
	}
	return strings.NewReplacer("the text's", "its", "the text", "it").Replace(j.why)
}

func titleExplanation(a TitleAnalysis, r PlatformRules, judged bool) string {
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
	if len(a.Unmentioned) > 0 && len(a.Differentiators) < 2 && judged {
		s += fmt.Sprintf(" It leaves out %s, which the listing offers.", strings.ToLower(joinList(a.Unmentioned[:min(3, len(a.Unmentioned))])))
	}
	switch {
	case a.First30Strong:
		s += " The first 30 characters, which phones show, carry a search term."
	case !judged:
		s += " Whether the first 30 characters, which phones show, carry a search term was not assessed in its language."
	default:
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
