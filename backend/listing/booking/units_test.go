package booking

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// TestApartmentUnits: a Booking.com apartment (testdata/apartment.html,
// in the saved pages' state shapes) gets its guests, bedrooms, beds and
// baths from its one unit, read from RoomDetails (whose apartment rooms say
// which is a bedroom) or from the room card alone; a hotel, or a home of
// several units, gets none of them from one room.
func TestApartmentUnits(t *testing.T) {
	const (
		detailsKey   = `"roomsDetails(`
		aptRoomsRefs = `"apartmentRooms":[{"__ref":"RDSApartmentRoom:1"},{"__ref":"RDSApartmentRoom:2"},{"__ref":"RDSApartmentRoom:3"}],`
		cardRef      = `{"__ref":"RTRoomCard:{\"roomId\":90010001}"}`
		detailsRef   = `{"__ref":"RoomDetails:{\"room\":{\"roomKey\":\"90010001\"}}"}`
	)
	type counts struct {
		guests, bedrooms, beds int
		baths                  float64
	}
	for _, tc := range []struct {
		name     string
		edits    []string // old, new pairs
		propType string
		roomType string
		want     *counts // nil: none read
	}{
		{"apartment", nil, "Apartment", "Entire place", &counts{6, 2, 4, 2}},
		{"room card only", []string{detailsKey, `"gone(`}, "Apartment", "Entire place", &counts{6, 2, 4, 2}},
		{"room card only, rooms named in Spanish", []string{detailsKey, `"gone(`, `"Bedroom 1"`, `"Dormitorio 1"`, `"Bedroom 2"`, `"Dormitorio 2"`, `"Living room"`, `"Salón"`},
			"Apartment", "Entire place", &counts{6, 2, 4, 2}},
		{"holiday home", []string{`APARTMENT`, `HOLIDAY_HOME`, `"id":201`, `"id":220`}, "Holiday home", "Entire place", &counts{6, 2, 4, 2}},
		{"type by its id only", []string{`"type":"APARTMENT",`, ``}, "Apartment", "Entire place", &counts{6, 2, 4, 2}},
		{"studio", []string{`"roomTypeId":1,"roomSizeM2"`, `"roomTypeId":12,"roomSizeM2"`,
			`"bedConfigurations":[],` + "\n " + aptRoomsRefs, `"bedConfigurations":[{"beds":[{"count":1}]},{"beds":[{"count":2}]}],"apartmentRooms":[],`,
			`"bathroomCount":2,"occupancy":{"__typename":"RDSRoomOccupancy","maxChildren":0,"maxGuests":6,"maxPersons":6}`,
			`"bathroomCount":1,"occupancy":{"maxGuests":2,"maxPersons":2}`},
			"Apartment", "Entire place", &counts{2, 0, 1, 1}},
		{"two apartments", []string{cardRef + "]", cardRef + "," + cardRef + "]", detailsRef + "]", detailsRef + "," + detailsRef + "]"}, "Apartment", "", nil},
		{"a hotel with one room type", []string{`APARTMENT`, `HOTEL`, `"id":201`, `"id":204`}, "Hotel", "", nil},
		{"no cache: the type from the inline script", []string{`data-capla-store-data="apollo"`, `data-capla-store-data="gone"`}, "Apartment", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := string(listingtest.Page(t, "testdata/apartment.html"))
			for i := 0; i+1 < len(tc.edits); i += 2 {
				if !strings.Contains(page, tc.edits[i]) {
					t.Fatalf("the fixture has no %q", tc.edits[i])
				}
				page = strings.ReplaceAll(page, tc.edits[i], tc.edits[i+1])
			}
			tg := listingtest.Target(t, "https://www.booking.com/hotel/pt/casa-azul-apartment.en-gb.html")
			l := Parse([]byte(page), tg)
			listingtest.CheckInvariants(t, l, tg)
			if l.Host.Name != "Ana Silva" && tc.name != "no cache: the type from the inline script" {
				t.Errorf("host %q, want Ana Silva", l.Host.Name)
			}
			if l.Title != "Casa Azul Apartment" || l.PropertyType != tc.propType || l.RoomType != tc.roomType {
				t.Errorf("title %q type %q room type %q, want %q, %q", l.Title, l.PropertyType, l.RoomType, tc.propType, tc.roomType)
			}
			fields := []string{listing.FieldCapacity, listing.FieldBedrooms, listing.FieldBeds, listing.FieldBaths}
			if tc.want == nil {
				for _, f := range fields {
					if l.Has(f) {
						t.Errorf("%s read (%d guests, %d bedrooms, %d beds, %v baths); want none", f, l.Capacity, l.Bedrooms, l.Beds, l.Baths)
					}
				}
				return
			}
			got := counts{l.Capacity, l.Bedrooms, l.Beds, l.Baths}
			if got != *tc.want {
				t.Errorf("got %+v, want %+v", got, *tc.want)
			}
			for _, f := range append(fields, listing.FieldRoomType) {
				if l.Sources[f] != listing.SourceEmbedded {
					t.Errorf("%s source %q, want the cache", f, l.Sources[f])
				}
			}
		})
	}
}
