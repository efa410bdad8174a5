package meta

import (
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// ApplyOpenGraph fills still-empty fields of l from OpenGraph tags.
func ApplyOpenGraph(l *listing.Listing, d *Doc) {
	const src = listing.SourceOpenGraph
	// The site's own slogan in og:title or twitter:title (a page whose
	// listing did not load still carries it) is no listing's name.
	if s := listingTitle(d.Get("og:title"), d.Get("twitter:title")); s != "" && !l.Has(listing.FieldTitle) {
		l.Title = listing.PlainText(s)
		l.Set(listing.FieldTitle, src)
	}
	if s := d.Get("og:description", "twitter:description"); s != "" && !l.Has(listing.FieldDescription) {
		l.Description = listing.PlainText(s)
		l.Set(listing.FieldDescription, src)
	}
	if l.CoverURL == "" && len(d.Images) > 0 && isHTTPURL(d.Images[0].URL) {
		// The page's own preview image is its cover.
		l.CoverURL = d.Images[0].URL
	}
	if !l.Has(listing.FieldPhotos) {
		var photos []listing.Photo
		for _, img := range d.Images {
			if isHTTPURL(img.URL) {
				photos = appendPhoto(photos, listing.Photo{URL: img.URL, Caption: img.Alt})
			}
		}
		if len(photos) > 0 {
			l.Photos = photos
			l.Set(listing.FieldPhotos, src)
		}
	}
	if !l.Has(listing.FieldCoordinates) {
		lat, ok1 := listing.ParseNumber(d.Get("place:location:latitude", "og:latitude"))
		lng, ok2 := listing.ParseNumber(d.Get("place:location:longitude", "og:longitude"))
		if ok1 && ok2 && validLatLng(lat, lng) {
			l.Location.Lat, l.Location.Lng = lat, lng
			l.Set(listing.FieldCoordinates, src)
		}
	}
	if !l.Has(listing.FieldLocation) {
		loc := listing.Location{City: d.Get("og:locality"), Region: d.Get("og:region"), Country: d.Get("og:country-name")}
		if loc.City != "" || loc.Country != "" {
			l.Location.City, l.Location.Region, l.Location.Country = loc.City, loc.Region, loc.Country
			l.Set(listing.FieldLocation, src)
		}
	}
	if !l.Has(listing.FieldPrice) {
		if amt, ok := listing.ParseNumber(d.Get("product:price:amount", "og:price:amount")); ok && amt > 0 {
			l.Price = &listing.Price{Amount: amt, Currency: strings.ToUpper(d.Get("product:price:currency", "og:price:currency"))}
			l.Set(listing.FieldPrice, src)
		}
	}
}

// ApplyMeta fills title and description from <title> and <meta
// name="description">, the last resort.
func ApplyMeta(l *listing.Listing, d *Doc) {
	if d.Title != "" && !SiteTitle(d.Title) && !l.Has(listing.FieldTitle) {
		l.Title = listing.PlainText(d.Title)
		l.Set(listing.FieldTitle, listing.SourceMeta)
	}
	if s := d.Get("description"); s != "" && !l.Has(listing.FieldDescription) {
		l.Description = listing.PlainText(s)
		l.Set(listing.FieldDescription, listing.SourceMeta)
	}
}

// Apply runs every fallback in order of trust: JSON-LD, OpenGraph, meta.
func Apply(l *listing.Listing, d *Doc) {
	ApplyJSONLD(l, d)
	ApplyOpenGraph(l, d)
	ApplyMeta(l, d)
}

// Parse is the generic parser: whatever JSON-LD, OpenGraph and meta tags
// say, for a page of a supported site no platform parser reads.
func Parse(page []byte, t listing.Target) *listing.Listing {
	l := listing.New(t)
	d := Extract(page)
	Apply(l, d)
	l.SetLanguage(d.Lang)
	l.Finish()
	return l
}
