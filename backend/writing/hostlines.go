package writing

// What of the host's own text the built-in writer may state as this
// listing's: a paragraph about another property ("we also have a villa…",
// a partner's estate) describes no feature of this one. Which paragraph
// that is, factsheet.go's OtherPropertyParagraph decides for the checker
// and the writer alike.

import (
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// foldAccents drops the accents of the letters the cues are written
// without ("também" → "tambem").
func foldAccents(s string) string {
	return accentFolder.Replace(strings.ToLower(s))
}

var accentFolder = strings.NewReplacer("á", "a", "à", "a", "â", "a", "ã", "a", "é", "e", "ê", "e", "è", "e", "í", "i", "ó", "o",
	"ô", "o", "õ", "o", "ú", "u", "ü", "u", "ç", "c", "ñ", "n", "ò", "o", "ì", "i", "ù", "u")

// ownDescription is the host's description without its paragraphs about
// other properties: the text this listing's features are read from.
func ownDescription(desc string) string {
	paras := strings.Split(strings.ReplaceAll(desc, "\r", ""), "\n\n")
	keep := paras[:0:0]
	for _, p := range paras {
		if !OtherPropertyParagraph(p) {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, "\n\n")
}

// ownListing is l with only its own description (ownDescription); l itself
// when nothing is about another property.
func ownListing(l *listing.Listing) *listing.Listing {
	own := ownDescription(l.Description)
	if own == strings.ReplaceAll(l.Description, "\r", "") {
		return l
	}
	c := *l
	c.Description = own
	return &c
}
