package airbnb

import (
	"regexp"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// House rules in the other languages Airbnb pages come in: "É permitido
// fumar", "Vietato fumare", "Não são permitidos animais", "Check-in após
// 15:00", "Massimo 4 ospiti". A rule is read from its topic word and
// whether it is denied or allowed; anything else stays a plain rule. The
// words are labels_i18n.go's rule tables.

var (
	reDigits = regexp.MustCompile(`\d+`)
	reClock  = regexp.MustCompile(`(?i)\b\d{1,2}(?:[:.h]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)?\b`)
)

func anyIn(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

func anyPrefix(s string, words []string) bool {
	for _, w := range words {
		if strings.HasPrefix(s, w) {
			return true
		}
	}
	return false
}

// interpretLocalRule reads one rule line in another language into r, and
// reports whether it did.
func interpretLocalRule(r *listing.HouseRules, title, subtitle string) bool {
	lt := prose.Fold(strings.TrimSpace(title)) + " "
	yes, no := true, false
	verdict := func() *bool {
		switch {
		case anyIn(lt, ruleDenied):
			return &no
		case anyIn(lt, ruleAllowed):
			return &yes
		}
		return nil
	}
	switch {
	case anyPrefix(lt, ruleCheckIn):
		if t := reClock.FindString(title + " " + subtitle); t != "" {
			r.CheckIn = strings.TrimSpace(t)
			return true
		}
	case anyPrefix(lt, ruleCheckOut):
		if t := reClock.FindString(title + " " + subtitle); t != "" {
			r.CheckOut = strings.TrimSpace(t)
			return true
		}
	case anyIn(lt, ruleSmoking):
		if v := verdict(); v != nil {
			r.SmokingAllowed = v
			return true
		}
	case anyIn(lt, rulePets):
		if v := verdict(); v != nil {
			r.PetsAllowed = v
			return true
		}
	case anyIn(lt, ruleParties):
		if v := verdict(); v != nil {
			r.PartiesAllowed = v
			return true
		}
	case anyIn(lt, ruleMaxWords) && hasWord(lt, guestWords):
		if m := reDigits.FindString(lt); m != "" {
			if n, ok := listing.LeadingNumber(m); ok {
				r.MaxGuests = int(n)
				return true
			}
		}
	}
	return false
}
