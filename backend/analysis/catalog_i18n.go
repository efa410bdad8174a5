package analysis

import "strings"

// localNames are amenity names as listings in Spanish, Portuguese, French,
// German, Italian, Dutch and Greek write them, by catalog key: matched like
// AmenityDef.Match (whole words, accents folded), so "Máquina de lavar" is
// the washer and "Ar-condicionado split" air conditioning. English names
// stay in the Catalog.
var localNames = map[string][]string{
	"wifi":    {"wi-fi", "internet sem fio", "conexión inalámbrica", "connexion sans fil", "wlan", "rete wi-fi", "ασύρματο internet"},
	"kitchen": {"cozinha", "cocina", "cuisine", "küche", "kochnische", "cucina", "angolo cottura", "keuken", "κουζίνα", "κουζινούλα"},
	"air_conditioning": {"ar condicionado", "ar-condicionado", "aire acondicionado", "climatisation", "climatiseur", "klimaanlage",
		"aria condizionata", "condizionatore", "airconditioning", "airco", "κλιματισμός", "κλιματιστικό"},
	"washer":            {"máquina de lavar", "lavadora", "lave-linge", "machine à laver", "waschmaschine", "lavatrice", "wasmachine", "πλυντήριο ρούχων"},
	"dryer":             {"secadora", "secadora de roupa", "sèche-linge", "wäschetrockner", "trockner", "asciugatrice", "droger", "wasdroger", "στεγνωτήριο"},
	"heating":           {"aquecimento", "calefacción", "chauffage", "heizung", "riscaldamento", "verwarming", "θέρμανση"},
	"essentials":        {"itens básicos", "artículos básicos", "produits de base", "grundausstattung", "servizi essenziali", "essentiële voorzieningen", "βασικά είδη"},
	"bed_linens":        {"roupa de cama", "ropa de cama", "linge de lit", "bettwäsche", "biancheria da letto", "beddengoed", "σεντόνια", "κλινοσκεπάσματα"},
	"smoke_alarm":       {"detector de fumaça", "detector de fumo", "detector de humo", "détecteur de fumée", "rauchmelder", "rilevatore di fumo", "rookmelder", "ανιχνευτής καπνού"},
	"co_alarm":          {"monóxido de carbono", "monoxyde de carbone", "kohlenmonoxid", "monossido di carbonio", "koolmonoxide", "μονοξειδίου του άνθρακα"},
	"hair_dryer":        {"secador de cabelo", "secador de pelo", "sèche-cheveux", "haartrockner", "föhn", "asciugacapelli", "haardroger", "πιστολάκι μαλλιών", "σεσουάρ"},
	"iron":              {"ferro de passar", "plancha", "fer à repasser", "bügeleisen", "ferro da stiro", "strijkijzer", "σίδερο"},
	"tv":                {"televisão", "televisión", "télévision", "fernseher", "televisore", "televisie", "τηλεόραση"},
	"coffee_maker":      {"cafeteira", "máquina de café", "cafetera", "cafetière", "machine à café", "kaffeemaschine", "macchina per il caffè", "macchina da caffè", "macchina per espresso", "macchinetta del caffè", "machine à expresso", "espressomaschine", "koffiezetapparaat", "espressomachine", "καφετιέρα", "μηχανή εσπρέσο"},
	"free_parking":      {"estacionamento gratuito", "estacionamiento gratuito", "aparcamiento gratuito", "parking gratuit", "kostenloser parkplatz", "parcheggio gratuito", "gratis parkeren", "δωρεάν χώρος στάθμευσης"},
	"self_check_in":     {"self check-in", "check-in autônomo", "entrada autónoma", "arrivée autonome", "self-check-in", "check-in autonomo", "zelf inchecken", "αυτόνομο check-in"},
	"workspace":         {"espaço de trabalho", "zona de trabajo", "espace de travail", "arbeitsplatz", "spazio di lavoro", "werkplek", "χώρος εργασίας"},
	"pool":              {"piscina", "piscine", "schwimmbad", "pool", "zwembad", "πισίνα"},
	"hot_tub":           {"banheira de hidromassagem", "jacuzzi", "bañera de hidromasaje", "bain à remous", "whirlpool", "vasca idromassaggio", "bubbelbad", "υδρομασάζ"},
	"crib":              {"berço", "cuna", "lit pour bébé", "babybett", "culla", "lettino", "babybedje", "κούνια"},
	"high_chair":        {"cadeirão", "cadeira alta", "trona", "chaise haute", "hochstuhl", "seggiolone", "kinderstoel", "καρεκλάκι φαγητού"},
	"dishwasher":        {"lava-louças", "máquina de lavar louça", "lavavajillas", "lave-vaisselle", "geschirrspüler", "lavastoviglie", "vaatwasser", "πλυντήριο πιάτων"},
	"first_aid":         {"kit de primeiros socorros", "botiquín", "trousse de secours", "erste-hilfe", "kit di pronto soccorso", "ehbo", "κουτί πρώτων βοηθειών"},
	"fire_extinguisher": {"extintor", "extincteur", "feuerlöscher", "estintore", "brandblusser", "πυροσβεστήρας"},
	"pets":              {"animais permitidos", "se admiten mascotas", "animaux acceptés", "haustiere erlaubt", "animali ammessi", "huisdieren toegestaan", "επιτρέπονται κατοικίδια"},
	"bbq":               {"churrasqueira", "barbacoa", "parrilla", "barbecue", "grill", "griglia", "ψησταριά"},
	"fireplace":         {"lareira", "chimenea", "cheminée", "kamin", "camino", "open haard", "τζάκι"},
	"outdoor_space":     {"varanda", "terraço", "quintal", "jardim", "terraza", "balcón", "jardín", "terrasse", "balcon", "jardin", "balkon", "garten", "terrazza", "balcone", "giardino", "tuin", "βεράντα", "μπαλκόνι", "κήπος"},
	"gym":               {"academia", "gimnasio", "salle de sport", "fitnessraum", "palestra", "sportschool", "γυμναστήριο"},
	"sauna":             {"sauna", "σάουνα"},
}

// localExcludes veto local names the way AmenityDef.Exclude does:
// "máquina de lavar louça" is the dishwasher, not the washer.
var localExcludes = map[string][]string{
	"washer": {"louça", "loiça", "pratos", "vaisselle", "stoviglie", "geschirr", "vajillas", "πιάτων"},
	"dryer":  {"cabelo", "pelo", "cheveux", "haar", "capelli", "μαλλιών"},
}

func init() {
	for i := range Catalog {
		Catalog[i].Match = append(Catalog[i].Match, phrases(localNames[Catalog[i].Key])...)
		Catalog[i].Exclude = append(Catalog[i].Exclude, phrases(localExcludes[Catalog[i].Key])...)
	}
}

// phrases writes names as the phrases text.has matches: Words joined by
// spaces (lower case, accents folded, hyphens as spaces).
func phrases(names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, strings.Join(Words(n), " "))
	}
	return out
}

// localRoomWords are caption words for the rooms a photo set should show,
// in the languages we read ("Quarto 1", "Banheiro completo", "Cozinha
// completa", "Camera da letto").
var localRoomWords = map[string][]string{
	"bedroom": {"quarto", "quartos", "suíte", "dormitório", "cama", "dormitorio", "habitación", "recámara", "chambre", "lits",
		"schlafzimmer", "bett", "camera da letto", "letto", "slaapkamer", "υπνοδωμάτιο", "κρεβατοκάμαρα", "κρεβάτι"},
	"bathroom": {"banheiro", "casa de banho", "lavabo", "chuveiro", "baño", "ducha", "salle de bain", "salle d'eau", "douche",
		"badezimmer", "dusche", "bagno", "doccia", "badkamer", "μπάνιο", "ντους"},
	"kitchen": {"cozinha", "cocina", "cuisine", "küche", "cucina", "keuken", "κουζίνα"},
	"living":  {"sala", "sala de estar", "salón", "salon", "séjour", "wohnzimmer", "soggiorno", "salotto", "woonkamer", "σαλόνι", "καθιστικό"},
	"exterior": {"fachada", "jardim", "quintal", "varanda", "terraço", "piscina", "jardín", "terraza", "balcón", "jardin", "terrasse",
		"balcon", "piscine", "garten", "balkon", "giardino", "terrazza", "balcone", "tuin", "zwembad", "κήπος", "βεράντα", "μπαλκόνι", "πισίνα"},
	"view": {"vista", "vistas", "mar", "praia", "playa", "vue", "mer", "plage", "aussicht", "blick", "meer", "strand", "mare", "spiaggia",
		"uitzicht", "zee", "θέα", "θάλασσα", "παραλία"},
}

func init() {
	for i := range photoRooms {
		photoRooms[i].Words = append(photoRooms[i].Words, phrases(localRoomWords[photoRooms[i].Key])...)
	}
}

// Title words in the languages we read: place types ("Casa", "Apartamento",
// "Monolocale") and landmarks ("praia", "centro storico").
var (
	localPropertyWords = []string{
		"casa", "apartamento", "apto", "flat", "estúdio", "estudio", "chalé", "cabana", "sobrado", "pousada", "quarto", "suíte",
		"piso", "ático", "habitación", "cortijo", "finca", "appartement", "maison", "chambre", "gîte", "wohnung", "ferienwohnung",
		"haus", "ferienhaus", "zimmer", "hütte", "appartamento", "monolocale", "bilocale", "trilocale", "attico", "camera",
		"baita", "masseria", "trullo", "rustico", "woning", "huis", "vakantiehuis", "διαμέρισμα", "σπίτι", "βίλα", "στούντιο", "μεζονέτα",
	}
	localLandmarkWords = []string{
		"praia", "centro", "perto", "próximo", "pé na areia", "playa", "cerca de", "casco antiguo", "plage", "près", "centre-ville",
		"vieille ville", "strand", "zentrum", "altstadt", "nähe", "spiaggia", "centro storico", "vicino", "stazione", "aeroporto",
		"aeropuerto", "aéroport", "flughafen", "luchthaven", "παραλία", "κέντρο", "κοντά",
	}
)

func init() {
	propertyWords = append(propertyWords, phrases(localPropertyWords)...)
	landmarkWords = append(landmarkWords, phrases(localLandmarkWords)...)
}
