package vrbo

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The rendered page, for what the state did not give: a copy saved
// without its scripts (DevTools "Copy outerHTML" of <body>, a reader
// extension) still shows the title block, the overview facts, the rating,
// the description, the house rules and the host. What the markup shows of
// the gallery and the amenities is a preview, marked partial.

// parseMarkup is the page's element tree, script bodies left out: they are
// most of a Vrbo page's bytes and none of its markup.
func parseMarkup(page []byte) *html.Node {
	root, err := html.Parse(bytes.NewReader(withoutScripts(page)))
	if err != nil {
		return nil
	}
	return root
}

// withoutScripts is page with every <script> element's body removed.
func withoutScripts(page []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(page) / 3)
	rest := page
	for {
		i := indexFold(rest, "<script")
		if i < 0 {
			out.Write(rest)
			return out.Bytes()
		}
		end := bytes.IndexByte(rest[i:], '>')
		if end < 0 {
			out.Write(rest)
			return out.Bytes()
		}
		out.Write(rest[:i+end+1])
		rest = rest[i+end+1:]
		k := indexFold(rest, "</script")
		if k < 0 {
			return out.Bytes()
		}
		rest = rest[k:]
	}
}

// indexFold is bytes.Index for an ASCII lower-case needle, in any case.
func indexFold(b []byte, needle string) int {
	off := 0
	for {
		k := bytes.IndexByte(b[off:], '<')
		if k < 0 {
			return -1
		}
		k += off
		if k+len(needle) <= len(b) && strings.EqualFold(string(b[k:k+len(needle)]), needle) {
			return k
		}
		off = k + 1
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

// find is the first element under n (n included) for which match holds.
func find(n *html.Node, match func(*html.Node) bool) *html.Node {
	if n.Type == html.ElementNode && match(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, match); f != nil {
			return f
		}
	}
	return nil
}

// findAll is every element under n for which match holds, in page order,
// not looking inside a match.
func findAll(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			out = append(out, n)
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func hasAttr(key, val string) func(*html.Node) bool {
	return func(n *html.Node) bool { return attr(n, key) == val }
}

func isTag(a atom.Atom) func(*html.Node) bool {
	return func(n *html.Node) bool { return n.DataAtom == a }
}

// shownText is the text a person sees in n, spaces collapsed. An icon's
// <svg> carries a <title> ("Share button") for screen readers, never shown:
// it is left out, as are the subtrees skip matches.
func shownText(n *html.Node, skip func(*html.Node) bool) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
			b.WriteByte(' ')
			return
		case n.Type == html.ElementNode && (n.DataAtom == atom.Svg || n.DataAtom == atom.Script || n.DataAtom == atom.Style || n.DataAtom == atom.Template):
			return
		case n.Type == html.ElementNode && skip != nil && skip(n):
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// insideAny reports whether n sits in an element of one of the tags.
func insideAny(n *html.Node, tags ...atom.Atom) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		for _, t := range tags {
			if p.DataAtom == t {
				return true
			}
		}
	}
	return false
}

// applyMarkup fills what is still missing from the rendered page.
func applyMarkup(l *listing.Listing, root *html.Node) {
	applyTitleBlock(l, root)
	applyOverview(l, root)
	applyRatingBlock(l, root)
	applyAboutMarkup(l, root)
	applyRulesMarkup(l, root)
	applyHostMarkup(l, root)
	applyAmenitiesMarkup(l, root)
	applyGalleryMarkup(l, root)
	applyMicrodataPlace(l, root)
}

// applyTitleBlock reads data-stid="content-hotel-title": "Entire home",
// the h1, and the summary line under it. A page without that block gives
// its title from its one visible h1, never from an icon or a button.
func applyTitleBlock(l *listing.Listing, root *html.Node) {
	const src = listing.SourceMarkup
	block := find(root, hasAttr("data-stid", "content-hotel-title"))
	scope := root
	if block != nil {
		scope = block
	}
	h1 := find(scope, func(n *html.Node) bool {
		return n.DataAtom == atom.H1 && !insideAny(n, atom.Svg, atom.Button)
	})
	if h1 != nil && !l.Has(listing.FieldTitle) {
		if t := shownText(h1, isTag(atom.Button)); t != "" {
			l.Title = t
			l.Set(listing.FieldTitle, src)
		}
	}
	if block == nil {
		return
	}
	for _, s := range findAll(block, isTag(atom.Span)) {
		if rt := roomType(shownText(s, nil)); rt != "" && !l.Has(listing.FieldRoomType) {
			l.RoomType = rt
			l.Set(listing.FieldRoomType, src)
		}
	}
	if h1 == nil || l.Has(listing.FieldPropertyType) {
		return
	}
	for sib := h1.NextSibling; sib != nil; sib = sib.NextSibling {
		if sib.Type == html.ElementNode && sib.DataAtom != atom.Meta {
			if pt := propertyTypeIn(shownText(sib, nil)); pt != "" {
				l.PropertyType = pt
				l.Set(listing.FieldPropertyType, src)
			}
			return
		}
	}
}

// reOverviewFact is one of the overview's facts as a line of its own.
var reOverviewFact = regexp.MustCompile(`(?i)^(?:\d+\+? (?:bedrooms?|bathrooms?|beds?)|sleeps \d+)$`)

// applyOverview reads "5 bedrooms", "3+ bathrooms", "Sleeps 9": whole
// lines only, so the search form's "2 guests" is never the capacity.
func applyOverview(l *listing.Listing, root *html.Node) {
	for _, n := range findAll(root, isTag(atom.Span)) {
		if t := shownText(n, nil); reOverviewFact.MatchString(t) {
			applyDetail(l, "", t, listing.SourceMarkup)
		}
	}
}

// applyRatingBlock reads the aggregateRating microdata, else the shown
// "10 out of 10" and "See all 15 verified reviews".
func applyRatingBlock(l *listing.Listing, root *html.Node) {
	const src = listing.SourceMarkup
	props := map[string]string{}
	if agg := find(root, hasAttr("itemprop", "aggregateRating")); agg != nil {
		for _, m := range findAll(agg, isTag(atom.Meta)) {
			props[attr(m, "itemprop")] = attr(m, "content")
		}
	}
	block := find(root, hasAttr("data-stid", "content-hotel-reviewsummary"))
	if !l.Has(listing.FieldRating) {
		v, scale, ok := ratingOf(props["ratingValue"], props["bestRating"])
		if !ok && block != nil {
			v, scale, ok = ratingText(shownText(block, nil))
		}
		if ok {
			l.Ratings.Overall, l.Ratings.Scale = v, scale
			l.Set(listing.FieldRating, src)
		}
	}
	if !l.Has(listing.FieldReviewCount) {
		n, ok := listing.ParseNumber(props["reviewCount"])
		if link := find(root, hasAttr("data-stid", "reviews-link")); !ok && link != nil {
			n, ok = reviewCount(shownText(link, nil))
		}
		if ok {
			l.ReviewCount = int(n)
			l.Set(listing.FieldReviewCount, src)
		}
	}
}

// applyAboutMarkup reads "About this property": the content-item marked
// itemprop="description", its content-markup blocks as paragraphs.
func applyAboutMarkup(l *listing.Listing, root *html.Node) {
	if l.Has(listing.FieldDescription) {
		return
	}
	item := find(root, func(n *html.Node) bool {
		return attr(n, "itemprop") == "description" && attr(n, "data-stid") == "content-item"
	})
	if item == nil {
		return
	}
	var parts []string
	for _, m := range findAll(item, hasAttr("data-stid", "content-markup")) {
		var b bytes.Buffer
		for c := m.FirstChild; c != nil; c = c.NextSibling {
			_ = html.Render(&b, c)
		}
		if p := listing.PlainText(b.String()); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) > 0 {
		l.Description = strings.Join(parts, "\n\n")
		l.Set(listing.FieldDescription, listing.SourceMarkup)
	}
}

// applyRulesMarkup reads the "House Rules" block: each content-item is a
// rule line, or a heading (h3 "Pets") over its rule ("Pets allowed").
func applyRulesMarkup(l *listing.Listing, root *html.Node) {
	if l.Has(listing.FieldHouseRules) {
		return
	}
	block := find(root, hasAttr("id", "House Rules"))
	if block == nil {
		return
	}
	var r listing.HouseRules
	isItem := hasAttr("data-stid", "content-item")
	for _, item := range findAllNested(block, isItem) {
		heading := ""
		if h := find(item, isTag(atom.H3)); h != nil {
			heading = shownText(h, nil)
		}
		body := shownText(item, func(n *html.Node) bool { return n.DataAtom == atom.H3 || (n != item && isItem(n)) })
		addRule(&r, heading, body)
	}
	if !r.IsZero() {
		l.HouseRules = r
		l.Set(listing.FieldHouseRules, listing.SourceMarkup)
	}
}

// findAllNested is every element under n for which match holds, matches
// inside matches included.
func findAllNested(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func applyHostMarkup(l *listing.Listing, root *html.Node) {
	if l.Has(listing.FieldHost) {
		return
	}
	scope := find(root, hasAttr("id", "Host"))
	if scope == nil {
		scope = root
	}
	for _, h := range findAll(scope, isTag(atom.H3)) {
		if name := hostName(shownText(h, nil)); name != "" {
			l.Host.Name = name
			l.Set(listing.FieldHost, listing.SourceMarkup)
			return
		}
	}
}

var reSeeAllAmenities = regexp.MustCompile(`(?i)see all (\d+) amenities`)

// applyAmenitiesMarkup reads the amenities the page lists (the popular
// few) and, from "See all 91 amenities", how many it has: a preview,
// marked partial.
func applyAmenitiesMarkup(l *listing.Listing, root *html.Node) {
	if l.Has(listing.FieldAmenities) {
		return
	}
	total := 0
	for _, b := range findAll(root, isTag(atom.Button)) {
		if m := reSeeAllAmenities.FindStringSubmatch(shownText(b, nil)); m != nil {
			total, _ = strconv.Atoi(m[1])
			break
		}
	}
	var names []string
	if sec := find(root, hasAttr("id", "Amenities")); sec != nil {
		for _, it := range findAll(sec, hasAttr("data-stid", "content-item")) {
			names = append(names, shownText(it, nil))
		}
	}
	if len(names) == 0 {
		if sec := find(root, hasAttr("id", "PopularAmenities")); sec != nil {
			for _, li := range findAll(sec, isTag(atom.Li)) {
				names = append(names, shownText(li, nil))
			}
		}
	}
	var am []listing.Amenity
	for _, n := range names {
		if n != "" {
			am = append(am, listing.Amenity{Name: n, Available: true})
		}
	}
	if len(am) == 0 {
		return
	}
	l.Amenities = am
	l.Set(listing.FieldAmenities, listing.SourceMarkup)
	shown := "the " + strconv.Itoa(len(am)) + " popular amenities the page shows"
	if total > len(am) {
		shown += " of the " + strconv.Itoa(total) + " it lists"
	}
	l.SetPartial(listing.FieldAmenities, shown)
}

var reShowAllImages = regexp.MustCompile(`(?i)show all (\d+) images`)

// applyGalleryMarkup reads the gallery's tiles: the few photos the page
// loads before a click, marked partial.
func applyGalleryMarkup(l *listing.Listing, root *html.Node) {
	if l.Has(listing.FieldPhotos) {
		return
	}
	seen := map[string]bool{}
	var photos []listing.Photo
	for _, fig := range findAll(root, isTag(atom.Figure)) {
		img := find(fig, isTag(atom.Img))
		if img == nil {
			continue
		}
		u := attr(img, "src")
		if !isListingPhoto(u) || seen[photoKey(u)] {
			continue
		}
		seen[photoKey(u)] = true
		// The tile's alt is Vrbo's classification of the photo
		// ("Exterior", "Outdoor dining"), the state's image.description:
		// a label, not words the host wrote.
		photos = append(photos, listing.Photo{URL: u, Label: strings.TrimSpace(attr(img, "alt"))})
	}
	if len(photos) == 0 {
		return
	}
	l.Photos = photos
	if l.CoverURL == "" {
		l.CoverURL = photos[0].URL
	}
	l.Set(listing.FieldPhotos, listing.SourceMarkup)
	shown := "the " + strconv.Itoa(len(photos)) + " photos the gallery shows before a click"
	for _, b := range findAll(root, isTag(atom.Button)) {
		if m := reShowAllImages.FindStringSubmatch(attr(b, "aria-label")); m != nil {
			shown += " (it says " + m[1] + "+ more)"
			break
		}
	}
	l.SetPartial(listing.FieldPhotos, shown)
}

// isListingPhoto: the gallery's photos are on Vrbo's and Expedia's image
// hosts; a map tile or an icon is not a photo.
func isListingPhoto(u string) bool {
	return strings.HasPrefix(u, "https://media.vrbo.com/") || strings.HasPrefix(u, "https://images.trvl-media.com/") ||
		strings.HasPrefix(u, "https://mediaim.expedia.com/lodging/")
}

// photoKey is a photo's URL without its resize query, so one photo in
// two sizes counts once.
func photoKey(u string) string {
	if i := strings.IndexByte(u, '?'); i >= 0 {
		return u[:i]
	}
	return u
}

// applyMicrodataPlace reads the itemprop latitude/longitude pair and the
// itemprop image (the gallery's first photo) as the cover.
func applyMicrodataPlace(l *listing.Listing, root *html.Node) {
	metas := findAll(root, isTag(atom.Meta))
	props := map[string]string{}
	for _, m := range metas {
		if p := attr(m, "itemprop"); p != "" {
			if _, dup := props[p]; !dup {
				props[p] = attr(m, "content")
			}
		}
	}
	lat, ok1 := listing.ParseNumber(props["latitude"])
	lng, ok2 := listing.ParseNumber(props["longitude"])
	if ok1 && ok2 {
		applyCoordinates(l, coordinates{Latitude: &lat, Longitude: &lng}, listing.SourceMarkup)
	}
	if u := props["image"]; l.CoverURL == "" && isListingPhoto(u) {
		l.CoverURL = u
	}
}
