package analysis

import (
	"regexp"
	"strings"
	"sync"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// placeExonyms are the places ListingLift's listings are in, under each
// name a page, a host or a guest writes them: in English, in the local
// language and script, and transliterated. A title saying "Lisbon" names
// "Lisboa"; a description saying "Αθήνα" uses the search word "Athens"; a
// Japanese title saying "京都" names Kyoto. Inflected forms ("Αθήνας",
// "Münchens") are the matcher's (prose/inflect.go), not this table's.
var placeExonyms = [][]string{
	// Italy
	{"Rome", "Roma", "Rom", "Ρώμη", "ローマ"}, {"Milan", "Milano", "Mailand", "Milão", "Milaan", "Μιλάνο", "ミラノ"}, {"Florence", "Firenze", "Florenz", "Φλωρεντία", "フィレンツェ"}, {"Venice", "Venezia", "Venedig", "Venise", "Βενετία", "ヴェネツィア"}, {"Naples", "Napoli", "Neapel", "Νάπολη", "ナポリ"},
	{"Turin", "Torino"}, {"Genoa", "Genova"}, {"Padua", "Padova"}, {"Syracuse", "Siracusa"}, {"Mantua", "Mantova"},
	{"Lombardy", "Lombardia"}, {"Tuscany", "Toscana"}, {"Sicily", "Sicilia"}, {"Sardinia", "Sardegna"},
	{"Apulia", "Puglia"}, {"Piedmont", "Piemonte"}, {"Lake Como", "Lago di Como"}, {"Lake Garda", "Lago di Garda"},
	// Portugal and Brazil
	{"Lisbon", "Lisboa", "Lissabon", "Lisbonne", "Lisbona", "Λισαβόνα", "リスボン"}, {"Oporto", "Porto"}, {"Azores", "Açores"}, {"Rio de Janeiro", "Rio", "Ρίο ντε Τζανέιρο", "リオデジャネイロ"}, {"São Paulo", "Sao Paulo"},
	// Spain
	{"Seville", "Sevilla"}, {"Saragossa", "Zaragoza"}, {"Majorca", "Mallorca"}, {"Minorca", "Menorca"},
	{"Ibiza", "Eivissa"}, {"Corunna", "A Coruña", "La Coruña"}, {"Canary Islands", "Canarias", "Islas Canarias"},
	{"Catalonia", "Cataluña", "Catalunya", "Catalogne"}, {"Andalusia", "Andalucía"}, {"Balearic Islands", "Illes Balears", "Islas Baleares"},
	// France, Belgium, Switzerland, the Netherlands
	{"Marseille", "Marseilles"}, {"Lyon", "Lyons"}, {"Nice", "Nizza"}, {"Corsica", "Corse"}, {"Brittany", "Bretagne"},
	{"Normandy", "Normandie"}, {"Burgundy", "Bourgogne"}, {"Brussels", "Bruxelles", "Brussel"}, {"Bruges", "Brugge"},
	{"Antwerp", "Antwerpen", "Anvers"}, {"Ghent", "Gent", "Gand"}, {"Geneva", "Genève", "Genf", "Ginevra"},
	{"Zurich", "Zürich"}, {"The Hague", "Den Haag"}, {"North Holland", "Noord-Holland"},
	// Germany, Austria, Central Europe, Scandinavia
	{"Munich", "München", "Monaco di Baviera", "Μόναχο", "ミュンヘン"}, {"Cologne", "Köln"}, {"Nuremberg", "Nürnberg"}, {"Hanover", "Hannover"},
	{"Bavaria", "Bayern"}, {"Vienna", "Wien"}, {"Prague", "Praha", "Prag"}, {"Warsaw", "Warszawa"}, {"Krakow", "Kraków", "Cracow"},
	{"Copenhagen", "København"}, {"Gothenburg", "Göteborg"},
	// cities of the product's pages in the languages their guests write
	{"Barcelona", "Barcelone", "Barcellona", "Βαρκελώνη", "バルセロナ"}, {"Paris", "Parigi", "Parijs", "Παρίσι", "パリ"},
	{"London", "Londres", "Londra", "Londen", "Λονδίνο", "ロンドン"}, {"Edinburgh", "Edimburgo", "Édimbourg", "Εδιμβούργο", "エディンバラ"},
	{"Amsterdam", "Άμστερνταμ", "アムステルダム"}, {"Rimini", "Ρίμινι", "リミニ"}, {"Madrid", "Μαδρίτη", "マドリード"},
	{"Berlin", "Βερολίνο", "ベルリン"}, {"Formentera", "Φορμεντέρα"},
	// Greece
	{"Athens", "Athina", "Athína", "Athen", "Athènes", "Atene", "Atenas", "Αθήνα", "アテネ"}, {"Thessaloniki", "Salonica", "Θεσσαλονίκη"}, {"Piraeus", "Pireas", "Πειραιάς"},
	{"Attica", "Attiki", "Αττική"}, {"Crete", "Kriti", "Κρήτη"}, {"Heraklion", "Iraklio", "Ηράκλειο"}, {"Chania", "Χανιά"},
	{"Rhodes", "Rodos", "Ρόδος"}, {"Corfu", "Kerkyra", "Κέρκυρα"}, {"Santorini", "Thira", "Σαντορίνη", "Θήρα"},
	{"Mykonos", "Μύκονος"}, {"Naxos", "Νάξος"}, {"Paros", "Πάρος"}, {"Plaka", "Πλάκα"}, {"Koukaki", "Κουκάκι"},
	{"Monastiraki", "Μοναστηράκι"}, {"Acropolis", "Ακρόπολη"}, {"Nafplio", "Nauplia", "Ναύπλιο"},
	// Japan, China
	{"Tokyo", "東京"}, {"Kyoto", "京都"}, {"Osaka", "大阪"}, {"Nara", "奈良"}, {"Sapporo", "札幌"}, {"Fukuoka", "福岡"},
	{"Okinawa", "沖縄"}, {"Hiroshima", "広島"}, {"Asakusa", "浅草"}, {"Shinjuku", "新宿"}, {"Shibuya", "渋谷"},
	{"Ueno", "上野"}, {"Gion", "祇園"}, {"Taito", "台東"}, {"Minowa", "三ノ輪"}, {"Beijing", "Peking", "北京"},
	{"Shanghai", "上海"}, {"Hong Kong", "香港"}, {"Taipei", "台北"},
	// the Americas
	{"Mexico City", "Ciudad de México", "CDMX"},
}

// placeVariants are the other names of place, nil when the table has none.
func placeVariants(place string) []string {
	key := strings.Join(prose.Words(place), " ")
	if spaceless(place) {
		key = strings.TrimSpace(place)
	}
	return exonymIndex()[key]
}

// exonymIndex finds a place's row of placeExonyms by any of its names,
// as written or as its words: the first row with that name wins. Built
// once, so a lookup no longer splits the whole table into words.
var exonymIndex = sync.OnceValue(func() map[string][]string {
	idx := map[string][]string{}
	for _, names := range placeExonyms {
		for _, n := range names {
			for _, k := range []string{strings.Join(prose.Words(n), " "), n} {
				if _, ok := idx[k]; !ok {
					idx[k] = names
				}
			}
		}
	}
	return idx
})

// cjkPlaceNames are the table's names written in Han or kana: a title
// that contains one names a place ("静かな京都の町家"). Latin names are
// not looked for this way: "Nice" and "Porto" are words too.
var cjkPlaceNames = sync.OnceValue(func() []string {
	var out []string
	for _, names := range placeExonyms {
		for _, n := range names {
			if spaceless(n) {
				out = append(out, n)
			}
		}
	}
	return out
})

// rePlaceParts splits an address field into its places: pages write
// "Denver, Colorado", "Taito City / 台東区", "Asakusa - Tokyo".
var rePlaceParts = regexp.MustCompile(`\s*(?:[,/|·;()（）、]|\s[-–—]\s)\s*`)

// listingPlaces are the names a text may use for where the listing is:
// each part of the page's area, city and region fields, and each part's
// other names. The country is not one: "names no neighbourhood, city or
// landmark" stays true of a title that names only the country.
func listingPlaces(l *listing.Listing) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		p = strings.TrimSpace(p)
		if p == "" || seen[p] {
			return
		}
		seen[p] = true
		out = append(out, p)
	}
	for _, field := range []string{l.Location.Area, l.Location.City, l.Location.Region} {
		add(field)
		for _, part := range rePlaceParts.Split(field, -1) {
			add(part)
			// "台東区" names Taito: a Japanese place without its ward, city or
			// town suffix is the name the title uses.
			add(strings.TrimRight(part, "区市町村都府県"))
		}
	}
	for _, p := range append([]string{}, out...) {
		for _, v := range placeVariants(p) {
			add(v)
		}
	}
	return out
}

// placeAliases are the names that count as using an address field: its
// parts ("Denver" for "Denver, Colorado") and each one's other names.
func placeAliases(field string) []string {
	var out []string
	for _, part := range rePlaceParts.Split(strings.TrimSpace(field), -1) {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
			out = append(out, placeVariants(part)...)
		}
	}
	return append(out, placeVariants(field)...)
}

// reCJKPlace finds a place named in Japanese or Chinese by its kind: a
// station, ward, city, town, street, temple, shrine, park… ("三ノ輪駅",
// "台東区", "清水寺", "南京西路").
var reCJKPlace = regexp.MustCompile(`[\p{Han}\p{Katakana}ー]{1,8}(?:駅|区|區|市|町|村|通り|通|寺|神社|宮|公園|城|橋|島|温泉|站|路|街|镇|鎮|県|府)`)

// placeLandmarkWords are words that place a listing in the languages we read,
// beside landmarkWords' English ones: the centre, the beach, near, the
// station, the old town.
var placeLandmarkWords = []string{
	// pt
	"centro", "centro histórico", "praia", "perto", "estação", "metrô", "aeroporto", "beira mar", "orla", "bairro",
	// es
	"playa", "cerca", "estación", "aeropuerto", "casco antiguo", "casco histórico", "barrio", "junto al",
	// it
	"centro storico", "spiaggia", "vicino", "stazione", "aeroporto", "duomo", "lungomare", "quartiere", "a due passi",
	// fr
	"centre", "centre ville", "plage", "près", "gare", "métro", "aéroport", "vieux port", "vieille ville", "quartier", "à deux pas",
	// de
	"zentrum", "altstadt", "strand", "nähe", "bahnhof", "hauptbahnhof", "flughafen", "innenstadt", "zentral",
	// nl
	"centrum", "nabij", "grachten", "binnenstad", "grachtengordel",
	// el
	"κέντρο", "παραλία", "κοντά", "σταθμό", "μετρό", "αεροδρόμιο", "λιμάνι", "πλατεία", "ακρόπολη",
}

// cjkPlaceWords place a listing in Japanese or Chinese text: near, the
// station, on foot ("徒歩"), the centre.
var cjkPlaceWords = []string{"駅", "徒歩", "近く", "中心", "ビーチ", "海辺", "空港", "站", "附近", "市中心", "海滩"}

// placeKindWords are kinds of place in the languages hosts write,
// beside propertyWords' and the text languages' nouns: Portugal's T0–T5
// (by its bedrooms: "T1+1" is a T1 with a box room), Italy's monolocale to
// quadrilocale, Germany's Ferienwohnung…
var placeKindWords = []string{
	"t0", "t1", "t2", "t3", "t4", "t5", "moradia", "vivenda", "cobertura", "kitnet", "quitinete", "flat", "apartamento", "casa",
	"piso", "estudio", "ático", "dúplex", "apartamentos turísticos", "casa rural",
	"monolocale", "bilocale", "trilocale", "quadrilocale", "appartamento", "attico", "mansarda", "rustico", "villetta",
	"appartement", "studio", "gîte", "chambre d hôtes", "chambre", "maison", "maison d hôtes", "péniche",
	"ferienwohnung", "ferienhaus", "ferienapartment", "wohnung", "haus", "zimmer", "gästezimmer", "einzimmerwohnung",
	"appartement", "vakantiewoning", "vakantiehuis", "kamer", "woning",
	"διαμέρισμα", "στούντιο", "σπίτι", "μεζονέτα", "βίλα", "δωμάτιο", "σουίτα", "γκαρσονιέρα", "κατοικία",
	"quarto", "camera", "habitación", "stanza", "suíte",
}

// cjkPropertyWords are kinds of place in Japanese and Chinese, found as
// any piece of the text.
var cjkPropertyWords = []string{"マンション", "アパート", "一棟貸し", "一棟貸切", "貸切", "一軒家", "戸建", "民泊", "旅館",
	"町家", "町屋", "古民家", "民家", "ホテル", "ゲストハウス", "ホステル", "部屋", "個室", "和室", "洋室", "ヴィラ", "コテージ",
	"別荘", "ペンション", "ロフト", "スタジオ", "公寓", "民宿", "套房", "别墅", "別墅", "客栈", "酒店", "房间", "房間", "整套"}

// reDistance is a distance or a time to somewhere, which covers where the
// listing is and how to get about: "5 min walk", "2 km", "300 m", "10
// minutos", "a 5 minuti", "λεπτά", "徒歩5分"; not an area ("200 m²",
// "45 m2").
var reDistance = regexp.MustCompile(`(?i)\d+(?:[.,]\d+)?\s?(?:km|kms|m|mi|miles?|meters?|metres?|metros?|metri|meter|kilometers?|kilometres?|kilómetros|quilômetros|quilómetros|chilometri|kilometer|min|mins|minutes?|minutos?|minuti|minuten|minuut|minuten|λεπτά|λεπτό|χλμ|μέτρα|分|キロ|公里|分钟)(?:$|[^\p{L}\p{N}²³])`)

// nearWords say what is near, by language (English's read in every
// text): a sentence with one covers the neighbourhood. Words that also say
// "beside the door" ("ao lado", "δίπλα") or "about" ("cerca" in
// Portuguese) are left out.
var nearWords = map[string][]string{
	"en": {"near", "close to", "nearby", "steps from", "steps away", "walking distance", "minutes from", "around the corner", "a short walk"},
	"pt": {"perto", "próximo ao", "próximo à", "próximo de", "próxima ao", "próxima à", "próxima de", "a poucos passos", "a poucos minutos", "nas proximidades"},
	"es": {"cerca de", "a pocos pasos", "a pocos minutos", "muy cerca", "en los alrededores"},
	"it": {"vicino a", "vicino al", "vicino alla", "a pochi passi", "a pochi minuti", "a due passi", "nelle vicinanze", "poco distante"},
	"fr": {"près de", "proche de", "à proximité", "à deux pas", "à quelques pas", "à quelques minutes"},
	"de": {"in der nähe", "nähe", "unweit", "wenige gehminuten", "fußläufig", "gleich um die ecke"},
	"nl": {"dichtbij", "vlakbij", "op loopafstand", "in de buurt van"},
	"el": {"κοντά σε", "κοντά στο", "κοντά στη", "κοντά στην", "σε απόσταση", "λίγα λεπτά από", "λίγα βήματα"},
}

// nearIn are the near words read in a text in lang.
func nearIn(lang string) []string {
	if lang == "en" {
		return nearWords["en"]
	}
	return append(append([]string{}, nearWords[lang]...), nearWords["en"]...)
}

// transportWords are ways of getting about in the languages we read,
// beside each text language's own getting-around words.
// Parking and "car" are not among them: "parking for two cars" says
// where to leave the car, not how to get about. Minutes are ("five
// minutes from downtown"): how far, in time.
var transportWords = []string{"metro", "subway", "tube", "underground", "bus", "tram", "train", "ferry", "taxi", "uber", "bike", "bicycle",
	"walk", "on foot", "highway", "motorway", "freeway", "station", "airport", "minutes",
	"metrô", "ônibus", "trem", "bicicleta", "estação", "a pé", "aeroporto", "balsa", "minutos",
	"autobús", "tren", "estación", "a pie", "andando", "aeropuerto",
	"metropolitana", "autobus", "treno", "stazione", "a piedi", "traghetto", "minuti",
	"métro", "gare", "à pied", "vélo", "aéroport", "rer",
	"u bahn", "s bahn", "straßenbahn", "bahnhof", "zu fuß", "fahrrad", "flughafen", "fähre", "minuten",
	"fiets", "trein", "lopen", "openbaar vervoer", "veerboot",
	"μετρό", "λεωφορείο", "τραμ", "ταξί", "σταθμό", "σταθμός", "αεροδρόμιο", "με τα πόδια", "πλοίο", "λεπτά"}
