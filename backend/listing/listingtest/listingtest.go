// Package listingtest holds the checks every parser's tests and fuzz
// targets share.
package listingtest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/listing"
)

var sources = map[string]bool{
	listing.SourceEmbedded: true, listing.SourceJSONLD: true, listing.SourceOpenGraph: true,
	listing.SourceMeta: true, listing.SourceAPI: true, listing.SourceTyped: true, listing.SourceMarkup: true,
}

// CheckInvariants fails tb unless l is well formed for target t: it keeps
// t's platform and URL, every string is valid UTF-8, every source is a
// known one, and warnings are never nil.
func CheckInvariants(tb testing.TB, l *listing.Listing, t listing.Target) {
	tb.Helper()
	if l == nil {
		tb.Fatal("parser returned nil")
	}
	if l.Platform != t.Platform || l.URL != t.CanonicalURL {
		tb.Fatalf("platform/url = %q %q, want %q %q", l.Platform, l.URL, t.Platform, t.CanonicalURL)
	}
	if bad := invalidUTF8(reflect.ValueOf(l).Elem(), "listing"); bad != "" {
		tb.Fatalf("invalid UTF-8 in %s", bad)
	}
	for f, s := range l.Sources {
		if !sources[s] {
			tb.Fatalf("field %q has unknown source %q", f, s)
		}
	}
	if l.Warnings == nil {
		tb.Fatal("warnings are nil; want an empty list")
	}
	if _, err := json.Marshal(l); err != nil {
		tb.Fatalf("listing does not encode: %v", err)
	}
}

func invalidUTF8(v reflect.Value, path string) string {
	switch v.Kind() {
	case reflect.String:
		if !utf8.ValidString(v.String()) {
			return path
		}
	case reflect.Pointer:
		if !v.IsNil() {
			return invalidUTF8(v.Elem(), path)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if bad := invalidUTF8(v.Field(i), path+"."+v.Type().Field(i).Name); bad != "" {
				return bad
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			if bad := invalidUTF8(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); bad != "" {
				return bad
			}
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			if bad := invalidUTF8(v.MapIndex(k), path+"["+k.String()+"]"); bad != "" {
				return bad
			}
		}
	}
	return ""
}

// Equal fails tb unless got equals want, printing both as JSON so the
// difference is easy to see.
func Equal(tb testing.TB, got, want *listing.Listing) {
	tb.Helper()
	if reflect.DeepEqual(got, want) {
		return
	}
	g, _ := json.MarshalIndent(got, "", "  ")
	w, _ := json.MarshalIndent(want, "", "  ")
	gl, wl := strings.Split(string(g), "\n"), strings.Split(string(w), "\n")
	var diff []string
	for i := 0; i < max(len(gl), len(wl)); i++ {
		var a, b string
		if i < len(gl) {
			a = gl[i]
		}
		if i < len(wl) {
			b = wl[i]
		}
		if a != b {
			diff = append(diff, fmt.Sprintf("line %d:\n   got: %s\n  want: %s", i+1, a, b))
		}
		if len(diff) > 10 {
			break
		}
	}
	tb.Fatalf("listing differs from the expected one:\n%s\n\nfull result:\n%s", strings.Join(diff, "\n"), g)
}

// B returns a pointer to b, for HouseRules' *bool fields.
func B(b bool) *bool { return &b }

// Page reads a fixture page (a path relative to the test's package).
func Page(tb testing.TB, path string) []byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// Target parses raw with listing.ParseURL, failing the test if it is refused.
func Target(tb testing.TB, raw string) listing.Target {
	tb.Helper()
	tg, err := listing.ParseURL(raw)
	if err != nil {
		tb.Fatal(err)
	}
	return tg
}

// RealPagesDir is ../shared/real-pages, the real pages other people saved
// (never copied into the project): $REAL_PAGES_DIR, else shared/real-pages
// found by walking up from the test's package (inside a checkout's parent
// or beside it). Without it tb skips, saying why — except under CI, which
// always runs beside shared/, where a missing folder fails.
func RealPagesDir(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv("REAL_PAGES_DIR"); d != "" {
		return d
	}
	if dir, err := filepath.Abs("."); err == nil {
		for ; dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
			for _, d := range []string{filepath.Join(dir, "shared", "real-pages"), filepath.Join(dir, "..", "shared", "real-pages")} {
				if st, err := os.Stat(d); err == nil && st.IsDir() {
					return d
				}
			}
		}
	}
	if os.Getenv("CI") != "" {
		tb.Fatal("../shared/real-pages is missing: CI runs beside shared/")
	}
	tb.Skip("skipped: ../shared/real-pages is not beside this checkout (set REAL_PAGES_DIR)")
	return ""
}

// RealPage reads one real page, by its path under real-pages/.
func RealPage(tb testing.TB, rel string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(RealPagesDir(tb), filepath.FromSlash(rel)))
	if err != nil {
		tb.Fatalf("real page %s: %v", rel, err)
	}
	return b
}

// LargestRealPage is the biggest real page in real-pages/<folder> (a
// parser's worst case for speed), with its file name.
func LargestRealPage(tb testing.TB, folder string) (string, []byte) {
	tb.Helper()
	dir := filepath.Join(RealPagesDir(tb), folder)
	files, _ := filepath.Glob(filepath.Join(dir, "*.htm*"))
	best, size := "", int64(-1)
	for _, f := range files {
		if st, err := os.Stat(f); err == nil && st.Size() > size {
			best, size = f, st.Size()
		}
	}
	if best == "" {
		tb.Fatalf("no page in %s", dir)
	}
	b, err := os.ReadFile(best)
	if err != nil {
		tb.Fatalf("real page %s: %v", best, err)
	}
	return filepath.Base(best), b
}

// RealListing is a listing page in ../shared/real-pages and the address a
// host would paste for it.
type RealListing struct{ File, URL string }

// RealListings are the listing pages in ../shared/real-pages that are
// reported on (the pages to refuse are the refusal tests'), for the tests
// that read every one; what each page shows is the truth table's
// (backend/listing/realpages), which checks this list against its own.
var RealListings = []RealListing{
	{"airbnb/airbnb-2018-travelnest.htm", "https://www.airbnb.co.uk/rooms/19278160"},
	{"airbnb/airbnb-2025-flyingmermaidd.html", "https://www.airbnb.ca/rooms/1035103363769989256"},
	{"airbnb/airbnb-2025-mehfius-arraial-raw.html", "https://www.airbnb.com.br/rooms/756587219584104742"},
	{"airbnb/airbnb-2025-mehfius-loft-rendered.html", "https://www.airbnb.com.br/rooms/884287328619193704"},
	{"airbnb/airbnb-2025-mehfius-portoseguro-raw.html", "https://www.airbnb.com.br/rooms/45592704"},
	{"airbnb/airbnb-2026-listingproof-br-rio-1.html", "https://www.airbnb.com/rooms/1715357532731129387"},
	{"airbnb/airbnb-2026-listingproof-br-rio-2.html", "https://www.airbnb.com/rooms/1581922106059514513"},
	{"airbnb/airbnb-2026-listingproof-es-barcelona2.en.html", "https://www.airbnb.com/rooms/1704906788837184002"},
	{"airbnb/airbnb-2026-listingproof-it-roma-1.html", "https://www.airbnb.com/rooms/1736387261430847289"},
	{"airbnb/airbnb-2026-listingproof-it-roma-2.html", "https://www.airbnb.com/rooms/1600030586695407460"},
	{"airbnb/airbnb-2026-the_milano_suite.html", "https://www.airbnb.it/rooms/1438101512728990114"},
	{"booking/booking-2026-listingproof-es-catalonia-la-boqueria.es.html", "https://www.booking.com/hotel/es/catalonia-la-boqueria.es.html"},
	{"booking/booking-2026-listingproof-fr-le-regent-paris.fr.html", "https://www.booking.com/hotel/fr/le-regent-paris.fr.html"},
	{"booking/booking-2026-listingproof-gb-strandpalace.en-gb.html", "https://www.booking.com/hotel/gb/strandpalace.en-gb.html"},
	{"booking/booking-2026-listingproof-it-grand-rimini.it.html", "https://www.booking.com/hotel/it/grand-rimini.it.html"},
	{"booking/booking-2026-listingproof-it-hotelbellevue_rimini.en-us.html", "https://www.booking.com/hotel/it/hotelbellevue_rimini.en-us.html"},
	{"booking/booking-2026-listingproof-nl-nhcollection-flower-market.nl.html", "https://www.booking.com/hotel/nl/nhcollection-amsterdam-flower-market.nl.html"},
	{"booking/booking-2026-listingproof-pt-corpo-santo.pt-pt.html", "https://www.booking.com/hotel/pt/corpo-santo.pt-pt.html"},
	{"vrbo/vrbo-2026-unidown-barbarosa-formentera.html", "https://www.vrbo.com/8164853ha"},
}
