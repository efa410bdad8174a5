package writing

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/textcase"
)

// Facts are the listing facts copy may use, each read from the listing.
type Facts struct {
	// Lang are the listing's and the copy's languages (languagesOf), read
	// once with the facts; not given to the model, which is told the one
	// it writes in.
	Lang Languages `json:"-"`

	Type     string `json:"type"`      // title-case kind of place: "Loft", "Private Room"
	TypeNoun string `json:"type_noun"` // "loft", "private room"
	Entire   bool   `json:"entire"`    // the whole place is rented
	Area     string `json:"area,omitempty"`
	City     string `json:"city,omitempty"`
	// HostPlace is a neighbourhood the host's own title and description
	// both name ("Alfama"), used when the page gives no area.
	HostPlace string `json:"host_place,omitempty"`
	Region    string `json:"region,omitempty"`
	Country   string `json:"country,omitempty"`
	Capacity  int    `json:"guests,omitempty"`
	// Bedrooms is only set when the page stated it (0 is a studio).
	Bedrooms *int    `json:"bedrooms,omitempty"`
	Beds     int     `json:"beds,omitempty"`
	Baths    float64 `json:"baths,omitempty"`
	// Differentiators are title-ready names of the listing's strongest
	// features, best first ("River View", "Hot Tub", "Free Parking");
	// Phrases the same features in running text ("river view", "hot tub",
	// "free parking on premises"). Prefixable are the differentiators that
	// read well before the property type ("River View Loft").
	Differentiators []string `json:"differentiators"`
	Phrases         []string `json:"-"`
	Prefixable      []string `json:"-"`
	// Adjectives are descriptive words the host's own title or description
	// uses ("sunny", "spacious"): copy may repeat them, never invent them.
	Adjectives []string `json:"adjectives"`
	Amenities  []string `json:"amenities"` // as listed, available only
	CheckIn    string   `json:"check_in,omitempty"`
	CheckOut   string   `json:"check_out,omitempty"`
	Rating     float64  `json:"rating,omitempty"`
	Reviews    int      `json:"reviews,omitempty"`
	Superhost  bool     `json:"superhost"`
	// Name is the property's own name where the site makes the title a
	// name (Booking.com: "Strand Palace"): never a place, never reworded.
	Name string `json:"property_name,omitempty"`
	// Negated are the features the host's words say the listing lacks
	// ("does NOT have a hot tub"), by key: never named as a feature.
	Negated map[string]string `json:"-"`
	// BathKind is "shared" or "private" when the page says the bathroom
	// is ("1 shared bath"): a count never loses its qualifier.
	BathKind string `json:"bath_kind,omitempty"`
	// Unfit are the features the page's evidence does not make this
	// listing's (trueFeature): never a highlight or a title's feature.
	Unfit map[string]bool `json:"-"`
}

// adjectives the host may have used, in the order copy prefers them.
var hostAdjectives = []string{"sunny", "bright", "spacious", "cozy", "cosy", "charming", "modern", "stylish", "historic",
	"quiet", "peaceful", "renovated", "elegant", "rustic", "airy", "chic", "luxury", "luxurious", "private", "secluded",
	"light-filled", "colorful", "colourful", "serene", "romantic", "restored", "designer", "comfortable"}

// FactsOf reads the facts of a request's listing.
func FactsOf(req Request) Facts {
	l := req.Listing
	f := Facts{Area: strings.TrimSpace(l.Location.Area), City: strings.TrimSpace(l.Location.City),
		Region: strings.TrimSpace(l.Location.Region), Country: strings.TrimSpace(l.Location.Country),
		Capacity: l.Capacity, Beds: l.Beds, Baths: l.Baths, CheckIn: l.HouseRules.CheckIn, CheckOut: l.HouseRules.CheckOut,
		Reviews: l.ReviewCount, Superhost: l.Superhost || l.Host.Superhost, Differentiators: []string{}, Adjectives: []string{}, Amenities: []string{},
		Lang: languagesOf(l)}
	if f.Capacity == 0 {
		f.Capacity = l.HouseRules.MaxGuests
	}
	if l.Has(listing.FieldBedrooms) || l.Bedrooms > 0 {
		b := l.Bedrooms
		f.Bedrooms = &b
	}
	if local := localCityName(l, f.City); local != "" {
		f.City = local
	}
	f.Rating = analysis.RatingOutOf5(l)
	f.Negated = negatedFeatures(l)
	f.BathKind = bathKind(l)
	// A paragraph about another property ("our other house", a partner's
	// estate) says nothing of this one: the facts are read without it.
	ownL := ownListing(l)
	ownFeatures := req.Features
	if ownL != l {
		ownFeatures = analysis.ListingFeatures(ownL)
	}
	if l.Platform == listing.Booking {
		// The title is the property's name: a place it names ("Strand
		// Palace") is the hotel, not where it is.
		f.Name = cleanTitle(l.Title)
	}
	titleWordsSet := " " + strings.Join(prose.Words(l.Title), " ") + " "
	for _, p := range analysis.TextPlacesIn(prose.TextLanguage(l.Language, ownL.Description), ownL.Description) {
		pw := strings.Join(prose.Words(p), " ")
		if f.Name == "" && strings.Contains(titleWordsSet, " "+pw+" ") && !strings.EqualFold(p, f.City) && prose.Length(p) <= 22 {
			f.HostPlace = p
			break
		}
	}
	if f.HostPlace == "" && f.Name == "" && f.Lang.Title.IsEnglish() {
		// The neighbourhood the host's English title puts the place in
		// ("studio in Plaka"; not "next to Navona square"): the title's
		// own selling point. (In other
		// languages a capitalised phrase is often no place: "Pé na Areia".)
		tw := " " + strings.Join(prose.Words(l.Title), " ") + " "
		for _, p := range analysis.TextPlacesIn(f.Lang.Title.Code(), l.Title) {
			pw := strings.Join(prose.Words(p), " ")
			in := strings.Contains(tw, " in "+pw+" ") || strings.Contains(tw, " at "+pw+" ")
			if in && !strings.EqualFold(p, f.City) && !strings.EqualFold(p, f.Area) && prose.Length(p) <= 22 {
				f.HostPlace = p
				break
			}
		}
	}
	f.TypeNoun = analysis.ListingNoun(l) // the host's own word when more specific: "loft" for a "rental unit"
	if f.TypeNoun == "" {
		f.TypeNoun = "place"
	}
	f.Type = titleWords(f.TypeNoun)
	f.Entire = strings.Contains(strings.ToLower(l.RoomType), "entire") || strings.HasPrefix(strings.ToLower(l.PropertyType), "entire")
	for _, a := range l.Amenities {
		if a.Available {
			f.Amenities = append(f.Amenities, a.Name)
		}
	}

	own := strings.ToLower(l.Title + "\n" + ownL.Description)
	// Only a word the host says of the place: not "Modern" of the "Museum
	// of Modern Art", not "quiet" of "quiet hours" (featurewords.go).
	ownWords := hostFeatureWords(l.Title, ownL.Description)
	for _, a := range hostAdjectives {
		if ownWords[strings.ReplaceAll(a, "-", "")] || ownWords[a] {
			f.Adjectives = append(f.Adjectives, a)
		}
	}
	// All the text that may name a view or an outdoor space.
	var amenityText []string
	for _, a := range l.Amenities {
		if a.Available {
			amenityText = append(amenityText, a.Name)
		}
	}
	f.Unfit = map[string]bool{}
	for k, ev := range req.Features {
		if !trueFeature(k, ev, ownFeatures) {
			f.Unfit[k] = true
		}
	}
	all := own + "\n" + strings.ToLower(strings.Join(amenityText, "\n")) + "\n" + strings.ToLower(strings.Join(l.Highlights, "\n"))
	for _, k := range differentiatorKeys {
		if _, no := f.Negated[k]; no || !trueFeature(k, req.Features[k], ownFeatures) {
			continue
		}
		if w := differentiatorWord(k, req.Features, all, ownL); w != "" {
			if !prefixOnly[k] {
				f.Differentiators = append(f.Differentiators, w)
			}
			f.Phrases = append(f.Phrases, differentiatorPhrase(k, w, l))
			if prefixable[k] || strings.HasSuffix(w, " View") {
				f.Prefixable = append(f.Prefixable, w)
			}
		}
	}
	if f.Name != "" && l.Language.IsEnglish() {
		// English copy takes the page's own facility names only when they
		// are English: copy is in one language.
		f.Differentiators = append(f.Differentiators, propertyFacilities(l, f.Differentiators, true)...)
	}
	return f
}

// trueFeature reports whether the page's evidence for a differentiator
// is the feature itself: a feature only the text of another property's
// paragraph names is not this listing's; a pool table is no pool; beach
// access (a beach nearby) is not waterfront.
func trueFeature(key, evidence string, own analysis.Features) bool {
	if strings.HasPrefix(evidence, "listing text") && !own.Has(key) {
		return false
	}
	ev := " " + strings.Join(prose.Words(foldAccents(evidence)), " ") + " "
	has := func(ws ...string) bool {
		for _, w := range ws {
			if strings.Contains(ev, " "+w+" ") {
				return true
			}
		}
		return false
	}
	switch key {
	case "pool":
		return !has("table", "billiard", "billiards", "snooker", "sinuca", "biliardo", "billar", "billard")
	case "waterfront":
		return !has("access", "acesso", "acceso", "accesso", "acces", "zugang", "nearby", "proximo", "perto")
	}
	return true
}

// bathKinds are the words that make a bathroom shared or private, in the
// languages we read, folded.
var bathKinds = map[string][]string{
	"shared": {"shared bath", "shared bathroom", "banheiro compartilhado", "banho compartilhado", "bano compartido",
		"bagno condiviso", "salle de bain partagee", "gemeinsames bad"},
	"private": {"private bath", "private bathroom", "private attached bathroom", "private en suite bathroom", "banheiro privativo",
		"banheiro privado", "bano privado", "bagno privato", "salle de bain privee", "eigenes bad", "privates bad"},
}

// bathKind is "shared" or "private" when the page's words say one of them
// of a listing that is a room (an entire place's bathrooms are its own),
// "" when they say neither or both.
func bathKind(l *listing.Listing) string {
	if strings.Contains(strings.ToLower(l.RoomType+" "+l.PropertyType), "entire") {
		return ""
	}
	var names []string
	for _, a := range l.Amenities {
		if a.Available {
			names = append(names, a.Name)
		}
	}
	text := " " + strings.Join(prose.Words(foldAccents(l.Title+"\n"+ownDescription(l.Description)+"\n"+strings.Join(l.Highlights, "\n")+"\n"+strings.Join(names, "\n"))), " ") + " "
	found := ""
	for _, kind := range []string{"shared", "private"} {
		for _, w := range bathKinds[kind] {
			if strings.Contains(text, " "+w+" ") {
				if found != "" && found != kind {
					return ""
				}
				found = kind
				break
			}
		}
	}
	return found
}

// nonSmokingWords name a non-smoking room in the languages whose pages we
// read: a rule, not a feature to put in a title.
var nonSmokingWords = []string{"non-smoking", "non smoking", "no fumadores", "non fumatori", "non-fumeurs", "non fumeurs", "rookvrij", "nichtraucher", "não fumadores", "nao fumadores"}

// propertyFacilities are a property's own facilities as its page names
// them ("Bar", "Room service", "2 restaurants"), short enough for a title
// and not already a differentiator: a hotel's features are its services,
// which the home amenity catalogue has no words for. At most 4.
//
// English titles name them in a title's case; the other languages write
// titles in sentence case, so the page's own name stays as written
// ("Service d'étage", never "Service D'étage").
func propertyFacilities(l *listing.Listing, have []string, titleCase bool) []string {
	seen := map[string]bool{}
	for _, d := range have {
		seen[strings.ToLower(d)] = true
	}
	var out []string
	for _, a := range l.Amenities {
		name := strings.TrimSpace(a.Name)
		key := strings.ToLower(name)
		k := analysis.CanonicalAmenity(name)
		if !a.Available || name == "" || seen[key] || reviewBadge(name) || prose.Length(name) > 20 || k == "wifi" || slices.Contains(differentiatorKeys, k) ||
			slices.ContainsFunc(nonSmokingWords, func(w string) bool { return strings.Contains(key, w) }) {
			// wifi is everywhere; a catalogue feature is a differentiator
			// already when it is one; a no-smoking room is no feature to title
			continue
		}
		seen[key] = true
		// In a title's case, as the catalogue's features are ("Private
		// Pool"): "Family Rooms", "Air Conditioning", "2 Restaurants".
		if titleCase {
			name = titleWords(name)
		}
		out = append(out, name)
		if len(out) == 4 {
			break
		}
	}
	return out
}

// differentiatorKeys are the catalogue's features a title may name, best
// first.
var differentiatorKeys = []string{"hot_tub", "pool", "view", "waterfront", "free_parking", "outdoor_space", "fireplace", "sauna",
	"workspace", "king_bed", "pets", "ev_charger", "self_check_in", "washer", "gym", "bbq", "private_entrance"}

// prefixOnly differentiators are adjectives: "Pet-Friendly Loft", never
// "Loft with Pet-Friendly".
var prefixOnly = map[string]bool{"pets": true}

// prefixable differentiators read well before the property type.
var prefixable = map[string]bool{"hot_tub": true, "pool": true, "waterfront": true, "pets": true, "fireplace": true}

// differentiatorPhrase names a differentiator in running text.
func differentiatorPhrase(key, word string, l *listing.Listing) string {
	switch key {
	case "view":
		// A view of a named place keeps the host's capital: "Gulf view",
		// "Acropolis view", but "river view".
		ws := strings.Fields(strings.ToLower(word))
		if len(ws) > 0 {
			ws[0] = hostCase(ws[0], l)
		}
		return strings.Join(ws, " ")
	case "outdoor_space", "king_bed", "washer":
		return strings.ToLower(word)
	}
	if d, ok := analysis.Amenity(key); ok {
		return inSentence(d.Label, "en")
	}
	return strings.ToLower(word)
}

// differentiatorWord is the title word for a feature the listing has, ""
// when it does not have it or the words to name it are not in its data.
func differentiatorWord(key string, features analysis.Features, all string, l *listing.Listing) string {
	switch key {
	case "king_bed":
		words := prose.Words(all)
		for i := 0; i+1 < len(words); i++ {
			if words[i] == "king" && (words[i+1] == "bed" || words[i+1] == "size" || words[i+1] == "sized") {
				return "King Bed"
			}
		}
		return ""
	case "view", "outdoor_space":
		if !features.Has(key) {
			return ""
		}
		return titleWords(analysis.FeatureName(key, l))
	case "washer":
		if !features.Has("washer") {
			return ""
		}
		if features.Has("dryer") {
			return "Washer/Dryer"
		}
		return "Washer"
	}
	if !features.Has(key) {
		return ""
	}
	d, ok := analysis.Amenity(key)
	if !ok {
		return ""
	}
	if key == "pool" || key == "hot_tub" {
		// The host's own word for what makes it better: "Private Pool",
		// "Heated Pool".
		words := prose.Words(all)
		last := strings.ToLower(strings.Fields(d.TitleWord)[len(strings.Fields(d.TitleWord))-1])
		for i := 0; i+1 < len(words); i++ {
			if words[i+1] == last && poolQualifiers[words[i]] {
				return titleWords(words[i]) + " " + d.TitleWord
			}
		}
	}
	return d.TitleWord
}

// poolQualifiers are the host's words that make a pool or hot tub a
// selling point of its own.
var poolQualifiers = map[string]bool{"private": true, "heated": true, "infinity": true, "saltwater": true, "plunge": true, "rooftop": true}

// titleWords capitalizes each word ("private room" → "Private Room"),
// abbreviations as written and shouting quietened ("VIP EXPERIENCE
// PACKAGE" → "VIP Experience Package"): textcase.Title.
func titleWords(s string) string { return textcase.Title(s) }

// size is "2BR" for bedrooms, "" for a studio or when unknown.
func (f Facts) size() string {
	if f.Bedrooms == nil || *f.Bedrooms == 0 || f.TypeNoun == "studio" || f.TypeNoun == "private room" ||
		f.TypeNoun == "shared room" || f.TypeNoun == "hotel room" {
		return ""
	}
	return fmt.Sprintf("%dBR", *f.Bedrooms)
}

// place is the area when it is short enough, else the city.
func (f Facts) place() string {
	if f.Area != "" && prose.Length(f.Area) <= 22 {
		return properCase(f.Area)
	}
	if f.HostPlace != "" {
		return f.HostPlace
	}
	return properCase(f.City)
}

// properCase keeps a name as written unless it is all capitals ("THIRD
// WARD" → "Third Ward"), which titles must not shout.
func properCase(s string) string {
	if isAllCaps(s) {
		return titleWords(strings.ToLower(s))
	}
	return s
}

func isAllCaps(s string) bool {
	letters, upper := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	return letters >= 3 && letters == upper
}

// hostCase is word as the host's description writes it inside a sentence
// ("Gulf" in "Wake up to the Gulf"): a capital there marks a name. Else
// the word in lower case.
func hostCase(word string, l *listing.Listing) string {
	for _, sent := range prose.Sentences(l.Description) {
		fs := strings.Fields(sent)
		for i, f := range fs {
			f = strings.Trim(f, ",.;:!?()\"'’“”")
			if i > 0 && strings.EqualFold(f, word) {
				if r, _ := utf8.DecodeRuneInString(f); unicode.IsUpper(r) {
					return f
				}
			}
		}
	}
	return strings.ToLower(word)
}

// cityExonyms are English names of cities the sites give in their English
// location fields ("Rome" on airbnb.com) with the city's own name, by the
// language copy may be written in.
var cityExonyms = map[string]map[string]string{
	"it": {"rome": "Roma", "milan": "Milano", "florence": "Firenze", "venice": "Venezia", "naples": "Napoli", "turin": "Torino", "genoa": "Genova"},
	"pt": {"lisbon": "Lisboa", "oporto": "Porto"},
	"es": {"seville": "Sevilla", "saragossa": "Zaragoza", "majorca": "Mallorca"},
	"de": {"munich": "München", "cologne": "Köln", "vienna": "Wien", "nuremberg": "Nürnberg", "zurich": "Zürich"},
	"fr": {"lyons": "Lyon", "marseilles": "Marseille"},
}

// localCityName is the city's own name for copy in the listing's language
// when the page's location gives it in English ("Rome") and the host's own
// title or description writes the local name ("Roma"): "Appartamento a
// Roma", never "a Rome". "" when copy keeps the page's name.
func localCityName(l *listing.Listing, city string) string {
	if _, ok := phrasebookFor(l); !ok {
		return ""
	}
	local := cityExonyms[l.Language.Code()][strings.ToLower(city)]
	if local == "" {
		return ""
	}
	own := " " + strings.Join(prose.Words(l.Title+"\n"+l.Description), " ") + " "
	if !strings.Contains(own, " "+strings.Join(prose.Words(local), " ")+" ") {
		return ""
	}
	return local
}
