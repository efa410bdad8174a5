package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/textcase"
)

// ListingRead is the listing as the report read it (issue 42): every fact
// a finding may rest on, with its value and where it was read, so the host
// can check each one ("What we read from your page" on the web and in the
// PDF). A fact that was not read has no value: never a default or a zero.
type ListingRead struct {
	// Where is where most of the facts were read, as a host reads it
	// ("from the listing page's own data"); a fact read elsewhere says its
	// own Where. "" when nothing was read.
	Where string     `json:"where"`
	Facts []ReadFact `json:"facts"`
}

// ReadFact is one fact of the listing as read.
type ReadFact struct {
	Key    string `json:"key"`    // one of ReadFactKeys: "title", "place", "rating"…
	Label  string `json:"label"`  // as the host reads it: "Title", "Sleeps", "Rating"
	Status string `json:"status"` // FactRead, FactPartial, FactNotRead or FactNotOnSite
	// Value is the fact as the page gave it ("4.98 out of 5", "Lisbon,
	// Portugal", "€120 per night"); "" unless read (in whole or in part).
	Value string `json:"value"`
	// Number is a numeric fact's figure as read (guests, bedrooms, beds,
	// baths, rating, reviews, photos, amenities, price), absent when not
	// read; Scale is the rating's scale (5 or 10).
	Number *float64 `json:"number,omitempty"`
	Scale  float64  `json:"scale,omitempty"`
	// Items are the amenities' names as the page lists them (offered ones).
	Items []string `json:"items,omitempty"`
	// Shown is, for a partial fact, what the page showed ("the 10 most
	// popular facilities", "only the page's preview tags").
	Shown string `json:"shown,omitempty"`
	// Source is the listing.Source* it was read from ("" for a fact not
	// read, or worked out from the listing's text: the language); Where
	// says it in plain words ("from the text of the listing page").
	Source string `json:"source,omitempty"`
	Where  string `json:"where,omitempty"`
}

// A fact's provenance.
const (
	FactRead      = "read"        // read whole
	FactPartial   = "partial"     // read from part of what the listing has (Shown says what)
	FactNotRead   = "not_read"    // the page was read, this fact was not found on it
	FactNotOnSite = "not_on_site" // the listing's site never shows it (a host on Booking.com)
)

// ReadFactKeys are the facts' keys in the order every form of the report
// lists them.
var ReadFactKeys = []string{"title", "place", "property_type", "room_type", "guests", "bedrooms", "beds", "baths",
	"rating", "reviews", "photos", "amenities", "language", "host", "check_in", "check_out", "price"}

// readSources are the sources a fact may be read from (the schema's set).
var readSources = []string{listing.SourceEmbedded, listing.SourceJSONLD, listing.SourceOpenGraph, listing.SourceMeta,
	listing.SourceMarkup, listing.SourceAPI, listing.SourceTyped}

// MsgNotRead and MsgNotOnSite are what a fact with no value shows in its
// place ("Not on Booking.com").
const (
	MsgNotRead   = "Not read"
	MsgNotOnSite = "Not on %s"
)

// Shows is what the report shows for f in place of a value it does not
// have: "Not read", "Not on Booking.com"; "" when f has a value.
func (f ReadFact) Shows(platform string) string {
	switch f.Status {
	case FactNotRead:
		return MsgNotRead
	case FactNotOnSite:
		return fmt.Sprintf(MsgNotOnSite, listing.Platform(platform).Name())
	}
	return ""
}

// notOnSite are the facts a site's listing pages never show (listing's
// notOnPlatform, for the facts this section lists): a hotel on
// Booking.com has no host profile and no Airbnb room type.
var notOnSite = map[listing.Platform]map[string]bool{
	listing.Booking: {"room_type": true, "host": true},
}

// ReadOf is l as the report read it.
func ReadOf(l *listing.Listing) *ListingRead {
	if l == nil {
		return nil
	}
	b := factBuilder{l: l}
	titleLabel := "Title"
	if p, ok := analysis.Platforms[l.Platform]; ok {
		titleLabel = textcase.UpperFirst(p.TitleWord)
	}
	b.text(readField{"title", titleLabel, listing.FieldTitle}, strings.TrimSpace(l.Title))
	b.text(readField{"place", "Place", listing.FieldLocation}, locationString(l.Location))
	b.text(readField{"property_type", "Property type", listing.FieldPropertyType}, strings.TrimSpace(l.PropertyType))
	b.text(readField{"room_type", "Room type", listing.FieldRoomType}, strings.TrimSpace(l.RoomType))
	b.count(readField{"guests", "Sleeps", listing.FieldCapacity}, float64(l.Capacity), plural(l.Capacity, "guest", "guests"))
	bedrooms := plural(l.Bedrooms, "bedroom", "bedrooms")
	if l.Bedrooms == 0 {
		bedrooms = "0 (a studio)"
	}
	b.count(readField{"bedrooms", "Bedrooms", listing.FieldBedrooms}, float64(l.Bedrooms), bedrooms)
	b.count(readField{"beds", "Beds", listing.FieldBeds}, float64(l.Beds), plural(l.Beds, "bed", "beds"))
	baths := strconv.FormatFloat(l.Baths, 'f', -1, 64)
	if l.Baths == 1 {
		baths += " bath"
	} else {
		baths += " baths"
	}
	b.count(readField{"baths", "Bathrooms", listing.FieldBaths}, l.Baths, baths)
	b.rating()
	b.count(readField{"reviews", "Reviews", listing.FieldReviewCount}, float64(l.ReviewCount), plural(l.ReviewCount, "review", "reviews"))
	b.count(readField{"photos", "Photos", listing.FieldPhotos}, float64(len(l.Photos)), plural(len(l.Photos), "photo", "photos"))
	b.amenities()
	b.language()
	b.host()
	b.rule("check_in", "Check-in", l.HouseRules.CheckIn)
	b.rule("check_out", "Check-out", l.HouseRules.CheckOut)
	b.price()
	return &ListingRead{Where: mostCommonWhere(b.facts), Facts: b.facts}
}

type factBuilder struct {
	l     *listing.Listing
	facts []ReadFact
}

// add appends the fact read from field: read, partial (Shown says what
// the page showed) or not read when field was not read or value is "".
func (b *factBuilder) add(f ReadFact, field, value string) *ReadFact {
	l := b.l
	if notOnSite[l.Platform][f.Key] && !l.Has(field) {
		f.Status = FactNotOnSite
		b.facts = append(b.facts, f)
		return &b.facts[len(b.facts)-1]
	}
	if !l.Has(field) || value == "" {
		f.Status = FactNotRead
		b.facts = append(b.facts, f)
		return &b.facts[len(b.facts)-1]
	}
	f.Status, f.Value, f.Source, f.Where = FactRead, value, l.Sources[field], whereFrom(l.Sources[field])
	if shown, ok := l.Partial[field]; ok {
		f.Status, f.Shown = FactPartial, shown
	} else if l.IsPartial(field) {
		f.Status, f.Shown = FactPartial, "only the page's preview tags, not the whole"
	}
	b.facts = append(b.facts, f)
	return &b.facts[len(b.facts)-1]
}

// readField is a fact's key and label and the listing field it is read from.
type readField struct{ key, label, field string }

func (b *factBuilder) text(rf readField, value string) {
	b.add(ReadFact{Key: rf.key, Label: rf.label}, rf.field, value)
}

// count is a numeric fact: its figure is set only when read.
func (b *factBuilder) count(rf readField, n float64, value string) {
	f := b.add(ReadFact{Key: rf.key, Label: rf.label}, rf.field, value)
	if f.Status == FactRead || f.Status == FactPartial {
		f.Number = &n
	}
}

// rating is the overall rating on its site's own scale.
func (b *factBuilder) rating() {
	l := b.l
	value, v, scale := "", 0.0, 0.0
	if l.Ratings.Overall > 0 {
		rules := analysis.RulesFor(l).Rating
		v, scale = l.Ratings.Overall, l.Ratings.Scale
		if scale == 0 {
			scale = rules.Scale
		}
		rules.Scale = scale
		value = rules.Format(v)
		if scale != 5 && scale != 10 {
			value = fmt.Sprintf("%s out of %s", strconv.FormatFloat(v, 'f', -1, 64), strconv.FormatFloat(scale, 'f', -1, 64))
		}
	}
	f := b.add(ReadFact{Key: "rating", Label: "Rating"}, listing.FieldRating, value)
	if f.Status == FactRead || f.Status == FactPartial {
		f.Number, f.Scale = &v, scale
	}
}

// amenities are the offered amenities, counted and named; the ones the
// page lists as not included are said beside the count.
func (b *factBuilder) amenities() {
	var names []string
	notIncluded := 0
	for _, a := range b.l.Amenities {
		switch {
		case !a.Available:
			notIncluded++
		case strings.TrimSpace(a.Name) != "":
			names = append(names, strings.TrimSpace(a.Name))
		}
	}
	value := ""
	if len(names) > 0 || notIncluded > 0 {
		value = plural(len(names), "amenity", "amenities")
		if notIncluded > 0 {
			value += fmt.Sprintf(", and %d listed as not included", notIncluded)
		}
	}
	f := b.add(ReadFact{Key: "amenities", Label: "Amenities"}, listing.FieldAmenities, value)
	if f.Status == FactRead || f.Status == FactPartial {
		n := float64(len(names))
		f.Number, f.Items = &n, names
	}
}

// language is the listing's language, worked out from its title and
// description, else the page's language (listing.Listing's Language,
// decided as the page was read): known when either was read, partial from
// the title alone.
func (b *factBuilder) language() {
	l := b.l
	f := ReadFact{Key: "language", Label: "Language", Status: FactNotRead}
	if l.Has(listing.FieldTitle) || l.Has(listing.FieldDescription) {
		f.Status, f.Value, f.Where = FactRead, l.Language.Name(), "worked out from the listing's words and the page's language"
		if !l.Has(listing.FieldDescription) {
			// A title alone is few words to tell a language by.
			f.Status, f.Shown = FactPartial, "worked out from the title alone"
		}
	}
	b.facts = append(b.facts, f)
}

// host is the host's name as the page shows it, with the Superhost badge
// when it was read.
func (b *factBuilder) host() {
	l := b.l
	value := strings.TrimSpace(l.Host.Name)
	if value != "" && l.Has(listing.FieldSuperhost) && (l.Superhost || l.Host.Superhost) {
		value += " (Superhost)"
	}
	b.add(ReadFact{Key: "host", Label: "Host"}, listing.FieldHost, value)
}

// rule is a check-in or check-out time as the house rules state it.
func (b *factBuilder) rule(key, label, value string) {
	b.add(ReadFact{Key: key, Label: label}, listing.FieldHouseRules, strings.TrimSpace(value))
}

// price is the price the page showed, with its period.
func (b *factBuilder) price() {
	p := b.l.Price
	value := ""
	if p != nil && p.Amount > 0 {
		value = exactMoney(p.Amount, p.Currency)
		if period := strings.TrimSpace(p.Period); period != "" {
			value += " per " + period
		}
	}
	f := b.add(ReadFact{Key: "price", Label: "Price"}, listing.FieldPrice, value)
	if f.Status == FactRead || f.Status == FactPartial {
		n := p.Amount
		f.Number = &n
	}
}

// exactMoney is an amount as the page gave it: whole amounts as numfmt
// writes them ("€120"), cents kept ("$99.50").
func exactMoney(amount float64, currency string) string {
	whole := math.Trunc(amount)
	cents := int(math.Round((amount - whole) * 100))
	if cents == 0 || cents == 100 {
		return numfmt.Money(math.Round(amount), currency)
	}
	return numfmt.Money(whole, currency) + fmt.Sprintf(".%02d", cents)
}

// whereFrom says a source in plain words, as a finding's evidence says it
// (analysis.WhereRead): "from the listing page's own data".
func whereFrom(source string) string {
	const f = "x"
	w := analysis.WhereRead(&listing.Listing{Sources: map[string]string{f: source}}, f)
	w, _, _ = strings.Cut(w, " (") // the partial note is the fact's Shown
	return "from " + w
}

// mostCommonWhere is the Where most facts share (the first in the report's
// order on a tie); "" when none was read.
func mostCommonWhere(facts []ReadFact) string {
	counts := map[string]int{}
	best := ""
	for _, f := range facts {
		if f.Where == "" || f.Source == "" {
			continue
		}
		counts[f.Where]++
		if counts[f.Where] > counts[best] {
			best = f.Where
		}
	}
	return best
}
