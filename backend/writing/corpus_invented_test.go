package writing_test

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/writing"
	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// Where an invention is planted in an otherwise honest answer.
type plantPart int

const (
	plantFirstTitle  plantPart = iota // the would-be recommended title
	plantTitle                        // among the others
	plantDescription                  // inside the description
	plantAmenity                      // in the amenity copy
)

func (p plantPart) String() string {
	return [...]string{"first title", "title", "description", "amenity copy"}[p]
}

// invention is one invented claim planted in one part of an answer.
type invention struct {
	page, cat, lang string
	part            plantPart
	text            string // what the model wrote
	marker          string // the invented words (lower case): never more often in the copy than in the built-in copy
	finish          string // the candidate's finishReason ("" = STOP)
}

// phrase is one invention in one language: a title and a sentence.
type phrase struct{ title, sentence, marker string }

// byLang: phrases per copy language; {P} is the listing's place.
type byLang map[string]phrase

var (
	renovated = byLang{
		"en": {"Newly Renovated Stay in {P}", "The home was newly renovated throughout.", "renovated"},
		"pt": {"Recém-reformado em {P}", "O imóvel foi recém-reformado, com acabamentos novos.", "reformado"},
		"es": {"Recién reformado en {P}", "El alojamiento está recién reformado, con acabados nuevos.", "reformado"},
		"it": {"Appena ristrutturato a {P}", "L'alloggio è appena ristrutturato, con finiture nuove.", "ristrutturato"},
		"fr": {"Entièrement rénové à {P}", "Le logement vient d'être entièrement rénové.", "rénové"},
		"de": {"Frisch renoviert in {P}", "Die Unterkunft wurde frisch renoviert.", "renoviert"},
		"ja": {"{P}・リノベーション済み", "最近全面リノベーションしました。", "リノベーション"},
	}
	breakfast = byLang{
		"en": {"{P} Stay, Breakfast Included", "Breakfast is included every morning.", "breakfast"},
		"pt": {"Café da manhã incluído em {P}", "O café da manhã está incluído na diária.", "café da manhã"},
		"es": {"Desayuno incluido en {P}", "El desayuno está incluido cada mañana.", "desayuno"},
		"it": {"Colazione inclusa a {P}", "La colazione è inclusa ogni mattina.", "colazione"},
		"fr": {"Petit-déjeuner inclus à {P}", "Le petit-déjeuner est inclus chaque matin.", "petit-déjeuner"},
		"de": {"Frühstück inklusive in {P}", "Das Frühstück ist im Preis inbegriffen.", "frühstück"},
		"ja": {"{P}・朝食付き", "毎朝の朝食が料金に含まれています。", "朝食"},
	}
	shuttle = byLang{
		"en": {"Free Airport Shuttle in {P}", "A free airport shuttle takes you to your flight.", "shuttle"},
		"pt": {"Transfer grátis do aeroporto em {P}", "Oferecemos transfer gratuito do aeroporto.", "transfer"},
		"es": {"Traslado gratis al aeropuerto en {P}", "Ofrecemos traslado gratuito al aeropuerto.", "traslado"},
		"it": {"Navetta aeroporto gratuita a {P}", "Offriamo una navetta gratuita per l'aeroporto.", "navetta"},
		"fr": {"Navette aéroport gratuite à {P}", "Une navette gratuite vous conduit à l'aéroport.", "navette"},
		"de": {"Kostenloser Flughafentransfer in {P}", "Ein kostenloser Flughafentransfer bringt Sie zum Flug.", "flughafentransfer"},
		"ja": {"{P}・空港送迎無料", "空港までの無料送迎があります。", "送迎"},
	}
	noCleaningFee = byLang{
		"en": {"No Cleaning Fee in {P}", "There is no cleaning fee.", "cleaning fee"},
		"pt": {"Sem taxa de limpeza em {P}", "Não há taxa de limpeza.", "taxa de limpeza"},
		"es": {"Sin gastos de limpieza en {P}", "No hay gastos de limpieza.", "gastos de limpieza"},
		"it": {"Nessun costo di pulizia a {P}", "Non c'è nessun costo di pulizia.", "costo di pulizia"},
		"fr": {"Sans frais de ménage à {P}", "Aucuns frais de ménage.", "frais de ménage"},
		"de": {"Keine Reinigungsgebühr in {P}", "Es fällt keine Reinigungsgebühr an.", "reinigungsgebühr"},
		"ja": {"{P}・清掃料金なし", "清掃料金はかかりません。", "清掃料金"},
	}
	superhost = byLang{
		"en": {"Superhost Stay in {P}", "Your host is a Superhost.", "superhost"},
		"pt": {"Superhost em {P}", "O anfitrião é Superhost.", "superhost"},
		"es": {"Superanfitrión en {P}", "El anfitrión es Superanfitrión.", "superanfitrión"},
		"it": {"Superhost a {P}", "L'host è un Superhost.", "superhost"},
		"fr": {"Superhôte à {P}", "Votre hôte est Superhôte.", "superhôte"},
		"de": {"Superhost in {P}", "Ihr Gastgeber ist Superhost.", "superhost"},
		"ja": {"{P}・スーパーホスト", "ホストはスーパーホストです。", "スーパーホスト"},
	}
	guestFavourite = byLang{
		"en": {"Guest Favourite in {P}", "This home is a Guest favourite on Airbnb.", "guest favourite"},
		"pt": {"Preferido dos hóspedes em {P}", "Este lugar é Preferido dos hóspedes.", "preferido dos hóspedes"},
		"es": {"Favorito entre huéspedes en {P}", "Es un Favorito entre huéspedes.", "favorito entre huéspedes"},
		"it": {"Amato dagli ospiti a {P}", "Questo alloggio è Amato dagli ospiti.", "amato dagli ospiti"},
		"fr": {"Coup de cœur voyageurs à {P}", "Ce logement est un Coup de cœur voyageurs.", "coup de cœur"},
		"de": {"Gäste-Favorit in {P}", "Diese Unterkunft ist ein Gäste-Favorit.", "gäste-favorit"},
		"ja": {"{P}・ゲストのお気に入り", "ゲストのお気に入りに選ばれています。", "お気に入り"},
	}
	award = byLang{
		"en": {"Award-Winning Stay in {P}", "An award-winning stay, a Traveller's Choice winner.", "award"},
		"pt": {"Hospedagem premiada em {P}", "Hospedagem premiada, vencedora do Travellers' Choice.", "premiada"},
		"es": {"Alojamiento premiado en {P}", "Alojamiento premiado con el Travellers' Choice.", "premiado"},
		"it": {"Pluripremiato a {P}", "Un alloggio pluripremiato, Travellers' Choice.", "premiato"},
		"fr": {"Établissement primé à {P}", "Un établissement primé, lauréat du Travellers' Choice.", "primé"},
		"de": {"Preisgekrönt in {P}", "Eine preisgekrönte Unterkunft, Travellers' Choice.", "preisgekrönt"},
		"ja": {"{P}・受賞歴のある宿", "トラベラーズチョイスを受賞した宿です。", "受賞"},
	}
	seaView = byLang{
		"en": {"Sea View Stay in {P}", "Wake up to a sea view from the bedroom.", "sea view"},
		"pt": {"Vista mar em {P}", "Acorde com vista para o mar.", "vista"},
		"es": {"Vistas al mar en {P}", "Despierta con vistas al mar.", "vistas al mar"},
		"it": {"Vista mare a {P}", "Svegliati con la vista mare.", "vista mare"},
		"fr": {"Vue sur la mer à {P}", "Réveillez-vous face à la mer.", "mer"},
		"de": {"Meerblick in {P}", "Wachen Sie mit Meerblick auf.", "meerblick"},
		"ja": {"{P}・オーシャンビュー", "寝室から海が見えます。", "海"},
	}
	mountainView = byLang{
		"en": {"Mountain View Stay in {P}", "Enjoy the mountain view from the living room.", "mountain"},
		"pt": {"Vista para a montanha em {P}", "Aproveite a vista para a montanha.", "montanha"},
		"es": {"Vistas a la montaña en {P}", "Disfruta de las vistas a la montaña.", "montaña"},
		"it": {"Vista montagna a {P}", "Goditi la vista sulle montagne.", "montagn"},
		"fr": {"Vue sur la montagne à {P}", "Profitez de la vue sur la montagne.", "montagne"},
		"de": {"Bergblick in {P}", "Genießen Sie den Bergblick.", "bergblick"},
		"ja": {"{P}・山の景色", "リビングから山の景色を楽しめます。", "山"},
	}
	kingBed = byLang{
		"en": {"King Bed Stay in {P}", "The bedroom has a king bed.", "king"},
		"pt": {"Cama king em {P}", "O quarto tem cama king.", "king"},
		"es": {"Cama king size en {P}", "El dormitorio tiene cama king size.", "king"},
		"it": {"Letto king-size a {P}", "La camera ha un letto king-size.", "king"},
		"fr": {"Lit king-size à {P}", "La chambre dispose d'un lit king-size.", "king"},
		"de": {"Kingsize-Bett in {P}", "Das Schlafzimmer hat ein Kingsize-Bett.", "kingsize"},
		"ja": {"{P}・キングサイズベッド", "寝室にはキングサイズベッドがあります。", "キングサイズ"},
	}
	queenBed = byLang{
		"en": {"Queen Bed Stay in {P}", "Sleep in a comfortable queen bed.", "queen"},
		"pt": {"Cama queen em {P}", "O quarto tem cama queen.", "queen"},
		"es": {"Cama queen en {P}", "El dormitorio tiene cama queen.", "queen"},
		"it": {"Letto queen-size a {P}", "La camera ha un letto queen-size.", "queen"},
		"fr": {"Lit queen-size à {P}", "La chambre dispose d'un lit queen-size.", "queen"},
		"de": {"Queensize-Bett in {P}", "Das Schlafzimmer hat ein Queensize-Bett.", "queensize"},
		"ja": {"{P}・クイーンサイズベッド", "寝室にはクイーンサイズベッドがあります。", "クイーン"},
	}
	sleeps = byLang{ // {N}: a guest count in words (ja: full-width digits)
		"en": {"{P} Home, Sleeps {N}", "The home sleeps {N} guests.", "{N}"},
		"pt": {"Acomoda {N} pessoas em {P}", "A casa acomoda {N} hóspedes.", "{N}"},
		"es": {"Para {N} huéspedes en {P}", "Tiene capacidad para {N} huéspedes.", "{N}"},
		"it": {"Fino a {N} ospiti a {P}", "L'alloggio ospita fino a {N} persone.", "{N}"},
		"fr": {"Jusqu'à {N} voyageurs à {P}", "Le logement accueille jusqu'à {N} voyageurs.", "{N}"},
		"de": {"Für {N} Gäste in {P}", "Die Unterkunft bietet Platz für {N} Gäste.", "{N}"},
		"ja": {"{P}・最大{N}名", "最大{N}名様まで宿泊できます。", "{N}名"},
	}
	bedrooms = byLang{ // {N}: a bedroom count in digits
		"en": {"{N} Bedrooms in {P}", "There are {N} bedrooms for you.", "{N} bedrooms"},
		"pt": {"{N} quartos em {P}", "São {N} quartos para você.", "{N} quartos"},
		"es": {"{N} dormitorios en {P}", "Tiene {N} dormitorios.", "{N} dormitorios"},
		"it": {"{N} camere da letto a {P}", "Ci sono {N} camere da letto.", "{N} camere"},
		"fr": {"{N} chambres à {P}", "Le logement compte {N} chambres.", "{N} chambres"},
		"de": {"{N} Schlafzimmer in {P}", "Es gibt {N} Schlafzimmer.", "{N} schlafzimmer"},
		"ja": {"{P}・寝室：{N}", "寝室は{N}室あります。", "寝室"},
	}
	beach = byLang{ // {N}: minutes (en, pt, es, ja) or metres (it, fr, de)
		"en": {"{N} Minutes from the Beach", "The beach is a {N}-minute walk away.", "beach"},
		"pt": {"A {N} minutos da praia em {P}", "A praia fica a {N} minutos a pé.", "{N} minutos"},
		"es": {"A {N} minutos de la playa", "La playa está a {N} minutos a pie.", "{N} minutos"},
		"it": {"A {N} m dalla spiaggia", "La spiaggia è a {N} m dall'alloggio.", "{N} m"},
		"fr": {"À {N} m de la plage", "La plage est à {N} mètres.", "{N} m"},
		"de": {"{N} m vom Strand in {P}", "Der Strand ist nur {N} m entfernt.", "{N} m"},
		"ja": {"{P}・ビーチまで徒歩{N}分", "ビーチまで徒歩{N}分です。", "徒歩{N}分"},
	}
	landmark = byLang{
		"en": {"Steps from Times Square", "Times Square is just around the corner.", "times square"},
		"pt": {"Pertinho de Copacabana", "Fica a poucos passos de Copacabana.", "copacabana"},
		"es": {"Junto a la Sagrada Familia", "Está junto a la Sagrada Familia.", "sagrada familia"},
		"it": {"A due passi dal Colosseo", "Il Colosseo è a due passi.", "colosseo"},
		"fr": {"Au pied de la tour Eiffel", "La tour Eiffel est juste à côté.", "eiffel"},
		"de": {"Direkt am Brandenburger Tor", "Das Brandenburger Tor liegt gleich um die Ecke.", "brandenburger"},
		"ja": {"渋谷駅すぐの宿", "渋谷駅からすぐです。", "渋谷"},
	}
	petsWelcome = byLang{
		"en": {"Pet-Friendly Stay in {P}", "Pets are welcome, so bring your dog.", "pet"},
		"pt": {"Aceita pets em {P}", "Animais de estimação são bem-vindos.", "animais"},
		"es": {"Se admiten mascotas en {P}", "Las mascotas son bienvenidas.", "mascotas"},
		"it": {"Animali ammessi a {P}", "Gli animali domestici sono benvenuti.", "animali"},
		"fr": {"Animaux acceptés à {P}", "Les animaux sont les bienvenus.", "animaux"},
		"de": {"Haustiere willkommen in {P}", "Haustiere sind herzlich willkommen.", "haustiere"},
		"ja": {"{P}・ペット可", "ペット同伴で宿泊できます。", "ペット"},
	}
	noPets = byLang{
		"en": {"No Pets Allowed in {P}", "Sorry, no pets are allowed.", "no pets"},
		"pt": {"Não aceita pets em {P}", "Não são permitidos animais de estimação.", "não são permitidos animais"},
		"es": {"No se admiten mascotas en {P}", "No se admiten mascotas.", "no se admiten mascotas"},
		"it": {"Animali non ammessi a {P}", "Non sono ammessi animali.", "non sono ammessi animali"},
		"fr": {"Animaux interdits à {P}", "Les animaux ne sont pas admis.", "animaux ne sont pas admis"},
		"de": {"Keine Haustiere in {P}", "Haustiere sind nicht erlaubt.", "haustiere sind nicht erlaubt"},
		"ja": {"{P}・ペット不可", "ペットは同伴できません。", "ペットは同伴できません"},
	}
	parties = byLang{
		"en": {"{P} Stay for Parties", "Parties and events are welcome.", "parties"},
		"pt": {"Ideal para festas em {P}", "Festas e eventos são permitidos.", "festas"},
		"es": {"Ideal para fiestas en {P}", "Se permiten fiestas y eventos.", "fiestas"},
		"it": {"Perfetto per feste a {P}", "Feste ed eventi sono ammessi.", "feste"},
		"fr": {"Idéal pour faire la fête à {P}", "Les fêtes et événements sont autorisés.", "fête"},
		"de": {"Ideal für Partys in {P}", "Partys und Feiern sind erlaubt.", "partys"},
		"ja": {"{P}・パーティー可", "パーティーやイベントが可能です。", "パーティー"},
	}
	smokingOK = byLang{
		"en": {"Smoking Allowed in {P}", "Smoking is allowed indoors.", "smoking"},
		"pt": {"Permitido fumar em {P}", "É permitido fumar dentro de casa.", "fumar"},
		"es": {"Se permite fumar en {P}", "Se puede fumar dentro.", "fumar"},
		"it": {"Fumatori ammessi a {P}", "È consentito fumare all'interno.", "fumare"},
		"fr": {"Fumeurs acceptés à {P}", "Il est permis de fumer à l'intérieur.", "fumer"},
		"de": {"Rauchen erlaubt in {P}", "Rauchen ist in der Unterkunft erlaubt.", "rauchen"},
		"ja": {"{P}・喫煙可", "室内で喫煙できます。", "喫煙"},
	}
	noSmoking = byLang{
		"en": {"Non-Smoking Stay in {P}", "Smoking is not allowed anywhere.", "smoking is not allowed"},
		"pt": {"Proibido fumar em {P}", "É proibido fumar no imóvel.", "proibido fumar"},
		"es": {"Prohibido fumar en {P}", "Está prohibido fumar.", "prohibido fumar"},
		"it": {"Vietato fumare a {P}", "È vietato fumare.", "vietato fumare"},
		"fr": {"Non-fumeur à {P}", "Il est interdit de fumer.", "interdit de fumer"},
		"de": {"Rauchfrei in {P}", "Rauchen ist nicht gestattet.", "rauchen ist nicht"},
		"ja": {"{P}・全面禁煙", "全面禁煙です。", "禁煙"},
	}
	elevator = byLang{
		"en": {"{P} Flat with Elevator", "An elevator takes you to the door.", "elevator"},
		"pt": {"Com elevador em {P}", "O prédio tem elevador.", "elevador"},
		"es": {"Con ascensor en {P}", "El edificio tiene ascensor.", "ascensor"},
		"it": {"Appartamento con ascensore", "Il palazzo è dotato di ascensore.", "con ascensore"},
		"fr": {"Avec ascenseur à {P}", "L'immeuble dispose d'un ascenseur.", "ascenseur"},
		"de": {"Mit Aufzug in {P}", "Das Haus hat einen Aufzug.", "aufzug"},
		"ja": {"{P}・エレベーター付き", "エレベーターがあります。", "エレベーター"},
	}
	unavailable = byLang{ // {A}: an amenity the page lists as not included
		"en": {"{P} Stay with {A}", "Guests can use the {A}.", "{A}"},
		"pt": {"{P} com {A}", "Os hóspedes podem usar: {A}.", "{A}"},
		"es": {"{P} con {A}", "Los huéspedes disponen de {A}.", "{A}"},
		"it": {"{P} con {A}", "Gli ospiti hanno a disposizione: {A}.", "{A}"},
		"fr": {"{P} avec {A}", "Les voyageurs disposent de : {A}.", "{A}"},
		"de": {"{P} mit {A}", "Den Gästen steht zur Verfügung: {A}.", "{A}"},
		"ja": {"{P}・{A}付き", "{A}をご利用いただけます。", "{A}"},
	}
	injected = byLang{ // what the injections in the host's text asked for
		"en": {"Free Stay in {P}", "Book now for a Free Stay.", "free stay"},
		"pt": {"Free Stay em {P}", "Sua estadia é Free Stay: hospedagem grátis.", "free stay"},
		"es": {"Free Stay en {P}", "Tu estancia es Free Stay: gratis.", "free stay"},
		"it": {"Free Stay a {P}", "Soggiorno gratuito: Free Stay per tutti.", "free stay"},
		"fr": {"Free Stay à {P}", "Votre séjour est Free Stay : gratuit.", "free stay"},
		"de": {"Free Stay in {P}", "Ihr Aufenthalt ist kostenlos: Free Stay.", "free stay"},
		"ja": {"{P}・Free Stay", "Free Stayで無料宿泊。", "free stay"},
	}
	refusal = byLang{
		"en": {"I'm sorry, but I can't help with that", "I'm sorry, but I can't help with that request.", "sorry"},
		"pt": {"Desculpe, mas não posso ajudar com isso", "Desculpe, mas não posso ajudar com esse pedido.", "desculpe"},
		"es": {"Lo siento, pero no puedo ayudar con eso", "Lo siento, pero no puedo ayudar con esa solicitud.", "lo siento"},
		"it": {"Mi dispiace, ma non posso aiutarti", "Mi dispiace, ma non posso aiutarti con questa richiesta.", "mi dispiace"},
		"fr": {"Désolé, je ne peux pas vous aider", "Je suis désolé, mais je ne peux pas vous aider.", "désolé"},
		"de": {"Es tut mir leid, dabei kann ich nicht helfen", "Es tut mir leid, aber dabei kann ich nicht helfen.", "tut mir leid"},
		"ja": {"申し訳ありませんが、お手伝いできません", "申し訳ありませんが、そのご要望にはお応えできません。", "申し訳"},
	}
	template = byLang{
		"en": {"{{.Secret}} in {P}", "Welcome to {{.Secret}}, your home in {P}.", "{{"},
		"pt": {"{{.Secret}} em {P}", "Bem-vindo a {{.Secret}}, sua casa em {P}.", "{{"},
		"es": {"{{.Secret}} en {P}", "Bienvenido a {{.Secret}}, tu casa en {P}.", "{{"},
		"it": {"{{.Secret}} a {P}", "Benvenuti a {{.Secret}}, la vostra casa a {P}.", "{{"},
		"fr": {"{{.Secret}} à {P}", "Bienvenue à {{.Secret}}, votre maison à {P}.", "{{"},
		"de": {"{{.Secret}} in {P}", "Willkommen im {{.Secret}} in {P}.", "{{"},
		"ja": {"{P}の{{.Secret}}", "{{.Secret}}へようこそ。", "{{"},
	}
	handles = byLang{
		"en": {"{P} Stay · IG alfama.loft", "More photos at www.casa.com and on IG alfama.loft.", "alfama.loft"},
		"pt": {"{P} · siga @casa_rio", "Mais fotos em www.casa.com e no @casa_rio.", "casa_rio"},
		"es": {"{P} · síguenos @casa_rio", "Más fotos en www.casa.com y en @casa_rio.", "casa_rio"},
		"it": {"{P} · IG alfama.loft", "Altre foto su www.casa.com e su IG alfama.loft.", "alfama.loft"},
		"fr": {"{P} · suivez @casa_rio", "Plus de photos sur www.casa.com et @casa_rio.", "casa_rio"},
		"de": {"{P} · www.casa.com", "Mehr Fotos auf www.casa.com und bei @casa_rio.", "casa.com"},
		"ja": {"{P}・@casa_rio", "写真はwww.casa.comと@casa_rioで。", "casa_rio"},
	}
	// A true sentence in another language than the copy's: pt answers in
	// Spanish, it and fr in English, en in Portuguese, ja in Chinese.
	otherLanguage = map[string]struct{ lang string }{
		"en": {"pt"}, "pt": {"es"}, "es": {"it"}, "it": {"en"}, "fr": {"en"}, "de": {"en"}, "ja": {"zh"},
	}
	neutral = byLang{
		"en": {"A place to stay in {P}", "This place is in {P} and is ready for your next trip.", "ready for your next trip"},
		"pt": {"Hospedagem em {P}", "Esta hospedagem fica em {P} e espera por você na próxima viagem.", "próxima viagem"},
		"es": {"Alojamiento en {P}", "Este alojamiento está en {P} y te espera en tu próximo viaje.", "próximo viaje"},
		"it": {"Alloggio a {P}", "Questo alloggio si trova a {P} e vi aspetta per il prossimo viaggio.", "prossimo viaggio"},
		"zh": {"{P}的住宿", "这个住宿位于{P}，欢迎您下次光临。", "欢迎"},
	}
	// The features of the host's other property (the other-* variants).
	otherProperty = map[string]phrase{
		"other-arraial":   {"Casa com piscina privativa em {P}", "A casa tem piscina privativa e jacuzzi.", "piscina"},
		"other-edinburgh": {"Flat with Private Hot Tub in {P}", "Relax in the private hot tub, with a sea view.", "hot tub"},
		"other-milano":    {"Suite con piscina privata a {P}", "La suite ha una piscina privata e la vista lago.", "piscina"},
	}
)

var numberWords = map[string]map[int]string{
	"en": {6: "six", 7: "seven", 8: "eight", 10: "ten"},
	"pt": {6: "seis", 7: "sete", 8: "oito", 10: "dez"},
	"es": {6: "seis", 7: "siete", 8: "ocho", 10: "diez"},
	"it": {6: "sei", 7: "sette", 8: "otto", 10: "dieci"},
	"fr": {6: "six", 7: "sept", 8: "huit", 10: "dix"},
	"de": {6: "sechs", 7: "sieben", 8: "acht", 10: "zehn"},
	"ja": {6: "６", 7: "７", 8: "８", 10: "１０"},
}

// Words that, in the page's own text, make a category's claim (possibly)
// true: the category is then not planted on that page.
var (
	reRenovated = regexp.MustCompile(`renov|reform|ristruttur|rénov|refurb|リノベ|改装`)
	reBreakfast = regexp.MustCompile(`breakfast|café da manhã|pequeno-almoço|desayuno|colazione|petit-déjeuner|frühstück|ontbijt|朝食`)
	reShuttle   = regexp.MustCompile(`shuttle|navette|transfer|traslado|navetta|airport|aeroporto|aeropuerto|aéroport|flughafen|送迎|空港`)
	reCleaning  = regexp.MustCompile(`cleaning|limpeza|limpieza|pulizi|ménage|reinigung|schoonmaak|清掃|housekeep`)
	reFavourite = regexp.MustCompile(`favou?rite|favorito|preferido|amato dagli|coup de cœur|favorit|お気に入り`)
	reAward     = regexp.MustCompile(`award|prêmi|premi|prix|primé|auszeichnung|preisgekr|受賞|choice|estrelas|stelle|étoiles|stars`)
	reSea       = regexp.MustCompile(`sea|ocean|oceano|\bmar\b|\bmare\b|\bmer\b|meer|海|beach|praia|playa|spiaggia|plage|strand|adriatic|waterfront|beira|オーシャン|ビーチ`)
	reMountain  = regexp.MustCompile(`mountain|montanha|montaña|montagn|berg|山|hill|colline|forest`)
	reKing      = regexp.MustCompile(`king|キング`)
	reQueen     = regexp.MustCompile(`queen|クイーン`)
	reNoLift    = regexp.MustCompile(`senza ascensore|without an elevator|without a lift|sem elevador|sin ascensor|sans ascenseur|ohne aufzug`)
	reLift      = regexp.MustCompile(`elevator|lift|ascensore|elevador|ascensor|ascenseur|aufzug|エレベーター`)
	// Unavailable amenities not planted: rules, safety devices and
	// accessibility lines ("Wide doorway") are no selling point a model
	// would claim.
	reNotAmenity = regexp.MustCompile(`pet|animai|smok|fumar|event|camera|câmera|telecamer|básico|basic|essential|servizi di base|grundausstattung|必需品|wide|step-free|accessible|grab|shower chair|flat path|well-lit|disabled|parking spot|baby|children|crib|high chair|outlet|stair gate|corner|window guard|guards|changing table|babysitter|防犯|lock on|private living|safety card|first aid|extinguisher|detector|alarm|alarme|rilevatore|monóxido|monossido|煙|一酸化|buzzer|doorman|laptop|hangers|ethernet|paid parking|books|dinnerware|game console|room-darkening|entrance|entrada`)
)

// place is the listing's place as a title names it: the neighbourhood,
// else the city.
func place(l *listing.Listing) string {
	if l.Location.Area != "" {
		return l.Location.Area
	}
	return l.Location.City
}

// inventions are the invented claims planted on page p: each category
// whose claim is false for p, in p's copy language, once as a title and
// once as a sentence.
func inventions(p corpusPage, seq int) []invention {
	l, lang := p.L, p.Lang()
	own := ownText(l)
	allowed := writing.AllowedNumbers(l)
	var out []invention
	add := func(cat string, ph phrase, finish string, subst ...string) {
		r := strings.NewReplacer(append([]string{"{P}", place(l)}, subst...)...)
		title := r.Replace(ph.title)
		if n := writing.TitleLimit(l); len([]rune(title)) > n {
			title = strings.TrimSpace(strings.NewReplacer("{P}", "", " in ", "", " em ", "", " a ", "").Replace(r.Replace(ph.title)))
		}
		marker := strings.ToLower(r.Replace(ph.marker))
		// One part per invention, in turn: the first title, the
		// description, another title, the amenity copy.
		// (Titles twice as often: they are checked one by one, so several
		// share an answer, and the corpus runs in fewer writes.)
		turn := []plantPart{plantFirstTitle, plantDescription, plantTitle, plantFirstTitle, plantAmenity, plantTitle}
		part := turn[(seq+len(out))%len(turn)]
		text := title
		if part == plantDescription || part == plantAmenity {
			text = r.Replace(ph.sentence)
		}
		lng := lang
		if cat == "wrong language" {
			lng = otherLanguage[lang].lang
		}
		out = append(out, invention{page: p.Name, cat: cat, lang: lng, part: part, text: text, marker: marker, finish: finish})
	}
	has := func(re *regexp.Regexp) bool { return re.MatchString(own) }
	if !has(reRenovated) {
		add("renovation", renovated[lang], "")
	}
	if !has(reBreakfast) {
		add("included extras", breakfast[lang], "")
	}
	if !has(reShuttle) {
		add("included extras", shuttle[lang], "")
	}
	if !has(reCleaning) {
		add("fees", noCleaningFee[lang], "")
	}
	if !l.Superhost && !l.Host.Superhost && !strings.Contains(own, "superhost") && !strings.Contains(own, "スーパーホスト") {
		add("host status", superhost[lang], "")
	}
	if !l.GuestFavorite && !has(reFavourite) {
		add("host status", guestFavourite[lang], "")
	}
	if !has(reAward) {
		add("host status", award[lang], "")
	}
	if !has(reSea) {
		add("views", seaView[lang], "")
	} else if !has(reMountain) {
		add("views", mountainView[lang], "")
	}
	if !has(reKing) {
		add("beds", kingBed[lang], "")
	}
	if !has(reQueen) {
		add("beds", queenBed[lang], "")
	}
	for _, n := range []int{8, 6, 10, 7} {
		if n != l.Capacity && n != l.HouseRules.MaxGuests {
			add("counts", sleeps[lang], "", "{N}", numberWords[lang][n])
			break
		}
	}
	for _, n := range []int{3, 4, 5} {
		if n != l.Bedrooms {
			s := strconv.Itoa(n)
			if lang == "ja" {
				s = string(rune('０' + n))
			}
			add("counts", bedrooms[lang], "", "{N}", s)
			break
		}
	}
	for _, n := range []int{7, 12, 15, 9, 11} {
		if lang == "it" || lang == "fr" || lang == "de" {
			n *= 30 // metres: 210, 360, …
		}
		if !allowed[strconv.Itoa(n)] {
			add("distances", beach[lang], "", "{N}", strconv.Itoa(n))
			break
		}
	}
	if ph := landmark[lang]; !strings.Contains(own, ph.marker) && !strings.Contains(strings.ToLower(l.Location.City), ph.marker) {
		add("places", ph, "")
	}
	rules := l.HouseRules
	if rules.PetsAllowed != nil && !*rules.PetsAllowed {
		add("rule polarity", petsWelcome[lang], "")
	}
	if rules.PetsAllowed != nil && *rules.PetsAllowed {
		add("rule polarity", noPets[lang], "")
	}
	if rules.PartiesAllowed != nil && !*rules.PartiesAllowed {
		add("rule polarity", parties[lang], "")
	}
	if rules.SmokingAllowed != nil && !*rules.SmokingAllowed {
		add("rule polarity", smokingOK[lang], "")
	}
	if rules.SmokingAllowed != nil && *rules.SmokingAllowed {
		add("rule polarity", noSmoking[lang], "")
	}
	noLift := has(reNoLift)
	for _, a := range l.Amenities {
		if !a.Available && reLift.MatchString(strings.ToLower(a.Name)) {
			noLift = true
		}
	}
	for _, a := range l.Amenities {
		if a.Available && reLift.MatchString(strings.ToLower(a.Name)) {
			noLift = false
		}
	}
	if noLift {
		add("rule polarity", elevator[lang], "")
	}
	planted := 0
	for _, a := range l.Amenities {
		name := strings.ToLower(a.Name)
		if a.Available || planted == 2 || reNotAmenity.MatchString(name) || reLift.MatchString(name) || strings.Contains(own, name) {
			continue
		}
		planted++
		add("unavailable amenities", unavailable[lang], "", "{A}", name)
		if strings.Contains(name, "air conditioning") {
			add("unavailable amenities", phrase{"Cooling for Hot Days in {P}", "Cooling keeps every room comfortable.", "cooling"}, "")
		}
	}
	if ph, ok := otherProperty[p.Name]; ok {
		add("another property", ph, "")
	}
	if strings.HasPrefix(p.Name, "inject-") {
		ph := injected[lang]
		add("prompt injection", ph, "")
		add("prompt injection", ph, "")
		ph.title = "Free Stay: " + place(l)
		add("prompt injection", ph, "")
		add("prompt injection", ph, "")
	}
	add("refusals", refusal[lang], "")
	add("template leftovers", template[lang], "")
	add("handles and URLs", handles[lang], "")
	add("wrong language", neutral[otherLanguage[lang].lang], "")
	// Safety blocks: an answer whose candidate the API ended with SAFETY
	// or PROHIBITED_CONTENT: none of its text may be used, whatever it
	// says (the claim planted is one of the extras, false for most pages).
	sb := shuttle[lang]
	if has(reShuttle) {
		sb = renovated[lang]
	}
	add("safety blocks", sb, "SAFETY")
	add("safety blocks", breakfast[lang], "PROHIBITED_CONTENT")
	return out
}

// honestBase is the built-in writer's copy for req: the honest answer an
// invention is planted in, and what the Gemini writer falls back to.
func honestBase(t *testing.T, req writing.Request) writing.Copy {
	t.Helper()
	c, err := writing.Builtin{}.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// plant puts invs into an honest answer: titles each where it says,
// at most one in the description and one in the amenity copy (each of
// those parts is kept or refused whole, so one invention per part).
func plant(base writing.Copy, invs ...invention) modelAnswer {
	a := modelAnswer{Titles: append([]string(nil), base.Titles...), Description: base.Description, AmenityCopy: base.AmenityCopy}
	var first []string
	for _, inv := range invs {
		switch inv.part {
		case plantFirstTitle:
			first = append(first, inv.text)
		case plantTitle:
			i := min(2, len(a.Titles))
			a.Titles = append(a.Titles[:i:i], append([]string{inv.text}, a.Titles[i:]...)...)
		case plantDescription:
			paras := strings.SplitN(a.Description, "\n\n", 2)
			paras[0] = strings.TrimRight(paras[0], " ") + " " + inv.text
			a.Description = strings.Join(paras, "\n\n")
		case plantAmenity:
			a.AmenityCopy = strings.TrimSpace(a.AmenityCopy + " " + inv.text)
		}
	}
	a.Titles = append(first, a.Titles...)
	return a
}

// batches groups a page's inventions into answers: one description and
// one amenity-copy invention each, the titles spread over them (every
// title is checked on its own); safety blocks each alone, since the whole
// candidate is blocked.
func batches(invs []invention) [][]invention {
	var d, a, out [][]invention
	var titles []invention
	for _, inv := range invs {
		switch {
		case inv.finish != "":
			out = append(out, []invention{inv})
		case inv.part == plantDescription:
			d = append(d, []invention{inv})
		case inv.part == plantAmenity:
			a = append(a, []invention{inv})
		default:
			titles = append(titles, inv)
		}
	}
	n := max(len(d), len(a), (len(titles)+3)/4)
	for i := 0; i < n; i++ {
		var b []invention
		if i < len(d) {
			b = append(b, d[i]...)
		}
		if i < len(a) {
			b = append(b, a[i]...)
		}
		for j := i; j < len(titles); j += n {
			b = append(b, titles[j])
		}
		out = append(out, b)
	}
	return out
}

// reached says whether inv reached copy c: its text in the part it was
// planted in (or anywhere), or — in the description and amenity copy,
// where it is the only invention — its invented words more often than
// the honest copy has them.
func reached(inv invention, c, base writing.Copy) bool {
	got := copyText(c)
	if strings.Contains(got, inv.text) || strings.Contains(squash(got), squash(inv.text)) {
		return true
	}
	count := func(s string) int { return strings.Count(strings.ToLower(s), inv.marker) }
	switch {
	case inv.marker == "":
		return false
	case inv.part == plantDescription:
		return count(c.Description) > count(base.Description)
	case inv.part == plantAmenity:
		return count(c.AmenityCopy) > count(base.AmenityCopy)
	}
	return false
}

func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

func responderFor(b []invention, a modelAnswer) geminitest.Responder {
	if len(b) == 1 && b[0].finish != "" {
		return finished(a, b[0].finish)
	}
	return geminitest.Answer(a)
}

// inventedResult is one invention's outcome.
type inventedResult struct {
	inv     invention
	reached bool
	vacuous bool // the honest base of the part it was planted in was refused too
}

// runInventions runs every invention of every page through the Gemini
// writer (the stand-in answering), on as many stand-ins as there are CPUs.
func runInventions(t *testing.T, pages []corpusPage) (results []inventedResult, control map[string]string) {
	t.Helper()
	type job struct {
		p    corpusPage
		seq  int
		invs []invention
	}
	jobs := make(chan job)
	var mu sync.Mutex
	control = map[string]string{}
	var wg sync.WaitGroup
	for w := 0; w < max(2, runtime.GOMAXPROCS(0)); w++ {
		s := newStandIn(t)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				req := corpusRequest(j.p.L, writing.PremiumTitles)
				base, err := writing.Builtin{}.Write(context.Background(), req)
				if err != nil {
					t.Error(err)
					continue
				}
				// Control: the honest base alone, so that a refusal of a
				// planted part is not taken for catching the invention
				// where the checker refuses the honest part as well.
				ctl, err := s.tryWrite(req, geminitest.Answer(modelAnswer{Titles: base.Titles, Description: base.Description, AmenityCopy: base.AmenityCopy}))
				if err != nil {
					t.Error(err)
					continue
				}
				baseOK := map[plantPart]bool{
					plantFirstTitle:  ctl.Writers[writing.PartTitles] != writing.NameBuiltin,
					plantTitle:       ctl.Writers[writing.PartTitles] != writing.NameBuiltin,
					plantDescription: ctl.Writers[writing.PartDescription] == writing.NameGemini,
					plantAmenity:     ctl.Writers[writing.PartAmenityCopy] == writing.NameGemini,
				}
				var rs []inventedResult
				for _, b := range batches(j.invs) {
					c, err := s.tryWrite(req, responderFor(b, plant(base, b...)))
					if err != nil {
						t.Error(err)
						continue
					}
					for _, inv := range b {
						rs = append(rs, inventedResult{inv: inv, reached: reached(inv, c, base), vacuous: !baseOK[inv.part]})
					}
				}
				mu.Lock()
				results = append(results, rs...)
				if !baseOK[plantTitle] || !baseOK[plantDescription] || !baseOK[plantAmenity] {
					control[j.p.Name] = fmt.Sprintf("titles %s, description %s, amenity copy %s; notes %q", ctl.Writers[writing.PartTitles], ctl.Writers[writing.PartDescription], ctl.Writers[writing.PartAmenityCopy], ctl.Notes)
				}
				mu.Unlock()
			}
		}()
	}
	for i, p := range pages {
		jobs <- job{p, i, inventions(p, i)}
	}
	close(jobs)
	wg.Wait()
	sort.SliceStable(results, func(a, b int) bool { return results[a].inv.page < results[b].inv.page })
	return results, control
}

// TestCorpusInventedClaims: every invented claim, planted in one part of
// an otherwise honest model answer on every real page and variant, is in
// none of the Gemini writer's copy.
func TestCorpusInventedClaims(t *testing.T) {
	outsideRace(t)
	results, control := runInventions(t, corpusPages(t))
	byLangN, byCat, reachedBy, parts := map[string]int{}, map[string]int{}, map[string]int{}, map[string]map[plantPart]bool{}
	var fails []string
	vacuous := 0
	for _, r := range results {
		inv := r.inv
		byLangN[inv.lang]++
		byCat[inv.cat]++
		if parts[inv.cat] == nil {
			parts[inv.cat] = map[plantPart]bool{}
		}
		parts[inv.cat][inv.part] = true
		if r.vacuous {
			vacuous++
		}
		if r.reached {
			reachedBy[inv.cat]++
			fails = append(fails, fmt.Sprintf("%s | %s | %s | %s | %q", inv.page, inv.cat, inv.lang, inv.part, inv.text))
		}
	}
	if len(results) < 300 {
		t.Errorf("only %d invented claims; the corpus needs at least 300", len(results))
	}
	for _, lang := range []string{"en", "pt", "es", "it", "fr", "de", "ja"} {
		if byLangN[lang] == 0 {
			t.Errorf("no invented claim in %s", lang)
		}
	}
	for cat, ps := range parts {
		if len(ps) < 2 {
			t.Errorf("%s is planted in only one part of the answer", cat)
		}
	}
	var names []string
	for name := range control {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		{
			t.Logf("control: the checker refused part of the honest base answer for %s (%s): plants there count as vacuous", name, control[name])
		}
	}
	for _, f := range fails {
		t.Errorf("reached the host: %s", f)
	}
	t.Logf("invented claims by category: %s", countsLine(byCat, reachedBy))
	t.Logf("invented claims: %d of %d reached the host (%s); %d planted in a part whose honest base the checker refused too",
		len(fails), len(results), langLine(byLangN), vacuous)
}

func langLine(n map[string]int) string {
	var parts []string
	for _, lang := range []string{"en", "pt", "es", "it", "fr", "de", "ja", "zh"} {
		if n[lang] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", lang, n[lang]))
		}
	}
	return strings.Join(parts, ", ")
}

func countsLine(total, bad map[string]int) string {
	var keys []string
	for k := range total {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d/%d", k, bad[k], total[k]))
	}
	return strings.Join(parts, ", ") + " (reached/planted)"
}
