package booking

import (
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// Booking.com sells hotels and homes from the same page. Its JSON-LD calls
// every property a Hotel; what tells them apart is the accommodation type
// (the cache's PropertyType {type, id}, the room table's and
// BasicPropertyData's accommodationTypeId, the inline script's
// accommodation_type_id), whose ids the page itself names in its
// "hoteltype_new" phrases: 201 the apartment, 204 the hotel, 208 the bed &
// breakfast, 213 the villa, 220 the holiday home, 228 the chalet…
//
// The room table (RoomTableQueryResult:{} → roomCards → RTRoomCard, and
// Property.roomsDetails → RoomDetails) describes each unit that can be
// booked: its occupancy (RTOccupancy.maxPersons), its bed configurations
// (alternatives: "1 double or 2 singles"), and for a unit of several rooms
// its apartmentRooms (RDSApartmentRoom {roomType: "Bedroom"|"Living Room",
// beds}) and bathroomCount. A home with one unit is that unit: its guests,
// bedrooms, beds and baths are the listing's. A hotel, or a home of
// several units, has many: one room's occupancy is no property's
// capacity, so none is read.

// accommodationTypes are Booking.com's accommodation type ids with their
// names (as the page's own "hoteltype_new" phrases name them) and whether
// the type rents a whole place rather than rooms in it.
var accommodationTypes = map[int]struct {
	name  string
	whole bool
}{
	201: {"Apartment", true}, 202: {"Guest house", false}, 203: {"Hostel", false}, 204: {"Hotel", false},
	205: {"Motel", false}, 206: {"Resort", false}, 207: {"Rental home", true}, 208: {"Bed and breakfast", false},
	209: {"Ryokan", false}, 210: {"Farm stay", false}, 212: {"Holiday park", false}, 213: {"Villa", true},
	214: {"Campsite", false}, 215: {"Boat", false}, 216: {"Guest house", false}, 217: {"Riad", false},
	218: {"Inn", false}, 219: {"Aparthotel", false}, 220: {"Holiday home", true}, 221: {"Lodge", false},
	222: {"Homestay", false}, 223: {"Country house", false}, 224: {"Luxury tent", false},
	225: {"Capsule hotel", false}, 226: {"Love hotel", false}, 227: {"Riad", false}, 228: {"Chalet", true},
	229: {"Condo", true}, 230: {"Cottage", true}, 231: {"Economy hotel", false}, 232: {"Gite", true},
	233: {"Health resort", false}, 234: {"Cruise", false}, 235: {"Student accommodation", false},
}

// wholeTypeEnums are the PropertyType enums of whole places, for a cache
// entry without its id.
var wholeTypeEnums = map[string]bool{
	"APARTMENT": true, "HOLIDAY_HOME": true, "VILLA": true, "CHALET": true, "COTTAGE": true,
	"CONDO": true, "GITE": true, "RENTAL_HOME": true,
}

// propertyKind is what the page says the property is: its type's name
// and whether it is a whole place; known is false when the page does not
// say.
type propertyKind struct {
	name         string
	whole, known bool
}

// kindOf reads the accommodation type from the cache's PropertyType
// entry, else the room table's or BasicPropertyData's id, else the inline
// script's accommodation_type_id.
func kindOf(s *apolloState, page []byte) propertyKind {
	if s != nil {
		var acc ref
		var pt struct {
			Type string `json:"type"`
			ID   int    `json:"id"`
		}
		if s.field("accommodationType", &acc) && s.entry(acc.Ref, &pt) && (pt.Type != "" || pt.ID != 0) {
			k := propertyKind{name: propertyTypeName(pt.Type), known: true, whole: wholeTypeEnums[pt.Type]}
			if t, ok := accommodationTypes[pt.ID]; ok {
				k.whole = t.whole
				if k.name == "" {
					k.name = t.name
				}
			}
			return k
		}
		var ids struct {
			ID int `json:"accommodationTypeId"`
		}
		if s.entry(roomTableKey, &ids) && ids.ID != 0 || s.firstEntry("BasicPropertyData:", &ids) && ids.ID != 0 {
			if t, ok := accommodationTypes[ids.ID]; ok {
				return propertyKind{name: t.name, whole: t.whole, known: true}
			}
		}
	}
	if v, ok := jsString(page, "accommodation_type_id"); ok {
		if id, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			if t, ok := accommodationTypes[id]; ok {
				return propertyKind{name: t.name, whole: t.whole, known: true}
			}
		}
	}
	return propertyKind{}
}

// unit is one bookable unit of the room table.
type unit struct {
	roomTypeID int
	persons    int
	bedrooms   int // -1: not told
	beds       int
	baths      float64
}

type bedCount struct {
	Count int `json:"count"`
}

type occupancy struct {
	MaxPersons int `json:"maxPersons"`
	MaxGuests  int `json:"maxGuests"`
}

func (o occupancy) persons() int { return max(o.MaxPersons, o.MaxGuests) }

// rtCard is an RTRoomCard of the room table.
type rtCard struct {
	RoomTypeID        int       `json:"roomTypeId"`
	Occupancy         occupancy `json:"occupancy"`
	BedConfigurations []struct {
		Beds []bedCount `json:"beds"`
	} `json:"bedConfigurations"`
	ApartmentRooms []struct {
		Name string     `json:"name"`
		Beds []bedCount `json:"beds"`
	} `json:"apartmentRooms"`
	BathroomCount float64 `json:"bathroomCount"`
}

// rdsRoom is a RoomDetails entry; its apartment rooms are references.
type rdsRoom struct {
	RoomTypeID        int       `json:"roomTypeId"`
	Occupancy         occupancy `json:"occupancy"`
	BedConfigurations []struct {
		Beds []bedCount `json:"beds"`
	} `json:"bedConfigurations"`
	ApartmentRooms []ref   `json:"apartmentRooms"`
	BathroomCount  float64 `json:"bathroomCount"`
}

type rdsApartmentRoom struct {
	RoomType string     `json:"roomType"`
	Beds     []bedCount `json:"beds"`
}

// studioRoomType is the room table's roomTypeId of a studio (the page's
// "roomtype" names: 1 Apartment, 12 Studio, 29 Holiday Home, 31 Villa):
// one room, no bedroom of its own.
const studioRoomType = 12

// units reads the room table's units: the RoomDetails entries (whose
// apartment rooms say which is a bedroom), else the room cards.
func (s *apolloState) units() []unit {
	var out []unit
	var details []ref
	if s.field("roomsDetails", &details) {
		for _, r := range details {
			var d rdsRoom
			if !s.entry(r.Ref, &d) {
				continue
			}
			u := unit{roomTypeID: d.RoomTypeID, persons: d.Occupancy.persons(), bedrooms: -1, baths: d.BathroomCount}
			if len(d.ApartmentRooms) > 0 {
				u.bedrooms = 0
				for _, ar := range d.ApartmentRooms {
					var room rdsApartmentRoom
					if !s.entry(ar.Ref, &room) {
						continue
					}
					if strings.EqualFold(room.RoomType, "Bedroom") {
						u.bedrooms++
					}
					u.beds += sumBeds(room.Beds)
				}
			} else if len(d.BedConfigurations) > 0 {
				u.beds = sumBeds(d.BedConfigurations[0].Beds)
			}
			out = append(out, u)
		}
	}
	if len(out) > 0 {
		return out
	}
	var table struct {
		Cards []ref `json:"roomCards"`
	}
	if !s.entry(roomTableKey, &table) {
		return nil
	}
	for _, r := range table.Cards {
		var c rtCard
		if !s.entry(r.Ref, &c) {
			continue
		}
		u := unit{roomTypeID: c.RoomTypeID, persons: c.Occupancy.persons(), bedrooms: -1, baths: c.BathroomCount}
		if len(c.ApartmentRooms) > 0 {
			u.bedrooms = 0
			for _, ar := range c.ApartmentRooms {
				if isBedroomName(ar.Name) {
					u.bedrooms++
				}
				u.beds += sumBeds(ar.Beds)
			}
		} else if len(c.BedConfigurations) > 0 {
			u.beds = sumBeds(c.BedConfigurations[0].Beds)
		}
		out = append(out, u)
	}
	return out
}

// sumBeds counts the beds of one configuration or room. A unit's bed
// configurations are alternatives (one double or two singles): the first,
// the one the page lists first, is counted.
func sumBeds(beds []bedCount) int {
	n := 0
	for _, b := range beds {
		n += max(0, b.Count)
	}
	return n
}

// bedroomWords start the room card's own name of a bedroom ("Bedroom 1",
// "Dormitorio 1", "Chambre 1") where the cache has no RoomDetails saying
// roomType "Bedroom".
var bedroomWords = []string{"bedroom", "dormitorio", "chambre", "camera da letto", "slaapkamer", "quarto",
	"schlafzimmer", "habitacion", "sypialnia", "sovrum", "soverom", "sovevaerelse", "makuuhuone", "yatak odasi"}

func isBedroomName(name string) bool {
	n := prose.Fold(strings.TrimSpace(name))
	for _, w := range bedroomWords {
		if strings.HasPrefix(n, w) {
			return true
		}
	}
	return false
}

// applyKindAndUnits sets the property type (when the cache gave none) and,
// for a whole place with one unit, the room type, guests, bedrooms, beds
// and baths from that unit.
func applyKindAndUnits(l *listing.Listing, s *apolloState, page []byte) {
	k := kindOf(s, page)
	if !k.known {
		return
	}
	if !l.Has(listing.FieldPropertyType) && k.name != "" {
		l.PropertyType = k.name
		src := listing.SourceEmbedded
		if s == nil {
			src = listing.SourceMarkup // the inline script's variable
		}
		l.Set(listing.FieldPropertyType, src)
	}
	if !k.whole || s == nil {
		return
	}
	units := s.units()
	if len(units) != 1 {
		// Several units (an apartment building's apartment types): each
		// has its own capacity, none is the listing's.
		return
	}
	u := units[0]
	const src = listing.SourceEmbedded
	l.RoomType = "Entire place"
	l.Set(listing.FieldRoomType, src)
	if u.persons > 0 {
		l.Capacity = u.persons
		l.Set(listing.FieldCapacity, src)
	}
	switch {
	case u.bedrooms >= 0:
		l.Bedrooms = u.bedrooms
		l.Set(listing.FieldBedrooms, src)
	case u.roomTypeID == studioRoomType:
		l.Bedrooms = 0
		l.Set(listing.FieldBedrooms, src)
	}
	if u.beds > 0 {
		l.Beds = u.beds
		l.Set(listing.FieldBeds, src)
	}
	if u.baths > 0 {
		l.Baths = u.baths
		l.Set(listing.FieldBaths, src)
	}
}
