package writing

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// The language family: copy is in the copy's language (the listing's where
// a phrasebook exists), as a whole and paragraph by paragraph, and in its
// script. Before: English copy for a Portuguese listing, a Russian or
// Chinese description for an English one and a Portuguese description with
// an English paragraph were all accepted; only titles were checked.
func TestCheckLanguage(t *testing.T) {
	pt := newValidator(request(brazilianHouse(), PremiumTitles))
	en := newValidator(request(loft(), PremiumTitles))
	ptBuiltin, _ := Builtin{}.Write(context.Background(), pt.req)
	englishPara := "The house is a short walk from the beach and it has everything you need for a relaxing stay with your family and friends."
	cases := []struct {
		name string
		v    *validator
		s    string
		p    Part
		want error // nil: accepted
	}{
		{"Portuguese description", pt, ptBuiltin.Description, PartKindDescription, nil},
		{"Portuguese amenity copy", pt, ptBuiltin.AmenityCopy, PartKindText, nil},
		{"Portuguese title", pt, "Casa com piscina em Arraial do Cabo", PartKindTitle, nil},
		{"English description for a Portuguese listing", pt, englishPara + "\n\n" + "There are two bedrooms with air conditioning and a pool for the whole family to enjoy.", PartKindDescription, ErrLanguage},
		{"English title for a Portuguese listing", pt, "House with Pool near the Beach for the Family", PartKindTitle, ErrLanguage},
		{"English amenity copy for a Portuguese listing", pt, "The house has a pool, a barbecue and a balcony for you and your guests to enjoy.", PartKindText, ErrLanguage},
		{"Portuguese description with an English paragraph", pt, ptBuiltin.Description + "\n\n" + englishPara, PartKindDescription, ErrLanguage},
		{"English description", en, "Bright loft in Alfama with a private terrace over the river, and the tram stops at the door.", PartKindDescription, nil},
		{"Russian description for an English listing", en, "Светлый лофт в районе Алфама с частной террасой и видом на реку. Трамвай останавливается у двери.", PartKindDescription, ErrMixedScript},
		{"Chinese sentence in an English description", en, "Bright loft in Alfama with a private terrace. 阳光充足的阁楼，带私人露台。", PartKindDescription, ErrMixedScript},
		{"Greek title", en, "Loft in Αλφάμα with Terrace", PartKindTitle, ErrMixedScript},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.v.checkLanguage(strings.TrimSpace(c.s), c.p)
			if (c.want == nil) != (err == nil) || (c.want != nil && !errors.Is(err, c.want)) {
				t.Errorf("checkLanguage = %v, want %v\n%s", err, c.want, c.s)
			}
		})
	}
}

// Letters of another script are allowed where the listing's own text uses
// them: English copy for a Greek listing may name its street as the host
// writes it.
func TestCheckLanguageAllowsTheHostsOwnScript(t *testing.T) {
	l := loft()
	l.Description += "\n\nThe building is on Οδός Αδριανού, a quiet street."
	v := newValidator(request(l, PremiumTitles))
	if err := v.checkLanguage("The loft is on Οδός Αδριανού, a quiet street in the old town.", PartKindDescription); err != nil {
		t.Errorf("the host's own street name: %v", err)
	}
	if err := v.checkLanguage("The loft is near Ακρόπολη, a short walk away.", PartKindDescription); !errors.Is(err, ErrMixedScript) {
		t.Errorf("a word in Greek the host never wrote: %v, want ErrMixedScript", err)
	}
}
