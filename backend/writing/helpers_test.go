package writing

import (
	"errors"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
)

func b(v bool) *bool { return &v }

// loft is a well-described listing.
func loft() *listing.Listing {
	l := &listing.Listing{
		Platform: listing.Airbnb, ID: "48123456", URL: "https://www.airbnb.com/rooms/48123456",
		Title: "Sunny Alfama loft ☀️ river view & terrace",
		Description: "Bright top-floor loft in the heart of Alfama, with a private terrace over the Tagus river.\n\n" +
			"The space\nOpen-plan living room & kitchen, two bedrooms with blackout curtains, and a bathroom with a rain shower. " +
			"Ótima localização — the 28 tram stops at the door.\n\nGuest access\nThe whole apartment and the terrace are yours.",
		PropertyType: "Rental unit", RoomType: "Entire home/apt", Capacity: 4, Bedrooms: 2, Beds: 3, Baths: 1.5,
		Location: listing.Location{City: "Lisbon", Region: "Lisbon", Country: "Portugal", Lat: 38.71139, Lng: -9.12957},
		Amenities: []listing.Amenity{
			{Name: "Hair dryer", Available: true}, {Name: "Hot water", Available: true}, {Name: "Wifi", Available: true},
			{Name: "Dedicated workspace", Available: true}, {Name: "Kitchen", Available: true}, {Name: "Espresso machine", Available: true},
			{Name: "Air conditioning", Available: false}, {Name: "Free parking on premises", Available: false},
		},
		Ratings: listing.Ratings{Overall: 4.93, Scale: 5}, ReviewCount: 214,
		HouseRules: listing.HouseRules{CheckIn: "3:00 PM", CheckOut: "11:00 AM", MaxGuests: 4, PetsAllowed: b(false), SmokingAllowed: b(false),
			Rules: []string{"Self check-in with lockbox", "Quiet hours: 10:00 PM - 8:00 AM"}},
		Highlights: []string{"Self check-in", "Great location"},
		Sources:    map[string]string{},
	}
	for _, f := range []string{listing.FieldTitle, listing.FieldDescription, listing.FieldBedrooms, listing.FieldAmenities} {
		l.Set(f, listing.SourceEmbedded)
	}
	return l
}

func request(l *listing.Listing, titles int) Request {
	f := analysis.ListingFeatures(l)
	g := analysis.AnalyzeGuests(l, f, nil)
	d := analysis.AnalyzeDescription(l, f)
	return NewRequest(l, f, titles, g, d)
}

func errorsIs(err, target error) bool { return errors.Is(err, target) }
