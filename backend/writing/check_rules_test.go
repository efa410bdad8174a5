package writing

import (
	"context"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// strictLoft is the loft whose rules allow no pets, no smoking and no
// parties, in the listing's language lang ("" for English).
func strictLoft(lang string) *listing.Listing {
	l := loft()
	l.Language = prose.Lang(lang)
	l.HouseRules.PartiesAllowed = b(false)
	return l
}

// TestRulesNeverContradicted: copy that tells guests they may bring a pet,
// smoke or throw a party when the listing allows none of them is rejected,
// in English, Portuguese, Spanish, Italian, French and German; so is a
// check-in time other than the listing's and "family-friendly" for a
// listing that is not for children. The host's rules said back to them,
// or negated, pass.
func TestRulesNeverContradicted(t *testing.T) {
	cases := []struct {
		name, lang, copy string
		edit             func(l *listing.Listing)
		bad              bool
	}{
		{name: "issue example", copy: "Bring your dog… smoking is fine… parties are welcome.", bad: true},
		{name: "pets welcome", copy: "Pets are welcome in the loft.", bad: true},
		{name: "pet-friendly", copy: "A bright, pet-friendly loft over the river.", bad: true},
		{name: "smokers welcome", copy: "Smokers welcome on the terrace.", bad: true},
		{name: "perfect for parties", copy: "The terrace is perfect for parties.", bad: true},
		{name: "events allowed", copy: "Small events allowed.", bad: true},
		{name: "pt issue example", lang: "pt", copy: "Traga seu cachorro! Pode fumar à vontade. Festas são bem-vindas.", bad: true},
		{name: "pt animals allowed", lang: "pt", copy: "Animais permitidos e bem-vindos.", bad: true},
		{name: "es", lang: "es", copy: "Trae a tu perro, se puede fumar y las fiestas son bienvenidas.", bad: true},
		{name: "es mascotas", lang: "es", copy: "Se admiten mascotas.", bad: true},
		{name: "it", lang: "it", copy: "Animali ammessi. Feste benvenute.", bad: true},
		{name: "fr", lang: "fr", copy: "Animaux acceptés et fêtes bienvenues.", bad: true},
		{name: "de", lang: "de", copy: "Haustiere willkommen, Rauchen erlaubt.", bad: true},
		{name: "check-in time", copy: "Check-in at 2:00 PM; check-out 11:00 AM.", bad: true},
		{name: "check-out time", copy: "Check-in: 3:00 PM; check-out: 12:00 PM.", bad: true},
		{name: "pt check-in time", lang: "pt", copy: "Check-in às 14:00.", bad: true},
		{name: "no children", copy: "A family-friendly loft, great for kids.", bad: true,
			edit: func(l *listing.Listing) {
				l.HouseRules.Rules = append(l.HouseRules.Rules, "Not suitable for children and infants")
			}},
		{name: "unknown pet rule", copy: "Pets welcome!", bad: true,
			edit: func(l *listing.Listing) { l.HouseRules.PetsAllowed = nil }},

		{name: "rules said back", copy: "No pets, no smoking and no parties. Check-in: 3:00 PM; check-out: 11:00 AM."},
		{name: "negated", copy: "Pets are not allowed and smoking isn't permitted; parties are not welcome."},
		{name: "24-hour times", copy: "Check-in from 15:00, check-out by 11:00."},
		{name: "pt negated", lang: "pt", copy: "Não são permitidos animais. Proibido fumar. Não são permitidas festas ou eventos."},
		{name: "es negated", lang: "es", copy: "No se admiten mascotas. Prohibido fumar. No se permiten fiestas ni eventos."},
		{name: "smoke alarm", copy: "A smoke alarm can be found in every room."},
		{name: "friendly dogs of the host", copy: "You will share the garden with our two friendly dogs."},
		{name: "pets allowed by the listing", copy: "Pets are welcome.", edit: func(l *listing.Listing) { l.HouseRules.PetsAllowed = b(true) }},
		{name: "children unknown", copy: "A family-friendly loft."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := strictLoft(c.lang)
			if c.edit != nil {
				c.edit(l)
			}
			v := newValidator(request(l, BasicTitles))
			err := v.checkRules(c.copy, PartKindText)
			if c.bad && !errorsIs(err, ErrRule) {
				t.Errorf("%q accepted (%v), want ErrRule", c.copy, err)
			}
			if !c.bad && err != nil {
				t.Errorf("%q rejected: %v", c.copy, err)
			}
		})
	}
}

// TestRulesRejectedByTheChecker: the copy fails the whole checker,
// not only its rule family.
func TestRulesRejectedByTheChecker(t *testing.T) {
	req := request(strictLoft(""), BasicTitles)
	s := "A bright loft in Lisbon. Bring your dog… smoking is fine… parties are welcome."
	if err := ValidateText(s, req); err == nil || !strings.Contains(err.Error(), "rules") {
		t.Errorf("ValidateText(%q) = %v, want the host's rules contradicted", s, err)
	}
}

// TestRealPagesRules: on real pages, the rules read from the page decide:
// the Portuguese home in Arraial do Cabo allows pets but no smoking or
// parties; the Rome flat allows no pets.
func TestRealPagesRules(t *testing.T) {
	for _, c := range []struct {
		file, copy string
		bad        bool
	}{
		{arraialPage, "Pode fumar na varanda e festas são bem-vindas.", true},
		{arraialPage, "Casa ideal para festas e eventos", true},
		{arraialPage, "Seu animal de estimação é bem-vindo!", false},
		{arraialPage, "Check-in às 15:00.", true},
		{arraialPage, "Check-in às 09:00; check-out às 14:00.", false},
		{romaPage, "Animali ammessi e benvenuti.", true},
		{romaPage, "Animali non ammessi.", false},
	} {
		v := newValidator(realPageRequest(t, c.file))
		err := v.checkRules(c.copy, PartKindText)
		if c.bad != (err != nil) {
			t.Errorf("%s: %q: %v, want rejected = %v", c.file, c.copy, err, c.bad)
		}
	}
}

// TestModelCopyThatInventsFallsBack: through the Gemini stand-in, a model
// that invents a landmark, a star claim and permissions the listing does
// not give has those titles dropped and its description and amenity copy
// replaced by the built-in writer's, with the reason in the notes.
func TestModelCopyThatInventsFallsBack(t *testing.T) {
	bad := []string{"Five-Star Loft in Alfama", "Loft near the Eiffel Tower", "Pet-Friendly Loft in Lisbon"}
	_, g := newFake(t, geminitest.Answer(geminiOutput{Titles: append(bad, goodTitles[:2]...),
		Description: goodDescription + "\n\nBring your dog… smoking is fine… parties are welcome.",
		AmenityCopy: "A pet-friendly loft steps from Times Square."}))
	req := request(strictLoft(""), PremiumTitles)
	c, err := g.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	for _, title := range c.Titles {
		for _, b := range bad {
			if title == b {
				t.Errorf("invented title kept: %q", title)
			}
		}
	}
	if c.Writers[PartDescription] != NameBuiltin || c.Writers[PartAmenityCopy] != NameBuiltin {
		t.Errorf("writers = %v, want the built-in description and amenity copy", c.Writers)
	}
	notes := strings.Join(c.Notes, "\n")
	for _, want := range []string{"rules", "3 of Gemini's title suggestions failed validation"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
}

// TestTrueRuleStatementsPass: the host's rules said truly, in other
// words, several topics in one clause, pass the rule family on the real
// pages whose honest answers state them (their grounding is the grounding
// family's).
func TestTrueRuleStatementsPass(t *testing.T) {
	for _, c := range []struct{ file, copy string }{
		{arraialPage, "Animais de estimação são bem-vindos; não é permitido fumar nem fazer festas."},
		{arraialPage, "Não é permitido fumar nem fazer festas, e os animais são bem-vindos."},
		{"airbnb/airbnb-2025-mehfius-portoseguro-raw.html", "Animais são bem-vindos; não é permitido fumar nem fazer festas."},
		{"airbnb/airbnb-2018-travelnest.htm", "Check-in is any time after 3PM and check-out is at 11AM; pets, smoking and parties are not allowed."},
		{"airbnb/airbnb-2018-travelnest.htm", "No pets, no smoking and no parties."},
		{"vrbo/vrbo-2026-unidown-barbarosa-formentera.html", "Pets and smoking are allowed, parties are not; check-in is at 4:00 PM and check-out at 12:00 PM."},
	} {
		v := newValidator(realPageRequest(t, c.file))
		if err := v.checkRules(c.copy, PartKindText); err != nil {
			t.Errorf("%s: %q refused: %v", c.file, c.copy, err)
		}
	}
}

// TestRulesInJapanese: a Japanese piece's rule statements ("ペット可",
// "パーティー不可", "禁煙") are read as the same permissions and denials:
// a permission the listing does not give is refused, a denial passes,
// and the host's Japanese rules are read too.
func TestRulesInJapanese(t *testing.T) {
	l := loft() // no pets, no smoking; parties not stated
	l.Language = "ja"
	v := newValidator(request(l, PremiumTitles))
	host := loft()
	host.Language, host.HouseRules.PetsAllowed = "ja", nil
	host.Highlights = []string{"ペット歓迎"}
	hv := newValidator(request(host, PremiumTitles))
	cases := []struct {
		name string
		v    *validator
		s    string
		want error
	}{
		{"pets allowed, denied by the listing", v, "浅草・ペット可のアパート", ErrRule},
		{"pets welcome, other words", v, "ペット同伴も歓迎です。", ErrRule},
		{"smoking allowed", v, "室内で喫煙できます。", ErrRule},
		{"parties allowed, never stated", v, "パーティーやイベントが可能です。", ErrRule},
		{"no pets", v, "ペットは同伴できません。", nil},
		{"no pets, no smoking, one clause", v, "ペットの同伴と喫煙はできません。", nil},
		{"non-smoking", v, "全面禁煙です。", nil},
		{"no parties", v, "パーティー不可", nil},
		{"the host's Japanese highlight allows pets", hv, "ペット可の一軒家", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.v.checkRules(c.s, PartKindText)
			if (c.want == nil) != (err == nil) || (c.want != nil && !errorsIs(err, c.want)) {
				t.Errorf("checkRules(%q) = %v, want %v", c.s, err, c.want)
			}
		})
	}
}
