package airbnb

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// Airbnb's own wording of the labels its listing page shows around the
// host's text, one table per concept, keyed by the page's language. A
// saved page (rendered DOM) and the strings of the embedded state carry
// them in the language the page was opened in, so every reader of a label
// looks it up here rather than matching English.
//
// Where a word comes from:
//   - en: the saved airbnb.ca page (airbnb-2025-flyingmermaidd.html) and
//     the 2026 listingproof pages.
//   - pt: the saved airbnb.com.br pages (airbnb-2025-mehfius-*: the
//     loft-rendered DOM and the state of all three): "Anfitriã(o): Luiz",
//     "6 anos hospedando", "Taxa de resposta: 83%", "Responde em até um
//     dia", "Mostrar todas as 52 comodidades", "Não incluso",
//     "Indisponível: …", "Preferido dos hóspedes", "Avaliado com 4,98 de 5
//     de um total de 101 avaliações.", "Pontuação: 4,8 de 5 estrelas para
//     limpeza", "Regras da casa", "Mostrar mais".
//   - it: the airbnb.it page (airbnb-2026-the_milano_suite.html):
//     "Soggiorna da Davide", "4 anni da host", "Tasso di risposta: 100%",
//     "Risponde entro un'ora", "Amato dagli ospiti", "Non incluso",
//     "Valutazione di 4,9 su 5 in 10 recensioni.", "Valutazione di 4,9
//     stelle su 5 per pulizia", "Regole della casa", "Mostra altro".
//   - es, fr, de, el, ja: Airbnb's wording on airbnb.es, .fr, .de, .gr and
//     .jp as listed in issue 42 ("Anfitrión", "Gastgeber:in", "Οικοδεσπότης",
//     "ホスト：…", "Coup de cœur voyageurs", "Gäste-Favorit", "ゲストお気に入り",
//     the "Unavailable" prefixes) and the site's interface strings; no saved
//     page in these languages is in ../shared/real-pages yet, so a word here
//     that a real page contradicts is to be corrected from that page.
//
// Every entry is matched folded (prose.Fold: lower case, accents off), so
// "Espaço" and "espaco" are one; entries are written as the site writes
// them.
type words map[string][]string

// folded is every entry of w folded, longest first so that a longer label
// wins over its own prefix ("anfitriã(o): " over "anfitriã").
func (w words) folded() []string {
	var out []string
	for _, list := range w {
		for _, s := range list {
			out = append(out, prose.Fold(s))
		}
	}
	// Longest first: insertion sort is plenty for tables this size.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && len(out[j]) > len(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// label is one concept's table, folded once.
type label []string

func newLabel(w words) label { return label(w.folded()) }

// norm is s as labels are matched: no-break spaces made plain, trimmed,
// folded.
func norm(s string) string { return prose.Fold(plainSpaces(s)) }

// in reports whether folded text f holds one of the label's words.
func (l label) in(f string) bool {
	for _, w := range l {
		if strings.Contains(f, w) {
			return true
		}
	}
	return false
}

// is reports whether folded text f is one of the label's words, bar a
// trailing full stop or colon.
func (l label) is(f string) bool {
	f = strings.TrimRight(strings.TrimSpace(f), ".:：")
	for _, w := range l {
		if f == strings.TrimRight(w, ".:：") {
			return true
		}
	}
	return false
}

// cut reports whether s (as shown) starts with one of the label's words,
// and returns what follows it. Folding maps each rune to one rune, so the
// label's length in runes is its length in s.
func (l label) cut(s string) (rest string, ok bool) {
	s = plainSpaces(s)
	f := prose.Fold(s)
	for _, w := range l {
		if strings.HasPrefix(f, w) {
			n, i := utf8.RuneCountInString(w), len(s)
			for k := range s {
				if n == 0 {
					i = k
					break
				}
				n--
			}
			return strings.TrimSpace(s[i:]), true
		}
	}
	return "", false
}

var (
	// hostedBy leads the host overview's line naming the host ("Hosted
	// by Jack"); Japanese puts "さん" after the name (hostSuffixes).
	hostedBy = newLabel(words{
		"en": {"Hosted by "},
		"pt": {"Anfitriã(o): ", "Anfitrião: ", "Anfitriã: ", "Hospedado por "},
		"es": {"Anfitrión: ", "Anfitriona: ", "Anfitrión/a: "},
		"it": {"Soggiorna da ", "Host: "},
		"fr": {"Hôte : ", "Hôte: ", "Chez "},
		"de": {"Gastgeber:in: ", "Gastgeber:in ist ", "Gastgeber: ", "Gastgeberin: "},
		"el": {"Οικοδεσπότης: ", "Οικοδέσποινα: ", "Οικοδεσπότης/τρια: "},
		"ja": {"ホスト：", "ホスト: "},
	})
	hostSuffixes = []string{"さん"}

	// superhost is the badge, a line or a part of one ("Superhost · 8
	// years hosting").
	superhost = newLabel(words{
		"en": {"Superhost"}, "pt": {"Superhost"}, "es": {"Superanfitrión", "Superanfitriona"},
		"it": {"Superhost"}, "fr": {"Superhôte"}, "de": {"Superhost"}, "el": {"Superhost"},
		"ja": {"スーパーホスト"},
	})

	// yearWords and hostingWords together make "8 years hosting", "6 anos
	// hospedando", "4 anni da host", "ホスト歴8年": both must be there, so
	// "5 months hosting" is no count of years.
	yearWords = newLabel(words{
		"en": {"year"}, "pt": {"ano"}, "es": {"año"}, "it": {"anni", "anno"}, "fr": {"an"},
		"de": {"jahr"}, "el": {"χρόνια", "χρόνο", "έτη"}, "ja": {"年"},
	})
	hostingWords = newLabel(words{
		"en": {"hosting"}, "pt": {"hospedando", "hospedagem", "anfitri"}, "es": {"anfitrión", "anfitriona"},
		"it": {"host"}, "fr": {"hôte"}, "de": {"gastgeber"}, "el": {"φιλοξενία", "οικοδεσπ"}, "ja": {"ホスト歴"},
	})

	// responseRate leads "Response rate: 100%".
	responseRate = newLabel(words{
		"en": {"Response rate"}, "pt": {"Taxa de resposta"}, "es": {"Índice de respuesta", "Tasa de respuesta"},
		"it": {"Tasso di risposta"}, "fr": {"Taux de réponse"}, "de": {"Antwortrate"},
		"el": {"Ποσοστό απόκρισης", "Ποσοστό ανταπόκρισης"}, "ja": {"返信率", "返答率"},
	})
	// responseTimeLabel leads "Response time: within an hour"; respondsVerb
	// leads "Responds within an hour", whose rest is the time.
	responseTimeLabel = newLabel(words{
		"en": {"Response time"}, "pt": {"Tempo de resposta"}, "es": {"Tiempo de respuesta"},
		"it": {"Tempo di risposta"}, "fr": {"Délai de réponse", "Temps de réponse"}, "de": {"Antwortzeit"},
		"el": {"Χρόνος απόκρισης"}, "ja": {"返信時間", "返答時間"},
	})
	respondsVerb = newLabel(words{
		"en": {"Responds "}, "pt": {"Responde "}, "es": {"Responde "}, "it": {"Risponde "},
		"fr": {"Répond "}, "de": {"Antwortet "}, "el": {"Απαντά "},
	})
	// respondsSuffix ends the Japanese "1時間以内に返信" (replies within an hour).
	respondsSuffix = []string{"に返信", "に返答"}

	// amenityWords name the amenities in the button under their preview:
	// "Show all 65 amenities", "Mostrar todas as 52 comodidades",
	// "Mostra tutti i 19 servizi", "Afficher les 65 équipements", "Alle 65
	// Ausstattungsmerkmale anzeigen", "Εμφάνιση και των 65 παροχών",
	// "65件のアメニティをすべて表示".
	amenityWords = newLabel(words{
		"en": {"amenities"}, "pt": {"comodidades"}, "es": {"servicios"}, "it": {"servizi"},
		"fr": {"équipements"}, "de": {"ausstattungsmerkmale", "ausstattung"}, "el": {"παροχ"}, "ja": {"アメニティ"},
	})

	// unavailable prefixes an amenity the page shows struck through.
	unavailable = newLabel(words{
		"en": {"Unavailable:"}, "pt": {"Indisponível:"}, "es": {"No disponible:"}, "it": {"Non disponibile:"},
		"fr": {"Indisponible :", "Indisponible:", "Non disponible :", "Non disponible:"}, "de": {"Nicht verfügbar:"}, "el": {"Μη διαθέσιμο:"},
		"ja": {"利用不可：", "利用不可:"}, "nl": {"Niet beschikbaar:"},
	})
	// notIncluded is the group of the amenities the listing lacks.
	notIncluded = newLabel(words{
		"en": {"Not included"}, "pt": {"Não incluso", "Não incluído"}, "es": {"No incluido"}, "it": {"Non incluso"},
		"fr": {"Non inclus"}, "de": {"Nicht inbegriffen", "Nicht enthalten"}, "el": {"Δεν περιλαμβάνεται", "Δεν περιλαμβάνονται"},
		"ja": {"含まれないもの", "利用できないアメニティ"}, "nl": {"Niet inbegrepen"},
	})

	// houseRules heads the rules card.
	houseRules = newLabel(words{
		"en": {"House rules"}, "pt": {"Regras da casa"}, "es": {"Normas de la casa", "Reglas de la casa"},
		"it": {"Regole della casa"}, "fr": {"Règlement intérieur", "Règles de la maison"}, "de": {"Hausregeln"},
		"el": {"Κανόνες σπιτιού", "Κανόνες του σπιτιού"}, "ja": {"ハウスルール"},
	})
	// showMore is the button that opens the rest of a card.
	showMore = newLabel(words{
		"en": {"Show more", "Learn more"}, "pt": {"Mostrar mais", "Saiba mais"}, "es": {"Mostrar más", "Más información"},
		"it": {"Mostra altro", "Scopri di più"}, "fr": {"Afficher plus", "En savoir plus"}, "de": {"Mehr anzeigen", "Weitere Infos"},
		"el": {"Εμφάνιση περισσότερων", "Μάθετε περισσότερα"}, "ja": {"さらに表示", "詳細"},
	})

	// guestFavourite is the badge.
	guestFavourite = newLabel(words{
		"en": {"Guest favourite", "Guest favorite"}, "pt": {"Preferido dos hóspedes"},
		"es": {"Favorito de los huéspedes", "Favorito entre huéspedes"}, "it": {"Amato dagli ospiti"},
		"fr": {"Coup de cœur voyageurs"}, "de": {"Gäste-Favorit"}, "el": {"Αγαπημένο των επισκεπτών", "Αγαπημένο επισκεπτών"},
		"ja": {"ゲストお気に入り"},
	})

	// ratingWords say a line is a rating ("Rated 5.0 out of 5…",
	// "Avaliado com 4,98 de 5…", "Pontuação: 4,88 de 5 estrelas.").
	ratingWords = newLabel(words{
		"en": {"rated", "rating"}, "pt": {"avaliado", "pontuação", "avaliação"}, "es": {"valoración", "puntuación", "calificación", "valorado"},
		"it": {"valutazione", "valutato"}, "fr": {"note", "noté"}, "de": {"bewertet", "bewertung"}, "el": {"βαθμολογ"}, "ja": {"評価"},
	})
	// reviewWords count the reviews ("59 reviews", "40 comentários",
	// "10 recensioni", "レビュー59件").
	reviewWords = newLabel(words{
		"en": {"reviews", "review"}, "pt": {"avaliações", "avaliação", "comentários", "comentário"},
		"es": {"reseñas", "reseña", "evaluaciones", "evaluación"}, "it": {"recensioni", "recensione"},
		"fr": {"commentaires", "commentaire", "avis"}, "de": {"bewertungen", "bewertung"}, "el": {"κριτικές", "κριτική", "αξιολογήσεις"},
		"ja": {"件のレビュー", "レビュー", "件"},
	})

	// nightWords say a price is per night ("$175 CAD night", "R$ 350
	// noite", "175 € a notte", "175 € par nuit", "175 € pro Nacht",
	// "175 € / βράδυ", "¥17,500 / 泊").
	nightWords = newLabel(words{
		"en": {"night"}, "pt": {"noite"}, "es": {"noche"}, "it": {"notte"}, "fr": {"nuit"}, "de": {"nacht"},
		"el": {"βράδυ", "διανυκτέρευση"}, "ja": {"泊"},
	})

	// Room types as the overview's heading opens: "Entire condo in…",
	// "Espaço inteiro: casa em…", "Stanza privata in casa…", "…の個室".
	roomEntire = newLabel(words{
		"en": {"Entire "}, "pt": {"Espaço inteiro", "Casa inteira", "Apartamento inteiro"}, "es": {"Alojamiento entero", "Espacio entero"},
		"it": {"Intero alloggio", "Intero ", "Intera "}, "fr": {"Logement entier"}, "de": {"Gesamte Unterkunft", "Ganze Unterkunft"},
		"el": {"Ολόκληρο"}, "ja": {"全体", "貸切"},
	})
	roomPrivate = newLabel(words{
		"en": {"Private room", "Room in "}, "pt": {"Quarto privativo", "Quarto em "}, "es": {"Habitación privada", "Habitación en "},
		"it": {"Stanza privata", "Camera privata", "Stanza in "}, "fr": {"Chambre privée", "Chambre dans "}, "de": {"Privatzimmer", "Zimmer in "},
		"el": {"Ιδιωτικό δωμάτιο", "Δωμάτιο σε "}, "ja": {"個室"},
	})
	roomShared = newLabel(words{
		"en": {"Shared room"}, "pt": {"Quarto compartilhado"}, "es": {"Habitación compartida"}, "it": {"Stanza condivisa"},
		"fr": {"Chambre partagée"}, "de": {"Gemeinsames Zimmer", "Geteiltes Zimmer"}, "el": {"Κοινόχρηστο δωμάτιο"}, "ja": {"シェアルーム"},
	})
	roomHotel = newLabel(words{
		"en": {"Hotel room"}, "pt": {"Quarto de hotel"}, "es": {"Habitación de hotel"}, "it": {"Camera d'albergo", "Camera d'hotel"},
		"fr": {"Chambre d'hôtel"}, "de": {"Hotelzimmer"}, "el": {"Δωμάτιο ξενοδοχείου"}, "ja": {"ホテルの客室"},
	})

	// additionalPhotos is the photo tour's last stop, which names no room.
	additionalPhotos = newLabel(words{
		"en": {"Additional photos"}, "pt": {"Fotos adicionais"}, "es": {"Fotos adicionales"}, "it": {"Foto aggiuntive"},
		"fr": {"Photos supplémentaires"}, "de": {"Weitere Fotos"}, "el": {"Επιπλέον φωτογραφίες"}, "ja": {"その他の写真"},
	})
)

// The overview's counts ("2 quartos · 3 camas · 1 banheiro", "4 ospiti ·
// 2 camere da letto", "ゲスト2人"): a line is read by the first of guest,
// studio, bedroom, bath and bed words it holds, in that order (bedroom
// before bed: "camera da letto" holds "letto"). Stems, so that singular
// and plural are one ("ospit", "επισκέπτ").
var (
	guestWords = newLabel(words{"en": {"guest"}, "pt": {"hóspede"}, "es": {"huésped", "viajero"}, "fr": {"voyageur"},
		"de": {"Gäste", "Gast"}, "it": {"ospit"}, "nl": {"gasten"}, "el": {"επισκέπτ"}, "ja": {"ゲスト"}})
	studioWords  = newLabel(words{"en": {"studio"}, "es": {"estudio"}, "it": {"monolocale"}, "el": {"στούντιο"}})
	bedroomWords = newLabel(words{"en": {"bedroom"}, "pt": {"quarto"}, "es": {"dormitorio", "habitación"}, "fr": {"chambre"},
		"de": {"Schlafzimmer"}, "it": {"camera da letto", "camere da letto"}, "nl": {"slaapkamer"}, "el": {"υπνοδωμάτι"},
		"ja": {"寝室", "ベッドルーム"}})
	bathWords = newLabel(words{"en": {"bath"}, "pt": {"banheiro", "casa de banho"}, "es": {"baño"}, "fr": {"salle de bain", "salles de bain"},
		"de": {"Badezimmer", "Bäder", "Bad"}, "it": {"bagno", "bagni"}, "nl": {"badkamer"}, "el": {"μπάνιο"}, "ja": {"バスルーム"}})
	bedWords = newLabel(words{"en": {"bed"}, "pt": {"cama"}, "es": {"cama"}, "fr": {"lit"}, "de": {"Bett"}, "it": {"letto", "letti"},
		"el": {"κρεβάτι"}, "ja": {"ベッド"}})
)

// The house rules' words (rules_i18n.go): a rule's topic, whether it is
// denied or allowed, and the check-in, check-out and guest-limit lines
// ("Proibido fumar", "Animali domestici ammessi", "ペット不可", "Check-in
// após 15:00", "Massimo 4 ospiti", "ゲスト定員2人").
var (
	ruleSmoking = newLabel(words{"pt": {"fumar"}, "es": {"fumar"}, "it": {"fumare"}, "fr": {"fumeur", "fumer"}, "de": {"rauchen", "Raucher"},
		"nl": {"roken"}, "el": {"καπνισ"}, "ja": {"喫煙"}})
	rulePets = newLabel(words{"pt": {"animais", "animal"}, "es": {"mascota"}, "fr": {"animaux"}, "de": {"Haustier"}, "it": {"animali"},
		"nl": {"huisdier"}, "el": {"κατοικίδι"}, "ja": {"ペット"}})
	ruleParties = newLabel(words{"pt": {"festa", "eventos"}, "es": {"fiesta", "eventos"}, "fr": {"fête", "événements"}, "de": {"Partys", "Veranstaltung"},
		"it": {"feste", "eventi"}, "nl": {"feest", "evenementen"}, "el": {"πάρτι", "εκδηλώσ"}, "ja": {"パーティー", "イベント"}})
	ruleDenied = newLabel(words{"pt": {"não ", "proibido"}, "es": {"no se ", "prohibido", "sin "}, "it": {"vietat", "non "},
		"fr": {"interdit", "non-"}, "de": {"nicht", "keine"}, "nl": {"niet "}, "el": {"δεν ", "απαγορεύ"}, "ja": {"不可", "禁止"}})
	ruleAllowed = newLabel(words{"pt": {"permitid"}, "es": {"se admiten", "se permite"}, "it": {"consentit", "ammess"},
		"fr": {"accepté", "autorisé"}, "de": {"erlaubt"}, "nl": {"toegestaan"}, "el": {"επιτρέπ"}, "ja": {"可"}})
	ruleMaxWords = newLabel(words{"en": {"maximum", "max"}, "pt": {"máximo"}, "es": {"máximo"}, "it": {"massimo"}, "fr": {"maximum"},
		"de": {"maximal", "höchstens"}, "el": {"μέγιστ", "έως "}, "ja": {"定員", "最大"}})
	ruleCheckIn = newLabel(words{"en": {"check-in", "check in"}, "pt": {"entrada"}, "es": {"llegada"}, "fr": {"arrivée"}, "it": {"ingresso"},
		"de": {"Ankunft"}, "nl": {"aankomst"}, "el": {"άφιξη"}, "ja": {"チェックイン"}})
	ruleCheckOut = newLabel(words{"en": {"checkout", "check-out", "check out"}, "pt": {"saída"}, "es": {"salida"}, "fr": {"départ"},
		"it": {"partenza"}, "de": {"Abreise"}, "nl": {"vertrek"}, "el": {"αναχώρηση"}, "ja": {"チェックアウト"}})
)

// categoryWords name the six category ratings as the reviews section
// words them ("Pontuação: 4,8 de 5 estrelas para limpeza", "Valutazione di
// 4,9 stelle su 5 per pulizia").
var categoryWords = []struct {
	key   string
	words label
}{
	{"cleanliness", newLabel(words{"en": {"cleanliness"}, "pt": {"limpeza"}, "es": {"limpieza"}, "it": {"pulizia"},
		"fr": {"propreté"}, "de": {"sauberkeit"}, "el": {"καθαριότητα"}, "ja": {"清潔さ"}})},
	{"accuracy", newLabel(words{"en": {"accuracy"}, "pt": {"exatidão"}, "es": {"veracidad", "exactitud"}, "it": {"precisione"},
		"fr": {"précision"}, "de": {"genauigkeit"}, "el": {"ακρίβεια"}, "ja": {"正確さ"}})},
	{"check_in", newLabel(words{"en": {"check-in"}, "pt": {"check-in"}, "es": {"llegada", "check-in"}, "it": {"check-in"},
		"fr": {"arrivée"}, "de": {"check-in"}, "el": {"check-in", "άφιξη"}, "ja": {"チェックイン"}})},
	{"communication", newLabel(words{"en": {"communication"}, "pt": {"comunicação"}, "es": {"comunicación"}, "it": {"comunicazione"},
		"fr": {"communication"}, "de": {"kommunikation"}, "el": {"επικοινωνία"}, "ja": {"コミュニケーション"}})},
	{"location", newLabel(words{"en": {"location"}, "pt": {"localização"}, "es": {"ubicación"}, "it": {"posizione"},
		"fr": {"emplacement"}, "de": {"lage"}, "el": {"τοποθεσία"}, "ja": {"ロケーション", "立地"}})},
	{"value", newLabel(words{"en": {"value"}, "pt": {"custo-benefício"}, "es": {"calidad-precio", "calidad/precio"}, "it": {"qualità/prezzo", "qualità-prezzo"},
		"fr": {"qualité-prix", "qualité/prix"}, "de": {"preis-leistungs"}, "el": {"αξία"}, "ja": {"価格"}})},
}

// reOutOfFive is a rating on Airbnb's scale of 5 in any of its languages:
// "5.0 out of 5", "4,98 de 5", "4,9 stelle su 5", "4,8 sur 5", "5,0 von
// 5", "4,9 από 5"; the Japanese "5段階中4.9" puts the scale first.
var (
	reOutOfFive = regexp.MustCompile(`(\d(?:[.,]\d{1,2})?)\s*(?:\pL+\s+)?(?:out of|de|su|sur|von|από|of|/)\s*5(?:[^\d.,]|[.,]\D|[.,]?$)`)
	reFiveFirst = regexp.MustCompile(`5\s*(?:段階|つ星)中\s*(\d(?:[.,]\d{1,2})?)`)
	reNumber    = regexp.MustCompile(`\d[\d.,]*`)
)

// ratingOutOfFive reads a rating line: its value, what follows it (where
// the review count is) and whether it is one at all.
func ratingOutOfFive(line string) (v float64, rest string, ok bool) {
	var m []int
	if m = reOutOfFive.FindStringSubmatchIndex(line); m == nil {
		if m = reFiveFirst.FindStringSubmatchIndex(line); m == nil {
			return 0, "", false
		}
	}
	v, ok = listing.ParseNumber(line[m[2]:m[3]])
	if !ok || v <= 0 || v > 5 {
		return 0, "", false
	}
	return v, line[m[3]:], true
}

// countOf reads a count as the page writes it: "59", "1,234", "1.234".
func countOf(s string) (int, bool) {
	s = strings.NewReplacer(",", "", ".", "").Replace(s)
	n, ok := listing.LeadingNumber(s)
	return int(n), ok
}

// reviewCountIn reads the review count in what follows a rating ("… from
// 59 reviews", "… de um total de 40 avaliações", "… in 10 recensioni",
// "…、59件のレビュー"): a number with a review word after it.
func reviewCountIn(rest string) (int, bool) {
	for _, loc := range reNumber.FindAllStringIndex(rest, -1) {
		after := norm(rest[loc[1]:])
		for _, w := range reviewWords {
			if strings.HasPrefix(after, w) {
				return countOf(rest[loc[0]:loc[1]])
			}
		}
	}
	return 0, false
}

// reviewCountLine reads a line that is only a review count: "59 reviews",
// "40 comentários", "レビュー59件".
func reviewCountLine(line string) (int, bool) {
	line = plainSpaces(line)
	loc := reNumber.FindStringIndex(line)
	if loc == nil {
		return 0, false
	}
	words := norm(line[:loc[0]] + " " + line[loc[1]:])
	if !reviewWords.is(strings.Join(strings.Fields(words), " ")) && !reviewWords.is(strings.ReplaceAll(words, " ", "")) {
		return 0, false
	}
	return countOf(line[loc[0]:loc[1]])
}

// categoryOf names the category a rating line is for, "" for the overall
// rating.
func categoryOf(f string) string {
	for _, c := range categoryWords {
		if c.words.in(f) {
			return c.key
		}
	}
	return ""
}

// hostName reads the host's name from the overview's line ("Hosted by
// Jack", "Anfitriã(o): Luiz", "ホスト：Jackさん"); ok is false for other
// lines.
func hostName(line string) (string, bool) {
	rest, ok := hostedBy.cut(line)
	if !ok || rest == "" {
		return "", false
	}
	for _, s := range hostSuffixes {
		rest = strings.TrimSuffix(rest, s)
	}
	return strings.TrimSpace(rest), true
}

// yearsHosting reads "8 years hosting", "4 anni da host", "ホスト歴8年".
func yearsHosting(part string) (int, bool) {
	f := norm(part)
	if !yearWords.in(f) || !hostingWords.in(f) {
		return 0, false
	}
	m := reNumber.FindString(f)
	if m == "" {
		return 0, false
	}
	// "Hôte depuis janvier 2015" holds a year word and a host word too: a
	// count of years is small.
	n, ok := listing.LeadingNumber(m)
	return int(n), ok && n < 100
}

// responseRateOf reads "Response rate: 100%", "Taxa de resposta: 83%".
func responseRateOf(part string) (int, bool) {
	rest, ok := responseRate.cut(part)
	if !ok {
		return 0, false
	}
	m := reNumber.FindString(rest)
	if m == "" {
		return 0, false
	}
	n, ok := listing.LeadingNumber(m)
	if !ok || n < 0 || n > 100 {
		return 0, false
	}
	return int(n), true
}

// responseTimeOf reads "Responds within an hour", "Response time: within
// an hour", "Responde em até um dia", "1時間以内に返信" as the time as shown.
func responseTimeOf(part string) (string, bool) {
	if rest, ok := responseTimeLabel.cut(part); ok {
		rest = strings.TrimSpace(strings.TrimLeft(rest, ":："))
		return rest, rest != ""
	}
	if rest, ok := respondsVerb.cut(part); ok && rest != "" {
		return rest, true
	}
	p := plainSpaces(part)
	for _, s := range respondsSuffix {
		if t, ok := strings.CutSuffix(p, s); ok && t != "" {
			return t, true
		}
	}
	return "", false
}

// amenityButtonCount reads "Show all 65 amenities" in any language: the
// number of amenities the page's full list has.
func amenityButtonCount(s string) (int, bool) {
	f := norm(s)
	if !amenityWords.in(f) {
		return 0, false
	}
	m := reNumber.FindString(f)
	if m == "" {
		return 0, false
	}
	n, ok := listing.LeadingNumber(m)
	return int(n), ok && n > 0
}

// cutUnavailable strips an "Unavailable: " prefix from an amenity's name;
// ok reports whether it had one.
func cutUnavailable(name string) (string, bool) {
	rest, ok := unavailable.cut(name)
	if !ok {
		return name, false
	}
	return rest, true
}

// roomTypeOf reads the room type from the overview's heading in any of the
// languages above.
func roomTypeOf(h string) string {
	f := norm(h)
	starts := func(l label) bool {
		for _, w := range l {
			if strings.HasPrefix(f, w) || !isLatinWord(w) && strings.Contains(f, w) {
				return true
			}
		}
		return false
	}
	switch {
	case starts(roomHotel):
		return "Hotel room"
	case starts(roomShared):
		return "Shared room"
	case starts(roomPrivate):
		return "Private room"
	case starts(roomEntire):
		return "Entire home/apt"
	}
	return ""
}

// isLatinWord reports whether w is written in a script with spaces between
// words: a Japanese label is found anywhere in its heading ("…のマンション全体"),
// the others open it.
func isLatinWord(w string) bool {
	for _, r := range w {
		if r >= 0x3000 {
			return false
		}
	}
	return true
}
