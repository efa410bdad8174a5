package writing

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/textcase"
)

// Builtin is the deterministic writer. It composes titles from templates
// filled only with the listing's facts, restructures the host's own
// description into sections without dropping a sentence, and lists the
// amenities the listing offers. The same request always gives the same
// copy.
type Builtin struct{}

// Write implements Writer. It never fails.
//
// A listing written in a language we have a phrasebook for gets all its
// copy in that language; any other gets all of it in English, the host's
// own words in another language quoted. Never a mix (Languages.Copy).
func (Builtin) Write(ctx context.Context, req Request) (Copy, error) {
	if err := ctx.Err(); err != nil {
		return Copy{}, err
	}
	f := FactsOf(req)
	chk := req.Checker() // the request's one: every title and sentence below is checked with it
	booking := !Renames(req.Listing)
	c := Copy{
		Writers: map[string]string{PartTitles: NameBuiltin, PartDescription: NameBuiltin, PartAmenityCopy: NameBuiltin},
		Notes:   []string{},
	}
	words := 0
	var dropped []string
	p, local := phrasebookFor(req.Listing)
	// The titles are searched on another goroutine while the description
	// is written: both only read the facts, and the checker may be asked
	// from both (validator.check).
	titles := make(chan []string, 1)
	switch {
	case booking:
		// A Booking.com property's name is its registered name: the host
		// cannot rename it, so no title is suggested (nor written).
		titles <- []string{}
		c.Notes = append(c.Notes, BookingNameNote)
	case local:
		go func() { titles <- localTitles(req, f, p, req.Titles, chk.v) }()
	default:
		go func() { titles <- builtinTitles(req, f, req.Titles, chk.v) }()
	}
	if local {
		c.Description, words, dropped, _ = writeDescription(req, f, p, f.Lang.Copy.Code(), chk)
		c.AmenityCopy = localAmenityCopy(req, f, p)
	} else {
		p = englishBook
		c.Description, words, dropped, _ = writeDescription(req, f, p, "en", chk)
		c.AmenityCopy = BuiltinAmenityCopy(req, f)
	}
	// The report holds this copy to the contract with the same checker:
	// each line of the running text, then the whole (report's enforce).
	// Checked now, while the titles are still searched on the other
	// goroutine, the answers are remembered for it.
	chk.KeepChecked(c.Description)
	chk.Description(c.Description)
	chk.KeepChecked(c.AmenityCopy)
	chk.Text(c.AmenityCopy)
	c.Titles = <-titles
	c.Notes = append(c.Notes, dropped...)
	if !booking {
		c.Titles = withHostPhrase(c.Titles, phraseTitles(req, f, p, f.Lang.Copy.Code(), chk.v), HostPhrase(req.Listing, f.Lang.Copy), req.Titles)
	}
	switch {
	case req.Titles <= 0 || booking:
	case len(c.Titles) == 0:
		c.Notes = append(c.Notes, "No new title suggested: the page gave too little about the listing (its kind, place or features) to write a title suggestion without filler.")
	case len(c.Titles) < req.Titles:
		c.Notes = append(c.Notes, fmt.Sprintf("%d title suggestions, not %d: the listing's facts support no more without filler.", len(c.Titles), req.Titles))
	}
	if words < analysis.DescriptionTargetWords {
		c.Notes = append(c.Notes, ShortDescriptionNote(words))
		if m := missingFacts(f, req.Listing); m != "" {
			c.Notes = append(c.Notes, m)
		}
	}
	return c, nil
}

// missingFacts names the facts the page does not give that a longer
// description would state, "" when it gives them all.
func missingFacts(f Facts, l *listing.Listing) string {
	var miss []string
	if f.Capacity == 0 && f.Name == "" {
		miss = append(miss, "how many guests it sleeps")
	}
	if f.Bedrooms == nil && f.Name == "" {
		miss = append(miss, "the bedrooms")
	}
	if f.Beds == 0 && f.Name == "" {
		miss = append(miss, "the beds")
	}
	if len(f.Amenities) < 10 {
		miss = append(miss, "the full amenity list")
	}
	if l.HouseRules.CheckIn == "" {
		miss = append(miss, "the check-in time")
	}
	if f.Area == "" && f.HostPlace == "" {
		miss = append(miss, "the neighbourhood")
	}
	if len(miss) == 0 {
		return ""
	}
	return "Missing from the page, and so from the description: " + analysis.JoinList(miss) + "."
}

// BookingNameNote says why a Booking.com property gets no title
// suggestions, and what the host can change instead.
const BookingNameNote = "No new name suggested: on Booking.com the property's name is its registered name, which the host cannot rename to sell it. " +
	"What Booking.com lets you change is the description, the photos and the facilities listed: the optimized description and the amenity copy are for those."

// ShortDescriptionNote says why the optimized description is under the
// length the report aims for: the built-in writer adds only what the
// listing states, writes at least half of it from the listing's facts,
// and the listing states no more. (Gemini's writer drops this note when
// the built-in description is not used: the text is matched whole.)
func ShortDescriptionNote(words int) string {
	return fmt.Sprintf("The optimized description runs to %d words, under the %d the report aims for: at least half of it states your listing's facts in sentences of its own, nothing the listing does not state is added, and the page gives no more facts to state. Any of your own sentences it leaves out are named in another note, yours to add back; more detail on the page (the full amenity list, the rooms, the area, getting there) would lengthen it.",
		words, analysis.DescriptionTargetWords)
}

func pl(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// inSentence writes a name inside a sentence of copy in lang, by the one
// casing rule per language (textcase.InSentence): "Hair dryer" → "hair
// dryer", "Room Service" → "room service", while German nouns keep their
// capital ("Garten"), abbreviations stay as written ("TV", "WLAN", "VIP",
// "Wi-Fi") and proper names keep theirs ("Museum of Modern Art").
func inSentence(s, lang string) string {
	return textcase.InSentence(s, lang, commonWord)
}

// commonWord reports whether a word, lower case, is a common word of the
// copy: the amenity catalogue's, the phrasebooks' amenity words, the
// sites' review-badge words and the host adjectives — the words a name
// written in a title's case ("Very Good Breakfast") is made of, where a
// proper name's ("Amazon Prime Video") are not.
func commonWord(w string) bool { return commonWords()[w] }

var commonWords = sync.OnceValue(func() map[string]bool {
	m := maps.Clone(catalogueWords())
	add := func(s string) {
		for _, w := range strings.Fields(strings.ToLower(s)) {
			m[strings.Trim(w, "(),.;:/")] = true
		}
	}
	for _, d := range analysis.Catalog {
		add(strings.Join(d.Match, " ")) // "room service", "breakfast"
		for _, lang := range analysis.AmenityLanguages {
			add(strings.Join(analysis.AmenityMentions(d.Key, lang), " ")) // "cafeteira", "Kühlschrank"
		}
	}
	// Things a home's amenity list names before a brand, in the languages
	// we read ("Geladeira Consul", "Sabonete Dove").
	add("geladeira frigorífico nevera frigorifero réfrigérateur kühlschrank fogão estufa cocina fornello cuisinière herd " +
		"sabonete xampu condicionador jabón champú sapone shampoo savon seife cafeteira cafetera caffettiera cafetière " +
		"kaffeemaschine secador asciugacapelli sèche-cheveux föhn televisão televisor televisione télévision fernseher " +
		"conexão conexión connessione connexion verbindung micro-ondas microondas microonde micro-ondes mikrowelle")
	for _, byKey := range localAmenities {
		for _, name := range byKey {
			add(name)
		}
	}
	for _, b := range badgeWords {
		add(b)
	}
	for _, a := range hostAdjectives {
		add(a)
	}
	// A hotel's facilities, as the sites list them ("Room Service", "24-hour
	// Front Desk", "Airport Shuttle").
	add("very free paid rooms room on-site onsite shared private in all every the a an and with of for to service services " +
		"breakfast desk front reception restaurant restaurants bar shuttle transfer airport package experience centre center fitness " +
		"family non-smoking facilities disabled guests hour 24-hour lounge lift elevator garden terrace spa wellness massage " +
		"concierge luggage storage laundry dry cleaning daily housekeeping car rental bicycle bike rent tour desk meeting banquet")
	return m
})
