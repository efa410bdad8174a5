package writing

import (
	"slices"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/prose"
)

// sectionWords are, per language and description section
// (analysis.DescriptionSections keys), the words that say what a sentence
// is about: a sentence about the bedrooms or the pool is The space, one
// about the area, a walk, the beach or a landmark The neighbourhood.
// Decided here, once: the built-in writer places the host's sentences by
// them. The tests judge where sentences land by hand-labelled sentences
// (sections_oracle_test.go), never by these lists.
var sectionWords = map[string]map[string][]string{
	"en": {
		"the_space": {"bedroom", "bedrooms", "bed", "beds", "bathroom", "bathrooms", "bath", "shower", "kitchen", "kitchenette", "living room",
			"lounge", "sofa", "couch", "dining", "room", "rooms", "floor", "sleeps", "apartment", "studio", "loft", "house", "home", "cabin",
			"villa", "terrace", "balcony", "garden", "patio", "deck", "pool", "hot tub", "jacuzzi", "view", "views", "window", "windows", "tv",
			"desk", "workspace", "wifi", "wi fi", "air conditioning", "heating", "washer", "dryer", "dishwasher", "oven", "fridge", "linens", "towels",
			"ceilings", "furnished", "renovated", "decor", "interior", "suite", "suites", "en suite", "gym", "sauna", "fireplace", "rooftop",
			"solarium", "laundry", "mattress", "king", "queen", "bunk", "hotel", "property", "guestrooms", "air conditioners"},
		"guest_access": {"access", "entrance", "whole", "entire", "all to yourself", "yours", "shared", "private entrance", "keys",
			"self check in", "keypad", "lockbox", "lock box", "smart lock", "stairs", "staircase", "lift", "elevator", "exclusive"},
		"neighbourhood": {"restaurants", "restaurant", "cafes", "cafe", "shops", "shopping", "neighborhood", "neighbourhood", "museum",
			"museums", "bars", "nearby", "walk to", "short walk", "minute walk", "minutes walk", "walking distance", "minutes from", "heart of",
			"district", "park", "beach", "beaches", "market", "markets", "supermarket", "theatre", "theatres", "theater", "square", "old town",
			"landmark", "island", "sea", "ocean", "river", "lake", "forest", "nature", "village", "located", "location", "area", "metres from",
			"meters from", "steps from", "away", "opera", "cathedral", "church", "temple", "castle", "palace", "gallery", "galleries", "piazza"},
		"getting_around": {"bus", "train", "subway", "metro", "tram", "underground", "station", "airport", "uber", "taxi", "parking",
			"park", "car", "drive", "driving", "highway", "road", "transport", "transportation", "bike", "bikes", "ferry"},
		"house_rules": {"no smoking", "smoking", "smoke", "no parties", "parties", "party", "pets", "quiet hours", "noise", "rules",
			"check out", "checkout", "not permitted", "not allowed", "please", "visitors", "registered", "deposit", "fee", "fees", "id"},
	},
	"pt": {
		"the_space": {"quarto", "quartos", "sala", "banheiro", "banheiros", "casa de banho", "cozinha", "sofá", "cama", "camas", "suíte",
			"suítes", "varanda", "piscina", "vista", "terraço", "jardim", "área gourmet", "churrasqueira", "ar condicionado", "tv", "wi fi",
			"apartamento", "casa", "espaço", "mesa", "chuveiro", "geladeira", "fogão", "decoração", "móveis", "roupa de cama", "toalhas",
			"hidromassagem", "academia", "prédio", "andar", "lavanderia", "área de serviço", "quintal"},
		"guest_access": {"acesso", "entrada", "privativa", "exclusivo", "exclusiva", "somente você", "inteira", "inteiro", "compartilhad*",
			"à disposição", "chaves", "escada", "elevador"},
		"neighbourhood": {"bairro", "restaurantes", "restaurante", "mercado", "mercados", "padaria", "farmácia", "farmácias", "lojas",
			"perto", "próximo", "próxima", "a poucos passos", "praia", "praias", "centro", "passeios", "região", "localização", "localizado",
			"localizada", "lanchonetes", "cafés", "bares", "orla", "pôr do sol", "km", "quiosques"},
		"getting_around": {"ônibus", "metrô", "uber", "táxi", "aeroporto", "estação", "rodoviária", "carro", "estacionamento",
			"estacionar", "vaga", "garagem", "transporte"},
		"house_rules": {"proibido", "fumar", "não é permitido", "não são permitidas", "não são permitidos", "festas", "silêncio",
			"check out", "checkout", "animais", "regras", "visitas", "reserva", "documentos", "taxa", "cobrado"},
	},
	"es": {
		"the_space": {"dormitorio", "dormitorios", "habitación", "habitaciones", "salón", "baño", "baños", "cocina", "sofá", "cama",
			"camas", "terraza", "balcón", "piscina", "vistas", "jardín", "aire acondicionado", "tv", "wifi", "piso", "apartamento", "casa",
			"ducha", "muebles", "decoración", "planta", "suite", "hotel", "lavadora"},
		"guest_access": {"acceso", "entrada", "privada", "exclusivo", "entero", "entera", "compartid*", "llaves", "ascensor", "escalera"},
		"neighbourhood": {"barrio", "restaurantes", "restaurante", "tiendas", "mercado", "supermercado", "cerca", "a pocos pasos", "playa",
			"centro", "museo", "museos", "bares", "zona", "ubicado", "ubicada", "ubicación", "minutos a pie", "plaza", "catedral"},
		"getting_around": {"autobús", "metro", "tren", "estación", "aeropuerto", "taxi", "coche", "aparcamiento", "parking", "tranvía",
			"transporte"},
		"house_rules": {"prohibido", "fumar", "no se permite", "no se permiten", "fiestas", "silencio", "mascotas", "normas", "visitas"},
	},
	"it": {
		// The words any Italian listing uses for each part, not one
		// description's ("fondazione", "finestrato").
		"the_space": {"camera", "camere", "camera da letto", "camere da letto", "soggiorno", "salotto", "zona giorno", "zona notte",
			"bagno", "bagni", "cucina", "angolo cottura", "divano", "divano letto", "letto", "letti", "matrimoniale", "terrazza",
			"terrazzo", "balcone", "piscina", "vista", "giardino", "aria condizionata", "riscaldamento", "tv", "wi fi", "appartamento",
			"casa", "monolocale", "bilocale", "trilocale", "villa", "suite", "doccia", "vasca", "arredat*", "ristrutturat*", "piano",
			"mansarda", "lavatrice", "lavastoviglie", "frigorifero", "forno", "microonde", "asciugamani", "biancheria", "metri quadri",
			"mq", "finestre", "camino", "hotel"},
		"guest_access": {"accesso", "ingresso", "indipendente", "privato", "privata", "esclusivo", "esclusiva", "intero", "intera",
			"condivis*", "a disposizione", "chiavi", "ascensore", "scala", "scale", "self check in", "cassetta di sicurezza", "portone"},
		"neighbourhood": {"quartiere", "zona", "ristoranti", "ristorante", "negozi", "mercato", "supermercat*", "farmaci*", "vicino",
			"vicinanze", "nei pressi", "a pochi passi", "spiaggia", "mare", "lago", "centro", "centro storico", "museo", "musei", "bar",
			"posizione", "situato", "situata", "piazza", "chiesa", "duomo", "monumenti", "parco", "a piedi", "minuti a piedi"},
		"getting_around": {"autobus", "metropolitana", "metro", "tram", "treno", "treni", "stazione", "aeroporto", "taxi", "auto",
			"parcheggio", "posto auto", "garage", "collegat*", "mezzi", "mezzi pubblici", "fermata", "navetta", "bici", "biciclette"},
		"house_rules": {"vietato", "fumare", "non fumatori", "non è consentito", "non sono ammessi", "non sono ammesse", "feste",
			"silenzio", "rumore", "animali", "regole", "ospiti non registrati", "tassa di soggiorno", "cauzione", "documento", "documenti"},
	},
	"fr": {
		"the_space": {"chambre", "chambres", "salon", "salle de bain", "salle de bains", "cuisine", "canapé", "lit", "lits", "terrasse",
			"balcon", "piscine", "vue", "jardin", "climatisation", "tv", "wifi", "appartement", "maison", "douche", "étage", "meublé",
			"décoration", "suite", "hôtel", "lave linge"},
		"guest_access": {"accès", "entrée", "privée", "privé", "exclusif", "entier", "entière", "partagé*", "clés", "ascenseur", "escalier"},
		"neighbourhood": {"quartier", "restaurants", "restaurant", "commerces", "boutiques", "marché", "proche", "à proximité",
			"à quelques pas", "plage", "centre", "musée", "musées", "bars", "situé", "située", "emplacement", "place", "à pied"},
		"getting_around": {"bus", "métro", "tram", "train", "gare", "station", "aéroport", "taxi", "voiture", "parking", "transports"},
		"house_rules":    {"interdit", "fumer", "non fumeur", "fêtes", "silence", "animaux", "règlement", "visiteurs"},
	},
	"de": {
		"the_space": {"schlafzimmer", "wohnzimmer", "badezimmer", "bad", "küche", "sofa", "bett", "betten", "terrasse", "balkon", "pool",
			"aussicht", "blick", "garten", "klimaanlage", "tv", "wlan", "wohnung", "haus", "dusche", "etage", "möbliert", "suite", "hotel",
			"waschmaschine", "zimmer"},
		"guest_access": {"zugang", "eingang", "privat", "exklusiv", "ganze", "gesamte", "geteilt*", "schlüssel", "aufzug", "treppe"},
		"neighbourhood": {"viertel", "nachbarschaft", "restaurants", "restaurant", "geschäfte", "markt", "supermarkt", "nähe", "strand",
			"zentrum", "museum", "museen", "bars", "lage", "gelegen", "altstadt", "zu fuß"},
		"getting_around": {"bus", "u bahn", "s bahn", "straßenbahn", "zug", "bahnhof", "haltestelle", "flughafen", "taxi", "auto",
			"parkplatz", "parken"},
		"house_rules": {"verboten", "rauchen", "nichtraucher", "partys", "ruhe", "ruhezeiten", "haustiere", "hausordnung", "besucher"},
	},
}

// foldedSectionWords are sectionWords as prose.Words writes them.
var foldedSectionWords = sync.OnceValue(func() map[string]map[string][]string {
	out := map[string]map[string][]string{}
	for lang, secs := range sectionWords {
		out[lang] = map[string][]string{}
		for k, ws := range secs {
			for _, w := range ws {
				star := strings.HasSuffix(w, "*")
				f := strings.Join(prose.Words(strings.TrimSuffix(w, "*")), " ")
				if star {
					f += "*"
				}
				out[lang][k] = append(out[lang][k], f)
			}
		}
	}
	return out
})

// sectionTies is the order ties are broken in: the narrower topic first
// ("The whole flat and the terrace are yours" is about access), and the
// place itself before its area ("Four bedrooms, a heated pool and a short
// walk to Crab Island" is about the house).
var sectionTies = []string{"house_rules", "guest_access", "getting_around", "the_space", "neighbourhood"}

// sectionScores counts, per section, the words of s (written in lang)
// that say it is about that section, and names the section it is most
// about ("" when none of them). English words count in every language:
// hosts mix them in.
func sectionScores(lang, s string) (map[string]int, string) {
	words := prose.Words(s)
	scores := map[string]int{}
	langs := []string{lang}
	if lang != "en" {
		langs = append(langs, "en")
	}
	// A section's score is the number of separate places its words
	// occur: "a short walk to" is one mention of the area, however many
	// of its phrases it holds.
	for _, lg := range langs {
		for k, ws := range foldedSectionWords()[lg] {
			marked := make([]bool, len(words))
			for _, w := range ws {
				if p, ok := strings.CutSuffix(w, "*"); ok {
					for i, x := range words {
						if strings.HasPrefix(x, p) {
							marked[i] = true
						}
					}
					continue
				}
				pw := strings.Fields(w)
				for i := 0; i+len(pw) <= len(words); i++ {
					if slices.Equal(words[i:i+len(pw)], pw) {
						for j := range pw {
							marked[i+j] = true
						}
					}
				}
			}
			for i, m := range marked {
				if m && (i == 0 || !marked[i-1]) {
					scores[k]++
				}
			}
		}
	}
	best, n := "", 0
	for _, k := range sectionTies {
		if scores[k] > n {
			best, n = k, scores[k]
		}
	}
	return scores, best
}
