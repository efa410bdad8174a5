package booking_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/booking"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// realNames are the saved Booking.com pages (../shared/real-pages) with
// the property name each shows (h2.pp-header__title, JSON-LD name, the
// cache's Property.name, b_hotel_name, og:title and <title>) and the
// address a host would paste; the hijacked page shows another property
// than its address names and is refused for it.
var realNames = []struct{ file, url, name string }{
	{"booking/booking-2026-listingproof-es-catalonia-la-boqueria.es.html", "https://www.booking.com/hotel/es/catalonia-la-boqueria.es.html", "Catalonia La Boquería"},
	{"booking/booking-2026-listingproof-fr-hijack-gite-chassagne.en-gb.html", "https://www.booking.com/hotel/fr/gitenchassagne.en-gb.html", "Le Grand Paris Apartments"},
	{"booking/booking-2026-listingproof-fr-le-regent-paris.fr.html", "https://www.booking.com/hotel/fr/le-regent-paris.fr.html", "Hôtel Le Regent Paris"},
	{"booking/booking-2026-listingproof-gb-strandpalace.en-gb.html", "https://www.booking.com/hotel/gb/strandpalace.en-gb.html", "Strand Palace"},
	{"booking/booking-2026-listingproof-it-grand-rimini.it.html", "https://www.booking.com/hotel/it/grand-rimini.it.html", "Grand Hotel Rimini"},
	{"booking/booking-2026-listingproof-it-hotelbellevue_rimini.en-us.html", "https://www.booking.com/hotel/it/hotelbellevue_rimini.en-us.html", "Hotel Bellevue by OasiGroup Hotels"},
	{"booking/booking-2026-listingproof-nl-nhcollection-flower-market.nl.html", "https://www.booking.com/hotel/nl/nhcollection-amsterdam-flower-market.nl.html", "NH Collection Amsterdam Flower Market"},
	{"booking/booking-2026-listingproof-pt-corpo-santo.pt-pt.html", "https://www.booking.com/hotel/pt/corpo-santo.pt-pt.html", "Corpo Santo Lisbon Historical Hotel"},
}

// Each place the page writes the name, and how to take it out.
var (
	noCache  = edit(`data-capla-store-data="apollo"`, `data-capla-store-data="gone"`)
	noJSONLD = edit(`type="application/ld+json"`, `type="application/x-gone"`)
	noHeader = edit(`pp-header__title`, `pp-header__gone`)
	noJSVar  = edit(`b_hotel_name:`, `b_gone_name:`)
	noOG     = edit(`property="og:title"`, `property="og:gone"`)
)

func edit(old, new string) func(page []byte, name string) []byte {
	return func(page []byte, _ string) []byte { return bytes.ReplaceAll(page, []byte(old), []byte(new)) }
}

// TestRealPageNames: the name is read from every saved Booking.com page,
// as one line, whichever of its places are left and however the markup
// wraps it — split over lines with tabs and no-break spaces, in nested
// spans, blank in the cache — and the page is not refused for want of a
// title.
func TestRealPageNames(t *testing.T) {
	variants := []struct {
		name  string
		edits []func([]byte, string) []byte
		src   string // where the name is read
	}{
		{"as saved", nil, listing.SourceEmbedded},
		{"split over lines everywhere", []func([]byte, string) []byte{splitEverywhere}, listing.SourceEmbedded},
		{"blank in the cache", []func([]byte, string) []byte{blankInCache}, listing.SourceJSONLD},
		{"no cache", []func([]byte, string) []byte{noCache}, listing.SourceJSONLD},
		{"header only, in nested spans over lines", []func([]byte, string) []byte{noCache, noJSONLD, nestedHeader}, listing.SourceMarkup},
		{"inline script only, split", []func([]byte, string) []byte{noCache, noJSONLD, noHeader, splitEverywhere}, listing.SourceMarkup},
		{"og:title only, split", []func([]byte, string) []byte{noCache, noJSONLD, noHeader, noJSVar, splitEverywhere}, listing.SourceOpenGraph},
		{"<title> only, split", []func([]byte, string) []byte{noCache, noJSONLD, noHeader, noJSVar, noOG, splitEverywhere}, listing.SourceMeta},
	}
	for _, rp := range realNames {
		saved := listingtest.RealPage(t, rp.file)
		tg := listingtest.Target(t, rp.url)
		for _, v := range variants {
			t.Run(rp.name+"/"+v.name, func(t *testing.T) {
				page := saved
				for _, e := range v.edits {
					page = e(page, rp.name)
				}
				l := booking.Parse(page, tg)
				listingtest.CheckInvariants(t, l, tg)
				if l.Sources[listing.FieldTitle] != v.src || l.Title != rp.name {
					t.Fatalf("title %q from %q, want %q from %q", l.Title, l.Sources[listing.FieldTitle], rp.name, v.src)
				}
				err := ingest.CheckPage(tg, page, l, true)
				if strings.Contains(rp.file, "hijack") {
					if want := fmt.Sprintf(ingest.MsgOtherProperty, rp.name); err == nil || domain.ErrorMessage(err) != want {
						t.Errorf("the hijacked page: %v, want refused with %q", err, want)
					}
					return
				}
				if err != nil {
					t.Errorf("refused: %s", domain.ErrorMessage(err))
				}
			})
		}
	}
}

// splitEverywhere writes the name over two lines wherever the page has
// it: a newline, a tab and a no-break space between its first word and
// the rest, as markup (&nbsp;) or as a JSON and JavaScript escape inside
// a script.
func splitEverywhere(page []byte, name string) []byte {
	first, rest, ok := strings.Cut(name, " ")
	if !ok {
		return page
	}
	inMarkup := []byte(first + "\n\t&nbsp; " + rest)
	inScript := []byte(first + `\n\t\u00a0 ` + rest)
	scripts := scriptRanges(page)
	var out []byte
	from := 0
	for {
		i := bytes.Index(page[from:], []byte(name))
		if i < 0 {
			return append(out, page[from:]...)
		}
		i += from
		out = append(out, page[from:i]...)
		if inRanges(scripts, i) {
			out = append(out, inScript...)
		} else {
			out = append(out, inMarkup...)
		}
		from = i + len(name)
	}
}

// blankInCache leaves the cache's name fields white space only.
func blankInCache(page []byte, name string) []byte {
	for _, k := range []string{`"name":"`, `"propertyName":"`} {
		page = bytes.ReplaceAll(page, []byte(k+name+`"`), []byte(k+`\n \t"`))
	}
	return page
}

// nestedHeader writes the header's name in nested spans over lines.
func nestedHeader(page []byte, name string) []byte {
	first, rest, _ := strings.Cut(name, " ")
	return bytes.Replace(page, []byte(`pp-header__title">`+name+`</h2>`),
		[]byte(`pp-header__title"><span>`+first+"</span>\n  <span><b>"+rest+"</b>\n</span></h2>"), 1)
}

// scriptRanges are the byte ranges of the page's <script> elements.
func scriptRanges(page []byte) [][2]int {
	var out [][2]int
	for off := 0; ; {
		i := bytes.Index(page[off:], []byte("<script"))
		if i < 0 {
			return out
		}
		i += off
		j := bytes.Index(page[i:], []byte("</script"))
		if j < 0 {
			return append(out, [2]int{i, len(page)})
		}
		out = append(out, [2]int{i, i + j})
		off = i + j
	}
}

func inRanges(rs [][2]int, at int) bool {
	for _, r := range rs {
		if at >= r[0] && at < r[1] {
			return true
		}
	}
	return false
}
