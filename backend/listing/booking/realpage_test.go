package booking_test

import (
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
