package analysis

import (
	"fmt"
	"math"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// What guests expect of a listing is decided here, once, from what the page
// says of it: its kind (a hotel, a room, a whole home, a house), its size
// (bedrooms, guests), its guests (families, business travellers) and its
// climate (its latitude). Each expected amenity carries its basis in plain
// words, which the finding, the suggestion and the report show; an
// expectation with no basis read from the page is not made (a crib is not
// expected of a loft for two, heating is not expected in the tropics, and
// neither heating nor air conditioning is judged where no coordinates were
// read).

// Climate zones, from the listing's latitude.
const (
	ClimateUnknown   = ""          // no coordinates read: nothing climate-dependent is expected
	ClimateTropical  = "tropical"  // between the tropics: warm nights all year, no heating expected
	ClimateTemperate = "temperate" // cold winters and warm summers: heating and air conditioning
	ClimateCool      = "cool"      // cool summers: heating, no air conditioning expected
)

const (
	// TropicLatitude is the latitude of the Tropics of Cancer and
	// Capricorn: nearer the equator the sun is overhead once a year and
	// lowland nights stay warm, so heating is not what guests look for
	// (Rio de Janeiro 22.9° S, Salvador 13° S, Bangkok 13.8° N).
	TropicLatitude = 23.44
	// CoolSummerLatitude is the latitude from which air conditioning is
	// not expected: from 50° (London 51.5°, Amsterdam 52.4°, Berlin 52.5°,
	// Edinburgh 56°) homes seldom have it and guests do not filter for it.
	// Below it (Paris 48.9°, Milan 45.5°, Rome 41.9°) summers bring the
	// heat waves reviews complain of.
	CoolSummerLatitude = 50.0
	// FamilyHomeGuests and FamilyHomeBedrooms are the size from which a
	// whole home is taken to be one families book, so a crib and a high
	// chair are expected even when the page says nothing of children: two
	// bedrooms for six is parents and children, or two families. Below it
	// (a loft for 4 in 2 bedrooms, a flat for 2) the guests are as likely
	// couples and friends, and a crib is expected only where the page or
	// its reviews point to families.
	FamilyHomeGuests   = 6
	FamilyHomeBedrooms = 2
)

// Climate is what the listing's coordinates say about heating and cooling.
type Climate struct {
	Zone string  // one of the Climate* zones
	Lat  float64 // the latitude it was read from; 0 when unknown
}

// ClimateOf is l's climate from its coordinates; ClimateUnknown when the
// page gave none (0,0 is no place a listing is: it is an unread value).
func ClimateOf(l *listing.Listing) Climate {
	lat, lng := l.Location.Lat, l.Location.Lng
	if (lat == 0 && lng == 0) || math.Abs(lat) > 90 || math.Abs(lng) > 180 || math.IsNaN(lat) {
		return Climate{}
	}
	a := math.Abs(lat)
	switch {
	case a < TropicLatitude:
		return Climate{Zone: ClimateTropical, Lat: lat}
	case a >= CoolSummerLatitude:
		return Climate{Zone: ClimateCool, Lat: lat}
	}
	return Climate{Zone: ClimateTemperate, Lat: lat}
}

// latitude says a latitude as a host reads it: "22.9° S".
func latitude(lat float64) string {
	hemi := "N"
	if lat < 0 {
		hemi = "S"
	}
	return fmt.Sprintf("%.1f° %s", math.Abs(lat), hemi)
}

// Words says the climate as the basis of an expectation: "a temperate
// climate (latitude 38.7° N)".
func (c Climate) Words() string {
	switch c.Zone {
	case ClimateTropical:
		return "the tropics (latitude " + latitude(c.Lat) + ")"
	case ClimateTemperate:
		return "a temperate climate (latitude " + latitude(c.Lat) + ")"
	case ClimateCool:
		return "a cool-summer climate (latitude " + latitude(c.Lat) + ")"
	}
	return ""
}

// Expectations are the amenities guests expect of one listing, each with
// its basis.
type Expectations struct {
	Keys []string // catalogue keys, in the order the report lists them
	// Basis says, for each key, what the expectation rests on: "Expected
	// of a 2-bedroom apartment for 6 guests".
	Basis map[string]string
	// Summary says what the whole list rests on: "a 2-bedroom apartment
	// for 6 guests in a temperate climate (latitude 38.7° N), for
	// business travellers".
	Summary string
	// Of is the basis most amenities share (kind and size: "Expected of a
	// 2-bedroom home for 5 guests"), said once in the finding; an
	// amenity's own evidence names its basis only when it differs.
	Of string
	// NotExpected are sentences on what a listing elsewhere would be
	// expected to have and this one is not, and why ("Heating is not
	// expected: the listing is in the tropics (latitude 22.9° S).").
	NotExpected []string
	// Families is the basis of the crib and high chair expectation, ""
	// when they are not expected: it also decides whether they are
	// suggested.
	Families string
	Climate  Climate
}

// Expects reports whether key is expected.
func (e Expectations) Expects(key string) bool { _, ok := e.Basis[key]; return ok }

func (e *Expectations) add(basis string, keys ...string) {
	for _, k := range keys {
		if _, ok := e.Basis[k]; ok {
			continue
		}
		e.Keys = append(e.Keys, k)
		e.Basis[k] = basis
	}
}

// listingGuests is how many guests l sleeps, 0 when not read.
func listingGuests(l *listing.Listing) int {
	if l.Capacity > 0 {
		return l.Capacity
	}
	return l.HouseRules.MaxGuests
}

// bedroomsKnown reports whether l's bedroom count was read (0 is a studio).
func bedroomsKnown(l *listing.Listing) bool {
	return l.Bedrooms > 0 || l.Has(listing.FieldBedrooms)
}

// sizeWords says the listing's kind and size: "a 2-bedroom apartment for
// 6 guests", "a private room for 2 guests", "a hotel".
func sizeWords(l *listing.Listing, kind string) string {
	noun := PropertyNoun(l)
	if noun == "" {
		noun = map[string]string{KindHotel: "hotel", KindRoom: "room", KindHouse: "house"}[kind]
		if noun == "" {
			noun = "home"
		}
	}
	s := noun
	if bedroomsKnown(l) && l.Bedrooms > 0 && kind != KindHotel && kind != KindRoom {
		s = fmt.Sprintf("%d-bedroom %s", l.Bedrooms, noun)
	}
	s = withArticle(s)
	if n := listingGuests(l); n > 0 && kind != KindHotel {
		s += " for " + plural(n, "guest", "guests")
	}
	return s
}

// AmenityExpectations decides what guests expect of l, whose likely
// guests are g:
//   - every place: wifi; a home or room also the basics (essentials, bed
//     linens, smoke and carbon monoxide alarms, a hair dryer);
//   - a whole home: a kitchen, coffee maker, self check-in and washer; a
//     house also free parking; a room on Airbnb a lock on its door;
//   - its climate (ClimateOf): heating outside the tropics, air
//     conditioning below CoolSummerLatitude; neither when no coordinates
//     were read;
//   - a crib and a high chair where families stay (familyBasis), never of
//     a hotel (it runs its own);
//   - business travellers, when likely: a workspace, and an iron in a home.
func AmenityExpectations(l *listing.Listing, g GuestProfile) Expectations {
	kind := PropertyKind(l)
	e := Expectations{Basis: map[string]string{}, Climate: ClimateOf(l)}
	size := sizeWords(l, kind)
	of := "Expected of " + size
	e.Of = of
	e.add(of, "wifi")
	if kind != KindHotel {
		e.add(of, "essentials", "bed_linens", "smoke_alarm", "co_alarm")
	}
	switch c := e.Climate; c.Zone {
	case ClimateTropical:
		e.add("Expected in "+c.Words(), "air_conditioning")
		e.NotExpected = append(e.NotExpected, "Heating is not expected: the listing is in "+c.Words()+", where nights stay warm.")
	case ClimateTemperate:
		e.add("Expected in "+c.Words()+", with cold winters", "heating")
		e.add("Expected in "+c.Words()+", with warm summers", "air_conditioning")
	case ClimateCool:
		e.add("Expected in "+c.Words(), "heating")
		e.NotExpected = append(e.NotExpected, "Air conditioning is not expected: at latitude "+latitude(c.Lat)+" summers are cool and homes seldom have it.")
	default:
		e.NotExpected = append(e.NotExpected, "Heating and air conditioning are not judged: the page gives no coordinates, so the listing's climate is not known.")
	}
	if kind != KindHotel {
		e.add(of, "hair_dryer")
	}
	switch kind {
	case KindRoom:
		if l.Platform == "" || l.Platform == listing.Airbnb {
			e.add("Expected of a private room on Airbnb, which asks hosts for a lock on the guest's door", "lock_on_door")
		}
	case KindHouse:
		e.add(of, "kitchen", "coffee_maker", "self_check_in", "washer", "free_parking")
	case KindApartment:
		e.add(of, "kitchen", "coffee_maker", "self_check_in", "washer")
	}
	if kind != KindHotel {
		basis, whyNot := familyBasis(l, g, kind, size)
		e.Families = basis
		if basis != "" {
			e.add(basis, "crib", "high_chair")
		} else if whyNot != "" {
			e.NotExpected = append(e.NotExpected, "A crib and a high chair are not expected: "+whyNot+".")
		}
	}
	if g.Likely("business") {
		e.add("Expected by business travellers, a likely guest group here", "workspace")
		if kind != KindHotel {
			e.add("Expected by business travellers, a likely guest group here", "iron")
		}
	}
	e.Summary = size
	if w := e.Climate.Words(); w != "" {
		e.Summary += " in " + w
	}
	var who []string
	if e.Families != "" {
		who = append(who, "families")
	}
	if g.Likely("business") {
		who = append(who, "business travellers")
	}
	if len(who) > 0 {
		e.Summary += ", for " + joinList(who)
	}
	return e
}

// ExpectedAmenities are the catalogue keys guests expect of l
// (AmenityExpectations).
func ExpectedAmenities(l *listing.Listing, g GuestProfile) []string {
	return AmenityExpectations(l, g).Keys
}

// familyItems are the amenities expected, and suggested, only where
// families stay.
var familyItems = map[string]bool{"crib": true, "high_chair": true, "childrens_items": true}

// familyBasis says why a crib and a high chair are expected of l, or
// why not. They are expected where the page invites families (family
// rooms, children welcome, a crib or high chair offered: familyEvidence),
// where reviews say families stayed (the families segment's review
// evidence), or of a whole home of family size (FamilyHomeGuests in
// FamilyHomeBedrooms); never where the page says children may not stay.
// A families segment that is "likely" only from a terrace and room for
// four is not enough: that is a loft couples and friends book as often.
func familyBasis(l *listing.Listing, g GuestProfile, kind, size string) (basis, whyNot string) {
	if childrenBanned(l) {
		return "", "the page says children may not stay"
	}
	var says []string
	offers := map[string]bool{}
	for _, c := range familyEvidence(l) {
		if c.key != "" {
			offers[c.key] = true
			continue
		}
		says = append(says, c.says())
	}
	switch {
	case offers["crib"] && offers["high_chair"]:
		says = append(says, "offers a crib and a high chair")
	case offers["crib"]:
		says = append(says, "offers a crib")
	case offers["high_chair"]:
		says = append(says, "offers a high chair")
	}
	if len(says) > 0 {
		return "Expected where families stay: the page " + joinList(says), ""
	}
	for _, s := range g.Segments {
		if s.Key != "families" {
			continue
		}
		for _, ev := range s.Evidence {
			// guests.go's review evidence: "3 of 12 reviews mention family or children".
			if strings.Contains(ev, " reviews mention ") {
				return "Expected where families stay: " + ev, ""
			}
		}
	}
	guests := listingGuests(l)
	if (kind == KindHouse || kind == KindApartment) && guests >= FamilyHomeGuests && l.Bedrooms >= FamilyHomeBedrooms {
		return "Expected of " + size + ", a size families book", ""
	}
	return "", fmt.Sprintf("nothing on the page or in its reviews points to families with small children, and it is not a whole home for %d or more guests in %d or more bedrooms",
		FamilyHomeGuests, FamilyHomeBedrooms)
}

// OwnBasis is key's basis when it differs from the shared one (Of), for an
// amenity's own evidence; "" when the finding already says it.
func (e Expectations) OwnBasis(key string) string {
	if b := e.Basis[key]; b != e.Of {
		return b
	}
	return ""
}
