package booking

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

// realPagesDir finds shared/real-pages: $REAL_PAGES_DIR, else the first
// ancestor of this package's directory that holds shared/real-pages (or
// has it beside it, as ../shared). "" when there is none.
func realPagesDir() string {
	if d := os.Getenv("REAL_PAGES_DIR"); d != "" {
		return d
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		return ""
	}
	for ; dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
		for _, d := range []string{filepath.Join(dir, "shared", "real-pages"), filepath.Join(dir, "..", "shared", "real-pages")} {
			if st, err := os.Stat(d); err == nil && st.IsDir() {
				return d
			}
		}
	}
	return ""
}

// largestRealPage is the biggest saved Booking.com property page, the
// worst case for the reader's speed.
func largestRealPage(b *testing.B) (string, []byte) {
	dir := realPagesDir()
	if dir == "" {
		b.Skip("skipped: no shared/real-pages beside this checkout (set REAL_PAGES_DIR)")
	}
	matches, err := filepath.Glob(filepath.Join(dir, "booking", "*.htm*"))
	if err != nil || len(matches) == 0 {
		b.Skipf("skipped: no Booking.com pages in %s/booking (%v)", dir, err)
	}
	var best string
	var size int64
	for _, m := range matches {
		if st, err := os.Stat(m); err == nil && st.Size() > size {
			best, size = m, st.Size()
		}
	}
	page, err := os.ReadFile(best)
	if err != nil {
		b.Fatalf("reading %s: %v", best, err)
	}
	return best, page
}

// BenchmarkParseRealPage parses the largest saved property page (about
// 2 MB of rendered DOM); the budget is 20 ms.
func BenchmarkParseRealPage(b *testing.B) {
	file, page := largestRealPage(b)
	name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	tg, err := listing.ParseURL("https://www.booking.com/hotel/" + bookingPath(name) + ".html")
	if err != nil {
		b.Fatalf("target for %s: %v", name, err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(page)))
	b.ResetTimer()
	for range b.N {
		if l := Parse(page, tg); len(l.Photos) == 0 {
			b.Fatalf("%s: no photos read", name)
		}
	}
}

// bookingPath is "nl/nhcollection-flower-market" for a saved page named
// "booking-2026-listingproof-nl-nhcollection-flower-market.nl": the
// country code and page name, enough for a target.
func bookingPath(name string) string {
	parts := strings.Split(name, "-")
	for i, p := range parts {
		if len(p) == 2 && i+1 < len(parts) && i >= 2 {
			rest := strings.Join(parts[i+1:], "-")
			if j := strings.IndexByte(rest, '.'); j > 0 {
				rest = rest[:j]
			}
			return p + "/" + rest
		}
	}
	return "xx/page"
}
