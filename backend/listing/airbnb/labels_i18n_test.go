package airbnb

import (
	"fmt"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
)

// Each label in each of Airbnb's languages, read the same: one row per
// language, the page's own words (labels_i18n.go says where they come
// from).
func TestLabelsInEveryLanguage(t *testing.T) {
	for _, c := range []struct {
		lang                             string
		hostLine, name                   string
		years                            string
		rate, time, wantTime             string
		superhost, favourite             string
		showAll, unavailable, notInclude string
		rules                            string
	}{
		{"en", "Hosted by Jack", "Jack", "8 years hosting", "Response rate: 100%", "Responds within an hour", "within an hour",
			"Superhost", "Guest favourite", "Show all 65 amenities", "Unavailable: Smoke alarm", "Not included", "House rules"},
		{"pt", "Anfitriã(o): Jack", "Jack", "8 anos hospedando", "Taxa de resposta: 100%", "Responde em até 1 hora", "em até 1 hora",
			"Superhost", "Preferido dos hóspedes", "Mostrar todas as 65 comodidades", "Indisponível: Smoke alarm", "Não incluso", "Regras da casa"},
		{"es", "Anfitrión: Jack", "Jack", "8 años como anfitrión", "Índice de respuesta: 100 %", "Responde en menos de una hora", "en menos de una hora",
			"Superanfitrión", "Favorito de los huéspedes", "Mostrar los 65 servicios", "No disponible: Smoke alarm", "No incluido", "Normas de la casa"},
		{"it", "Host: Jack", "Jack", "8 anni da host", "Tasso di risposta: 100%", "Risponde entro un'ora", "entro un'ora",
			"Superhost", "Amato dagli ospiti", "Mostra tutti i 65 servizi", "Non disponibile: Smoke alarm", "Non incluso", "Regole della casa"},
		{"it, the_milano_suite's", "Soggiorna da Jack", "Jack", "8 anni da host", "Tasso di risposta: 100%", "Risponde entro un'ora", "entro un'ora",
			"Superhost", "Amato dagli ospiti", "Mostra tutti e 65 i servizi", "Non disponibile: Smoke alarm", "Non incluso", "Regole della casa"},
		{"fr", "Hôte : Jack", "Jack", "8 ans d'expérience en tant qu'hôte", "Taux de réponse : 100 %", "Répond dans un délai d'une heure", "dans un délai d'une heure",
			"Superhôte", "Coup de cœur voyageurs", "Afficher les 65 équipements", "Indisponible : Smoke alarm", "Non inclus", "Règlement intérieur"},
		{"de, 'ist'", "Gastgeber:in ist Jack", "Jack", "8 Jahre als Gastgeber:in", "Antwortrate: 100 %", "Antwortet innerhalb einer Stunde", "innerhalb einer Stunde",
			"Superhost", "Gäste-Favorit", "Alle 65 Ausstattungsmerkmale anzeigen", "Nicht verfügbar: Smoke alarm", "Nicht inbegriffen", "Hausregeln"},
		{"fr, 'Non disponible'", "Hôte : Jack", "Jack", "8 ans d'expérience en tant qu'hôte", "Taux de réponse : 100 %", "Répond dans un délai d'une heure", "dans un délai d'une heure",
			"Superhôte", "Coup de cœur voyageurs", "Afficher les 65 équipements", "Non disponible : Smoke alarm", "Non inclus", "Règlement intérieur"},
		{"de", "Gastgeber:in: Jack", "Jack", "8 Jahre als Gastgeber:in", "Antwortrate: 100 %", "Antwortet innerhalb einer Stunde", "innerhalb einer Stunde",
			"Superhost", "Gäste-Favorit", "Alle 65 Ausstattungsmerkmale anzeigen", "Nicht verfügbar: Smoke alarm", "Nicht inbegriffen", "Hausregeln"},
		{"el", "Οικοδεσπότης: Jack", "Jack", "8 χρόνια φιλοξενίας", "Ποσοστό απόκρισης: 100%", "Απαντά μέσα σε μία ώρα", "μέσα σε μία ώρα",
			"Superhost", "Αγαπημένο των επισκεπτών", "Εμφάνιση και των 65 παροχών", "Μη διαθέσιμο: Smoke alarm", "Δεν περιλαμβάνεται", "Κανόνες σπιτιού"},
		{"ja", "ホスト：Jackさん", "Jack", "ホスト歴8年", "返信率：100%", "1時間以内に返信", "1時間以内",
			"スーパーホスト", "ゲストお気に入り", "65件のアメニティをすべて表示", "利用不可：Smoke alarm", "含まれないもの", "ハウスルール"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			if got, ok := hostName(c.hostLine); !ok || got != c.name {
				t.Errorf("hostName(%q) = %q, %v", c.hostLine, got, ok)
			}
			var h hostInfo
			h.readLine(c.superhost + " · " + c.years)
			h.readLine(c.rate)
			h.readLine(c.time)
			if h.superhost == nil || !*h.superhost || h.years != 8 || h.responseRate != 100 || h.responseTime != c.wantTime {
				t.Errorf("host lines: superhost %v, %d years, rate %d, time %q", h.superhost, h.years, h.responseRate, h.responseTime)
			}
			if !guestFavourite.in(norm(c.favourite)) {
				t.Errorf("%q is not the Guest favourite badge", c.favourite)
			}
			if n, ok := amenityButtonCount(c.showAll); !ok || n != 65 {
				t.Errorf("amenityButtonCount(%q) = %d, %v", c.showAll, n, ok)
			}
			if name, ok := cutUnavailable(c.unavailable); !ok || name != "Smoke alarm" {
				t.Errorf("cutUnavailable(%q) = %q, %v", c.unavailable, name, ok)
			}
			if !notIncluded.is(norm(c.notInclude)) || !houseRules.is(norm(c.rules)) {
				t.Errorf("%q is no Not included group or %q no house rules heading", c.notInclude, c.rules)
			}
			// An amenity of the Not included group, the page's available
			// flag missing, or one prefixed as unavailable, is never offered.
			l := listing.New(listing.Target{})
			addAmenities(l, []amenityGroup{{Title: c.notInclude, Amenities: []struct {
				ID        string `json:"id"`
				Title     string `json:"title"`
				Available *bool  `json:"available"`
			}{{Title: "Wifi"}}}, {Title: "Basics", Amenities: []struct {
				ID        string `json:"id"`
				Title     string `json:"title"`
				Available *bool  `json:"available"`
			}{{Title: c.unavailable}}}})
			if len(l.Amenities) != 2 || l.Amenities[0].Available || l.Amenities[1].Available || l.Amenities[1].Name != "Smoke alarm" {
				t.Errorf("amenities %+v: want both unavailable", l.Amenities)
			}
		})
	}
}

// A "Not included" word inside an amenity's name ("Breakfast not included
// in the price") is no group heading, and host lines that say something
// else are not read as host facts.
func TestLabelsNotOverread(t *testing.T) {
	if notIncluded.is(norm("Breakfast not included in the price")) {
		t.Error("an amenity's name read as the Not included group")
	}
	var h hostInfo
	for _, line := range []string{"5 months hosting", "185 reviews", "Speaks English", "Superhosts are experienced, highly rated hosts.",
		"Hôte depuis janvier 2015"} {
		h.readLine(line)
	}
	if h.years != 0 || h.superhost != nil || h.responseRate != 0 || h.responseTime != "" {
		t.Errorf("host facts read from other lines: %+v", h)
	}
	if _, ok := hostName("Meet your host"); ok {
		t.Error("a heading read as the host's name")
	}
}

// Ratings, review counts and category ratings in each language.
func TestRatingLines(t *testing.T) {
	for _, c := range []struct {
		line     string
		v        float64
		reviews  int
		category string
	}{
		{"Rated 5.0 out of 5 from 59 reviews.", 5, 59, ""},
		{"Rated 4.8 out of 5 stars for cleanliness", 4.8, 0, "cleanliness"},
		{"Avaliado com 4,98 de 5 de um total de 101 avaliações.", 4.98, 101, ""},
		{"Pontuação: 4,7 de 5 estrelas para check-in", 4.7, 0, "check_in"},
		{"Valutazione di 4,9 su 5 in 10 recensioni.", 4.9, 10, ""},
		{"Valutazione di 4,9 stelle su 5 per qualità/prezzo", 4.9, 0, "value"},
		{"Valoración de 4,85 de 5 en 1.234 reseñas.", 4.85, 1234, ""},
		{"Note de 4,9 sur 5 pour propreté", 4.9, 0, "cleanliness"},
		{"Mit 4,9 von 5 bewertet, basierend auf 12 Bewertungen.", 4.9, 12, ""},
		{"Βαθμολογία 4,9 από 5 από 20 κριτικές.", 4.9, 20, ""},
		{"5段階中4.9の評価、59件のレビュー", 4.9, 59, ""},
	} {
		v, rest, ok := ratingOutOfFive(c.line)
		n, _ := reviewCountIn(rest)
		if !ok || v != c.v || n != c.reviews || categoryOf(norm(c.line)) != c.category || !ratingWords.in(norm(c.line)) {
			t.Errorf("%q: %v from %d reviews (%v), category %q", c.line, v, n, ok, categoryOf(norm(c.line)))
		}
	}
	for _, c := range []struct {
		line string
		n    int
	}{{"59 reviews", 59}, {"40 comentários", 40}, {"10 recensioni", 10}, {"1 review", 1}, {"59件のレビュー", 59}, {"12 Bewertungen", 12}} {
		if n, ok := reviewCountLine(c.line); !ok || n != c.n {
			t.Errorf("reviewCountLine(%q) = %d, %v", c.line, n, ok)
		}
	}
	for _, line := range []string{"5 stars, 95% of reviews", "2 nights in Innisfil", "Speaks English"} {
		if _, _, ok := ratingOutOfFive(line); ok && ratingWords.in(norm(line)) {
			t.Errorf("%q read as a rating", line)
		}
	}
}

// The room type of the overview's heading in each language.
func TestRoomTypeInEveryLanguage(t *testing.T) {
	for h, want := range map[string]string{
		"Entire condo in Innisfil, Canada": "Entire home/apt", "Espaço inteiro: casa em Arraial do Cabo, Brasil": "Entire home/apt",
		"Alojamiento entero: loft en Madrid, España": "Entire home/apt", "Intero alloggio: appartamento a Roma, Italia": "Entire home/apt",
		"Logement entier : appartement à Paris, France": "Entire home/apt", "Gesamte Unterkunft: Wohnung in Berlin, Deutschland": "Entire home/apt",
		"Ολόκληρο κατάλυμα: διαμέρισμα σε Αθήνα, Ελλάδα": "Entire home/apt", "京都市、日本のアパート全体": "Entire home/apt",
		"Private room in home in Kyoto, Japan": "Private room", "Quarto em casa em Salvador, Brasil": "Private room",
		"Stanza privata in casa a Milano, Italia": "Private room", "Chambre privée dans maison à Lyon, France": "Private room",
		"Privatzimmer in Wohnung in Wien, Österreich": "Private room", "京都市、日本の一軒家の個室": "Private room",
		"Shared room in hostel in Lisbon, Portugal": "Shared room", "Habitación compartida en Sevilla, España": "Shared room",
		"Hotel room in Rome, Italy": "Hotel room", "Camera d'albergo a Roma, Italia": "Hotel room",
	} {
		if got := roomTypeOf(h); got != want {
			t.Errorf("roomTypeOf(%q) = %q, want %q", h, got, want)
		}
	}
	for h, want := range map[string]string{
		"Entire condo in Innisfil, Canada": "Condo", "Espaço inteiro: casa em Arraial do Cabo, Brasil": "Casa",
		"Stanza privata in casa a Milano, Italia": "Casa", "Ολόκληρο κατάλυμα: διαμέρισμα σε Αθήνα, Ελλάδα": "Διαμέρισμα",
		"Private room in home in Kyoto, Japan": "Home",
	} {
		if got, _ := splitOverviewTitle(h); got != want {
			t.Errorf("kind of %q = %q, want %q", h, got, want)
		}
	}
}

// Pets, smoking and parties, allowed or not, in each language's wording.
func TestRuleVerdictsInEveryLanguage(t *testing.T) {
	yes, no := true, false
	for lang, lines := range map[string][5]string{
		"en": {"No pets", "No smoking", "No parties or events", "Pets allowed", "Smoking allowed"},
		"pt": {"Não são permitidos animais de estimação", "Proibido fumar", "Não são permitidas festas ou eventos", "Permitido animais de estimação", "É permitido fumar"},
		"es": {"No se admiten mascotas", "No se permite fumar", "No se permiten fiestas ni eventos", "Se admiten mascotas", "Se permite fumar"},
		"it": {"Animali domestici non ammessi", "Vietato fumare", "Non sono ammessi feste o eventi", "Animali domestici ammessi", "È consentito fumare"},
		"fr": {"Animaux de compagnie non admis", "Non-fumeur", "Fêtes et événements interdits", "Animaux de compagnie acceptés", "Fumeurs acceptés"},
		"de": {"Keine Haustiere", "Rauchen nicht erlaubt", "Keine Partys oder Veranstaltungen", "Haustiere erlaubt", "Rauchen erlaubt"},
		"el": {"Απαγορεύονται τα κατοικίδια", "Απαγορεύεται το κάπνισμα", "Απαγορεύονται τα πάρτι ή οι εκδηλώσεις", "Επιτρέπονται τα κατοικίδια", "Επιτρέπεται το κάπνισμα"},
		"ja": {"ペット不可", "喫煙不可", "パーティー・イベント不可", "ペット可", "喫煙可"},
	} {
		denied := interpretRules([]ruleLine{{title: lines[0]}, {title: lines[1]}, {title: lines[2]}})
		allowed := interpretRules([]ruleLine{{title: lines[3]}, {title: lines[4]}})
		if !sameBool(denied.PetsAllowed, &no) || !sameBool(denied.SmokingAllowed, &no) || !sameBool(denied.PartiesAllowed, &no) ||
			!sameBool(allowed.PetsAllowed, &yes) || !sameBool(allowed.SmokingAllowed, &yes) || len(denied.Rules)+len(allowed.Rules) != 0 {
			t.Errorf("%s: denied %+v, allowed %+v", lang, denied, allowed)
		}
	}
}

// TestHostLinesOnRealPages: the host card's lines of the real pages, in
// their language, as the README reads them (issue 42: the four pt and it
// pages showed "Taxa de resposta: 100%", "Tasso di risposta: 100%" and none
// was read).
func TestHostLinesOnRealPages(t *testing.T) {
	for _, c := range []struct {
		file string
		want listing.Host
	}{
		{"airbnb-2025-flyingmermaidd.html", listing.Host{Name: "Jack", Superhost: true, YearsHosting: 8, ResponseRate: 100, ResponseTime: "within an hour"}},
		{"airbnb-2025-mehfius-arraial-raw.html", listing.Host{Name: "Luiz", Superhost: true, YearsHosting: 6, ResponseRate: 100, ResponseTime: "em até 1 hora"}},
		{"airbnb-2025-mehfius-loft-rendered.html", listing.Host{Name: "Roana", YearsHosting: 4, ResponseRate: 83, ResponseTime: "em até um dia"}},
		{"airbnb-2025-mehfius-portoseguro-raw.html", listing.Host{Name: "Amanda", Superhost: true, YearsHosting: 5, ResponseRate: 100, ResponseTime: "em até 1 hora"}},
		{"airbnb-2026-the_milano_suite.html", listing.Host{Name: "Davide", YearsHosting: 4, ResponseRate: 100, ResponseTime: "entro un'ora"}},
	} {
		l := Parse(listingtest.RealPage(t, "airbnb/"+c.file), target(t, "https://www.airbnb.com/rooms/1"))
		if l.Host != c.want {
			t.Errorf("%s: host %+v, want %+v", c.file, l.Host, c.want)
		}
	}
}

// A saved page's price per night in each language's order: the symbol
// before or after the amount, "per" words, a slash.
func TestSavedPagePriceInEveryLanguage(t *testing.T) {
	for line, want := range map[string]string{
		"$175 CAD night": "175 CAD", "$175 CAD per night": "175 CAD", "R$ 350 por noite": "350 BRL", "175 € a notte": "175 EUR",
		"175 € par nuit": "175 EUR", "120 € pro Nacht": "120 EUR", "€ 95 noche": "95 EUR", "95 € ανά βράδυ": "95 EUR",
		"¥17,500 /泊": "17500 JPY", "￥17,500/泊": "17500 JPY", "$200 $175 CAD night": "175 CAD",
	} {
		page := []byte(`<html><body><div data-section-id="TITLE_DEFAULT"><h1>T</h1></div>` +
			`<div data-section-id="OVERVIEW_DEFAULT_V2"><h2>Entire condo in Innisfil, Canada</h2></div>` +
			`<div data-section-id="BOOK_IT_SIDEBAR"><span>` + line + `</span></div></body></html>`)
		l := Parse(page, target(t, "https://www.airbnb.com/rooms/1"))
		got := ""
		if l.Price != nil && l.Price.Period == "night" {
			got = fmt.Sprintf("%g %s", l.Price.Amount, l.Price.Currency)
		}
		if got != want {
			t.Errorf("%q: price %q, want %q per night", line, got, want)
		}
	}
}
