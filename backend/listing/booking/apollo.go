package booking

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// A rendered property page carries the Apollo cache of its micro-frontend
// in <script data-capla-store-data="apollo" type="application/json">: a
// flat map of normalised GraphQL objects ("Property:{"id":230802}",
// "BasicPropertyData:230802", "AccommodationPhoto:260560238", …) that
// point at each other with {"__ref": key}. It holds what the markup shows
// only in part: every gallery photo with its alt text, the property type,
// the city and map position, the full description and the house rules.

// apolloState is the cache with only the entries the reader uses decoded.
type apolloState struct {
	entries  map[string][]byte // raw values by cache key
	property map[string][]byte // the Property:{…} entry's fields
}

// roomTableKey is the cache entry of the page's room table.
const roomTableKey = "RoomTableQueryResult:{}"

type ref struct {
	Ref string `json:"__ref"`
}

type timeRange struct {
	From  string `json:"fromFormatted"`
	Until string `json:"untilFormatted"`
}

// apolloHouseRules is Property.houseRules: the phrases are null when the
// property states no such rule.
type apolloHouseRules struct {
	Times struct {
		CheckIn  timeRange `json:"checkinTimeRange"`
		CheckOut timeRange `json:"checkoutTimeRange"`
		// The notes the page shows under the check-in window.
		PhotoID *string `json:"requireCreditCardAndPhotoIdPhrase"`
		Arrival *string `json:"requireNoticeOfArrivalTimePrase"` // sic
	} `json:"checkinCheckoutTimes"`
	Groups struct {
		Phrase *string `json:"groupLimitPhrase"`
	} `json:"groups"`
	Age struct {
		Phrase string `json:"checkinAgeRestrictionPhrase"`
	} `json:"checkinAgeRestriction"`
	Smoking struct {
		NotAllowed *string `json:"smokingNotAllowedAllRoomsPhrase"`
	} `json:"smoking"`
	Parties struct {
		NotAllowed *string `json:"partiesNotAllowedPhrase"`
	} `json:"parties"`
	QuietHours struct {
		Phrase *string `json:"quietHoursPhrase"`
	} `json:"quietHours"`
	Curfew struct {
		Phrase *string `json:"curfewPhrase"`
	} `json:"curfew"`
}

type apolloLocation struct {
	City             string   `json:"city"`
	Lat              *float64 `json:"latitude"`
	Lng              *float64 `json:"longitude"`
	FormattedAddress string   `json:"formattedAddress"`
}

// photoSizes are the gallery's renditions, largest first.
var photoSizes = []string{"max1024x768", "max500", "max300", "max200"}

// photoSizeKeys are their members' keys as the cache writes them.
var photoSizeKeys = func() []string {
	keys := make([]string, len(photoSizes))
	for i, size := range photoSizes {
		keys[i] = `"resource({\"size\":\"` + size + `\"})"`
	}
	return keys
}()

// decodeApollo reads the cache; ok is false when the page has none or it
// does not parse.
func decodeApollo(d *meta.Doc) (*apolloState, error) {
	raw := d.Scripts[meta.CaplaStorePrefix+"apollo"]
	for k, v := range d.Scripts {
		// The property page's own store wins over any other app's.
		if strings.HasPrefix(k, meta.CaplaStorePrefix+"apollo:") && strings.Contains(k, "property-page") {
			raw = v
			break
		}
	}
	if len(raw) == 0 {
		return nil, nil
	}
	s := &apolloState{}
	var err error
	if s.entries, err = members(raw); err != nil {
		return nil, fmt.Errorf("booking apollo state: %w", err)
	}
	for k, v := range s.entries {
		if strings.HasPrefix(k, "Property:") {
			if s.property, err = members(v); err != nil {
				return nil, fmt.Errorf("booking apollo %s: %w", k, err)
			}
			break
		}
	}
	return s, nil
}

// entry decodes the cache entry key into v; false when absent or unreadable.
func (s *apolloState) entry(key string, v any) bool {
	raw, ok := s.entries[key]
	return ok && json.Unmarshal(raw, v) == nil
}

// firstEntry decodes the first entry whose key starts with prefix (types
// keyed by an id the reader does not know, such as BasicPropertyData:<id>).
func (s *apolloState) firstEntry(prefix string, v any) bool {
	for k, raw := range s.entries {
		if strings.HasPrefix(k, prefix) {
			return json.Unmarshal(raw, v) == nil
		}
	}
	return false
}

// field decodes the Property's field whose name (GraphQL arguments aside)
// is name.
func (s *apolloState) field(name string, v any) bool {
	if raw, ok := s.property[name]; ok {
		return json.Unmarshal(raw, v) == nil
	}
	for k, raw := range s.property {
		if strings.HasPrefix(k, name+"(") {
			return json.Unmarshal(raw, v) == nil
		}
	}
	return false
}

// applyApollo fills l from the cache, recording listing.SourceEmbedded.
func applyApollo(l *listing.Listing, s *apolloState) {
	applyApolloBasics(l, s)
	applyApolloPlace(l, s)
	applyApolloPhotos(l, s)
	applyApolloRules(l, s)
	applyApolloHost(l, s)
}

// applyApolloHost reads the host's name from the profile a home or small
// property shows ("Managed by Boris Rose": HostProfile → HotelierInfo
// {name}); a hotel has none.
func applyApolloHost(l *listing.Listing, s *apolloState) {
	var info struct {
		Name string `json:"name"`
	}
	if s.entry("HotelierInfo:{}", &info) {
		if name := oneLine(info.Name); name != "" {
			l.Host.Name = name
			l.Set(listing.FieldHost, listing.SourceEmbedded)
		}
	}
}

func applyApolloBasics(l *listing.Listing, s *apolloState) {
	const src = listing.SourceEmbedded
	// The Property's name, else the same name where the cache repeats it.
	var name string
	var basic, table struct {
		Name         string `json:"name"`
		PropertyName string `json:"propertyName"`
	}
	switch {
	case s.field("name", &name) && setTitle(l, name, src):
	case s.firstEntry("BasicPropertyData:", &basic) && setTitle(l, basic.Name, src):
	case s.entry(roomTableKey, &table) && setTitle(l, table.PropertyName, src):
	}
	var tr struct {
		Description string `json:"description"`
	}
	// HotelTranslation holds the whole description the page shows in
	// data-testid="property-description", paragraphs and all.
	if s.firstEntry("HotelTranslation:", &tr) && strings.TrimSpace(tr.Description) != "" {
		l.Description = listing.PlainText(tr.Description)
		l.Set(listing.FieldDescription, src)
	}
	var acc ref
	var pt struct {
		Type string `json:"type"`
	}
	if s.field("accommodationType", &acc) && s.entry(acc.Ref, &pt) && pt.Type != "" {
		l.PropertyType = propertyTypeName(pt.Type)
		l.Set(listing.FieldPropertyType, src)
	}
	var rv struct {
		Count     *int `json:"reviewsCount"`
		Questions []struct {
			Name  string  `json:"name"`
			Score float64 `json:"score"`
		} `json:"questions"`
	}
	if s.field("reviews", &rv) {
		if rv.Count != nil && *rv.Count > 0 {
			l.ReviewCount = *rv.Count
			l.Set(listing.FieldReviewCount, src)
		}
		cats := 0
		for _, q := range rv.Questions {
			if q.Score <= 0 {
				continue
			}
			switch q.Name {
			case "total":
				l.Ratings.Overall = q.Score
				l.Set(listing.FieldRating, src)
			case "hotel_clean":
				l.Ratings.Cleanliness, cats = q.Score, cats+1
			case "hotel_location":
				l.Ratings.Location, cats = q.Score, cats+1
			case "hotel_value":
				l.Ratings.Value, cats = q.Score, cats+1
			}
			// Staff, facilities, comfort and WiFi have no Airbnb
			// counterpart and are not kept.
		}
		if l.Has(listing.FieldRating) || cats > 0 {
			l.Ratings.Scale = 10
		}
		if cats > 0 {
			l.Set(listing.FieldCategoryRatings, src)
		}
	}
}

// propertyTypeName is Booking.com's type enum as words: "HOLIDAY_HOME" →
// "Holiday home", "BED_AND_BREAKFAST" → "Bed and breakfast".
func propertyTypeName(enum string) string {
	w := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(enum), "_", " "))
	if w == "" {
		return ""
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// applyApolloPlace reads the city and map position. The JSON-LD address's
// addressLocality is the street ("372 Strand"), so the city comes from
// here; region and country are left to the JSON-LD pass (applyHotel).
func applyApolloPlace(l *listing.Listing, s *apolloState) {
	const src = listing.SourceEmbedded
	var bp struct {
		Location apolloLocation `json:"location"`
	}
	if !s.firstEntry("BasicPropertyData:", &bp) {
		return
	}
	loc := bp.Location
	if c := strings.TrimSpace(loc.City); c != "" {
		l.Location.City = c
		if parts := splitComma(loc.FormattedAddress); len(parts) >= 2 && !hasDigit(parts[len(parts)-1]) {
			// "372 Strand, Westminster Borough, London, WC2R 0JJ, United
			// Kingdom": the country as the page writes it.
			l.Location.Country = parts[len(parts)-1]
		}
		l.Set(listing.FieldLocation, src)
	}
	if loc.Lat != nil && loc.Lng != nil && validLatLng(*loc.Lat, *loc.Lng) {
		l.Location.Lat, l.Location.Lng = *loc.Lat, *loc.Lng
		l.Set(listing.FieldCoordinates, src)
	}
}

// applyApolloPhotos reads the whole gallery (propertyGallery's
// mainGalleryPhotos, which the page shows as 8 thumbnails and "+N
// photos") with each photo's alt text, and its main photo as the cover.
func applyApolloPhotos(l *listing.Listing, s *apolloState) {
	var g struct {
		Main   *ref  `json:"mainPhoto"`
		Photos []ref `json:"mainGalleryPhotos"`
	}
	if !s.field("propertyGallery", &g) {
		return
	}
	var photos []listing.Photo
	seen := map[string]bool{}
	for _, r := range g.Photos {
		if p, ok := s.photo(r.Ref); ok && !seen[p.URL] {
			seen[p.URL] = true
			photos = append(photos, p)
		}
	}
	if len(photos) > 0 {
		l.Photos = photos
		l.Set(listing.FieldPhotos, listing.SourceEmbedded)
	}
	if g.Main != nil {
		if p, ok := s.photo(g.Main.Ref); ok {
			l.CoverURL = p.URL
		}
	}
}

// photo reads an AccommodationPhoto entry: its largest rendition's URL and
// its alt text as its label.
func (s *apolloState) photo(key string) (listing.Photo, bool) {
	raw, ok := s.entries[key]
	if !ok {
		return listing.Photo{}, false
	}
	// The gallery has up to 150 photos of a few renditions each: their
	// members are compared by the keys as the cache writes them
	// (resource({\"size\":\"max500\"})) and their strings read with the
	// scanner's own unquote, with no map and no decoder pass per field.
	var altRaw []byte
	renditions := make([][]byte, len(photoSizes))
	if eachMember(raw, func(k, v []byte) bool {
		if string(k) == `"altText"` {
			altRaw = v
			return true
		}
		for i, size := range photoSizeKeys {
			if string(k) == size {
				renditions[i] = v
			}
		}
		return true
	}) != nil {
		return listing.Photo{}, false
	}
	// altText is Booking.com's generated description of the photo ("a
	// red double decker bus driving down a city street"), not the
	// property's words: a label, never a caption.
	alt, _ := jsonString(altRaw) // null or absent: no label
	for _, r := range renditions {
		var u string
		if r == nil || eachMember(r, func(k, v []byte) bool {
			if string(k) == `"absoluteUrl"` {
				u, _ = jsonString(v)
				return false
			}
			return true
		}) != nil {
			continue
		}
		if isHTTPS(u) {
			return listing.Photo{URL: u, Label: strings.TrimSpace(alt)}, true
		}
	}
	return listing.Photo{}, false
}

// jsonString is the raw JSON value v as a string; false when it is no
// string (null, absent, a number).
func jsonString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	return unquote(v)
}

// window is a check-in or check-out time as the page's house rules give
// it: both ends of a window ("From 06:00 until 11:00" is
// {06:00, 11:00}: "06:00–11:00"), else the one end given ("From 15:00",
// "Until 11:00"). Check-out is a window too: the earliest time the desk
// hands the bill over and the time to leave by are both the property's
// rule, and the page shows both.
func (t timeRange) window() string {
	from, until := strings.TrimSpace(t.From), strings.TrimSpace(t.Until)
	switch {
	case from != "" && until != "":
		return from + "–" + until
	case from != "":
		return from
	}
	return until
}

// applyApolloRules reads the house rules the page's "House rules" box
// shows. Check-in and check-out are each the window the page gives, both
// ends when it gives both.
func applyApolloRules(l *listing.Listing, s *apolloState) {
	var hr apolloHouseRules
	var r listing.HouseRules
	if s.field("houseRules", &hr) {
		r.CheckIn = hr.Times.CheckIn.window()
		r.CheckOut = hr.Times.CheckOut.window()
		if hr.Smoking.NotAllowed != nil {
			r.SmokingAllowed = ptr(false)
		}
		if hr.Parties.NotAllowed != nil {
			r.PartiesAllowed = ptr(false)
		}
		// The rule lines, in the order the section shows them: the
		// check-in row's notes, then the age, groups, smoking, parties,
		// quiet hours and curfew rows. The section's own text, when the
		// saved page has it, is read over these (applyPolicies).
		for _, p := range []*string{hr.Times.PhotoID, hr.Times.Arrival, &hr.Age.Phrase, hr.Groups.Phrase,
			hr.Smoking.NotAllowed, hr.Parties.NotAllowed, hr.QuietHours.Phrase, hr.Curfew.Phrase} {
			if p != nil && collapse(*p) != "" {
				r.Rules = append(r.Rules, collapse(*p))
			}
		}
	}
	var pol ref
	var policies struct {
		Pets struct {
			Allowed string `json:"petsAllowed"`
		} `json:"pets"`
	}
	if s.field("policies", &pol) && s.entry(pol.Ref, &policies) {
		switch policies.Pets.Allowed {
		case "YES", "UPON_REQUEST", "FREE":
			r.PetsAllowed = ptr(true)
		case "NO":
			r.PetsAllowed = ptr(false)
		}
	}
	if !r.IsZero() {
		l.HouseRules = r
		l.Set(listing.FieldHouseRules, listing.SourceEmbedded)
	}
}

func ptr[T any](v T) *T { return &v }

func isHTTPS(u string) bool { return strings.HasPrefix(u, "https://") }

func validLatLng(lat, lng float64) bool {
	return lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && !(lat == 0 && lng == 0)
}
