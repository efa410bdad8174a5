package ingest

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

const hijackFile = "booking/booking-2026-listingproof-fr-hijack-gite-chassagne.en-gb.html"

// Word overlap alone never refuses: a renamed property (in another
// language, or to a name of its own) whose kind of place agrees with its
// page name is taken; sharing nothing AND another kind of place is another
// property.
func TestOtherProperty(t *testing.T) {
	for _, tc := range []struct {
		slug, name, city, street string
		want                     bool
	}{
		// Honest pairs sharing no word.
		{"casa-azul", "Blue House", "Sevilla", "", false},
		{"apartamento-en-triana", "Sevilla Sunny Flat", "Sevilla", "", false},
		{"maison-du-soleil", "Sunny Home", "Nice", "", false},
		{"ferienwohnung-am-see", "Lakeside Flat", "Konstanz", "", false},
		{"hotel-zum-hirschen", "The Stag Inn", "Freiburg", "", false},
		{"strandpalace", "The Thames Grand", "London", "", false}, // the slug names no kind
		{"villa-rosa", "Sunset", "Nice", "", false},               // the name names no kind
		// The street names the slug's place.
		{"apartamento-en-triana", "Sunny Hotel", "Sevilla", "Calle Betis 12, Triana, 41010 Sevilla", false},
		// Another property: nothing in common and another kind.
		{"gitenchassagne", "Le Grand Paris Apartments", "Paris", "2 Rue du Maréchal Harispe, 75007 Paris, France", true},
		{"hotel-du-lac", "Sunny Flats", "Lisbon", "", true},
		{"villa-rosa", "Hotel Sunset", "Nice", "", true},
	} {
		l := &listing.Listing{Title: tc.name, Location: listing.Location{City: tc.city}}
		if got := otherProperty(tc.slug, l, tc.street); got != tc.want {
			t.Errorf("otherProperty(%q, %q in %s) = %v, want %v", tc.slug, tc.name, tc.city, got, tc.want)
		}
	}
}

// renamed is a real Booking.com page moved to page name slug and renamed
// name, everywhere the page names either (its addresses, state, title,
// JSON-LD, headings): what a host's page looks like after a rename.
func renamed(page []byte, oldSlug, oldName, slug, name string) []byte {
	page = bytes.ReplaceAll(page, []byte(oldSlug), []byte(slug))
	for _, form := range []string{oldName, strings.ReplaceAll(oldName, "&", "&amp;"), strings.ReplaceAll(oldName, "'", "&#x27;")} {
		page = bytes.ReplaceAll(page, []byte(form), []byte(name))
	}
	return page
}

// The real hijack stays refused; every real Booking.com page renamed to an
// honest pair sharing no word with its new page name is taken; the same
// pages renamed to another kind of place than the page name says are
// refused, as is a page whose state names another page name. A hotel
// renamed "Sunny Flats" under a hotel-… page name is taken: its type says
// hotel, as the page name does.
func TestIdentityOnRealPages(t *testing.T) {
	hijack := listingtest.RealPage(t, hijackFile)
	_, err := ReadSaved(hijack, "https://www.booking.com/hotel/fr/gitenchassagne.en-gb.html", "")
	if domain.ErrorMessage(err) != fmt.Sprintf(MsgOtherProperty, "Le Grand Paris Apartments") {
		t.Errorf("the real hijack: %v", err)
	}
	moved := bytes.ReplaceAll(hijack, []byte(`"pageName":"gitenchassagne"`), []byte(`"pageName":"le-grand-paris-apartments"`))
	if _, err := ReadSaved(moved, "https://www.booking.com/hotel/fr/gitenchassagne.html", ""); domain.ErrorMessage(err) != MsgOtherListing {
		t.Errorf("state naming another page name: %v", err)
	}
	honest := []struct{ slug, name string }{
		{"casa-azul", "Blue House"}, {"apartamento-en-triana", "Sevilla Sunny Flat"},
		{"maison-du-soleil", "Sunny Home"}, {"ferienwohnung-am-see", "Lakeside Flat"},
	}
	other := []struct{ slug, name string }{
		// The real pages are hotels by their type too: a page name of
		// another kind (a gîte, a campsite) cannot be theirs.
		{"gite-de-la-riviere", "Le Grand Apartments"}, {"camping-du-lac", "Sunny Flats"},
	}
	taken, refused := 0, 0
	for i, rl := range realListings("booking") {
		page := listingtest.RealPage(t, rl.File)
		tg := listingtest.Target(t, rl.URL)
		cc, oldSlug, _ := strings.Cut(tg.ListingID, "/")
		l, err := ReadSaved(page, rl.URL, "")
		if err != nil {
			t.Fatalf("%s: %v", rl.File, err)
		}
		// Two honest pairs and one other property per page, in turn:
		// every pair is read on several real pages.
		for _, p := range []struct{ slug, name string }{honest[i%len(honest)], honest[(i+1)%len(honest)]} {
			url := "https://www.booking.com/hotel/" + cc + "/" + p.slug + ".html"
			got, err := ReadSaved(renamed(page, oldSlug, l.Title, p.slug, p.name), url, "")
			switch {
			case err != nil:
				t.Errorf("%s renamed %q at %s: refused: %v", filepath.Base(rl.File), p.name, p.slug, err)
			case got.Title != p.name:
				t.Errorf("%s renamed %q: title read %q (the rename missed a place)", filepath.Base(rl.File), p.name, got.Title)
			default:
				taken++
			}
		}
		for _, p := range other[i%len(other) : i%len(other)+1] {
			url := "https://www.booking.com/hotel/" + cc + "/" + p.slug + ".html"
			_, err := ReadSaved(renamed(page, oldSlug, l.Title, p.slug, p.name), url, "")
			if domain.ErrorMessage(err) != fmt.Sprintf(MsgOtherProperty, p.name) {
				t.Errorf("%s as %q at %s: %v; want another property", filepath.Base(rl.File), p.name, p.slug, err)
				continue
			}
			refused++
		}
	}
	t.Logf("honest renamed pairs taken: %d; other properties refused: %d (+ the real hijack)", taken, refused)
}

func TestBookingCountry(t *testing.T) {
	for page, want := range map[string]string{
		`<a href="https://www.booking.com/country/fr.en-gb.html">France</a>`:            "fr",
		`<a href="https://www.booking.com/country/it?aid=1">Italia</a>`:                 "it",
		`{"url":"/country/pt.html"} <a href="https://www.booking.com/country/es.html">`: "pt",
		`{"url":"/country/pt?x"} <a href="https://www.booking.com/country/es.html">`:    "es",
		`<a href="https://example.com/country/de.html"></a>`:                            "",
		`<a href="https://www.booking.com/country/FR.html">`:                            "",
		`no crumb here`: "",
	} {
		if got := bookingCountry([]byte(page)); got != want {
			t.Errorf("bookingCountry(%q) = %q, want %q", page, got, want)
		}
	}
}
