package booking

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// The rendered page is 1.5–2 MB, most of it script and markup we do not
// need. Rather than parse it into a tree, the reader finds each section it
// wants by its data-testid (a byte search) and tokenizes that element
// alone.

// Sections by their data-testid.
const (
	tidTitle       = "title" // the name in the header of some layouts
	tidDescription = "property-description"
	tidPopular     = "property-most-popular-facilities-wrapper"
	tidFacilities  = "property-facilities-block-container"
	tidGallery     = "GalleryUnifiedDesktop-wrapper"
)

// testIDMarker starts every data-testid attribute in the markup.
const testIDMarker = `data-testid="`

// sectionsByTestID returns, for each of ids, the elements whose start tag
// has data-testid="id", in one pass over page: a search for each id
// would each scan the whole page for a common first byte.
func sectionsByTestID(page []byte, ids ...string) map[string][][]byte {
	out := map[string][][]byte{}
	for off := 0; ; {
		i := bytes.Index(page[off:], []byte(testIDMarker))
		if i < 0 {
			return out
		}
		i += off
		off = i + len(testIDMarker)
		end := bytes.IndexByte(page[off:min(len(page), off+128)], '"')
		if end < 0 {
			continue
		}
		value := string(page[off : off+end])
		for _, id := range ids {
			if value != id {
				continue
			}
			if el, start := elementAt(page, i); el != nil {
				out[id] = append(out[id], el)
				off = max(off, start+len(el))
			}
		}
	}
}

// elements returns every element of page whose start tag carries marker
// (an attribute written exactly as in the markup), outer HTML included.
func elements(page []byte, marker string) [][]byte {
	var out [][]byte
	for off := 0; ; {
		i := bytes.Index(page[off:], []byte(marker))
		if i < 0 {
			return out
		}
		i += off
		off = i + len(marker)
		if el, start := elementAt(page, i); el != nil {
			out = append(out, el)
			off = max(off, start+len(el))
		}
	}
}

// elementAt returns the element whose start tag holds page[at] and where
// it starts, or nil when page[at] is not inside a start tag (a marker
// quoted in a script).
func elementAt(page []byte, at int) ([]byte, int) {
	start := bytes.LastIndexByte(page[:at], '<')
	if start < 0 || bytes.IndexByte(page[start:at], '>') >= 0 || start+1 >= len(page) || !isLetter(page[start+1]) {
		return nil, 0
	}
	z := html.NewTokenizer(bytes.NewReader(page[start:]))
	depth, n := 0, 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return page[start : start+n], start
		}
		n += len(z.Raw())
		switch tt {
		case html.StartTagToken:
			if name, _ := z.TagName(); !isVoid(name) {
				depth++
			}
		case html.EndTagToken:
			depth--
		}
		if depth <= 0 {
			return page[start : start+n], start
		}
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isVoid reports elements that have no end tag.
func isVoid(name []byte) bool {
	switch atom.Lookup(name) {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}

// item is one <li> of a list, with the heading (h2–h4) it sits under.
type item struct{ group, text string }

// listItems returns the text of every <li> in el, each under the last
// heading before it; an <li> inside another keeps to the outer one.
func listItems(el []byte) []item {
	var out []item
	var group, text strings.Builder
	inHeading, liDepth := false, 0
	z := html.NewTokenizer(bytes.NewReader(el))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.TextToken:
			switch {
			case liDepth > 0:
				text.Write(z.Text())
				text.WriteByte(' ')
			case inHeading:
				group.Write(z.Text())
				group.WriteByte(' ')
			}
		case html.StartTagToken:
			name, _ := z.TagName()
			switch atom.Lookup(name) {
			case atom.Li:
				liDepth++
			case atom.H2, atom.H3, atom.H4:
				if liDepth == 0 {
					inHeading = true
					group.Reset()
				}
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			switch atom.Lookup(name) {
			case atom.Li:
				if liDepth--; liDepth == 0 {
					if s := collapse(text.String()); s != "" {
						out = append(out, item{group: collapse(group.String()), text: s})
					}
					text.Reset()
				}
			case atom.H2, atom.H3, atom.H4:
				inHeading = false
			}
		}
	}
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// applyMarkup reads what the page shows: the description (when the
// embedded state had none), the facilities, the house rules (over the
// embedded state's, rules.go) and, without embedded state, the gallery. markup is the page without its script bodies (meta.Doc's
// Markup); sec its sections by data-testid.
func applyMarkup(l *listing.Listing, markup []byte, sec map[string][][]byte) {
	if !l.Has(listing.FieldDescription) {
		for _, el := range sec[tidDescription] {
			if text := listing.PlainText(string(el)); text != "" {
				l.Description = text
				l.Set(listing.FieldDescription, listing.SourceMarkup)
				break
			}
		}
	}
	applyFacilities(l, sec[tidFacilities], sec[tidPopular])
	applyPolicies(l, sec[tidHouseRules])
	if !l.Has(listing.FieldPhotos) {
		applyGallery(l, markup, sec[tidGallery])
	}
}

// applyFacilities reads the full facilities block when the page has it
// (it is filled in as the guest scrolls, so a saved page often has it
// empty), else the "most popular facilities" — shown twice on the page,
// near the top and in the facilities section, and read once — marked as
// a part of the whole.
func applyFacilities(l *listing.Listing, fullBlocks, popularBlocks [][]byte) {
	var full []listing.Amenity
	seen := map[string]bool{}
	for _, el := range fullBlocks {
		for _, it := range listItems(el) {
			full = appendAmenity(full, seen, listing.Amenity{Name: it.text, Available: true, Group: it.group})
		}
	}
	if len(full) > 0 {
		l.Amenities = full
		l.AmenitiesPartial = false
		l.Set(listing.FieldAmenities, listing.SourceMarkup)
		return
	}
	var popular []listing.Amenity
	seen = map[string]bool{}
	for _, el := range popularBlocks {
		for _, it := range listItems(el) {
			popular = appendAmenity(popular, seen, listing.Amenity{Name: it.text, Available: true, Group: "Most popular facilities"})
		}
	}
	if len(popular) > 0 {
		l.Amenities = popular
		l.Set(listing.FieldAmenities, listing.SourceMarkup)
		l.SetPartial(listing.FieldAmenities, "the "+strconv.Itoa(len(popular))+" most popular facilities")
	}
}

// appendAmenity adds a once, whatever its case and accents.
func appendAmenity(list []listing.Amenity, seen map[string]bool, a listing.Amenity) []listing.Amenity {
	key := prose.Fold(a.Name)
	if seen[key] {
		return list
	}
	seen[key] = true
	return append(list, a)
}

// reImageID is the photo id in a bstatic URL, the same in every size.
var reImageID = regexp.MustCompile(`/images/hotel/[^/]+/(\d+)\.`)

// reMorePhotos is the count on the gallery's last thumbnail in any of the
// site's languages: "+52 photos", "32 fotos más", "Altre 138 foto", "mais
// 57 fotografias", "24 autres photos".
var reMorePhotos = regexp.MustCompile(`^\D{0,12}?\+?\s?(\d{1,4})\s?\D{0,16}$`)

// applyGallery reads the photos the markup shows: the gallery's
// thumbnails (or the older layout's data-thumb-url links). When the
// gallery says more photos exist than it shows, the photos are marked as
// a part.
func applyGallery(l *listing.Listing, page []byte, galleries [][]byte) {
	var photos []listing.Photo
	seen := map[string]bool{}
	add := func(u, alt string) {
		key := u
		if m := reImageID.FindStringSubmatch(u); m != nil {
			key = m[1]
		}
		if isHTTPS(u) && !seen[key] {
			seen[key] = true
			photos = append(photos, listing.Photo{URL: u, Label: strings.TrimSpace(alt)}) // generated alt text
		}
	}
	more := 0
	for _, el := range galleries {
		shown, n := galleryImages(el)
		for _, p := range shown {
			add(p.URL, p.Label)
		}
		more = max(more, n)
	}
	for _, el := range elements(page, `data-thumb-url="`) {
		u, alt := legacyThumb(el)
		add(u, alt)
	}
	if len(photos) == 0 {
		return
	}
	l.Photos = photos
	l.Set(listing.FieldPhotos, listing.SourceMarkup)
	if more > 0 {
		l.SetPartial(listing.FieldPhotos, strconv.Itoa(len(photos))+" of the gallery's "+strconv.Itoa(len(photos)+more)+" photos")
	}
}

// galleryImages returns the listing photos in the gallery element and the
// "+N more" count the page writes over its last thumbnail (0 when none):
// the first text after an image, so that review scores and counts further
// on in the same block are not taken for it.
func galleryImages(el []byte) ([]listing.Photo, int) {
	var photos []listing.Photo
	more, afterImg := 0, false
	z := html.NewTokenizer(bytes.NewReader(el))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return photos, more
		case html.TextToken:
			text := bytes.TrimSpace(z.Text())
			if !afterImg || len(text) == 0 {
				continue
			}
			afterImg = false
			if m := reMorePhotos.FindSubmatch(text); m != nil {
				if n, err := strconv.Atoi(string(m[1])); err == nil {
					more = n
				}
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if atom.Lookup(name) != atom.Img || !hasAttr {
				continue
			}
			src, alt := imgAttrs(z)
			if strings.Contains(src, "/xdata/images/hotel/") {
				photos = append(photos, listing.Photo{URL: src, Label: alt})
				afterImg = true
			}
		}
	}
}

func imgAttrs(z *html.Tokenizer) (src, alt string) {
	for {
		k, v, more := z.TagAttr()
		switch string(k) {
		case "src":
			src = string(v)
		case "alt":
			alt = string(v)
		}
		if !more {
			return src, alt
		}
	}
}

// legacyThumb reads <a data-thumb-url=U><img alt=A></a>.
func legacyThumb(el []byte) (u, alt string) {
	z := html.NewTokenizer(bytes.NewReader(el))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return u, alt
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		for {
			k, v, more := z.TagAttr()
			switch string(k) {
			case "data-thumb-url":
				if u == "" {
					u = string(v)
				}
			case "alt":
				if alt == "" {
					alt = string(v)
				}
			}
			if !more {
				break
			}
		}
	}
}
