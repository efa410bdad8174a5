package writing

import (
	"context"

	"fmt"
	"github.com/listinglift/listinglift/backend/analysis"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Builtin is the deterministic writer. It composes titles from templates
// filled only with the listing's facts, restructures the host's own
// description into sections without dropping a sentence, and lists the
// amenities the listing offers. The same request always gives the same
// copy.
type Builtin struct{}

// Write implements Writer. It never fails.
//
// A listing written in a language we have a phrasebook for gets all its
// copy in that language; any other gets all of it in English, the host's
// own words in another language quoted. Never a mix (copyLanguage).
func (Builtin) Write(ctx context.Context, req Request) (Copy, error) {
	if err := ctx.Err(); err != nil {
		return Copy{}, err
	}
	f := FactsOf(req)
	c := Copy{
		Writers: map[string]string{PartTitles: NameBuiltin, PartDescription: NameBuiltin, PartAmenityCopy: NameBuiltin},
		Notes:   []string{},
	}
	words := 0
	if p, ok := phrasebookFor(req.Listing); ok {
		c.Titles = localTitles(req, f, p, req.Titles)
		c.Description, words = writeDescription(req, f, p, req.Listing.Language)
		c.AmenityCopy = localAmenityCopy(req, f, p)
	} else {
		c.Titles = BuiltinTitles(req, f, req.Titles)
		c.Description, words = writeDescription(req, f, englishBook, "en")
		c.AmenityCopy = BuiltinAmenityCopy(req, f)
	}
	switch {
	case len(c.Titles) == 0:
		c.Notes = append(c.Notes, "No new title suggested: the page gave too little about the listing (its kind, place or features) to write a title suggestion without filler.")
	case len(c.Titles) < req.Titles:
		c.Notes = append(c.Notes, fmt.Sprintf("%d title suggestions, not %d: the listing's facts support no more without filler.", len(c.Titles), req.Titles))
	}
	if words < analysis.DescriptionTargetWords {
		c.Notes = append(c.Notes, ShortDescriptionNote(words))
	}
	return c, nil
}

// ShortDescriptionNote says why the optimized description is under the
// length the report asks for: the built-in writer adds only what the
// listing states, and the listing states no more.
func ShortDescriptionNote(words int) string {
	return fmt.Sprintf("The optimized description runs to %d words, under the %d the report aims for: the listing's own text and facts say no more, and nothing the listing does not state is added. More detail from you (the rooms, the area, getting there) would lengthen it.",
		words, analysis.DescriptionTargetWords)
}

func pl(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// lowerFirst lower-cases the first letter for running text ("Hair dryer"
// → "hair dryer") unless the first word is a name or an abbreviation, which
// keep their capitals: "TV", "BBQ grill", "Wi-Fi", "WiFi", "EV charger".
// It works on letters, never bytes: "Équipements" → "équipements".
func lowerFirst(s string) string {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return s
	}
	r, n := utf8.DecodeRuneInString(ws[0])
	for _, later := range ws[0][n:] {
		if unicode.IsUpper(later) {
			return s // capitals inside the word: an abbreviation or a brand
		}
	}
	i := strings.Index(s, ws[0])
	return s[:i] + string(unicode.ToLower(r)) + s[i+n:]
}
