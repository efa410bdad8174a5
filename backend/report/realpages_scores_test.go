package report

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// realPageURLs are the addresses a host would paste for the real pages in
// ../shared/real-pages (from the truth table, backend/listing/realpages);
// a page not named here is read with its own address, as the CLI does.
var realPageURLs = map[string]string{
	"airbnb/airbnb-2018-travelnest.htm":                                       "https://www.airbnb.co.uk/rooms/19278160",
	"airbnb/airbnb-2025-flyingmermaidd.html":                                  "https://www.airbnb.ca/rooms/1035103363769989256",
	"airbnb/airbnb-2025-mehfius-arraial-raw.html":                             "https://www.airbnb.com.br/rooms/756587219584104742",
	"airbnb/airbnb-2025-mehfius-loft-rendered.html":                           "https://www.airbnb.com.br/rooms/884287328619193704",
	"airbnb/airbnb-2025-mehfius-portoseguro-raw.html":                         "https://www.airbnb.com.br/rooms/45592704",
	"airbnb/airbnb-2026-listingproof-br-rio-1.html":                           "https://www.airbnb.com/rooms/1715357532731129387",
	"airbnb/airbnb-2026-listingproof-br-rio-2.html":                           "https://www.airbnb.com/rooms/1581922106059514513",
	"airbnb/airbnb-2026-listingproof-es-barcelona2.en.html":                   "https://www.airbnb.com/rooms/1704906788837184002",
	"airbnb/airbnb-2026-listingproof-it-roma-1.html":                          "https://www.airbnb.com/rooms/1736387261430847289",
	"airbnb/airbnb-2026-listingproof-it-roma-2.html":                          "https://www.airbnb.com/rooms/1600030586695407460",
	"airbnb/airbnb-2026-the_milano_suite.html":                                "https://www.airbnb.it/rooms/1438101512728990114",
	"booking/booking-2026-listingproof-es-catalonia-la-boqueria.es.html":      "https://www.booking.com/hotel/es/catalonia-la-boqueria.es.html",
	"booking/booking-2026-listingproof-fr-le-regent-paris.fr.html":            "https://www.booking.com/hotel/fr/le-regent-paris.fr.html",
	"booking/booking-2026-listingproof-gb-strandpalace.en-gb.html":            "https://www.booking.com/hotel/gb/strandpalace.en-gb.html",
	"booking/booking-2026-listingproof-it-grand-rimini.it.html":               "https://www.booking.com/hotel/it/grand-rimini.it.html",
	"booking/booking-2026-listingproof-it-hotelbellevue_rimini.en-us.html":    "https://www.booking.com/hotel/it/hotelbellevue_rimini.en-us.html",
	"booking/booking-2026-listingproof-nl-nhcollection-flower-market.nl.html": "https://www.booking.com/hotel/nl/nhcollection-amsterdam-flower-market.nl.html",
	"booking/booking-2026-listingproof-pt-corpo-santo.pt-pt.html":             "https://www.booking.com/hotel/pt/corpo-santo.pt-pt.html",
	"vrbo/vrbo-2026-unidown-barbarosa-formentera.html":                        "https://www.vrbo.com/8164853ha",
}

// realPageReports generates, for every listing page in ../shared/real-pages
// that is read (refused pages are the refusal tests' business), its Basic
// and Premium reports with the built-in writer and no market, as the CLI
// makes them from a saved page.
func realPageReports(t *testing.T, each func(t *testing.T, page string, r *Result)) {
	dir := listingtest.RealPagesDir(t)
	var pages []string
	for _, folder := range []string{"airbnb", "booking", "vrbo"} {
		files, _ := filepath.Glob(filepath.Join(dir, folder, "*.htm*"))
		for _, f := range files {
			pages = append(pages, folder+"/"+filepath.Base(f))
		}
	}
	if len(pages) < len(realPageURLs) {
		t.Fatalf("found %d real pages in %s, the table names %d", len(pages), dir, len(realPageURLs))
	}
	for _, page := range pages {
		l, err := ingest.ReadSaved(listingtest.RealPage(t, page), realPageURLs[page], "")
		if err != nil {
			continue // refused: not a listing we report on
		}
		for _, plan := range []domain.Plan{domain.PlanBasic, domain.PlanPremium} {
			t.Run(strings.TrimSuffix(filepath.Base(page), filepath.Ext(page))+"/"+string(plan), func(t *testing.T) {
				r, err := Generate(context.Background(), Input{Listing: l, Plan: plan, Now: clock})
				if err != nil {
					t.Fatal(err)
				}
				each(t, page, r)
			})
		}
	}
}

// TestRealPagesScoresMeasure: on every real page, no HIGH action stands in
// a section scored 80 or more (nor 65 or more), every score is its
// formula's, and each task's priority is its most important action's. On
// the old code the mehfius Arraial page (4.98★ Superhost) read "Experience
// score 49/100" and "Guest experience HIGH".
func TestRealPagesScoresMeasure(t *testing.T) {
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skip("reads every real page")
	}
	realPageReports(t, func(t *testing.T, page string, r *Result) {
		for _, a := range r.Actions {
			if s := r.SectionScores.Get(analysis.SectionOf(a.Area)); s != nil && *s >= 80 && a.Priority == analysis.High {
				t.Errorf("HIGH action in the %s section scored %d: %s", a.Area, *s, a.Finding)
			}
		}
		checkScores(t, r)
	})
}
