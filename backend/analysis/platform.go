package analysis

import (
	"fmt"
	"math"
	"strconv"

	"github.com/listinglift/listinglift/backend/listing"
)

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
	// MinPhotosWhen names when the site asks for MinPhotos, "" when it
	// holds for every listing at all times: Airbnb's 7 is asked when a
	// listing is published through a channel manager, so a live listing
	// with fewer is evidently published and is never told it will be
	// rejected.
	MinPhotosWhen string
	// MinPhotosEffect says what happens under MinPhotos ("" with
	// MinPhotosWhen: nothing happens to a live listing).
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
	// Rating is how the site rates listings and where its guests draw
	// lines: a rating is judged on its own scale, never on another site's.
	Rating RatingRules
	// DescriptionSections: the site's description has sections of its own
	// (Airbnb's The space, Guest access, Other things to note), so one
	// without them can be told to add them.
	DescriptionSections bool
	// HostCaptions: hosts write captions for their photos on this site
	// (Booking.com gives them none: its photos carry its own generated
	// descriptions), so captions are judged only here.
	HostCaptions bool
}

// RatingRules are a site's rating scale and its lines, all on that scale.
type RatingRules struct {
	Scale float64 // 5 or 10
	// Floor and Top map a rating to 0–100 in the scores: where the site's
	// ratings crowd (Airbnb's between 4 and 5).
	Floor, Top float64
	// Under Low a rating is a HIGH finding, under Good a MEDIUM one; each
	// says why in the site's own terms.
	Low     float64
	LowWhy  string
	Good    float64
	GoodWhy string
	// Under CategoryGood a category rating is named as the one to improve.
	CategoryGood float64
}

// OnScale is v (out of 5, as ReviewAnalysis.Rating) on the site's scale.
func (r RatingRules) OnScale(v5 float64) float64 { return v5 / 5 * r.Scale }

// Format says v (on the site's scale) as the site shows it: "4.85 out of
// 5", "8.5 out of 10".
func (r RatingRules) Format(v float64) string {
	if r.Scale == 10 {
		return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) + " out of 10"
	}
	return fmt.Sprintf("%.2f out of 5", v)
}

// Score maps v (on the site's scale) to 0–100 between Floor and Top.
func (r RatingRules) Score(v float64) float64 {
	return clamp((v-r.Floor)/(r.Top-r.Floor)*100, 0, 100)
}

// Platforms are the rules of each site we read. Sources:
//   - Airbnb: channel managers' publishing rules (Avantio, "What are the
//     minimum requirements for Airbnb?"; SiteMinder, "Map to Airbnb:
//     media": a listing they publish with fewer than 7 photos is rejected
//     — a rule of publishing, so a live listing with fewer is not said to
//     be rejected; Airbnb's own listing flow starts from 5); titles of 8–50
//     characters, emoji and symbols removed); Airbnb's Superhost criteria
//     (4.8 overall rating); Airbnb's last-minute discount setting.
//   - Vrbo: Vrbo help, "What are the listing guidelines" (headline at
//     least 20 characters, else the listing is placed on hold) and "Vrbo
//     photo guidelines" (at least 6 photos at all times, else a
//     suspension); Guesty and Avantio (headline at most 80 characters).
//   - Booking.com publishes no title or photo count; its property names
//     lose emoji and symbols (Rentals United, "Step 1: Basic info").
//
// Ratings: Airbnb rates out of 5 and its ratings crowd between 4.5 and 5
// (Superhosts need 4.8); Booking.com scores out of 10, and its search
// filter offers "Very good: 8+" and "Good: 7+"; Vrbo's current pages rate
// out of 10 (the old 5 stars doubled), with Airbnb's lines doubled.
var Platforms = map[listing.Platform]PlatformRules{
	listing.Airbnb: {Name: "Airbnb", TitleWord: "title", TitleMax: TitleLimit, TitleMin: 8,
		TitleMinEffect: "Airbnb refuses shorter titles", MinPhotos: 7,
		MinPhotosWhen: "to publish a listing through a channel manager", StripsEmoji: true,
		TopRatingName: "Superhosts", TopRatingBar: 4.8, LastMinute: "Airbnb's last-minute discount setting", HostCaptions: true, DescriptionSections: true,
		Rating: RatingRules{Scale: 5, Floor: 4, Top: 5, Low: 4.5, LowWhy: "most guests filter or skim past listings under 4.5",
			Good: 4.7, GoodWhy: "the best-rated listings sit at 4.8 and above", CategoryGood: 4.7}},
	listing.Vrbo: {Name: "Vrbo", TitleWord: "headline", TitleMax: 80, TitleMin: 20,
		TitleMinEffect: "Vrbo puts listings with shorter headlines on hold", MinPhotos: 6,
		MinPhotosEffect: "Vrbo can suspend listings with fewer for more than 30 days", HostCaptions: true,
		Rating: RatingRules{Scale: 10, Floor: 8, Top: 10, Low: 9, LowWhy: "most well-reviewed vacation rentals rate 9 or higher",
			Good: 9.4, GoodWhy: "the best-rated listings sit at 9.6 and above", CategoryGood: 9.4}},
	listing.Booking: {Name: "Booking.com", TitleWord: "property name", StripsEmoji: true,
		Rating: RatingRules{Scale: 10, Floor: 6, Top: 10, Low: 7, LowWhy: `under the "Good: 7+" filter guests use on Booking.com`,
			Good: 8, GoodWhy: `under the "Very good: 8+" filter guests use on Booking.com`, CategoryGood: 8}},
}

// PhotoMinimum is the site's photo minimum as a report says it, "" when
// the site publishes none: "Vrbo's minimum is 6", "Airbnb asks for 7 to
// publish a listing through a channel manager".
func (r PlatformRules) PhotoMinimum() string {
	switch {
	case r.MinPhotos == 0:
		return ""
	case r.MinPhotosWhen != "":
		return fmt.Sprintf("%s asks for %d %s", r.Name, r.MinPhotos, r.MinPhotosWhen)
	}
	return fmt.Sprintf("%s's minimum is %d", r.Name, r.MinPhotos)
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
