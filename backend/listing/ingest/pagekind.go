package ingest

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// What a page is, told from how sites build their pages rather than from
// any one saved page: compressed bytes nobody decoded, a listing page whose
// listing data failed to load, a grid of many listings, a page titled only
// with the site's own slogan, a page of another site on the same engine.

// maxDecoded caps what a gzip body may grow to: a real listing page is a
// few megabytes; more is a zip bomb, not a page.
const maxDecoded = 16 << 20

// DecodePage returns page itself, or, when page is gzip bytes a scraper
// or a site handed over undecoded, what they hold (at most maxDecoded). A
// body that does not decode is returned as it is: CheckPage names it.
func DecodePage(page []byte) []byte {
	if len(page) < 2 || page[0] != 0x1f || page[1] != 0x8b {
		return page
	}
	zr, err := gzip.NewReader(bytes.NewReader(page))
	if err != nil {
		return page
	}
	out, err := io.ReadAll(io.LimitReader(zr, maxDecoded+1))
	if err != nil || len(out) > maxDecoded {
		return page
	}
	return out
}

// undecodable reports a body that is not text: compressed (gzip, br) or
// other binary bytes served as the page. Sites' bot walls answer so when a
// client does not look like a browser (br to a client that never asked
// for it), so such a body is the site's wall, never "no title". A UTF-16
// page (its byte-order mark first) is text.
func undecodable(page []byte) bool {
	if len(page) == 0 || bytes.HasPrefix(page, []byte{0xff, 0xfe}) || bytes.HasPrefix(page, []byte{0xfe, 0xff}) {
		return false
	}
	head := page[:min(len(page), 2048)]
	bad := 0
	for i := 0; i < len(head); {
		r, n := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && n == 1 && i+utf8.UTFMax < len(head) || r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f' {
			bad++
		}
		i += n
	}
	// Text in a legacy encoding (Latin-1) has an odd invalid byte; a
	// compressed stream is mostly invalid.
	return bad*10 > len(head)
}

// stateIDs open Airbnb's state scripts, whose niobe entries hold the
// page's queries and their answers.
var stateIDs = []string{`id="data-deferred-state`, `id="data-state"`}

// stateScripts are the contents of the page's state scripts, found by plain
// byte search (a pattern over megabytes of page is slow).
func stateScripts(page []byte) [][]byte {
	var out [][]byte
	for _, id := range stateIDs {
		for rest := page; ; {
			i := bytes.Index(rest, []byte(id))
			if i < 0 {
				break
			}
			rest = rest[i:]
			open := bytes.IndexByte(rest, '>')
			if open < 0 {
				break
			}
			rest = rest[open+1:]
			end := bytes.Index(rest, []byte("</script>"))
			if end < 0 {
				break
			}
			out = append(out, rest[:end])
			rest = rest[end:]
		}
	}
	return out
}

// reStatus is an HTTP status inside a query's error.
var reStatus = regexp.MustCompile(`"(?:statusCode|status|code)"\s*:\s*"?([45]\d\d)\b`)

// listingDataFailed reports an Airbnb page whose listing query answered an
// error (a 403 for a removed or hidden listing) and no query carried the
// listing: the page shell loaded, the listing did not, and what it shows
// instead (the site's slogan, a search grid) is no listing. reason says
// which query failed how.
func listingDataFailed(page []byte) (reason string, failed bool) {
	loaded := false
	for _, state := range stateScripts(page) {
		for _, e := range niobeEntries(state) {
			switch {
			case e.loaded():
				loaded = true
			case e.isListingQuery() && len(e.Result.Errors) > 0:
				reason = fmt.Sprintf("%s answered %s", e.queryName(), e.status())
			}
		}
	}
	return reason, reason != "" && !loaded
}

// niobeEntry is one [cache key, query result] pair of Airbnb's state.
type niobeEntry struct {
	Key    string
	Result struct {
		Errors []json.RawMessage `json:"errors"`
		Data   struct {
			Presentation struct {
				Page json.RawMessage `json:"stayProductDetailPage"`
			} `json:"presentation"`
			Node struct {
				Presentation json.RawMessage `json:"pdpPresentation"`
			} `json:"node"`
		} `json:"data"`
	}
}

// niobeEntries decodes a state script's entries; nil when it holds none
// or is not JSON. A state without an error holds no failed query, so only
// such states are decoded.
func niobeEntries(state []byte) []niobeEntry {
	if !bytes.Contains(state, []byte(`"errors"`)) {
		return nil
	}
	var s struct {
		Niobe        [][]json.RawMessage `json:"niobeClientData"`
		NiobeMinimal [][]json.RawMessage `json:"niobeMinimalClientData"`
	}
	if err := json.Unmarshal(state, &s); err != nil {
		return nil
	}
	var out []niobeEntry
	for _, pair := range append(s.Niobe, s.NiobeMinimal...) {
		var e niobeEntry
		if len(pair) != 2 || json.Unmarshal(pair[0], &e.Key) != nil || json.Unmarshal(pair[1], &e.Result) != nil {
			continue
		}
		out = append(out, e)
	}
	return out
}

// isListingQuery: the query that loads a listing's page (StaysPdpSections,
// its "PDP", product detail page, siblings).
func (e niobeEntry) isListingQuery() bool {
	return strings.Contains(strings.ToLower(e.queryName()), "pdp")
}

func (e niobeEntry) queryName() string {
	name, _, _ := strings.Cut(e.Key, ":")
	return name
}

// loaded: the entry carries the listing.
func (e niobeEntry) loaded() bool {
	present := func(raw json.RawMessage) bool {
		s := bytes.TrimSpace(raw)
		return len(s) > 0 && !bytes.Equal(s, []byte("null")) && !bytes.Equal(s, []byte("{}"))
	}
	return present(e.Result.Data.Presentation.Page) || present(e.Result.Data.Node.Presentation)
}

// status is the HTTP status an entry's errors name, else "an error".
func (e niobeEntry) status() string {
	for _, raw := range e.Result.Errors {
		if m := reStatus.FindSubmatch(raw); m != nil {
			return "HTTP " + string(m[1])
		}
	}
	return "an error"
}

// Listing links in a page, by platform: each is found by its fixed
// part (a plain byte search, fast on a page of megabytes), then read by an
// anchored pattern on the few bytes after it.
var (
	reAirbnbRoom  = regexp.MustCompile(`^(?:plus/)?(\d{3,20})\b`)
	reBookingPage = regexp.MustCompile(`^([a-z]{2})/([A-Za-z0-9_-]+?)(?:\.[a-z]{2}(?:-[a-z]{2,4})?)?\.html`)
	reVrboLink    = regexp.MustCompile(`^(?:[a-z]{2}-[a-z]{2}/)?(?:[a-z-]+-rental/p?)?(\d{3,12})(?:ha|vb)?\b`)
	linkAnchors   = map[listing.Platform][]string{
		listing.Airbnb:  {"/rooms/"},
		listing.Booking: {"/hotel/"},
		listing.Vrbo:    {"vrbo.com/", `href="/`, `href='/`},
	}
)

// gridMin is how many other listings a page must link to be a grid:
// search pages show 18 to 50 cards; a listing page links to its own
// listing, a few at most to others.
const gridMin = 10

// searchGrid reports a page whose body is a grid of listing cards (a
// search answer, a region or a removed listing's "more places" page): it
// links gridMin or more other listings than t's, more of them than its
// body names its own id, which a listing page's body repeats in its state,
// photo and review links (20 times or more on every real page). The head
// is left out: a removed listing's shell keeps the listing's address
// there. n is the number of other listings linked.
func searchGrid(t listing.Target, page []byte) (n int, grid bool) {
	others := map[string]bool{}
	for _, id := range linkedListings(t.Platform, page) {
		if id != t.ListingID && id != strings.TrimRight(t.ListingID, "havb") {
			others[id] = true
		}
	}
	own := bytes.Count(body(page), []byte(ownToken(t)))
	return len(others), len(others) >= gridMin && len(others) > own
}

// holdsOwnListing reports a page whose own state is the listing's page: a
// listing page with a long strip of other places is still the listing.
// On Airbnb the listing's own query read from the state (a search page's
// state holds none); on Booking.com the state's first page name, the
// property object's own, is the link's (a search page's first is its first
// card's).
func holdsOwnListing(t listing.Target, page []byte, l *listing.Listing) bool {
	switch t.Platform {
	case listing.Airbnb:
		return l.Sources[listing.FieldTitle] == listing.SourceEmbedded
	case listing.Booking:
		_, slug, _ := strings.Cut(t.ListingID, "/")
		m := rePageName.FindSubmatch(page)
		return m != nil && strings.EqualFold(string(m[1]), slug)
	}
	return false
}

// body is page after its head (all of it when it has no </head>).
func body(page []byte) []byte {
	for _, end := range []string{"</head>", "</HEAD>", "</Head>"} {
		if i := bytes.Index(page, []byte(end)); i >= 0 {
			return page[i:]
		}
	}
	return page
}

// linkedListings are the ids of every listing page links in page point to.
func linkedListings(p listing.Platform, page []byte) []string {
	var ids []string
	for _, anchor := range linkAnchors[p] {
		for rest := page; ; {
			i := bytes.Index(rest, []byte(anchor))
			if i < 0 {
				break
			}
			rest = rest[i+len(anchor):]
			if id, ok := listingLink(p, rest[:min(len(rest), 256)]); ok {
				ids = append(ids, id)
			}
		}
	}
	return ids
}

// listingLink reads the listing id at the start of a link's rest (what
// follows its fixed part).
func listingLink(p listing.Platform, rest []byte) (string, bool) {
	switch p {
	case listing.Airbnb:
		if m := reAirbnbRoom.FindSubmatch(rest); m != nil {
			return string(m[1]), true
		}
	case listing.Booking:
		if m := reBookingPage.FindSubmatch(rest); m != nil {
			return string(m[1]) + "/" + strings.ToLower(string(m[2])), true
		}
	case listing.Vrbo:
		if m := reVrboLink.FindSubmatch(rest); m != nil {
			return strings.TrimLeft(string(m[1]), "0"), true
		}
	}
	return "", false
}

// ownToken is the text by which a page names t's listing: the room or
// property number, the Booking.com page name.
func ownToken(t listing.Target) string {
	if _, slug, ok := strings.Cut(t.ListingID, "/"); ok {
		return slug
	}
	return strings.TrimRight(t.ListingID, "havb")
}

// siteTitleOnly reports a page read without a listing title whose titles
// (<title>, og:title, twitter:title) are only the site's own slogan, or
// whose title read is that slogan: the page the site shows when it has no
// listing to show.
func siteTitleOnly(page []byte, l *listing.Listing) bool {
	if l.Has(listing.FieldTitle) {
		return meta.SiteTitle(l.Title)
	}
	d := meta.Extract(page)
	for _, s := range []string{d.Title, d.Get("og:title"), d.Get("twitter:title")} {
		if meta.SiteTitle(s) {
			return true
		}
	}
	return false
}

// Expedia Group runs its sites (Expedia, Hotels.com, Vrbo…) on one page
// engine: an Expedia hotel page carries Vrbo's markers ("Hotel-Information",
// expedia.com image hosts) and is told apart only by the site it names
// itself: its address, og:site_name, or its hotel links' .h<id>.Hotel-
// Information form, which Vrbo's pages never use.
var (
	reSiteName     = regexp.MustCompile(`(?i)<meta[^>]+property=["']og:site_name["'][^>]*content=["']([^"']+)["']|<meta[^>]+content=["']([^"']+)["'][^>]*property=["']og:site_name["']`)
	reExpediaHotel = regexp.MustCompile(`\.h\d+$`) // before ".Hotel-Information"
	siteOfName     = map[string]string{"expedia": "expedia.com", "expedia.com": "expedia.com", "hotels.com": "hotels.com",
		"orbitz": "orbitz.com", "travelocity": "travelocity.com", "wotif": "wotif.com", "ebookers": "ebookers.com"}
)

// otherEngineSite is the site (expedia.com…) a page of Expedia Group's
// engine names itself by, when that is not one we read; "" otherwise.
func otherEngineSite(page []byte) string {
	head := page[:min(len(page), 512<<10)]
	if m := reSiteName.FindSubmatch(head); m != nil {
		name := strings.ToLower(strings.TrimSpace(string(m[1]) + string(m[2])))
		name = strings.TrimPrefix(name, "www.")
		if site, ok := siteOfName[name]; ok {
			return site
		}
		if strings.Contains(name, "vrbo") || strings.Contains(name, "airbnb") || strings.Contains(name, "booking") {
			return ""
		}
	}
	if expediaHotelLink(page) {
		return "expedia.com"
	}
	return ""
}

// expediaHotelLink reports a link of Expedia's hotel form (….h123.Hotel-
// Information) in page, found by its fixed end.
func expediaHotelLink(page []byte) bool {
	const end = ".Hotel-Information"
	for rest, at := page, 0; ; {
		i := bytes.Index(rest, []byte(end))
		if i < 0 {
			return false
		}
		at += i
		if reExpediaHotel.Match(page[max(0, at-24):at]) {
			return true
		}
		rest, at = rest[i+1:], at+1
	}
}
