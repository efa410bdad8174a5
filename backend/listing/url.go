package listing

import (
	"net/netip"
	"net/url"
	"strings"
	"unicode"

	"golang.org/x/net/publicsuffix"

	"github.com/listinglift/listinglift/backend/domain"
)

// MaxURLLength is the longest listing URL we accept. Real listing links are
// far shorter; the cap keeps hostile input out of logs and parsers.
const MaxURLLength = 2048

// Target is a validated, normalized listing URL.
type Target struct {
	Platform  Platform `json:"platform"`
	ListingID string   `json:"listing_id"`
	// CanonicalURL is the only URL we ever fetch for the listing: always
	// https, always the platform's main host, no query and no fragment. It is
	// also the cache key for a listing.
	CanonicalURL string `json:"canonical_url"`
}

// Client-facing messages. They say what is accepted, because the person
// reading them can fix their link but not our code.
const (
	msgUnsupported = "Unsupported listing URL. Paste a public listing link from Airbnb (airbnb.com/rooms/…), Vrbo (vrbo.com/…) or Booking.com (booking.com/hotel/…)."
	msgEmpty       = "Paste the link to your listing, for example https://www.airbnb.com/rooms/12345678."
	msgTooLong     = "That link is too long. Paste the listing's address as shown in your browser, for example https://www.airbnb.com/rooms/12345678."
	msgMalformed   = "That doesn't look like a web address. Paste the listing's link, for example https://www.airbnb.com/rooms/12345678."
	msgScheme      = "Only web links (http:// or https://) are accepted. Paste a public listing link from Airbnb, Vrbo or Booking.com."
	msgUserinfo    = "Links with a user name or password in them are not accepted. Paste the listing's link as shown in your browser's address bar."
	msgPort        = "Links with a port number are not accepted. Paste the listing's link as shown in your browser's address bar."
	msgIPHost      = "Links to an IP address are not accepted. Paste a public listing link from Airbnb, Vrbo or Booking.com."
	msgAirbnbPath  = "This Airbnb link doesn't point to a listing. Paste the listing's page link, like https://www.airbnb.com/rooms/12345678."
	msgVrboPath    = "This Vrbo link doesn't point to a listing. Paste the listing's page link, like https://www.vrbo.com/1234567."
	msgBookingPath = "This Booking.com link doesn't point to a property. Paste the property's page link, like https://www.booking.com/hotel/pt/example.html."
	// msgSearchLink is said with the site's name and an example of a
	// listing link on it: a search answers many listings, a report is
	// about one.
	msgSearchLink = "This link is a search on %s, a search page, not one listing. Open your listing and paste its own link, like %s."
)

// listingExample is a listing link of each platform, for the messages.
var listingExample = map[Platform]string{
	Airbnb:  "https://www.airbnb.com/rooms/12345678",
	Vrbo:    "https://www.vrbo.com/1234567",
	Booking: "https://www.booking.com/hotel/pt/example.html",
}

// canonical hosts: every listing is fetched from the platform's main site,
// whatever country domain the host pasted. One host per platform keeps the
// cache key stable and the set of hosts we ever contact small.
var canonicalHost = map[Platform]string{
	Airbnb:  "www.airbnb.com",
	Vrbo:    "www.vrbo.com",
	Booking: "www.booking.com",
}

// CanonicalHost returns the host CanonicalURLs of p use.
func CanonicalHost(p Platform) string { return canonicalHost[p] }

// ParseURL validates raw as a public listing link and normalizes it.
//
// Accepted: http(s) links to
//   - Airbnb on any country domain (airbnb.com, airbnb.co.uk, fr.airbnb.ca…):
//     /rooms/<digits>, /rooms/plus/<digits>, /h/<slug>;
//   - Vrbo (vrbo.com and country domains): /<digits>[ha|vb], with an optional
//     locale segment (/en-gb/…), the legacy /p<digits> form, and an optional
//     kind-of-place segment before it (/vacation-rental/p1234567,
//     /cottage-rental/p123456vb);
//   - Booking.com: /hotel/<country code>/<slug>[.<language>].html.
//
// A link without a scheme ("airbnb.com/rooms/1") is read as https. Every
// query parameter is dropped: tracking parameters (utm_*, fbclid…) say
// nothing about the listing, and dates or guest counts (check_in, adults…)
// would split one listing into many cache entries and change the price we
// read; a report is about the listing, not one stay. The fragment is
// dropped too.
//
// Refused: other schemes, user:pass@ credentials, ports other than 80/443,
// IP-address hosts, search links (Airbnb /s/…, Booking.com /searchresults,
// Vrbo /search: a search page, not one listing), lookalike hosts (airbnb.com.evil.com, evilairbnb.com)
// and links over MaxURLLength. Errors are *domain.Error with CodeInvalid and
// a message the person can act on.
func ParseURL(raw string) (Target, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return Target{}, invalid(msgEmpty)
	}
	if len(raw) > MaxURLLength {
		return Target{}, invalid(msgTooLong)
	}
	if strings.HasPrefix(raw, "//") {
		raw = "https:" + raw // a scheme-relative link
	}
	if !strings.Contains(raw, "://") {
		if i := strings.IndexByte(raw, ':'); i > 0 && isSchemeLike(raw[:i]) && !strings.Contains(raw[:i], ".") && !isDigits(raw[i+1:min(len(raw), i+2)]) {
			// "javascript:…", "file:…", "mailto:…": a scheme we refuse.
			return Target{}, invalid(msgScheme)
		}
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		return Target{}, invalid(msgMalformed)
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
	default:
		return Target{}, invalid(msgScheme)
	}
	if u.Opaque != "" {
		return Target{}, invalid(msgMalformed)
	}
	if u.User != nil {
		return Target{}, invalid(msgUserinfo)
	}
	if p := u.Port(); p != "" && p != "80" && p != "443" {
		return Target{}, invalid(msgPort)
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "" {
		return Target{}, invalid(msgMalformed)
	}
	if strings.HasPrefix(u.Host, "[") || isIPLike(host) {
		return Target{}, invalid(msgIPHost)
	}
	platform, ok := PlatformOfHost(host)
	if !ok {
		return Target{}, invalid(msgUnsupported)
	}
	segs := pathSegments(u.Path)
	if isSearchPath(platform, segs) {
		return Target{}, domain.Errorf(domain.CodeInvalid, msgSearchLink, platform.Name(), listingExample[platform])
	}
	var t Target
	switch platform {
	case Airbnb:
		t, ok = airbnbTarget(segs)
		if !ok {
			return Target{}, invalid(msgAirbnbPath)
		}
	case Vrbo:
		t, ok = vrboTarget(segs)
		if !ok {
			return Target{}, invalid(msgVrboPath)
		}
	case Booking:
		t, ok = bookingTarget(segs)
		if !ok {
			return Target{}, invalid(msgBookingPath)
		}
	}
	t.Platform = platform
	return t, nil
}

func invalid(msg string) error { return domain.Errorf(domain.CodeInvalid, "%s", msg) }

// PlatformOfHost is the platform whose site host is (www.airbnb.co.uk is
// Airbnb), or false. It matches by registrable domain, so
// "airbnb.com.evil.com" (registrable domain evil.com) and "evilairbnb.com"
// never match. The public suffix must be an ICANN one and either "com" or a
// country code (optionally with a second level: co.uk, com.au), which keeps
// out private suffixes like blogspot.com and generic TLDs no platform uses.
func PlatformOfHost(host string) (Platform, bool) {
	suffix, icann := publicsuffix.PublicSuffix(host)
	if !icann || suffix == host {
		return "", false
	}
	label := strings.TrimSuffix(host, "."+suffix)
	if i := strings.LastIndexByte(label, '.'); i >= 0 {
		label = label[i+1:]
	}
	switch label {
	case "airbnb":
		if countrySuffix(suffix) {
			return Airbnb, true
		}
	case "vrbo":
		if countrySuffix(suffix) {
			return Vrbo, true
		}
	case "booking":
		// Booking.com runs one domain worldwide.
		if suffix == "com" {
			return Booking, true
		}
	}
	return "", false
}

// countrySuffix reports whether suffix is "com", a two-letter country code,
// or a second level under one (co.uk, com.au, com.br).
func countrySuffix(suffix string) bool {
	if suffix == "com" {
		return true
	}
	parts := strings.Split(suffix, ".")
	cc := parts[len(parts)-1]
	if len(cc) != 2 || !isLower(cc) || len(parts) > 2 {
		return false
	}
	if len(parts) == 2 {
		switch parts[0] {
		case "co", "com", "ne", "or", "org", "net":
		default:
			return false
		}
	}
	return true
}

// isSearchPath reports a link to a platform's search results: Airbnb's
// /s/<place>/homes, Booking.com's /searchresults[.<lang>].html and Vrbo's
// /search (after an optional locale). They name no single listing.
func isSearchPath(p Platform, segs []string) bool {
	if p == Vrbo && len(segs) > 0 && isLocale(segs[0]) {
		segs = segs[1:]
	}
	if len(segs) == 0 {
		return false
	}
	first := strings.ToLower(segs[0])
	switch p {
	case Airbnb:
		return first == "s" || first == "search"
	case Vrbo:
		return first == "search" || first == "serp"
	case Booking:
		return strings.HasPrefix(first, "searchresults")
	}
	return false
}

func airbnbTarget(segs []string) (Target, bool) {
	if len(segs) >= 2 && segs[0] == "rooms" {
		rest := segs[1:]
		if rest[0] == "plus" && len(rest) >= 2 {
			rest = rest[1:]
		}
		id, ok := normalizeDigits(rest[0], 20)
		if !ok || !airbnbSubpage(rest[1:]) {
			return Target{}, false
		}
		return Target{ListingID: id, CanonicalURL: "https://www.airbnb.com/rooms/" + id}, true
	}
	if len(segs) == 2 && segs[0] == "h" && isSlug(segs[1], 100) {
		return Target{ListingID: segs[1], CanonicalURL: "https://www.airbnb.com/h/" + segs[1]}, true
	}
	return Target{}, false
}

// airbnbSubpage accepts the listing's own sub-pages people share
// (/rooms/1/photos) and nothing else.
func airbnbSubpage(rest []string) bool {
	switch len(rest) {
	case 0:
		return true
	case 1:
		switch rest[0] {
		case "photos", "amenities", "reviews", "location", "description":
			return true
		}
	}
	return false
}

func vrboTarget(segs []string) (Target, bool) {
	if len(segs) > 0 && isLocale(segs[0]) {
		segs = segs[1:]
	}
	if len(segs) == 2 && (isRentalKind(segs[0]) || isPlaceWord(segs[0]) && isPForm(segs[1])) {
		// /vacation-rental/p1234567, /cottage-rental/p123456vb and their
		// translations (/it-it/affitto-vacanze/p8164853,
		// /nl-nl/vakantiewoning/p8164853, the page's own hreflang links):
		// the first segment names the kind of place, the second is the id.
		segs = segs[1:]
	}
	if len(segs) != 1 {
		return Target{}, false
	}
	s := strings.ToLower(segs[0])
	// Legacy HomeAway form: p1234567 is property 1234567.
	if len(s) > 1 && s[0] == 'p' && s[1] >= '0' && s[1] <= '9' {
		s = s[1:]
	}
	digits, suffix := s, ""
	for _, sfx := range []string{"ha", "vb"} {
		if strings.HasSuffix(s, sfx) {
			digits, suffix = strings.TrimSuffix(s, sfx), sfx
			break
		}
	}
	id, ok := normalizeDigits(digits, 12)
	if !ok {
		return Target{}, false
	}
	id += suffix
	return Target{ListingID: id, CanonicalURL: "https://www.vrbo.com/" + id}, true
}

// isRentalKind matches Vrbo's kind-of-place path words, "<kind>-rental"
// (vacation-rental, cottage-rental, cabin-rental, condo-rental…), which
// old HomeAway and Vrbo links put before the property id.
func isRentalKind(s string) bool {
	kind, ok := strings.CutSuffix(strings.ToLower(s), "-rental")
	return ok && kind != "" && isLower(strings.ReplaceAll(kind, "-", ""))
}

// isPlaceWord matches a kind-of-place word in any language and script
// (ferienwohnung-ferienhaus, imovel, ενοικιάσεις-…): letters and hyphens.
func isPlaceWord(s string) bool {
	if s == "" || len(s) > 200 {
		return false
	}
	for _, r := range s {
		if r != '-' && !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// isPForm matches the legacy id form p<digits>[ha|vb].
func isPForm(s string) bool {
	s = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(s), "ha"), "vb")
	return len(s) > 1 && s[0] == 'p' && isDigits(s[1:])
}

// SameListing reports whether a and b name one listing. On Vrbo the ha or
// vb suffix is a form of the same property number: a page at /8164853ha
// names itself /en-gb/p8164853 in its other languages.
func SameListing(a, b Target) bool {
	if a.Platform != b.Platform {
		return false
	}
	if a.Platform == Vrbo {
		return vrboNumber(a.ListingID) == vrboNumber(b.ListingID)
	}
	return a.ListingID == b.ListingID
}

func vrboNumber(id string) string {
	return strings.TrimSuffix(strings.TrimSuffix(id, "ha"), "vb")
}

func bookingTarget(segs []string) (Target, bool) {
	if len(segs) != 3 || segs[0] != "hotel" {
		return Target{}, false
	}
	cc := strings.ToLower(segs[1])
	if len(cc) != 2 || !isLower(cc) {
		return Target{}, false
	}
	name, ok := strings.CutSuffix(strings.ToLower(segs[2]), ".html")
	if !ok {
		return Target{}, false
	}
	// An optional language suffix: slug.en-gb.html, slug.fr.html.
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		if !isLanguage(name[i+1:]) {
			return Target{}, false
		}
		name = name[:i]
	}
	if !isSlug(name, 150) {
		return Target{}, false
	}
	return Target{ListingID: cc + "/" + name, CanonicalURL: "https://www.booking.com/hotel/" + cc + "/" + name + ".html"}, true
}

// pathSegments splits a decoded path, ignoring empty segments so that
// trailing and doubled slashes do not matter. The fixed words of listing
// paths (rooms, plus, h, hotel, vacation-rental and sub-pages) are matched
// without regard to case, as the sites themselves do; ids and slugs keep
// theirs.
func pathSegments(p string) []string {
	var segs []string
	for _, s := range strings.Split(p, "/") {
		if s == "" {
			continue
		}
		switch l := strings.ToLower(s); l {
		case "rooms", "plus", "h", "hotel", "vacation-rental", "photos", "amenities", "reviews", "location", "description":
			s = l
		}
		segs = append(segs, s)
	}
	return segs
}

// normalizeDigits returns s without leading zeros if it is 1..max digits and
// not all zeros.
func normalizeDigits(s string, max int) (string, bool) {
	if s == "" || len(s) > max || !isDigits(s) {
		return "", false
	}
	s = strings.TrimLeft(s, "0")
	return s, s != ""
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isLower(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return s != ""
}

// isSlug accepts the URL slugs platforms generate: ASCII letters, digits,
// hyphens and underscores.
func isSlug(s string, max int) bool {
	if s == "" || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// isLocale matches path locales such as en-gb or es-mx.
func isLocale(s string) bool {
	s = strings.ToLower(s)
	return len(s) == 5 && s[2] == '-' && isLower(s[:2]) && isLower(s[3:])
}

// isLanguage matches Booking.com's language suffixes: fr, en-gb, zh-cn, es-ar.
func isLanguage(s string) bool {
	lang, region, hasRegion := strings.Cut(s, "-")
	if len(lang) != 2 || !isLower(lang) {
		return false
	}
	return !hasRegion || (len(region) >= 2 && len(region) <= 4 && isLower(region))
}

func isSchemeLike(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}

// isIPLike reports hosts that are IP addresses in any spelling a resolver
// might accept: dotted quads, but also 2130706433, 0x7f.1, 0177.0.0.1 and
// 127.1. A real domain's last label is never numeric.
func isIPLike(host string) bool {
	if _, err := netip.ParseAddr(host); err == nil {
		return true
	}
	last := host
	if i := strings.LastIndexByte(host, '.'); i >= 0 {
		last = host[i+1:]
	}
	if isDigits(last) {
		return true
	}
	if l := strings.ToLower(last); strings.HasPrefix(l, "0x") {
		return true
	}
	return false
}
