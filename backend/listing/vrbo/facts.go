package vrbo

import (
	"regexp"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// Phrases Vrbo writes the same way in its state and its markup (en-US),
// read here once for both.

// roomType is the page's "Entire home" / "Private room" line as the room
// type; "" for any other phrase.
func roomType(s string) string {
	s = strings.TrimSpace(s)
	f := prose.Fold(s)
	for _, p := range []string{"entire ", "private room", "shared room", "hotel room"} {
		if strings.HasPrefix(f, p) {
			return s
		}
	}
	return ""
}

// lodgingWords are the property types Vrbo and Expedia name, longest
// first where one contains another ("guesthouse" before "house").
var lodgingWords = []string{
	"tiny house", "guesthouse", "guest house", "country house", "farmhouse", "houseboat", "treehouse",
	"townhouse", "townhome", "apartment", "aparthotel", "condo", "villa", "cabin", "cottage", "chalet",
	"bungalow", "lodge", "estate", "castle", "mansion", "yurt", "barn", "loft", "studio", "residence",
	"resort", "house", "boat", "campsite",
}

// propertyTypeIn is the first lodging word in s ("Waterfront villa with a
// fitness center" → "Villa"; "View more Villas in Formentera" → "Villa"),
// or "".
func propertyTypeIn(s string) string {
	f := " " + prose.Fold(s) + " "
	best, at := "", len(f)
	for _, w := range lodgingWords {
		for _, form := range []string{" " + w + " ", " " + w + "s ", " " + w + ", ", " " + w + "s, "} {
			if i := strings.Index(f, form); i >= 0 && i < at {
				best, at = w, i
			}
		}
	}
	if best == "" {
		return ""
	}
	return strings.ToUpper(best[:1]) + best[1:]
}

// applyDetail reads one of the overview's facts, "5 bedrooms", "3+
// bathrooms", "Sleeps 9", by its icon (room, bathroom, people) or its
// words. "3+ bathrooms" is read as 3 and marked partial: the page gives
// only a lower bound.
func applyDetail(l *listing.Listing, icon, text, src string) {
	f := prose.Fold(strings.TrimSpace(text))
	n, ok := firstNumber(f)
	if !ok {
		return
	}
	switch {
	case icon == "people" || strings.HasPrefix(f, "sleeps") || strings.Contains(f, "guests"):
		if !l.Has(listing.FieldCapacity) {
			l.Capacity = int(n)
			l.Set(listing.FieldCapacity, src)
		}
	case icon == "bathroom" || strings.Contains(f, "bath"):
		if !l.Has(listing.FieldBaths) {
			l.Baths = n
			l.Set(listing.FieldBaths, src)
			if strings.Contains(f, "+") {
				l.SetPartial(listing.FieldBaths, strings.TrimSpace(text))
			}
		}
	case icon == "room" || strings.Contains(f, "bedroom"):
		if !l.Has(listing.FieldBedrooms) {
			l.Bedrooms = int(n)
			l.Set(listing.FieldBedrooms, src)
		}
	case icon == "bed" || strings.Contains(f, " bed"):
		if !l.Has(listing.FieldBeds) {
			l.Beds = int(n)
			l.Set(listing.FieldBeds, src)
		}
	}
}

// firstNumber is the first number in s ("sleeps 9" → 9).
func firstNumber(s string) (float64, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return listing.LeadingNumber(s[i:])
		}
	}
	return 0, false
}

var (
	reRatingSlash = regexp.MustCompile(`(\d+(?:[.,]\d+)?)\s*/\s*(\d+)`)
	reRatingOutOf = regexp.MustCompile(`(?i)(\d+(?:[.,]\d+)?)\s+out\s+of\s+(\d+)`)
)

// ratingText reads "10/10" or "9.6 out of 10" with its scale.
func ratingText(s string) (v, scale float64, ok bool) {
	for _, re := range []*regexp.Regexp{reRatingSlash, reRatingOutOf} {
		if m := re.FindStringSubmatch(s); m != nil {
			if v, scale, ok = ratingOf(m[1], m[2]); ok {
				return v, scale, true
			}
		}
	}
	return 0, 0, false
}

// reviewCount reads "See all 15 verified reviews" or "(45 reviews)".
func reviewCount(s string) (float64, bool) {
	f := prose.Fold(s)
	if !strings.Contains(f, "review") {
		return 0, false
	}
	return firstNumber(f)
}

// hostName reads "Hosted by Marcelo Guisado".
func hostName(s string) string {
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutPrefix(s, "Hosted by "); ok {
		return strings.TrimSpace(rest)
	}
	return ""
}

// reClock finds times of day as the page writes them ("4:00 PM", "16:00").
var reClock = regexp.MustCompile(`(?i)\b\d{1,2}(?::\d{2})?\s*[ap]\.?\s?m\b\.?|\b\d{1,2}:\d{2}\b`)

// addRule reads one house rule: an item under a heading ("Pets": "Pets
// allowed") or a line of its own ("Check in after 4:00 PM").
func addRule(r *listing.HouseRules, heading, item string) {
	item = strings.TrimSpace(item)
	if item == "" {
		return
	}
	f := prose.Fold(item)
	h := prose.Fold(strings.TrimSpace(heading))
	switch {
	case hasAnyPrefix(f, "check in", "check-in", "checkin"):
		r.CheckIn = timesIn(item)
	case hasAnyPrefix(f, "check out", "check-out", "checkout"):
		r.CheckOut = timesIn(item)
	case strings.Contains(h+" "+f, "pet"):
		r.PetsAllowed = allowed(f)
	case strings.Contains(h+" "+f, "smok"):
		r.SmokingAllowed = allowed(f)
	case strings.Contains(h+" "+f, "event") || strings.Contains(h+" "+f, "part"):
		r.PartiesAllowed = allowed(f)
	default:
		r.Rules = append(r.Rules, item)
	}
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// timesIn is the time, or "from – to", a rule names; the rule as written
// when it names none ("Flexible check-in").
func timesIn(s string) string {
	m := reClock.FindAllString(s, 2)
	switch len(m) {
	case 0:
		return s
	case 1:
		return strings.TrimSpace(m[0])
	}
	return strings.TrimSpace(m[0]) + " – " + strings.TrimSpace(m[1])
}

// allowed reads "Pets allowed", "No events allowed", "Smoking allowed: in
// designated areas", "Smoking is not permitted"; nil when it says neither.
func allowed(f string) *bool {
	no := strings.HasPrefix(f, "no ") || strings.Contains(f, " not ") || strings.Contains(f, "n't ") ||
		strings.Contains(f, "prohibited") || strings.Contains(f, "forbidden")
	yes := strings.Contains(f, "allowed") || strings.Contains(f, "permitted") || strings.Contains(f, "welcome") ||
		strings.Contains(f, "friendly")
	switch {
	case no:
		return new(false)
	case yes:
		return new(true)
	}
	return nil
}
