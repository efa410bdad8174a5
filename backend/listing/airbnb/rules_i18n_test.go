package airbnb

import (
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

func TestHouseRulesInOtherLanguages(t *testing.T) {
	yes, no := true, false
	for _, tc := range []struct {
		lines []ruleLine
		want  listing.HouseRules
	}{
		{[]ruleLine{{title: "Check-in após 09:00"}, {title: "Checkout antes das 11:00"}, {title: "É permitido fumar"},
			{title: "Não são permitidos animais de estimação"}, {title: "Proibido festas ou eventos"}, {title: "Máximo de 4 hóspedes"}},
			listing.HouseRules{CheckIn: "09:00", CheckOut: "11:00", SmokingAllowed: &yes, PetsAllowed: &no, PartiesAllowed: &no, MaxGuests: 4}},
		{[]ruleLine{{title: "Check-in dopo le 15:00"}, {title: "Check-out prima delle 10:00"}, {title: "Vietato fumare"},
			{title: "Animali domestici ammessi"}, {title: "Massimo 6 ospiti"}},
			listing.HouseRules{CheckIn: "15:00", CheckOut: "10:00", SmokingAllowed: &no, PetsAllowed: &yes, MaxGuests: 6}},
		{[]ruleLine{{title: "No se permite fumar"}, {title: "Se admiten mascotas"}, {title: "Llegada a partir de las 16:00"}},
			listing.HouseRules{CheckIn: "16:00", SmokingAllowed: &no, PetsAllowed: &yes}},
	} {
		got := interpretRules(tc.lines)
		if got.CheckIn != tc.want.CheckIn || got.CheckOut != tc.want.CheckOut || got.MaxGuests != tc.want.MaxGuests ||
			!sameBool(got.SmokingAllowed, tc.want.SmokingAllowed) || !sameBool(got.PetsAllowed, tc.want.PetsAllowed) ||
			!sameBool(got.PartiesAllowed, tc.want.PartiesAllowed) || len(got.Rules) != 0 {
			t.Errorf("%v:\n got %+v\nwant %+v", tc.lines, got, tc.want)
		}
	}
	// An English rule not read above stays a plain rule.
	if got := interpretRules([]ruleLine{{title: "No pets on the furniture"}}); len(got.Rules) != 1 || got.PetsAllowed != nil {
		t.Errorf("English free-text rule: %+v", got)
	}
}

func sameBool(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
