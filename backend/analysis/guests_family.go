package analysis

import (
	"slices"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
)

// Families are told apart by what the page says outright, in the
// languages we read (en, pt, es, it, fr, de, el, ja): a family room
// listed, children said to be welcome, a cot or a high chair — and,
// against them, a rule that children may not stay. A "minimum age for
// check-in" is no such rule: it is about who signs, not who sleeps.

// familyCue is one kind of explicit evidence about families, with the
// phrases that state it: Words are matched as whole words (written as
// Words folds them at init), Scripts inside the text (Japanese).
type familyCue struct {
	what    string // as the evidence says it
	key     string // the amenity catalogue's key for the same thing, "" for none
	points  int
	words   []string
	scripts []string
}

// familyCues are the evidence for families, strongest first.
var familyCues = []familyCue{
	{"family rooms listed", "", 40, []string{
		"family room", "family rooms", "family suite", "quarto familiar", "quartos familiares", "quarto família",
		"habitación familiar", "habitaciones familiares", "camera familiare", "camere familiari", "chambre familiale",
		"chambres familiales", "familienzimmer", "familiensuite", "familiekamer", "familiekamers",
		"οικογενειακό δωμάτιο", "οικογενειακά δωμάτια"},
		[]string{"ファミリールーム", "家族部屋", "ファミリー向け客室"}},
	{"children welcome", "", 40, []string{
		"children welcome", "children are welcome", "kids welcome", "kids are welcome", "families welcome", "families are welcome",
		"family friendly", "kid friendly", "child friendly", "suitable for children", "great for families", "ideal for families",
		"crianças são bem vindas", "crianças bem vindas", "ideal para famílias", "adequado para crianças",
		"niños bienvenidos", "los niños son bienvenidos", "se admiten niños", "ideal para familias", "apto para niños",
		"bambini benvenuti", "i bambini sono i benvenuti", "bambini ammessi", "ideale per famiglie", "adatto ai bambini",
		"enfants bienvenus", "les enfants sont les bienvenus", "enfants acceptés", "idéal pour les familles", "adapté aux enfants",
		"kinder willkommen", "kinder sind willkommen", "familienfreundlich", "kinderfreundlich", "ideal für familien", "für kinder geeignet",
		"παιδιά ευπρόσδεκτα", "τα παιδιά είναι ευπρόσδεκτα", "κατάλληλο για οικογένειες", "κατάλληλο για παιδιά",
		// Booking.com's own policy line, in its languages.
		"children of any age are welcome", "children of all ages are welcome", "crianças de qualquer idade são bem vindas",
		"pueden alojarse niños de cualquier edad", "se admiten niños de cualquier edad", "i bambini di qualsiasi età sono i benvenuti",
		"bambini di tutte le età sono benvenuti", "les enfants de tous âges sont acceptés", "les enfants de tout âge sont acceptés",
		"kinder jeden alters sind willkommen", "παιδιά όλων των ηλικιών είναι ευπρόσδεκτα"},
		[]string{"お子様歓迎", "子供歓迎", "子連れ歓迎", "ファミリー歓迎", "家族連れ歓迎", "お子様連れ歓迎", "お子様は何歳でも宿泊できます"}},
	{"crib offered", "crib", 15, []string{
		"crib", "cot", "cots", "travel cot", "baby cot", "berço", "cuna", "culla", "lettino", "lit bébé", "lit pour bébé", "lit parapluie",
		"babybett", "kinderbett", "reisebett", "κούνια", "βρεφική κούνια"},
		[]string{"ベビーベッド"}},
	{"high chair offered", "high_chair", 10, []string{
		"high chair", "highchair", "cadeirão", "cadeira alta", "cadeira de alimentação", "trona", "seggiolone", "chaise haute",
		"hochstuhl", "kinderhochstuhl", "καρεκλάκι φαγητού"},
		[]string{"ハイチェア", "ベビーチェア", "子供用椅子"}},
}

// noChildren are the rules, in the languages we read, that children may
// not stay: evidence against families.
var noChildren = familyCue{"the rules say children are not allowed", "", 0, []string{
	"no children", "children are not allowed", "children not allowed", "not suitable for children", "not safe or suitable for children",
	"no kids", "children cannot be accommodated",
	"não são permitidas crianças", "não é permitido crianças", "crianças não são permitidas", "não é adequado para crianças",
	"não adequado para crianças", "proibido crianças", "não aceitamos crianças",
	"no se admiten niños", "no se permiten niños", "no apto para niños", "no es apto para niños", "bambini non ammessi", "non sono ammessi bambini", "non adatto ai bambini", "non si accettano bambini",
	"enfants non admis", "les enfants ne sont pas admis", "ne convient pas aux enfants", "kinder nicht erlaubt", "kinder sind nicht erlaubt", "keine kinder", "nicht für kinder geeignet", "δεν επιτρέπονται παιδιά", "δεν επιτρέπονται τα παιδιά", "ακατάλληλο για παιδιά"},
	[]string{"お子様不可", "子供不可", "お子様のご利用はできません", "お子様はご利用いただけません", "大人のみ", "大人限定", "小学生以下不可", "未就学児不可"}}

// adultsOnly are the words that make a place adults-only, in the
// languages we read — unless an area's noun is next to them
// ("adults-only pool", "piscina solo adulti"): then only that part is.
var adultsOnly = []string{"adults only", "adult only", "somente adultos", "apenas adultos", "solo adultos", "sólo adultos",
	"solo adulti", "réservé aux adultes", "adultes uniquement", "nur für erwachsene", "nur erwachsene", "μόνο για ενήλικες", "μόνο ενήλικες"}

// adultAreas are the parts of a property an adults-only rule may be about.
var adultAreas = map[string]bool{"pool": true, "pools": true, "area": true, "areas": true, "section": true, "floor": true, "lounge": true,
	"spa": true, "bar": true, "terrace": true, "rooftop": true, "piscina": true, "zona": true, "espaco": true, "espacio": true,
	"piscine": true, "espace": true, "bereich": true, "πισινα": true}

func init() {
	for i := range familyCues {
		familyCues[i].words = foldPhrases(familyCues[i].words)
	}
	noChildren.words = foldPhrases(noChildren.words)
	adultsOnly = foldPhrases(adultsOnly)
}

// adultsOnlyPlace reports whether a text makes the whole place
// adults-only: an adults-only phrase not followed by an area's noun.
func adultsOnlyPlace(t text) bool {
	for _, p := range adultsOnly {
		ps := strings.Fields(p)
		for i := 0; i+len(ps) <= len(t.words); i++ {
			if !slices.Equal(t.words[i:i+len(ps)], ps) {
				continue
			}
			// The area before ("piscina solo adulti") or after
			// ("adults-only pool") the words.
			before := i > 0 && adultAreas[t.words[i-1]]
			after := i+len(ps) < len(t.words) && adultAreas[t.words[i+len(ps)]]
			if !before && !after {
				return true
			}
		}
	}
	return false
}

// said reports whether a text states the cue.
func (c familyCue) said(t text, raw string) bool {
	if _, ok := t.hasAny(c.words...); ok {
		return true
	}
	for _, s := range c.scripts {
		if strings.Contains(raw, s) {
			return true
		}
	}
	return false
}

// familyText is everything the page states about the listing as one
// text: its title, description, highlights, the amenities it offers and
// its house rules.
func familyText(l *listing.Listing) (text, string) {
	parts := []string{l.Title, l.Description}
	parts = append(parts, l.Highlights...)
	for _, a := range l.Amenities {
		if a.Available {
			parts = append(parts, a.Name)
		}
	}
	parts = append(parts, l.HouseRules.Rules...)
	return newText(parts...), strings.Join(parts, "\n")
}

// childrenBanned reports whether the page says children may not stay.
func childrenBanned(l *listing.Listing) bool {
	t, raw := familyText(l)
	return noChildren.said(t, raw) || adultsOnlyPlace(t)
}

// says is what a family cue of no amenity says of the page, as a host
// reads it: "the page says children are welcome" (a crib or high chair
// offered is said by familyBasis, both in one phrase).
func (c familyCue) says() string { return familySays[c.what] }

var familySays = map[string]string{
	"family rooms listed": "lists family rooms",
	"children welcome":    "says children are welcome",
}

// familyEvidence are the explicit family cues the page states, each once.
func familyEvidence(l *listing.Listing) []familyCue {
	t, raw := familyText(l)
	var out []familyCue
	for _, c := range familyCues {
		if c.said(t, raw) {
			out = append(out, c)
		}
	}
	return out
}
