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

func TestDumpRealPages(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	for _, p := range realPages {
		req := realRequest(t, p.file, p.url, writing.PremiumTitles)
		c, _ := writing.Builtin{}.Write(context.Background(), req)
		t.Logf("==== %s lang=%q\nTITLES:\n  %s\nDESC:\n%s\nAMEN:\n%s", p.file, req.Listing.Language, strings.Join(c.Titles, "\n  "), c.Description, c.AmenityCopy)
		_ = utf8.ValidString
		_ = listing.DetectLanguage
	}
}
