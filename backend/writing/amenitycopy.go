package writing

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/textcase"
)

// BuiltinAmenityCopy lists what the listing offers, strongest first, in
// English: names the page gives in another language are quoted as written
// ("Gratis WiFi"), never lower-cased into an English sentence.
func BuiltinAmenityCopy(req Request, f Facts) string {
	foreign := !f.Lang.Amenities.IsEnglish()
	if len(f.Amenities) == 0 {
		if len(f.Differentiators) == 0 {
			return ""
		}
		return "Highlights: " + analysis.JoinList(f.Differentiators) + "."
	}
	type am struct {
		name string
		key  string // the catalogue's key, "" for a name it does not know
		rank int
		i    int
	}
	var list []am
	seen := map[string]bool{}
	for i, n := range f.Amenities {
		if reviewBadge(n) {
			continue // "Very good breakfast": the guests' score, not a facility
		}
		k := analysis.CanonicalAmenity(n)
		n = hostAmenityName(n)
		key := strings.ToLower(n)
		if seen[key] {
			continue
		}
		seen[key] = true
		rank := 0
		if k != "" {
			d, _ := analysis.Amenity(k)
			rank = d.Impact
			if d.TitleWord != "" {
				rank += 5
			}
		}
		list = append(list, am{n, k, rank, i})
	}
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].rank != list[j].rank {
			return list[i].rank > list[j].rank
		}
		return list[i].i < list[j].i
	})
	var names []string
	for _, i := range shownAmenities(len(list), func(i int) string { return list[i].key }) {
		n := list[i].name
		switch {
		case foreign:
			n = quote(n)
		case len(names) > 0:
			n = inSentence(n, "en")
		}
		names = append(names, n)
	}
	s := "What this place offers: " + analysis.JoinList(names) + "."
	if more := len(list) - len(names); more > 0 {
		s += fmt.Sprintf(" Plus %d more in the full amenity list.", more)
	}
	return s
}

// maxShownAmenities is how many amenities the amenity copy names.
const maxShownAmenities = 12

// shownAmenities are the indexes (in rank order) of the amenities the
// copy names: at most maxShownAmenities, one name per catalogue feature —
// a page listing "Pool", "Outdoor pool" and "Private pool", or four sea
// views, gets the first named once; the rest count among the "more".
func shownAmenities(n int, key func(int) string) []int {
	var out []int
	seen := map[string]bool{}
	for i := 0; i < n && len(out) < maxShownAmenities; i++ {
		if k := key(i); k != "" {
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		out = append(out, i)
	}
	return out
}

// hostAmenityName writes an amenity as the page lists it in the words a
// host would: the platform's template labels glued onto the name are
// dropped — a placeholder brand ("Fogão a gás Other", "Other stove"), a
// price the template appends or prefixes to a located item ("Máquina de
// lavar na acomodação por Gratuito", "Free washer – In unit"), the
// default location ("In unit", "na acomodação") and availability
// ("always at the listing") — and a detail the template adds after a dash
// or a colon is kept in brackets ("Coffee maker: Nespresso" → "Coffee
// maker (Nespresso)"), or alone when it names the thing itself
// ("Cafeteira: cafeteira elétrica" → "Cafeteira elétrica"). A price
// that is the amenity's meaning in natural word order ("Free parking on
// premises", "WiFi gratis") stays. A site's long note in brackets ("(host
// has indicated …)") is not the name. "" when nothing of a name is left.
func hostAmenityName(name string) string {
	name = strings.TrimSpace(name)
	if i := strings.Index(name, " ("); i > 0 && (!strings.HasSuffix(name, ")") || len(strings.Fields(name[i:])) > 3) {
		name = strings.TrimSpace(name[:i]) // "(host has indicated …)": the site's note, not the name
	}
	head, detail := name, ""
	templated := false // the template's "X – Y" or "X por Y": its price words are labels
	for _, sep := range []string{" – ", " — ", " - ", ": "} {
		if i := strings.Index(head, sep); i > 0 {
			head, detail = strings.TrimSpace(head[:i]), strings.TrimSpace(head[i+len(sep):])
			templated = sep != ": "
			break
		}
	}
	ws := strings.Fields(head)
	// "… por Gratuito": a preposition and a price at the end are the
	// template's, whatever the language.
	if n := len(ws); n >= 3 && pricePrepositions[strings.ToLower(ws[n-2])] && priceLabel(ws[n-1]) {
		ws, templated = ws[:n-2], true
	}
	// A location the template adds ("na acomodação", "in unit") is the
	// default: the listing's own washer.
	folded := " " + strings.ToLower(strings.Join(ws, " ")) + " "
	for _, loc := range inUnitLabels {
		if strings.HasSuffix(folded, " "+loc+" ") && len(ws) > len(strings.Fields(loc)) {
			ws, templated = ws[:len(ws)-len(strings.Fields(loc))], true
			break
		}
	}
	if templated {
		// A price word the template prefixes ("Free washer – In unit")
		// is the site's label, not the washer.
		for len(ws) > 1 && priceLabel(ws[0]) {
			ws = ws[1:]
		}
		for len(ws) > 1 && priceLabel(ws[len(ws)-1]) {
			ws = ws[:len(ws)-1]
		}
	}
	// A placeholder brand at either end ("Other stove", "Fogão a gás Other").
	for len(ws) > 1 && placeholderBrands[strings.ToLower(ws[0])] {
		ws = ws[1:]
		if len(ws) > 0 {
			ws[0] = textcase.UpperFirst(ws[0])
		}
	}
	for len(ws) > 1 && placeholderBrands[strings.ToLower(ws[len(ws)-1])] {
		ws = ws[:len(ws)-1]
	}
	head = strings.Join(ws, " ")
	d := strings.ToLower(detail)
	switch {
	case detail == "" || defaultQualifier(d):
		return head
	case strings.Contains(" "+strings.Join(prose.Words(detail), " ")+" ", " "+strings.Join(prose.Words(head), " ")+" "):
		return textcase.UpperFirst(detail) // "Cafeteira: cafeteira elétrica"
	}
	if strings.ContainsAny(detail, "()") || len(strings.Fields(detail)) > 5 {
		return head
	}
	return head + " (" + inSentence(detail, "") + ")"
}

// pricePrepositions join a template's price to the name ("por Gratuito").
var pricePrepositions = map[string]bool{"por": true, "for": true, "per": true, "pour": true, "für": true, "para": true, "a": true, "à": true}

// priceLabels are the price words the sites' templates glue onto an
// amenity, in the languages we read.
var priceLabels = map[string]bool{"free": true, "paid": true, "gratuito": true, "gratuita": true, "grátis": true, "gratis": true,
	"pago": true, "paga": true, "gratuit": true, "gratuite": true, "payant": true, "payante": true, "kostenlos": true,
	"kostenpflichtig": true, "gratuitamente": true, "pagamento": true, "gegen gebühr": true}

func priceLabel(w string) bool { return priceLabels[strings.ToLower(strings.Trim(w, ".,;:"))] }

// placeholderBrands are the words a site prints where the host named no
// brand or type ("Other"), in the languages we read.
var placeholderBrands = map[string]bool{"other": true, "outro": true, "outra": true, "otro": true, "otra": true, "altro": true,
	"altra": true, "autre": true, "andere": true, "anderer": true, "sonstige": true, "sonstiges": true}

// inUnitLabels are the default location a template adds: the item is in
// the listing itself.
var inUnitLabels = []string{"in unit", "in the unit", "na acomodação", "no alojamento", "en el alojamiento", "en la unidad",
	"nell'alloggio", "nell alloggio", "dans le logement", "in der unterkunft"}

// defaultQualifier reports whether a template's detail says nothing a
// guest needs: the default location, availability, the price label.
func defaultQualifier(d string) bool {
	d = strings.TrimSpace(strings.Trim(d, "."))
	if priceLabel(d) || slices.Contains(inUnitLabels, d) {
		return true
	}
	for _, w := range []string{"always at the listing", "available upon request", "sempre no anúncio", "sempre disponível"} {
		if d == w {
			return true
		}
	}
	return false
}

// reviewBadge reports whether an amenity name is a review score the site
// prints with a facility ("Very good breakfast", "Colazione eccezionale",
// "Erg goed ontbijt"): a rating, not something the place offers.
func reviewBadge(name string) bool {
	ws := prose.Words(name)
	if len(ws) < 2 || len(ws) > 5 {
		return false
	}
	s := " " + strings.Join(ws, " ") + " "
	for _, b := range badgeWords {
		if strings.HasPrefix(s, " "+b+" ") || strings.HasSuffix(s, " "+b+" ") {
			rest := strings.Fields(strings.Replace(s, " "+b+" ", " ", 1))
			return len(rest) >= 1 && len(rest) <= 3
		}
	}
	return false
}

// badgeWords are the sites' review-score words, as prose.Words folds
// them, longest first.
var badgeWords = []string{"very good", "muito bom", "muy bueno", "molto buono", "tres bien", "très bien", "sehr gut", "erg goed",
	"exceptional", "superb", "wonderful", "fabulous", "excellent", "good", "pleasant",
	"excecional", "excepcional", "fabuloso", "soberbo", "excelente", "bom", "fantastico", "fantástico", "magnifico", "magnífico", "bueno",
	"eccezionale", "favoloso", "ottimo", "eccellente", "buono", "exceptionnel", "fabuleux", "superbe", "bon", "bien",
	"aussergewohnlich", "außergewöhnlich", "hervorragend", "fabelhaft", "ausgezeichnet", "gut",
	"uitzonderlijk", "fantastisch", "uitstekend", "goed"}
