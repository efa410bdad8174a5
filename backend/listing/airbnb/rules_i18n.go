package airbnb

import (
	"regexp"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// House rules in the other languages Airbnb pages come in: "É permitido
// fumar", "Vietato fumare", "Não são permitidos animais", "Check-in após
// 15:00", "Massimo 4 ospiti". A rule is read from its topic word and
// whether it is denied or allowed; anything else stays a plain rule.

var (
	// Japanese: "ペット不可" (no pets), "喫煙可" (smoking allowed),
	// "パーティー・イベント不可", "チェックイン：15:00以降", "ゲスト定員2人".
	ruleSmoking  = []string{"fumar", "fumare", "fumeur", "fumer", "rauchen", "raucher", "roken", "καπνισ", "喫煙"}
	rulePets     = []string{"animais", "animal", "mascota", "animaux", "haustier", "animali", "huisdier", "κατοικιδι", "ペット"}
	ruleParties  = []string{"festa", "fiesta", "fete", "feste", "partys", "feest", "παρτι", "eventos", "evenements", "eventi", "veranstaltung", "evenementen", "εκδηλωσ", "パーティー", "イベント"}
	ruleDenied   = []string{"nao ", "no se ", "proibido", "prohibido", "vietat", "non ", "interdit", "nicht", "keine", "niet ", "δεν ", "απαγορευ", "sin ", "non-", "不可", "禁止"}
	ruleAllowed  = []string{"permitid", "se admiten", "se permite", "consentit", "ammess", "accepte", "autorise", "erlaubt", "toegestaan", "επιτρεπ", "可"}
	ruleMaxWords = []string{"maximo", "massimo", "maximum", "maximal", "max", "hochstens", "μεγιστ", "εως ", "定員", "最大"}
	ruleCheckIn  = []string{"check-in", "check in", "entrada", "llegada", "arrivee", "ingresso", "ankunft", "aankomst", "αφιξη", "チェックイン"}
	ruleCheckOut = []string{"checkout", "check-out", "check out", "saida", "salida", "depart", "partenza", "abreise", "vertrek", "αναχωρηση", "チェックアウト"}
	reDigits     = regexp.MustCompile(`\d+`)
	reClock      = regexp.MustCompile(`(?i)\b\d{1,2}(?:[:.h]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)?\b`)
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
	lt := listing.Fold(strings.TrimSpace(title)) + " "
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
