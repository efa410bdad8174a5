package writing

// The amenities told room by room ("In the kitchen: …"), in the copy's
// language.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// amenityGroup is a room or use the listing's amenities are told by.
type amenityGroup struct {
	key   string
	words []string // words of amenity names, in the languages we read
}

// amenityGroups, in the order their sentences are added.
var amenityGroups = []amenityGroup{
	{"services", []string{"room service", "front desk", "reception", "restaurant", "restaurants", "bar", "breakfast", "family rooms",
		"airport shuttle", "fitness", "gym", "spa", "facilities for disabled guests", "concierge", "lift", "elevator", "daily housekeeping",
		"serviço de quarto", "receção", "recepção", "pequeno almoço", "café da manhã", "servizio in camera", "reception", "colazione",
		"servicio de habitaciones", "recepción", "desayuno", "service d'étage", "réception", "petit déjeuner", "zimmerservice", "rezeption", "frühstück"}},
	{"kitchen", []string{"refrigerator", "fridge", "mini fridge", "microwave", "oven", "stove", "cooking basics", "dishes", "silverware",
		"coffee", "coffee maker", "espresso", "kettle", "toaster", "freezer", "dishwasher", "blender", "wine glasses", "dining table", "rice maker",
		"baking sheet", "barbecue utensils", "nespresso", "cooktop", "tea",
		"geladeira", "microondas", "micro ondas", "fogão", "louças", "talheres", "cafeteira", "chaleira", "torradeira", "liquidificador", "taças",
		"assadeira", "itens básicos de cozinha", "lava louças", "frigorifero", "forno", "microonde", "bollitore", "tostapane", "stoviglie",
		"lavastoviglie", "frigorífico", "nevera", "horno", "hervidor", "tostadora", "vajilla", "lavavajillas", "réfrigérateur", "four",
		"micro ondes", "bouilloire", "grille pain", "vaisselle", "lave vaisselle", "kühlschrank", "mikrowelle", "backofen", "wasserkocher",
		"geschirr", "geschirrspüler", "kaffeemaschine", "cafetera", "cafetière", "macchina del caffè"}},
	{"bathroom", []string{"hair dryer", "shampoo", "conditioner", "body soap", "shower gel", "hot water", "bathtub", "bidet", "toiletries",
		"cleaning products", "towels",
		"secador de cabelo", "xampu", "condicionador", "sabonete", "água quente", "chuveiro", "banheira", "produtos de limpeza",
		"asciugacapelli", "acqua calda", "sapone", "vasca", "secador de pelo", "champú", "agua caliente", "bañera", "sèche cheveux",
		"eau chaude", "savon", "baignoire", "haartrockner", "warmwasser", "badewanne", "handtücher"}},
	{"sleep", []string{"bed linens", "linens", "extra pillows", "pillows and blankets", "room darkening", "blackout",
		"clothing storage", "wardrobe", "safe", "lock on bedroom door",
		"roupa de cama", "cobertores", "travesseiros", "blackout nas cortinas", "guarda roupa", "cofre",
		"biancheria", "cuscini", "coperte", "armadio", "tende oscuranti", "ropa de cama", "almohadas",
		"armario", "linge de lit", "oreillers", "bettwäsche"}},
	{"unwind", []string{"wifi", "tv", "hdtv", "netflix", "workspace", "dedicated workspace", "ethernet", "books", "board games", "sound system",
		"game console", "piano", "record player", "streaming", "ping pong", "pool table", "game room", "dvd", "stereo", "satellite",
		"espaço de trabalho", "livros", "jogos", "spazio di lavoro", "libri", "giochi", "zona de trabajo", "libros", "juegos",
		"espace de travail", "livres", "jeux", "arbeitsplatz", "bücher", "spiele"}},
	{"climate", []string{"air conditioning", "heating", "ceiling fan", "portable fan", "fireplace", "indoor fireplace",
		"ar condicionado", "aquecimento", "ventilador", "lareira", "aria condizionata", "riscaldamento", "camino", "aire acondicionado",
		"calefacción", "chimenea", "climatisation", "chauffage", "cheminée", "klimaanlage", "heizung", "kamin"}},
	{"outside", []string{"patio", "balcony", "backyard", "garden", "bbq grill", "grill", "outdoor furniture", "outdoor dining area", "sun loungers",
		"hammock", "fire pit", "beach essentials", "beach towels", "outdoor", "terrace", "deck", "pool", "hot tub", "kayak", "bikes",
		"outdoor shower", "chuveiro externo", "ducha exterior", "doccia esterna", "douche extérieure", "außendusche",
		"pátio", "varanda", "quintal", "jardim", "churrasqueira", "espreguiçadeiras", "rede", "piscina", "kit praia",
		"terrazza", "giardino", "balcone", "zona pranzo all aperto", "barbecue", "patio", "terraza", "jardín", "balcón", "barbacoa",
		"terrasse", "jardin", "balcon", "garten", "balkon", "grill"}},
	{"laundry", []string{"washer", "dryer", "washing machine", "drying rack", "laundry",
		"máquina de lavar", "secadora", "varal", "lavatrice", "asciugatrice", "stendino", "lavadora", "tendedero", "lave linge",
		"sèche linge", "étendoir", "waschmaschine", "trockner", "wäscheständer",
		// clothes are ironed and hung with the laundry, not slept in
		"iron", "hangers", "ferro de passar", "cabides", "ferro da stiro", "grucce", "plancha", "perchas", "fer à repasser", "cintres",
		"bügeleisen", "kleiderbügel"}},
	{"family", []string{"crib", "high chair", "children s books", "toys", "baby", "travel crib", "pack n play", "berço", "cadeira alta", "culla",
		"seggiolone", "cuna", "trona", "lit pour bébé", "chaise haute", "kinderbett", "hochstuhl"}},
	{"safety", []string{"smoke alarm", "carbon monoxide alarm", "first aid kit", "fire extinguisher", "smoke detector", "carbon monoxide detector",
		"detector de fumaça", "extintor", "kit de primeiros socorros", "rilevatore di fumo", "estintore", "kit di pronto soccorso",
		"detector de humo", "botiquín", "détecteur de fumée", "extincteur", "rauchmelder", "feuerlöscher"}},
}

// groupOf is the group an amenity name belongs to, "" when none.
func groupOf(name string) string {
	ws := " " + strings.Join(prose.Words(name), " ") + " "
	for _, w := range foldedNoGroup() {
		if strings.Contains(ws, w) {
			return "" // a lockbox is how guests get in, not a room's
		}
	}
	// The longest matching words decide: "chuveiro externo" is outside,
	// though "chuveiro" alone is the bathroom's. Where two matches stand
	// apart, the name's head decides, not its modifier: the words before a
	// linking word in the languages that put the head first ("chaleira de
	// água quente" is a kettle, in the kitchen), else the last words, as
	// English compounds put it ("hot water kettle").
	type match struct {
		group      string
		start, end int
	}
	var ms []match
	for i, g := range amenityGroups {
		for _, w := range foldedGroupWords()[i] {
			for from := 0; ; {
				j := strings.Index(ws[from:], w)
				if j < 0 {
					break
				}
				ms = append(ms, match{g.key, from + j, from + j + len(w)})
				from += j + 1
			}
		}
	}
	// Only the matches no longer match holds.
	var top []match
	for _, m := range ms {
		inside := slices.ContainsFunc(ms, func(o match) bool {
			return o != m && o.start <= m.start && o.end >= m.end && o.end-o.start > m.end-m.start
		})
		if !inside {
			top = append(top, m)
		}
	}
	if len(top) == 0 {
		return ""
	}
	slices.SortFunc(top, func(a, b match) int { return a.start - b.start })
	first, last := top[0], top[len(top)-1]
	if first.group == last.group {
		return first.group
	}
	if linkingWordBetween(ws[first.end-1 : last.start+1]) {
		return first.group
	}
	return last.group
}

// linkingWords join a head to what qualifies it in the languages that put
// the head first: "chaleira de água quente", "macchina per il caffè".
var linkingWords = []string{" de ", " da ", " do ", " das ", " dos ", " di ", " del ", " della ", " per ", " para ", " com ",
	" con ", " du ", " des ", " pour ", " avec ", " a ", " à ", " für ", " mit ", " with ", " for "}

func linkingWordBetween(s string) bool {
	for _, w := range linkingWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// noGroup are amenity names told in no room's sentence: how guests get
// in (the access section says it).
var noGroup = []string{"lockbox", "lock box", "keypad", "smart lock", "cofre de chaves", "caja de seguridad para llaves",
	"cassetta di sicurezza per le chiavi", "boîte à clé", "boite a cle", "schlüsselbox", "schlüsselsafe"}

var foldedNoGroup = sync.OnceValue(func() []string {
	out := make([]string, len(noGroup))
	for i, w := range noGroup {
		out[i] = " " + strings.Join(prose.Words(w), " ") + " "
	}
	return out
})

// foldedGroupWords are amenityGroups' words as prose.Words folds them,
// spaced for a whole-word match, read once: groupOf runs for every
// amenity of every listing.
var foldedGroupWords = sync.OnceValue(func() [][]string {
	out := make([][]string, len(amenityGroups))
	for i, g := range amenityGroups {
		for _, w := range g.words {
			out[i] = append(out[i], " "+strings.Join(prose.Words(w), " ")+" ")
		}
	}
	return out
})

// amenityIn names an amenity in the copy's language: the page's own name
// when the page lists amenities in that language, else the phrasebook's
// word for its catalogue key; "" when there is none (never a mix).
func amenityIn(name, key string, listLang prose.Lang, lang string) string {
	if reviewBadge(name) {
		return "" // "Very good breakfast": the guests' score, not a facility
	}
	name = hostAmenityName(name)
	if prose.Length(name) > 40 {
		return ""
	}
	if lang == "en" {
		if !listLang.IsEnglish() && !englishName(name) {
			return ""
		}
		return inSentence(name, "en")
	}
	if listLang.Code() == lang && !englishName(name) {
		return inSentence(name, lang)
	}
	if key == "" {
		key = analysis.CanonicalAmenity(name)
	}
	return localAmenities[lang][key]
}

// amenitySentences tell the listing's amenities room by room ("In the
// kitchen: refrigerator, microwave and coffee maker."), in the copy's
// language: the amenity list's, then the catalogue features only the
// host's text names (hostFeatures), so a host sentence need not be kept
// for them alone. Amenities the highlights name already are left out, and
// so is a group with nothing left.
func amenitySentences(req Request, f Facts, p phrasebook, lang string, highlighted, hostFeatures []string) []string {
	l := req.Listing
	named, namedKeys := map[string]bool{}, map[string]bool{}
	for _, ph := range highlighted {
		named[strings.Join(prose.Words(ph), " ")] = true
		if k := analysis.CanonicalAmenity(ph); k != "" {
			namedKeys[k] = true // "Gym" named: no "fitness centre" after it
		}
	}
	hotel := l.Platform == listing.Booking || hotelKinds[f.TypeNoun]
	byGroup := map[string][]string{}
	seen := map[string]bool{}
	listed := map[string]bool{}
	for _, a := range l.Amenities {
		if a.Available {
			listed[analysis.CanonicalAmenity(a.Name)] = true
		}
	}
	all := slices.Clone(l.Amenities)
	for _, k := range hostFeatures {
		if d, ok := analysis.Amenity(k); ok && !listed[k] && !f.Unfit[k] {
			all = append(all, listing.Amenity{Name: d.Label, Available: true})
		}
	}
	for _, a := range all {
		if !a.Available {
			continue
		}
		g := groupOf(a.Name)
		key := analysis.CanonicalAmenity(a.Name)
		if g == "" || key == "kitchen" {
			continue
		}
		if _, no := f.Negated[key]; no || deniedItem(a.Name, f.Negated) {
			continue // "Vista para a piscina" where the host says "sem piscina": no pool to name
		}
		w := amenityIn(a.Name, key, f.Lang.Amenities, lang)
		if countConflict(w, l.Description) {
			continue // "2 restaurants" where the host's text says "a restaurant": never pick a side
		}
		fw := strings.Join(prose.Words(w), " ")
		if w == "" || seen[fw] || named[fw] || containsNamed(fw, named) || (key != "" && namedKeys[key]) || partOfNamed(fw, named) {
			continue
		}
		seen[fw] = true
		if hotel && inRoom[g] {
			g = "rooms" // a hotel's tea maker is in every room, not in a kitchen
			w = strings.TrimSuffix(strings.TrimSuffix(w, " in all rooms"), " in every room")
		}
		byGroup[g] = append(byGroup[g], w)
	}
	var out []string
	for _, g := range slices.Insert(slices.Clone(amenityGroups), 1, amenityGroup{key: "rooms"}) {
		items := byGroup[g.key]
		lead := p.groups[g.key]
		if len(items) == 0 || lead == "" {
			continue
		}
		if len(items) > 8 {
			items = items[:8]
		}
		out = append(out, fmt.Sprintf(lead, p.joinList(items)))
	}
	return out
}

// hotelKinds are the kinds of place whose amenities are each room's: a
// hotel lists "Tea/coffee maker in all rooms", which is in no kitchen.
var hotelKinds = map[string]bool{"hotel": true, "hotel room": true, "hostel": true, "resort": true, "aparthotel": true,
	"bed and breakfast": true, "inn": true, "guesthouse": true}

// inRoom are the amenity groups a hotel tells as "In the rooms".
var inRoom = map[string]bool{"kitchen": true, "bathroom": true, "sleep": true, "unwind": true, "climate": true}

// containsNamed reports whether an amenity's words hold a feature the
// highlights name already ("washer dryer" holds "washer").
func containsNamed(words string, named map[string]bool) bool {
	for n := range named {
		if n != "" && strings.Contains(" "+words+" ", " "+n+" ") {
			return true
		}
	}
	return false
}

// partOfNamed reports whether a one-word amenity is a word of a phrase
// already named: "dryer" after "washer/dryer".
func partOfNamed(word string, named map[string]bool) bool {
	if strings.Contains(word, " ") {
		return false
	}
	for n := range named {
		if strings.Contains(n, " ") && slices.Contains(strings.Fields(n), word) {
			return true
		}
	}
	return false
}

// countConflict reports whether an amenity counted in its name ("2
// restaurants", "2 ristoranti") is counted otherwise by the host's text:
// the same noun after another figure ("3 restaurants") or after a word
// for one ("a restaurant", "un ristorante"), and never after its own.
func countConflict(name, host string) bool {
	ws := prose.Words(name)
	if len(ws) < 2 {
		return false
	}
	n, err := strconv.Atoi(ws[0])
	if err != nil {
		return false
	}
	stem := nounStem(ws[1])
	hw := prose.Words(host)
	same, other := false, false
	for i, w := range hw {
		if nounStem(w) != stem {
			continue
		}
		// The count is the figure or article up to two words before
		// ("2 on-site bars": the adjective between).
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			if ordinalWords[hw[j]] {
				same = true // "un secondo ristorante": there are more than one
				break
			}
			if m, err := strconv.Atoi(hw[j]); err == nil {
				same, other = same || m == n, other || m != n
				break
			}
			if oneWords[hw[j]] {
				same, other = same || n == 1, other || n != 1
				break
			}
		}
	}
	return other && !same
}

// nounStem is a noun without its plural ending, enough to match
// "restaurant" with "restaurants", "ristorante" with "ristoranti".
func nounStem(w string) string {
	for _, suf := range []string{"es", "s", "i", "e", "o", "a"} {
		if len(w) > 4 && strings.HasSuffix(w, suf) {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

// oneWords count one in the languages we read.
var oneWords = map[string]bool{"a": true, "an": true, "one": true, "um": true, "uma": true, "un": true, "una": true, "uno": true,
	"une": true, "ein": true, "eine": true, "einen": true, "einem": true, "een": true, "single": true}

// ordinalWords say another of a thing ("a second restaurant").
var ordinalWords = map[string]bool{"second": true, "third": true, "another": true, "segundo": true, "segunda": true, "secondo": true,
	"seconda": true, "terzo": true, "otro": true, "outro": true, "altro": true, "deuxième": true, "autre": true, "zweite": true, "zweites": true, "weiteres": true}
