// Package market holds comparable-listing data for a market (a city), read
// from Inside Airbnb's public files (CC BY 4.0: credit "Inside Airbnb"
// wherever figures derived from it are shown). Reports use it to place a
// listing against its comparables; nothing here is invented or estimated
// beyond what the files say.
//
// Import loads a snapshot folder (listings, calendar and reviews CSVs, plain
// or gzipped) into a DB; Comparables, Listing, Calendar, Reviews and Markets
// read it. A point no market covers is ErrNoMarket, so a report can say "we
// have no market data for this area yet" instead of guessing.
//
// # Why SQLite and not Firestore
//
// Market data is public, fixed for a snapshot and read-only while serving:
// it changes only when an operator imports a new snapshot. A SQLite file
// (baked into the image or fetched from Cloud Storage at start) answers the
// geographic range query behind Comparables from a local B-tree index in a
// few milliseconds, costs nothing per read and needs no network. Firestore would
// need geohash fields and composite indexes to approximate the same range
// query, would bill every comparable document read on every report, and adds
// nothing we need here: no per-user data, no concurrent writers, no sync.
// Customer records stay in the store package; this file holds no personal
// data (reviewer names and ids are never stored).
package market

import (
	"fmt"
	"slices"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/numfmt"
)

// Attribution is the credit every figure derived from this data carries.
const Attribution = "Market data: Inside Airbnb (insideairbnb.com), CC BY 4.0"

// Listing is one listing of a market snapshot, with the columns reports use.
// Zero means "not in the file" for the numeric fields.
type Listing struct {
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	Neighborhood string  `json:"neighborhood,omitempty"`
	Lat          float64 `json:"lat"`
	Lng          float64 `json:"lng"`
	PropertyType string  `json:"property_type"`
	RoomType     string  `json:"room_type"` // "Entire home/apt", "Private room", "Shared room", "Hotel room"
	Accommodates int     `json:"accommodates"`
	Bedrooms     int     `json:"bedrooms"` // -1 when the data does not say; 0 a studio
	Beds         int     `json:"beds"`
	Baths        float64 `json:"baths"`
	// Price is the nightly price in the snapshot's currency (USD for US
	// markets); 0 when the listing shows none.
	Price     float64  `json:"price"`
	Amenities []string `json:"amenities"`
	// Review scores on Airbnb's 5-point scale; 0 when there are none.
	Rating        float64 `json:"rating"`
	Accuracy      float64 `json:"accuracy"`
	Cleanliness   float64 `json:"cleanliness"`
	CheckIn       float64 `json:"check_in"`
	Communication float64 `json:"communication"`
	Location      float64 `json:"location"`
	Value         float64 `json:"value"`
	ReviewCount   int     `json:"review_count"`
	Superhost     bool    `json:"superhost"`
	// Inside Airbnb's own estimates over the last 365 days (nights booked,
	// revenue in the snapshot currency) and days available in the next 365.
	EstimatedOccupancyNights int     `json:"estimated_occupancy_nights"`
	EstimatedRevenue         float64 `json:"estimated_revenue"`
	Availability365          int     `json:"availability_365"`
	MinimumNights            int     `json:"minimum_nights"`
	InstantBookable          bool    `json:"instant_bookable"`
	// The host's response and acceptance rates in percent; 0 when the file
	// has none (Inside Airbnb writes "N/A").
	ResponseRate   int `json:"response_rate"`
	AcceptanceRate int `json:"acceptance_rate"`
	// DistanceKm is the great-circle distance from the query point; set only
	// in Comparables results.
	DistanceKm float64 `json:"distance_km,omitempty"`

	// Set only for live comparables (SourceLive): Price's currency, the
	// listing's page, its search card's badges ("Guest favorite", …).
	Currency      string   `json:"currency,omitempty"`
	URL           string   `json:"url,omitempty"`
	Badges        []string `json:"badges,omitempty"`
	GuestFavorite bool     `json:"guest_favorite,omitempty"`
}

// Where comparables come from (Comparables.Source).
const (
	SourceInsideAirbnb = "inside_airbnb" // an imported snapshot
	SourceLive         = "live"          // the platform's own search, today
)

// Query selects comparables for a listing: same room type, bedrooms within
// ±BedroomSlack, within RadiusKm of (Lat, Lng). ExcludeID leaves the listing
// itself out when it is in the data.
//
// RoomType may be worded as a listing page words it ("Entire place",
// "entire_home"); it is normalized with NormalizeRoomType. BedroomSlack 0
// means the default 1 and a negative slack asks for the exact bedroom
// count; RadiusKm 0 or less means the default 15. ExcludeID is an Airbnb
// listing id: pass it only for Airbnb listings. Listings whose bedroom count
// the file does not give are never comparables (unknown is not "0").
type Query struct {
	Lat, Lng     float64
	RoomType     string
	Bedrooms     int
	BedroomSlack int // default 1
	// Guests is the listing's capacity: the match when the market's data
	// has no bedroom counts (Inside Airbnb's summary files); 0: unknown.
	Guests    int
	RadiusKm  float64 // default 15
	ExcludeID string
	// Platform is the listing's site ("airbnb", "booking", "vrbo"): a live
	// source searches the same site where it can. Snapshots ignore it.
	Platform string
}

// What comparables were matched on besides room type and distance.
const (
	BasisBedrooms = "bedrooms"  // within BedroomSlack of the listing's bedrooms
	BasisGuests   = "guests"    // most listings have no bedroom count: within 1 of its capacity
	BasisRoomType = "room type" // most have neither: room type only
)

// Comparables is the answer to a Query.
type Comparables struct {
	Market   string    `json:"market"`   // e.g. "Albany, New York, United States"
	Snapshot string    `json:"snapshot"` // the data's date, YYYY-MM-DD
	RadiusKm float64   `json:"radius_km"`
	Listings []Listing `json:"listings"` // nearest first
	// The filter actually applied after defaults, so a report can state its
	// basis ("Entire home/apt, 1–3 bedrooms, within 15 km").
	RoomType    string `json:"room_type"`
	MinBedrooms int    `json:"min_bedrooms"`
	MaxBedrooms int    `json:"max_bedrooms"`
	// Basis says which of those applied (Basis*); MinGuests–MaxGuests is
	// the capacity range with BasisGuests.
	Basis     string `json:"basis,omitempty"`
	MinGuests int    `json:"min_guests,omitempty"`
	MaxGuests int    `json:"max_guests,omitempty"`

	// Source is SourceInsideAirbnb ("" reads the same) or SourceLive.
	// For live comparables Snapshot is the day of the search, and the
	// fields below say what it read.
	Source string `json:"source,omitempty"`
	// Currency of the prices: the search's for live comparables, for a
	// snapshot the one CurrencyFor decides from where its listings lie.
	Currency string `json:"currency,omitempty"`
	// The standard stay whose price each comparable shows.
	StayCheckin  string `json:"stay_checkin,omitempty"`
	StayCheckout string `json:"stay_checkout,omitempty"`
	// Months sums the nearest comparables' calendars from the day of the
	// search on, by month; CalendarsRead of CalendarsAsked were read.
	Months         []CalendarMonth `json:"months,omitempty"`
	CalendarsAsked int             `json:"calendars_asked,omitempty"`
	CalendarsRead  int             `json:"calendars_read,omitempty"`
	// LeftOut counts results whose card did not show a bedroom count.
	LeftOut int `json:"left_out,omitempty"`
	// Missing names the parts that could not be read (calls that failed,
	// the time limit reached), each a clause a report can show.
	Missing []string `json:"missing,omitempty"`
	// Unstated names the facts (Stated*) the source does not give for most
	// comparables — a summary file has no superhost or Instant Book column,
	// a Booking.com search card no superhost — so a report says nothing of
	// them rather than "0 %".
	Unstated []string `json:"unstated,omitempty"`
}

// Facts a source may leave out (Comparables.Unstated).
const (
	StatedSuperhost   = "superhost"
	StatedInstantBook = "instant_bookable"
)

// States reports whether the comparables' source gives fact (Stated*).
func (c *Comparables) States(fact string) bool { return !slices.Contains(c.Unstated, fact) }

// Live reports whether the comparables come from a live search.
func (c *Comparables) Live() bool { return c != nil && c.Source == SourceLive }

// Calendar and reviews of a listing that is itself in the data reuse the
// ingestion types, so analysis reads one shape whatever the source.
type (
	CalendarDay = listing.CalendarDay
	Review      = listing.Review
)

// SizeRange says what comparables were matched on besides room type and
// distance: bedrooms ("1–3 bedrooms"), or — the market data lacking
// bedroom counts for most listings (Inside Airbnb's summary files) —
// guests, or nothing, said so. Reports show it as it is.
func (c *Comparables) SizeRange() string {
	switch c.Basis {
	case BasisGuests:
		return fmt.Sprintf("%d–%d guests; the market data has no bedroom counts for most listings", c.MinGuests, c.MaxGuests)
	case BasisRoomType:
		return "any size; the market data has no bedroom or guest counts for most listings"
	}
	if c.MinBedrooms == c.MaxBedrooms {
		if c.MinBedrooms == 1 {
			return "1 bedroom"
		}
		return fmt.Sprintf("%d bedrooms", c.MinBedrooms)
	}
	return fmt.Sprintf("%d–%d bedrooms", c.MinBedrooms, c.MaxBedrooms)
}

// MatchedOn is the whole filter the comparables were matched on, as a
// report states it: "Entire home/apt, 1–3 bedrooms, within 15 km".
func (c *Comparables) MatchedOn() string {
	if c.Basis == BasisRoomType {
		return fmt.Sprintf("%s, within %.0f km; the market data has no bedroom or guest counts for most listings", c.RoomType, c.RadiusKm)
	}
	return fmt.Sprintf("%s, %s, within %.0f km", c.RoomType, c.SizeRange(), c.RadiusKm)
}

// Summary is MatchedOn with the count found: "Matched on: Entire home/apt,
// 1–3 bedrooms, within 15 km; 1,962 listings".
func (c *Comparables) Summary() string {
	n := len(c.Listings)
	word := "listings"
	if n == 1 {
		word = "listing"
	}
	return fmt.Sprintf("Matched on: %s; %s %s", c.MatchedOn(), numfmt.Thousands(n), word)
}
