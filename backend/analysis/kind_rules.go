package analysis

import (
	"github.com/listinglift/listinglift/backend/listing"
)

// RuleKind is the kind of property a rule is true for. A finding is
// advice only where its rule is true: a hotel told to rename itself, to
// write 150 words or to cut its photos to 40 was given a home's rules.
type RuleKind uint8

const (
	// ForHome is a whole home: an apartment, a house, a villa.
	ForHome RuleKind = 1 << iota
	// ForRoom is a private or shared room in someone's home.
	ForRoom
	// ForHotel is a hotel or a registered property run by staff: a
	// Booking.com hotel, an aparthotel, a hostel, a B&B run as a business.
	ForHotel
)

// ForHomes is a rule for a host's own place: a home or a room in one.
const ForHomes = ForHome | ForRoom

// ForAll is a rule true of any property.
const ForAll = ForHome | ForRoom | ForHotel

// RuleKindOf is the kind of l, decided once from PropertyKind (its
// property and room type, in the page's language): every finding asks it.
func RuleKindOf(l *listing.Listing) RuleKind {
	switch PropertyKind(l) {
	case KindHotel:
		return ForHotel
	case KindRoom:
		return ForRoom
	}
	return ForHome
}

// RuleScope is where a rule is true: the kinds of property and the sites
// (nil: every site), and whether it counts words, which only text with
// spaces between words has (Japanese and Chinese have none: their "word
// count" is a count of phrases, so no word-count finding is made there).
type RuleScope struct {
	Kinds      RuleKind
	Platforms  []listing.Platform
	CountWords bool
	// Why says why the scope is what it is.
	Why string
}

var (
	homeSites     = []listing.Platform{listing.Airbnb, listing.Vrbo}
	hostCaptioned = []listing.Platform{listing.Airbnb, listing.Vrbo}
)

// kindRules name, for every finding code that asks something of the host,
// the kinds of property and the sites it is true for. A code not here is
// a fact about the listing (not read, not assessed, the price against the
// market), true of any property.
var kindRules = map[string]RuleScope{
	// Titles: a home's title is ad copy a host writes; a hotel's is its
	// name, and Booking.com's is the property name of any property.
	"title.too_short":         {Kinds: ForHomes, Platforms: homeSites, Why: "a hotel's title is its name; Booking.com's is the property name"},
	"title.no_property_type":  {Kinds: ForHomes, Platforms: homeSites, Why: "a hotel's name need not say it is a hotel"},
	"title.no_location":       {Kinds: ForHomes, Platforms: homeSites, Why: "a hotel is not told to rename itself after its street"},
	"title.no_differentiator": {Kinds: ForHomes, Platforms: homeSites, Why: "a hotel's name is not ad copy"},
	"title.weak_start":        {Kinds: ForHomes, Platforms: homeSites, Why: "a hotel's name is not ad copy"},
	"title.too_long":          {Kinds: ForAll, Platforms: homeSites, Why: "the site cuts any title over its limit"},
	"title.under_minimum":     {Kinds: ForAll, Platforms: homeSites, Why: "the site refuses any title under its minimum"},
	"title.emoji":             {Kinds: ForAll, Why: "every site strips or frowns on emoji"},
	"title.caps":              {Kinds: ForAll, Why: "capitals read as shouting in any title"},
	"title.contact":           {Kinds: ForAll, Why: "no site allows contact details in a title"},
	// Descriptions: the 150 words are what a guest needs of a home
	// (rooms, access, rules); a hotel's page tells its rooms, services
	// and facilities in their own sections.
	"description.short":       {Kinds: ForHomes, CountWords: true, Why: "a home's description is where guests learn the space; a hotel's page has its rooms and facilities elsewhere"},
	"description.brief":       {Kinds: ForHomes, CountWords: true, Why: "as description.short"},
	"description.long":        {Kinds: ForAll, CountWords: true, Why: "few guests read 700 words of any description"},
	"description.sections":    {Kinds: ForAll, Platforms: []listing.Platform{listing.Airbnb}, Why: "only Airbnb's description has sections of its own (a hotel room on Airbnb has them too)"},
	"description.key_facts":   {Kinds: ForAll, Why: "its facts are chosen per kind (descriptionFacts)"},
	"description.keywords":    {Kinds: ForAll, Why: "search words matter to any property"},
	"description.readability": {Kinds: ForAll, Why: "any guest reads it"},
	// Photos: "20–40 photos" is what the best homes show; a hotel shows
	// each room type, its restaurant, its spa, and has no such count.
	"photos.few":      {Kinds: ForHomes, Why: "top homes show 20–40; no such count is known for hotels"},
	"photos.many":     {Kinds: ForHomes, Why: "a hotel shows every room type and facility: 60 photos is not too many"},
	"photos.too_few":  {Kinds: ForAll, Why: "under the site's minimum, or too few to decide on"},
	"photos.none":     {Kinds: ForAll, Why: "no photos is true of any property"},
	"photos.captions": {Kinds: ForAll, Platforms: hostCaptioned, Why: "only where hosts write captions"},
	"photos.rooms":    {Kinds: ForAll, Why: "its rooms are chosen per kind (a hotel's room, bathroom, building, view)"},
	"photos.cover":    {Kinds: ForAll, Why: "any cover is judged as a cover"},
	// Amenities: the expected list is chosen per kind (ExpectedAmenities);
	// the market is Inside Airbnb's homes, no comparison for a hotel.
	"amenities.missing_expected": {Kinds: ForAll, Why: "its expected list is chosen per kind"},
	"amenities.market_gap":       {Kinds: ForHomes, Why: "the comparables are homes; a hotel is not told what homes offer"},
}

// RuleApplies reports whether the rule behind code is true for l, whose
// text in question is in lang ("" when no text is counted).
func RuleApplies(l *listing.Listing, code, lang string) bool {
	s, ok := kindRules[code]
	if !ok || l == nil {
		return true // a fact of any property, or no listing to ask about
	}
	if s.Kinds&RuleKindOf(l) == 0 {
		return false
	}
	if s.CountWords && unspacedLanguages[lang] {
		return false
	}
	if s.Platforms == nil || l.Platform == "" {
		return true
	}
	for _, p := range s.Platforms {
		if p == l.Platform {
			return true
		}
	}
	return false
}

// ForKind keeps the findings whose rules are true for l (RuleApplies).
func ForKind(l *listing.Listing, lang string, fs Findings) Findings {
	out := make(Findings, 0, len(fs))
	for _, f := range fs {
		if RuleApplies(l, f.Code, lang) {
			out = append(out, f)
		}
	}
	return out
}
