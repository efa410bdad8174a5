package analysis

import (
	"strconv"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// AmenityDef is one amenity ListingLift recognizes under its many site
// spellings ("Wifi", "Wi-Fi – 300 Mbps", "Fast wifi"…).
type AmenityDef struct {
	Key   string
	Label string // the name Airbnb uses
	// Match are phrases of an amenity name that mean this amenity; Exclude
	// phrases veto a match ("hair dryer" is not a clothes dryer).
	Match   []string
	Exclude []string
	// Mention are phrases that mean the amenity in free text (titles,
	// descriptions, reviews); nil means Match. They are stricter, because
	// "office" in a description is usually the post office.
	Mention []string
	// Impact is ListingLift's editorial weight (1–10) for how much guests
	// care, used only to rank suggestions when no market data says more.
	// It is not a measured effect and never feeds a number in the report.
	Impact int
	// Why is the reason shown with a suggestion.
	Why string
	// TitleWord names the amenity in a title; empty when it is not a
	// differentiator worth title space.
	TitleWord string
	// Houses marks amenities that only make sense to suggest for houses
	// (a pool for a downtown flat is not advice).
	Houses bool
	// Suggest is false for amenities we recognize but never suggest.
	Suggest bool
	// HomesOnly marks amenities a hotel is not expected to have and is
	// never told to add (a kitchen, a washer, self check-in, a crib).
	HomesOnly bool
	// Basic marks amenities worth adding even when the page lists them as
	// not included (safety items, towels and sheets): the host said no, and
	// the report says so, quoting the page. Others the host chose to list as
	// not included (a washer, heating) are not pressed on them again.
	Basic bool
	// AirbnbIDs are Airbnb's own amenity ids for it (the page's item ids end
	// "_35" for the smoke alarm, whatever the page's language), for when
	// the reader keeps them.
	AirbnbIDs []int
}

// Catalog lists the amenities ListingLift recognizes, most important first.
var Catalog = []AmenityDef{
	{Key: "wifi", Label: "Wifi", Match: []string{"wifi", "wi fi", "wireless internet", "internet"}, Exclude: []string{"pocket wifi"},
		Impact: 10, Suggest: true, AirbnbIDs: []int{4}, Why: "Guests filter searches for wifi, and most reviews mention it when it is missing or slow."},
	{Key: "kitchen", Label: "Kitchen", Match: []string{"kitchen", "kitchenette"}, Mention: []string{"kitchen", "kitchenette"},
		Impact: 8, Suggest: true, HomesOnly: true, AirbnbIDs: []int{8}, Why: "A kitchen is a search filter and matters for longer stays and families."},
	{Key: "self_check_in", Label: "Self check-in", Match: []string{"self check in", "keypad", "smart lock", "lockbox", "keyless"},
		Mention: []string{"self check in", "keypad", "smart lock", "lockbox", "keyless", "key box", "door code"},
		Impact:  8, Suggest: true, HomesOnly: true, AirbnbIDs: []int{51, 52, 53, 54}, TitleWord: "Self Check-in",
		Why: "Self check-in is a search filter; it lets guests arrive late and cuts messages."},
	{Key: "free_parking", Label: "Free parking on premises", Match: []string{"free parking", "free driveway parking", "free carport", "free residential garage", "parking on premises", "free garage", "free parking on premises"},
		Exclude: []string{"paid"}, Mention: []string{"free parking", "parking on premises", "driveway", "private parking", "off street parking", "garage parking"},
		Impact: 8, Suggest: true, AirbnbIDs: []int{9}, TitleWord: "Free Parking", Why: "Free parking is a search filter and decides bookings for guests who drive."},
	// Free parking on the street is not parking on the premises: recognised,
	// never counted as "Free parking on premises".
	{Key: "street_parking", Label: "Free street parking", Match: []string{"free street parking", "free parking on street", "street parking", "on street parking"},
		Exclude: []string{"paid"}, Mention: []string{"free street parking", "street parking", "parking on the street"}, Impact: 3, AirbnbIDs: []int{23}},
	{Key: "paid_parking", Label: "Paid parking", Match: []string{"paid parking", "paid parking on premises", "paid parking off premises", "paid parking garage on premises",
		"paid parking garage off premises", "paid parking lot on premises", "paid parking lot off premises", "paid street parking off premises"},
		Mention: []string{"paid parking"}, Impact: 3, AirbnbIDs: []int{10, 287}},
	// Parking whose charge the page does not state (Booking.com's
	// "Parking", "Private Parking"; Vrbo's "Parking", "Garage").
	{Key: "parking", Label: "Parking", Match: []string{"parking", "private parking", "garage", "carport", "parking on site", "on site parking"},
		Exclude: []string{"disabled", "free", "paid", "street", "nearby"}, Mention: []string{"private parking", "parking space", "parking spot", "garage"}, Impact: 3},
	{Key: "workspace", Label: "Dedicated workspace", Match: []string{"workspace", "desk"}, Mention: []string{"workspace", "desk", "work from home", "remote work", "home office"},
		Exclude: []string{"front desk"}, Impact: 7, Suggest: true, AirbnbIDs: []int{47}, TitleWord: "Workspace",
		Why: "Remote workers and business travellers filter for a dedicated workspace."},
	{Key: "air_conditioning", Label: "Air conditioning", Match: []string{"air conditioning", "ac", "a c", "central air", "air conditioner", "air con", "aircon"},
		Mention: []string{"air conditioning", "air conditioner", "central air", "a c", "air con", "aircon"},
		Impact:  7, Suggest: true, AirbnbIDs: []int{5}, Why: "Air conditioning is a search filter and a common complaint in summer reviews."},
	{Key: "washer", Label: "Washer", Match: []string{"washer", "washing machine"}, Mention: []string{"washer", "washing machine", "laundry"},
		Exclude: []string{"dishwasher", "laundromat"}, Impact: 6, Suggest: true, HomesOnly: true, AirbnbIDs: []int{33}, TitleWord: "Washer/Dryer",
		Why: "A washer matters for stays of a week or more and for families."},
	{Key: "dryer", Label: "Dryer", Match: []string{"dryer"}, Exclude: []string{"hair dryer", "hairdryer", "salad"},
		Impact: 5, Suggest: true, HomesOnly: true, AirbnbIDs: []int{34}, Why: "A dryer pairs with the washer for longer stays."},
	{Key: "heating", Label: "Heating", Match: []string{"heating", "heater", "central heat"}, Impact: 6, Suggest: true, AirbnbIDs: []int{30},
		Why: "Heating is expected in any climate with cold nights."},
	{Key: "pool", Label: "Pool", Match: []string{"pool"}, Exclude: []string{"pool table", "carpool"}, Mention: []string{"pool", "swimming pool"},
		Impact: 9, Suggest: true, Houses: true, AirbnbIDs: []int{7}, TitleWord: "Pool", Why: "Pool is a search filter guests use; if you have access to one, list it."},
	{Key: "hot_tub", Label: "Hot tub", Match: []string{"hot tub", "jacuzzi", "whirlpool"}, Mention: []string{"hot tub", "jacuzzi", "whirlpool", "spa tub"},
		Impact: 9, Suggest: true, Houses: true, AirbnbIDs: []int{25}, TitleWord: "Hot Tub", Why: "Hot tub is a search filter guests use, and a reason many book."},
	{Key: "pets", Label: "Pets allowed", Match: []string{"pets allowed", "pet friendly", "dogs allowed"}, Mention: []string{"pets allowed", "pet friendly", "dog friendly", "pets welcome", "dogs welcome"},
		Impact: 6, Suggest: true, AirbnbIDs: []int{12}, TitleWord: "Pet-Friendly", Why: "Guests travelling with pets filter for pet-friendly stays and have fewer choices."},
	{Key: "ev_charger", Label: "EV charger", Match: []string{"ev charger", "ev charging", "electric vehicle charger", "tesla charger"},
		Impact: 5, Suggest: true, AirbnbIDs: []int{97}, TitleWord: "EV Charger", Why: "EV drivers filter for a charger; it needs a parking space to offer."},
	{Key: "crib", Label: "Crib", Match: []string{"crib", "pack n play", "pack and play", "travel crib", "cot"}, Exclude: []string{"cottage"},
		Impact: 5, Suggest: true, HomesOnly: true, AirbnbIDs: []int{71, 72}, Why: "Families with babies look for a crib; it is cheap to add."},
	{Key: "high_chair", Label: "High chair", Match: []string{"high chair"}, Impact: 4, Suggest: true, HomesOnly: true, AirbnbIDs: []int{64},
		Why: "A high chair makes the listing practical for families with toddlers."},
	{Key: "childrens_items", Label: "Children’s books and toys", Match: []string{"children s books", "childrens books", "books and toys", "toys"},
		Impact: 3, Suggest: true, HomesOnly: true, Why: "Toys and books signal a family-friendly stay."},
	// Fireplace guards and outlet covers are child safety, not a fireplace.
	{Key: "baby_safety", Label: "Child safety equipment", Match: []string{"fireplace guards", "outlet covers", "stair gates", "window guards", "table corner guards", "baby safety gates"}, Impact: 2},
	{Key: "coffee_maker", Label: "Coffee maker", Match: []string{"coffee maker", "coffee", "espresso machine", "nespresso", "keurig", "french press", "tea coffee maker"},
		Mention: []string{"coffee maker", "espresso machine", "nespresso", "keurig", "french press"},
		Impact:  4, Suggest: true, AirbnbIDs: []int{90, 415}, Why: "Coffee in the morning is among the small things reviews praise most often."},
	{Key: "dishwasher", Label: "Dishwasher", Match: []string{"dishwasher"}, Impact: 3, Suggest: true, HomesOnly: true, AirbnbIDs: []int{92},
		Why: "A dishwasher matters to families and longer stays."},
	{Key: "cooking_basics", Label: "Cooking basics", Match: []string{"cooking basics"}, Mention: []string{"cooking basics"}, Impact: 3, AirbnbIDs: []int{94}},
	{Key: "tv", Label: "TV", Match: []string{"tv", "hdtv", "television", "satellite cable"}, Mention: []string{"tv", "hdtv", "television", "netflix"},
		Impact: 4, Suggest: true, AirbnbIDs: []int{1}, Why: "Most guests expect a TV with streaming."},
	{Key: "outdoor_space", Label: "Patio or balcony", Match: []string{"patio", "balcony", "terrace", "deck", "backyard", "porch", "garden", "outdoor dining area"},
		Exclude: []string{"garden view"}, Mention: []string{"patio", "balcony", "terrace", "deck", "backyard", "porch", "garden"},
		Impact: 5, Suggest: false, AirbnbIDs: []int{100, 101}, Why: "Outdoor space photographs well and is a reason to book."},
	{Key: "bbq", Label: "BBQ grill", Match: []string{"bbq", "barbecue", "grill"}, Mention: []string{"bbq", "barbecue", "grill"},
		Impact: 4, Suggest: true, Houses: true, HomesOnly: true, AirbnbIDs: []int{99}, TitleWord: "BBQ", Why: "A grill is a cheap addition that groups and families use."},
	{Key: "bbq_utensils", Label: "Barbecue utensils", Match: []string{"barbecue utensils", "bbq utensils"}, Mention: []string{"barbecue utensils"}, Impact: 2},
	{Key: "fireplace", Label: "Indoor fireplace", Match: []string{"fireplace", "wood burning stove", "wood stove"}, Mention: []string{"fireplace", "wood stove", "wood burning stove"},
		Impact: 5, Suggest: false, AirbnbIDs: []int{27}, TitleWord: "Fireplace", Why: "A fireplace is a winter differentiator."},
	{Key: "gym", Label: "Gym", Match: []string{"gym", "exercise equipment", "fitness"}, Mention: []string{"gym", "fitness center", "fitness centre"},
		Impact: 4, Suggest: false, AirbnbIDs: []int{15, 227}, TitleWord: "Gym", Why: "Business travellers look for a gym."},
	{Key: "sauna", Label: "Sauna", Match: []string{"sauna"}, Impact: 5, Suggest: false, TitleWord: "Sauna", Why: "A sauna is a rare differentiator."},
	{Key: "view", Label: "View", Match: []string{"view", "garden view", "pool view"}, Exclude: []string{"courtyard view"}, Mention: []string{"view", "views", "overlooking"},
		Impact: 6, Suggest: false, TitleWord: "View", Why: "A view is a reason to book and belongs in the title."},
	{Key: "waterfront", Label: "Waterfront", Match: []string{"waterfront", "beachfront", "lake access", "beach access", "lakefront", "oceanfront", "seafront"},
		Mention: []string{"waterfront", "beachfront", "lakefront", "lake access", "beach access", "oceanfront", "seafront"}, Impact: 6, Suggest: false, TitleWord: "Waterfront",
		Why: "Waterfront access is a reason to book and belongs in the title."},
	{Key: "private_entrance", Label: "Private entrance", Match: []string{"private entrance"}, Impact: 4, Suggest: true, HomesOnly: true, AirbnbIDs: []int{57},
		TitleWord: "Private Entrance", Why: "Guests in rooms and suites value their own entrance."},
	{Key: "long_term", Label: "Long term stays allowed", Match: []string{"long term stays"}, Impact: 3, Suggest: true, HomesOnly: true, AirbnbIDs: []int{104},
		Why: "Allowing stays of 28 nights or more opens the monthly-stay search."},
	// Airbnb's Essentials are towels, bed sheets, soap and toilet paper;
	// Vrbo lists the towels on their own ("Towels provided").
	{Key: "essentials", Label: "Essentials", Match: []string{"essentials", "towels provided"}, Mention: []string{"essentials"}, Exclude: []string{"beach"},
		Impact: 5, Suggest: true, HomesOnly: true, Basic: true, AirbnbIDs: []int{40},
		Why: "Towels, bed sheets, soap and toilet paper are the basics every guest expects."},
	{Key: "beach_essentials", Label: "Beach essentials", Match: []string{"beach essentials"}, Mention: []string{"beach essentials"}, Impact: 2},
	{Key: "bed_linens", Label: "Bed linens", Match: []string{"bed linens", "linens", "linens provided"}, Impact: 4, Suggest: true, HomesOnly: true, Basic: true,
		AirbnbIDs: []int{85}, Why: "Guests expect bed linens to be provided."},
	{Key: "smoke_alarm", Label: "Smoke alarm", Match: []string{"smoke alarm", "smoke detector"}, Impact: 7, Suggest: true, Basic: true, AirbnbIDs: []int{35},
		Why: "A smoke alarm is a safety basic guests check for."},
	{Key: "co_alarm", Label: "Carbon monoxide alarm", Match: []string{"carbon monoxide"}, Impact: 6, Suggest: true, Basic: true, AirbnbIDs: []int{36},
		Why: "A carbon monoxide alarm is a safety basic guests check for."},
	{Key: "first_aid", Label: "First aid kit", Match: []string{"first aid"}, Impact: 3, Suggest: true, Basic: true, AirbnbIDs: []int{37},
		Why: "A first aid kit is a cheap safety item."},
	{Key: "fire_extinguisher", Label: "Fire extinguisher", Match: []string{"fire extinguisher"}, Impact: 3, Suggest: true, Basic: true, AirbnbIDs: []int{39},
		Why: "A fire extinguisher is a cheap safety item."},
	{Key: "hair_dryer", Label: "Hair dryer", Match: []string{"hair dryer", "hairdryer"}, Impact: 2, Suggest: true, AirbnbIDs: []int{45},
		Why: "A hair dryer is a small item many guests expect."},
	{Key: "iron", Label: "Iron", Match: []string{"iron", "iron board"}, Impact: 2, Suggest: true, AirbnbIDs: []int{46}, Why: "Business travellers look for an iron."},
	{Key: "room_darkening", Label: "Room-darkening shades", Match: []string{"room darkening", "blackout"}, Mention: []string{"blackout", "room darkening"},
		Impact: 3, Suggest: true, AirbnbIDs: []int{73}, Why: "Blackout shades help sleep and come up in reviews."},
	{Key: "lock_on_door", Label: "Lock on bedroom door", Match: []string{"lock on bedroom door", "bedroom door lock", "lock on all bedroom doors"}, Impact: 5, Suggest: true,
		HomesOnly: true, Why: "Guests renting a private room expect to lock their door."},
	{Key: "hot_water", Label: "Hot water", Match: []string{"hot water"}, Mention: []string{"hot water"}, Impact: 2, AirbnbIDs: []int{77}},
	{Key: "kettle", Label: "Hot water kettle", Match: []string{"kettle", "hot water kettle"}, Mention: []string{"kettle"}, Impact: 2, AirbnbIDs: []int{137}},
	{Key: "security_cameras", Label: "Exterior security cameras", Match: []string{"security cameras", "security camera"}, Mention: []string{"security camera", "security cameras"}, Impact: 1},
	{Key: "breakfast", Label: "Breakfast", Match: []string{"breakfast"}, Mention: []string{"breakfast included"}, Impact: 3},
	{Key: "reception", Label: "24-hour front desk", Match: []string{"front desk", "24 hour front desk", "reception"}, Mention: []string{"front desk", "24 hour reception"}, Impact: 2},
}

var catalogByKey = func() map[string]*AmenityDef {
	m := map[string]*AmenityDef{}
	for i := range Catalog {
		m[Catalog[i].Key] = &Catalog[i]
	}
	return m
}()

// Amenity returns the catalog entry for key.
func Amenity(key string) (AmenityDef, bool) {
	d, ok := catalogByKey[key]
	if !ok {
		return AmenityDef{}, false
	}
	return *d, true
}

// CanonicalAmenity returns the catalog key of an amenity name, or "" when
// the name is not one we recognize.
func CanonicalAmenity(name string) string {
	if v, ok := canonicalCache.Load(name); ok {
		return v.(string)
	}
	k := canonicalAmenity(name)
	canonicalCache.Store(name, k)
	return k
}

// canonicalCache remembers answers: market data repeats the same few
// hundred amenity names across thousands of listings. Names come from
// listing pages and snapshots, so the cache is bounded by what sites name.
var canonicalCache sync.Map // string → string

// canonicalAmenity is the entry whose longest matching name is the
// longest: "Estacionamento gratuito na rua" names free parking
// ("estacionamento gratuito") and street parking ("estacionamento gratuito
// na rua"), and means the second; "Vista para a piscina" is a view, not a
// pool. Ties go to the entry listed first.
func canonicalAmenity(name string) string {
	t := newText(name)
	best, bestLen := "", 0
	for i := range Catalog {
		d := &Catalog[i]
		if _, excluded := t.hasAny(d.Exclude...); excluded {
			continue
		}
		for _, m := range d.Match {
			if n := len(phraseWords(m)); n > bestLen && t.has(m) {
				best, bestLen = d.Key, n
			}
		}
	}
	return best
}

// airbnbIDs maps Airbnb's own amenity ids to catalog keys.
var airbnbIDs = func() map[int]string {
	m := map[int]string{}
	for _, d := range Catalog {
		for _, id := range d.AirbnbIDs {
			m[id] = d.Key
		}
	}
	return m
}()

// AmenityByAirbnbID is the catalog key of Airbnb's amenity id (the number
// at the end of an amenity item's id, "pdp_v3_home_safety_35_…" → 35: the
// smoke alarm in every language), "" when the catalogue does not know it.
func AmenityByAirbnbID(id int) string { return airbnbIDs[id] }

// AmenityKey is the catalog key of an amenity as the page lists it: by the
// site's own id where the page gives one the catalogue knows (Airbnb's),
// else by its name; "" when the catalogue does not know it.
//
// An id is not unique across Airbnb's amenity groups: "15" is the gym on
// one page and "Vista para o mar" (a sea view) on another. A name the
// catalogue reads as another feature wins over the id.
func AmenityKey(l *listing.Listing, a listing.Amenity) string {
	byName := CanonicalAmenity(a.Name)
	if l != nil && l.Platform == listing.Airbnb && a.ID != "" {
		if id, err := strconv.Atoi(a.ID); err == nil {
			if k := AmenityByAirbnbID(id); k != "" && (byName == "" || byName == k) {
				return k
			}
		}
	}
	return byName
}

// amenityID is how two amenity names are compared: the catalog key when we
// know the amenity, else the normalized name (lower case, qualifiers after
// ":" or a dash dropped: "Coffee maker: Keurig" → "coffee maker").
func amenityID(name string) string {
	if k := CanonicalAmenity(name); k != "" {
		return k
	}
	n := strings.ToLower(name)
	for _, sep := range []string{":", " – ", " - ", " — "} {
		if i := strings.Index(n, sep); i > 0 {
			n = n[:i]
		}
	}
	return "raw:" + strings.Join(prose.Words(n), " ")
}

// amenityLabel is the name shown for an amenity id.
func amenityLabel(id, fallback string) string {
	if d, ok := catalogByKey[id]; ok {
		return d.Label
	}
	n := fallback
	for _, sep := range []string{":", " – ", " - ", " — "} {
		if i := strings.Index(n, sep); i > 0 {
			n = n[:i]
		}
	}
	return strings.TrimSpace(n)
}

// Features is what a listing offers, as catalog keys, read from its
// amenity list, house rules, highlights and own words. Each key maps to the
// evidence (where it was read).
type Features map[string]string

// Has reports whether the listing offers key.
func (f Features) Has(key string) bool { _, ok := f[key]; return ok }

// ListingFeatures reads the features of l. Amenities the site lists as
// not included are never features. A feature named only in the title or
// description counts (the host says so), with that as its evidence.
func ListingFeatures(l *listing.Listing) Features {
	f := Features{}
	excluded := map[string]bool{}
	for _, a := range l.Amenities {
		k := AmenityKey(l, a)
		if k == "" {
			continue
		}
		if !a.Available {
			excluded[k] = true
			continue
		}
		if _, ok := f[k]; !ok {
			f[k] = "amenity list: " + a.Name
		}
	}
	if p := l.HouseRules.PetsAllowed; p != nil && *p && !f.Has("pets") && !excluded["pets"] {
		f["pets"] = "house rules: pets allowed"
	}
	if p := l.HouseRules.PetsAllowed; p != nil && !*p {
		delete(f, "pets")
		excluded["pets"] = true
	}
	for _, h := range l.Highlights {
		if k := CanonicalAmenity(h); k != "" && !f.Has(k) && !excluded[k] {
			f[k] = "listing highlight: " + h
		}
	}
	own := newText(l.Title, l.Description)
	for _, m := range OwnTextMentions(l) {
		switch {
		case m.Denied:
			// "sem wifi", "no pets": the host says it is not there.
			excluded[m.Key] = true
		case f.Has(m.Key) || excluded[m.Key] || !mentionCounts(m.Key, own):
		default:
			f[m.Key] = mentionEvidence(m)
		}
	}
	return f
}

// sharedPoolOrGym are a pool or gym near the listing, not its own, in the
// languages the catalogue reads.
var sharedPoolOrGym = phrases([]string{"public pool", "pool nearby", "nearby pool", "gym nearby", "nearby gym",
	"piscina pública", "piscina municipal", "piscina próxima", "academia próxima", "piscina publica",
	"gimnasio cercano", "piscina cercana", "piscina comunale", "piscina pubblica", "palestra vicina",
	"piscine municipale", "piscine publique", "salle de sport à proximité", "öffentliches schwimmbad", "freibad", "hallenbad",
	"fitnessstudio in der nähe", "δημοτική πισίνα"})

// mentionCounts filters mentions that are usually about something else,
// anywhere in the text: "no parking" with free parking down the road, a
// pool nearby, "pets not allowed". Pets and parking stay whole-text: one
// "no" is the answer.
func mentionCounts(key string, t text) bool {
	switch key {
	case "pets":
		_, neg := t.hasAny("no pets", "pets not allowed", "no dogs", "not pet friendly")
		return !neg
	case "free_parking":
		_, neg := t.hasAny("no parking", "parking is not", "no driveway")
		// "Free street parking" in the text is parking on the street, not
		// on the premises.
		_, street := t.hasAny("free street parking", "free parking on the street", "free parking on street", "street parking")
		_, own := t.hasAny("driveway", "parking on premises", "private parking", "garage parking", "off street parking")
		return !neg && (!street || own)
	case "pool", "gym":
		_, shared := t.hasAny(sharedPoolOrGym...)
		return !shared
	}
	// Other denials ("no wifi", "sem ar condicionado") are read where they
	// stand, in every language (OwnTextMentions): air conditioning in the
	// bedrooms is offered though the living room has none.
	return true
}

// NotIncluded returns the catalog keys the site lists as not included.
func NotIncluded(l *listing.Listing) map[string]string {
	m := map[string]string{}
	for _, a := range l.Amenities {
		if a.Available {
			continue
		}
		if k := AmenityKey(l, a); k != "" {
			m[k] = a.Name
		}
	}
	if p := l.HouseRules.PetsAllowed; p != nil && !*p {
		m["pets"] = "house rules: no pets"
	}
	return m
}

// Property kinds: what a listing is expected to have depends on which it
// is. A hotel (or aparthotel, hostel, B&B) is run by staff: nobody looks
// for a kitchen, a washer, self check-in or a crib in its amenity list.
const (
	KindHotel     = "hotel"
	KindRoom      = "room"      // a private or shared room in someone's home
	KindHouse     = "house"     // house, cabin, cottage, villa…
	KindApartment = "apartment" // flats, condos, lofts, suites: everything else
)

// hotelWords name hotel-like property types, in the languages the pages
// use ("Hotel", "Albergo", "Hôtel", "Aparthotel", "Pousada").
var hotelWords = []string{"hotel", "aparthotel", "apart hotel", "hostel", "resort", "motel", "inn", "bed and breakfast", "b b",
	"boutique hotel", "albergo", "ostello", "pensione", "pousada", "hostal", "hôtel", "auberge", "herberg", "pension",
	"ξενοδοχείο", "ξενώνας", "capsule hotel", "ryokan", "minshuku", "shukubo", "gasthof", "posada"}

// registeredOnBooking are Booking.com's kinds of registered property run
// by staff, which on Airbnb name a home ("Entire guesthouse" is a cottage
// in a garden): a guest house, an affittacamere, chambres d'hôtes.
var registeredOnBooking = phrases([]string{"guest house", "guesthouse", "affittacamere", "chambres d'hôtes", "chambre d'hôtes",
	"pensão", "hospedaria", "gästehaus", "lodge", "country house", "farm stay"})

// PropertyKind decides, in one place, what kind of property l is from its
// property type and room type: KindHotel, KindRoom, KindHouse or
// KindApartment. Booking.com's accommodation type "Hotel" and Airbnb's
// room type "Hotel room" are hotels; "Private room in …" is a room.
func PropertyKind(l *listing.Listing) string {
	rt := strings.ToLower(l.RoomType)
	pt := strings.ToLower(l.PropertyType)
	t := newText(pt)
	if strings.Contains(rt, "hotel") {
		return KindHotel
	}
	if _, ok := t.hasAny(hotelWords...); ok {
		return KindHotel
	}
	if _, ok := t.hasAny(registeredOnBooking...); ok && l.Platform == listing.Booking {
		return KindHotel
	}
	switch {
	case strings.Contains(rt, "private room"), strings.Contains(rt, "shared room"),
		strings.HasPrefix(pt, "private room"), strings.HasPrefix(pt, "room in"), strings.HasPrefix(pt, "shared room"):
		return KindRoom
	}
	if _, ok := t.hasAny(localRoomTypes...); ok {
		return KindRoom
	}
	if _, ok := t.hasAny("house", "home", "cottage", "cabin", "villa", "chalet", "bungalow", "farm stay", "townhouse",
		"lodge", "barn", "tiny home", "earthen home", "dome", "treehouse", "castle", "ranch", "farmhouse",
		// regional kinds of house, named in their own language everywhere
		"machiya", "minka", "kominka", "hanok", "riad", "trullo", "yurt", "hacienda"); ok {
		return KindHouse
	}
	if _, ok := t.hasAny(localHouseTypes...); ok {
		return KindHouse
	}
	return KindApartment
}

// PropertyClass groups property types for copy: "room" (private, shared
// or hotel room), "hotel" (a whole hotel, as Booking.com pages are),
// "house" or "apartment". It is PropertyKind, except that a hotel room
// reads as a room.
func PropertyClass(l *listing.Listing) string {
	k := PropertyKind(l)
	if k == KindHotel && strings.Contains(strings.ToLower(l.RoomType), "room") {
		return KindRoom
	}
	return k
}
