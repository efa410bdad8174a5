package vrbo

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// applyApollo fills l from the page's Apollo state: everything the page
// shows, including what it loads only on a click (all the gallery's photos,
// every amenity, the whole description), so nothing read here is partial.
func applyApollo(l *listing.Listing, a *apolloState) {
	var h headline
	if a.query("productHeadline", &h) {
		applyHeadline(l, h)
	}
	var g gallery
	if a.query("productGallery", &g) {
		applyGallery(l, g)
	}
	var r ratingSummary
	if a.query("productRatingSummary", &r) {
		applyRating(l, r)
	}
	var loc locationQuery
	if a.query("location", &loc) {
		applyCoordinates(l, loc.Address.Coordinates, listing.SourceEmbedded)
	}
	if p := a.property(); p != nil {
		for _, it := range p.highlighted {
			applyDetail(l, it.Primary.Graphic.ID, it.Text, listing.SourceEmbedded)
		}
		applyAmenities(l, p.amenities)
		if p.groups != nil {
			applyDescription(l, p.groups.AboutThisProperty.elements())
			applyHost(l, p.groups.AboutThisHost.elements())
			applyPolicies(l, p.groups.Policies.elements())
		}
	}
}

func applyHeadline(l *listing.Listing, h headline) {
	const src = listing.SourceEmbedded
	if name := strings.TrimSpace(h.Primary); name != "" && !l.Has(listing.FieldTitle) {
		l.Title = listing.PlainText(name)
		l.Set(listing.FieldTitle, src)
	}
	for _, m := range h.FeaturedMessages {
		if rt := roomType(m.Text); rt != "" && !l.Has(listing.FieldRoomType) {
			l.RoomType = rt
			l.Set(listing.FieldRoomType, src)
		}
	}
	// The line under the name is Expedia's summary of the property,
	// "Waterfront villa with a fitness center…": its type is the first
	// lodging word in it.
	for _, m := range h.SupportingMessages {
		if pt := propertyTypeIn(m.Text); pt != "" && !l.Has(listing.FieldPropertyType) {
			l.PropertyType = pt
			l.Set(listing.FieldPropertyType, src)
		}
	}
}

// seoJSONLD is the VacationRental JSON-LD the headline carries for search
// engines, as a Doc the shared JSON-LD reader can fill gaps from.
func seoJSONLD(a *apolloState) *meta.Doc {
	var h headline
	if a == nil || !a.query("productHeadline", &h) || h.SEOStructuredData == "" {
		return nil
	}
	var o map[string]any
	if json.Unmarshal([]byte(h.SEOStructuredData), &o) != nil {
		return nil
	}
	// Its address is Expedia's locality ("Venda de sa Talaiassa -
	// Formentera") and a country code ("ESP"): the breadcrumb names the
	// place better, and a code is no country name. Its description is the
	// one-line summary under the name, and its image one photo: previews
	// that must not stand in for the description and the gallery.
	for _, k := range []string{"address", "description", "image"} {
		delete(o, k)
	}
	return &meta.Doc{JSONLD: []map[string]any{o}, Meta: map[string]string{}}
}

// applyGallery reads the "All photos" category: every photo of the
// listing, with the caption the gallery shows.
func applyGallery(l *listing.Listing, g gallery) {
	if l.Has(listing.FieldPhotos) {
		return
	}
	all := g.CategoryIDAll
	if all == "" {
		all = "all"
	}
	var images []galleryImage
	for _, c := range g.CategorizedImages {
		if c.CategoryID == all {
			images = c.Images
			break
		}
	}
	if images == nil {
		// No "all" category: the categories together, each photo once.
		for _, c := range g.CategorizedImages {
			images = append(images, c.Images...)
		}
	}
	// Vrbo files each photo under the gallery's categories ("Bedrooms",
	// "Bathroom", "Pool"): a photo it has not classified itself is known
	// by the first category that holds it.
	category := map[string]string{}
	for _, c := range g.CategorizedImages {
		name := strings.TrimSpace(c.CategoryName)
		if c.CategoryID == all || name == "" {
			continue
		}
		for _, im := range c.Images {
			if key := imageKey(im); key != "" && category[key] == "" {
				category[key] = name
			}
		}
	}
	seen := map[string]bool{}
	var photos []listing.Photo
	for _, im := range images {
		u := strings.TrimSpace(im.Image.URL)
		id := im.Analytics.ImageID
		if id == "" {
			id = u
		}
		if !strings.HasPrefix(u, "https://") || seen[id] {
			continue
		}
		seen[id] = true
		// image.description is Vrbo's own classification of the photo
		// ("Exterior", "Room", "Game room"; the item says "Unclassified
		// image, 16 of 43" when it has none), not words the host wrote:
		// like Airbnb's generated labels, it is no caption.
		label := strings.TrimSpace(im.Image.Label)
		if label == "" {
			label = category[imageKey(im)]
		}
		photos = append(photos, listing.Photo{URL: u, Label: label})
	}
	if len(photos) == 0 {
		return
	}
	l.Photos = photos
	l.CoverURL = photos[0].URL
	l.Set(listing.FieldPhotos, listing.SourceEmbedded)
}

// imageKey is a gallery photo's id, else its address.
func imageKey(im galleryImage) string {
	if id := strings.TrimSpace(im.Analytics.ImageID); id != "" {
		return id
	}
	return strings.TrimSpace(im.Image.URL)
}

func applyRating(l *listing.Listing, r ratingSummary) {
	const src = listing.SourceEmbedded
	seo := map[string]string{}
	for _, d := range r.Metadata.SEOData {
		seo[d.Itemprop] = d.Content
	}
	if !l.Has(listing.FieldRating) {
		v, scale, ok := ratingOf(seo["ratingValue"], seo["bestRating"])
		if !ok {
			v, scale, ok = ratingText(r.Summary.Primary + " " + r.Summary.AccessibilityLabel)
		}
		if ok {
			l.Ratings.Overall, l.Ratings.Scale = v, scale
			l.Set(listing.FieldRating, src)
		}
	}
	if !l.Has(listing.FieldReviewCount) {
		n, ok := listing.ParseNumber(seo["reviewCount"])
		for _, m := range r.Summary.SupportingMessages {
			if !ok {
				n, ok = reviewCount(m.Link.Text)
			}
		}
		if ok {
			l.ReviewCount = int(n)
			l.Set(listing.FieldReviewCount, src)
		}
	}
}

// ratingOf reads a rating and its scale as microdata gives them; Vrbo's
// pages rate out of 10 (older ones out of 5), and a rating without its
// scale is not read.
func ratingOf(value, best string) (v, scale float64, ok bool) {
	v, ok1 := listing.ParseNumber(value)
	scale, ok2 := listing.ParseNumber(best)
	if !ok1 || !ok2 || v <= 0 || scale <= 0 || v > scale {
		return 0, 0, false
	}
	return v, scale, true
}

func applyCoordinates(l *listing.Listing, c coordinates, src string) {
	if l.Has(listing.FieldCoordinates) || c.Latitude == nil || c.Longitude == nil {
		return
	}
	if lat, lng := *c.Latitude, *c.Longitude; validLatLng(lat, lng) {
		l.Location.Lat, l.Location.Lng = lat, lng
		l.Set(listing.FieldCoordinates, src)
	}
}

func validLatLng(lat, lng float64) bool {
	return lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && !(lat == 0 && lng == 0)
}

// applyAmenities reads every amenity, in the page's groups; only when the
// state lacks the full list do the popular few serve, marked partial.
func applyAmenities(l *listing.Listing, am *amenitiesSummary) {
	if am == nil || l.Has(listing.FieldAmenities) {
		return
	}
	var groups []infoContent
	for _, s := range am.Amenities {
		groups = append(groups, s.Contents...)
	}
	if countItems(groups) == 0 {
		groups = am.Takeover.Property
	}
	var out []listing.Amenity
	for _, g := range groups {
		for _, it := range g.InfoItems {
			if name := strings.TrimSpace(it.Text); name != "" {
				out = append(out, listing.Amenity{Name: name, Available: true, Group: strings.TrimSpace(g.Header.Text)})
			}
		}
	}
	if len(out) > 0 {
		l.Amenities = out
		l.Set(listing.FieldAmenities, listing.SourceEmbedded)
		return
	}
	for _, it := range am.TopAmenities.InfoItems {
		if name := strings.TrimSpace(it.Text); name != "" {
			out = append(out, listing.Amenity{Name: name, Available: true})
		}
	}
	if len(out) > 0 {
		l.Amenities = out
		l.Set(listing.FieldAmenities, listing.SourceEmbedded)
		l.SetPartial(listing.FieldAmenities, "the "+strconv.Itoa(len(out))+" popular amenities the page shows first")
	}
}

func countItems(groups []infoContent) int {
	n := 0
	for _, g := range groups {
		n += len(g.InfoItems)
	}
	return n
}

// applyDescription joins the "About this property" items, each a block
// of HTML, as paragraphs; an element headed by other than the listing's
// name keeps its heading as a line of its own.
func applyDescription(l *listing.Listing, elems []contentElement) {
	if l.Has(listing.FieldDescription) {
		return
	}
	var parts []string
	for _, e := range elems {
		if h := strings.TrimSpace(e.Header.Text); h != "" && h != l.Title {
			parts = append(parts, listing.PlainText(h))
		}
		for _, t := range e.texts() {
			if p := listing.PlainText(t); p != "" {
				parts = append(parts, p)
			}
		}
	}
	if len(parts) == 0 {
		return
	}
	l.Description = strings.Join(parts, "\n\n")
	l.Set(listing.FieldDescription, listing.SourceEmbedded)
}

func applyHost(l *listing.Listing, elems []contentElement) {
	for _, e := range elems {
		if name := hostName(e.Header.Text); name != "" && !l.Has(listing.FieldHost) {
			l.Host.Name = name
			l.Set(listing.FieldHost, listing.SourceEmbedded)
		}
	}
}

func applyPolicies(l *listing.Listing, elems []contentElement) {
	if l.Has(listing.FieldHouseRules) {
		return
	}
	var r listing.HouseRules
	for _, e := range elems {
		for _, t := range e.texts() {
			addRule(&r, e.Header.Text, listing.PlainText(t))
		}
	}
	if !r.IsZero() {
		l.HouseRules = r
		l.Set(listing.FieldHouseRules, listing.SourceEmbedded)
	}
}
