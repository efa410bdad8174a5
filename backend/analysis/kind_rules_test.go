package analysis

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// homeOnlyCodes are, by hand, the findings that are advice for a host's
// own place and never for a hotel or registered property: ad-copy title
// rules, the 150-word length, the 20–40 photo count and the homes
// market's amenities.
var homeOnlyCodes = map[string]bool{
	"title.too_short": true, "title.no_property_type": true, "title.no_location": true, "title.no_differentiator": true,
	"title.weak_start": true, "description.short": true, "description.brief": true,
	"photos.few": true, "photos.many": true, "amenities.market_gap": true,
}

// homeOnlyAmenities are, by hand, what a hotel's staff provide and a
// hotel is never told to add: a kitchen, laundry, self check-in, baby
// gear, towels and sheets.
var homeOnlyAmenities = []string{"Kitchen", "Washer", "Dryer", "Self check-in", "Crib", "High chair", "Dishwasher",
	"Essentials", "Bed linens", "Lock on bedroom door", "Private entrance", "Long term stays allowed", "BBQ grill"}

// Kinds of property by hand: what a property type is, whatever the site.
func TestRuleKindOf(t *testing.T) {
	for _, tc := range []struct {
		platform   listing.Platform
		pt, rt     string
		want       RuleKind
		wantPretty string
	}{
		{listing.Booking, "Hotel", "", ForHotel, "hotel"},
		{listing.Booking, "Aparthotel", "", ForHotel, "hotel"},
		{listing.Booking, "Hostel", "", ForHotel, "hotel"},
		{listing.Booking, "Bed and breakfast", "", ForHotel, "hotel"},
		{listing.Booking, "Albergo", "", ForHotel, "hotel"},
		{listing.Booking, "Guest house", "", ForHotel, "hotel"},
		{listing.Booking, "Affittacamere", "", ForHotel, "hotel"},
		{listing.Airbnb, "Entire guesthouse", "Entire home/apt", ForHome, "home"}, // a cottage in a garden
		{listing.Airbnb, "Room in boutique hotel", "Hotel room", ForHotel, "hotel"},
		{listing.Airbnb, "Ryokan", "", ForHotel, "hotel"},
		{listing.Airbnb, "Entire rental unit", "Entire home/apt", ForHome, "home"},
		{listing.Airbnb, "Espaço inteiro: casa", "Entire home/apt", ForHome, "home"},
		{listing.Vrbo, "Villa", "Entire home", ForHome, "home"},
		{listing.Airbnb, "Private room in rental unit", "Private room", ForRoom, "room"},
		{listing.Airbnb, "Stanza privata in casa", "Private room", ForRoom, "room"},
	} {
		l := &listing.Listing{Platform: tc.platform, PropertyType: tc.pt, RoomType: tc.rt}
		if got := RuleKindOf(l); got != tc.want {
			t.Errorf("%s %q/%q: kind %d, want %s", tc.platform, tc.pt, tc.rt, got, tc.wantPretty)
		}
	}
}

// The table by hand: which rule is true where.
func TestRuleApplies(t *testing.T) {
	hotel := &listing.Listing{Platform: listing.Booking, PropertyType: "Hotel"}
	airbnbHotel := &listing.Listing{Platform: listing.Airbnb, PropertyType: "Hotel", RoomType: "Hotel room"}
	home := &listing.Listing{Platform: listing.Airbnb, PropertyType: "Entire rental unit"}
	bookingFlat := &listing.Listing{Platform: listing.Booking, PropertyType: "Apartment"}
	vrbo := &listing.Listing{Platform: listing.Vrbo, PropertyType: "Villa"}
	for _, tc := range []struct {
		l          *listing.Listing
		code, lang string
		want       bool
	}{
		{hotel, "title.no_location", "", false},
		{airbnbHotel, "title.no_differentiator", "", false},
		{home, "title.no_location", "", true},
		{bookingFlat, "title.no_location", "", false}, // Booking.com's title is the property name
		{vrbo, "title.too_short", "", true},
		{hotel, "title.contact", "", true},
		{hotel, "description.brief", "en", false},
		{home, "description.brief", "en", true},
		{home, "description.short", "ja", false}, // no words to count
		{home, "description.short", "zh", false},
		{home, "description.long", "ja", false},
		{hotel, "description.long", "en", true},
		{hotel, "photos.many", "", false},
		{home, "photos.many", "", true},
		{hotel, "photos.too_few", "", true},
		{hotel, "photos.captions", "", false},
		{vrbo, "photos.captions", "", true},
		{hotel, "amenities.market_gap", "", false},
		{hotel, "amenities.missing_expected", "", true},
		{hotel, "pricing.above_market", "", true}, // not in the table: a fact of any property
		{vrbo, "description.sections", "", false},
		{airbnbHotel, "description.sections", "", true},
	} {
		if got := RuleApplies(tc.l, tc.code, tc.lang); got != tc.want {
			t.Errorf("%s %s %q %s: %v, want %v", tc.l.Platform, tc.l.PropertyType, tc.lang, tc.code, got, tc.want)
		}
	}
}

// Every code the table names is one the analyses make: no rule named for
// a finding that does not exist.
func TestKindRulesNameRealCodes(t *testing.T) {
	known := "title.too_short title.no_property_type title.no_location title.no_differentiator title.weak_start title.too_long " +
		"title.under_minimum title.emoji title.caps title.contact description.short description.brief description.long " +
		"description.sections description.key_facts description.keywords description.readability photos.few photos.many " +
		"photos.too_few photos.none photos.captions photos.rooms photos.cover amenities.missing_expected amenities.market_gap"
	for code, s := range kindRules {
		if !strings.Contains(" "+known+" ", " "+code+" ") {
			t.Errorf("kindRules names %s, which no analysis makes", code)
		}
		if s.Kinds == 0 || s.Why == "" {
			t.Errorf("%s: a rule names its kinds and why", code)
		}
	}
}

// A Japanese description is not counted in words: no "add words"
// finding, and a description with nothing else to score is not assessed
// (never 0).
func TestJapaneseDescriptionNoWordCount(t *testing.T) {
	ja := "京都の中心にある町家を一棟貸しでご利用いただけます。最大六名様までご宿泊可能で、二つの和室と一つの洋室があります。" +
		"キッチンには調理器具と食器をご用意しており、長期滞在にも便利です。最寄り駅から徒歩五分、錦市場や祇園へも歩いて行けます。"
	for _, l := range []*listing.Listing{
		{Platform: listing.Airbnb, PropertyType: "Entire home", Language: "ja", Description: ja},
		{Platform: listing.Booking, PropertyType: "Hotel", Language: "ja", Description: ja},
	} {
		a := AnalyzeDescription(l, ListingFeatures(l))
		for _, f := range a.Findings {
			if f.Code == "description.short" || f.Code == "description.brief" || f.Code == "description.long" {
				t.Errorf("%s: %s on Japanese text (%d 'words'): %s", l.PropertyType, f.Code, a.WordCount, f.Message)
			}
		}
		if !a.NotAssessed && a.Score == 0 {
			t.Errorf("%s: a Japanese description scored 0 instead of not assessed", l.PropertyType)
		}
	}
}

// analyzed is every finding the listing-level analyses make for l.
func analyzed(l *listing.Listing) (Findings, AmenityAnalysis) {
	f := ListingFeatures(l)
	var fs Findings
	fs = append(fs, AnalyzeTitle(l.Title, l, f, true).Findings...)
	fs = append(fs, AnalyzeDescription(l, f).Findings...)
	fs = append(fs, AuditPhotos(l, nil).Findings...)
	am := AnalyzeAmenities(l, f, AnalyzeGuests(l, f, nil), nil)
	return append(fs, am.Findings...), am
}

// Variant tests (issue 42 class 5): every real page recast as a
// Booking.com hotel gets no home rule and is told to add no home
// amenity; every real hotel recast as an Airbnb home gets the home rules
// again (the rules still run where they are true).
func TestVariantKindsOfProperty(t *testing.T) {
	asHotelHomeRules, asHomeHomeRules, hotelsRecast, homesRecast := 0, 0, 0, 0
	for file, l := range realListings(t) {
		h := clone(l)
		h.Platform, h.PropertyType, h.RoomType = listing.Booking, "Hotel", ""
		fs, am := analyzed(h)
		homesRecast++
		for _, f := range fs {
			if homeOnlyCodes[f.Code] {
				asHotelHomeRules++
				t.Errorf("%s as a Booking.com hotel: home rule %s: %s", file, f.Code, f.Message)
			}
		}
		for _, name := range homeOnlyAmenities {
			for _, m := range am.Missing {
				if m == name {
					t.Errorf("%s as a hotel: %s called missing", file, name)
				}
			}
			for _, s := range am.Suggestions {
				if s.Amenity == name {
					t.Errorf("%s as a hotel: %s suggested", file, name)
				}
			}
		}
		if l.Platform != listing.Booking {
			continue
		}
		home := clone(l)
		home.Platform, home.PropertyType, home.RoomType = listing.Airbnb, "Entire rental unit", "Entire home/apt"
		hotelsRecast++
		if RuleKindOf(home) != ForHome {
			t.Errorf("%s recast as an entire rental unit is not a home", file)
		}
		fs, _ = analyzed(home)
		for _, f := range fs {
			if homeOnlyCodes[f.Code] {
				asHomeHomeRules++
			}
		}
	}
	t.Logf("class 5: %d pages as Booking.com hotels: %d home-rule findings (want 0); %d hotels as Airbnb homes: %d home-rule findings", homesRecast, asHotelHomeRules, hotelsRecast, asHomeHomeRules)
	if hotelsRecast > 0 && asHomeHomeRules == 0 {
		t.Errorf("no home rule fired on %d hotels recast as homes: the rules were switched off, not scoped", hotelsRecast)
	}
}

// The table is what the analyses do: on every real page and its recasts,
// no finding is made where its rule is not true (a consistency check of
// the wiring; the hand-written expectations are above).
func TestKindRulesAreAsked(t *testing.T) {
	n := 0
	for file, l := range realListings(t) {
		hotel := clone(l)
		hotel.Platform, hotel.PropertyType, hotel.RoomType = listing.Booking, "Hotel", ""
		home := clone(l)
		home.Platform, home.PropertyType, home.RoomType = listing.Airbnb, "Entire rental unit", "Entire home/apt"
		for _, v := range []*listing.Listing{l, hotel, home} {
			fs, _ := analyzed(v)
			for _, f := range fs {
				n++
				if !RuleApplies(v, f.Code, prose.TextLanguage(v.Language, v.Description)) {
					t.Errorf("%s (%s %s): %s made where its rule is not true", file, v.Platform, v.PropertyType, f.Code)
				}
			}
		}
	}
	t.Logf("class 5: %d findings checked against the kind table", n)
}

// A hotel's description score says what it scored: no "length 25".
func TestHotelDescriptionExplanationLeavesLengthOut(t *testing.T) {
	l := &listing.Listing{Platform: listing.Booking, PropertyType: "Hotel",
		Description: "Set in Covent Garden, the hotel offers free WiFi, a fitness centre and a 24-hour front desk. Rooms have a flat-screen TV and air conditioning."}
	a := AnalyzeDescription(l, ListingFeatures(l))
	if strings.Contains(a.Explanation, "length 25") {
		t.Errorf("a hotel's explanation counts the length it did not score: %s", a.Explanation)
	}
	home := &listing.Listing{Platform: listing.Airbnb, PropertyType: "Entire rental unit", Description: l.Description}
	if a := AnalyzeDescription(home, ListingFeatures(home)); !strings.Contains(a.Explanation, "length 25") {
		t.Errorf("a home's explanation leaves out the length it scored: %s", a.Explanation)
	}
}

// Variant: every real page with its description in Japanese (written by
// hand, some 120 characters, far over any "words" a space-counter finds)
// gets no word-count finding, and its description is not scored 0.
func TestVariantJapaneseDescription(t *testing.T) {
	ja := "京都の中心にある町家を一棟貸しでご利用いただけます。最大六名様までご宿泊可能で、二つの和室と一つの洋室があります。" +
		"タオルとシーツをご用意しており、Wi-Fiは家中でご利用いただけます。最寄り駅から徒歩五分です。"
	n, notAssessed := 0, 0
	for file, l := range realListings(t) {
		c := clone(l)
		c.Language, c.Description = "ja", ja
		a := AnalyzeDescription(c, ListingFeatures(c))
		n++
		for _, f := range a.Findings {
			if f.Code == "description.short" || f.Code == "description.brief" || f.Code == "description.long" {
				t.Errorf("%s in Japanese: %s (%d 'words')", file, f.Code, a.WordCount)
			}
		}
		if a.NotAssessed {
			notAssessed++
		} else if a.Score == 0 {
			t.Errorf("%s in Japanese: description scored 0", file)
		}
	}
	t.Logf("class 5: %d pages with a Japanese description: no word-count finding; %d not assessed", n, notAssessed)
}
