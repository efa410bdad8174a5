// Package booking reads Booking.com property pages.
//
// A property page carries schema.org Hotel JSON-LD (name, description,
// aggregateRating on a 10-point scale, address, image, hasMap with the map
// centre, priceRange), the coordinates again in data-atlas-latlng, the
// description block and the "most popular facilities" list in its markup,
// and OpenGraph tags. Parse reads them in that order of trust.
package booking

import (
	"bytes"
	"net/url"
	"strings"

	"golang.org/x/net/html"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// Parse reads a Booking.com property page. It never fails: what it cannot
// read becomes a warning on the listing.
func Parse(page []byte, t listing.Target) *listing.Listing {
	l := listing.New(t)
	d := meta.Extract(page)
	// The markup's description is the full text; JSON-LD's is a summary.
	applyMarkup(l, page)
	meta.ApplyJSONLD(l, d)
	if l.Sources[listing.FieldPropertyType] == listing.SourceJSONLD && strings.EqualFold(l.PropertyType, "Hotel") {
		// Booking.com marks every property up as a schema.org Hotel —
		// apartments, holiday homes and machiya too — so the type says
		// nothing about the kind of place.
		l.PropertyType = ""
		delete(l.Sources, listing.FieldPropertyType)
	}
	hotel, _ := d.Lodging()
	if hotel != nil {
		applyHotel(l, hotel)
	}
	if !l.Has(listing.FieldCoordinates) {
		if lat, lng, ok := latLng(d.Attrs["data-atlas-latlng"]); ok {
			l.Location.Lat, l.Location.Lng = lat, lng
			l.Set(listing.FieldCoordinates, listing.SourceMeta)
		}
	}
	if name := docTitle(d.Title); name != "" && !l.Has(listing.FieldTitle) {
		l.Title = listing.PlainText(name)
		l.Set(listing.FieldTitle, listing.SourceMeta)
	}
	meta.ApplyOpenGraph(l, d)
	meta.ApplyMeta(l, d)
	l.SetLanguage(d.Lang)
	l.Finish()
	return l
}

// applyHotel reads what the generic JSON-LD pass does not: Booking.com's
// address has no locality (the city is inside streetAddress), the map
// centre is in hasMap, and the "from" price is a sentence in priceRange.
func applyHotel(l *listing.Listing, h map[string]any) {
	const src = listing.SourceJSONLD
	addr := meta.Obj(h["address"])
	if street := meta.Str(addr["streetAddress"]); street != "" && l.Location.City == "" {
		parts := splitComma(street)
		country := meta.Str(addr["addressCountry"])
		if n := len(parts); n >= 2 && strings.EqualFold(parts[n-1], country) {
			parts = parts[:n-1]
		}
		postal := meta.Str(addr["postalCode"])
		if n := len(parts); n >= 1 {
			city := strings.TrimSpace(strings.Replace(parts[n-1], postal, "", 1))
			if city != "" && !hasDigit(city) {
				l.Location.City = city
				if n >= 3 {
					l.Location.Area = parts[n-2]
				}
			}
		}
		if l.Location.Country == "" {
			l.Location.Country = country
		}
		if l.Location.Region == "" {
			l.Location.Region = meta.Str(addr["addressRegion"])
		}
		l.Set(listing.FieldLocation, src)
	}
	if !l.Has(listing.FieldCoordinates) {
		if u, err := url.Parse(meta.Str(h["hasMap"])); err == nil {
			if lat, lng, ok := latLng(u.Query().Get("center")); ok {
				l.Location.Lat, l.Location.Lng = lat, lng
				l.Set(listing.FieldCoordinates, src)
			}
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

// applyMarkup reads the description block and the popular facilities list
// from the page's HTML.
func applyMarkup(l *listing.Listing, page []byte) {
	if l.Has(listing.FieldDescription) && l.Has(listing.FieldAmenities) && l.Has(listing.FieldPhotos) {
		return
	}
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return
	}
	var facilities []listing.Amenity
	var photos []listing.Photo
	var walk func(n *html.Node, inFacilities bool)
	walk = func(n *html.Node, inFacilities bool) {
		if n.Type == html.ElementNode {
			switch attr(n, "data-testid") {
			case "property-description":
				if !l.Has(listing.FieldDescription) {
					if text := listing.PlainText(renderInner(n)); text != "" {
						l.Description = text
						l.Set(listing.FieldDescription, listing.SourceMeta)
					}
				}
				return
			case "property-most-popular-facilities-wrapper":
				inFacilities = true
			}
			if inFacilities && n.Data == "li" {
				if name := meta.NodeText(n); name != "" {
					facilities = append(facilities, listing.Amenity{Name: name, Available: true, Group: "Most popular facilities"})
				}
				return
			}
			if u := attr(n, "data-thumb-url"); u != "" || n.Data == "img" && attr(n, "data-testid") == "gallery-image" {
				if u == "" {
					u = attr(n, "src")
				}
				if strings.HasPrefix(u, "https://") {
					photos = append(photos, listing.Photo{URL: u, Caption: altOf(n)})
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inFacilities)
		}
	}
	walk(doc, false)
	if len(facilities) > 0 && !l.Has(listing.FieldAmenities) {
		// The page's "most popular facilities": a short list, not all the
		// property offers.
		l.AmenitiesPartial = true
		l.Amenities = facilities
		l.Set(listing.FieldAmenities, listing.SourceMeta)
	}
	if len(photos) > 0 {
		seen := map[string]bool{}
		for _, p := range l.Photos {
			seen[p.URL] = true
		}
		added := false
		for _, p := range photos {
			if !seen[p.URL] {
				seen[p.URL] = true
				l.Photos = append(l.Photos, p)
				added = true
			}
		}
		if added && !l.Has(listing.FieldPhotos) {
			l.Set(listing.FieldPhotos, listing.SourceMeta)
		}
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// altOf returns n's alt text, or that of the first image inside it.
func altOf(n *html.Node) string {
	if a := attr(n, "alt"); a != "" {
		return a
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if a := altOf(c); a != "" {
			return a
		}
	}
	return ""
}

func renderInner(n *html.Node) string {
	var b bytes.Buffer
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		_ = html.Render(&b, c)
	}
	return b.String()
}

// docTitle strips Booking.com's title decorations: "Casa do Alfama,
// Lisbon (updated prices 2026)" or "… – Booking.com".
func docTitle(t string) string {
	t = strings.TrimSpace(t)
	if i := strings.Index(t, " (updated prices"); i > 0 {
		t = t[:i]
	}
	for _, sfx := range []string{" – Booking.com", " - Booking.com", " | Booking.com"} {
		t = strings.TrimSuffix(t, sfx)
	}
	if strings.EqualFold(t, "Booking.com") || strings.HasPrefix(t, "Booking.com:") {
		return ""
	}
	return t
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
