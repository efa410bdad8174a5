package analysis

import "github.com/listinglift/listinglift/backend/listing"

// PlatformRules are one listing site's own rules, as it or the channel
// managers that publish to it state them. Every sentence a report says
// about a limit reads it from here, so a Vrbo report never quotes
// Airbnb's rules; a zero means the site publishes no such number, and the
// report then gives none.
type PlatformRules struct {
	Name string // "Airbnb"
	// TitleWord is what the site calls the listing's title.
	TitleWord string
	// TitleMax and TitleMin bound the title's length in characters.
	TitleMax, TitleMin int
	// TitleMinEffect says what happens under TitleMin.
	TitleMinEffect string
	// MinPhotos is the fewest photos the site accepts.
	MinPhotos int
	// MinPhotosEffect says what happens under MinPhotos.
	MinPhotosEffect string
	// StripsEmoji: the site removes emoji from titles.
	StripsEmoji bool
	// TopRatingName and TopRatingBar: the site's own top-host programme
	// and the rating it asks of it ("" / 0 when we cite none).
	TopRatingName string
	TopRatingBar  float64
	// LastMinute names the site's own last-minute discount setting, ""
	// when we cite none.
	LastMinute string
}

// Platforms are the rules of each site we read. Sources:
//   - Airbnb: channel managers' publishing rules (Avantio, "What are the
//     minimum requirements for Airbnb?"; SiteMinder, "Map to Airbnb:
//     media": listings with fewer than 7 photos are rejected; titles of 8–50
//     characters, emoji and symbols removed); Airbnb's Superhost criteria
//     (4.8 overall rating); Airbnb's last-minute discount setting.
//   - Vrbo: Vrbo help, "What are the listing guidelines" (headline at
//     least 20 characters, else the listing is placed on hold) and "Vrbo
//     photo guidelines" (at least 6 photos at all times, else a
//     suspension); Guesty and Avantio (headline at most 80 characters).
//   - Booking.com publishes no title or photo count; its property names
//     lose emoji and symbols (Rentals United, "Step 1: Basic info").
var Platforms = map[listing.Platform]PlatformRules{
	listing.Airbnb: {Name: "Airbnb", TitleWord: "title", TitleMax: TitleLimit, TitleMin: 8,
		TitleMinEffect: "Airbnb refuses shorter titles", MinPhotos: 7,
		MinPhotosEffect: "Airbnb rejects listings with fewer", StripsEmoji: true,
		TopRatingName: "Superhosts", TopRatingBar: 4.8, LastMinute: "Airbnb's last-minute discount setting"},
	listing.Vrbo: {Name: "Vrbo", TitleWord: "headline", TitleMax: 80, TitleMin: 20,
		TitleMinEffect: "Vrbo puts listings with shorter headlines on hold", MinPhotos: 6,
		MinPhotosEffect: "Vrbo can suspend listings with fewer for more than 30 days"},
	listing.Booking: {Name: "Booking.com", TitleWord: "property name", StripsEmoji: true},
}

// RulesFor returns the rules of l's site (Airbnb's for a listing without
// one, as the typed-details path has).
func RulesFor(l *listing.Listing) PlatformRules {
	if l != nil {
		if r, ok := Platforms[l.Platform]; ok {
			return r
		}
	}
	return Platforms[listing.Airbnb]
}
