// Package booking reads Booking.com property pages.
//
// A rendered property page carries, in order of trust: the Apollo cache of
// its micro-frontend (<script data-capla-store-data="apollo">: name,
// property type, city and map position, the whole description, every
// gallery photo with Booking.com's description of it, house rules and pets
// policy, the host's profile, and the room table whose one unit is a
// home's guests, bedrooms, beds and baths — units.go); schema.org Hotel JSON-LD
// (name, a one-sentence description, aggregateRating on a 10-point scale,
// an address whose addressLocality is the street, the main image); the
// markup (the description block, the facilities — on a saved page often
// only the "most popular facilities" — and the gallery's thumbnails with
// its "+N photos"); data-atlas-latlng; the inline script's variables
// (b_hotel_name, accommodation_type_id); and OpenGraph tags and <title>.
// Parse reads them in that order and marks what it read from a part of
// the whole; the name is looked for in all of them (title.go).
package booking

import (
	"net/url"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// Parse reads a Booking.com property page. It never fails: what it cannot
// read becomes a warning on the listing.
func Parse(page []byte, t listing.Target) *listing.Listing {
	l := listing.New(t)
	d := meta.Extract(page)
	// A cache that does not parse leaves the JSON-LD and the markup to
	// read; the page is still a property page.
	s, _ := decodeApollo(d) // nil when the page has none or it does not parse
	if s != nil {
		applyApollo(l, s)
	}
	applyKindAndUnits(l, s, page)
	// The sections are found in the markup without its scripts (a sixth
	// of the page): a section is markup, and the search and the
	// tokenizer see the fewest bytes.
	sec := sectionsByTestID(d.Markup, tidTitle, tidDescription, tidPopular, tidFacilities, tidGallery, tidHouseRules)
	applyMarkup(l, d.Markup, sec)
	hotel, _ := d.Lodging()
	if hotel != nil {
		applyHotel(l, hotel)
	}
	meta.ApplyJSONLD(l, d)
	markJSONLDParts(l)
	if !l.Has(listing.FieldCoordinates) {
		if lat, lng, ok := latLng(d.Attrs["data-atlas-latlng"]); ok {
			l.Location.Lat, l.Location.Lng = lat, lng
			l.Set(listing.FieldCoordinates, listing.SourceMarkup)
		}
	}
	applyTitleFallbacks(l, page, d, sec[tidTitle])
	meta.ApplyOpenGraph(l, d)
	meta.ApplyMeta(l, d)
	l.SetLanguage(d.Lang)
	l.Finish()
	return l
}

// markJSONLDParts undoes or marks what the generic JSON-LD pass reads
// from Booking.com's markup that is not the whole field.
func markJSONLDParts(l *listing.Listing) {
	if l.Sources[listing.FieldPropertyType] == listing.SourceJSONLD && strings.EqualFold(l.PropertyType, "Hotel") {
		// Booking.com marks every property up as a schema.org Hotel —
		// apartments, holiday homes and machiya too — so the type says
		// nothing about the kind of place.
		l.PropertyType = ""
		delete(l.Sources, listing.FieldPropertyType)
	}
	if l.Sources[listing.FieldDescription] == listing.SourceJSONLD {
		l.SetPartial(listing.FieldDescription, "the description's first sentence (JSON-LD)")
	}
	if l.Sources[listing.FieldPhotos] == listing.SourceJSONLD {
		l.SetPartial(listing.FieldPhotos, "the main photo only (JSON-LD)")
	}
}

// applyHotel reads what the generic JSON-LD pass reads wrong or not at
// all: Booking.com's addressLocality is the street ("372 Strand"), the city
// is inside streetAddress; the map centre is in hasMap; and the "from"
// price is a sentence in priceRange.
func applyHotel(l *listing.Listing, h map[string]any) {
	const src = listing.SourceJSONLD
	addr := meta.Obj(h["address"])
	if addr != nil {
		applyHotelAddress(l, addr)
	}
	if !l.Has(listing.FieldCoordinates) {
		if u, err := url.Parse(meta.Str(h["hasMap"])); err == nil {
			if lat, lng, ok := latLng(u.Query().Get("center")); ok {
				l.Location.Lat, l.Location.Lng = lat, lng
				l.Set(listing.FieldCoordinates, src)
			}
		}
	}
	if l.CoverURL == "" {
		if img := meta.Str(h["image"]); isHTTPS(img) {
			l.CoverURL = img
		}
	}
	if !l.Has(listing.FieldPrice) {
		pr := meta.Str(h["priceRange"])
		if i := strings.LastIndex(pr, " at "); i >= 0 {
			if amt, cur, ok := listing.ParseMoney(pr[i+4:]); ok && amt > 0 {
				period := ""
				if strings.Contains(pr, "per night") {
					period = "night"
				}
				l.Price = &listing.Price{Amount: amt, Currency: cur, Period: period}
				l.Set(listing.FieldPrice, src)
			}
		}
	}
}

// applyHotelAddress fills the region and country, and the city when the
// embedded state did not give it: the part of streetAddress before the
// country, without its postcode ("…, Westminster Borough, London, WC2R
// 0JJ, United Kingdom" → London).
func applyHotelAddress(l *listing.Listing, addr map[string]any) {
	country := meta.Str(addr["addressCountry"])
	if l.Location.Country == "" {
		l.Location.Country = country
	}
	if l.Location.Region == "" {
		l.Location.Region = meta.Str(addr["addressRegion"])
	}
	if l.Location.City == "" {
		street := meta.Str(addr["streetAddress"])
		l.Location.Area, l.Location.City = cityOf(street, country, meta.Str(addr["postalCode"]))
		if locality := strings.TrimSpace(meta.Str(addr["addressLocality"])); l.Location.City == "" && !isStreet(locality, street) {
			l.Location.City = locality
		}
	}
	if !l.Has(listing.FieldLocation) && (l.Location.City != "" || l.Location.Country != "") {
		l.Set(listing.FieldLocation, listing.SourceJSONLD)
	}
}

// isStreet reports whether a JSON-LD addressLocality is in fact the
// street, as Booking.com writes it: numbered, or the start of the
// streetAddress.
func isStreet(locality, street string) bool {
	return hasDigit(locality) || locality != "" && strings.HasPrefix(street, locality+",")
}

// cityOf reads the area and city from a Booking.com streetAddress: the
// last part before the country that is not a postcode, with the postcode
// it may carry taken off ("08001 Barcelona"); the part before it is the
// area when there is one after the street.
func cityOf(street, country, postal string) (area, city string) {
	parts := splitComma(street)
	// The country ends the address, spelt out even where addressCountry
	// abbreviates it ("United Kingdom", "UK").
	if n := len(parts); n >= 3 || n == 2 && strings.EqualFold(parts[1], country) {
		parts = parts[:n-1]
	}
	for i := len(parts) - 1; i >= 1; i-- { // parts[0] is the street
		p := strings.TrimSpace(strings.Replace(parts[i], postal, "", 1))
		if p == "" || hasDigit(p) {
			continue
		}
		if i >= 2 {
			area = parts[i-1]
		}
		return area, p
	}
	return "", ""
}

// latLng reads "38.71,-9.13".
func latLng(s string) (float64, float64, bool) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, false
	}
	lat, ok1 := listing.ParseNumber(a)
	lng, ok2 := listing.ParseNumber(b)
	if !ok1 || !ok2 || lat < -90 || lat > 90 || lng < -180 || lng > 180 || lat == 0 && lng == 0 {
		return 0, 0, false
	}
	return lat, lng, true
}

func splitComma(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }
