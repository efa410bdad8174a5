package analysis

import (
	"strings"

	"github.com/listinglift/listinglift/backend/prose"
)

// textLang is what ListingLift knows of one language for reading a
// listing's text: section headings and topic words, the words that state
// check-in, parking, wifi and a workspace, and the search words of the
// listing's features. Phrases are matched as text.has does (whole words,
// accents folded, "*" a prefix).
type textLang struct {
	// Headings are the headings hosts write for each section (by
	// DescriptionSections key); Airbnb's own headings, in every language,
	// are airbnbHeadings.
	Headings map[string][]string
	// Content are words that show a section's topic is covered without a
	// heading.
	Content map[string][]string
	// CheckIn, Parking, Wifi and Workspace are the phrases that state them.
	CheckIn, Parking, Wifi, Workspace []string
	// Keywords are the words guests search with for each feature (a
	// titleDifferentiators key), as hosts write them; the first names it
	// in the report. Folded when matched.
	Keywords map[string][]string
	// Nouns are the language's words for each kind of place (by the
	// English noun PropertyNoun gives); the first names it.
	Nouns map[string][]string
}

// airbnbHeadings are the headings Airbnb itself prints in a description
// (its editor's parts: The space, Guest access, Other things to note…), in
// the languages its pages show. The page's language can differ from the
// host's (a Portuguese description under "The space"), so each counts
// whatever the text's language.
var airbnbHeadings = map[string][]string{
	"the_space": {"the space", "about this space", "o espaço", "sobre este espaço", "o espaco", "lo spazio", "el espacio", "el alojamiento",
		"le logement", "l espace", "die unterkunft", "der raum", "de ruimte", "de accommodatie", "ο χώρος"},
	"guest_access": {"guest access", "acesso do hóspede", "acesso dos hóspedes", "acesso para hóspedes", "accesso per gli ospiti",
		"acceso de los huéspedes", "acceso para huéspedes", "accès des voyageurs", "zugang für gäste", "gästezugang",
		"toegang voor gasten", "toegankelijkheid voor gasten", "πρόσβαση επισκεπτών", "πρόσβαση για τους επισκέπτες"},
	"neighbourhood": {"the neighbourhood", "the neighborhood", "neighborhood overview", "o bairro", "il quartiere", "el barrio",
		"le quartier", "die umgebung", "die nachbarschaft", "de buurt", "η γειτονιά"},
	"getting_around": {"getting around", "como se locomover", "como se deslocar", "come muoversi", "cómo moverse", "cómo desplazarse",
		"se déplacer", "fortbewegung", "unterwegs", "vervoer", "zich verplaatsen", "μετακίνηση", "μετακινήσεις"},
	"house_rules": {"other things to note", "other details to note", "house rules", "outras observações", "outras informações",
		"outros detalhes", "altre cose da tenere a mente", "altre cose da notare", "altri dettagli da notare", "regole della casa",
		"otros aspectos para tener en cuenta", "otros aspectos a destacar", "otros detalles a destacar", "otras cosas a tener en cuenta",
		"normas de la casa", "autres remarques", "autres détails", "règlement intérieur", "weitere angaben", "weitere hinweise",
		"hausregeln", "andere dingen om op te merken", "andere opmerkingen", "huisregels", "άλλα πράγματα που πρέπει να σημειωθούν",
		"κανόνες σπιτιού"},
}

// checkInCommon: "check-in" is written in English in every language we read.
var checkInCommon = []string{"self check in", "check in", "checkin", "keypad", "lockbox", "lock box", "smart lock", "key box", "keybox"}

var textLangs = map[string]*textLang{
	"en": {
		Headings: map[string][]string{
			"the_space":      {"the property", "the home", "the apartment", "the house"},
			"guest_access":   {"access"},
			"neighbourhood":  {"neighborhood", "neighbourhood", "the area", "location"},
			"getting_around": {"transportation", "transport", "how to get here"},
			"house_rules":    {"things to note", "rules"},
		},
		Content: map[string][]string{
			"the_space":      {"bedroom", "bedrooms", "living room", "bathroom", "kitchen", "sofa", "bed"},
			"guest_access":   {"access to", "whole", "entire", "private entrance", "shared", "yours"},
			"neighbourhood":  {"restaurants", "cafes", "shops", "neighborhood", "neighbourhood", "nearby", "walking distance", "park", "museum"},
			"getting_around": {"bus", "train", "subway", "metro", "tram", "uber", "taxi", "drive", "airport", "station", "walk"},
			"house_rules":    {"no smoking", "no parties", "quiet hours", "check out", "checkout", "pets"},
		},
		CheckIn: append([]string{"door code", "access code", "entry code", "door lock", "electronic lock", "key safe", "keysafe", "meet you",
			"greet you", "welcome you", "welcoming you", "key handover", "front desk", "reception", "concierge", "doorman", "in person"}, checkInCommon...),
		Parking:   []string{"parking", "park on", "park in", "garage", "driveway", "carport"},
		Wifi:      []string{"wifi", "wi fi", "internet"},
		Workspace: []string{"workspace", "desk", "work from home", "remote work", "home office"},
		Keywords: map[string][]string{
			"hot_tub": {"hot tub", "jacuzzi", "whirlpool", "spa tub"}, "pool": {"pool", "swimming pool"},
			"view": {"view", "views"}, "waterfront": {"waterfront", "beachfront", "lakefront", "oceanfront"},
			"free_parking": {"free parking", "parking"}, "workspace": {"workspace", "desk", "work from home", "home office"},
			"fireplace": {"fireplace"}, "sauna": {"sauna"}, "outdoor_space": {"terrace", "balcony", "patio", "deck", "garden", "backyard", "porch"},
			"pets": {"pets allowed", "pet friendly", "pets", "dog friendly"}, "ev_charger": {"ev charger", "ev charging"},
			"self_check_in": {"self check-in", "keypad", "smart lock", "lockbox", "keyless"}, "gym": {"gym", "fitness"},
			"bbq": {"bbq grill", "bbq", "barbecue", "grill"}, "washer": {"washer", "washing machine", "laundry"},
			"private_entrance": {"private entrance", "separate entrance"},
		},
	},
	"pt": {
		Headings: map[string][]string{
			"the_space":      {"o apartamento", "a casa", "o imóvel", "o loft", "o prédio", "espaço", "acomodação"},
			"guest_access":   {"acesso"},
			"neighbourhood":  {"localização", "a localização", "bairro", "região", "arredores", "o que tem perto"},
			"getting_around": {"como chegar", "transporte", "distâncias"},
			"house_rules":    {"regras", "regras da casa", "observações", "importante"},
		},
		Content: map[string][]string{
			"the_space":      {"quarto", "quartos", "sala", "banheiro", "cozinha", "sofá", "cama", "suíte", "suítes"},
			"guest_access":   {"acesso exclusivo", "acesso a toda", "acesso ao apartamento", "acesso à casa", "acesso a casa", "somente você", "entrada privativa", "entrada independente", "casa inteira", "apartamento inteiro", "compartilhad*", "à disposição"},
			"neighbourhood":  {"bairro", "restaurantes", "mercado", "mercados", "padaria", "farmácia", "lojas", "perto", "próximo", "próxima", "a poucos passos"},
			"getting_around": {"ônibus", "metrô", "uber", "táxi", "aeroporto", "estação", "a pé", "rodoviária", "carro"},
			"house_rules":    {"proibido fumar", "não é permitido", "não são permitidas", "festas", "silêncio", "check out", "checkout", "animais", "regras"},
		},
		CheckIn: append([]string{"fechadura eletrônica", "fechadura digital", "fechadura inteligente", "senha", "código de acesso", "cofre de chaves",
			"caixa de chaves", "chave com cartão", "cartão", "recepção", "portaria", "entrada autônoma", "entrega das chaves", "receber vocês", "recebê los"}, checkInCommon...),
		Parking:   []string{"estacionamento", "estacionar", "garagem", "vaga de garagem", "vaga de estacionamento", "vaga interna", "vaga coberta", "vaga privativa", "vaga para", "parking"},
		Wifi:      []string{"wifi", "wi fi", "internet", "rede sem fio", "fibra ótica", "fibra óptica"},
		Workspace: []string{"espaço de trabalho", "escrivaninha", "mesa de trabalho", "home office", "trabalho remoto", "trabalhar"},
		Keywords: map[string][]string{
			"hot_tub": {"hidromassagem", "jacuzzi", "banheira de hidromassagem", "ofurô"}, "pool": {"piscina", "piscinas"},
			"view": {"vista"}, "waterfront": {"pé na areia", "beira mar", "frente para o mar", "frente mar"},
			"free_parking": {"estacionamento", "garagem", "vaga de garagem", "vaga de estacionamento", "vaga interna"}, "workspace": {"espaço de trabalho", "escrivaninha", "home office", "trabalho remoto"},
			"fireplace": {"lareira"}, "sauna": {"sauna"}, "outdoor_space": {"varanda", "terraço", "sacada", "quintal", "jardim", "área externa", "área gourmet"},
			"pets": {"pet friendly", "animais de estimação", "animal de estimação", "aceita pets", "pets"}, "ev_charger": {"carregador de carro elétrico", "carregador para veículos elétricos"},
			"self_check_in": {"check-in autônomo", "self check-in", "fechadura eletrônica", "fechadura digital", "senha"}, "gym": {"academia"},
			"bbq": {"churrasqueira", "churrasco"}, "washer": {"máquina de lavar", "lavadora", "lavanderia"},
			"private_entrance": {"entrada privativa", "entrada independente"},
		},
		Nouns: map[string][]string{"apartment": {"apartamento", "apto", "apê", "flat"}, "home": {"casa", "residência"}, "house": {"casa"},
			"studio": {"estúdio", "kitnet", "quitinete"}, "loft": {"loft"}, "condo": {"apartamento", "condomínio"}, "villa": {"vila", "villa"},
			"chalet": {"chalé"}, "cabin": {"cabana", "chalé"}, "townhouse": {"sobrado", "casa geminada"}, "guesthouse": {"pousada"},
			"private room": {"quarto"}, "suite": {"suíte"}, "guest suite": {"suíte"}, "vacation home": {"casa de temporada", "casa de férias"}, "cottage": {"chalé", "casa"}},
	},
	"es": {
		Headings: map[string][]string{
			"the_space":      {"el apartamento", "el piso", "la casa", "la vivienda", "espacio"},
			"guest_access":   {"acceso"},
			"neighbourhood":  {"ubicación", "la zona", "barrio", "alrededores", "el entorno"},
			"getting_around": {"cómo llegar", "transporte", "distancias"},
			"house_rules":    {"normas", "normas de la casa", "reglas", "a tener en cuenta", "importante"},
		},
		Content: map[string][]string{
			"the_space":      {"dormitorio", "dormitorios", "habitación", "habitaciones", "salón", "baño", "cocina", "sofá", "cama"},
			"guest_access":   {"acceso a todo", "acceso a toda", "acceso exclusivo", "a vuestra disposición", "a tu disposición", "entrada privada", "entrada independiente", "todo el apartamento", "toda la casa", "compartid*"},
			"neighbourhood":  {"barrio", "restaurantes", "tiendas", "supermercado", "cerca", "a pocos pasos", "a pocos minutos"},
			"getting_around": {"autobús", "metro", "tren", "taxi", "aeropuerto", "estación", "a pie", "andando", "coche"},
			"house_rules":    {"no se permite", "prohibido fumar", "fiestas", "silencio", "check out", "checkout", "mascotas", "normas"},
		},
		CheckIn: append([]string{"caja de seguridad", "cajetín", "cerradura electrónica", "cerradura inteligente", "código", "entrega de llaves",
			"recepción", "te recibiremos", "os recibiremos", "autocheck in", "entrada autónoma", "llegada autónoma"}, checkInCommon...),
		Parking:   []string{"aparcamiento", "estacionamiento", "parking", "aparcar", "estacionar", "garaje", "cochera", "plaza de garaje"},
		Wifi:      []string{"wifi", "wi fi", "internet", "fibra óptica"},
		Workspace: []string{"zona de trabajo", "espacio de trabajo", "escritorio", "teletrabajo", "trabajar"},
		Keywords: map[string][]string{
			"hot_tub": {"jacuzzi", "bañera de hidromasaje", "hidromasaje"}, "pool": {"piscina"},
			"view": {"vistas", "vista"}, "waterfront": {"primera línea", "frente al mar", "a pie de playa"},
			"free_parking": {"parking", "aparcamiento", "estacionamiento", "garaje"}, "workspace": {"zona de trabajo", "espacio de trabajo", "escritorio", "teletrabajo"},
			"fireplace": {"chimenea"}, "sauna": {"sauna"}, "outdoor_space": {"terraza", "balcón", "patio", "jardín"},
			"pets": {"se admiten mascotas", "mascotas", "pet friendly"}, "ev_charger": {"cargador para coches eléctricos", "punto de carga"},
			"self_check_in": {"entrada autónoma", "llegada autónoma", "self check-in", "autocheck-in", "caja de seguridad", "cerradura electrónica"},
			"gym":           {"gimnasio"}, "bbq": {"barbacoa", "parrilla"}, "washer": {"lavadora"}, "private_entrance": {"entrada privada", "entrada independiente"},
		},
		Nouns: map[string][]string{"apartment": {"apartamento", "piso", "departamento"}, "home": {"casa", "vivienda"}, "house": {"casa"},
			"studio": {"estudio"}, "loft": {"loft"}, "condo": {"apartamento"}, "villa": {"villa"}, "chalet": {"chalet"}, "cabin": {"cabaña"},
			"townhouse": {"adosado", "casa adosada"}, "private room": {"habitación"}, "suite": {"suite"}, "guest suite": {"suite"},
			"vacation home": {"casa vacacional", "casa rural"}, "cottage": {"casa rural"}, "guesthouse": {"casa de huéspedes", "pensión"}},
	},
	"it": {
		Headings: map[string][]string{
			"the_space":      {"l appartamento", "appartamento", "la casa", "gli spazi", "spazi interni", "l alloggio", "la struttura"},
			"guest_access":   {"accesso"},
			"neighbourhood":  {"zona", "la zona", "posizione", "il quartiere", "dintorni", "nelle vicinanze"},
			"getting_around": {"come arrivare", "trasporti", "distanze", "distanze a piedi", "spostamenti"},
			"house_rules":    {"regole", "regole della casa", "da sapere", "importante", "note"},
		},
		Content: map[string][]string{
			"the_space":      {"camera", "camere", "camera da letto", "soggiorno", "salotto", "bagno", "cucina", "divano", "letto", "suite"},
			"guest_access":   {"accesso agli", "accesso all intero", "accesso alla casa", "accesso all appartamento", "accesso a cucina", "ingresso indipendente", "ingresso privato", "a vostra disposizione", "a vostra completa disposizione", "a disposizione degli ospiti", "condivis*"},
			"neighbourhood":  {"quartiere", "ristoranti", "negozi", "supermercati", "supermercato", "farmacie", "vicinanze", "a pochi passi", "vicino"},
			"getting_around": {"autobus", "metropolitana", "metro", "tram", "treno", "taxi", "aeroporto", "stazione", "a piedi", "auto"},
			"house_rules":    {"vietato fumare", "non è consentito", "non sono ammess*", "feste", "silenzio", "check out", "checkout", "animali", "regole"},
		},
		CheckIn: append([]string{"cassetta di sicurezza", "cassetta portachiavi", "serratura elettronica", "serratura smart", "codice", "consegna delle chiavi",
			"consegna chiavi", "accoglienza", "vi accoglierà", "vi accoglieremo", "in persona", "check in autonomo", "self check in"}, checkInCommon...),
		Parking:   []string{"parcheggio", "parcheggi", "parcheggiare", "posto auto", "posti auto", "box auto", "garage", "autorimessa", "parking"},
		Wifi:      []string{"wifi", "wi fi", "internet", "connessione internet", "fibra"},
		Workspace: []string{"spazio di lavoro", "zona lavoro", "scrivania", "smart working", "lavorare"},
		Keywords: map[string][]string{
			"hot_tub": {"idromassaggio", "vasca idromassaggio", "jacuzzi"}, "pool": {"piscina"},
			"view": {"vista"}, "waterfront": {"fronte mare", "sul mare", "vista mare"},
			"free_parking": {"parcheggio", "posto auto", "box auto", "garage"}, "workspace": {"spazio di lavoro", "scrivania", "smart working"},
			"fireplace": {"camino"}, "sauna": {"sauna"}, "outdoor_space": {"terrazza", "terrazzo", "balcone", "giardino", "cortile", "patio"},
			"pets": {"animali ammessi", "animali", "pet friendly"}, "ev_charger": {"colonnina di ricarica", "ricarica auto elettriche"},
			"self_check_in": {"check-in autonomo", "self check-in", "cassetta di sicurezza", "serratura elettronica"}, "gym": {"palestra"},
			"bbq": {"barbecue", "griglia"}, "washer": {"lavatrice"}, "private_entrance": {"ingresso indipendente", "ingresso privato"},
		},
		Nouns: map[string][]string{"apartment": {"appartamento", "bilocale", "trilocale", "monolocale", "alloggio"}, "home": {"casa", "abitazione"},
			"house": {"casa"}, "studio": {"monolocale", "studio"}, "loft": {"loft"}, "condo": {"appartamento"}, "villa": {"villa"},
			"chalet": {"chalet", "baita"}, "cabin": {"baita"}, "townhouse": {"villetta a schiera"}, "private room": {"camera", "stanza"},
			"suite": {"suite"}, "guest suite": {"suite"}, "vacation home": {"casa vacanze"}, "cottage": {"casale", "cottage"}, "guesthouse": {"pensione", "affittacamere"}},
	},
	"fr": {
		Headings: map[string][]string{
			"the_space":      {"l appartement", "la maison", "le logement", "l espace"},
			"guest_access":   {"accès"},
			"neighbourhood":  {"le quartier", "quartier", "emplacement", "localisation", "les environs", "à proximité"},
			"getting_around": {"comment venir", "transports", "se déplacer", "accès transports"},
			"house_rules":    {"règlement", "règles", "à savoir", "important", "remarques"},
		},
		Content: map[string][]string{
			"the_space":      {"chambre", "chambres", "salon", "séjour", "salle de bain", "salle d eau", "cuisine", "canapé", "lit"},
			"guest_access":   {"accès à tout", "accès exclusif", "à votre disposition", "entrée indépendante", "entrée privée", "tout le logement", "partag*"},
			"neighbourhood":  {"quartier", "restaurants", "commerces", "boulangerie", "supermarché", "à proximité", "à deux pas", "près"},
			"getting_around": {"bus", "métro", "tram", "train", "taxi", "aéroport", "gare", "à pied", "voiture"},
			"house_rules":    {"non fumeur", "interdit de fumer", "fêtes", "soirées", "silence", "check out", "départ", "animaux", "règlement"},
		},
		CheckIn: append([]string{"arrivée autonome", "boîte à clés", "boîte à clé", "boite à clés", "digicode", "serrure connectée", "code",
			"remise des clés", "accueil", "nous vous accueillerons"}, checkInCommon...),
		Parking:   []string{"parking", "stationnement", "se garer", "garer", "garage", "place de parking"},
		Wifi:      []string{"wifi", "wi fi", "internet", "fibre"},
		Workspace: []string{"espace de travail", "bureau", "télétravail", "travailler"},
		Keywords: map[string][]string{
			"hot_tub": {"jacuzzi", "spa", "bain à remous"}, "pool": {"piscine"}, "view": {"vue"}, "waterfront": {"bord de mer", "front de mer", "pieds dans l eau"},
			"free_parking": {"parking", "stationnement", "garage"}, "workspace": {"espace de travail", "bureau", "télétravail"},
			"fireplace": {"cheminée"}, "sauna": {"sauna"}, "outdoor_space": {"terrasse", "balcon", "jardin", "patio", "cour"},
			"pets": {"animaux acceptés", "animaux", "chiens acceptés"}, "ev_charger": {"borne de recharge"},
			"self_check_in": {"arrivée autonome", "boîte à clés", "digicode", "serrure connectée"}, "gym": {"salle de sport", "fitness"},
			"bbq": {"barbecue"}, "washer": {"lave-linge", "machine à laver"}, "private_entrance": {"entrée indépendante", "entrée privée"},
		},
		Nouns: map[string][]string{"apartment": {"appartement", "logement"}, "home": {"maison", "logement"}, "house": {"maison"},
			"studio": {"studio"}, "loft": {"loft"}, "condo": {"appartement"}, "villa": {"villa"}, "chalet": {"chalet"}, "cabin": {"cabane", "chalet"},
			"townhouse": {"maison de ville"}, "private room": {"chambre"}, "suite": {"suite"}, "guest suite": {"suite"},
			"vacation home": {"maison de vacances", "gîte"}, "cottage": {"gîte", "cottage"}, "guesthouse": {"maison d hôtes"}},
	},
	"de": {
		Headings: map[string][]string{
			"the_space":      {"die wohnung", "das haus", "die unterkunft", "unterkunft", "räumlichkeiten"},
			"guest_access":   {"zugang"},
			"neighbourhood":  {"lage", "die lage", "umgebung", "die umgebung", "nachbarschaft"},
			"getting_around": {"anreise", "verkehrsanbindung", "öffentliche verkehrsmittel"},
			"house_rules":    {"hausregeln", "regeln", "hinweise", "wichtig", "gut zu wissen"},
		},
		Content: map[string][]string{
			"the_space":      {"schlafzimmer", "wohnzimmer", "badezimmer", "bad", "küche", "sofa", "bett", "doppelbett"},
			"guest_access":   {"zur alleinigen nutzung", "zur verfügung", "eigener eingang", "separater eingang", "ganze wohnung", "gemeinsam genutzt*"},
			"neighbourhood":  {"restaurants", "geschäfte", "supermarkt", "bäckerei", "in der nähe", "nähe", "wenige schritte", "fußläufig"},
			"getting_around": {"bus", "u bahn", "s bahn", "straßenbahn", "tram", "bahnhof", "flughafen", "taxi", "zu fuß", "auto"},
			"house_rules":    {"rauchen verboten", "nichtraucher", "partys", "ruhezeiten", "check out", "abreise", "haustiere", "hausordnung"},
		},
		CheckIn: append([]string{"self check in", "schlüsselbox", "schlüsseltresor", "schlüsselkasten", "zahlenschloss", "code", "schlüsselübergabe",
			"persönlich empfangen", "empfangen wir", "begrüßen wir"}, checkInCommon...),
		Parking:   []string{"parkplatz", "parkplätze", "parken", "garage", "tiefgarage", "stellplatz", "parkhaus", "parking"},
		Wifi:      []string{"wlan", "wifi", "wi fi", "internet"},
		Workspace: []string{"arbeitsplatz", "schreibtisch", "homeoffice", "home office", "arbeiten"},
		Keywords: map[string][]string{
			"hot_tub": {"whirlpool", "jacuzzi", "hot tub"}, "pool": {"pool", "schwimmbad", "swimmingpool"}, "view": {"blick", "aussicht"},
			"waterfront":   {"direkt am wasser", "direkt am see", "direkt am meer", "seeblick"},
			"free_parking": {"parkplatz", "stellplatz", "garage"}, "workspace": {"arbeitsplatz", "schreibtisch", "homeoffice"},
			"fireplace": {"kamin"}, "sauna": {"sauna"}, "outdoor_space": {"terrasse", "balkon", "garten", "dachterrasse"},
			"pets": {"haustiere erlaubt", "haustiere", "hunde erlaubt"}, "ev_charger": {"ladestation", "wallbox"},
			"self_check_in": {"Self-Check-in", "Schlüsselbox", "Schlüsseltresor", "Zahlenschloss"}, "gym": {"fitnessraum", "fitnessstudio"},
			"bbq": {"grill", "grillen"}, "washer": {"waschmaschine"}, "private_entrance": {"eigener eingang", "separater eingang"},
		},
		Nouns: map[string][]string{"apartment": {"wohnung", "ferienwohnung", "apartment", "appartement"}, "home": {"haus", "ferienhaus"},
			"house": {"haus"}, "studio": {"studio", "einzimmerwohnung"}, "loft": {"loft"}, "condo": {"wohnung"}, "villa": {"villa"},
			"chalet": {"chalet"}, "cabin": {"hütte"}, "townhouse": {"reihenhaus", "stadthaus"}, "private room": {"zimmer"}, "suite": {"suite"},
			"guest suite": {"suite", "einliegerwohnung"}, "vacation home": {"ferienhaus"}, "cottage": {"ferienhaus", "cottage"}, "guesthouse": {"pension", "gästehaus"}},
	},
	"nl": {
		Headings: map[string][]string{
			"the_space":      {"het appartement", "het huis", "de woning", "de accommodatie", "ruimte"},
			"guest_access":   {"toegang"},
			"neighbourhood":  {"de buurt", "buurt", "omgeving", "de omgeving", "locatie", "ligging"},
			"getting_around": {"vervoer", "bereikbaarheid", "openbaar vervoer"},
			"house_rules":    {"huisregels", "regels", "goed om te weten", "belangrijk", "opmerkingen"},
		},
		Content: map[string][]string{
			"the_space":      {"slaapkamer", "slaapkamers", "woonkamer", "badkamer", "keuken", "bank", "bed", "tweepersoonsbed"},
			"guest_access":   {"toegang tot het hele", "tot jullie beschikking", "tot uw beschikking", "eigen ingang", "privé ingang", "hele appartement", "hele huis", "gedeeld*"},
			"neighbourhood":  {"restaurants", "winkels", "supermarkt", "bakker", "in de buurt", "dichtbij", "op loopafstand"},
			"getting_around": {"bus", "metro", "tram", "trein", "station", "luchthaven", "schiphol", "taxi", "lopen", "fiets", "auto"},
			"house_rules":    {"niet roken", "rookvrij", "feesten", "stilte", "check out", "uitchecken", "huisdieren", "huisregels"},
		},
		CheckIn:   append([]string{"zelf inchecken", "sleutelkastje", "sleutelkluis", "code", "sleuteloverdracht", "inchecken", "ontvangen we", "verwelkomen"}, checkInCommon...),
		Parking:   []string{"parkeren", "parkeerplaats", "parkeerplaatsen", "parkeergarage", "oprit", "garage", "parking"},
		Wifi:      []string{"wifi", "wi fi", "internet", "wlan"},
		Workspace: []string{"werkplek", "bureau", "thuiswerken", "werken"},
		Keywords: map[string][]string{
			"hot_tub": {"bubbelbad", "jacuzzi", "hottub"}, "pool": {"zwembad"}, "view": {"uitzicht"}, "waterfront": {"aan het water", "aan zee", "aan het strand"},
			"free_parking": {"gratis parkeren", "parkeerplaats", "parkeren", "oprit"}, "workspace": {"werkplek", "bureau", "thuiswerken"},
			"fireplace": {"open haard", "haard"}, "sauna": {"sauna"}, "outdoor_space": {"terras", "balkon", "tuin", "dakterras"},
			"pets": {"huisdieren toegestaan", "huisdieren", "honden welkom"}, "ev_charger": {"laadpaal"},
			"self_check_in": {"zelf inchecken", "sleutelkastje", "sleutelkluis"}, "gym": {"sportschool", "fitness"},
			"bbq": {"barbecue", "bbq"}, "washer": {"wasmachine"}, "private_entrance": {"eigen ingang", "privé ingang"},
		},
		Nouns: map[string][]string{"apartment": {"appartement", "woning"}, "home": {"huis", "woning", "vakantiehuis"}, "house": {"huis"},
			"studio": {"studio"}, "loft": {"loft"}, "condo": {"appartement"}, "villa": {"villa"}, "chalet": {"chalet"}, "cabin": {"hut", "blokhut"},
			"townhouse": {"rijtjeshuis", "herenhuis"}, "private room": {"kamer"}, "suite": {"suite"}, "guest suite": {"suite"},
			"vacation home": {"vakantiehuis"}, "cottage": {"cottage", "vakantiehuisje"}, "guesthouse": {"gastenverblijf", "pension"}},
	},
	"el": {
		Headings: map[string][]string{
			"the_space":      {"το διαμέρισμα", "το σπίτι", "ο χώρος", "το κατάλυμα"},
			"guest_access":   {"πρόσβαση"},
			"neighbourhood":  {"η γειτονιά", "γειτονιά", "τοποθεσία", "η περιοχή", "περιοχή"},
			"getting_around": {"μετακίνηση", "μεταφορές", "πώς θα έρθετε"},
			"house_rules":    {"κανόνες", "κανόνες σπιτιού", "σημαντικό", "σημειώσεις"},
		},
		Content: map[string][]string{
			"the_space":      {"υπνοδωμάτιο", "υπνοδωμάτια", "κρεβατοκάμαρα", "σαλόνι", "μπάνιο", "κουζίνα", "καναπές", "κρεβάτι"},
			"guest_access":   {"αποκλειστική χρήση", "στη διάθεσή σας", "ιδιωτική είσοδο", "ανεξάρτητη είσοδο", "ολόκληρο το", "κοινόχρηστ*"},
			"neighbourhood":  {"γειτονιά", "εστιατόρια", "καταστήματα", "σούπερ μάρκετ", "κοντά", "λίγα βήματα", "απόσταση"},
			"getting_around": {"λεωφορείο", "μετρό", "τραμ", "ταξί", "αεροδρόμιο", "σταθμό", "σταθμός", "με τα πόδια", "αυτοκίνητο"},
			"house_rules":    {"απαγορεύεται το κάπνισμα", "κάπνισμα", "πάρτι", "ησυχία", "check out", "κατοικίδια", "κανόνες"},
		},
		CheckIn:   append([]string{"αυτόνομο check in", "κλειδοθήκη", "κωδικός", "κωδικό", "παράδοση κλειδιών", "θα σας υποδεχτούμε", "υποδοχή"}, checkInCommon...),
		Parking:   []string{"πάρκινγκ", "στάθμευση", "στάθμευσης", "χώρος στάθμευσης", "θέση στάθμευσης", "γκαράζ", "parking", "παρκάρετε", "παρκάρισμα"},
		Wifi:      []string{"wifi", "wi fi", "internet", "ίντερνετ", "ασύρματο"},
		Workspace: []string{"χώρος εργασίας", "γραφείο", "τηλεργασία", "εργασία"},
		Keywords: map[string][]string{
			"hot_tub": {"τζακούζι", "υδρομασάζ", "jacuzzi"}, "pool": {"πισίνα"}, "view": {"θέα"}, "waterfront": {"δίπλα στη θάλασσα", "πάνω στη θάλασσα", "μπροστά στη θάλασσα"},
			"free_parking": {"πάρκινγκ", "στάθμευση", "χώρος στάθμευσης"}, "workspace": {"χώρος εργασίας", "γραφείο"},
			"fireplace": {"τζάκι"}, "sauna": {"σάουνα"}, "outdoor_space": {"βεράντα", "μπαλκόνι", "κήπος", "ταράτσα", "αυλή"},
			"pets": {"κατοικίδια"}, "ev_charger": {"φορτιστής ηλεκτρικού αυτοκινήτου"},
			"self_check_in": {"αυτόνομο check-in", "self check-in", "κλειδοθήκη"}, "gym": {"γυμναστήριο"},
			"bbq": {"ψησταριά", "μπάρμπεκιου"}, "washer": {"πλυντήριο ρούχων", "πλυντήριο"}, "private_entrance": {"ιδιωτική είσοδος", "ανεξάρτητη είσοδος"},
		},
		Nouns: map[string][]string{"apartment": {"διαμέρισμα"}, "home": {"σπίτι", "κατοικία"}, "house": {"σπίτι", "μονοκατοικία"},
			"studio": {"στούντιο", "γκαρσονιέρα"}, "loft": {"loft", "σοφίτα"}, "condo": {"διαμέρισμα"}, "villa": {"βίλα"}, "chalet": {"σαλέ"},
			"cabin": {"καλύβα"}, "townhouse": {"μεζονέτα"}, "private room": {"δωμάτιο"}, "suite": {"σουίτα"}, "guest suite": {"σουίτα"},
			"vacation home": {"εξοχικό", "εξοχική κατοικία"}, "cottage": {"εξοχικό"}, "guesthouse": {"ξενώνας"}},
	},
}

// textLangFor is the vocabulary for lang ("" meaning English), nil when
// ListingLift has none for it.
func textLangFor(lang string) *textLang {
	return textLangs[prose.Lang(lang).Code()]
}

// MentionTopics are the topics MentionIn can look for.
const (
	TopicCheckIn   = "check-in"
	TopicParking   = "parking"
	TopicWifi      = "wifi"
	TopicWorkspace = "workspace"
)

// MentionIn reports whether s, written in lang, mentions topic (check-in
// method, parking, wifi or a workspace), with the words found. known is
// false when ListingLift has no word list for lang: then nothing can be
// said about absence.
func MentionIn(lang, topic, s string) (phrase string, found, known bool) {
	tl := textLangFor(lang)
	if tl == nil {
		return "", false, false
	}
	var list []string
	switch topic {
	case TopicCheckIn:
		list = tl.CheckIn
	case TopicParking:
		list = tl.Parking
	case TopicWifi:
		list = tl.Wifi
	case TopicWorkspace:
		list = tl.Workspace
	default:
		return "", false, false
	}
	if p, ok := newText(s).hasAny(list...); ok {
		return LineWith(s, p), true, true
	}
	return "", false, true
}

// foldPhrases writes phrases as text.has matches them (Words joined by
// spaces: lower case, accents folded), keeping a final "*" (a prefix).
func foldPhrases(list []string) []string {
	out := make([]string, 0, len(list))
	for _, p := range list {
		var ws []string
		for _, f := range strings.Fields(p) {
			star := strings.HasSuffix(f, "*")
			w := strings.Join(prose.Words(strings.TrimSuffix(f, "*")), " ")
			if star {
				w += "*"
			}
			ws = append(ws, w)
		}
		if len(ws) > 0 {
			out = append(out, strings.Join(ws, " "))
		}
	}
	return out
}

func foldMap(m map[string][]string) {
	for k, v := range m {
		m[k] = foldPhrases(v)
	}
}

// featureWords are, by titleDifferentiators key, the words that name the
// feature in every language we read (the text languages' keywords and the
// amenity catalogue's local names), as text.has matches them.
var featureWords = map[string][]string{}

// The lists are written as hosts write the words; they are matched folded.
func init() {
	for _, tl := range textLangs {
		for k, words := range tl.Keywords {
			featureWords[k] = append(featureWords[k], foldPhrases(words)...)
		}
	}
	for k, byLang := range localNames {
		for _, names := range byLang {
			featureWords[k] = append(featureWords[k], phrases(names)...)
		}
	}
	foldMap(airbnbHeadings)
	for _, tl := range textLangs {
		foldMap(tl.Headings)
		foldMap(tl.Content)
		tl.CheckIn, tl.Parking = foldPhrases(tl.CheckIn), foldPhrases(tl.Parking)
		tl.Wifi, tl.Workspace = foldPhrases(tl.Wifi), foldPhrases(tl.Workspace)
	}
}

// LineWith is the sentence (or line) of s in which phrase (folded, as text.has takes it)
// occurs, trimmed and cut to 80 characters: the host's own words, quoted
// as evidence ("Estacionamento:" → parking). "" when none has it.
func LineWith(s, phrase string) string {
	for _, sent := range prose.Sentences(s) {
		if newText(sent).has(phrase) {
			return prose.CutRunes(strings.TrimSpace(sent), 80)
		}
	}
	return ""
}
