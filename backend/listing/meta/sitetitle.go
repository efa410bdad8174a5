package meta

import (
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// siteBrands are the names sites put first in the titles of their own
// pages (home, search, error pages): "Airbnb | Vacation rentals, cabins,
// beach houses, & more", "Airbnb: aluguéis por temporada…", "Booking.com:
// Hoteles en Tlaxcala", "Vrbo | Vacation Rentals…". A listing's title puts
// the site last ("Sunny loft - … - Airbnb", "Barbarosa Formentera -
// Formentera | Vrbo"), so a brand first is the site speaking, not a host.
var siteBrands = []string{"airbnb", "vrbo", "booking.com", "booking", "expedia", "homeaway", "hotels.com"}

// SiteTitle reports whether title is a site's own title or slogan rather
// than a listing's name: the brand alone, or the brand followed by a
// separator. A listing named "Airbnb Loft Downtown" is not one (no
// separator after the brand).
func SiteTitle(title string) bool {
	t := strings.TrimSpace(prose.Fold(listing.PlainText(title)))
	for _, b := range siteBrands {
		rest, ok := strings.CutPrefix(t, b)
		if !ok {
			continue
		}
		rest = strings.TrimSpace(rest)
		if rest == "" || strings.ContainsRune("|:-–—·•", []rune(rest)[0]) {
			return true
		}
	}
	return false
}

// listingTitle is the first of titles that may be a listing's name: not
// empty and not the site's own title.
func listingTitle(titles ...string) string {
	for _, s := range titles {
		if s != "" && !SiteTitle(s) {
			return s
		}
	}
	return ""
}
