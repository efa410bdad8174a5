package writing

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// numberFacts are what the number checks read of the listing.
type numberFacts struct{}

func newNumberFacts(req Request) numberFacts { return numberFacts{} }

// checkNumbers checks that every number s states is one the listing data
// states, and every count agrees with the listing's.
func (v *validator) checkNumbers(s string, p Part) error {
	if n := unsupportedNumber(s, v.allowed); n != "" {
		return fmt.Errorf("%w: %s", ErrNumber, n)
	}
	if m := wrongCount(s, v.req.Listing, v.allowed); m != "" {
		return fmt.Errorf("%w: %s", ErrNumber, m)
	}
	return nil
}

// countClaims are phrases that state a count of something the listing
// data counts.
var countClaims = []struct {
	re   *regexp.Regexp
	name string
	fact func(l *listing.Listing) float64
}{
	{regexp.MustCompile(`(?i)\bsleeps\s+(\d+)|\b(\d+)\s+guests?\b`), "guests", func(l *listing.Listing) float64 {
		if l.Capacity > 0 {
			return float64(l.Capacity)
		}
		return float64(l.HouseRules.MaxGuests)
	}},
	{regexp.MustCompile(`(?i)\b(\d+)\s*(?:br|bd|bedrooms?|-bedroom)\b`), "bedrooms", func(l *listing.Listing) float64 { return float64(l.Bedrooms) }},
	{regexp.MustCompile(`(?i)\b(\d+)\s+beds?\b`), "beds", func(l *listing.Listing) float64 { return float64(l.Beds) }},
	{regexp.MustCompile(`(?i)\b(\d+(?:\.\d)?)\s*(?:baths?|bathrooms?|ba)\b`), "baths", func(l *listing.Listing) float64 { return l.Baths }},
}

// wrongCount returns a description of the first count claim that
// contradicts the listing's own count ("sleeps 8" for a listing that sleeps
// 4), or, when the listing does not state the count, one whose number is
// nowhere in its data.
func wrongCount(s string, l *listing.Listing, allowed map[string]bool) string {
	if l == nil {
		return ""
	}
	for _, c := range countClaims {
		for _, m := range c.re.FindAllStringSubmatch(s, -1) {
			num := ""
			for _, g := range m[1:] {
				if g != "" {
					num = g
				}
			}
			v, err := strconv.ParseFloat(num, 64)
			if err != nil {
				continue
			}
			fact := c.fact(l)
			if (fact > 0 && v != fact) || (fact == 0 && !allowed[normNumber(num)]) {
				return fmt.Sprintf("%q states %s %s; the listing data says %s", strings.TrimSpace(m[0]), num, c.name, strconv.FormatFloat(fact, 'f', -1, 64))
			}
		}
	}
	return ""
}

var reNumber = regexp.MustCompile(`\d+(?:[.,]\d+)?`)

// unsupportedNumber returns the first number in s that the listing data
// does not contain, "" when every number is grounded.
func unsupportedNumber(s string, allowed map[string]bool) string {
	nums := reNumber.FindAllString(s, -1)
	for _, n := range nums {
		if !allowed[normNumber(n)] {
			return n
		}
	}
	return ""
}

// AllowedNumbers are the numbers the listing data states: counts, ratings,
// times and every number in its title, description, rules, highlights and
// amenity names.
func AllowedNumbers(l *listing.Listing) map[string]bool {
	m := map[string]bool{}
	if l == nil {
		return m
	}
	add := func(v float64) {
		if v <= 0 {
			return
		}
		m[normNumber(strconv.FormatFloat(v, 'f', -1, 64))] = true
		if v == float64(int(v)) {
			m[strconv.Itoa(int(v))] = true
		}
	}
	add(float64(l.Capacity))
	add(float64(l.Bedrooms))
	add(float64(l.Beds))
	add(l.Baths)
	add(float64(l.HouseRules.MaxGuests))
	add(float64(l.ReviewCount))
	add(l.Ratings.Overall)
	if l.Price != nil {
		add(l.Price.Amount)
	}
	texts := []string{l.Title, l.Description, l.HouseRules.CheckIn, l.HouseRules.CheckOut, l.Location.Area, l.Location.City}
	texts = append(texts, l.HouseRules.Rules...)
	texts = append(texts, l.Highlights...)
	for _, a := range l.Amenities {
		texts = append(texts, a.Name)
	}
	for _, p := range l.Photos {
		texts = append(texts, p.Caption)
	}
	for _, t := range texts {
		for _, n := range reNumber.FindAllString(t, -1) {
			m[normNumber(n)] = true
		}
	}
	return m
}

var reThousands = regexp.MustCompile(`^\d{1,3}(?:,\d{3})+$`)

func normNumber(n string) string {
	if reThousands.MatchString(n) {
		n = strings.ReplaceAll(n, ",", "")
	}
	n = strings.ReplaceAll(n, ",", ".")
	if strings.Contains(n, ".") {
		n = strings.TrimRight(strings.TrimRight(n, "0"), ".")
	}
	return n
}
