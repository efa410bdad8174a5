package writing

import (
	"context"
	"fmt"
	"strings"
)

// Builtin is the deterministic writer. It composes titles from templates
// filled only with the listing's facts, restructures the host's own
// description into sections without dropping a sentence, and lists the
// amenities the listing offers. The same request always gives the same
// copy.
type Builtin struct{}

// Write implements Writer. It never fails.
func (Builtin) Write(ctx context.Context, req Request) (Copy, error) {
	if err := ctx.Err(); err != nil {
		return Copy{}, err
	}
	f := FactsOf(req)
	c := Copy{
		Titles:      BuiltinTitles(req, f, req.Titles),
		Description: BuiltinDescription(req, f),
		AmenityCopy: BuiltinAmenityCopy(req, f),
		Writers:     map[string]string{PartTitles: NameBuiltin, PartDescription: NameBuiltin, PartAmenityCopy: NameBuiltin},
		Notes:       []string{},
	}
	// A listing written in a language we have words for gets its copy in
	// that language, all of it or none: titles only when there are enough
	// of them, so suggestions never mix languages.
	if p, ok := phrasebookFor(req.Listing); ok {
		if ts := localTitles(req, f, p, req.Titles); len(ts) == req.Titles {
			c.Titles = ts
			c.Description = localDescription(req, f, p)
			c.AmenityCopy = localAmenityCopy(f, p)
		}
	}
	return c, nil
}

func pl(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// lowerFirst lower-cases the first letter unless the word looks like a
// name or abbreviation ("TV", "EV charger", "Wifi" stays as is only at the
// start).
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	ws := strings.Fields(s)
	if len(ws[0]) > 1 && strings.ToUpper(ws[0]) == ws[0] {
		return s // an abbreviation: "TV", "EV charger", "BBQ grill"
	}
	return strings.ToLower(s[:1]) + s[1:]
}
