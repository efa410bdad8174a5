package writing

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
)

// Validation errors say what was wrong with a piece of copy.
var (
	ErrEmpty     = errors.New("empty")
	ErrTooLong   = errors.New("too long")
	ErrEmoji     = errors.New("contains emoji")
	ErrCaps      = errors.New("contains words in capitals")
	ErrContact   = errors.New("contains contact details or a link")
	ErrAmenity   = errors.New("names an amenity the listing does not have")
	ErrNumber    = errors.New("states a number that is not in the listing data")
	ErrDuplicate = errors.New("duplicates another suggestion")
	// ErrMixedScript: a letter outside the Latin script in English copy.
	ErrMixedScript = errors.New("mixes scripts")
)

// MaxDescription bounds an optimized description (characters).
const MaxDescription = 6000

// TitleLimit is the longest title suggestion for l's site: its own limit
// (Airbnb 50, Vrbo 80), else Airbnb's 50 — Booking.com publishes none,
// and its property names are short.
func TitleLimit(l *listing.Listing) int {
	if m := analysis.RulesFor(l).TitleMax; m > 0 {
		return m
	}
	return analysis.TitleLimit
}

// ValidateTitle checks a title suggestion: 1 to TitleLimit characters, no emoji, no
// words in capitals, no contact details or links, no amenity the listing
// lacks and no number that is not in the listing data.
func ValidateTitle(title string, req Request) error { return newValidator(req).title(title) }

// ValidateText checks longer copy (description, amenity copy) the same way
// as titles, with MaxDescription as the length limit.
func ValidateText(s string, req Request) error { return newValidator(req).text(s) }

// ValidateTitles checks many titles of one request; errs[i] is titles[i]'s.
func ValidateTitles(titles []string, req Request) []error {
	v := newValidator(req)
	errs := make([]error, len(titles))
	for i, t := range titles {
		errs[i] = v.title(t)
	}
	return errs
}

// validator holds what checks of one request's copy share.
type validator struct {
	req     Request
	own     []string        // the listing's own words
	allowed map[string]bool // numbers in the listing data
	negated map[string]string
}

func newValidator(req Request) *validator {
	v := &validator{req: req, allowed: AllowedNumbers(req.Listing), negated: negatedFeatures(req.Listing)}
	if l := req.Listing; l != nil {
		parts := []string{l.Title, l.Description, strings.Join(l.Highlights, "\n"), strings.Join(l.HouseRules.Rules, "\n")}
		for _, a := range l.Amenities {
			if a.Available {
				parts = append(parts, a.Name)
			}
		}
		v.own = analysis.Words(strings.Join(parts, "\n"))
	}
	return v
}

func (v *validator) title(title string) error {
	title = strings.TrimSpace(title)
	switch {
	case title == "":
		return ErrEmpty
	case analysis.Length(title) > TitleLimit(v.req.Listing):
		return fmt.Errorf("%w: %d characters, limit %d", ErrTooLong, analysis.Length(title), TitleLimit(v.req.Listing))
	case listing.NonLatin(title):
		// The report is in English: a title mixing scripts ("Studio in
		// Αθήνα") reads as a mistake.
		return fmt.Errorf("%w: letters outside the Latin script", ErrMixedScript)
	}
	if k := namesNegated(title, v.negated); k != "" {
		// The host's own words say the listing lacks it.
		return fmt.Errorf("%w: %s (the listing says: %q)", ErrAmenity, k, v.negated[k])
	}
	return v.common(title)
}

func (v *validator) text(s string) error {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return ErrEmpty
	case analysis.Length(s) > MaxDescription:
		return fmt.Errorf("%w: %d characters, limit %d", ErrTooLong, analysis.Length(s), MaxDescription)
	}
	return v.common(s)
}

// ErrLanguage: copy not in the copy's language; ErrShort: a description
// under the report's target where the built-in writer reaches it.
var (
	ErrLanguage = errors.New("not in the listing's language")
	ErrShort    = errors.New("shorter than the report's target")
)

// description checks a model's description as the built-in one is
// checked (text), and that it is in the copy's language and at least as
// long as the report's target where the built-in writer (builtinWords)
// reaches it from the same facts.
func (v *validator) description(s string, builtinWords int) error {
	if err := v.text(s); err != nil {
		return err
	}
	want := copyLanguage(v.req.Listing)
	if got := listing.DetectLanguage(want, s); got != want {
		return fmt.Errorf("%w: reads as %q, want %q", ErrLanguage, got, want)
	}
	if n := analysis.WordCount(s); n < analysis.DescriptionTargetWords && builtinWords >= analysis.DescriptionTargetWords {
		return fmt.Errorf("%w: %d words, the built-in writer's has %d", ErrShort, n, builtinWords)
	}
	return nil
}

func (v *validator) common(s string) error {
	req := v.req
	if e := analysis.Emoji(s); len(e) > 0 {
		return fmt.Errorf("%w: %s", ErrEmoji, strings.Join(e, " "))
	}
	if c := analysis.CapsWords(s); len(c) > 0 && !allInSource(c, req.Listing) {
		return fmt.Errorf("%w: %s", ErrCaps, strings.Join(c, ", "))
	}
	if c := analysis.ContactDetails(s); len(c) > 0 {
		return fmt.Errorf("%w: %s", ErrContact, strings.Join(c, ", "))
	}
	if k := unsupportedAmenity(s, req.Features, v.own); k != "" {
		return fmt.Errorf("%w: %s", ErrAmenity, k)
	}
	if n := unsupportedNumber(s, v.allowed); n != "" {
		return fmt.Errorf("%w: %s", ErrNumber, n)
	}
	if m := wrongCount(s, req.Listing, v.allowed); m != "" {
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

// allInSource allows capitalized words the host's own text uses as proper
// names (a place spelled in capitals), never as shouting in titles: they
// must appear in the location fields.
func allInSource(words []string, l *listing.Listing) bool {
	if l == nil {
		return false
	}
	loc := " " + strings.Join([]string{l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country}, " ") + " "
	for _, w := range words {
		if !strings.Contains(loc, " "+w+" ") {
			return false
		}
	}
	return true
}

// unsupportedAmenity returns the label of a catalog amenity the text names
// that the listing neither offers nor mentions in its own words.
func unsupportedAmenity(s string, have analysis.Features, own []string) string {
	ws := analysis.Words(s)
	for _, d := range analysis.Catalog {
		if have.Has(d.Key) {
			continue
		}
		mention := d.Mention
		if mention == nil {
			mention = d.Match
		}
		if mentions(ws, mention, d.Exclude) && !mentions(own, mention, d.Exclude) {
			return d.Label
		}
	}
	return ""
}

func mentions(ws []string, phrases, exclude []string) bool {
	has := func(p string) bool {
		ps := strings.Fields(p)
		for i := 0; i+len(ps) <= len(ws); i++ {
			ok := true
			for j := range ps {
				if ws[i+j] != ps[j] {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
		return false
	}
	for _, e := range exclude {
		if has(e) {
			return false
		}
	}
	for _, p := range phrases {
		if has(p) {
			return true
		}
	}
	return false
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
