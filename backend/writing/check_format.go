package writing

import (
	"fmt"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
)

// formatFacts are what the format checks read of the listing.
type formatFacts struct{}

func newFormatFacts(req Request) formatFacts { return formatFacts{} }

// checkFormat checks the form of s: length within the site's limits, no
// emoji, no words in capitals, no contact details or links.
func (v *validator) checkFormat(s string, p Part) error {
	switch p {
	case PartKindTitle:
		if n, limit := analysis.Length(s), TitleLimit(v.req.Listing); n > limit {
			return fmt.Errorf("%w: %d characters, limit %d", ErrTooLong, n, limit)
		}
	default:
		if n := analysis.Length(s); n > MaxDescription {
			return fmt.Errorf("%w: %d characters, limit %d", ErrTooLong, n, MaxDescription)
		}
	}
	if e := analysis.Emoji(s); len(e) > 0 {
		return fmt.Errorf("%w: %s", ErrEmoji, strings.Join(e, " "))
	}
	if c := analysis.CapsWords(s); len(c) > 0 && !allInSource(c, v.req.Listing) {
		return fmt.Errorf("%w: %s", ErrCaps, strings.Join(c, ", "))
	}
	if c := analysis.ContactDetails(s); len(c) > 0 {
		return fmt.Errorf("%w: %s", ErrContact, strings.Join(c, ", "))
	}
	return nil
}
