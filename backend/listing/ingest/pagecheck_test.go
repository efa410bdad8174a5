package ingest

import (
	"context"
	"fmt"
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

// bookingPage is a Booking.com property page built here with what a real
// one carries to name itself: its address, JSON-LD name and place, the
// breadcrumb to its country, a description and a photo.
func bookingPage(addr, name, city, countryCrumb string) []byte {
	return []byte(`<!DOCTYPE html><html lang="en-gb"><head><title>` + name + `, ` + city + ` (updated prices 2026)</title>
<link rel="canonical" href="` + addr + `">
<script type="application/ld+json">{"@type":"Hotel","name":"` + name + `","url":"` + addr + `",
"image":"https://cf.bstatic.com/xdata/images/hotel/max500/1.jpg",
"description":"A quiet place to stay with a garden and free WiFi in every room.",
"address":{"@type":"PostalAddress","addressLocality":"` + city + `","addressCountry":"` + countryCrumb + `"}}</script>
</head><body><ol itemtype="https://schema.org/BreadcrumbList"><li><a href="https://www.booking.com/country/` + countryCrumb + `.en-gb.html">Country</a></li></ol>
<h2 class="pp-header__title">` + name + `</h2>
<p data-testid="property-description">A quiet place to stay with a garden and free WiFi in every room.</p></body></html>`)
}

// A page that shows another property than its address names is refused
// with the reason, on its name, its place or its id; the same page under
// its own address is taken.
func TestCheckPageIdentity(t *testing.T) {
	airbnbOther := []byte(`<!DOCTYPE html><html><head><title>Sunny loft - Airbnb</title>
<meta property="og:url" content="https://www.airbnb.com/rooms/2"><meta property="og:title" content="Sunny loft">
<meta property="og:description" content="A sunny loft near the river."><meta property="og:image" content="https://a0.muscache.com/im/pictures/1.jpg">
</head><body><h1>Sunny loft</h1></body></html>`)
	for _, tc := range []struct {
		name, url string
		page      []byte
		want      string // "": taken
	}{
		{"the address names a gîte, the page a Paris flat", "https://www.booking.com/hotel/fr/gitenchassagne.html",
			bookingPage("https://www.booking.com/hotel/fr/gitenchassagne.html", "Le Grand Paris Apartments", "Paris", "fr"),
			fmt.Sprintf(MsgOtherProperty, "Le Grand Paris Apartments")},
		{"the address is in Italy, the page's property in France", "https://www.booking.com/hotel/it/grand-rimini.html",
			bookingPage("https://www.booking.com/hotel/it/grand-rimini.html", "Grand Hotel Rimini", "Rimini", "fr"),
			fmt.Sprintf(MsgOtherPlace, "FR", "IT")},
		{"the page's og:url names another listing", "https://www.airbnb.com/rooms/1", airbnbOther, MsgOtherListing},
		{"the page under its own id", "https://www.airbnb.com/rooms/2", airbnbOther, ""},
		{"a slug of the name's words", "https://www.booking.com/hotel/it/hotelbellevue_rimini.html",
			bookingPage("https://www.booking.com/hotel/it/hotelbellevue_rimini.html", "Hotel Bellevue by OasiGroup Hotels", "Rimini", "it"), ""},
		{"a renamed hotel whose slug keeps its city", "https://www.booking.com/hotel/fr/hotel-paris-opera.html",
			bookingPage("https://www.booking.com/hotel/fr/hotel-paris-opera.html", "Maison Albar Le Vendome", "Paris", "fr"), ""},
		{"a property renamed in another language (no word shared, same kind)", "https://www.booking.com/hotel/es/casa-azul.html",
			bookingPage("https://www.booking.com/hotel/es/casa-azul.html", "Blue House", "Sevilla", "es"), ""},
		{"a flat renamed (no word shared, same kind)", "https://www.booking.com/hotel/es/apartamento-en-triana.html",
			bookingPage("https://www.booking.com/hotel/es/apartamento-en-triana.html", "Sevilla Sunny Flat", "Sevilla", "es"), ""},
		{"a name sharing nothing and no kind of place", "https://www.booking.com/hotel/fr/villa-rosa.html",
			bookingPage("https://www.booking.com/hotel/fr/villa-rosa.html", "Le Mimosa", "Nice", "fr"), ""},
		{"a name in Greek letters cannot be set against a Latin slug", "https://www.booking.com/hotel/gr/xenodocheio-plaka.html",
			bookingPage("https://www.booking.com/hotel/gr/xenodocheio-plaka.html", "Ξενοδοχείο Πλάκα", "Αθήνα", "gr"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadSaved(tc.page, tc.url, "")
			if tc.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if domain.ErrorCode(err) != domain.CodeUnreadable || domain.ErrorMessage(err) != tc.want {
				t.Errorf("got %v; want %q", err, tc.want)
			}
		})
	}
}

func TestNameFitsSlug(t *testing.T) {
	for _, tc := range []struct {
		slug, name, city string
		want             bool
	}{
		{"strandpalace", "Strand Palace", "London", true},
		{"nhcollection-amsterdam-flower-market", "NH Collection Amsterdam Flower Market", "Amsterdam", true},
		{"catalonia-la-boqueria", "Catalonia La Boquería", "Barcelona", true},
		{"le-regent-paris", "Hôtel Le Regent Paris", "Paris", true},
		{"gitenchassagne", "Le Grand Paris Apartments", "Paris", false},
		{"villa-rosa", "Hotel Sunset", "Nice", false},
		{"casa-azul", "Blue House", "Sevilla", false},       // shares nothing, yet honest: otherProperty decides
		{"hotel-apartments", "Sunset Villas", "Nice", true}, // a slug of generic words tells nothing
		{"12345", "Sunset Villas", "", true},
	} {
		if got := nameFitsSlug(tc.slug, tc.name, tc.city); got != tc.want {
			t.Errorf("nameFitsSlug(%q, %q, %q) = %v, want %v", tc.slug, tc.name, tc.city, got, tc.want)
		}
	}
}

// Too little read for a report is refused before any order, not reported
// on as "Untitled listing"; a region page that also carries a challenge
// script is called what it is, not a bot check.
func TestCheckPageRefusesTooLittle(t *testing.T) {
	titleOnly := []byte(`<!DOCTYPE html><html><head><meta property="og:title" content="Sunny loft">
<meta property="og:url" content="https://www.airbnb.com/rooms/2"></head><body></body></html>`)
	_, err := ReadSaved(titleOnly, "", "")
	if domain.ErrorCode(err) != domain.CodeUnreadable || domain.ErrorMessage(err) != MsgTooLittle {
		t.Errorf("a title alone: %v", err)
	}
	regionWithChallenge := append(append([]byte{}, bookingRegion...), []byte(`<script src="https://x.awswaf.com/challenge.js"></script>`)...)
	booking := listing.Target{Platform: listing.Booking, ListingID: "mx/hotel-tlaxcala", CanonicalURL: "https://www.booking.com/hotel/mx/hotel-tlaxcala.html"}
	err = CheckPage(booking, regionWithChallenge, ParsePage(booking, regionWithChallenge), false)
	if domain.ErrorMessage(err) != MsgNotListingPage {
		t.Errorf("a region page with a challenge script: %v", err)
	}
}

// A saved page from a site we do not read is refused naming the site; one
// with no address is placed by its content.
func TestSavedTarget(t *testing.T) {
	accor := []byte(`<html><head><link rel="canonical" href="https://all.accor.com/hotel/1393/index.en.shtml"/><title>Ibis</title></head></html>`)
	if _, err := SavedTarget(accor, "", ""); domain.ErrorMessage(err) != fmt.Sprintf(MsgOtherSite, "all.accor.com") {
		t.Errorf("accor page: %v", err)
	}
	if _, err := SavedTarget([]byte(`<html><head><title>Bot or Not?</title></head></html>`), "", ""); domain.ErrorMessage(err) != MsgSavedChallenge {
		t.Errorf("an unplaced challenge: %v", err)
	}
	if _, err := SavedTarget([]byte(`<html><body>hello</body></html>`), "", ""); domain.ErrorMessage(err) != MsgSavedUnknownSite {
		t.Errorf("an unplaced page: %v", err)
	}
	tg, err := SavedTarget(accor, "https://www.vrbo.com/4417281", "")
	if err != nil || tg.Platform != listing.Vrbo {
		t.Errorf("a page with the host's link: %v %v", tg, err)
	}
}

// A DevTools copy of a Vrbo page's body whose only <title> is an icon's
// ("Share button") has no listing title: it is refused, never reported on
// as "Share button".
func TestIconTitleIsNoListingTitle(t *testing.T) {
	page := []byte(`<div class="gallery"><button><svg aria-hidden="true"><title>Share button</title><path d="M0"/></svg></button>
<img src="https://media.vrbo.com/lodging/1.jpg"><p>Sleeps 9</p></div>`)
	l, err := ReadSaved(page, "https://www.vrbo.com/8164853ha", "")
	if err == nil {
		t.Fatalf("accepted with title %q", l.Title)
	}
	if m := domain.ErrorMessage(err); m != MsgSavedEmpty && m != MsgTooLittle {
		t.Errorf("refused with %q", m)
	}
}
