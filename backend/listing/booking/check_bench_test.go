package booking_test

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/booking"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// BenchmarkParseRealPageChecked is what a host's Booking.com link costs
// once the page is in hand: the parse of the largest saved property page
// (about 2 MB of rendered DOM) and ingest's page check (that it is the
// listing the address names, with enough read). The budget for both is
// 20 ms. It lives outside package booking because ingest imports it.
func BenchmarkParseRealPageChecked(b *testing.B) {
	file, page := listingtest.LargestRealPage(b, "booking")
	tg := realTarget(b, file)
	b.ReportAllocs()
	b.SetBytes(int64(len(page)))
	b.ResetTimer()
	for range b.N {
		l := booking.Parse(page, tg)
		if err := ingest.CheckPage(tg, page, l, true); err != nil {
			b.Fatalf("%s refused: %v", file, err)
		}
	}
}

// BenchmarkPageCheckRealPage is the page check alone, to tell which side
// a slow run is on.
func BenchmarkPageCheckRealPage(b *testing.B) {
	file, page := listingtest.LargestRealPage(b, "booking")
	tg := realTarget(b, file)
	l := booking.Parse(page, tg)
	b.ResetTimer()
	for range b.N {
		if err := ingest.CheckPage(tg, page, l, true); err != nil {
			b.Fatalf("%s refused: %v", file, err)
		}
	}
}

// realTarget is the address a host would paste for the saved page file
// (listingtest.RealListings).
func realTarget(b *testing.B, file string) listing.Target {
	for _, rl := range listingtest.RealListings {
		if strings.HasSuffix(rl.File, "/"+file) {
			return listingtest.Target(b, rl.URL)
		}
	}
	b.Fatalf("%s is not in listingtest.RealListings", file)
	return listing.Target{}
}
