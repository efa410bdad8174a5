package meta

import (
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// lodgingTypes are the schema.org types that describe a place to stay, in
// no particular order. Product is there because some sites mark listings up
// as products with offers and ratings.
var lodgingTypes = map[string]bool{
	"VacationRental": true, "LodgingBusiness": true, "Hotel": true, "Motel": true, "Hostel": true,
	"BedAndBreakfast": true, "Resort": true, "Campground": true, "Apartment": true, "House": true,
	"SingleFamilyResidence": true, "Accommodation": true, "Suite": true, "Room": true, "HotelRoom": true,
	"Product": true, "Residence": true, "ApartmentComplex": true,
}

// Lodging returns the first JSON-LD object whose @type is a lodging type,
// and that type.
func (d *Doc) Lodging() (map[string]any, string) {
	for _, o := range d.JSONLD {
		for _, t := range List(o["@type"]) {
			if s := Str(t); lodgingTypes[s] {
				return o, s
			}
		}
	}
	return nil, ""
}

// ApplyJSONLD fills the still-empty fields of l from the page's lodging
// JSON-LD, recording listing.SourceJSONLD.
func ApplyJSONLD(l *listing.Listing, d *Doc) {
	o, typ := d.Lodging()
	if o == nil {
		return
	}
	const src = listing.SourceJSONLD
	if s := Str(o["name"]); s != "" && !l.Has(listing.FieldTitle) {
		l.Title = listing.PlainText(s)
		l.Set(listing.FieldTitle, src)
	}
	if s := Str(o["description"]); s != "" && !l.Has(listing.FieldDescription) {
		l.Description = listing.PlainText(s)
		l.Set(listing.FieldDescription, src)
	}
	if !l.Has(listing.FieldPropertyType) {
		pt := lastPathPart(Str(o["additionalType"]))
		if pt == "" && typ != "Product" && typ != "VacationRental" && typ != "Accommodation" {
			pt = typ
		}
		if pt != "" {
			l.PropertyType = splitCamel(pt)
			l.Set(listing.FieldPropertyType, src)
		}
	}
	if !l.Has(listing.FieldPhotos) {
		var photos []listing.Photo
		for _, img := range List(o["image"]) {
			if p, ok := photo(img); ok {
				photos = appendPhoto(photos, p)
			}
		}
		if len(photos) > 0 {
			l.Photos = photos
			l.Set(listing.FieldPhotos, src)
		}
	}
	applyAddress(l, o["address"])
	if !l.Has(listing.FieldCoordinates) {
		geo := Obj(o["geo"])
		lat, ok1 := Num(first(geo["latitude"], o["latitude"]))
		lng, ok2 := Num(first(geo["longitude"], o["longitude"]))
		if ok1 && ok2 && validLatLng(lat, lng) {
			l.Location.Lat, l.Location.Lng = lat, lng
			l.Set(listing.FieldCoordinates, src)
		}
	}
	if ar := Obj(o["aggregateRating"]); ar != nil {
		if v, ok := Num(ar["ratingValue"]); ok && v > 0 && !l.Has(listing.FieldRating) {
			l.Ratings.Overall = v
			l.Ratings.Scale = 5
			if best, ok := Num(ar["bestRating"]); ok && best > 0 {
				l.Ratings.Scale = best
			}
			l.Set(listing.FieldRating, src)
		}
		if n, ok := Num(first(ar["reviewCount"], ar["ratingCount"])); ok && !l.Has(listing.FieldReviewCount) {
			l.ReviewCount = int(n)
			l.Set(listing.FieldReviewCount, src)
		}
	}
	// Google's vacation-rental markup puts the unit in containsPlace; other
	// sites put the same properties on the top object.
	for i, place := range []map[string]any{Obj(o["containsPlace"]), o} {
		if place == nil {
			continue
		}
		// A hotel's numberOfRooms counts the hotel's rooms, not the
		// bedrooms of the unit being let.
		applyPlace(l, place, i == 1 && hotelTypes[typ])
	}
	applyRules(l, o)
	if !l.Has(listing.FieldPrice) {
		for _, off := range List(o["offers"]) {
			off := Obj(off)
			if amt, ok := Num(off["price"]); ok && amt > 0 {
				l.Price = &listing.Price{Amount: amt, Currency: Str(off["priceCurrency"])}
				l.Set(listing.FieldPrice, src)
				break
			}
		}
	}
}

// hotelTypes are lodging businesses whose numberOfRooms is the size of the
// establishment.
var hotelTypes = map[string]bool{"Hotel": true, "Motel": true, "Hostel": true, "Resort": true, "LodgingBusiness": true, "BedAndBreakfast": true, "Campground": true, "ApartmentComplex": true}

func applyPlace(l *listing.Listing, p map[string]any, establishment bool) {
	const src = listing.SourceJSONLD
	if !l.Has(listing.FieldCapacity) {
		occ := Obj(p["occupancy"])
		if n, ok := Num(first(occ["value"], occ["maxValue"])); ok && n > 0 {
			l.Capacity = int(n)
			l.Set(listing.FieldCapacity, src)
		}
	}
	if !l.Has(listing.FieldBedrooms) {
		rooms := p["numberOfRooms"]
		if establishment {
			rooms = nil
		}
		if n, ok := Num(first(p["numberOfBedrooms"], rooms)); ok {
			l.Bedrooms = int(n)
			l.Set(listing.FieldBedrooms, src)
		}
	}
	if !l.Has(listing.FieldBaths) {
		if n, ok := Num(first(p["numberOfBathroomsTotal"], p["numberOfFullBathrooms"])); ok {
			if half, ok := Num(p["numberOfPartialBathrooms"]); ok {
				n += half / 2
			}
			l.Baths = n
			l.Set(listing.FieldBaths, src)
		}
	}
	if !l.Has(listing.FieldBeds) {
		beds, found := 0, false
		for _, b := range List(p["bed"]) {
			if n, ok := Num(Obj(b)["numberOfBeds"]); ok {
				beds += int(n)
				found = true
			}
		}
		if found {
			l.Beds = beds
			l.Set(listing.FieldBeds, src)
		}
	}
	if !l.Has(listing.FieldRoomType) {
		switch lastPathPart(Str(p["additionalType"])) {
		case "EntirePlace":
			l.RoomType = "Entire place"
		case "PrivateRoom":
			l.RoomType = "Private room"
		case "SharedRoom":
			l.RoomType = "Shared room"
		}
		if l.RoomType != "" {
			l.Set(listing.FieldRoomType, src)
		}
	}
	if !l.Has(listing.FieldAmenities) {
		var am []listing.Amenity
		for _, f := range List(p["amenityFeature"]) {
			f := Obj(f)
			name := strings.TrimSpace(Str(f["name"]))
			if name == "" {
				continue
			}
			avail := true
			if b, ok := Bool(f["value"]); ok {
				avail = b
			}
			am = append(am, listing.Amenity{Name: humanizeAmenity(name), Available: avail})
		}
		if len(am) > 0 {
			l.Amenities = am
			// Search-engine markup: a site may list a few features there
			// and the rest only on the page, so a feature not marked up
			// may still be offered.
			l.AmenitiesPartial = true
			l.Set(listing.FieldAmenities, src)
		}
	}
}

func applyRules(l *listing.Listing, o map[string]any) {
	if l.Has(listing.FieldHouseRules) {
		return
	}
	var r listing.HouseRules
	r.CheckIn = clock(Str(o["checkinTime"]))
	r.CheckOut = clock(Str(o["checkoutTime"]))
	if b, ok := Bool(o["petsAllowed"]); ok {
		r.PetsAllowed = &b
	}
	if b, ok := Bool(o["smokingAllowed"]); ok {
		r.SmokingAllowed = &b
	}
	if !r.IsZero() {
		l.HouseRules = r
		l.Set(listing.FieldHouseRules, listing.SourceJSONLD)
	}
}

func applyAddress(l *listing.Listing, v any) {
	if l.Has(listing.FieldLocation) || v == nil {
		return
	}
	var loc listing.Location
	if s, ok := v.(string); ok {
		loc = SplitPlace(s)
	} else {
		a := Obj(v)
		loc.City = Str(a["addressLocality"])
		loc.Region = Str(a["addressRegion"])
		loc.Country = Str(a["addressCountry"])
		if loc.Country == "" {
			loc.Country = Str(Obj(a["addressCountry"])["name"])
		}
	}
	if loc.City == "" && loc.Region == "" && loc.Country == "" {
		return
	}
	l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country = loc.Area, loc.City, loc.Region, loc.Country
	l.Set(listing.FieldLocation, listing.SourceJSONLD)
}

// SplitPlace reads "City, Region, Country" style place names: 1 part is a
// city, 2 are city and country, 3 city, region and country, 4 or more start
// with an area (neighbourhood).
func SplitPlace(s string) listing.Location {
	var parts []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	var loc listing.Location
	switch n := len(parts); {
	case n == 0:
	case n == 1:
		loc.City = parts[0]
	case n == 2:
		loc.City, loc.Country = parts[0], parts[1]
	case n == 3:
		loc.City, loc.Region, loc.Country = parts[0], parts[1], parts[2]
	default:
		loc.Area, loc.City, loc.Region, loc.Country = parts[0], parts[n-3], parts[n-2], parts[n-1]
	}
	return loc
}

func photo(v any) (listing.Photo, bool) {
	switch x := v.(type) {
	case string:
		return listing.Photo{URL: x}, isHTTPURL(x)
	case map[string]any:
		u := Str(first(x["url"], x["contentUrl"]))
		cap := Str(first(x["caption"], x["name"], x["description"]))
		return listing.Photo{URL: u, Caption: cap}, isHTTPURL(u)
	}
	return listing.Photo{}, false
}

func appendPhoto(ps []listing.Photo, p listing.Photo) []listing.Photo {
	for _, q := range ps {
		if q.URL == p.URL {
			return ps
		}
	}
	return append(ps, p)
}

func isHTTPURL(s string) bool {
	return strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}

// clock reads schema.org times ("15:00", "T15:00:00", "15:00:00+01:00",
// "14:00-19:00") as "15:00"; other text is kept as written.
func clock(s string) string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "T")
	if len(s) >= 5 && s[2] == ':' && isDigits(s[:2]) && isDigits(s[3:5]) {
		if len(s) >= 11 && s[5] == '-' && s[8] == ':' {
			return s[:5] + "–" + s[6:11]
		}
		return s[:5]
	}
	return s
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func lastPathPart(s string) string {
	s = strings.TrimRight(s, "/")
	if i := strings.LastIndexAny(s, "/#"); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// splitCamel turns schema.org type names into words: "BedAndBreakfast" →
// "Bed and breakfast".
func splitCamel(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// humanizeAmenity turns Google's vacation-rental amenity keys ("wifi",
// "ac", "washerDryer") into words; other names pass through.
func humanizeAmenity(s string) string {
	if strings.ContainsAny(s, " ") {
		return s
	}
	switch s {
	case "ac":
		return "Air conditioning"
	case "wifi":
		return "Wifi"
	case "tv":
		return "TV"
	}
	w := splitCamel(s)
	return strings.ToUpper(w[:1]) + w[1:]
}

func validLatLng(lat, lng float64) bool {
	return lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && !(lat == 0 && lng == 0)
}

// Str returns v as a trimmed string when it is a string or a number.
func Str(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

// Num returns v as a number when it is a number or a numeric string.
func Num(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case string:
		return listing.ParseNumber(x)
	}
	return 0, false
}

// Bool returns v as a boolean when it is one or spells one.
func Bool(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "yes":
			return true, true
		case "false", "no":
			return false, true
		}
	}
	return false, false
}

// Obj returns v as an object, or nil.
func Obj(v any) map[string]any {
	switch x := v.(type) {
	case map[string]any:
		return x
	case []any:
		if len(x) > 0 {
			return Obj(x[0])
		}
	}
	return nil
}

// List returns v as a list: a list as is, one value as a list of one.
func List(v any) []any {
	switch x := v.(type) {
	case nil:
		return nil
	case []any:
		return x
	}
	return []any{v}
}

func first(vs ...any) any {
	for _, v := range vs {
		if v != nil {
			return v
		}
	}
	return nil
}
