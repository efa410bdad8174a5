package airbnb

import (
	"slices"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// rulesSection is a PoliciesSection: Airbnb's items, then the host's
// "Additional rules" html.
func rulesSection(items []string, html string) *section {
	var its []ruleItem
	for _, t := range items {
		its = append(its, ruleItem{Title: t})
	}
	if html != "" {
		its = append(its, ruleItem{Title: "Additional rules", HTML: &htmlText{HTMLText: html}})
	}
	return &section{HouseRulesSections: []struct {
		Title string     `json:"title"`
		Items []ruleItem `json:"items"`
	}{{Items: its}}}
}

// TestHostRuleLinesKeptAsWritten: the host's own lines are kept as written,
// each of them, even where they restate one of Airbnb's items, in every
// language; the typed rules come from Airbnb's items; and a host's line
// with a time or a number in it is a rule, never the checkout time or the
// guest limit.
func TestHostRuleLinesKeptAsWritten(t *testing.T) {
	yes, no := true, false
	cases := []struct {
		name  string
		items []string
		html  string
		want  listing.HouseRules
	}{
		{"en: restating the items",
			[]string{"Check-in: 3:00\u202fPM - 12:00\u202fAM", "Checkout before 10:00\u202fAM", "3 guests maximum", "Pets allowed", "No parties or events", "No smoking"},
			"No parties permitted.\nNo smoking\nNo candles allowed",
			listing.HouseRules{CheckIn: "3:00 PM - 12:00 AM", CheckOut: "10:00 AM", MaxGuests: 3, PetsAllowed: &yes, PartiesAllowed: &no, SmokingAllowed: &no,
				Rules: []string{"No parties permitted.", "No smoking", "No candles allowed"}}},
		{"en: a time and a guest count in the host's text",
			[]string{"Check-in: 3:00\u202fPM - 8:00\u202fPM", "Checkout before 10:00\u202fAM", "5 guests maximum", "No pets"},
			"Check-in and check-out<br /><br />Check-out is by 10:00 AM, unless otherwise agreed in writing.<br /><br />The apartment accommodates a maximum of 5 registered guests.<br />Pets allowed on request.",
			listing.HouseRules{CheckIn: "3:00 PM - 8:00 PM", CheckOut: "10:00 AM", MaxGuests: 5, PetsAllowed: &no,
				Rules: []string{"Check-in and check-out", "Check-out is by 10:00 AM, unless otherwise agreed in writing.", "The apartment accommodates a maximum of 5 registered guests.", "Pets allowed on request."}}},
		{"pt",
			[]string{"Check-in após 15:00", "Checkout antes das 11:00", "Máximo de 8 hóspedes", "Proibido fumar"},
			"Proibido fumar dentro da casa para evitar danos à rouparia.\nCheckout antes das 10:00 aos domingos.",
			listing.HouseRules{CheckIn: "15:00", CheckOut: "11:00", MaxGuests: 8, SmokingAllowed: &no,
				Rules: []string{"Proibido fumar dentro da casa para evitar danos à rouparia.", "Checkout antes das 10:00 aos domingos."}}},
		{"it",
			[]string{"Check-in dopo le 15:00", "Massimo 4 ospiti", "Vietato fumare"},
			"Vietato fumare anche sul balcone.\nMassimo 4 ospiti, bambini compresi.",
			listing.HouseRules{CheckIn: "15:00", MaxGuests: 4, SmokingAllowed: &no,
				Rules: []string{"Vietato fumare anche sul balcone.", "Massimo 4 ospiti, bambini compresi."}}},
		{"es",
			[]string{"No se permite fumar", "Se admiten mascotas"},
			"No se permite fumar en la terraza.\nMascotas pequeñas solamente.",
			listing.HouseRules{SmokingAllowed: &no, PetsAllowed: &yes,
				Rules: []string{"No se permite fumar en la terraza.", "Mascotas pequeñas solamente."}}},
		{"fr",
			[]string{"Arrivée après 16:00", "Non-fumeur"},
			"Non-fumeur\nDépart avant 10h le dimanche.",
			listing.HouseRules{CheckIn: "16:00", SmokingAllowed: &no, Rules: []string{"Non-fumeur", "Départ avant 10h le dimanche."}}},
		// The host's text is not Airbnb's items: without them, it sets no
		// typed rule (a saved page whose items were not sent says nothing
		// of smoking rather than what a sentence seems to say).
		{"de: the host's text alone",
			nil,
			"Rauchen verboten\nHaustiere erlaubt\nCheck-in ab 15:00",
			listing.HouseRules{Rules: []string{"Rauchen verboten", "Haustiere erlaubt", "Check-in ab 15:00"}}},
		// A line the host wrote twice is one rule.
		{"a repeated line",
			[]string{"No smoking"},
			"RG / CNH<br />Endereço completo<br /><br />Demais hóspedes:<br />RG / CNH",
			listing.HouseRules{SmokingAllowed: &no, Rules: []string{"RG / CNH", "Endereço completo", "Demais hóspedes:"}}},
	}
	for _, c := range cases {
		got := interpretRules(policyLines(rulesSection(c.items, c.html)))
		if got.CheckIn != c.want.CheckIn || got.CheckOut != c.want.CheckOut || got.MaxGuests != c.want.MaxGuests ||
			!sameBool(got.SmokingAllowed, c.want.SmokingAllowed) || !sameBool(got.PetsAllowed, c.want.PetsAllowed) ||
			!sameBool(got.PartiesAllowed, c.want.PartiesAllowed) || !slices.Equal(got.Rules, c.want.Rules) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}

// TestAdditionalHouseRulesKeptAsWritten: older pages send the host's text
// as additionalHouseRules; it is the host's text too.
func TestAdditionalHouseRulesKeptAsWritten(t *testing.T) {
	s := &section{HouseRules: []titled{{Title: "No smoking"}, {Title: "Checkout: 11:00 AM"}},
		AdditionalHouseRules: "No smoking on the balcony either.\nCheckout by 10 AM on Sundays."}
	got := interpretRules(policyLines(s))
	if want := []string{"No smoking on the balcony either.", "Checkout by 10 AM on Sundays."}; !slices.Equal(got.Rules, want) ||
		got.CheckOut != "11:00 AM" || got.SmokingAllowed == nil || *got.SmokingAllowed {
		t.Errorf("%+v", got)
	}
}

// TestRealPagesHostRuleLines: on the real pages, the host's lines that
// restate a setting are read as rules, and the typed rules are the
// settings' (it-roma-1's checkout is "10:00 AM", not its host's sentence).
func TestRealPagesHostRuleLines(t *testing.T) {
	cases := []struct {
		file, url string
		check     func(r listing.HouseRules) bool
	}{
		{"airbnb/airbnb-2026-listingproof-it-roma-1.html", "https://www.airbnb.com/rooms/1736387261430847289", func(r listing.HouseRules) bool {
			return r.CheckOut == "10:00 AM" && r.CheckIn == "3:00 PM - 8:00 PM" && r.MaxGuests == 5 &&
				slices.Contains(r.Rules, "Check-out is by 10:00 AM, unless otherwise agreed in writing.")
		}},
		{"airbnb/airbnb-2026-listingproof-es-barcelona2.en.html", "https://www.airbnb.com/rooms/1704906788837184002", func(r listing.HouseRules) bool {
			return r.SmokingAllowed != nil && !*r.SmokingAllowed && r.PartiesAllowed != nil && !*r.PartiesAllowed &&
				slices.Contains(r.Rules, "No smoking") && slices.Contains(r.Rules, "No parties permitted.")
		}},
		{"airbnb/airbnb-2025-mehfius-portoseguro-raw.html", "https://www.airbnb.com.br/rooms/45592704", func(r listing.HouseRules) bool {
			return r.SmokingAllowed != nil && !*r.SmokingAllowed && r.CheckIn == "15:00" && r.CheckOut == "11:00" &&
				slices.Contains(r.Rules, "Proibido fumar dentro da casa para evitar danos à rouparia, colchões, estofados e outros, evitando portanto, a necessidade de ressarcimento.")
		}},
	}
	for _, c := range cases {
		l := Parse(listingtest.RealPage(t, c.file), target(t, c.url))
		if !c.check(l.HouseRules) {
			t.Errorf("%s: %+v", c.file, l.HouseRules)
		}
	}
}
