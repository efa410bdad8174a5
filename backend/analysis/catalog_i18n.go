package analysis

import (
	"sort"
	"strings"

	"github.com/listinglift/listinglift/backend/prose"
)

// AmenityLanguages are the languages the amenity catalogue reads ("" and
// "en" are English, in Catalog itself): a listing in another language is
// not told an amenity is missing, because we could not have recognised it.
var AmenityLanguages = []string{"en", "pt", "es", "it", "fr", "de", "nl", "el"}

// localNames are amenity names as listings in Portuguese, Spanish,
// Italian, French, German, Dutch and Greek write them — the words the
// sites' own amenity lists use ("Allarme antincendio", "Básico",
// "Estacionamento gratuito na rua") and common host wordings — by catalog
// key and language. They are matched like AmenityDef.Match (whole words,
// accents folded, the longest matching name wins), so "Máquina de lavar"
// is the washer and "Máquina de lavar louça" the dishwasher. English names
// stay in the Catalog.
var localNames = map[string]map[string][]string{
	"wifi": {
		"pt": {"wi-fi", "internet sem fio", "acesso wi-fi", "wifi gratuito"},
		"es": {"wifi", "conexión inalámbrica", "wifi gratis"},
		"it": {"rete wi-fi", "connessione wifi", "wifi gratuito"},
		"fr": {"connexion sans fil", "connexion wi-fi", "wi-fi gratuit"},
		"de": {"wlan", "kostenloses wlan"},
		"nl": {"gratis wifi", "draadloos internet"},
		"el": {"ασύρματο internet", "δωρεάν wifi"},
	},
	"kitchen": {
		"pt": {"cozinha"}, "es": {"cocina"}, "it": {"cucina", "angolo cottura"}, "fr": {"cuisine", "coin cuisine", "kitchenette"},
		"de": {"küche", "kochnische"}, "nl": {"keuken", "kitchenette"}, "el": {"κουζίνα", "κουζινούλα"},
	},
	"cooking_basics": {
		"pt": {"itens básicos de cozinha", "utensílios de cozinha"}, "es": {"utensilios básicos de cocina", "utensilios de cocina"},
		"it": {"utensili da cucina", "elementi di base per cucinare"}, "fr": {"équipements de cuisine de base", "ustensiles de cuisine"},
		"de": {"kochgrundausstattung", "küchengrundausstattung"}, "nl": {"basisbenodigdheden voor het koken", "kookgerei"}, "el": {"βασικά μαγειρικά σκεύη"},
	},
	"air_conditioning": {
		"pt": {"ar condicionado", "ar-condicionado"}, "es": {"aire acondicionado"}, "it": {"aria condizionata", "condizionatore"},
		"fr": {"climatisation", "climatiseur"}, "de": {"klimaanlage", "klimatisiert"}, "nl": {"airconditioning", "airco"}, "el": {"κλιματισμός", "κλιματιστικό"},
	},
	"washer": {
		"pt": {"máquina de lavar", "máquina de lavar roupa", "lavadora"}, "es": {"lavadora"}, "it": {"lavatrice"},
		"fr": {"lave-linge", "machine à laver"}, "de": {"waschmaschine"}, "nl": {"wasmachine"}, "el": {"πλυντήριο ρούχων"},
	},
	"dryer": {
		"pt": {"secadora", "secadora de roupa", "máquina de secar"}, "es": {"secadora"}, "it": {"asciugatrice"},
		"fr": {"sèche-linge"}, "de": {"wäschetrockner", "trockner"}, "nl": {"droger", "wasdroger"}, "el": {"στεγνωτήριο"},
	},
	"heating": {
		"pt": {"aquecimento", "aquecedor"}, "es": {"calefacción"}, "it": {"riscaldamento"}, "fr": {"chauffage"},
		"de": {"heizung"}, "nl": {"verwarming"}, "el": {"θέρμανση"},
	},
	// Airbnb's "Essentials" (towels, bed sheets, soap, toilet paper) is
	// "Básico" on Portuguese pages and "Servizi di base" on Italian ones.
	"essentials": {
		"pt": {"básico", "itens básicos", "artigos básicos"}, "es": {"elementos básicos", "artículos básicos", "esenciales"},
		"it": {"servizi di base", "beni di prima necessità", "beni essenziali"}, "fr": {"produits de base", "équipements de base", "essentiels"},
		"de": {"grundausstattung", "basisausstattung"}, "nl": {"essentiële voorzieningen", "basisbenodigdheden"},
		"el": {"βασικά είδη", "είδη πρώτης ανάγκης"},
	},
	"bed_linens": {
		"pt": {"roupa de cama", "roupas de cama"}, "es": {"ropa de cama"}, "it": {"biancheria da letto"}, "fr": {"linge de lit", "draps"},
		"de": {"bettwäsche"}, "nl": {"beddengoed", "bedlinnen"}, "el": {"σεντόνια", "κλινοσκεπάσματα"},
	},
	"smoke_alarm": {
		"pt": {"detector de fumaça", "detector de fumo", "alarme de fumaça", "alarme de fumo"},
		"es": {"detector de humo", "alarma de humo", "detector de incendios"},
		"it": {"allarme antincendio", "rilevatore di fumo", "rivelatore di fumo", "allarme fumo"},
		"fr": {"détecteur de fumée", "alarme incendie", "alarme de fumée"}, "de": {"rauchmelder", "rauchwarnmelder"},
		"nl": {"rookmelder", "brandalarm"}, "el": {"ανιχνευτής καπνού", "συναγερμός καπνού"},
	},
	"co_alarm": {
		"pt": {"alarme de monóxido de carbono", "detector de monóxido de carbono"}, "es": {"detector de monóxido de carbono", "alarma de monóxido de carbono"},
		"it": {"rilevatore di monossido di carbonio"}, "fr": {"détecteur de monoxyde de carbone"}, "de": {"kohlenmonoxidmelder", "co-melder"},
		"nl": {"koolmonoxidemelder"}, "el": {"ανιχνευτής μονοξειδίου του άνθρακα"},
	},
	"hair_dryer": {
		"pt": {"secador de cabelo"}, "es": {"secador de pelo", "secador"}, "it": {"asciugacapelli", "phon"}, "fr": {"sèche-cheveux"},
		"de": {"haartrockner", "föhn", "fön"}, "nl": {"haardroger", "föhn"}, "el": {"πιστολάκι μαλλιών", "σεσουάρ"},
	},
	"iron": {
		"pt": {"ferro de passar"}, "es": {"plancha"}, "it": {"ferro da stiro"}, "fr": {"fer à repasser"}, "de": {"bügeleisen"},
		"nl": {"strijkijzer"}, "el": {"σίδερο"},
	},
	"tv": {
		"pt": {"tv", "televisão"}, "es": {"tv", "televisión"}, "it": {"tv", "televisore", "televisione"}, "fr": {"télévision", "tv"},
		"de": {"fernseher", "tv"}, "nl": {"televisie", "tv"}, "el": {"τηλεόραση"},
	},
	"coffee_maker": {
		"pt": {"cafeteira", "máquina de café", "chá e café"}, "es": {"cafetera", "máquina de café"},
		"it": {"macchina per il caffè", "macchina da caffè", "macchina per espresso", "macchinetta del caffè", "macchina del caffè"},
		"fr": {"cafetière", "machine à café", "machine à expresso"}, "de": {"kaffeemaschine", "espressomaschine"},
		"nl": {"koffiezetapparaat", "espressomachine", "koffie/theefaciliteiten"}, "el": {"καφετιέρα", "μηχανή εσπρέσο"},
	},
	// Parking is four things, kept apart: free on the premises, free on the
	// street, paid (on or off the premises), and parking whose charge the
	// name does not state ("Parking", "Parcheggio privato"). The longest
	// matching name wins, so "Estacionamento gratuito na rua" is street
	// parking, not "estacionamento gratuito".
	"free_parking": {
		"pt": {"estacionamento gratuito", "estacionamento gratuito na propriedade", "garagem residencial gratuita", "garagem gratuita", "vaga gratuita"},
		"es": {"estacionamiento gratuito", "aparcamiento gratuito", "parking gratuito", "estacionamiento gratuito en las instalaciones", "aparcamiento gratuito en el alojamiento"},
		"it": {"parcheggio gratuito", "parcheggio gratuito in loco", "parcheggio gratuito nella proprietà", "garage gratuito"},
		"fr": {"parking gratuit", "parking gratuit sur place", "stationnement gratuit sur place"},
		"de": {"kostenloser parkplatz", "kostenlose parkplätze", "kostenloser parkplatz auf dem grundstück"},
		"nl": {"gratis parkeren", "gratis parkeerplaats", "gratis parkeren op het terrein"}, "el": {"δωρεάν χώρος στάθμευσης", "δωρεάν στάθμευση"},
	},
	"street_parking": {
		"pt": {"estacionamento gratuito na rua", "estacionamento na rua"},
		"es": {"estacionamiento gratuito en la calle", "aparcamiento gratuito en la calle", "aparcamiento en la calle", "estacionamiento en la calle"},
		"it": {"parcheggio gratuito in strada", "parcheggio in strada", "parcheggio gratuito per strada"},
		"fr": {"stationnement gratuit dans la rue", "parking gratuit dans la rue", "stationnement dans la rue"},
		"de": {"kostenloses parken an der straße", "kostenlose parkplätze an der straße", "parken an der straße"},
		"nl": {"gratis parkeren op straat", "parkeren op straat"}, "el": {"δωρεάν στάθμευση στο δρόμο"},
	},
	"paid_parking": {
		"pt": {"estacionamento pago", "estacionamento pago na propriedade", "estacionamento pago fora da propriedade", "garagem paga"},
		"es": {"estacionamiento de pago", "aparcamiento de pago", "parking de pago"},
		"it": {"parcheggio a pagamento", "parcheggio a pagamento in loco", "parcheggio a pagamento fuori sede"},
		"fr": {"parking payant", "parking payant sur place", "parking payant à l'extérieur"},
		"de": {"kostenpflichtiger parkplatz", "kostenpflichtige parkplätze", "parken gegen gebühr"},
		"nl": {"betaald parkeren", "betaalde parkeerplaats"}, "el": {"στάθμευση επί πληρωμή"},
	},
	"parking": {
		"pt": {"estacionamento", "garagem", "estacionamento privativo"}, "es": {"estacionamiento", "aparcamiento", "parking privado"},
		"it": {"parcheggio", "parcheggio privato", "box auto"}, "fr": {"parking privé", "stationnement"},
		"de": {"parkplatz", "privatparkplatz", "garage"}, "nl": {"parkeergelegenheid", "privéparkeergelegenheid", "privé parkeren"},
		"el": {"χώρος στάθμευσης", "ιδιωτικός χώρος στάθμευσης"},
	},
	"self_check_in": {
		"pt": {"self check-in", "check-in autônomo", "cofre de chaves", "fechadura inteligente", "teclado numérico", "fechadura eletrônica"},
		"es": {"llegada autónoma", "entrada autónoma", "caja de seguridad para llaves", "cerradura inteligente", "teclado numérico"},
		"it": {"self check-in", "check-in autonomo", "cassetta per le chiavi", "serratura intelligente", "serratura smart", "tastierino numerico"},
		"fr": {"arrivée autonome", "boîte à clé sécurisée", "boîte à clés", "serrure connectée", "serrure intelligente", "digicode"},
		"de": {"self-check-in", "schlüsselsafe", "schlüsselbox", "smartes schloss", "tastenfeld"},
		"nl": {"zelf inchecken", "sleutelkluis", "slim slot", "toetsenblok"}, "el": {"αυτόνομο check-in", "θυρίδα κλειδιών", "έξυπνη κλειδαριά"},
	},
	"workspace": {
		"pt": {"espaço de trabalho", "espaço de trabalho exclusivo"}, "es": {"zona de trabajo", "espacio de trabajo"},
		"it": {"spazio di lavoro", "spazio dedicato al lavoro", "zona di lavoro"}, "fr": {"espace de travail", "espace de travail dédié"},
		"de": {"arbeitsplatz", "arbeitsbereich"}, "nl": {"werkplek", "werkruimte"}, "el": {"χώρος εργασίας"},
	},
	"pool": {
		"pt": {"piscina"}, "es": {"piscina", "alberca"}, "it": {"piscina"}, "fr": {"piscine"}, "de": {"schwimmbad", "pool"}, "nl": {"zwembad"}, "el": {"πισίνα"},
	},
	"hot_tub": {
		"pt": {"banheira de hidromassagem", "hidromassagem", "jacuzzi", "ofurô"}, "es": {"bañera de hidromasaje", "hidromasaje", "jacuzzi"},
		"it": {"vasca idromassaggio", "idromassaggio", "jacuzzi"}, "fr": {"bain à remous", "jacuzzi"}, "de": {"whirlpool"},
		"nl": {"bubbelbad", "jacuzzi"}, "el": {"υδρομασάζ", "τζακούζι"},
	},
	"crib": {
		"pt": {"berço", "berço portátil"}, "es": {"cuna", "cuna de viaje"}, "it": {"culla", "lettino", "culla da viaggio"},
		"fr": {"lit pour bébé", "lit parapluie"}, "de": {"babybett", "kinderbett", "reisebett"}, "nl": {"babybedje", "kinderbed", "campingbedje"},
		"el": {"κούνια", "βρεφική κούνια"},
	},
	"high_chair": {
		"pt": {"cadeirão", "cadeira alta", "cadeira de alimentação"}, "es": {"trona"}, "it": {"seggiolone"}, "fr": {"chaise haute"},
		"de": {"hochstuhl", "kinderhochstuhl"}, "nl": {"kinderstoel"}, "el": {"καρεκλάκι φαγητού"},
	},
	"dishwasher": {
		"pt": {"lava-louças", "máquina de lavar louça", "máquina de lavar loiça"}, "es": {"lavavajillas", "lavaplatos"}, "it": {"lavastoviglie"},
		"fr": {"lave-vaisselle"}, "de": {"geschirrspüler", "spülmaschine"}, "nl": {"vaatwasser", "vaatwasmachine"}, "el": {"πλυντήριο πιάτων"},
	},
	"first_aid": {
		"pt": {"kit de primeiros socorros", "primeiros socorros"}, "es": {"botiquín", "botiquín de primeros auxilios"},
		"it": {"kit di primo soccorso", "kit di pronto soccorso", "cassetta di pronto soccorso"}, "fr": {"trousse de premiers secours", "trousse de secours", "kit de premiers secours"},
		"de": {"erste-hilfe-set", "erste-hilfe-kasten"}, "nl": {"ehbo-kit", "ehbo-doos", "verbanddoos"}, "el": {"κουτί πρώτων βοηθειών"},
	},
	"fire_extinguisher": {
		"pt": {"extintor de incêndio", "extintor"}, "es": {"extintor"}, "it": {"estintore"}, "fr": {"extincteur"}, "de": {"feuerlöscher"},
		"nl": {"brandblusser"}, "el": {"πυροσβεστήρας"},
	},
	"pets": {
		"pt": {"permitido animais", "animais permitidos", "animais de estimação permitidos", "aceita animais"},
		"es": {"se admiten mascotas", "mascotas permitidas", "admite mascotas"},
		"it": {"animali ammessi", "animali domestici ammessi", "ammessi animali domestici"},
		"fr": {"animaux acceptés", "animaux de compagnie acceptés", "animaux autorisés"}, "de": {"haustiere erlaubt", "haustiere willkommen"},
		"nl": {"huisdieren toegestaan"}, "el": {"επιτρέπονται κατοικίδια", "επιτρέπονται τα κατοικίδια"},
	},
	"long_term": {
		"pt": {"estadias de longa duração são permitidas", "estadias de longa duração", "estadias longas"}, "es": {"se permiten estancias largas", "estancias largas"},
		"it": {"soggiorni a lungo termine consentiti", "soggiorni lunghi consentiti", "soggiorni lunghi"},
		"fr": {"séjours longue durée autorisés", "séjours longue durée"},
		"de": {"langzeitaufenthalte möglich", "langzeitaufenthalte erlaubt", "langzeitaufenthalte"}, "nl": {"lange verblijven toegestaan"},
		"el": {"επιτρέπονται μακροχρόνιες διαμονές"},
	},
	"private_entrance": {
		"pt": {"entrada privada", "entrada privativa", "entrada independente"}, "es": {"entrada privada", "entrada independiente"},
		"it": {"ingresso privato", "ingresso indipendente"}, "fr": {"entrée privée", "entrée indépendante"}, "de": {"privater eingang", "separater eingang", "eigener eingang"},
		"nl": {"eigen ingang", "privé-ingang"}, "el": {"ιδιωτική είσοδος"},
	},
	"lock_on_door": {
		"pt": {"fechadura na porta do quarto", "tranca na porta do quarto", "fechadura no quarto"},
		"es": {"cerradura en la puerta del dormitorio", "pestillo en la puerta del dormitorio", "cerradura en la puerta de la habitación"},
		"it": {"serratura della porta della camera da letto", "serratura sulla porta della camera da letto", "serratura alla porta della camera", "serratura sulla porta della camera"},
		"fr": {"verrou sur la porte de la chambre", "serrure sur la porte de la chambre"},
		"de": {"schloss an der schlafzimmertür", "abschließbare schlafzimmertür"}, "nl": {"slot op de slaapkamerdeur"},
		"el": {"κλειδαριά στην πόρτα του υπνοδωματίου"},
	},
	"room_darkening": {
		"pt": {"blackout nas cortinas", "cortinas blackout"}, "es": {"persianas opacas", "cortinas opacas"}, "it": {"tende oscuranti", "oscuranti"},
		"fr": {"stores occultants", "rideaux occultants"}, "de": {"verdunkelungsvorhänge", "verdunkelungsrollos"}, "nl": {"verduisterende gordijnen"},
		"el": {"κουρτίνες συσκότισης"},
	},
	"bbq": {
		"pt": {"churrasqueira"}, "es": {"barbacoa", "parrilla"}, "it": {"barbecue", "griglia"}, "fr": {"barbecue"}, "de": {"grill"},
		"nl": {"barbecue"}, "el": {"ψησταριά"},
	},
	// Cooking tools for a barbecue are not a grill.
	"bbq_utensils": {
		"pt": {"utensílios para churrasco"}, "es": {"utensilios para barbacoa"}, "it": {"utensili per barbecue"}, "fr": {"ustensiles de barbecue"},
		"de": {"grillutensilien", "grillzubehör"}, "nl": {"barbecuegerei"},
	},
	"fireplace": {
		"pt": {"lareira"}, "es": {"chimenea"}, "it": {"camino", "caminetto"}, "fr": {"cheminée"}, "de": {"kamin", "kaminofen"}, "nl": {"open haard"}, "el": {"τζάκι"},
	},
	"outdoor_space": {
		"pt": {"varanda", "terraço", "quintal", "jardim", "pátio ou varanda", "área de jantar externa"},
		"es": {"terraza", "balcón", "jardín", "patio", "comedor al aire libre"},
		"it": {"terrazza", "balcone", "giardino", "patio", "zona pranzo all'aperto"},
		"fr": {"terrasse", "balcon", "jardin", "patio", "coin repas extérieur"}, "de": {"balkon", "garten", "terrasse", "essbereich im freien"},
		"nl": {"tuin", "balkon", "terras", "patio"}, "el": {"βεράντα", "μπαλκόνι", "κήπος"},
	},
	// A view is "Vista para o jardim", "Vista sul mare": the longest name
	// wins, so a garden or pool view is not a garden or a pool.
	"view": {
		"pt": {"vista para", "vista"}, "es": {"vista a", "vista al", "vistas a", "vistas al", "vistas"}, "it": {"vista su", "vista sul", "vista sulla", "vista"},
		"fr": {"vue sur", "vue"}, "de": {"blick auf", "aussicht auf", "aussicht"}, "nl": {"uitzicht op"}, "el": {"θέα"},
	},
	"waterfront": {
		"pt": {"acesso à praia", "acesso particular à praia", "à beira-mar", "beira-mar", "pé na areia", "frente para o mar"}, "es": {"acceso a la playa", "frente a la playa", "primera línea de playa", "frente al mar", "primera línea de mar", "primera línea"},
		"it": {"fronte spiaggia", "fronte mare", "accesso alla spiaggia", "spiaggia privata"}, "fr": {"accès à la plage", "front de mer", "bord de mer", "pieds dans l'eau", "plage privée", "bord de l'eau"},
		"de": {"strandzugang", "direkt am strand", "direkt am meer", "direkt am wasser", "privatstrand"}, "nl": {"aan het strand", "toegang tot het strand", "privéstrand"},
		"el": {"πρόσβαση στην παραλία", "ιδιωτική παραλία"},
	},
	"gym": {
		"pt": {"academia", "centro de fitness", "ginásio"}, "es": {"gimnasio", "centro de fitness"}, "it": {"palestra", "centro fitness"},
		"fr": {"salle de sport", "salle de gym", "centre de remise en forme", "salle de fitness"}, "de": {"fitnessraum", "fitnesscenter", "fitnessstudio"},
		"nl": {"sportschool", "fitnessruimte", "fitnesscentrum", "gym"}, "el": {"γυμναστήριο"},
	},
	"sauna": {"pt": {"sauna"}, "es": {"sauna"}, "it": {"sauna"}, "fr": {"sauna"}, "de": {"sauna"}, "nl": {"sauna"}, "el": {"σάουνα"}},
	"beach_essentials": {
		"pt": {"itens básicos de praia"}, "es": {"artículos básicos de playa", "artículos de playa"}, "it": {"articoli da spiaggia"},
		"fr": {"articles de plage"}, "de": {"strandausstattung"}, "nl": {"strandbenodigdheden"},
	},
	"hot_water": {
		"pt": {"água quente"}, "es": {"agua caliente"}, "it": {"acqua calda"}, "fr": {"eau chaude"}, "de": {"warmwasser", "heißes wasser"},
		"nl": {"warm water"}, "el": {"ζεστό νερό"},
	},
	"kettle": {
		"pt": {"chaleira", "chaleira de água quente", "chaleira elétrica"}, "es": {"hervidor", "hervidor de agua"}, "it": {"bollitore"},
		"fr": {"bouilloire"}, "de": {"wasserkocher"}, "nl": {"waterkoker"}, "el": {"βραστήρας"},
	},
	// The writer names these in its own words ("livros e brinquedos
	// infantis", "borne de recharge"); the catalogue reads them back.
	"childrens_items": {
		"pt": {"livros e brinquedos infantis", "brinquedos"}, "es": {"libros y juguetes infantiles", "juguetes"},
		"it": {"libri e giochi per bambini", "giocattoli"}, "fr": {"livres et jouets pour enfants", "jouets"},
		"de": {"kinderbücher und spielzeug", "spielzeug"},
	},
	"ev_charger": {
		"pt": {"carregador de carro elétrico", "carregador para carro elétrico", "carregador de veículos elétricos"},
		"es": {"cargador para coche eléctrico", "cargador de coche eléctrico", "cargador para vehículos eléctricos"},
		"it": {"colonnina di ricarica", "ricarica per auto elettriche"}, "fr": {"borne de recharge", "borne de recharge pour véhicules électriques"},
		"de": {"e-ladestation", "ladestation für elektroautos"}, "nl": {"laadpaal"},
	},
	"security_cameras": {
		"pt": {"câmeras de segurança", "câmaras de segurança"}, "es": {"cámaras de seguridad", "cámaras de vigilancia"},
		"it": {"telecamere di sorveglianza", "telecamere di sicurezza"}, "fr": {"caméras de surveillance", "caméras de sécurité"},
		"de": {"überwachungskameras", "sicherheitskameras"}, "nl": {"beveiligingscamera's", "bewakingscamera's"}, "el": {"κάμερες ασφαλείας"},
	},
	"breakfast": {
		"pt": {"café da manhã", "pequeno-almoço"}, "es": {"desayuno"}, "it": {"colazione"}, "fr": {"petit-déjeuner"}, "de": {"frühstück"},
		"nl": {"ontbijt"}, "el": {"πρωινό"},
	},
	"reception": {
		"pt": {"recepção 24 horas", "receção 24 horas", "recepção"}, "es": {"recepción 24 horas", "recepción"}, "it": {"reception 24 ore su 24", "reception"},
		"fr": {"réception ouverte 24h/24", "réception"}, "de": {"rezeption", "24-stunden-rezeption"}, "nl": {"24-uursreceptie", "receptie"},
		"el": {"24ωρη υποδοχή", "υποδοχή"},
	},
}

// localExcludes veto local names the way AmenityDef.Exclude does:
// "máquina de lavar louça" is the dishwasher, not the washer.
var localExcludes = map[string][]string{
	"washer":       {"louça", "loiça", "pratos", "vaisselle", "stoviglie", "geschirr", "vajillas", "πιάτων"},
	"dryer":        {"cabelo", "pelo", "cheveux", "haar", "capelli", "μαλλιών"},
	"essentials":   {"praia", "playa", "spiaggia", "plage", "strand", "cozinha", "cocina", "cucina", "cuisine"},
	"free_parking": {"pago", "paga", "pagamento", "de pago", "payant", "kostenpflichtig", "kostenpflichtiger", "betaald", "betaalde"},
	"parking":      {"gratuito", "gratuita", "gratis", "gratuit", "kostenlos", "kostenloser", "δωρεάν"},
}

// localNamesFor are the names key has in lang, for evidence that says
// what was looked for ("Smoke alarm", "Allarme antincendio" …).
func localNamesFor(key, lang string) []string { return localNames[key][lang] }

// amenityLanguageKnown reports whether the catalogue reads amenity names
// in lang ("" is English).
func amenityLanguageKnown(lang string) bool {
	for _, l := range AmenityLanguages {
		if l == lang {
			return true
		}
	}
	return false
}

func init() {
	for i := range Catalog {
		englishNames[Catalog[i].Key] = append([]string(nil), Catalog[i].Match...)
		langs := make([]string, 0, len(localNames[Catalog[i].Key]))
		for lang := range localNames[Catalog[i].Key] {
			langs = append(langs, lang)
		}
		sort.Strings(langs)
		for _, lang := range langs {
			Catalog[i].Match = append(Catalog[i].Match, phrases(localNames[Catalog[i].Key][lang])...)
		}
		Catalog[i].Exclude = append(Catalog[i].Exclude, phrases(localExcludes[Catalog[i].Key])...)
	}
	for key := range localNames {
		if catalogByKey[key] == nil {
			panic("catalog_i18n: local names for unknown amenity " + key)
		}
	}
}

// phrases writes names as the phrases text.has matches: Words joined by
// spaces (lower case, accents folded, hyphens as spaces).
func phrases(names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, strings.Join(prose.Words(n), " "))
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

// Property types in the languages we read, for PropertyKind: a room in
// someone's home ("Stanza privata in casa", "Quarto privado") and a house
// ("Espaço inteiro: casa", "Maison", "Ferienhaus").
var (
	localRoomTypes = phrases([]string{"quarto privado", "quarto em", "quarto compartilhado", "stanza privata", "stanza in", "stanza condivisa",
		"camera privata", "habitación privada", "habitación en", "habitación compartida", "chambre privée", "chambre dans", "chambre partagée",
		"privatzimmer", "zimmer in", "privékamer", "kamer in", "ιδιωτικό δωμάτιο"})
	localHouseTypes = phrases([]string{"casa", "moradia", "chalé", "cabana", "sítio", "fazenda", "casa de campo", "cortijo", "finca", "maison",
		"gîte", "chaumière", "haus", "ferienhaus", "hütte", "huis", "vakantiehuis", "baita", "masseria", "trullo", "rustico", "casale",
		"σπίτι", "βίλα", "εξοχική κατοικία", "quinta", "casa rural", "masía", "agroturismo", "agriturismo", "cascina", "podere", "bastide", "longère"})
)

// AmenityMentions are the phrases that name key in free text written in
// lang, as Words joined by spaces: in English ("" or "en") the
// catalogue's Mention words (its English names when it has none), in
// another language its local names. A fact checker reads copy with them;
// the same words read the listing's own text, so both sides agree.
func AmenityMentions(key, lang string) []string {
	d := catalogByKey[key]
	if d == nil {
		return nil
	}
	if prose.Lang(lang).IsEnglish() {
		if d.Mention != nil {
			return phrases(d.Mention)
		}
		return phrases(englishNames[key])
	}
	return phrases(localNames[key][lang])
}
