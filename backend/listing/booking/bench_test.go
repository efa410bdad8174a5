package booking

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// BenchmarkParseRealPage parses the largest saved property page (about
// 2 MB of rendered DOM); the budget is 20 ms.
func BenchmarkParseRealPage(b *testing.B) {
	file, page := listingtest.LargestRealPage(b, "booking")
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
