package market

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
)

// catalogJSON is the catalog the server and `listinglift market refresh`
// use unless given another (MARKET_CATALOG, --catalog).
//
//go:embed catalog.json
var catalogJSON []byte

// Catalog lists the markets kept as snapshots: one SQLite file per market,
// built by `listinglift market refresh` from Inside Airbnb's files and
// routed to by location (Find).
type Catalog struct {
	Comment string `json:"comment,omitempty"`
	// DataURL is where Inside Airbnb's files are
	// (https://data.insideairbnb.com); tests point it at a local server.
	DataURL string `json:"data_url"`
	// IndexURL is a page linking every current snapshot (Inside Airbnb's
	// get-the-data page), read for snapshots newer than those listed;
	// empty: only the listed dates are known.
	IndexURL string         `json:"index_url,omitempty"`
	Markets  []CatalogEntry `json:"markets"`
}

// Formats of a catalogued market's files.
const (
	FormatDetailed = "detailed" // data/{listings,calendar,reviews}.csv.gz (the default)
	FormatSummary  = "summary"  // visualisations/{listings,reviews}.csv: fewer columns, no calendar
)

// CatalogEntry is one catalogued market.
type CatalogEntry struct {
	// Slug names the market in blob keys and flags ("albany-ny").
	Slug string `json:"slug"`
	// Name is the market's name in the data and in reports ("Albany, New
	// York, United States"): imports use it, and a market's data whose
	// listings lie in Bounds takes its name and its country's currency
	// (CurrencyFor), however the import was named.
	Name string `json:"name"`
	// Country, Region and City are Inside Airbnb's path segments
	// (united-states/ny/albany).
	Country string `json:"country"`
	Region  string `json:"region"`
	City    string `json:"city"`
	// Bounds is the area routed to this market (grown by
	// CoverageMarginKm).
	Bounds Bounds `json:"bounds"`
	// Format is FormatDetailed ("" reads the same) or FormatSummary.
	Format string `json:"format,omitempty"`
	// Snapshots are dates (YYYY-MM-DD) known to be published.
	Snapshots []string `json:"snapshots,omitempty"`
}

// SnapshotFile is one file of a snapshot: its name on disk (what Import
// looks for) and where it is published.
type SnapshotFile struct {
	Name     string // "listings.csv.gz"
	URL      string
	Required bool // listings; Inside Airbnb publishes some cities without a calendar or reviews
}

var (
	slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	// Inside Airbnb's segments are lower case and may hold letters
	// beyond ASCII: Zurich's region is "zürich" (URL-escaped in links).
	segmentPattern = regexp.MustCompile(`^[\p{Ll}0-9][\p{Ll}0-9._-]*$`)
)

// DefaultCatalog is the catalog built into the binary.
func DefaultCatalog() (*Catalog, error) {
	c, err := ParseCatalog(catalogJSON)
	if err != nil {
		return nil, fmt.Errorf("market: built-in catalog: %w", err)
	}
	return c, nil
}

// LoadCatalog reads a catalog file; an empty path is the built-in one.
func LoadCatalog(path string) (*Catalog, error) {
	if path == "" {
		return DefaultCatalog()
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("market: catalog: %w", err)
	}
	c, err := ParseCatalog(b)
	if err != nil {
		return nil, fmt.Errorf("market: catalog %s: %w", path, err)
	}
	return c, nil
}

// ParseCatalog decodes and checks a catalog: unknown fields, duplicate or
// malformed slugs, empty boxes and bad dates are refused, so a typo stops
// the refresh or the server at start rather than routing listings nowhere.
func ParseCatalog(b []byte) (*Catalog, error) {
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	var c Catalog
	if err := dec.Decode(&c); err != nil {
		return nil, err
	}
	if u, err := url.Parse(c.DataURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("data_url %q is not an http(s) URL", c.DataURL)
	}
	c.DataURL = strings.TrimRight(c.DataURL, "/")
	if c.IndexURL != "" {
		if u, err := url.Parse(c.IndexURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("index_url %q is not an http(s) URL", c.IndexURL)
		}
	}
	if len(c.Markets) == 0 {
		return nil, errors.New("no markets")
	}
	seen := map[string]bool{}
	for i := range c.Markets {
		e := &c.Markets[i]
		if err := e.check(); err != nil {
			return nil, fmt.Errorf("market %d (%q): %w", i, e.Slug, err)
		}
		if seen[e.Slug] {
			return nil, fmt.Errorf("market %q is listed twice", e.Slug)
		}
		seen[e.Slug] = true
		slices.Sort(e.Snapshots)
	}
	return &c, nil
}

func (e *CatalogEntry) check() error {
	switch {
	case !slugPattern.MatchString(e.Slug):
		return errors.New("slug must be lower-case letters, digits and single hyphens")
	case strings.TrimSpace(e.Name) == "":
		return errors.New("no name")
	case !segmentPattern.MatchString(e.Country) || !segmentPattern.MatchString(e.Region) || !segmentPattern.MatchString(e.City):
		return errors.New("country, region and city must be Inside Airbnb's path segments (lower case, no slashes)")
	case e.Format != "" && e.Format != FormatDetailed && e.Format != FormatSummary:
		return fmt.Errorf("format %q is not %s or %s", e.Format, FormatDetailed, FormatSummary)
	}
	b := e.Bounds
	if !validCoord(b.MinLat, 90) || !validCoord(b.MaxLat, 90) || !validCoord(b.MinLng, 180) || !validCoord(b.MaxLng, 180) ||
		b.MinLat >= b.MaxLat || b.MinLng >= b.MaxLng {
		return fmt.Errorf("bounds %+v are not a box (min below max, within ±90/±180)", b)
	}
	for _, d := range e.Snapshots {
		if !isDate(d) {
			return fmt.Errorf("snapshot %q is not a YYYY-MM-DD date", d)
		}
	}
	return nil
}

// Entry returns the market with slug.
func (c *Catalog) Entry(slug string) (CatalogEntry, bool) {
	for _, e := range c.Markets {
		if e.Slug == slug {
			return e, true
		}
	}
	return CatalogEntry{}, false
}

// Find returns the market covering a point: one whose box, grown by
// CoverageMarginKm, holds it. Where boxes overlap, one whose own box holds
// the point wins, then the one whose centre is nearest (the rule a market
// database applies to its imported markets).
func (c *Catalog) Find(lat, lng float64) (CatalogEntry, bool) {
	if !validCoord(lat, 90) || !validCoord(lng, 180) {
		return CatalogEntry{}, false
	}
	margin := around(lat, lng, CoverageMarginKm)
	dLat, dLng := margin.MaxLat-lat, margin.MaxLng-lng
	best, found := CatalogEntry{}, false
	var bestInside bool
	var bestDist float64
	for _, e := range c.Markets {
		b := e.Bounds
		if lat < b.MinLat-dLat || lat > b.MaxLat+dLat || lng < b.MinLng-dLng || lng > b.MaxLng+dLng {
			continue
		}
		inside := lat >= b.MinLat && lat <= b.MaxLat && lng >= b.MinLng && lng <= b.MaxLng
		cLat, cLng := (b.MinLat+b.MaxLat)/2-lat, (b.MinLng+b.MaxLng)/2-lng
		dist := cLat*cLat + cLng*cLng
		if !found || (inside && !bestInside) || (inside == bestInside && dist < bestDist) {
			best, found, bestInside, bestDist = e, true, inside, dist
		}
	}
	return best, found
}

// Covers reports whether bounds b (a snapshot's listings) lie within the
// entry's box grown by CoverageMarginKm: when they do not, listings at the
// data's edge are never routed to it, and the box should be widened.
func (e CatalogEntry) Covers(b Bounds) bool {
	for _, p := range [][2]float64{{b.MinLat, b.MinLng}, {b.MaxLat, b.MaxLng}} {
		m := around(p[0], p[1], CoverageMarginKm)
		dLat, dLng := m.MaxLat-p[0], m.MaxLng-p[1]
		if p[0] < e.Bounds.MinLat-dLat || p[0] > e.Bounds.MaxLat+dLat || p[1] < e.Bounds.MinLng-dLng || p[1] > e.Bounds.MaxLng+dLng {
			return false
		}
	}
	return true
}

// Path is the market's folder on Inside Airbnb's file host
// ("united-states/ny/albany", "switzerland/zürich/zurich").
func (e CatalogEntry) Path() string { return e.Country + "/" + e.Region + "/" + e.City }

// urlPath is Path as it goes into a URL: each segment escaped
// ("switzerland/z%C3%BCrich/zurich").
func (e CatalogEntry) urlPath() string {
	return url.PathEscape(e.Country) + "/" + url.PathEscape(e.Region) + "/" + url.PathEscape(e.City)
}

// Files are the files of the snapshot taken on date, under dataURL.
func (e CatalogEntry) Files(dataURL, date string) []SnapshotFile {
	base := strings.TrimRight(dataURL, "/") + "/" + e.urlPath() + "/" + date
	if e.Format == FormatSummary {
		return []SnapshotFile{
			{Name: "listings.csv", URL: base + "/visualisations/listings.csv", Required: true},
			{Name: "reviews.csv", URL: base + "/visualisations/reviews.csv"},
		}
	}
	return []SnapshotFile{
		{Name: "listings.csv.gz", URL: base + "/data/listings.csv.gz", Required: true},
		{Name: "calendar.csv.gz", URL: base + "/data/calendar.csv.gz"},
		{Name: "reviews.csv.gz", URL: base + "/data/reviews.csv.gz"},
	}
}

// IndexedSnapshots returns the dates an index page (Inside Airbnb's
// get-the-data page, or any text) links this market's listings file for,
// in its format; the links are matched on the path, whatever the host.
func (e CatalogEntry) IndexedSnapshots(page string) []string {
	dir, file := "data", `listings\.csv\.gz`
	if e.Format == FormatSummary {
		dir, file = "visualisations", `listings\.csv`
	}
	// A link may write a non-ASCII segment as it is or escaped.
	path := regexp.QuoteMeta(e.Path())
	if esc := e.urlPath(); esc != e.Path() {
		path = "(?:" + path + "|" + regexp.QuoteMeta(esc) + ")"
	}
	re := regexp.MustCompile(`/` + path + `/(\d{4}-\d{2}-\d{2})/` + dir + `/` + file + `\b`)
	var dates []string
	for _, m := range re.FindAllStringSubmatch(page, -1) {
		if isDate(m[1]) && !slices.Contains(dates, m[1]) {
			dates = append(dates, m[1])
		}
	}
	slices.Sort(dates)
	return dates
}
