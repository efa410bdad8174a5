// Package listing turns a public short-term-rental listing into typed data.
//
// This package holds what every reader of a listing shares: the Listing
// record, URL validation (ParseURL) and the text helpers the page parsers
// use. The parsers live in subpackages (airbnb, vrbo, booking and meta for
// the shared JSON-LD/OpenGraph fallback) and package ingest composes them
// with the safe fetcher. Parsers are pure functions of the page bytes, so
// they are tested on fixture pages with no network.
package listing

import (
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/prose"
)

// Platform is a listing site we support.
type Platform string

const (
	Airbnb  Platform = "airbnb"
	Vrbo    Platform = "vrbo"
	Booking Platform = "booking"
)

// Name is the site's name as hosts know it ("Booking.com").
func (p Platform) Name() string {
	switch p {
	case Airbnb:
		return "Airbnb"
	case Vrbo:
		return "Vrbo"
	case Booking:
		return "Booking.com"
	}
	return string(p)
}

// Source names where a field's value came from. Listing.Sources maps a
// field key (the Field* constants) to one of these, so a report can say how
// sure it is of a fact and tests can prove which fallback served.
const (
	SourceEmbedded  = "embedded-json" // the page's own state JSON (Airbnb's niobe data)
	SourceJSONLD    = "json-ld"       // schema.org <script type="application/ld+json">
	SourceOpenGraph = "opengraph"     // <meta property="og:…">
	SourceMeta      = "meta"          // <title>, <meta name="description">
	SourceMarkup    = "markup"        // the text the page shows (a browser's saved copy)
	SourceAPI       = "api"           // a deeper read through the site's JSON endpoints
)

// Field keys used in Listing.Sources and for warnings. A field missing from
// Sources was not read from the page, whatever its zero value says (a studio
// has 0 bedrooms; an unread bedroom count is also 0).
const (
	FieldTitle           = "title"
	FieldDescription     = "description"
	FieldPropertyType    = "property_type"
	FieldRoomType        = "room_type"
	FieldCapacity        = "capacity"
	FieldBedrooms        = "bedrooms"
	FieldBeds            = "beds"
	FieldBaths           = "baths"
	FieldLocation        = "location"
	FieldCoordinates     = "coordinates"
	FieldAmenities       = "amenities"
	FieldPhotos          = "photos"
	FieldRating          = "rating"
	FieldCategoryRatings = "category_ratings"
	FieldReviewCount     = "review_count"
	FieldSuperhost       = "superhost"
	FieldGuestFavorite   = "guest_favorite"
	FieldHost            = "host"
	FieldHouseRules      = "house_rules"
	FieldHighlights      = "highlights"
	FieldPrice           = "price"
	FieldCalendar        = "calendar"
	FieldReviews         = "reviews"
)

// Listing is everything we could read about one listing. JSON names are
// snake_case; zero values are omitted where "absent" and "zero" read the same.
type Listing struct {
	Platform Platform `json:"platform"`
	ID       string   `json:"id"`
	URL      string   `json:"url"` // the canonical URL (Target.CanonicalURL)
	Title    string   `json:"title"`
	// Language is the listing's language ("pt"), decided once as the
	// page is read (SetLanguage): the language its text shows, else the
	// page's lang attribute; the zero Lang for English.
	Language     prose.Lang `json:"language,omitempty"`
	Description  string     `json:"description"` // plain text; paragraphs separated by a blank line
	PropertyType string     `json:"property_type,omitempty"`
	RoomType     string     `json:"room_type,omitempty"`
	Capacity     int        `json:"capacity,omitempty"` // guests
	Bedrooms     int        `json:"bedrooms,omitempty"`
	Beds         int        `json:"beds,omitempty"`
	Baths        float64    `json:"baths,omitempty"` // 1.5 = one full and one half bath
	Location     Location   `json:"location"`
	Amenities    []Amenity  `json:"amenities,omitempty"`
	// AmenitiesPartial: the page showed a short list of the amenities
	// (Booking.com's most popular facilities), not all of them, so one
	// not listed may still be offered.
	AmenitiesPartial bool    `json:"amenities_partial,omitempty"`
	Photos           []Photo `json:"photos,omitempty"`
	// CoverURL is the listing's cover as the page shows it (the hero
	// image, else og:image), which search results show; "" when unknown.
	// It need not be the photo tour's first photo.
	CoverURL      string     `json:"cover_url,omitempty"`
	Ratings       Ratings    `json:"ratings"`
	ReviewCount   int        `json:"review_count,omitempty"`
	Superhost     bool       `json:"superhost"`
	GuestFavorite bool       `json:"guest_favorite"`
	Host          Host       `json:"host"`
	HouseRules    HouseRules `json:"house_rules"`
	Highlights    []string   `json:"highlights,omitempty"`
	Price         *Price     `json:"price,omitempty"`

	// Deeper reads (Airbnb's JSON endpoints); empty when not read.
	Calendar []CalendarDay `json:"calendar,omitempty"`
	Reviews  []Review      `json:"reviews,omitempty"`

	// Sources maps a Field* key to the Source* it was read from.
	Sources map[string]string `json:"sources"`
	// Partial maps a Field* key to what the page showed when it showed only
	// part of the field ("the 10 most popular facilities", "5 of the
	// gallery's photos", "a preview of the description"): such a value is
	// information, never the basis of a "missing" or "too few" finding.
	Partial map[string]string `json:"partial,omitempty"`
	// Warnings has one sentence a person can read for every field that
	// could not be read.
	Warnings []string `json:"warnings"`
	// Saved: read from a page file a browser saved (ingest.ReadSaved: the
	// CLI's analyze of a file), not fetched live; a report says "a copy a
	// browser saved" only then.
	Saved bool `json:"saved,omitempty"`
}

// Location is where the listing is. Area is a neighbourhood when the site
// names one.
type Location struct {
	Area    string  `json:"area,omitempty"`
	City    string  `json:"city,omitempty"`
	Region  string  `json:"region,omitempty"`
	Country string  `json:"country,omitempty"`
	Lat     float64 `json:"lat,omitempty"`
	Lng     float64 `json:"lng,omitempty"`
}

// Amenity is one amenity line; Available is false for the ones a site lists
// as missing (Airbnb's "Not included" group), which matter for suggestions.
type Amenity struct {
	Name      string `json:"name"`
	Available bool   `json:"available"`
	Group     string `json:"group,omitempty"`
	// ID is the site's own id of the amenity when the page gives one
	// (Airbnb's "35" is the smoke alarm in every language).
	ID string `json:"id,omitempty"`
}

// Photo is one listing photo. Caption is the host's own words for it;
// Label is the site's description of it (Booking.com's generated alt text
// "a hotel room with a white bed…", Vrbo's classification "Exterior"):
// it tells what a photo shows, but it is no caption the host wrote.
type Photo struct {
	URL     string `json:"url"`
	Caption string `json:"caption,omitempty"`
	Label   string `json:"label,omitempty"`
}

// Ratings are the overall and category ratings on the site's own scale
// (Scale: 5 for Airbnb and Vrbo, 10 for Booking.com).
type Ratings struct {
	Overall       float64 `json:"overall,omitempty"`
	Accuracy      float64 `json:"accuracy,omitempty"`
	CheckIn       float64 `json:"check_in,omitempty"`
	Cleanliness   float64 `json:"cleanliness,omitempty"`
	Communication float64 `json:"communication,omitempty"`
	Location      float64 `json:"location,omitempty"`
	Value         float64 `json:"value,omitempty"`
	Scale         float64 `json:"scale,omitempty"`
}

// Host is the public host profile. We keep the host's display name because
// it is part of the public listing the host owns; guests' names are never
// read (see Review).
type Host struct {
	Name         string `json:"name,omitempty"`
	Superhost    bool   `json:"superhost"`
	YearsHosting int    `json:"years_hosting,omitempty"`
	ResponseRate int    `json:"response_rate,omitempty"` // percent, 0 when not shown
	ResponseTime string `json:"response_time,omitempty"`
}

// HouseRules are the rules as the page states them. The *bool fields are nil
// when the page says nothing either way.
type HouseRules struct {
	CheckIn        string   `json:"check_in,omitempty"`  // as shown, e.g. "3:00 PM"
	CheckOut       string   `json:"check_out,omitempty"` // as shown, e.g. "11:00 AM"
	MaxGuests      int      `json:"max_guests,omitempty"`
	PetsAllowed    *bool    `json:"pets_allowed,omitempty"`
	SmokingAllowed *bool    `json:"smoking_allowed,omitempty"`
	PartiesAllowed *bool    `json:"parties_allowed,omitempty"`
	Rules          []string `json:"rules,omitempty"` // every other rule, as free text
}

// IsZero reports whether no rule was read.
func (h HouseRules) IsZero() bool {
	return h.CheckIn == "" && h.CheckOut == "" && h.MaxGuests == 0 && h.PetsAllowed == nil &&
		h.SmokingAllowed == nil && h.PartiesAllowed == nil && len(h.Rules) == 0
}

// Price is a displayed price. Period is "night", "week", "stay"… as the site
// words it.
type Price struct {
	Amount   float64 `json:"amount"`
	Currency string  `json:"currency,omitempty"` // ISO 4217 when known
	Period   string  `json:"period,omitempty"`
}

// CalendarDay is one day of the availability calendar.
type CalendarDay struct {
	Date      string `json:"date"` // YYYY-MM-DD
	Available bool   `json:"available"`
	MinNights int    `json:"min_nights,omitempty"`
	Price     *Price `json:"price,omitempty"`
}

// Review is one guest review. It deliberately has no reviewer field: guest
// names are personal data we neither store, return nor log.
type Review struct {
	Date     string `json:"date"` // YYYY-MM-DD
	Text     string `json:"text"`
	Rating   int    `json:"rating,omitempty"` // 1–5, 0 when not shown
	Language string `json:"language,omitempty"`
}

// New returns an empty Listing for t, ready for a parser to fill.
func New(t Target) *Listing {
	return &Listing{Platform: t.Platform, ID: t.ListingID, URL: t.CanonicalURL, Sources: map[string]string{}}
}

// Set records that field was read from source. Parsers call it right after
// assigning a field, so Sources always tells the truth.
func (l *Listing) Set(field, source string) {
	if l.Sources == nil {
		l.Sources = map[string]string{}
	}
	l.Sources[field] = source
}

// SetPartial records that field was read from only part of what the listing
// has, with what the page showed (a phrase a person can read).
func (l *Listing) SetPartial(field, shown string) {
	if l.Partial == nil {
		l.Partial = map[string]string{}
	}
	l.Partial[field] = shown
	if field == FieldAmenities {
		l.AmenitiesPartial = true
	}
}

// IsPartial reports whether field holds only part of the listing's value:
// marked partial by its parser, or read only from the preview tags.
func (l *Listing) IsPartial(field string) bool {
	if _, ok := l.Partial[field]; ok {
		return true
	}
	if field == FieldAmenities && l.AmenitiesPartial {
		return true
	}
	return PreviewOnly(l, field)
}

// Has reports whether field was read.
func (l *Listing) Has(field string) bool {
	_, ok := l.Sources[field]
	return ok
}

// missing is the warning sentence for each field, in the order warnings are
// listed. Fields that pages often lack for good reasons (price without dates)
// still get a sentence: the report says what it could not use.
var missing = []struct{ field, sentence string }{
	{FieldTitle, "Could not read the title from this page."},
	{FieldDescription, "Could not read the description from this page."},
	{FieldPropertyType, "Could not read the property type from this page."},
	{FieldRoomType, "Could not read the room type from this page."},
	{FieldCapacity, "Could not read how many guests the listing sleeps."},
	{FieldBedrooms, "Could not read the number of bedrooms."},
	{FieldBeds, "Could not read the number of beds."},
	{FieldBaths, "Could not read the number of bathrooms."},
	{FieldLocation, "Could not read the listing's city or area."},
	{FieldCoordinates, "Could not read the listing's map position."},
	{FieldAmenities, "Could not read the amenities from this page."},
	{FieldPhotos, "Could not read the photos from this page."},
	{FieldRating, "Could not read the overall rating (the listing may have no reviews yet)."},
	{FieldCategoryRatings, "Could not read the category ratings (cleanliness, accuracy and the others)."},
	{FieldReviewCount, "Could not read the number of reviews."},
	{FieldSuperhost, "Could not read whether the host is a Superhost."},
	{FieldGuestFavorite, "Could not read whether the listing is a Guest favourite."},
	{FieldHost, "Could not read the host's profile."},
	{FieldHouseRules, "Could not read the house rules."},
	{FieldHighlights, "Could not read the listing highlights."},
	{FieldPrice, "Could not read a nightly price from this page (sites often show prices only for chosen dates)."},
}

// notOnPlatform lists the fields a platform's pages never carry, so
// we do not warn that Booking.com has no Superhost badge.
var notOnPlatform = map[Platform]map[string]bool{
	Vrbo: {FieldSuperhost: true, FieldGuestFavorite: true, FieldCategoryRatings: true},
	Booking: {FieldSuperhost: true, FieldGuestFavorite: true,
		FieldRoomType: true, FieldHost: true, FieldHighlights: true},
}

// Finish adds a warning for every unread field and makes every string valid
// UTF-8. Parsers call it last; it is idempotent.
func (l *Listing) Finish() {
	skip := notOnPlatform[l.Platform]
	for _, m := range missing {
		if l.Has(m.field) || skip[m.field] {
			continue
		}
		l.Warn(m.sentence)
	}
	sanitize(reflect.ValueOf(l).Elem())
	if l.Warnings == nil {
		l.Warnings = []string{}
	}
}

// Warn adds a warning once.
func (l *Listing) Warn(sentence string) {
	for _, w := range l.Warnings {
		if w == sentence {
			return
		}
	}
	l.Warnings = append(l.Warnings, sentence)
}

// sanitize replaces invalid UTF-8 in every string reachable from v. Pages
// are untrusted bytes; a listing must always encode as valid JSON text.
func sanitize(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); !utf8.ValidString(s) && v.CanSet() {
			v.SetString(strings.ToValidUTF8(s, "\uFFFD"))
		}
	case reflect.Pointer:
		if !v.IsNil() {
			sanitize(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			sanitize(v.Field(i))
		}
	case reflect.Slice:
		for i := range v.Len() {
			sanitize(v.Index(i))
		}
	case reflect.Map:
		// Map values are not addressable: rebuild entries that need it.
		for _, k := range v.MapKeys() {
			val := v.MapIndex(k)
			if val.Kind() == reflect.String && !utf8.ValidString(val.String()) {
				v.SetMapIndex(k, reflect.ValueOf(strings.ToValidUTF8(val.String(), "\uFFFD")))
			}
		}
	}
}

// ScrapeResponse is the body of a successful POST /api/scrape (SPEC §7):
// success, error, title and description, plus the richer listing.
type ScrapeResponse struct {
	Success     bool     `json:"success"`
	Error       string   `json:"error"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Listing     *Listing `json:"listing,omitempty"`
}

// ScrapeResponse returns the SPEC scrape fields for l.
func (l *Listing) ScrapeResponse() ScrapeResponse {
	return ScrapeResponse{Success: true, Title: l.Title, Description: l.Description, Listing: l}
}
