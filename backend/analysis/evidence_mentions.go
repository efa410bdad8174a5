package analysis

import (
	"slices"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// textMentions are the words a host uses for an amenity in their own
// text (title, description, highlights, rules), by catalog key and
// language: one table, so every language is read the same way. English
// adds to the catalogue's Mention words; the other languages add to the
// site names of catalog_i18n.go, which an entry without Mention words
// already reads in free text. Japanese (and Chinese) text has no spaces
// between words, so its words are found as substrings.
//
// Towels stand for Airbnb's Essentials (towels, sheets, soap and toilet
// paper), as Vrbo's "Towels provided" does: a host who writes that towels
// are provided is not told the basics are missing.
var textMentions = map[string]map[string][]string{
	"wifi": {"en": {"wifi", "wi fi", "internet"}, "pt": {"wi-fi", "wifi", "internet"}, "es": {"wi-fi", "wifi", "internet"},
		"it": {"wi-fi", "wifi", "internet"}, "fr": {"wi-fi", "wifi", "internet"}, "de": {"wlan", "wi-fi", "wifi", "internet"},
		"el": {"wi-fi", "wifi", "internet", "ίντερνετ"}, "ja": {"wi-fi", "wifi", "無線lan", "インターネット"}},
	// "Cozinha", "cocina", "cucina", "cuisine" and "Küche" are also a
	// cuisine ("cucina tipica romagnola", "British cuisine"): a kitchen is
	// read only in words that can be nothing else.
	"kitchen": {"pt": {"cozinha equipada", "cozinha completa", "cozinha totalmente equipada", "cozinha americana", "kitchenette"},
		"es": {"cocina equipada", "cocina completa", "cocina totalmente equipada", "cocina americana", "cocina abierta"},
		"it": {"cucina attrezzata", "cucina completamente attrezzata", "cucina abitabile", "angolo cottura", "cucinotto"},
		"fr": {"cuisine équipée", "cuisine entièrement équipée", "cuisine ouverte", "coin cuisine", "kitchenette"},
		"de": {"einbauküche", "voll ausgestattete küche", "offene küche", "kochnische", "küchenzeile"}, "el": {"κουζίνα"},
		"ja": {"キッチン", "台所"}},
	"self_check_in": {"pt": {"self check-in", "cofre de chaves", "fechadura eletrônica", "fechadura digital", "check-in autônomo"},
		"es": {"self check-in", "caja de seguridad para llaves", "cerradura electrónica", "entrada autónoma", "llegada autónoma"},
		"it": {"self check-in", "check-in autonomo", "cassetta di sicurezza per le chiavi", "serratura elettronica"},
		"fr": {"arrivée autonome", "boîte à clés", "boîte à clé", "digicode", "serrure connectée"},
		"de": {"self-check-in", "schlüsselsafe", "schlüsselbox", "zahlenschloss"}, "el": {"αυτόνομο check-in", "θυρίδα κλειδιών"},
		"ja": {"セルフチェックイン", "キーボックス", "スマートロック"}},
	"free_parking": {"pt": {"estacionamento gratuito", "garagem gratuita", "vaga gratuita"},
		"es": {"aparcamiento gratuito", "estacionamiento gratuito", "parking gratuito"},
		"it": {"parcheggio gratuito"}, "fr": {"parking gratuit", "stationnement gratuit"},
		"de": {"kostenloser parkplatz", "kostenlosen parkplatz", "kostenlose parkplätze"},
		"el": {"δωρεάν χώρος στάθμευσης", "δωρεάν χώρο στάθμευσης", "δωρεάν στάθμευση"}, "ja": {"無料駐車場", "駐車場無料"}},
	// Free parking on the street is the longer phrase, so it is street
	// parking, not free parking on the premises.
	"street_parking": {"pt": {"estacionamento na rua", "estacionamento gratuito na rua", "vaga na rua"},
		"es": {"aparcamiento en la calle", "aparcamiento gratuito en la calle", "estacionamiento gratuito en la calle"},
		"it": {"parcheggio in strada", "parcheggio gratuito in strada", "parcheggio gratuito per strada", "parcheggio gratuito lungo la strada"},
		"fr": {"stationnement dans la rue", "stationnement gratuit dans la rue", "parking gratuit dans la rue"},
		"de": {"parken an der straße", "kostenlose parkplätze an der straße", "kostenloses parken an der straße"},
		"el": {"στάθμευση στο δρόμο", "δωρεάν στάθμευση στο δρόμο"}, "ja": {"路上駐車"}},
	"paid_parking": {"pt": {"estacionamento pago"}, "es": {"aparcamiento de pago", "parking de pago"}, "it": {"parcheggio a pagamento"},
		"fr": {"parking payant"}, "de": {"kostenpflichtiger parkplatz", "kostenpflichtige parkplätze"}, "el": {"στάθμευση επί πληρωμή"}, "ja": {"有料駐車場"}},
	// A parking space whose charge the text does not state.
	"parking": {"pt": {"estacionamento privativo", "garagem", "vaga de garagem", "vaga na garagem"}, "es": {"parking privado", "garaje", "plaza de garaje", "plaza de aparcamiento"},
		"it": {"parcheggio privato", "box auto", "posto auto", "garage privato"}, "fr": {"parking privé", "garage", "place de parking"},
		"de": {"privatparkplatz", "garage", "tiefgarage", "stellplatz", "tiefgaragenstellplatz"}, "el": {"ιδιωτικός χώρος στάθμευσης"}, "ja": {"駐車場"}},
	"workspace": {"pt": {"espaço de trabalho", "escrivaninha", "mesa de trabalho"}, "es": {"espacio de trabajo", "escritorio", "zona de trabajo"},
		"it": {"spazio di lavoro", "scrivania", "angolo studio"}, "fr": {"espace de travail", "bureau de travail"},
		"de": {"arbeitsplatz", "schreibtisch", "arbeitsbereich"}, "el": {"χώρος εργασίας", "γραφείο εργασίας"}, "ja": {"ワークスペース", "作業デスク", "仕事用デスク"}}, // not フロントデスク
	"air_conditioning": {"pt": {"ar condicionado", "ar-condicionado"}, "es": {"aire acondicionado"}, "it": {"aria condizionata", "climatizzatore", "condizionatore"},
		"fr": {"climatisation", "climatiseur", "climatisé", "climatisée"}, "de": {"klimaanlage", "klimatisiert"}, "el": {"κλιματισμός", "κλιματισμό", "κλιματιστικό"},
		"ja": {"エアコン", "冷房"}},
	"washer": {"pt": {"máquina de lavar roupa", "máquina de lavar", "lavadora"}, "es": {"lavadora"}, "it": {"lavatrice"},
		"fr": {"lave-linge", "machine à laver"}, "de": {"waschmaschine"}, "el": {"πλυντήριο ρούχων"}, "ja": {"洗濯機"}},
	"dryer": {"pt": {"secadora de roupa", "máquina de secar"}, "es": {"secadora"}, "it": {"asciugatrice"}, "fr": {"sèche-linge"},
		"de": {"wäschetrockner", "trockner"}, "el": {"στεγνωτήριο ρούχων"}, "ja": {"衣類乾燥機"}},
	"heating": {"pt": {"aquecimento", "aquecedor"}, "es": {"calefacción"}, "it": {"riscaldamento"}, "fr": {"chauffage"}, "de": {"heizung", "fußbodenheizung"},
		"el": {"θέρμανση"}, "ja": {"暖房"}},
	"pool": {"pt": {"piscina"}, "es": {"piscina"}, "it": {"piscina"}, "fr": {"piscine"}, "de": {"schwimmbad", "pool"}, "el": {"πισίνα"}, "ja": {"プール"}},
	"hot_tub": {"pt": {"jacuzzi", "hidromassagem", "ofurô"}, "es": {"jacuzzi", "hidromasaje"}, "it": {"jacuzzi", "idromassaggio"},
		"fr": {"jacuzzi", "bain à remous", "spa privatif"}, "de": {"whirlpool", "jacuzzi"}, "el": {"τζακούζι", "υδρομασάζ"}, "ja": {"ジャグジー", "ジェットバス"}},
	"pets": {"pt": {"animais permitidos", "aceitamos animais", "pet friendly"}, "es": {"se admiten mascotas", "mascotas permitidas", "admitimos mascotas"},
		"it": {"animali ammessi", "animali domestici ammessi", "accettiamo animali"}, "fr": {"animaux acceptés", "animaux admis", "animaux bienvenus"},
		"de": {"haustiere erlaubt", "haustiere willkommen", "hunde willkommen"}, "el": {"επιτρέπονται κατοικίδια", "επιτρέπονται τα κατοικίδια"},
		"ja": {"ペット可", "ペット同伴可"}},
	"ev_charger": {"en": {"ev charger", "ev charging", "charging station"}, "pt": {"carregador para veículos elétricos", "carregador de carro elétrico"},
		"es": {"cargador para coches eléctricos", "cargador de vehículos eléctricos"}, "it": {"colonnina di ricarica", "ricarica per auto elettriche"},
		"fr": {"borne de recharge"}, "de": {"ladestation", "wallbox"}, "el": {"φορτιστής ηλεκτρικών οχημάτων"}, "ja": {"ev充電器", "充電スタンド"}},
	"crib": {"pt": {"berço"}, "es": {"cuna"}, "it": {"culla", "lettino da campeggio"}, "fr": {"lit bébé", "lit pour bébé", "lit parapluie"},
		"de": {"babybett", "kinderbett", "reisebett"}, "el": {"βρεφική κούνια"}, "ja": {"ベビーベッド"}},
	"high_chair": {"pt": {"cadeirão", "cadeira de alimentação"}, "es": {"trona"}, "it": {"seggiolone"}, "fr": {"chaise haute"}, "de": {"hochstuhl"},
		"el": {"καρεκλάκι φαγητού"}, "ja": {"ハイチェア"}},
	"childrens_items": {"pt": {"brinquedos", "livros infantis"}, "es": {"juguetes", "libros infantiles"}, "it": {"giocattoli", "libri per bambini"},
		"fr": {"jouets", "livres pour enfants"}, "de": {"spielzeug", "kinderbücher"}, "el": {"παιχνίδια"}, "ja": {"おもちゃ", "絵本"}},
	"baby_safety": {"pt": {"portão de segurança", "protetores de tomada"}, "es": {"barrera de seguridad", "protectores de enchufes"},
		"it": {"cancelletto di sicurezza", "copriprese"}, "fr": {"barrière de sécurité", "cache-prises"}, "de": {"treppenschutzgitter", "steckdosenschutz"},
		"el": {"προστατευτικά πριζών"}, "ja": {"ベビーゲート"}},
	"coffee_maker": {"pt": {"cafeteira", "máquina de café", "nespresso"}, "es": {"cafetera", "máquina de café", "nespresso"},
		"it": {"macchina del caffè", "macchina da caffè", "macchinetta del caffè", "moka", "nespresso"}, "fr": {"cafetière", "machine à café", "nespresso"},
		"de": {"kaffeemaschine", "espressomaschine", "nespresso"}, "el": {"καφετιέρα", "μηχανή καφέ"}, "ja": {"コーヒーメーカー", "エスプレッソマシン"}},
	"dishwasher": {"pt": {"máquina de lavar louça", "máquina de lavar loiça", "lava-louças", "lava-loiça"}, "es": {"lavavajillas", "lavaplatos"},
		"it": {"lavastoviglie"}, "fr": {"lave-vaisselle"}, "de": {"geschirrspüler", "spülmaschine"}, "el": {"πλυντήριο πιάτων"}, "ja": {"食器洗い機", "食洗機"}},
	"cooking_basics": {"pt": {"utensílios de cozinha"}, "es": {"utensilios de cocina", "menaje de cocina"}, "it": {"utensili da cucina", "stoviglie"},
		"fr": {"ustensiles de cuisine", "vaisselle"}, "de": {"küchenutensilien", "geschirr"}, "el": {"μαγειρικά σκεύη"}, "ja": {"調理器具"}},
	"tv": {"pt": {"tv", "televisão", "smart tv"}, "es": {"tv", "televisión", "televisor"}, "it": {"tv", "televisore", "televisione"},
		"fr": {"tv", "télévision", "téléviseur", "télé"}, "de": {"tv", "fernseher", "fernsehen"}, "el": {"τηλεόραση", "tv"}, "ja": {"テレビ"}},
	"outdoor_space": {"pt": {"varanda", "terraço", "quintal", "jardim", "sacada"}, "es": {"terraza", "balcón", "jardín", "patio"},
		"it": {"terrazza", "terrazzo", "balcone", "giardino"}, "fr": {"terrasse", "balcon", "jardin"}, "de": {"balkon", "terrasse", "garten"},
		"el": {"βεράντα", "μπαλκόνι", "κήπος"}, "ja": {"バルコニー", "ベランダ", "テラス", "お庭", "専用庭", "庭付き"}}, // not 家庭
	"bbq": {"pt": {"churrasqueira"}, "es": {"barbacoa", "parrilla"}, "it": {"barbecue", "griglia per barbecue"}, "fr": {"barbecue"}, "de": {"grill", "grillplatz"},
		"el": {"ψησταριά"}, "ja": {"バーベキュー", "bbq"}},
	"bbq_utensils": {"pt": {"utensílios para churrasco"}, "es": {"utensilios para barbacoa"}, "it": {"utensili per barbecue"}, "fr": {"ustensiles de barbecue"},
		"de": {"grillzubehör"}, "el": {"σκεύη για ψησταριά"}, "ja": {"バーベキュー用品"}},
	"fireplace": {"pt": {"lareira"}, "es": {"chimenea"}, "it": {"camino", "caminetto"}, "fr": {"cheminée"}, "de": {"kamin", "kaminofen"}, "el": {"τζάκι"}, "ja": {"暖炉"}},
	"gym": {"pt": {"academia", "ginásio"}, "es": {"gimnasio"}, "it": {"palestra"}, "fr": {"salle de sport", "salle de fitness"}, "de": {"fitnessraum", "fitnessstudio"},
		"el": {"γυμναστήριο"}, "ja": {"ジム", "フィットネス"}},
	"sauna": {"pt": {"sauna"}, "es": {"sauna"}, "it": {"sauna"}, "fr": {"sauna"}, "de": {"sauna"}, "el": {"σάουνα"}, "ja": {"サウナ"}},
	"view": {"pt": {"vista para o mar", "vista mar", "vista deslumbrante", "vista panorâmica"}, "es": {"vistas al mar", "vista al mar", "vistas panorámicas"},
		"it": {"vista mare", "vista panoramica", "vista sul mare"}, "fr": {"vue sur la mer", "vue mer", "vue panoramique"},
		"de": {"meerblick", "aussicht", "blick auf"}, "el": {"θέα στη θάλασσα", "θέα"}, "ja": {"眺望", "オーシャンビュー", "景色"}},
	"waterfront": {"pt": {"beira-mar", "pé na areia", "frente para o mar"}, "es": {"primera línea de playa", "frente al mar"}, "it": {"fronte mare", "sul mare"},
		"fr": {"front de mer", "pieds dans l'eau", "bord de mer"}, "de": {"direkt am meer", "direkt am strand"}, "el": {"δίπλα στη θάλασσα"}, "ja": {"海辺", "ビーチフロント"}},
	"private_entrance": {"pt": {"entrada privativa", "entrada independente"}, "es": {"entrada privada", "entrada independiente"},
		"it": {"ingresso privato", "ingresso indipendente"}, "fr": {"entrée privée", "entrée indépendante"}, "de": {"separater eingang", "eigener eingang"},
		"el": {"ιδιωτική είσοδος"}, "ja": {"専用入口"}},
	"long_term": {"pt": {"estadias longas"}, "es": {"estancias largas"}, "it": {"soggiorni lunghi"}, "fr": {"séjours longue durée"}, "de": {"langzeitaufenthalte"},
		"el": {"μακροχρόνια διαμονή"}, "ja": {"長期滞在"}},
	"essentials": {"en": {"towels", "towel", "toiletries"}, "pt": {"toalhas", "toalha", "toalhas de banho"}, "es": {"toallas", "toalla"},
		"it": {"asciugamani", "asciugamano", "teli da bagno", "biancheria da bagno"}, "fr": {"serviettes", "serviettes de bain", "linge de toilette"},
		"de": {"handtücher", "handtuch", "badetücher"}, "el": {"πετσέτες"}, "ja": {"タオル"}},
	"beach_essentials": {"pt": {"cadeiras de praia", "guarda-sol"}, "es": {"sombrilla", "sillas de playa"}, "it": {"ombrellone", "sedie da spiaggia"},
		"fr": {"parasol", "chaises de plage"}, "de": {"sonnenschirm", "strandstühle"}, "el": {"ομπρέλα θαλάσσης"}, "ja": {"ビーチチェア"}},
	"bed_linens": {"en": {"bed linen", "bed linens", "linens", "bed sheets", "sheets"}, "pt": {"roupa de cama", "roupas de cama", "lençóis"},
		"es": {"ropa de cama", "sábanas"}, "it": {"biancheria da letto", "lenzuola", "biancheria"}, "fr": {"linge de lit", "draps"},
		"de": {"bettwäsche"}, "el": {"σεντόνια", "κλινοσκεπάσματα"}, "ja": {"シーツ", "寝具", "リネン"}},
	"smoke_alarm": {"pt": {"detector de fumaça", "detector de fumo"}, "es": {"detector de humo"}, "it": {"rilevatore di fumo", "allarme antincendio"},
		"fr": {"détecteur de fumée"}, "de": {"rauchmelder"}, "el": {"ανιχνευτής καπνού"}, "ja": {"煙探知機", "火災報知器"}},
	"co_alarm": {"pt": {"detector de monóxido de carbono"}, "es": {"detector de monóxido de carbono"}, "it": {"rilevatore di monossido di carbonio"},
		"fr": {"détecteur de monoxyde de carbone"}, "de": {"kohlenmonoxidmelder"}, "el": {"ανιχνευτής μονοξειδίου του άνθρακα"}, "ja": {"一酸化炭素警報器"}},
	"first_aid": {"pt": {"kit de primeiros socorros"}, "es": {"botiquín"}, "it": {"kit di pronto soccorso", "cassetta di pronto soccorso"},
		"fr": {"trousse de secours", "trousse de premiers secours"}, "de": {"erste-hilfe-set", "erste-hilfe-kasten"}, "el": {"κουτί πρώτων βοηθειών"}, "ja": {"救急箱"}},
	"fire_extinguisher": {"pt": {"extintor"}, "es": {"extintor"}, "it": {"estintore"}, "fr": {"extincteur"}, "de": {"feuerlöscher"}, "el": {"πυροσβεστήρας"}, "ja": {"消火器"}},
	"hair_dryer": {"pt": {"secador de cabelo"}, "es": {"secador de pelo"}, "it": {"asciugacapelli", "phon"}, "fr": {"sèche-cheveux"}, "de": {"haartrockner", "föhn", "fön"},
		"el": {"πιστολάκι μαλλιών", "σεσουάρ"}, "ja": {"ヘアドライヤー", "ドライヤー"}},
	"iron": {"pt": {"ferro de passar"}, "es": {"plancha de ropa", "plancha para la ropa", "tabla de planchar"}, "it": {"ferro da stiro"}, "fr": {"fer à repasser"}, "de": {"bügeleisen"}, "el": {"σίδερο"}, "ja": {"アイロン"}},
	"room_darkening": {"pt": {"cortinas blackout", "blackout"}, "es": {"cortinas opacas", "persianas opacas"}, "it": {"tende oscuranti", "oscuranti"},
		"fr": {"rideaux occultants", "volets occultants"}, "de": {"verdunkelungsvorhänge", "verdunkelung"}, "el": {"κουρτίνες συσκότισης"}, "ja": {"遮光カーテン"}},
	"lock_on_door": {"pt": {"fechadura na porta do quarto"}, "es": {"cerradura en la puerta del dormitorio"}, "it": {"serratura sulla porta della camera"},
		"fr": {"verrou sur la porte de la chambre"}, "de": {"abschließbare schlafzimmertür"}, "el": {"κλειδαριά στην πόρτα του υπνοδωματίου"}, "ja": {"部屋の鍵"}},
	"hot_water": {"pt": {"água quente"}, "es": {"agua caliente"}, "it": {"acqua calda"}, "fr": {"eau chaude"}, "de": {"warmwasser"}, "el": {"ζεστό νερό"}, "ja": {"お湯"}},
	"kettle":    {"pt": {"chaleira"}, "es": {"hervidor"}, "it": {"bollitore"}, "fr": {"bouilloire"}, "de": {"wasserkocher"}, "el": {"βραστήρας"}, "ja": {"電気ケトル", "ケトル"}},
	"security_cameras": {"pt": {"câmeras de segurança", "câmaras de vigilância"}, "es": {"cámaras de seguridad"}, "it": {"telecamere di sorveglianza"},
		"fr": {"caméras de surveillance"}, "de": {"überwachungskameras"}, "el": {"κάμερες ασφαλείας"}, "ja": {"防犯カメラ"}},
	"breakfast": {"pt": {"café da manhã incluído", "pequeno-almoço incluído"}, "es": {"desayuno incluido"}, "it": {"colazione inclusa"},
		"fr": {"petit-déjeuner inclus"}, "de": {"frühstück inklusive", "inklusive frühstück"}, "el": {"πρωινό περιλαμβάνεται"}, "ja": {"朝食付き"}},
	"reception": {"pt": {"recepção 24 horas", "receção 24 horas"}, "es": {"recepción 24 horas"}, "it": {"reception 24 ore su 24", "reception 24h"},
		"fr": {"réception 24h/24", "réception ouverte 24h/24"}, "de": {"24-stunden-rezeption", "rezeption rund um die uhr"}, "el": {"24ωρη υποδοχή"}, "ja": {"24時間フロント"}},
}

// negations are the words that, in a host's text, deny the amenity they
// stand next to: Before it ("no wifi", "sem wifi", "kein WLAN", "χωρίς
// wifi") or After it ("pets not allowed", "animali non ammessi",
// "Wi-Fiなし"). Portuguese has no bare "no" here: "no jardim" is "in the
// garden".
var negations = map[string]struct{ Before, After []string }{
	"en": {Before: []string{"no", "not", "without", "there is no", "there are no", "we do not have", "we don't have", "does not have", "doesn't have"},
		After: []string{"not allowed", "are not allowed", "is not allowed", "not available", "is not available", "not included", "is not included", "not permitted", "are not permitted"}},
	"pt": {Before: []string{"sem", "não há", "não tem", "não temos", "não possui", "não aceitamos", "não são permitidos", "não é permitido", "nenhum", "nenhuma"},
		After: []string{"não permitido", "não permitidos", "não são permitidos", "não é permitido", "não disponível", "não incluído", "não incluídos", "proibido", "proibidos"}},
	"es": {Before: []string{"sin", "no", "no hay", "no tiene", "no tenemos", "no se admiten", "no se permiten", "no dispone de", "ningún", "ninguna"},
		After: []string{"no permitido", "no permitidos", "no permitidas", "no disponible", "no incluido", "no incluida", "prohibido", "prohibidos"}},
	"it": {Before: []string{"senza", "no", "non c'è", "non ci sono", "non abbiamo", "non sono ammessi", "non si accettano", "nessun", "nessuna"},
		After: []string{"non ammessi", "non ammesso", "non consentiti", "non consentito", "non disponibile", "non incluso", "non inclusa", "vietato", "vietati"}},
	"fr": {Before: []string{"pas de", "sans", "il n'y a pas de", "aucun", "aucune", "n'acceptons pas les"},
		After: []string{"non admis", "non acceptés", "non autorisés", "non autorisé", "interdits", "interdit", "non disponible", "non inclus", "non fourni", "non fournis"}},
	"de": {Before: []string{"kein", "keine", "keinen", "ohne", "es gibt kein", "es gibt keine"},
		After: []string{"nicht erlaubt", "nicht gestattet", "nicht verfügbar", "nicht vorhanden", "nicht inbegriffen", "nicht inklusive", "verboten"}},
	"el": {Before: []string{"χωρίς", "δεν υπάρχει", "δεν υπάρχουν", "δεν διαθέτει", "δεν επιτρέπονται", "όχι"},
		After: []string{"δεν επιτρέπονται", "δεν επιτρέπεται", "δεν είναι διαθέσιμο", "δεν περιλαμβάνεται"}},
	"ja": {After: []string{"なし", "無し", "はありません", "がありません", "はございません", "不可", "禁止", "はない", "がない"}},
	"zh": {Before: []string{"没有", "無", "无", "不提供"}, After: []string{"不可", "禁止"}},
}

// negationFillers may stand between a Before negation and the amenity:
// "no free wifi", "sem o wi-fi", "pas de wifi gratuit" needs none.
var negationFillers = map[string]bool{"a": true, "an": true, "the": true, "any": true, "free": true, "o": true, "os": true, "um": true, "uma": true,
	"el": true, "la": true, "los": true, "las": true, "un": true, "una": true, "il": true, "lo": true, "le": true, "de": true, "des": true,
	"d": true, "der": true, "die": true, "das": true, "ein": true, "eine": true, "gratis": true, "gratuito": true, "kostenloses": true, "kostenlose": true}

// unspacedLanguages are written without spaces between words: their
// mentions are found as substrings, and their words are not counted.
var unspacedLanguages = map[string]bool{"ja": true, "zh": true}

// textMention is one amenity named in the host's own text.
type textMention struct {
	Key, Phrase string
	Denied      bool   // a negation stands next to it ("sem wifi")
	Field       string // where: listing.FieldTitle, FieldDescription, FieldHighlights or FieldHouseRules
	Text        string // the paragraph it stands in
}

// ownPart is one piece of the host's own text and the field it is in.
type ownPart struct{ Field, Text string }

// ownTextParts are the host's own words about the listing: title,
// description, highlights and the rules written as text.
func ownTextParts(l *listing.Listing) []ownPart {
	parts := []ownPart{{listing.FieldTitle, l.Title}, {listing.FieldDescription, l.Description}}
	for _, h := range l.Highlights {
		parts = append(parts, ownPart{listing.FieldHighlights, h})
	}
	for _, r := range l.HouseRules.Rules {
		parts = append(parts, ownPart{listing.FieldHouseRules, r})
	}
	return parts
}

// ownParagraphs are the paragraphs of the host's own text: each is read
// in its own language, since hosts often write one paragraph per language.
func ownParagraphs(l *listing.Listing) []ownPart {
	var out []ownPart
	for _, part := range ownTextParts(l) {
		for _, para := range strings.Split(part.Text, "\n\n") {
			if OtherPropertyText(para) {
				continue // "our other house has a pool" is not this one's
			}
			for _, p := range strings.Split(para, "\n") {
				if strings.TrimSpace(p) != "" {
					out = append(out, ownPart{part.Field, p})
				}
			}
		}
	}
	return out
}

// otherPropertyCues open a paragraph about another property of the host's
// ("our other house in Búzios has a pool"): the same cues the writer
// leaves such a paragraph out of the copy by (writing.OtherPropertyParagraph).
var otherPropertyCues = phrases([]string{
	"our other", "my other", "we also have", "we also own", "we also rent", "we also offer", "sister property", "partner property",
	"other listing", "other listings", "other properties", "other property", "check out our", "see our other",
	"nossa outra", "nosso outro", "minha outra", "também temos", "outros anúncios", "outra propriedade",
	"nuestra otra", "nuestro otro", "también tenemos", "otros anuncios",
	"nostra altra", "nostro altro", "abbiamo anche", "altri annunci", "altra struttura",
	"notre autre", "nos autres", "nous avons aussi", "nous avons également", "autres annonces",
	"unsere andere", "unser anderes", "unseren anderen", "wir haben auch", "weitere unterkünfte", "andere unterkunft",
})

// OtherPropertyText reports whether a paragraph of the host's text is
// about another property than the listing.
func OtherPropertyText(p string) bool {
	_, ok := newText(p).hasAny(otherPropertyCues...)
	return ok
}

// mentionLanguages are the languages a text is read in: English (hosts
// write it everywhere), the page's and the text's own. A word is read
// only in the languages of the text it stands in: "camino" is a
// fireplace in Italian and a path in Spanish.
func mentionLanguages(l *listing.Listing, s string) []string {
	out := []string{"en"}
	add := func(lang string) {
		if lang == "" {
			return
		}
		for _, o := range out {
			if o == lang {
				return
			}
		}
		out = append(out, lang)
	}
	add(l.Language.Code())
	add(prose.TextLanguage(l.Language, s))
	return out
}

// OwnTextMentions are the amenities the host's own text names, each with
// whether a negation denies it, in the order found. An amenity named
// plainly anywhere is offered, even where another sentence denies it in
// one room ("air conditioning in the two bedrooms; the living room does
// not have air conditioning"): it is denied only when every mention is.
func OwnTextMentions(l *listing.Listing) []textMention {
	seen := map[string]int{}
	var out []textMention
	for _, para := range ownParagraphs(l) {
		langs := mentionLanguages(l, para.Text)
		for _, clause := range mentionClauses(para.Text) {
			for _, m := range clauseMentions(clause, langs) {
				m.Field, m.Text = para.Field, para.Text
				if i, ok := seen[m.Key]; ok {
					if out[i].Denied && !m.Denied {
						out[i] = m // named plainly somewhere: offered, in that phrase
					}
					continue
				}
				seen[m.Key] = len(out)
				out = append(out, m)
			}
		}
	}
	return out
}

// mentionClauses splits text at sentence ends and line breaks, so a negation
// never reaches into the next sentence ("No parties. Wifi throughout").
func mentionClauses(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		switch r {
		case '.', '!', '?', ';', '\n', '•', '·', '。', '！', '？', '、', '|':
			return true
		}
		return false
	})
}

// clauseMentions finds the amenities one clause names in langs.
func clauseMentions(clause string, langs []string) []textMention {
	var out []textMention
	spaced := prose.Words(clause)
	lower := strings.ToLower(clause)
	for _, lang := range langs {
		if unspacedLanguages[lang] {
			out = append(out, unspacedMentions(lower, lang)...)
		}
	}
	return append(out, spacedMentions(spaced, langs)...)
}

// mentionSpan is one phrase found at words[start:end].
type mentionSpan struct {
	key, phrase string
	start, end  int
}

// spacedMentions finds phrases by whole words. A phrase inside a longer
// one is the longer one's ("máquina de lavar louça" is the dishwasher, not
// the washer; "hair dryer" is no clothes dryer), and an entry's Exclude
// words beside it veto it ("beach essentials", "paid parking").
func spacedMentions(words []string, langs []string) []textMention {
	idx := mentionIndex()
	var spans []mentionSpan
	for i, w := range words {
		for _, c := range idx[w] {
			if c.onlyIn != "" && !slices.Contains(langs, c.onlyIn) {
				continue
			}
			if wordsAt(words, i, c.words) {
				spans = append(spans, mentionSpan{c.key, c.phrase, i, i + len(c.words)})
			}
		}
	}
	var out []textMention
	for _, s := range spans {
		if insideLonger(s, spans) || excludedNear(s, words) {
			continue
		}
		out = append(out, textMention{Key: s.key, Phrase: s.phrase, Denied: deniedAt(words, s.start, s.end, langs)})
	}
	return out
}

// indexedPhrase is one free-text phrase of a catalogue entry, indexed by
// its first word; onlyIn is its language when it means something else in
// another (otherMeaning).
type indexedPhrase struct {
	key, phrase, onlyIn string
	words               []string
}

var (
	mentionIndexOnce sync.Once
	mentionIndexMap  map[string][]indexedPhrase
)

// mentionIndex is every entry's free-text phrases (textPhrases) by first
// word, built once: a text is read word by word, not phrase by phrase.
func mentionIndex() map[string][]indexedPhrase {
	mentionIndexOnce.Do(func() {
		m := map[string][]indexedPhrase{}
		for _, key := range catalogKeys() {
			seen := map[string]bool{}
			for _, p := range textPhrases(key) {
				ws := phraseWords(p)
				if len(ws) == 0 || seen[p] {
					continue
				}
				seen[p] = true
				m[ws[0]] = append(m[ws[0]], indexedPhrase{key: key, phrase: p, onlyIn: otherMeaning[p], words: ws})
			}
		}
		mentionIndexMap = m
	})
	return mentionIndexMap
}

// insideLonger reports whether another entry's longer phrase covers s.
func insideLonger(s mentionSpan, all []mentionSpan) bool {
	for _, o := range all {
		if o.key != s.key && o.start <= s.start && o.end >= s.end && o.end-o.start > s.end-s.start {
			return true
		}
	}
	return false
}

// excludedNear reports whether one of s's entry's Exclude phrases covers
// or touches it ("paid parking", "beach towels", "pocket wifi"); one
// further off is about something else ("a washing machine, a
// dishwasher").
func excludedNear(s mentionSpan, words []string) bool {
	d := catalogByKey[s.key]
	for _, x := range d.Exclude {
		xs := phraseWords(x)
		for i := max(0, s.start-len(xs)); i <= s.end && i+len(xs) <= len(words); i++ {
			if wordsAt(words, i, xs) {
				return true
			}
		}
	}
	return false
}

// deniedAt reports whether a negation in langs stands just before
// words[start:end] (a filler word allowed between) or just after it.
func deniedAt(words []string, start, end int, langs []string) bool {
	pt := slices.Contains(langs, "pt") || looksPortuguese(words)
	for _, lang := range langs {
		n := negations[lang]
		for _, p := range phrases(n.Before) {
			if p == "no" && pt {
				continue // Portuguese "no" is "in the": "no jardim"
			}
			ps := phraseWords(p)
			if endsAt(words, start, ps) || (start > 0 && negationFillers[words[start-1]] && endsAt(words, start-1, ps)) {
				return true
			}
		}
		for _, p := range phrases(n.After) {
			if wordsAt(words, end, phraseWords(p)) {
				return true
			}
		}
	}
	return false
}

// unspacedMentions finds lang's phrases in text written without spaces
// (lower-cased), and a negation written right after one ("Wi-Fiなし").
func unspacedMentions(lower, lang string) []textMention {
	var out []textMention
	for _, key := range catalogKeys() {
		for _, p := range textMentions[key][lang] {
			i := strings.Index(lower, strings.ToLower(p))
			if i < 0 {
				continue
			}
			rest := strings.TrimSpace(lower[i+len(p):])
			denied := false
			for _, n := range negations[lang].After {
				if strings.HasPrefix(rest, n) {
					denied = true
				}
			}
			for _, n := range negations[lang].Before {
				if strings.HasSuffix(strings.TrimSpace(lower[:i]), n) {
					denied = true
				}
			}
			out = append(out, textMention{Key: key, Phrase: p, Denied: denied})
			break
		}
	}
	return longestUnspaced(out)
}

// longestUnspaced drops a mention inside another entry's longer one, as
// spacedMentions does by words: "駐車場" inside "無料駐車場" is the free
// parking.
func longestUnspaced(ms []textMention) []textMention {
	var out []textMention
	for _, m := range ms {
		inside := false
		for _, o := range ms {
			if o.Key != m.Key && len(o.Phrase) > len(m.Phrase) && strings.Contains(strings.ToLower(o.Phrase), strings.ToLower(m.Phrase)) {
				inside = true
			}
		}
		if !inside {
			out = append(out, m)
		}
	}
	return out
}

// textPhrases are the phrases that name key in free text, as Words
// joined by spaces: the catalogue's English Mention words (its names,
// when it has none, in every language, as before), and the textMentions
// of every language written with spaces.
func textPhrases(key string) []string {
	d := catalogByKey[key]
	var out []string
	if d.Mention != nil {
		out = append(out, phrases(d.Mention)...)
	} else {
		out = append(out, d.Match...)
	}
	for lang, names := range textMentions[key] {
		if !unspacedLanguages[lang] {
			out = append(out, phrases(names)...)
		}
	}
	return out
}

// otherMeaning are table words that mean something else in another
// language we read, with the language they are the amenity's in: they
// are read only in a text in that language. Every other word is read in
// any text, since a sentence's language is a guess (a short Portuguese
// sentence reads as Spanish as often as not).
var otherMeaning = map[string]string{
	"camino":     "it", // a path in Spanish
	"academia":   "pt", // an academy in Spanish
	"serviettes": "fr", // napkins in English
	"moka":       "it",
	"box auto":   "it",
	"biancheria": "it",
}

// catalogKeys are the catalogue's keys in its order.
func catalogKeys() []string {
	out := make([]string, len(Catalog))
	for i := range Catalog {
		out[i] = Catalog[i].Key
	}
	return out
}

// wordsAt reports whether words[i:] starts with ps.
func wordsAt(words []string, i int, ps []string) bool {
	if len(ps) == 0 || i < 0 || i+len(ps) > len(words) {
		return false
	}
	for j, p := range ps {
		if !wordMatch(words[i+j], p) {
			return false
		}
	}
	return true
}

// endsAt reports whether words[:end] ends with ps.
func endsAt(words []string, end int, ps []string) bool {
	return wordsAt(words, end-len(ps), ps)
}

// portugueseWords are words only Portuguese text has among the languages
// we read: a clause holding one reads "no" as "in the", never as "no".
var portugueseWords = map[string]bool{"nao": true, "voce": true, "tambem": true, "com": true, "muito": true, "esta": true,
	"sao": true, "sem": true, "uma": true, "dos": true, "das": true, "nos": true, "ao": true, "aos": true, "oferecemos": true}

func looksPortuguese(words []string) bool {
	for _, w := range words {
		if portugueseWords[w] {
			return true
		}
	}
	return false
}
