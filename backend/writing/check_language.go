package writing

import (
	"fmt"

	"github.com/listinglift/listinglift/backend/listing"
)

// languageFacts are what the language checks read of the listing.
type languageFacts struct{}

func newLanguageFacts(req Request) languageFacts { return languageFacts{} }

// checkLanguage checks that s is in the copy's language and script.
func (v *validator) checkLanguage(s string, p Part) error {
	switch p {
	case PartKindTitle:
		if listing.NonLatin(s) {
			// The report is in English: a title mixing scripts ("Studio in
			// Αθήνα") reads as a mistake.
			return fmt.Errorf("%w: letters outside the Latin script", ErrMixedScript)
		}
	case PartKindDescription:
		want := copyLanguage(v.req.Listing)
		if got := listing.DetectLanguage(want, s); got != want {
			return fmt.Errorf("%w: reads as %q, want %q", ErrLanguage, got, want)
		}
	}
	return nil
}
