package booking_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/booking"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// TestRealPagesKindAndLabels: on every saved Booking.com page the kind of
// place is the cache's accommodation type (seven hotels, and the hijacked
// page's bed and breakfast of four apartments); none is a home of one
// unit, so no room's occupancy, beds or baths is taken for the
// property's; and every gallery photo carries the site's own description
// of it as its label (Booking.com's altText — the pages have no photo tags:
// b_gallery_has_photo_tags is false on each), never as a caption. Only the
// page with a host profile names its host.
func TestRealPagesKindAndLabels(t *testing.T) {
	want := map[string]struct {
		propType         string
		photos, labelled int
		host             string
	}{
		"catalonia-la-boqueria":      {"Hotel", 40, 40, ""},
		"hijack-gite-chassagne":      {"Bed and breakfast", 75, 75, "Boris Rose"}, // "Managed by Boris Rose"
		"le-regent-paris":            {"Hotel", 32, 32, ""},
		"strandpalace":               {"Hotel", 60, 60, ""},
		"grand-rimini":               {"Hotel", 146, 146, ""},
		"hotelbellevue_rimini":       {"Hotel", 45, 45, ""},
		"nhcollection-flower-market": {"Hotel", 95, 95, ""},
		"corpo-santo":                {"Hotel", 65, 65, ""},
	}
	for _, rp := range realNames {
		var key string
		for k := range want {
			if strings.Contains(rp.file, k) {
				key = k
			}
		}
		w, ok := want[key]
		if !ok {
			t.Fatalf("%s: no expectation", rp.file)
		}
		t.Run(key, func(t *testing.T) {
			tg := listingtest.Target(t, rp.url)
			l := booking.Parse(listingtest.RealPage(t, rp.file), tg)
			if l.PropertyType != w.propType {
				t.Errorf("property type %q, want %q", l.PropertyType, w.propType)
			}
			for _, f := range []string{listing.FieldCapacity, listing.FieldBedrooms, listing.FieldBeds, listing.FieldBaths, listing.FieldRoomType} {
				if l.Has(f) {
					t.Errorf("%s read from one room of a property of many (%d guests, %d bedrooms, %d beds, %v baths, %q)",
						f, l.Capacity, l.Bedrooms, l.Beds, l.Baths, l.RoomType)
				}
			}
			if l.Host.Name != w.host || l.Has(listing.FieldHost) != (w.host != "") {
				t.Errorf("host %q, want %q", l.Host.Name, w.host)
			}
			labelled, captioned := 0, 0
			for _, p := range l.Photos {
				if p.Label != "" {
					labelled++
				}
				if p.Caption != "" {
					captioned++
				}
			}
			if len(l.Photos) != w.photos || labelled != w.labelled || captioned != 0 {
				t.Errorf("%d photos, %d labelled, %d captioned; want %d, %d, 0", len(l.Photos), labelled, captioned, w.photos, w.labelled)
			}
		})
	}
}

// TestRealPageUnitsAsAHome: the hijacked page's property is a bed and
// breakfast of four units, each read as its own description says ("2
// separate bedrooms and 1 bathroom … The unit offers 3 beds", 5 guests),
// and none is taken for the property's. Made an apartment of one unit —
// its type and room table cut down, nothing else of the real state
// changed — it is that unit: 5 guests, 2 bedrooms, 3 beds, 1 bath.
func TestRealPageUnitsAsAHome(t *testing.T) {
	const file = "booking/booking-2026-listingproof-fr-hijack-gite-chassagne.en-gb.html"
	tg := listingtest.Target(t, "https://www.booking.com/hotel/fr/gitenchassagne.en-gb.html")
	page := listingtest.RealPage(t, file)
	l := booking.Parse(page, tg)
	if l.PropertyType != "Bed and breakfast" || l.Has(listing.FieldCapacity) {
		t.Errorf("as saved: %q, %d guests (read: %v); want a bed and breakfast, no capacity", l.PropertyType, l.Capacity, l.Has(listing.FieldCapacity))
	}
	for _, cardsOnly := range []bool{false, true} {
		home := bytes.ReplaceAll(page, []byte("BED_AND_BREAKFAST"), []byte("APARTMENT"))
		home = bytes.Replace(home, []byte(`"id":208`), []byte(`"id":201`), 1)
		home = firstRefOnly(t, home, `"roomCards":[`)
		home = firstRefOnly(t, home, `"roomsDetails(`)
		if cardsOnly {
			home = bytes.ReplaceAll(home, []byte(`"roomsDetails(`), []byte(`"gone(`))
		}
		l := booking.Parse(home, tg)
		got := fmt.Sprintf("%s, %s: %d guests, %d bedrooms, %d beds, %v baths", l.PropertyType, l.RoomType, l.Capacity, l.Bedrooms, l.Beds, l.Baths)
		if want := "Apartment, Entire place: 5 guests, 2 bedrooms, 3 beds, 1 baths"; got != want {
			t.Errorf("as an apartment (room cards only: %v): %s, want %s", cardsOnly, got, want)
		}
	}
}

// firstRefOnly cuts the list of references after key (a member name up to
// its list) to its first reference.
func firstRefOnly(t *testing.T, page []byte, key string) []byte {
	t.Helper()
	i := bytes.Index(page, []byte(key))
	if i < 0 {
		t.Fatalf("no %s in the page", key)
	}
	j := i + bytes.Index(page[i:], []byte(`:[{"__ref"`)) + 1
	end := j + bytes.IndexByte(page[j:], ']')
	sep := bytes.Index(page[j:end], []byte(`"},{"__ref"`))
	if sep < 0 {
		return page
	}
	out := append([]byte{}, page[:j+sep+2]...)
	return append(out, page[end:]...)
}
