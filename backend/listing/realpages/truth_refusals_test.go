package realpages_test

import (
	"fmt"

	"github.com/listinglift/listinglift/backend/listing/ingest"
)

// Pages that are no listing we can report on, each refused with its own
// reason.
func init() {
	pages = append(pages,
		Page{File: "not-listings/vrbo-2025-botwall-BeachHouse.html", URL: "https://www.vrbo.com/4146676",
			Refusal: ingest.MsgSavedChallenge}, // <title>Bot or Not?</title>, empty __APOLLO_STATE__
		Page{File: "not-listings/booking-2025-regionpage-Cesar5701.html", URL: "https://www.booking.com/hotel/mx/hotel-tlaxcala.html",
			Refusal: ingest.MsgNotListingPage}, // canonical /region/mx/tlaxcala.es.html, served for a hotel's link
		// A real hijack: the address names a gîte in rural Chassagne, the
		// page (title, JSON-LD name, h2) shows a Paris flat.
		Page{File: "booking/booking-2026-listingproof-fr-hijack-gite-chassagne.en-gb.html", URL: "https://www.booking.com/hotel/fr/gitenchassagne.en-gb.html",
			Refusal: fmt.Sprintf(ingest.MsgOtherProperty, "Le Grand Paris Apartments")},
		Page{File: "not-listings/booking-2026-listingproof-search-challenge-202.html",
			Refusal: ingest.MsgSavedChallenge}, // empty <title>, AWS WAF challenge script
		Page{File: "not-listings/other-2026-listingproof-fr-accor-1393.html",
			Refusal: "This page is from all.accor.com, a site we do not read."},
		Page{File: "not-listings/other-2026-listingproof-gb-premierinn-county-hall.html",
			Refusal: "This page is from premierinn.com, a site we do not read."},
		Page{File: "booking-search/booking-2026-listingproof-searchresults-fr-nice-latlong-dated.worker.html",
			Refusal: ingest.MsgNotListingPage}, // canonical /searchresults.html, 25 property cards
		Page{File: "booking-search/booking-2026-listingproof-searchresults-fr-paris-latlong-dated.tab.html",
			Refusal: ingest.MsgNotListingPage},
	)
}
