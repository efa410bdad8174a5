package market

import "strings"

// column ties one optional column of the listings table to the Inside
// Airbnb header it is read from, how its cells parse, and the Listing field
// a read fills. Import and the queries both walk this one table, so a
// column cannot be written under one name and read under another.
//
// The columns every row needs (id, latitude, longitude, room_type) and the
// ones parsed from more than one cell (baths, last_scraped) are handled by
// the importer itself.
type column struct {
	name  string                    // in the listings table
	csv   []string                  // Inside Airbnb headers; the first present wins
	parse func(string) (any, error) // nil value stores NULL
	field func(*Listing) any        // Scan destination (NULL reads as zero, or as nullAs says)
}

// nullAs is what a NULL column reads as where zero would be a claim: a
// bedroom count the data does not give reads as -1, never as a studio's 0
// (a summary file's "Great 2BR flat" is not a studio).
var nullAs = map[string]string{"bedrooms": "-1"}

var listingColumns = []column{
	{"name", []string{"name"}, parseText, func(l *Listing) any { return &l.Name }},
	// neighbourhood_cleansed is the city's own district name; the detailed
	// file's plain "neighbourhood" is the host's free text, but in the
	// summary listings.csv it is the cleansed one.
	{"neighborhood", []string{"neighbourhood_cleansed", "neighbourhood"}, parseText, func(l *Listing) any { return &l.Neighborhood }},
	{"property_type", []string{"property_type"}, parseText, func(l *Listing) any { return &l.PropertyType }},
	{"accommodates", []string{"accommodates"}, parseInt, func(l *Listing) any { return &l.Accommodates }},
	{"bedrooms", []string{"bedrooms"}, parseInt, func(l *Listing) any { return &l.Bedrooms }},
	{"beds", []string{"beds"}, parseInt, func(l *Listing) any { return &l.Beds }},
	{"price", []string{"price"}, parsePrice, func(l *Listing) any { return &l.Price }},
	{"rating", []string{"review_scores_rating"}, parseScore, func(l *Listing) any { return &l.Rating }},
	{"accuracy", []string{"review_scores_accuracy"}, parseScore, func(l *Listing) any { return &l.Accuracy }},
	{"cleanliness", []string{"review_scores_cleanliness"}, parseScore, func(l *Listing) any { return &l.Cleanliness }},
	{"check_in", []string{"review_scores_checkin"}, parseScore, func(l *Listing) any { return &l.CheckIn }},
	{"communication", []string{"review_scores_communication"}, parseScore, func(l *Listing) any { return &l.Communication }},
	{"location", []string{"review_scores_location"}, parseScore, func(l *Listing) any { return &l.Location }},
	{"value", []string{"review_scores_value"}, parseScore, func(l *Listing) any { return &l.Value }},
	{"review_count", []string{"number_of_reviews"}, parseInt, func(l *Listing) any { return &l.ReviewCount }},
	{"superhost", []string{"host_is_superhost"}, parseBool, func(l *Listing) any { return &l.Superhost }},
	{"est_nights", []string{"estimated_occupancy_l365d"}, parseInt, func(l *Listing) any { return &l.EstimatedOccupancyNights }},
	{"est_revenue", []string{"estimated_revenue_l365d"}, parseFloat, func(l *Listing) any { return &l.EstimatedRevenue }},
	{"availability_365", []string{"availability_365"}, parseInt, func(l *Listing) any { return &l.Availability365 }},
	{"minimum_nights", []string{"minimum_nights"}, parseInt, func(l *Listing) any { return &l.MinimumNights }},
	{"instant_bookable", []string{"instant_bookable"}, parseBool, func(l *Listing) any { return &l.InstantBookable }},
	{"response_rate", []string{"host_response_rate"}, parsePercent, func(l *Listing) any { return &l.ResponseRate }},
	{"acceptance_rate", []string{"host_acceptance_rate"}, parsePercent, func(l *Listing) any { return &l.AcceptanceRate }},
}

// listingSelect is the select list that reads a Listing: id, lat, lng,
// room_type, baths and amenities, then listingColumns in order (see
// scanListing). NULLs read as the zero value.
var listingSelect = func() string {
	cols := []string{"l.id", "l.lat", "l.lng", "l.room_type", "IFNULL(l.baths, 0)", "IFNULL(l.amenities, '[]')"}
	for _, c := range listingColumns {
		null := nullAs[c.name]
		if null == "" {
			null = "0"
		}
		cols = append(cols, "IFNULL(l."+c.name+", "+null+")")
	}
	return strings.Join(cols, ", ")
}()
