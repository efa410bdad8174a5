// Package vrbo reads Vrbo listing pages.
//
// A Vrbo property page (Expedia's Blossom "Hotel-Information" page) carries
// the listing three times over:
//   - window.__APOLLO_STATE__, the GraphQL cache the page renders from
//     (apollo.go): everything, including what the page loads only on a
//     click — all the gallery's photos, every amenity, the whole
//     description;
//   - schema.org data: a BreadcrumbList JSON-LD naming the place, itemprop
//     microdata (name, coordinates, aggregateRating), and on some pages a
//     VacationRental JSON-LD;
//   - the rendered markup (markup.go): the title block, "Sleeps 9", the
//     rating, house rules, host — and previews of the gallery and the
//     amenities.
//
// Parse reads them in that order of trust and fills each field once, from
// the first source that has it, recording that source. <title> and
// OpenGraph are the last resort, and a preview (og:description, one
// og:image, the popular amenities) is marked as such, never passed off as
// the whole.
package vrbo

import (
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// Parse reads a Vrbo listing page. It never fails: what it cannot read
// becomes a warning on the listing.
func Parse(page []byte, t listing.Target) *listing.Listing {
	l := listing.New(t)
	d := meta.Extract(page)
	applyBreadcrumb(l, d)
	a := readApollo(page)
	if a != nil {
		applyApollo(l, a)
	}
	meta.ApplyJSONLD(l, d)
	if seo := seoJSONLD(a); seo != nil {
		meta.ApplyJSONLD(l, seo)
	}
	if needsMarkup(l) {
		if root := parseMarkup(page); root != nil {
			applyMarkup(l, root)
		}
	}
	applyPreviewTags(l, d)
	l.SetLanguage(d.Lang)
	l.Finish()
	return l
}

// needsMarkup reports whether a field the markup shows is still unread;
// on a whole page the state has them all and the markup is not parsed.
func needsMarkup(l *listing.Listing) bool {
	for _, f := range []string{listing.FieldTitle, listing.FieldDescription, listing.FieldPhotos, listing.FieldAmenities,
		listing.FieldCapacity, listing.FieldBedrooms, listing.FieldBaths, listing.FieldRating, listing.FieldReviewCount,
		listing.FieldHost, listing.FieldHouseRules, listing.FieldCoordinates, listing.FieldRoomType, listing.FieldPropertyType} {
		if !l.Has(f) {
			return true
		}
	}
	return l.CoverURL == ""
}

// applyPreviewTags is the last resort: the document title and OpenGraph
// tags, which a search engine or a chat preview shows. Vrbo's document
// title is "Name - Place | Vrbo"; a <title> without that ending is not the
// page's own (an icon's <title> in a copy of <body> is the first one
// there), so it never names the listing.
func applyPreviewTags(l *listing.Listing, d *meta.Doc) {
	if name := docTitle(d.Title); name != "" && !l.Has(listing.FieldTitle) {
		l.Title = listing.PlainText(name)
		l.Set(listing.FieldTitle, listing.SourceMeta)
	}
	if name := docTitle(d.Get("og:title")); name != "" && !l.Has(listing.FieldTitle) {
		l.Title = listing.PlainText(name)
		l.Set(listing.FieldTitle, listing.SourceOpenGraph)
	}
	// og:title is the document title, read above or refused; without it
	// ApplyOpenGraph only fills the rest: a summary as the description,
	// og:image as the cover and a one-photo sample, both marked as
	// previews by their source.
	og := *d
	og.Meta = make(map[string]string, len(d.Meta))
	for k, v := range d.Meta {
		if k != "og:title" && k != "twitter:title" {
			og.Meta[k] = v
		}
	}
	meta.ApplyOpenGraph(l, &og)
	if s := d.Get("description"); s != "" && !l.Has(listing.FieldDescription) {
		l.Description = listing.PlainText(s)
		l.Set(listing.FieldDescription, listing.SourceMeta)
	}
}

// docTitle is the listing's name in a Vrbo document title, "Name - Place
// | Vrbo" → "Name"; "" for a title that is not one (the bare site name,
// an icon's "Share button").
func docTitle(t string) string {
	t = strings.TrimSpace(t)
	name, ok := "", false
	for _, sfx := range []string{" | Vrbo", " - Vrbo"} {
		if s, cut := strings.CutSuffix(t, sfx); cut {
			name, ok = strings.TrimSpace(s), true
			break
		}
	}
	if !ok || name == "" || strings.EqualFold(name, "Vrbo") {
		return ""
	}
	if i := strings.LastIndex(name, " - "); i > 0 {
		name = strings.TrimSpace(name[:i])
	}
	return name
}

// applyBreadcrumb reads the place from the BreadcrumbList JSON-LD: Home ›
// Vacation Rentals › Spain › Balearic Islands › Formentera › the listing.
// The places are the crumbs linking under /vacation-rentals/, widest
// first.
func applyBreadcrumb(l *listing.Listing, d *meta.Doc) {
	if l.Has(listing.FieldLocation) {
		return
	}
	for _, o := range d.JSONLD {
		if meta.Str(o["@type"]) != "BreadcrumbList" {
			continue
		}
		places := breadcrumbPlaces(o)
		if len(places) == 0 {
			continue
		}
		loc := listing.Location{Country: places[0]}
		if n := len(places); n >= 2 {
			loc.City = places[n-1]
		}
		if len(places) >= 3 {
			loc.Region = places[1]
		}
		l.Location.City, l.Location.Region, l.Location.Country = loc.City, loc.Region, loc.Country
		l.Set(listing.FieldLocation, listing.SourceJSONLD)
		return
	}
}

func breadcrumbPlaces(o map[string]any) []string {
	items := meta.List(o["itemListElement"])
	byPos := make([]string, len(items)+1)
	for _, it := range items {
		it := meta.Obj(it)
		pos, ok := meta.Num(it["position"])
		u := meta.Str(it["item"])
		if id := meta.Str(meta.Obj(it["item"])["@id"]); u == "" && id != "" {
			u = id
		}
		_, under, found := strings.Cut(u, "/vacation-rentals/")
		if !ok || pos < 1 || int(pos) > len(items) || !found || strings.Trim(under, "/") == "" {
			continue
		}
		byPos[int(pos)] = meta.Str(it["name"])
	}
	var places []string
	for _, p := range byPos {
		if p != "" {
			places = append(places, p)
		}
	}
	return places
}
