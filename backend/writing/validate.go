package writing

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
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

// ValidateTitle checks a title suggestion with every family of the fact
// checker: within the site's title limits (TitleMin to TitleLimit), one
// line of plain text in the copy's language, and nothing the listing does
// not state (amenities, numbers, places, claims, rules).
func ValidateTitle(title string, req Request) error { return newValidator(req).title(title) }

// ValidateText checks longer copy (description, amenity copy) the same way
// as titles, with MaxDescription as the length limit.
func ValidateText(s string, req Request) error { return newValidator(req).text(s) }

// Checker is the fact checker for one request's copy, built once: the
// built-in writer checks every title and sentence it offers with it, and
// the report a writer's titles, description and amenity copy with the same
// listing facts. A check's answer depends only on the text and its part,
// so each is worked out once and remembered. The checks only read the
// listing's facts (the claims family reads the host's facts once, on
// first use, under a sync.Once), so a Checker may be asked from several
// goroutines: the built-in writer checks its titles and its description
// at once.
type Checker struct{ v *validator }

// NewChecker reads req's listing facts once. A writer or the report asks
// the request for its shared one (Request.Checker).
func NewChecker(req Request) Checker { return Checker{newValidator(req)} }

// Title checks a title suggestion (ValidateTitle).
func (c Checker) Title(s string) error { return c.v.title(s) }

// Text checks amenity copy (ValidateText).
func (c Checker) Text(s string) error { return c.v.text(s) }

// Description checks an optimized description as a model's is checked:
// every family, the host's facts kept.
func (c Checker) Description(s string) error {
	s = strings.TrimSpace(s)
	if s == "" {
		return ErrEmpty
	}
	return c.v.check(s, PartKindDescription)
}

// ValidateTitles checks many titles of one request; errs[i] is titles[i]'s.
func ValidateTitles(titles []string, req Request) []error {
	v := newValidator(req)
	errs := make([]error, len(titles))
	for i, t := range titles {
		errs[i] = v.title(t)
	}
	return errs
}

// Part is which piece of copy a check reads: a title (one line, the
// site's title limits), running text (amenity copy) or the description
// (running text that must also keep the host's facts).
type Part int

const (
	PartKindTitle Part = iota
	PartKindText
	PartKindDescription
)

// validator is the one fact checker every piece of copy passes, the model's
// and the built-in writer's alike. It holds what the checks of one
// request's copy share; each family of checks keeps its facts of the
// listing in its own field, read once:
//   - format (check_format.go): length, symbols, invisible characters,
//     contact details in any disguise, markup and instructions;
//   - language (check_language.go): the copy's language and script;
//   - amenities (check_amenities.go): features through the multilingual
//     catalogue, synonyms included;
//   - numbers (check_numbers.go): counts, numbers with their unit and
//     meaning, number words;
//   - claims (check_claims.go): places, landmarks, superlatives and star
//     claims; a description keeps the host's facts;
//   - rules (check_rules.go): the host's rules never contradicted;
//   - grounding (ground.go): closed-world, last — every word grounded in
//     the listing's fact sheet with its polarity, whatever claim it makes.
type validator struct {
	req     Request
	own     []string        // the listing's own words
	allowed map[string]bool // numbers in the listing data
	negated map[string]string

	format formatFacts
	lang   languageFacts
	amen   amenityFacts
	nums   numberFacts
	claims claimFacts
	rules  ruleFacts
	sheet  *FactSheet

	// checked remembers each check's answer (check): the same title is
	// offered by the Basic and the Premium title lists, and checked again
	// when the report enforces the copy. mu guards it: the built-in
	// writer checks its titles and its description at once.
	mu      sync.Mutex
	checked map[checkKey]error
}

type checkKey struct {
	s string
	p Part
}

func newValidator(req Request) *validator {
	v := &validator{req: req, allowed: AllowedNumbers(req.Listing), negated: negatedFeatures(req.Listing), checked: map[checkKey]error{}}
	if l := req.Listing; l != nil {
		parts := []string{l.Title, l.Description, strings.Join(l.Highlights, "\n"), strings.Join(l.HouseRules.Rules, "\n")}
		for _, a := range l.Amenities {
			if a.Available {
				parts = append(parts, a.Name)
			}
		}
		v.own = prose.Words(strings.Join(parts, "\n"))
	}
	v.sheet = NewFactSheet(req) // first: the families read its languages
	v.format = newFormatFacts(req)
	v.lang = newLanguageFacts(req, v.sheet.Lang)
	host := hostSentences(req.Listing) // the host's own sentences, which two families let stand
	v.amen = newAmenityFacts(req, host, v.sheet.Lang)
	v.nums = newNumberFacts(req, host, v.sheet.Lang)
	v.claims = newClaimFacts(req, v.negated, v.sheet.Lang)
	v.rules = newRuleFacts(req)
	return v
}

func (v *validator) title(title string) error {
	title = strings.TrimSpace(title)
	if title == "" {
		return ErrEmpty
	}
	if k := namesNegated(title, v.negated); k != "" {
		// The host's own words say the listing lacks it.
		return fmt.Errorf("%w: %s (the listing says: %q)", ErrAmenity, k, v.negated[k])
	}
	return v.check(title, PartKindTitle)
}

func (v *validator) text(s string) error {
	s = strings.TrimSpace(s)
	if s == "" {
		return ErrEmpty
	}
	return v.check(s, PartKindText)
}

// ErrLanguage: copy not in the copy's language; ErrShort: a description
// under the report's target where the built-in writer reaches it.
var (
	ErrLanguage = errors.New("not in the listing's language")
	ErrShort    = errors.New("shorter than the report's target")
)

// description checks a model's description as the built-in one is
// checked, and that it is at least as long as the report's target where
// the built-in writer (builtinWords) reaches it from the same facts.
func (v *validator) description(s string, builtinWords int) error {
	s = strings.TrimSpace(s)
	if s == "" {
		return ErrEmpty
	}
	if err := v.check(s, PartKindDescription); err != nil {
		return err
	}
	if n := prose.WordCount(s); n < analysis.DescriptionTargetWords && builtinWords >= analysis.DescriptionTargetWords {
		return fmt.Errorf("%w: %d words, %s's has %d", ErrShort, n, TemplateWriter, builtinWords)
	}
	return nil
}

// check runs every family of checks on s, first failure first: the
// cheapest and the ones that say most about the writer (format, language)
// before the facts. The answer is remembered (checked).
func (v *validator) check(s string, p Part) error {
	k := checkKey{s, p}
	v.mu.Lock()
	err, ok := v.checked[k]
	v.mu.Unlock()
	if ok {
		return err
	}
	err = v.checkAll(s, p)
	v.mu.Lock()
	v.checked[k] = err
	v.mu.Unlock()
	return err
}

func (v *validator) checkAll(s string, p Part) error {
	for _, c := range []func(string, Part) error{v.checkFormat, v.checkLanguage, v.checkAmenities, v.checkNumbers, v.checkClaims, v.checkRules, v.checkGrounded} {
		if err := c(s, p); err != nil {
			return err
		}
	}
	return nil
}

// allInSource allows words in capitals that the listing itself writes so.
// In a title: a place spelled in capitals in its location fields, or an
// acronym or code of the host's or the site's own ("WLAN", "TV", "BBQ":
// five letters at most, or with a digit) in its title, description,
// amenities or rules. In running text, any such word the host wrote: a
// description keeps the host's "RISTORANTE" headings and registration
// codes as the host wrote them. Anything else in capitals is shouting.
func allInSource(words []string, l *listing.Listing, p Part) bool {
	if l == nil {
		return false
	}
	split := func(s string) []string {
		return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	}
	own := map[string]bool{}
	for _, tok := range split(strings.Join([]string{l.Location.Area, l.Location.City, l.Location.Region, l.Location.Country}, "\n")) {
		own[tok] = true
	}
	parts := []string{l.Title, l.Description, strings.Join(l.Highlights, "\n"), strings.Join(l.HouseRules.Rules, "\n")}
	for _, a := range l.Amenities {
		if a.Available {
			parts = append(parts, a.Name)
		}
	}
	for _, tok := range split(strings.Join(parts, "\n")) {
		if p != PartKindTitle || prose.Length(tok) <= 5 || strings.ContainsFunc(tok, unicode.IsDigit) {
			own[tok] = true
		}
	}
	for _, w := range words {
		for _, tok := range split(w) {
			if !own[tok] {
				return false
			}
		}
	}
	return true
}

// KeepChecked is s without the lines the checker refuses, for copy that
// has no other writer to fall back to (the built-in writer's): each line
// of running text is checked on its own, and a line refused is left out
// whole, never shown. refused says why, one error a line left out.
func (c Checker) KeepChecked(s string) (kept string, refused []error) {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) != "" {
			if err := c.v.text(line); err != nil {
				refused = append(refused, fmt.Errorf("%q: %w", prose.CutRunes(strings.TrimSpace(line), 60), err))
				continue
			}
		}
		out = append(out, line)
	}
	kept = strings.Join(out, "\n")
	for strings.Contains(kept, "\n\n\n") {
		kept = strings.ReplaceAll(kept, "\n\n\n", "\n\n")
	}
	return strings.TrimSpace(kept), refused
}
