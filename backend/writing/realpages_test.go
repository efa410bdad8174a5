package writing_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/writing"
)

// realPages are the listings in ../shared/real-pages with the address a
// host would paste (as in backend/listing/realpages/truth_*_test.go).
var realPages = []struct{ file, url string }{
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

func realRequest(t *testing.T, file, url string, titles int) writing.Request {
	t.Helper()
	l, err := ingest.ReadSaved(listingtest.RealPage(t, file), url, "")
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	f := analysis.ListingFeatures(l)
	g := analysis.AnalyzeGuests(l, f, nil)
	d := analysis.AnalyzeDescription(l, f)
	return writing.NewRequest(l, f, titles, g, d)
}

// TestRealPagesCopyInOneLanguage: on every real page, each piece of the
// built-in writer's copy — the titles, the opener and highlights, the house
// rules we write and the amenity copy — is in the copy's language (the
// listing's when it has a phrasebook, else English; the host's words quoted
// in English copy are the host's, not ours), and valid UTF-8 with no
// character cut in half.
func TestRealPagesCopyInOneLanguage(t *testing.T) {
	for _, p := range realPages {
		for _, n := range []int{writing.BasicTitles, writing.PremiumTitles} {
			req := realRequest(t, p.file, p.url, n)
			c, err := writing.Builtin{}.Write(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			want := "en"
			if listing.CopyLanguages[req.Listing.Language] {
				want = req.Listing.Language
			}
			paras := strings.Split(c.Description, "\n\n")
			pieces := map[string]string{
				"titles":             strings.Join(c.Titles, "\n"),
				"opener, highlights": paras[0],
				"rules":              paras[len(paras)-1],
				"amenity copy":       c.AmenityCopy,
			}
			for part, text := range pieces {
				if !utf8.ValidString(text) || strings.ContainsRune(text, utf8.RuneError) {
					t.Errorf("%s: %s: broken characters: %q", p.file, part, text)
				}
				// As a whole, never English in copy that is not (nor another
				// language in English copy)...
				if got := listing.DetectLanguage(want, unquoted(text)); (want == "en") != (got == "en") {
					t.Errorf("%s (%d titles): %s reads as %q, want %q:\n%s", p.file, n, part, got, want, text)
				}
				// ...and line by line: a line is one piece of copy (a title, the
				// opener, a rule), and short lines in languages that share
				// words ("con") read apart.
				for _, line := range strings.Split(text, "\n") {
					if got := listing.DetectLanguage(want, unquoted(line)); got != want {
						t.Errorf("%s (%d titles): %s line reads as %q, want %q: %q", p.file, n, part, got, want, line)
					}
				}
			}
			if len(c.Titles) == 0 {
				t.Errorf("%s: no title suggestions", p.file)
			}
		}
	}
}

// unquoted is text without the host's words quoted in it.
func unquoted(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '\u201c':
			in = true
		case r == '\u201d':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDumpRealPages prints the built-in copy of every real page, for
// reading it against the page (DUMP=1).
func TestDumpRealPages(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip("set DUMP=1 to print the copy of every real page")
	}
	for _, p := range realPages {
		req := realRequest(t, p.file, p.url, writing.PremiumTitles)
		c, _ := writing.Builtin{}.Write(context.Background(), req)
		t.Logf("==== %s lang=%q\nTITLES:\n  %s\nDESC:\n%s\nAMEN:\n%s\nNOTES: %q", p.file, req.Listing.Language, strings.Join(c.Titles, "\n  "), c.Description, c.AmenityCopy, c.Notes)
	}
}
