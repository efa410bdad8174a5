package market

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/market/markettest"
)

// The built-in catalog parses, names Albany's snapshot, and its Albany box
// holds every listing of that snapshot (else some would be routed nowhere).
func TestDefaultCatalog(t *testing.T) {
	markettest.WholeSnapshot(t)
	c, err := DefaultCatalog()
	if err != nil {
		t.Fatal(err)
	}
	albany, ok := c.Entry("albany-ny")
	if !ok || albany.Name != "Albany, New York, United States" || albany.Path() != "united-states/ny/albany" {
		t.Fatalf("albany-ny = %+v, %v", albany, ok)
	}
	if got := albany.Files(c.DataURL, "2025-10-05")[0].URL; got != "https://data.insideairbnb.com/united-states/ny/albany/2025-10-05/data/listings.csv.gz" {
		t.Errorf("listings URL %s", got)
	}
	if albany.Snapshots[len(albany.Snapshots)-1] != "2025-10-05" {
		t.Errorf("albany snapshots %v", albany.Snapshots)
	}
	for _, slug := range []string{"lisbon", "athens"} {
		if _, ok := c.Entry(slug); !ok {
			t.Errorf("no %s in the catalog", slug)
		}
	}
	// The data's own box, as the import computes it.
	db, _ := openTestDB(t)
	if _, err := Import(context.Background(), db, albanyDir(t)); err != nil {
		t.Fatal(err)
	}
	ms, err := db.Markets(context.Background())
	if err != nil || len(ms) != 1 {
		t.Fatal(ms, err)
	}
	if !albany.Covers(ms[0].Bounds) {
		t.Errorf("the catalog's Albany box %+v does not cover the snapshot's listings %+v", albany.Bounds, ms[0].Bounds)
	}
}

func TestCatalogFind(t *testing.T) {
	c, err := ParseCatalog([]byte(`{"data_url": "http://127.0.0.1:1", "markets": [
		{"slug": "big", "name": "Big", "country": "x", "region": "y", "city": "big",
		 "bounds": {"min_lat": 40, "min_lng": -76, "max_lat": 42, "max_lng": -74}},
		{"slug": "small", "name": "Small", "country": "x", "region": "y", "city": "small",
		 "bounds": {"min_lat": 41.3, "min_lng": -74.6, "max_lat": 41.5, "max_lng": -74.4}},
		{"slug": "far", "name": "Far", "country": "x", "region": "z", "city": "far",
		 "bounds": {"min_lat": 10, "min_lng": 10, "max_lat": 11, "max_lng": 11}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		lat, lng float64
		want     string // "" no market
	}{
		{"inside both: the nearer centre", 41.4, -74.5, "small"},
		{"inside the big box only", 40.2, -75.8, "big"},
		{"just past the edge (within the margin)", 42.03, -75.0, "big"},
		{"well past the edge", 42.2, -75.0, ""},
		{"the other market", 10.5, 10.5, "far"},
		{"nowhere", 0, 0, ""},
		{"not a position", 91, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, ok := c.Find(tc.lat, tc.lng)
			if ok != (tc.want != "") || e.Slug != tc.want {
				t.Errorf("Find(%v, %v) = %q, %v; want %q", tc.lat, tc.lng, e.Slug, ok, tc.want)
			}
		})
	}
}

func TestParseCatalogRefuses(t *testing.T) {
	entry := func(s string) string {
		return `{"data_url": "https://example.test", "markets": [` + s + `]}`
	}
	ok := `{"slug": "a", "name": "A", "country": "x", "region": "y", "city": "a", "bounds": {"min_lat": 1, "min_lng": 1, "max_lat": 2, "max_lng": 2}}`
	for name, tc := range map[string]struct{ json, want string }{
		"unknown field":   {strings.Replace(entry(ok), `"slug"`, `"colour": 1, "slug"`, 1), "unknown field"},
		"bad slug":        {entry(strings.Replace(ok, `"a"`, `"A b"`, 1)), "slug"},
		"duplicate":       {entry(ok + "," + ok), "twice"},
		"slash in a path": {entry(strings.Replace(ok, `"city": "a"`, `"city": "a/b"`, 1)), "path segments"},
		"empty box":       {entry(strings.Replace(ok, `"max_lat": 2`, `"max_lat": 1`, 1)), "bounds"},
		"bad date":        {entry(strings.Replace(ok, `"city": "a"`, `"city": "a", "snapshots": ["2025-13"]`, 1)), "YYYY-MM-DD"},
		"bad format":      {entry(strings.Replace(ok, `"city": "a"`, `"city": "a", "format": "xml"`, 1)), "format"},
		"no data url":     {strings.Replace(entry(ok), "https://example.test", "", 1), "data_url"},
		"no markets":      {`{"data_url": "https://example.test", "markets": []}`, "no markets"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := ParseCatalog([]byte(tc.json)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseCatalog: %v; want an error saying %q", err, tc.want)
			}
		})
	}
}

// The index is read for this market's links in its format only, whatever
// the host; dates come back sorted, once each.
func TestIndexedSnapshots(t *testing.T) {
	page := `<a href="https://data.insideairbnb.com/united-states/ny/albany/2025-10-05/data/listings.csv.gz">
	<a href="https://data.insideairbnb.com/united-states/ny/albany/2025-10-05/data/calendar.csv.gz">
	<a href="http://127.0.0.1:8080/united-states/ny/albany/2026-01-07/data/listings.csv.gz">
	<a href="https://data.insideairbnb.com/united-states/ny/albany/2025-07-01/visualisations/listings.csv">
	<a href="https://data.insideairbnb.com/united-states/ny/albany-county/2027-01-01/data/listings.csv.gz">
	<a href="https://data.insideairbnb.com/united-states/ny/albany/2025-10-05/data/listings.csv.gz">`
	e := CatalogEntry{Country: "united-states", Region: "ny", City: "albany"}
	if got := strings.Join(e.IndexedSnapshots(page), ","); got != "2025-10-05,2026-01-07" {
		t.Errorf("detailed: %s", got)
	}
	e.Format = FormatSummary
	if got := strings.Join(e.IndexedSnapshots(page), ","); got != "2025-07-01" {
		t.Errorf("summary: %s", got)
	}
	if files := e.Files("http://h/", "2025-07-01"); len(files) != 2 || files[0].URL != "http://h/united-states/ny/albany/2025-07-01/visualisations/listings.csv" {
		t.Errorf("summary files %+v", files)
	}
}

// Every catalogued market's prices have a known currency, and a market
// whose Inside Airbnb path has a letter beyond ASCII (Zurich's region
// "zürich") is fetched at its escaped URL and found in the index page
// however the link writes it.
func TestCatalogCurrenciesAndPaths(t *testing.T) {
	c, err := DefaultCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range c.Markets {
		if CurrencyOf(e.Name) == "" {
			t.Errorf("%s (%q): no currency for its country", e.Slug, e.Name)
		}
	}
	for slug, want := range map[string]string{"antwerp": "EUR", "zurich": "CHF", "asheville-nc": "USD"} {
		e, ok := c.Entry(slug)
		if !ok {
			t.Errorf("no %s in the catalog", slug)
			continue
		}
		if got := CurrencyOf(e.Name); got != want {
			t.Errorf("%s: currency %q, want %q", slug, got, want)
		}
	}
	zurich, _ := c.Entry("zurich")
	if got, want := zurich.Files(c.DataURL, "2024-09-27")[0].URL, "https://data.insideairbnb.com/switzerland/z%C3%BCrich/zurich/2024-09-27/data/listings.csv.gz"; got != want {
		t.Errorf("Zurich listings URL %s, want %s", got, want)
	}
	page := `<a href="https://data.insideairbnb.com/switzerland/z%C3%BCrich/zurich/2025-03-27/data/listings.csv.gz">` +
		`<a href="https://data.insideairbnb.com/switzerland/zürich/zurich/2025-06-29/data/listings.csv.gz">`
	if got := zurich.IndexedSnapshots(page); !slices.Equal(got, []string{"2025-03-27", "2025-06-29"}) {
		t.Errorf("Zurich snapshots in the index: %v", got)
	}
}

// The catalogue's boxes hold every listing of the shared Antwerp, Asheville
// and Zurich snapshots, so none is routed nowhere.
func TestCatalogCoversSharedSnapshots(t *testing.T) {
	c, err := DefaultCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for slug, folder := range map[string]string{"antwerp": markettest.AntwerpName, "asheville-nc": markettest.AshevilleName, "zurich": markettest.ZurichName} {
		e, _ := c.Entry(slug)
		var b Bounds
		first := true
		for _, r := range csvListings(t, filepath.Join(markettest.SharedDir(t, folder), "listings.csv.gz")) {
			if first {
				b, first = Bounds{r.lat, r.lng, r.lat, r.lng}, false
			}
			b.add(r.lat, r.lng)
		}
		if !e.Covers(b) {
			t.Errorf("%s: the box %+v does not cover the snapshot's listings %+v", slug, e.Bounds, b)
		}
	}
}
