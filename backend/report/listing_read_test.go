package report

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
)

// factsByKey indexes r's facts, failing when one is missing or the order
// is not ReadFactKeys'.
func factsByKey(t *testing.T, r *ListingRead) map[string]ReadFact {
	t.Helper()
	if r == nil {
		t.Fatal("no listing as read")
	}
	if len(r.Facts) != len(ReadFactKeys) {
		t.Fatalf("%d facts, want %d (%v)", len(r.Facts), len(ReadFactKeys), ReadFactKeys)
	}
	out := map[string]ReadFact{}
	for i, f := range r.Facts {
		if f.Key != ReadFactKeys[i] {
			t.Errorf("fact %d is %q, want %q (the report's order)", i, f.Key, ReadFactKeys[i])
		}
		out[f.Key] = f
	}
	return out
}

// wantFact checks one fact's provenance and value.
func wantFact(t *testing.T, facts map[string]ReadFact, key, status, value, source string) {
	t.Helper()
	f := facts[key]
	if f.Status != status || f.Value != value || f.Source != source {
		t.Errorf("%s = {status %q value %q source %q}, want {%q %q %q}", key, f.Status, f.Value, f.Source, status, value, source)
	}
	switch status {
	case FactRead, FactPartial:
		if f.Where == "" {
			t.Errorf("%s was read but says nowhere", key)
		}
	default:
		// Not read is never a number, a default or a place.
		if f.Value != "" || f.Number != nil || f.Where != "" || f.Source != "" || len(f.Items) > 0 || f.Shown != "" {
			t.Errorf("%s not read, yet has %+v", key, f)
		}
	}
}

// An Airbnb listing with facts read whole, read in part and not read.
func TestReadOfAirbnbReadPartialAndUnread(t *testing.T) {
	l := &listing.Listing{Platform: listing.Airbnb, ID: "1", URL: "https://www.airbnb.com/rooms/1",
		Title: "Casa da Praia", Language: "pt", PropertyType: "Casa", RoomType: "Entire home/apt",
		Capacity: 4, Bedrooms: 0, Baths: 1.5,
		Location:  listing.Location{City: "Arraial do Cabo", Region: "Rio de Janeiro", Country: "Brasil"},
		Amenities: []listing.Amenity{{Name: "Wi-Fi", Available: true}, {Name: "Cozinha", Available: true}, {Name: "Secadora", Available: false}},
		Photos:    []listing.Photo{{URL: "a"}, {URL: "b"}, {URL: "c"}},
		Ratings:   listing.Ratings{Overall: 4.98, Scale: 5}, ReviewCount: 1234,
		Superhost: true, Host: listing.Host{Name: "Luiz", Superhost: true},
		HouseRules: listing.HouseRules{CheckIn: "15:00"},
		Price:      &listing.Price{Amount: 99.5, Currency: "USD", Period: "night"},
	}
	l.Description = "Uma casa com vista para o mar, a dois passos da praia."
	for _, f := range []string{listing.FieldTitle, listing.FieldDescription, listing.FieldPropertyType, listing.FieldRoomType, listing.FieldCapacity,
		listing.FieldBedrooms, listing.FieldBaths, listing.FieldLocation, listing.FieldRating, listing.FieldReviewCount,
		listing.FieldSuperhost, listing.FieldHost, listing.FieldHouseRules} {
		l.Set(f, listing.SourceEmbedded)
	}
	l.Set(listing.FieldAmenities, listing.SourceMarkup)
	l.SetPartial(listing.FieldAmenities, "3 shown of 40")
	l.Set(listing.FieldPhotos, listing.SourceOpenGraph) // a preview image only
	l.Set(listing.FieldPrice, listing.SourceJSONLD)
	l.Finish()

	r := ReadOf(l)
	facts := factsByKey(t, r)
	if r.Where != "from the listing page's own data" {
		t.Errorf("where = %q, want the page's own data (most facts)", r.Where)
	}
	wantFact(t, facts, "title", FactRead, "Casa da Praia", listing.SourceEmbedded)
	wantFact(t, facts, "place", FactRead, "Arraial do Cabo, Rio de Janeiro, Brasil", listing.SourceEmbedded)
	wantFact(t, facts, "property_type", FactRead, "Casa", listing.SourceEmbedded)
	wantFact(t, facts, "room_type", FactRead, "Entire home/apt", listing.SourceEmbedded)
	wantFact(t, facts, "guests", FactRead, "4 guests", listing.SourceEmbedded)
	wantFact(t, facts, "bedrooms", FactRead, "0 (a studio)", listing.SourceEmbedded) // read as 0: a studio, not a default
	wantFact(t, facts, "beds", FactNotRead, "", "")                                  // its 0 was never read
	wantFact(t, facts, "baths", FactRead, "1.5 baths", listing.SourceEmbedded)
	wantFact(t, facts, "rating", FactRead, "4.98 out of 5", listing.SourceEmbedded)
	wantFact(t, facts, "reviews", FactRead, "1,234 reviews", listing.SourceEmbedded)
	wantFact(t, facts, "photos", FactPartial, "3 photos", listing.SourceOpenGraph)
	wantFact(t, facts, "amenities", FactPartial, "2 amenities, and 1 listed as not included", listing.SourceMarkup)
	wantFact(t, facts, "language", FactRead, "Portuguese", "")
	wantFact(t, facts, "host", FactRead, "Luiz (Superhost)", listing.SourceEmbedded)
	wantFact(t, facts, "check_in", FactRead, "15:00", listing.SourceEmbedded)
	wantFact(t, facts, "check_out", FactNotRead, "", "") // the rules were read, without a check-out time
	wantFact(t, facts, "price", FactRead, "$99.50 per night", listing.SourceJSONLD)

	if f := facts["rating"]; f.Number == nil || *f.Number != 4.98 || f.Scale != 5 {
		t.Errorf("rating figure %v scale %v, want 4.98 out of 5", f.Number, f.Scale)
	}
	if f := facts["bedrooms"]; f.Number == nil || *f.Number != 0 {
		t.Errorf("a studio's bedrooms figure %v, want 0 (read)", f.Number)
	}
	if f := facts["amenities"]; f.Shown != "3 shown of 40" || f.Where != "from the text of the listing page" || strings.Join(f.Items, ",") != "Wi-Fi,Cozinha" {
		t.Errorf("amenities shown %q where %q items %v", f.Shown, f.Where, f.Items)
	}
	if f := facts["photos"]; f.Shown == "" || f.Where != "from the page's preview tags" {
		t.Errorf("a preview image's photos: shown %q where %q", f.Shown, f.Where)
	}
	if f := facts["price"]; f.Where != "from the listing page's schema.org data" || f.Number == nil || *f.Number != 99.5 {
		t.Errorf("price where %q figure %v", f.Where, f.Number)
	}
	if s := facts["beds"].Shows(string(l.Platform)); s != MsgNotRead {
		t.Errorf("an unread fact shows %q, want %q", s, MsgNotRead)
	}
	// In JSON an unread fact carries no figure at all.
	b, err := json.Marshal(facts["beds"])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "number") || strings.Contains(string(b), `"0"`) {
		t.Errorf("an unread fact is written with a figure: %s", b)
	}
}

// A Booking.com hotel: its page has no host profile and no room type (the
// site never shows them: "Not on Booking.com", not "Not read"), a
// rating out of 10, and only its most popular facilities; the guests,
// rooms and price were not read.
func TestReadOfBookingHotel(t *testing.T) {
	l := &listing.Listing{Platform: listing.Booking, ID: "gb/strandpalace", URL: "https://www.booking.com/hotel/gb/strandpalace.html",
		Title: "Strand Palace", PropertyType: "Hotel",
		Location:   listing.Location{City: "London", Region: "Greater London", Country: "United Kingdom"},
		Amenities:  []listing.Amenity{{Name: "Free WiFi", Available: true}, {Name: "Family rooms", Available: true}},
		Photos:     make([]listing.Photo, 60),
		Ratings:    listing.Ratings{Overall: 8.5, Scale: 10},
		HouseRules: listing.HouseRules{CheckIn: "15:00", CheckOut: "11:00"}, ReviewCount: 17597,
	}
	for _, f := range []string{listing.FieldTitle, listing.FieldPropertyType, listing.FieldLocation, listing.FieldPhotos,
		listing.FieldRating, listing.FieldReviewCount, listing.FieldHouseRules} {
		l.Set(f, listing.SourceEmbedded)
	}
	l.Set(listing.FieldAmenities, listing.SourceMarkup)
	l.SetPartial(listing.FieldAmenities, "the 10 most popular facilities")
	l.Finish()

	facts := factsByKey(t, ReadOf(l))
	wantFact(t, facts, "title", FactRead, "Strand Palace", listing.SourceEmbedded)
	if facts["title"].Label != "Property name" {
		t.Errorf("the title's label is %q; Booking.com calls it the property name", facts["title"].Label)
	}
	wantFact(t, facts, "property_type", FactRead, "Hotel", listing.SourceEmbedded)
	wantFact(t, facts, "room_type", FactNotOnSite, "", "")
	wantFact(t, facts, "host", FactNotOnSite, "", "")
	for _, k := range []string{"room_type", "host"} {
		if s := facts[k].Shows("booking"); s != "Not on Booking.com" {
			t.Errorf("%s shows %q, want %q", k, s, "Not on Booking.com")
		}
	}
	for _, k := range []string{"guests", "bedrooms", "beds", "baths", "price"} {
		wantFact(t, facts, k, FactNotRead, "", "")
	}
	wantFact(t, facts, "rating", FactRead, "8.5 out of 10", listing.SourceEmbedded)
	if f := facts["rating"]; f.Scale != 10 {
		t.Errorf("rating scale %v, want 10 (Booking.com's own)", f.Scale)
	}
	wantFact(t, facts, "reviews", FactRead, "17,597 reviews", listing.SourceEmbedded)
	wantFact(t, facts, "photos", FactRead, "60 photos", listing.SourceEmbedded)
	wantFact(t, facts, "amenities", FactPartial, "2 amenities", listing.SourceMarkup)
	if f := facts["amenities"]; f.Shown != "the 10 most popular facilities" {
		t.Errorf("amenities shown %q", f.Shown)
	}
	// Its description was not read: the language is told from the name alone.
	wantFact(t, facts, "language", FactPartial, "English", "")
	if f := facts["language"]; f.Shown != "worked out from the title alone" {
		t.Errorf("language shown %q", f.Shown)
	}
	wantFact(t, facts, "check_in", FactRead, "15:00", listing.SourceEmbedded)
	wantFact(t, facts, "check_out", FactRead, "11:00", listing.SourceEmbedded)
}

// A page read only from its preview tags: what was read is partial, the
// rest is not read, and the language is not guessed from nothing.
func TestReadOfNothingRead(t *testing.T) {
	l := listing.New(listing.Target{Platform: listing.Vrbo, ListingID: "9", CanonicalURL: "https://www.vrbo.com/9"})
	l.Finish()
	r := ReadOf(l)
	facts := factsByKey(t, r)
	for _, k := range ReadFactKeys {
		wantFact(t, facts, k, FactNotRead, "", "")
	}
	if r.Where != "" {
		t.Errorf("where = %q for a listing of which nothing was read", r.Where)
	}
}

// Every report carries the listing as read, on both plans (a trust
// feature of the core report: the plan table gates nothing of it).
func TestGenerateCarriesTheListingAsRead(t *testing.T) {
	for _, plan := range []domain.Plan{domain.PlanBasic, domain.PlanPremium} {
		l := loadListing(t, "lisbon-loft")
		r, err := Generate(context.Background(), Input{Listing: l, Plan: plan, Now: clock})
		if err != nil {
			t.Fatal(err)
		}
		facts := factsByKey(t, r.Listing)
		if f := facts["title"]; f.Status != FactRead || f.Value != r.OriginalTitle {
			t.Errorf("%s: title fact %+v, want the report's title %q", plan, f, r.OriginalTitle)
		}
	}
}
