package pdfreport

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/report"
)

// bookingHotelRead is a Booking.com hotel as read: no host or room type on
// the site, no rooms or price read, the most popular facilities only.
func bookingHotelRead() *report.ListingRead {
	l := &listing.Listing{Platform: listing.Booking, Title: "Strand Palace", PropertyType: "Hotel",
		Location:   listing.Location{City: "London", Country: "United Kingdom"},
		Amenities:  []listing.Amenity{{Name: "Free WiFi", Available: true}, {Name: "Family rooms", Available: true}},
		Ratings:    listing.Ratings{Overall: 8.5, Scale: 10},
		HouseRules: listing.HouseRules{CheckIn: "15:00", CheckOut: "11:00"}, ReviewCount: 17597,
	}
	for _, f := range []string{listing.FieldTitle, listing.FieldPropertyType, listing.FieldLocation, listing.FieldRating,
		listing.FieldReviewCount, listing.FieldHouseRules} {
		l.Set(f, listing.SourceEmbedded)
	}
	l.Set(listing.FieldAmenities, listing.SourceMarkup)
	l.SetPartial(listing.FieldAmenities, "the 10 most popular facilities")
	l.Finish()
	return report.ReadOf(l)
}

// The PDF says what was read from the page, fact by fact, before the data
// sources: a value, "partial: …" and where it differs, "Not read" and "Not
// on Booking.com" in place of a value, never a number for one not read.
func TestListingReadSection(t *testing.T) {
	r := loadGolden(t, "sparse-vrbo")
	r.Platform = "booking"
	r.Listing = bookingHotelRead()
	pdf, err := Render(r, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	text := flat(pdfText(t, pdf))
	for _, want := range []string{
		headRead, ReadIntro, "Read from the listing page's own data unless a row says otherwise.",
		"Property name Strand Palace", "Place London, United Kingdom", "Property type Hotel",
		"Room type Not on Booking.com", "Host Not on Booking.com",
		"Sleeps Not read", "Bedrooms Not read", "Beds Not read", "Bathrooms Not read", "Price Not read", "Photos Not read",
		"Rating 8.5 out of 10", "Reviews 17,597 reviews",
		// the row's label and value apart: a page may break between the
		// label cell and the running header the text extraction reads next
		"Amenities", "2 amenities Free WiFi, Family rooms partial: the 10 most popular facilities · from the text of the listing page",
		"Language English", "Check-in 15:00", "Check-out 11:00",
	} {
		if !contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	read, sources := strings.Index(text, headRead), strings.Index(text, headSources)
	if read < 0 || sources < 0 || read > sources {
		t.Errorf("%q at %d, %q at %d: want the facts just before their sources", headRead, read, headSources, sources)
	}
	checkMargins(t, pdf)
}

// A report stored before the listing as read existed has no such section.
func TestListingReadSectionOldReport(t *testing.T) {
	r := loadGolden(t, "sparse-vrbo")
	r.Listing = nil
	pdf, err := Render(r, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, pdf); contains(text, headRead) {
		t.Errorf("an old report's PDF has %q", headRead)
	}
}
