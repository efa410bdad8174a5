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

// TestRealPagePhotoLabels: every photo of the saved page carries Vrbo's
// own words for it as its label, never as a caption: the 41 it classified
// ("Exterior", "Room", "Outdoor dining") and the 2 it did not ("Unclassified
// image, 16 of 43"), known by the category holding them ("Bedrooms",
// "Pool"); without the state, the 5 gallery tiles by their alt.
func TestRealPagePhotoLabels(t *testing.T) {
	for _, tc := range []struct {
		name                      string
		page                      func([]byte) []byte
		photos, labelled, byGroup int
	}{
		{"state", func(p []byte) []byte { return p }, 43, 43, 2},
		{"markup only", withoutState, 5, 5, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := Parse(tc.page(readRealPage(t)), realTarget(t))
			labelled, captioned, byGroup := 0, 0, 0
			for _, p := range l.Photos {
				if p.Label != "" {
					labelled++
				}
				if p.Caption != "" {
					captioned++
				}
				if p.Label == "Bedrooms" || p.Label == "Pool" {
					byGroup++
				}
			}
			if len(l.Photos) != tc.photos || labelled != tc.labelled || captioned != 0 || byGroup != tc.byGroup {
				t.Errorf("%d photos, %d labelled (%d by their category), %d captioned; want %d, %d (%d), 0",
					len(l.Photos), labelled, byGroup, captioned, tc.photos, tc.labelled, tc.byGroup)
			}
		})
	}
}
