package airbnb

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// Airbnb's listing pages of about 2016–2020 were server-rendered React
// ("hypernova") and shipped the whole listing as bootstrap JSON inside an
// HTML comment:
//
//	<script type="application/json" data-hypernova-key="p3show_marketplacebundlejs"
//	        data-hypernova-id="…"><!--{"bootstrapData":{"reduxData":{"marketplacePdp":
//	        {"listingInfo":{"listing":{…}}}}}}--></script>
//
// The listing object carries typed fields (bedrooms, beds, person_capacity,
// room_type_category, lat/lng, is_present on each amenity), so the facts
// are read from those, not from display text. The field names are the ones
// public scrapers of those pages read; the shape is tested with pages built
// here (testdata/bootstrap-2018*.html), since saved copies of real pages
// cannot be shipped with the project.

// bootstrapListing is the part of the bootstrap listing object we read.
type bootstrapListing struct {
	ID                   num    `json:"id"`
	Name                 string `json:"name"`
	SummaryTitle         string `json:"p3_summary_title"`
	SummaryAddress       string `json:"p3_summary_address"` // "Lisbon, Lisboa, Portugal"
	City                 string `json:"localized_city"`
	Lat                  num    `json:"lat"`
	Lng                  num    `json:"lng"`
	RoomTypeCategory     string `json:"room_type_category"`     // entire_home, private_room, shared_room, hotel_room
	RoomAndPropertyType  string `json:"room_and_property_type"` // "Entire apartment", "Private room in house"
	Bedrooms             num    `json:"bedrooms"`
	Beds                 num    `json:"beds"`
	Bathrooms            num    `json:"bathrooms"`
	BathroomLabel        string `json:"bathroom_label"` // "1.5 baths", "1 shared bath"
	BedroomLabel         string `json:"bedroom_label"`  // "Studio", "2 bedrooms"
	BedLabel             string `json:"bed_label"`      // "1 bed"
	PersonCapacity       num    `json:"person_capacity"`
	Description          string `json:"description"`
	SectionedDescription struct {
		Summary              string `json:"summary"`
		Space                string `json:"space"`
		Access               string `json:"access"`
		Interaction          string `json:"interaction"`
		NeighborhoodOverview string `json:"neighborhood_overview"`
		Transit              string `json:"transit"`
		Notes                string `json:"notes"`
		Description          string `json:"description"`
	} `json:"sectioned_description"`
	Amenities []struct {
		Name      string `json:"name"`
		IsPresent *bool  `json:"is_present"`
	} `json:"listing_amenities"`
	Photos []struct {
		Large    string `json:"large"`
		XLarge   string `json:"xl_picture"`
		Picture  string `json:"picture"`
		Caption  string `json:"caption"`
		SortedBy num    `json:"sort_order"`
	} `json:"photos"`
	StarRating       num `json:"star_rating"`
	ReviewsInterface struct {
		ReviewCount num `json:"review_count"`
		ReviewScore num `json:"review_score"` // 0–100
	} `json:"review_details_interface"`
	ReviewsCount num `json:"reviews_count"`
	EventData    struct {
		GuestSatisfactionOverall num   `json:"guest_satisfaction_overall"` // 0–100
		Accuracy                 num   `json:"accuracy_rating"`            // 0–10
		CheckIn                  num   `json:"checkin_rating"`
		Cleanliness              num   `json:"cleanliness_rating"`
		Communication            num   `json:"communication_rating"`
		Location                 num   `json:"location_rating"`
		Value                    num   `json:"value_rating"`
		PersonCapacity           num   `json:"person_capacity"`
		IsSuperhost              *bool `json:"is_superhost"`
	} `json:"p3_event_data_logging"`
	PrimaryHost *struct {
		Name         string `json:"host_name"`
		IsSuperhost  *bool  `json:"is_superhost"`
		MemberSince  string `json:"member_since"` // "June 2014"
		ResponseRate string `json:"response_rate_without_na"`
		ResponseTime string `json:"response_time_without_na"`
	} `json:"primary_host"`
	GuestControls *struct {
		AllowsSmoking *bool `json:"allows_smoking"`
		AllowsPets    *bool `json:"allows_pets"`
		AllowsEvents  *bool `json:"allows_events"`
		// The rules as the page lists them, each under a key that says
		// what it is about, whatever the page's language.
		StructuredRules []struct {
			Key  string `json:"key"`
			Text string `json:"text"`
		} `json:"structured_house_rules_with_tips"`
	} `json:"guest_controls"`
	CheckInWindow        string `json:"localized_check_in_time_window"` // "3PM - 10PM"
	CheckOutTime         string `json:"localized_check_out_time"`       // "11AM"
	AdditionalHouseRules string `json:"additional_house_rules"`
}

// bootstrap finds the listing in the page's hypernova bootstrap state,
// whichever bundle carries it.
// found reports whether such a state script existed at all.
func bootstrap(d *meta.Doc) (bl *bootstrapListing, found bool) {
	for key, raw := range d.Scripts {
		// Any bundle's key: the listing page of 2018 ships it under
		// "spaspabundlejs", earlier ones under "p3show_marketplacebundlejs".
		if !strings.HasPrefix(key, meta.HypernovaPrefix) {
			continue
		}
		found = true
		var state struct {
			BootstrapData struct {
				ReduxData struct {
					MarketplacePdp struct {
						ListingInfo struct {
							Listing *bootstrapListing `json:"listing"`
						} `json:"listingInfo"`
					} `json:"marketplacePdp"`
				} `json:"reduxData"`
				Listing *bootstrapListing `json:"listing"` // the oldest pages
			} `json:"bootstrapData"`
		}
		if err := json.Unmarshal(raw, &state); err != nil && !isTypeError(err) {
			continue
		}
		for _, c := range []*bootstrapListing{state.BootstrapData.ReduxData.MarketplacePdp.ListingInfo.Listing, state.BootstrapData.Listing} {
			if c != nil && (strings.TrimSpace(c.Name) != "" || c.ID.OK) {
				return c, true
			}
		}
	}
	return nil, found
}

// roomTypes maps room_type_category to the room types the rest of the
// product uses (Inside Airbnb's and the current pages' wording).
var roomTypes = map[string]string{
	"entire_home":  "Entire home/apt",
	"private_room": "Private room",
	"shared_room":  "Shared room",
	"hotel_room":   "Hotel room",
}

// applyBootstrap reads a bootstrap listing.
func applyBootstrap(l *listing.Listing, b *bootstrapListing) {
	const src = listing.SourceEmbedded
	if l.ID != "" && !isDigits(l.ID) && b.ID.OK && b.ID.V > 0 {
		l.ID = strconv.FormatInt(int64(b.ID.V), 10)
	}
	if t := strings.TrimSpace(b.Name); t != "" {
		l.Title = t
		l.Set(listing.FieldTitle, src)
	} else if t := strings.TrimSpace(b.SummaryTitle); t != "" {
		l.Title = t
		l.Set(listing.FieldTitle, src)
	}
	if text := bootstrapDescription(b); text != "" {
		l.Description = text
		l.Set(listing.FieldDescription, src)
	}
	if rt := roomTypes[b.RoomTypeCategory]; rt != "" {
		l.RoomType = rt
		l.Set(listing.FieldRoomType, src)
	}
	if kind := propertyKind(b.RoomAndPropertyType); kind != "" {
		l.PropertyType = kind
		l.Set(listing.FieldPropertyType, src)
	}
	switch {
	case b.PersonCapacity.OK && b.PersonCapacity.V > 0:
		l.Capacity = int(b.PersonCapacity.V)
		l.Set(listing.FieldCapacity, src)
	case b.EventData.PersonCapacity.OK && b.EventData.PersonCapacity.V > 0:
		l.Capacity = int(b.EventData.PersonCapacity.V)
		l.Set(listing.FieldCapacity, src)
	}
	if b.Bedrooms.OK && b.Bedrooms.V >= 0 {
		l.Bedrooms = int(b.Bedrooms.V)
		l.Set(listing.FieldBedrooms, src)
	} else if b.BedroomLabel != "" {
		applyOverviewItem(l, b.BedroomLabel, src)
	}
	if b.Beds.OK && b.Beds.V > 0 {
		l.Beds = int(b.Beds.V)
		l.Set(listing.FieldBeds, src)
	} else if b.BedLabel != "" {
		applyOverviewItem(l, b.BedLabel, src) // 2018 pages: bed_label only
	}
	if b.BathroomLabel != "" {
		// The label keeps half baths ("1.5 baths"); bathrooms may not.
		applyOverviewItem(l, b.BathroomLabel, src)
	}
	if !l.Has(listing.FieldBaths) && b.Bathrooms.OK && b.Bathrooms.V > 0 {
		l.Baths = b.Bathrooms.V
		l.Set(listing.FieldBaths, src)
	}
	if b.Lat.OK && b.Lng.OK && validLatLng(b.Lat.V, b.Lng.V) {
		l.Location.Lat, l.Location.Lng = b.Lat.V, b.Lng.V
		l.Set(listing.FieldCoordinates, src)
	}
	loc := meta.SplitPlace(b.SummaryAddress)
	if loc.City == "" {
		loc.City = strings.TrimSpace(b.City)
	}
	if loc.City != "" || loc.Country != "" {
		l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country = loc.Area, loc.City, loc.Region, loc.Country
		l.Set(listing.FieldLocation, src)
	}
	for _, a := range b.Amenities {
		if name := strings.TrimSpace(a.Name); name != "" {
			// is_present false: the page listed it as missing.
			l.Amenities = append(l.Amenities, listing.Amenity{Name: name, Available: a.IsPresent == nil || *a.IsPresent})
		}
	}
	if len(l.Amenities) > 0 {
		l.Set(listing.FieldAmenities, src)
	}
	for _, p := range b.Photos {
		u := firstNonEmpty(p.XLarge, p.Large, p.Picture)
		if strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
			l.Photos = append(l.Photos, listing.Photo{URL: u, Caption: strings.TrimSpace(p.Caption)})
		}
	}
	if len(l.Photos) > 0 {
		l.Set(listing.FieldPhotos, src)
		if l.CoverURL == "" {
			l.CoverURL = l.Photos[0].URL // these pages opened with the first photo
		}
	}
	applyBootstrapReviews(l, b)
	applyBootstrapHost(l, b)
	applyBootstrapRules(l, b)
}

// bootstrapDescription is the description as the page showed it: the
// summary, then each titled part under the heading the page gave it.
func bootstrapDescription(b *bootstrapListing) string {
	sd := b.SectionedDescription
	var parts []string
	add := func(heading, text string) {
		if text = strings.TrimSpace(text); text == "" {
			return
		}
		if heading != "" {
			text = heading + "\n" + text
		}
		parts = append(parts, text)
	}
	add("", sd.Summary)
	add("The space", sd.Space)
	add("Guest access", sd.Access)
	add("Interaction with guests", sd.Interaction)
	add("The neighborhood", sd.NeighborhoodOverview)
	add("Getting around", sd.Transit)
	add("Other things to note", sd.Notes)
	if len(parts) == 0 {
		add("", firstNonEmpty(sd.Description, b.Description))
	}
	return listing.PlainText(strings.Join(parts, "\n\n"))
}

func applyBootstrapReviews(l *listing.Listing, b *bootstrapListing) {
	const src = listing.SourceEmbedded
	switch {
	case b.ReviewsInterface.ReviewCount.OK:
		l.ReviewCount = int(b.ReviewsInterface.ReviewCount.V)
		l.Set(listing.FieldReviewCount, src)
	case b.ReviewsCount.OK:
		l.ReviewCount = int(b.ReviewsCount.V)
		l.Set(listing.FieldReviewCount, src)
	}
	// The overall score is out of 100 (guest_satisfaction_overall,
	// review_score); star_rating is rounded to half stars, so it is the
	// last resort.
	for _, pct := range []num{b.EventData.GuestSatisfactionOverall, b.ReviewsInterface.ReviewScore} {
		if pct.OK && pct.V > 0 && pct.V <= 100 {
			l.Ratings.Overall, l.Ratings.Scale = float64(int(pct.V/20*100+0.5))/100, 5
			l.Set(listing.FieldRating, src)
			break
		}
	}
	if !l.Has(listing.FieldRating) && b.StarRating.OK && b.StarRating.V > 0 && b.StarRating.V <= 5 {
		l.Ratings.Overall, l.Ratings.Scale = b.StarRating.V, 5
		l.Set(listing.FieldRating, src)
	}
	// Category ratings were out of 10 on these pages.
	cats := []struct {
		n   num
		dst *float64
	}{
		{b.EventData.Accuracy, &l.Ratings.Accuracy}, {b.EventData.CheckIn, &l.Ratings.CheckIn},
		{b.EventData.Cleanliness, &l.Ratings.Cleanliness}, {b.EventData.Communication, &l.Ratings.Communication},
		{b.EventData.Location, &l.Ratings.Location}, {b.EventData.Value, &l.Ratings.Value},
	}
	for _, c := range cats {
		if c.n.OK && c.n.V > 0 && c.n.V <= 10 {
			*c.dst = c.n.V / 2
			l.Set(listing.FieldCategoryRatings, src)
		}
	}
}

func applyBootstrapHost(l *listing.Listing, b *bootstrapListing) {
	const src = listing.SourceEmbedded
	superhost := b.EventData.IsSuperhost
	if h := b.PrimaryHost; h != nil {
		if h.IsSuperhost != nil {
			superhost = h.IsSuperhost
		}
		host := listing.Host{Name: strings.TrimSpace(h.Name), ResponseTime: strings.TrimSpace(h.ResponseTime)}
		if n, ok := listing.LeadingNumber(strings.TrimSuffix(strings.TrimSpace(h.ResponseRate), "%")); ok && n >= 0 && n <= 100 {
			host.ResponseRate = int(n)
		}
		if superhost != nil {
			host.Superhost = *superhost
		}
		l.Host = host
		l.Set(listing.FieldHost, src)
	}
	if superhost != nil {
		l.Superhost = *superhost
		l.Set(listing.FieldSuperhost, src)
	}
}

func applyBootstrapRules(l *listing.Listing, b *bootstrapListing) {
	var r listing.HouseRules
	if g := b.GuestControls; g != nil {
		r.SmokingAllowed, r.PetsAllowed, r.PartiesAllowed = g.AllowsSmoking, g.AllowsPets, g.AllowsEvents
	}
	if t := strings.TrimSpace(b.CheckInWindow); t != "" {
		r.CheckIn = t
	}
	if t := strings.TrimSpace(b.CheckOutTime); t != "" {
		r.CheckOut = t
	}
	for _, line := range strings.Split(listing.PlainText(b.AdditionalHouseRules), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			r.Rules = append(r.Rules, line)
		}
	}
	// A listed rule the fields above do not hold ("Not safe or suitable
	// for children (2-12 years)") is a rule guests must read: kept in the
	// page's words. Known by its key, not its language.
	if g := b.GuestControls; g != nil {
		for _, sr := range g.StructuredRules {
			text := strings.TrimSpace(sr.Text)
			if text == "" || rulesInFields[sr.Key] || slices.Contains(r.Rules, text) {
				continue
			}
			r.Rules = append(r.Rules, text)
		}
	}
	if !r.IsZero() {
		l.HouseRules = r
		l.Set(listing.FieldHouseRules, listing.SourceEmbedded)
	}
}

// rulesInFields are the structured rules' keys whose rule HouseRules holds
// in a field of its own (smoking, pets, events, the check-in and check-out
// times).
var rulesInFields = map[string]bool{"is_smoking_allowed_as_host": true, "are_pets_allowed_as_host": true,
	"are_events_allowed_as_host": true, "check_in_time": true, "check_out_time": true}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}
