package writing

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

// An amenity is told with the room or use its most specific words name:
// an outdoor shower outside (not "In the bathroom"), an iron with the
// laundry; a lockbox is how guests get in, told in no room's sentence
// (the page's "Cofre de chaves" once read "Para dormir: … cofre de chaves").
func TestGroupOfTheMostSpecificWords(t *testing.T) {
	for name, want := range map[string]string{
		"Chuveiro externo": "outside", "Outdoor shower": "outside", "Chuveiro": "bathroom", "Hair dryer": "bathroom",
		"Iron": "laundry", "Ferro de passar": "laundry", "Safe": "sleep", "Cofre de chaves": "", "Lockbox": "", "Keypad": "",
	} {
		if got := groupOf(name); got != want {
			t.Errorf("groupOf(%q) = %q, want %q", name, got, want)
		}
	}
}

// Where two groups' words stand apart in a name, its head decides, not
// what qualifies it: the words before a linking word in the languages
// that put the head first, the last words in an English compound. A kettle
// for hot water is the kitchen's in every language (Arraial's "chaleira de
// água quente" once went "No banheiro: … água quente e chaleira de água
// quente").
func TestGroupOfTheNamesHead(t *testing.T) {
	for name, want := range map[string]string{
		"Chaleira de água quente": "kitchen", "Hot water kettle": "kitchen", "Bollitore per acqua calda": "kitchen",
		"Hervidor de agua caliente": "kitchen", "Bouilloire pour eau chaude": "kitchen", "Wasserkocher": "kitchen",
		// a phrase of its own still wins over its words
		"Secador de cabelo": "bathroom", "Máquina de lavar": "laundry", "Pool table": "unwind", "Hair dryer": "bathroom",
		// one group, however many of its words
		"Shampoo and conditioner": "bathroom", "Refrigerator with freezer": "kitchen",
	} {
		if got := groupOf(name); got != want {
			t.Errorf("groupOf(%q) = %q, want %q", name, got, want)
		}
	}
}

// What the guest access section says in a sentence of its own (self
// check-in, a private entrance) is not a highlight too: the description
// names it once (the loft; Arraial's page, whose highlights once ended
// "… and self check-in" above "Self check-in.").
func TestAccessIsNotAlsoAHighlight(t *testing.T) {
	l := loft()
	l.Amenities = append(l.Amenities, listing.Amenity{Name: "Self check-in", Available: true}, listing.Amenity{Name: "Private entrance", Available: true})
	en := request(l, BasicTitles)
	pt := realPageRequest(t, arraialPage)
	for _, c := range []struct {
		req  Request
		said []string
	}{
		{en, []string{"self check-in", "private entrance"}},
		{pt, []string{"self check-in", "private entrance"}},
	} {
		d := strings.ToLower(BuiltinDescription(c.req, FactsOf(c.req)))
		if n := strings.Count(d, c.said[0]); n != 1 {
			t.Errorf("%q is said %d times:\n%s", c.said[0], n, d)
		}
		for _, s := range c.said[1:] {
			if n := strings.Count(d, s); n > 1 {
				t.Errorf("%q is said %d times:\n%s", s, n, d)
			}
		}
	}
}
