package vrbo

import (
	"bytes"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// The real Vrbo page lives in ../shared/real-pages (never copied into the
// project); these tests and the benchmark skip, saying why, without it.
const realPage = "vrbo/vrbo-2026-unidown-barbarosa-formentera.html"

func readRealPage(tb testing.TB) []byte { return listingtest.RealPage(tb, realPage) }

func realTarget(tb testing.TB) listing.Target {
	return listingtest.Target(tb, "https://www.vrbo.com/8164853ha")
}

// BenchmarkParseRealPage parses the 1 MB rendered page.
func BenchmarkParseRealPage(b *testing.B) {
	page := readRealPage(b)
	tg := realTarget(b)
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(page, tg)
	}
}

// BenchmarkParseRealPageMarkupOnly parses the same page without its state:
// the slow path, where the markup is parsed too.
func BenchmarkParseRealPageMarkupOnly(b *testing.B) {
	page := withoutState(readRealPage(b))
	tg := realTarget(b)
	b.SetBytes(int64(len(page)))
	b.ReportAllocs()
	for b.Loop() {
		Parse(page, tg)
	}
}

// withoutState is page with its Apollo state renamed out of reach, as a
// copy saved without its scripts would be.
func withoutState(page []byte) []byte {
	return bytes.Replace(page, apolloMarker, []byte("window.__NOT_THE_STATE__"), 1)
}
