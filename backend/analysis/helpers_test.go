package analysis

import "github.com/listinglift/listinglift/backend/listing"

func yes() *bool { b := true; return &b }
func no() *bool  { b := false; return &b }

// loft is a well-described two-bedroom loft used across the tests.
func loft() *listing.Listing {
	l := &listing.Listing{
		Platform: listing.Airbnb, ID: "1", URL: "https://www.airbnb.com/rooms/1",
		Title:        "Sunny Alfama loft with river view & terrace",
		Description:  "Bright top-floor loft in Alfama with a private terrace.\n\nThe space\nTwo bedrooms and a kitchen.",
		PropertyType: "Entire rental unit", RoomType: "Entire home/apt",
		Capacity: 4, Bedrooms: 2, Beds: 3, Baths: 1.5,
		Location: listing.Location{Area: "Alfama", City: "Lisbon", Country: "Portugal", Lat: 38.71, Lng: -9.13},
		Amenities: []listing.Amenity{
			{Name: "Wifi", Available: true}, {Name: "Kitchen", Available: true}, {Name: "Dedicated workspace", Available: true},
			{Name: "River view", Available: true}, {Name: "Air conditioning", Available: false, Group: "Not included"},
		},
		Ratings:     listing.Ratings{Overall: 4.9, Cleanliness: 4.8, Communication: 5, Scale: 5},
		ReviewCount: 120,
		Sources:     map[string]string{},
	}
	for _, f := range []string{listing.FieldTitle, listing.FieldDescription, listing.FieldBedrooms, listing.FieldAmenities, listing.FieldReviewCount} {
		l.Set(f, listing.SourceEmbedded)
	}
	return l
}
