package ingest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
)

// Pages that are not the listing a link names, built here after what such
// pages carry (titles, challenge scripts, their own canonical address).
var (
	vrboBotCheck = []byte(`<!DOCTYPE html><html lang="en"><head><title>Bot or Not?</title>
<meta name="viewport" content="width=device-width"></head><body><h1>Bot or Not?</h1>
<p>We can't tell if you're a human or a bot.</p><script src="https://ct.captcha-delivery.com/c.js"></script></body></html>`)
	bookingRegion = []byte(`<!DOCTYPE html><html lang="es"><head>
<title>Booking.com:
Hoteles en Tlaxcala.
¡Reserva ahora tu hotel!</title>
<link rel="canonical" href="https://www.booking.com/region/mx/tlaxcala.es.html">
<meta property="og:title" content="Hoteles en Tlaxcala"><meta name="description" content="Los mejores hoteles en Tlaxcala. Llámanos al 800 123 4567.">
</head><body><h1>Hoteles en Tlaxcala</h1></body></html>`)
	airbnbSearch = []byte(`<!DOCTYPE html><html><head><title>Lisbon · Stays · Airbnb</title>
<link rel="canonical" href="https://www.airbnb.com/s/Lisbon--Portugal/homes">
<meta property="og:title" content="Lisbon vacation rentals"></head><body></body></html>`)
	airbnbLogin = []byte(`<!DOCTYPE html><html><head><title>Log in or sign up - Airbnb</title>
<meta property="og:url" content="https://www.airbnb.com/login"><meta property="og:title" content="Log in"></head><body></body></html>`)
)

func TestCheckPage(t *testing.T) {
	airbnb := listing.Target{Platform: listing.Airbnb, ListingID: "48123456", CanonicalURL: "https://www.airbnb.com/rooms/48123456"}
	vrbo := listing.Target{Platform: listing.Vrbo, ListingID: "4417281", CanonicalURL: "https://www.vrbo.com/4417281"}
	booking := listing.Target{Platform: listing.Booking, ListingID: "mx/hotel-tlaxcala", CanonicalURL: "https://www.booking.com/hotel/mx/hotel-tlaxcala.html"}
	current := readFile(t, "../airbnb/testdata/current.html")
	for _, tc := range []struct {
		name        string
		t           listing.Target
		page        []byte
		saved       bool
		code        domain.Code // "" : accepted
		wantMessage string
	}{
		{"a listing page", airbnb, current, true, "", ""},
		{"a fetched bot check is the site blocking us for now", vrbo, vrboBotCheck, false, domain.CodeUnavailable, MsgBlocked},
		{"a saved bot check is no listing", vrbo, vrboBotCheck, true, domain.CodeUnreadable, MsgSavedChallenge},
		{"a region page, fetched", booking, bookingRegion, false, domain.CodeUnreadable, MsgNotListingPage},
		{"a region page, saved", booking, bookingRegion, true, domain.CodeUnreadable, MsgNotListingPage},
		{"a search page", airbnb, airbnbSearch, true, domain.CodeUnreadable, MsgNotListingPage},
		{"a sign-in page", airbnb, airbnbLogin, false, domain.CodeUnreadable, MsgNotListingPage},
		{"another listing's page", listing.Target{Platform: listing.Airbnb, ListingID: "6", CanonicalURL: "https://www.airbnb.com/rooms/6"}, current, false, domain.CodeUnreadable, MsgOtherListing},
		{"a saved page with nothing in it", airbnb, []byte(`<html><body></body></html>`), true, domain.CodeUnreadable, MsgSavedEmpty},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckPage(tc.t, tc.page, ParsePage(tc.t, tc.page), tc.saved)
			if tc.code == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if domain.ErrorCode(err) != tc.code || domain.ErrorMessage(err) != tc.wantMessage {
				t.Errorf("got %v (%s); want %s %q", err, domain.ErrorCode(err), tc.code, tc.wantMessage)
			}
		})
	}
}

// Every fixture page of the parsers is accepted as the listing it is.
func TestCheckPageAcceptsEveryFixture(t *testing.T) {
	for file, raw := range map[string]string{
		"../airbnb/testdata/current.html":           "https://www.airbnb.com/rooms/48123456",
		"../airbnb/testdata/older.html":             "https://www.airbnb.com/rooms/22334455",
		"../airbnb/testdata/meta-only.html":         "https://www.airbnb.com/rooms/48123456",
		"../airbnb/testdata/sparse.html":            "https://www.airbnb.com/rooms/48123456",
		"../airbnb/testdata/presentation-2026.html": "https://www.airbnb.com/rooms/77001234",
		"../airbnb/testdata/current-pt.html":        "https://www.airbnb.com/rooms/48123456",
		"../airbnb/testdata/current-it.html":        "https://www.airbnb.com/rooms/48123456",
		"../vrbo/testdata/listing.html":             "https://www.vrbo.com/4417281",
		"../booking/testdata/property.html":         "https://www.booking.com/hotel/jp/machiya-gion-hanare.html",
	} {
		tg, err := listing.ParseURL(raw)
		if err != nil {
			t.Fatal(err)
		}
		page, err := os.ReadFile(filepath.FromSlash(file))
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckPage(tg, page, ParsePage(tg, page), true); err != nil {
			t.Errorf("%s refused: %v", file, err)
		}
	}
}

// On the URL path, a region page served for a hotel link is refused, not
// reported on.
func TestReadRefusesANonListingPage(t *testing.T) {
	site := newSite(t)
	_, err := site.reader(false).Read(context.Background(), "https://www.booking.com/hotel/mx/hotel-tlaxcala.html")
	if domain.ErrorCode(err) != domain.CodeUnreadable || domain.ErrorMessage(err) != MsgNotListingPage {
		t.Errorf("read of a region page: %v", err)
	}
}
