package writing

// Words of each phrasebook language that copy needs beyond the phrasebook
// itself: the catalog's amenities by key, so a listing whose page lists
// its amenities in the site's language (English on airbnb.com) still gets
// them named in its own; the words that negate a feature; and the small
// words that tell a line's language.

// localAmenities name catalog amenities, by key, in lower case ("piscina").
var localAmenities = map[string]map[string]string{
	"pt": {"wifi": "wi-fi", "kitchen": "cozinha", "self_check_in": "self check-in", "free_parking": "estacionamento gratuito",
		"workspace": "espaço de trabalho", "air_conditioning": "ar-condicionado", "washer": "máquina de lavar", "dryer": "secadora",
		"heating": "aquecimento", "pool": "piscina", "hot_tub": "jacuzzi", "pets": "animais permitidos", "ev_charger": "carregador de carro elétrico",
		"crib": "berço", "high_chair": "cadeira alta", "childrens_items": "livros e brinquedos infantis", "coffee_maker": "cafeteira",
		"dishwasher": "lava-louças", "tv": "TV", "outdoor_space": "varanda", "bbq": "churrasqueira", "fireplace": "lareira",
		"gym": "academia", "sauna": "sauna", "view": "vista", "waterfront": "beira-mar", "private_entrance": "entrada privativa",
		"long_term": "estadias longas", "essentials": "itens básicos", "bed_linens": "roupa de cama", "smoke_alarm": "detector de fumaça",
		"co_alarm": "detector de monóxido de carbono", "first_aid": "kit de primeiros socorros", "fire_extinguisher": "extintor de incêndio",
		"hair_dryer": "secador de cabelo", "iron": "ferro de passar", "room_darkening": "cortinas blackout", "lock_on_door": "tranca na porta do quarto"},
	"es": {"wifi": "wifi", "kitchen": "cocina", "self_check_in": "llegada autónoma", "free_parking": "aparcamiento gratuito",
		"workspace": "zona de trabajo", "air_conditioning": "aire acondicionado", "washer": "lavadora", "dryer": "secadora",
		"heating": "calefacción", "pool": "piscina", "hot_tub": "jacuzzi", "pets": "se admiten mascotas", "ev_charger": "cargador para coche eléctrico",
		"crib": "cuna", "high_chair": "trona", "childrens_items": "libros y juguetes infantiles", "coffee_maker": "cafetera",
		"dishwasher": "lavavajillas", "tv": "TV", "outdoor_space": "terraza", "bbq": "barbacoa", "fireplace": "chimenea",
		"gym": "gimnasio", "sauna": "sauna", "view": "vistas", "waterfront": "primera línea", "private_entrance": "entrada privada",
		"long_term": "estancias largas", "essentials": "artículos básicos", "bed_linens": "ropa de cama", "smoke_alarm": "detector de humo",
		"co_alarm": "detector de monóxido de carbono", "first_aid": "botiquín", "fire_extinguisher": "extintor",
		"hair_dryer": "secador de pelo", "iron": "plancha", "room_darkening": "cortinas opacas", "lock_on_door": "cerradura en la puerta del dormitorio"},
	"it": {"wifi": "wi-fi", "kitchen": "cucina", "self_check_in": "self check-in", "free_parking": "parcheggio gratuito",
		"workspace": "spazio di lavoro", "air_conditioning": "aria condizionata", "washer": "lavatrice", "dryer": "asciugatrice",
		"heating": "riscaldamento", "pool": "piscina", "hot_tub": "vasca idromassaggio", "pets": "animali ammessi", "ev_charger": "colonnina di ricarica",
		"crib": "culla", "high_chair": "seggiolone", "childrens_items": "libri e giochi per bambini", "coffee_maker": "macchina del caffè",
		"dishwasher": "lavastoviglie", "tv": "TV", "outdoor_space": "terrazza", "bbq": "barbecue", "fireplace": "camino",
		"gym": "palestra", "sauna": "sauna", "view": "vista", "waterfront": "fronte mare", "private_entrance": "ingresso privato",
		"long_term": "soggiorni lunghi", "essentials": "beni essenziali", "bed_linens": "biancheria da letto", "smoke_alarm": "rilevatore di fumo",
		"co_alarm": "rilevatore di monossido di carbonio", "first_aid": "kit di pronto soccorso", "fire_extinguisher": "estintore",
		"hair_dryer": "asciugacapelli", "iron": "ferro da stiro", "room_darkening": "tende oscuranti", "lock_on_door": "serratura sulla porta della camera"},
	"fr": {"wifi": "wifi", "kitchen": "cuisine", "self_check_in": "arrivée autonome", "free_parking": "parking gratuit",
		"workspace": "espace de travail", "air_conditioning": "climatisation", "washer": "lave-linge", "dryer": "sèche-linge",
		"heating": "chauffage", "pool": "piscine", "hot_tub": "jacuzzi", "pets": "animaux acceptés", "ev_charger": "borne de recharge",
		"crib": "lit pour bébé", "high_chair": "chaise haute", "childrens_items": "livres et jouets pour enfants", "coffee_maker": "cafetière",
		"dishwasher": "lave-vaisselle", "tv": "TV", "outdoor_space": "terrasse", "bbq": "barbecue", "fireplace": "cheminée",
		"gym": "salle de sport", "sauna": "sauna", "view": "vue", "waterfront": "bord de l'eau", "private_entrance": "entrée privée",
		"long_term": "séjours longue durée", "essentials": "équipements de base", "bed_linens": "linge de lit", "smoke_alarm": "détecteur de fumée",
		"co_alarm": "détecteur de monoxyde de carbone", "first_aid": "kit de premiers secours", "fire_extinguisher": "extincteur",
		"hair_dryer": "sèche-cheveux", "iron": "fer à repasser", "room_darkening": "stores occultants", "lock_on_door": "verrou sur la porte de la chambre"},
	"de": {"wifi": "WLAN", "kitchen": "Küche", "self_check_in": "Self-Check-in", "free_parking": "kostenloser Parkplatz",
		"workspace": "Arbeitsplatz", "air_conditioning": "Klimaanlage", "washer": "Waschmaschine", "dryer": "Trockner",
		"heating": "Heizung", "pool": "Pool", "hot_tub": "Whirlpool", "pets": "Haustiere erlaubt", "ev_charger": "E-Ladestation",
		"crib": "Kinderbett", "high_chair": "Hochstuhl", "childrens_items": "Kinderbücher und Spielzeug", "coffee_maker": "Kaffeemaschine",
		"dishwasher": "Geschirrspüler", "tv": "TV", "outdoor_space": "Terrasse", "bbq": "Grill", "fireplace": "Kamin",
		"gym": "Fitnessraum", "sauna": "Sauna", "view": "Aussicht", "waterfront": "direkt am Wasser", "private_entrance": "eigener Eingang",
		"long_term": "Langzeitaufenthalte", "essentials": "Grundausstattung", "bed_linens": "Bettwäsche", "smoke_alarm": "Rauchmelder",
		"co_alarm": "Kohlenmonoxidmelder", "first_aid": "Erste-Hilfe-Set", "fire_extinguisher": "Feuerlöscher",
		"hair_dryer": "Haartrockner", "iron": "Bügeleisen", "room_darkening": "Verdunkelungsvorhänge", "lock_on_door": "Schloss an der Schlafzimmertür"},
}

// featureWords are further words that name a feature in running text, by
// key, in any of the languages (lower case, as prose.Words gives them):
// what a negation ("sem piscina", "no hot tub") may be followed by.
var featureWords = map[string][]string{
	"hot_tub":          {"hot tub", "jacuzzi", "whirlpool", "spa tub", "hidromassagem", "banheira de hidromassagem", "ofurô", "idromassaggio", "vasca idromassaggio", "bain à remous", "spa", "hidromasaje", "bañera de hidromasaje"},
	"pool":             {"pool", "swimming pool", "piscina", "piscine", "schwimmbad", "swimmingpool"},
	"outdoor_space":    {"outdoor space", "patio", "balcony", "terrace", "garden", "varanda", "sacada", "terraço", "quintal", "jardim", "terraza", "balcón", "jardín", "terrazza", "balcone", "giardino", "terrasse", "balcon", "jardin", "balkon", "garten"},
	"air_conditioning": {"air conditioning", "ac", "ar condicionado", "aire acondicionado", "aria condizionata", "climatisation", "klimaanlage"},
	"free_parking":     {"parking", "estacionamento", "garagem", "aparcamiento", "parcheggio", "parkplatz"},
	"wifi":             {"wifi", "wi fi", "internet"},
	"washer":           {"washer", "washing machine", "máquina de lavar", "lavadora", "lavatrice", "lave linge", "waschmaschine"},
	"view":             {"view", "views", "vista", "vistas", "vue", "aussicht", "blick"},
	"fireplace":        {"fireplace", "lareira", "chimenea", "camino", "cheminée", "kamin"},
	"kitchen":          {"kitchen", "cozinha", "cocina", "cucina", "cuisine", "küche"},
	"gym":              {"gym", "academia", "gimnasio", "palestra", "salle de sport", "fitnessraum"},
	"sauna":            {"sauna"},
	"bbq":              {"bbq", "barbecue", "grill", "churrasqueira", "barbacoa"},
	"waterfront":       {"beach access", "waterfront", "beira mar", "pé na areia"},
	"pets":             {"pets", "pet", "dogs", "animais", "animal", "mascotas", "animali", "animaux", "haustiere"},
	"workspace":        {"workspace", "desk", "escrivaninha", "escritorio", "scrivania", "bureau", "schreibtisch"},
	"tv":               {"tv", "television", "televisão", "televisión", "televisione", "télévision", "fernseher"},
	"private_entrance": {"private entrance", "entrada privativa", "entrada privada", "ingresso privato", "entrée privée"},
}

// negationWords start a negation in each language; English is read in
// every listing, since hosts mix it in. Words that are negations in one
// language and prepositions in another ("no" is Portuguese "in the") are
// only read in their own.
var negationWords = map[string][]string{
	"en": {"no", "not", "without", "doesn't", "don't", "isn't", "aren't", "hasn't", "there is no", "lacks", "never", "nor"},
	"pt": {"não", "sem", "nem", "nenhum", "nenhuma"},
	"es": {"no", "sin", "ni", "ningún", "ninguna"},
	"it": {"non", "senza", "né", "nessun", "nessuna"},
	"fr": {"pas", "sans", "ni", "aucun", "aucune", "non"},
	"de": {"kein", "keine", "keinen", "keiner", "keinem", "nicht", "ohne"},
}

// negationStops end a negation's reach before the feature: "no smoking
// near the pool" does not say there is no pool.
var negationStops = map[string]bool{
	"near": true, "by": true, "at": true, "around": true, "in": true, "on": true, "inside": true, "outside": true, "from": true,
	"to": true, "during": true, "after": true, "before": true, "allowed": true, "permitted": true, "smoking": true, "parties": true,
	"closed": true, "only": true, "but": true, "except": true, "until": true, "beyond": true,
	"perto": true, "na": true, "ao": true, "permitido": true, "permitida": true, "fumar": true, "mas": true, "exceto": true, "até": true,
	"cerca": true, "en": true, "permite": true, "permitido s": true, "pero": true, "excepto": true, "hasta": true,
	"vicino": true, "nel": true, "nella": true, "permesso": true, "consentito": true, "fumare": true, "ma": true, "tranne": true,
	"près": true, "dans": true, "autorisé": true, "fumer": true, "mais": true, "sauf": true, "jusqu": true,
	"nahe": true, "im": true, "am": true, "erlaubt": true, "rauchen": true, "aber": true, "außer": true, "bis": true,
}
