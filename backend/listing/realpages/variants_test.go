package realpages_test

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/racetest"
	"github.com/listinglift/listinglift/backend/report"
)

// Variants of the real pages, made in memory: the same listing as a host's
// page may also come — its labels in another language, a section missing
// or moved, a name over two lines, a list cut to "Show all N", amenities
// marked unavailable — and pages that are no listing under a listing's
// address: a search grid, a listing payload replaced by a 403 error.
//
// What each must give:
//   - a listing variant: every fact of its page (as the variant changes
//     it) right or not read, never wrong; a fact the page lacks stays not
//     read; and the report built from it says nothing is missing, absent or
//     not done ("missing", "no", "does not") that the page shows;
//   - a refusal variant: refused, with one of the reasons named.

// Variant is one page made from a real one.
type Variant struct {
	Class string // translated, section-removed, reordered, split-name, show-all-partial, unavailable, search-grid, 403-payload
	Name  string // what was done, for the log
	Page  Page   // the real page it is made from
	HTML  []byte
	URL   string
	// Refusals, for a page that is no listing, are the messages (prefixes)
	// a right refusal may give.
	Refusals []string
	// Facts are the page's facts as the variant changes them.
	Facts []Fact
	// Unavailable are amenityWords keys the variant lists as not available
	// (they are no subject the page shows as offered).
	Unavailable []string
	// Known is the issue and gap of a whole variant the readers or the
	// analysis get wrong today (logged, not failed), as Fact.Known.
	Known string
	// ClaimsKnown is the same for the claims of its report only
	// (TestReportClaimsOnVariants), when a fact's Known gap makes them false.
	ClaimsKnown string
}

// The gaps the variants show today (issue 42), for Known.
const (
	k6 = `issue 42 class 6: airbnb: "Show all N amenities" in another language is not known, so the amenities shown are passed off as all of them`
	k7 = `issue 42 class 7: airbnb: an amenity marked "Unavailable: …" (in any language) is read as an available amenity of that name`
	k9 = `issue 42 class 9: a search grid under a listing's address on another site is read as a listing (vrbo) or refused as a bot check (airbnb)`
)

// The languages of the translated labels.
var variantLangs = []string{"pt", "es", "it", "fr", "de", "el", "ja"}

// airbnbLabels are Airbnb's own wording for the labels of a saved listing
// page, per language; %d and %s are the page's numbers and times (24-hour
// outside English).
var airbnbLabels = map[string]map[string]string{
	"showAll":    {"pt": "Mostrar todas as %d comodidades", "es": "Mostrar los %d servicios", "it": "Mostra tutti i %d servizi", "fr": "Afficher les %d équipements", "de": "Alle %d Ausstattungsmerkmale anzeigen", "el": "Εμφάνιση και των %d παροχών", "ja": "%d件のアメニティをすべて表示"},
	"hostedBy":   {"pt": "Anfitrião: %s", "es": "Anfitrión: %s", "it": "Host: %s", "fr": "Hôte : %s", "de": "Gastgeber:in ist %s", "el": "Οικοδεσπότης: %s", "ja": "ホスト：%sさん"},
	"offers":     {"pt": "O que esse lugar oferece", "es": "Lo que ofrece este lugar", "it": "Cosa troverai", "fr": "Ce que propose ce logement", "de": "Was diese Unterkunft bietet", "el": "Τι προσφέρει αυτός ο χώρος", "ja": "アメニティ・設備"},
	"houseRules": {"pt": "Regras da casa", "es": "Normas de la casa", "it": "Regole della casa", "fr": "Règlement intérieur", "de": "Hausregeln", "el": "Κανόνες σπιτιού", "ja": "ハウスルール"},
	"checkIn":    {"pt": "Check-in após %s", "es": "Llegada a partir de las %s", "it": "Check-in dopo le %s", "fr": "Arrivée après %s", "de": "Check-in ab %s", "el": "Άφιξη μετά τις %s", "ja": "チェックイン：%s以降"},
	"checkInWin": {"pt": "Check-in: %s - %s", "es": "Llegada: %s - %s", "it": "Check-in: %s - %s", "fr": "Arrivée : %s - %s", "de": "Check-in: %s–%s", "el": "Άφιξη: %s - %s", "ja": "チェックイン：%s～%s"},
	"checkOut":   {"pt": "Checkout antes das %s", "es": "Salida antes de las %s", "it": "Check-out entro le %s", "fr": "Départ avant %s", "de": "Check-out vor %s", "el": "Αναχώρηση πριν από τις %s", "ja": "チェックアウト：%sまで"},
	"maxGuests":  {"pt": "Máximo de %d hóspedes", "es": "%d huéspedes como máximo", "it": "Massimo %d ospiti", "fr": "%d voyageurs maximum", "de": "Maximal %d Gäste", "el": "Έως %d επισκέπτες", "ja": "ゲスト定員%d人"},
	"guests":     {"pt": "%d hóspedes", "es": "%d huéspedes", "it": "%d ospiti", "fr": "%d voyageurs", "de": "%d Gäste", "el": "%d επισκέπτες", "ja": "ゲスト%d人"},
	"bedroom":    {"pt": "%d quarto", "es": "%d habitación", "it": "%d camera da letto", "fr": "%d chambre", "de": "%d Schlafzimmer", "el": "%d υπνοδωμάτιο", "ja": "寝室%d室"},
	"bed":        {"pt": "%d cama", "es": "%d cama", "it": "%d letto", "fr": "%d lit", "de": "%d Bett", "el": "%d κρεβάτι", "ja": "ベッド%d台"},
	"bath":       {"pt": "%d banheiro", "es": "%d baño", "it": "%d bagno", "fr": "%d salle de bain", "de": "%d Badezimmer", "el": "%d μπάνιο", "ja": "バスルーム%d室"},
	"rate":       {"pt": "Taxa de resposta: %d%%", "es": "Índice de respuesta: %d%%", "it": "Tasso di risposta: %d%%", "fr": "Taux de réponse : %d %%", "de": "Antwortrate: %d %%", "el": "Ποσοστό απόκρισης: %d%%", "ja": "返答率：%d%%"},
	"favourite":  {"pt": "Preferido dos hóspedes", "es": "Favorito entre huéspedes", "it": "Amato dagli ospiti", "fr": "Coup de cœur voyageurs", "de": "Gäste-Favorit", "el": "Αγαπημένο επισκεπτών", "ja": "ゲストお気に入り"},
	"showMore":   {"pt": "Mostrar mais", "es": "Mostrar más", "it": "Mostra altro", "fr": "Afficher plus", "de": "Mehr anzeigen", "el": "Εμφάνιση περισσότερων", "ja": "さらに表示"},
	"unavail":    {"en": "Unavailable: %s", "pt": "Indisponível: %s", "es": "No disponible: %s", "it": "Non disponibile: %s", "fr": "Non disponible : %s", "de": "Nicht verfügbar: %s", "el": "Μη διαθέσιμο: %s", "ja": "利用不可：%s"},
}

// bookingLabels are Booking.com's wording of the labels of its property
// page, per language.
var bookingLabels = map[string]map[string]string{
	"popular":  {"pt": "Comodidades mais populares", "es": "Servicios más populares", "it": "Servizi più popolari", "fr": "Équipements les plus populaires", "de": "Die beliebtesten Ausstattungsmerkmale", "el": "Πιο δημοφιλείς παροχές", "ja": "人気の設備・サービス"},
	"checkIn":  {"pt": "Check-in", "es": "Entrada", "it": "Check-in", "fr": "Arrivée", "de": "Check-in", "el": "Check-in", "ja": "チェックイン"},
	"checkOut": {"pt": "Check-out", "es": "Salida", "it": "Check-out", "fr": "Départ", "de": "Check-out", "el": "Check-out", "ja": "チェックアウト"},
	"from":     {"pt": "A partir das %s", "es": "Desde las %s", "it": "Dalle %s", "fr": "À partir de %s", "de": "Ab %s", "el": "Από τις %s", "ja": "%sから"},
	"until":    {"pt": "Até às %s", "es": "Hasta las %s", "it": "Fino alle %s", "fr": "Jusqu'à %s", "de": "Bis %s", "el": "Έως τις %s", "ja": "%sまで"},
	"noPets":   {"pt": "Não são permitidos animais de estimação.", "es": "No se admiten.", "it": "Non sono ammessi animali.", "fr": "Les animaux de compagnie ne sont pas admis au sein de l'établissement.", "de": "Haustiere sind nicht gestattet.", "el": "Δεν επιτρέπονται κατοικίδια.", "ja": "ペットの宿泊はできません。"},
}

// vrboLabels are Vrbo's wording, per language (its sites in Portugal,
// Spain, Italy, France, Germany, Greece and Japan).
var vrboLabels = map[string]map[string]string{
	"hostedBy": {"pt": "Anfitrião: %s", "es": "Anfitrión: %s", "it": "Host: %s", "fr": "Hôte : %s", "de": "Gastgeber: %s", "el": "Οικοδεσπότης: %s", "ja": "ホスト: %s"},
	"seeAll":   {"pt": "Ver todas as %d comodidades", "es": "Ver los %d servicios", "it": "Vedi tutti i %d servizi", "fr": "Voir les %d équipements", "de": "Alle %d Ausstattungsmerkmale anzeigen", "el": "Δείτε και τις %d παροχές", "ja": "%d件のアメニティをすべて表示"},
	"rules":    {"pt": "Regras da casa", "es": "Normas de la casa", "it": "Regole della casa", "fr": "Règlement intérieur", "de": "Hausregeln", "el": "Κανόνες σπιτιού", "ja": "ハウスルール"},
	"checkIn":  {"pt": "Check-in após %s", "es": "Check-in después de las %s", "it": "Check-in dopo le %s", "fr": "Arrivée après %s", "de": "Check-in nach %s", "el": "Άφιξη μετά τις %s", "ja": "チェックイン %s 以降"},
	"checkOut": {"pt": "Check-out antes das %s", "es": "Check-out antes de las %s", "it": "Check-out prima delle %s", "fr": "Départ avant %s", "de": "Check-out vor %s", "el": "Αναχώρηση πριν τις %s", "ja": "チェックアウト %s まで"},
}

func label(table map[string]map[string]string, key, lang string, args ...any) string {
	return fmt.Sprintf(table[key][lang], args...)
}

// h24 is an English time ("3:00 PM", "11:00 a.m.") as 24-hour "15:00".
func h24(s string) string {
	ts := times(s)
	if len(ts) == 0 {
		return s
	}
	return fmt.Sprintf("%02d:%02d", ts[0]/60, ts[0]%60)
}

// replaceAll replaces every old by new, and reports whether it did.
func replaceAll(b []byte, old, new string) ([]byte, bool) {
	if !bytes.Contains(b, []byte(old)) {
		return b, false
	}
	return bytes.ReplaceAll(b, []byte(old), []byte(new)), true
}

// element finds the element whose start tag holds attr and returns its
// byte range (start tag to end tag), counting nested tags of its name.
func element(b []byte, attr string) (int, int, bool) {
	i := bytes.Index(b, []byte(attr))
	if i < 0 {
		return 0, 0, false
	}
	start := bytes.LastIndexByte(b[:i], '<')
	nameEnd := start + 1
	for nameEnd < len(b) && b[nameEnd] != ' ' && b[nameEnd] != '>' {
		nameEnd++
	}
	name := string(b[start+1 : nameEnd])
	open, close := []byte("<"+name), []byte("</"+name+">")
	depth := 0
	for j := start; j < len(b); {
		o := bytes.Index(b[j:], open)
		c := bytes.Index(b[j:], close)
		if c < 0 {
			return 0, 0, false
		}
		if o >= 0 && o < c {
			next := j + o + len(open)
			if next < len(b) && (b[next] == ' ' || b[next] == '>') {
				depth++
			}
			j = next
			continue
		}
		depth--
		j += c + len(close)
		if depth == 0 {
			return start, j, true
		}
	}
	return 0, 0, false
}

// cut removes the element holding attr.
func cut(b []byte, attr string) ([]byte, bool) {
	s, e, ok := element(b, attr)
	if !ok {
		return b, false
	}
	return append(append([]byte{}, b[:s]...), b[e:]...), true
}

// facts are fs with the given changes: a field mapped to nil is dropped,
// to a Fact it is replaced.
func facts(fs []Fact, change map[string]*Fact) []Fact {
	var out []Fact
	for _, f := range fs {
		c, ok := change[f.Field]
		switch {
		case !ok:
			out = append(out, f)
		case c != nil:
			out = append(out, *c)
		}
	}
	for k, c := range change {
		if c != nil && !hasField(fs, k) {
			out = append(out, *c)
		}
	}
	return out
}

// knownOn marks the facts of fields with a Known gap.
func knownOn(fs []Fact, known string, fields ...string) []Fact {
	out := append([]Fact{}, fs...)
	for i := range out {
		for _, f := range fields {
			if out[i].Field == f && out[i].Known == "" {
				out[i].Known = known
			}
		}
	}
	return out
}

// withRuleLines: a typed rule's line in a language a reader does not know
// may be kept as a rule line, as it is shown; it is then no wrong line.
// Lines not read stay allowed (the fact is not read, or read in part).
func withRuleLines(fs []Fact, lines ...string) []Fact {
	out := append([]Fact{}, fs...)
	for i := range out {
		if out[i].Field != "house_rules" {
			continue
		}
		f := &out[i]
		if f.Absent {
			f.Absent = false
			f.Want = strings.Join(lines, "|")
		} else {
			f.Want += "|" + strings.Join(lines, "|")
		}
		f.Where += "; in this variant also the typed rules' lines as shown: " + strings.Join(lines, ", ")
	}
	return out
}

func hasField(fs []Fact, field string) bool {
	for _, f := range fs {
		if f.Field == field {
			return true
		}
	}
	return false
}

func factOf(fs []Fact, field string) (Fact, bool) {
	for _, f := range fs {
		if f.Field == field {
			return f, true
		}
	}
	return Fact{}, false
}

// variants makes every variant of the real pages.
func variants(t *testing.T) []Variant {
	dir := sharedDir(t)
	var out []Variant
	add := func(v Variant, did bool) {
		if !did {
			t.Errorf("%s %s: the page has not the text the variant changes (the generator is out of date)", v.Class, v.Name)
			return
		}
		out = append(out, v)
	}
	for _, p := range pages {
		if p.Refusal != "" {
			continue
		}
		b := readPage(t, dir, p)
		switch {
		case p.File == "airbnb/airbnb-2025-flyingmermaidd.html":
			airbnbDOMVariants(p, b, add)
		case strings.HasPrefix(p.File, "airbnb/") && p.File != "airbnb/airbnb-2018-travelnest.htm":
			airbnbStateVariants(p, b, add)
		case strings.HasPrefix(p.File, "booking/"):
			bookingVariants(p, b, add)
		case strings.HasPrefix(p.File, "vrbo/"):
			vrboVariants(p, b, add)
		}
	}
	// Search grids under a listing's address.
	for _, f := range []string{
		"booking-search/booking-2026-listingproof-searchresults-fr-nice-latlong-dated.worker.html",
		"booking-search/booking-2026-listingproof-searchresults-fr-paris-latlong-dated.tab.html",
	} {
		b := readPage(t, dir, Page{File: f})
		for _, u := range []string{"https://www.booking.com/hotel/fr/le-regent-paris.fr.html", "https://www.airbnb.com/rooms/1715357532731129387", "https://www.vrbo.com/8164853ha"} {
			v := Variant{Class: "search-grid", Name: "under " + u, Page: Page{File: f}, HTML: b, URL: u,
				Refusals: []string{ingest.MsgNotListingPage, strings.SplitN(ingest.MsgSavedOtherPlatform, "%s", 2)[0]}}
			if !strings.Contains(u, "booking.com") {
				v.Known = k9
			}
			out = append(out, v)
		}
	}
	return out
}

// airbnbDOMVariants are the variants of a browser's saved Airbnb page,
// whose listing is only in the rendered sections.
func airbnbDOMVariants(p Page, b []byte, add func(Variant, bool)) {
	for _, lang := range variantLangs {
		v := b
		ok, all := true, true
		rep := func(old, new string) {
			v, ok = replaceAll(v, old, new)
			all = all && ok
		}
		rep(">Show all 65 amenities<", ">"+label(airbnbLabels, "showAll", lang, 65)+"<")
		rep(">Hosted by Jack<", ">"+label(airbnbLabels, "hostedBy", lang, "Jack")+"<")
		rep(">What this place offers<", ">"+label(airbnbLabels, "offers", lang)+"<")
		rep(">House rules<", ">"+label(airbnbLabels, "houseRules", lang)+"<")
		rep(">Check-in after 3:00\u202fp.m.<", ">"+label(airbnbLabels, "checkIn", lang, "15:00")+"<")
		rep(">Checkout before 11:00\u202fa.m.<", ">"+label(airbnbLabels, "checkOut", lang, "11:00")+"<")
		rep(">2 guests maximum<", ">"+label(airbnbLabels, "maxGuests", lang, 2)+"<")
		rep(">2 guests<", ">"+label(airbnbLabels, "guests", lang, 2)+"<")
		rep(">1 bedroom<", ">"+label(airbnbLabels, "bedroom", lang, 1)+"<")
		rep(">1 bed<", ">"+label(airbnbLabels, "bed", lang, 1)+"<")
		rep(">1 bath<", ">"+label(airbnbLabels, "bath", lang, 1)+"<")
		rep(">Response rate: 100%<", ">"+label(airbnbLabels, "rate", lang, 100)+"<")
		rep(">Show more<", ">"+label(airbnbLabels, "showMore", lang)+"<")
		// The response time is a phrase in the page's language ("Responde
		// em até 1 hora"): left as it is, its fact stays. The typed rules'
		// lines may be kept as rule lines where their language is not read.
		fs := withRuleLines(knownOn(p.Facts, k6, "amenities"), label(airbnbLabels, "checkIn", lang, "15:00"), label(airbnbLabels, "checkOut", lang, "11:00"), label(airbnbLabels, "maxGuests", lang, 2))
		add(Variant{Class: "translated", Name: lang, Page: p, HTML: v, URL: p.URL, Facts: fs, ClaimsKnown: k6}, all)

		w, ok := replaceAll(b, ">Show all 65 amenities<", ">"+label(airbnbLabels, "showAll", lang, 65)+"<")
		add(Variant{Class: "show-all-partial", Name: lang + ": " + label(airbnbLabels, "showAll", lang, 65), Page: p, HTML: w, URL: p.URL, Facts: knownOn(p.Facts, k6, "amenities"), ClaimsKnown: k6}, ok)
	}
	// Sections removed: what they held is not read (or read elsewhere,
	// right); nothing they held is said to be missing.
	for _, sec := range []string{"AMENITIES_DEFAULT", "POLICIES_DEFAULT", "DESCRIPTION_DEFAULT", "HOST_OVERVIEW_DEFAULT", "MEET_YOUR_HOST", "REVIEWS_DEFAULT", "OVERVIEW_DEFAULT_V2"} {
		v, ok := cut(b, `data-plugin-in-point-id="`+sec+`"`)
		add(Variant{Class: "section-removed", Name: sec, Page: p, HTML: v, URL: p.URL, Facts: p.Facts}, ok)
	}
	// Sections reordered: the body's sections from last to first.
	{
		ids := []string{"TITLE_DEFAULT", "OVERVIEW_DEFAULT_V2", "GUEST_FAVORITE_BANNER", "HOST_OVERVIEW_DEFAULT", "HIGHLIGHTS_DEFAULT", "DESCRIPTION_DEFAULT", "SLEEPING_ARRANGEMENT_WITH_IMAGES", "AMENITIES_DEFAULT", "LOCATION_DEFAULT", "AVAILABILITY_CALENDAR_INLINE", "REVIEWS_DEFAULT", "MEET_YOUR_HOST", "POLICIES_DEFAULT"}
		var parts [][]byte
		v := b
		first := -1
		ok := true
		for _, id := range ids {
			s, e, found := element(v, `data-plugin-in-point-id="`+id+`"`)
			if !found {
				ok = false
				break
			}
			parts = append(parts, append([]byte{}, v[s:e]...))
			if first < 0 || s < first {
				first = s
			}
			v = append(append([]byte{}, v[:s]...), v[e:]...)
		}
		if ok {
			var moved []byte
			for i := len(parts) - 1; i >= 0; i-- {
				moved = append(moved, parts[i]...)
			}
			v = append(append(append([]byte{}, v[:first]...), moved...), v[first:]...)
		}
		add(Variant{Class: "reordered", Name: "sections last to first", Page: p, HTML: v, URL: p.URL, Facts: p.Facts}, ok)
	}
	// The title over two lines, its second half in a span.
	{
		v, ok := replaceAll(b, `elementtiming="LCP-target">Luxury Stay at Friday Harbour Resort Lake Simcoe</h1>`,
			"elementtiming=\"LCP-target\">Luxury Stay at Friday Harbour\n<span>Resort Lake Simcoe</span></h1>")
		add(Variant{Class: "split-name", Name: "h1 over two lines", Page: p, HTML: v, URL: p.URL, Facts: p.Facts}, ok)
	}
	// An amenity shown as unavailable, as Airbnb shows it to screen
	// readers and in its modal: "Unavailable: Wifi".
	for _, lang := range append([]string{"en"}, variantLangs...) {
		v, ok := replaceAll(b, ">Wifi<", "><del>"+label(airbnbLabels, "unavail", lang, "Wifi")+"</del><")
		fs := facts(p.Facts, map[string]*Fact{
			"amenities":             {Field: "amenities", Want: "4", Partial: true, Where: "AMENITIES_DEFAULT: 4 available shown"},
			"amenity_names":         {Field: "amenity_names", Want: "Courtyard view|Beach access – Beachfront|Kitchen|Free parking on premises", Partial: true, Where: "AMENITIES_DEFAULT, Wifi marked unavailable"},
			"amenities_missing":     {Field: "amenities_missing", Want: "1", Partial: true, Where: "the one marked unavailable"},
			"amenity_names_missing": {Field: "amenity_names_missing", Want: "Wifi", Partial: true, Where: "the one marked unavailable"},
		})
		fs = knownOn(fs, k7, "amenities", "amenity_names", "amenities_missing", "amenity_names_missing")
		add(Variant{Class: "unavailable", Name: lang + ": " + label(airbnbLabels, "unavail", lang, "Wifi"), Page: p, HTML: v, URL: p.URL, Facts: fs, Unavailable: []string{"wifi"}}, ok)
	}
}

// airbnbStateVariants are the variants of a server-rendered Airbnb page
// whose listing is the deferred state's JSON.
func airbnbStateVariants(p Page, b []byte, add func(Variant, bool)) {
	// The listing's payload replaced by the error the site answers a
	// blocked request with.
	{
		s, e, ok := element(b, `id="data-deferred-state-0"`)
		v := b
		if ok {
			key := "niobeClientData"
			if bytes.Contains(b[s:e], []byte("niobeMinimalClientData")) {
				key = "niobeMinimalClientData"
			}
			open := bytes.IndexByte(b[s:e], '>') + s + 1
			payload := `{"` + key + `":[["StaysPdpSections:{}",{"data":{"presentation":null,"node":null},"errors":[{"message":"Response not successful: Received status code 403","extensions":{"statusCode":403,"code":"FORBIDDEN","classification":"Forbidden"}}]}]]}`
			v = append(append(append([]byte{}, b[:open]...), payload...), b[bytes.LastIndex(b[:e], []byte("</script>")):]...)
		}
		add(Variant{Class: "403-payload", Name: "deferred state: status code 403", Page: p, HTML: v, URL: p.URL,
			// its reason: the site answered an error for the listing's data
			Refusals: []string{ingest.MsgListingNotLoaded}}, ok)
	}
	// Parts of the state removed: the amenities, the house rules.
	for _, k := range []string{`"seeAllAmenitiesGroups":`, `"houseRulesSections":`} {
		v, ok := replaceAll(b, k, `"removedByVariant":`)
		if k == `"houseRulesSections":` {
			v, _ = replaceAll(v, `"houseRules":`, `"removedByVariant2":`)
		}
		add(Variant{Class: "section-removed", Name: strings.Trim(k, `":`), Page: p, HTML: v, URL: p.URL, Facts: p.Facts}, ok)
	}
	// The house rules' labels in other languages (the English pages).
	if !strings.Contains(p.URL, "www.airbnb.com/") { // the pages with English labels
		return
	}
	reIn := regexp.MustCompile(`Check-in after (\d{1,2}:\d{2} [AP]M)`)
	reWin := regexp.MustCompile(`Check-in: (\d{1,2}:\d{2} [AP]M) - (\d{1,2}:\d{2} [AP]M)`)
	reOut := regexp.MustCompile(`Checkout before (\d{1,2}:\d{2} [AP]M)`)
	reMax := regexp.MustCompile(`"(\d+) guests maximum"`)
	for _, lang := range variantLangs {
		s := string(b)
		n := 0
		var lines []string
		s = reWin.ReplaceAllStringFunc(s, func(m string) string {
			n++
			g := reWin.FindStringSubmatch(m)
			lines = append(lines, label(airbnbLabels, "checkInWin", lang, h24(g[1]), h24(g[2])))
			return lines[len(lines)-1]
		})
		s = reIn.ReplaceAllStringFunc(s, func(m string) string {
			n++
			lines = append(lines, label(airbnbLabels, "checkIn", lang, h24(reIn.FindStringSubmatch(m)[1])))
			return lines[len(lines)-1]
		})
		s = reOut.ReplaceAllStringFunc(s, func(m string) string {
			n++
			lines = append(lines, label(airbnbLabels, "checkOut", lang, h24(reOut.FindStringSubmatch(m)[1])))
			return lines[len(lines)-1]
		})
		s = reMax.ReplaceAllStringFunc(s, func(m string) string {
			n++
			var k int
			fmt.Sscanf(reMax.FindStringSubmatch(m)[1], "%d", &k)
			lines = append(lines, label(airbnbLabels, "maxGuests", lang, k))
			return `"` + lines[len(lines)-1] + `"`
		})
		add(Variant{Class: "translated", Name: lang + ": house rules", Page: p, HTML: []byte(s), URL: p.URL, Facts: withRuleLines(p.Facts, lines...)}, n > 0)
	}
}

// bookingVariants are the variants of a Booking.com property page.
func bookingVariants(p Page, b []byte, add func(Variant, bool)) {
	title, _ := factOf(p.Facts, "title")
	// The name over two lines: a newline and its last word in a span.
	{
		name := title.Want
		i := strings.LastIndex(name, " ")
		v, ok := replaceAll(b, `pp-header__title">`+name+`</h2>`, `pp-header__title">`+name[:i]+"\n<span>"+name[i+1:]+`</span></h2>`)
		add(Variant{Class: "split-name", Name: "h2 over two lines", Page: p, HTML: v, URL: p.URL, Facts: p.Facts}, ok)
	}
	// Sections removed.
	for _, attr := range []string{`id="hp_policies_box"`, `data-testid="property-most-popular-facilities-wrapper"`, `data-testid="property-description"`} {
		v, ok := cut(b, attr)
		add(Variant{Class: "section-removed", Name: attr, Page: p, HTML: v, URL: p.URL, Facts: p.Facts}, ok)
	}
	if p.File != "booking/booking-2026-listingproof-gb-strandpalace.en-gb.html" {
		return
	}
	for _, lang := range variantLangs {
		v := b
		ok, all := true, true
		rep := func(old, new string) {
			v, ok = replaceAll(v, old, new)
			all = all && ok
		}
		rep(">Most popular facilities<", ">"+label(bookingLabels, "popular", lang)+"<")
		rep(">Check-in<", ">"+label(bookingLabels, "checkIn", lang)+"<")
		rep(">Check-out<", ">"+label(bookingLabels, "checkOut", lang)+"<")
		rep(">From 15:00<", ">"+label(bookingLabels, "from", lang, "15:00")+"<")
		rep(">Until 11:00<", ">"+label(bookingLabels, "until", lang, "11:00")+"<")
		rep(">Pets are not allowed.<", ">"+label(bookingLabels, "noPets", lang)+"<")
		add(Variant{Class: "translated", Name: lang, Page: p, HTML: v, URL: p.URL, Facts: p.Facts}, all)
	}
}

// vrboVariants are the variants of the Vrbo property page.
func vrboVariants(p Page, b []byte, add func(Variant, bool)) {
	for _, lang := range variantLangs {
		v := b
		ok, all := true, true
		rep := func(old, new string) {
			v, ok = replaceAll(v, old, new)
			all = all && ok
		}
		rep(">Hosted by Marcelo Guisado<", ">"+label(vrboLabels, "hostedBy", lang, "Marcelo Guisado")+"<")
		rep(">See all 91 amenities<", ">"+label(vrboLabels, "seeAll", lang, 91)+"<")
		rep(">House Rules<", ">"+label(vrboLabels, "rules", lang)+"<")
		rep(">Check in after 4:00 PM<", ">"+label(vrboLabels, "checkIn", lang, "16:00")+"<")
		rep(">Check out before 12:00 PM<", ">"+label(vrboLabels, "checkOut", lang, "12:00")+"<")
		fs := withRuleLines(p.Facts, label(vrboLabels, "checkIn", lang, "16:00"), label(vrboLabels, "checkOut", lang, "12:00"))
		add(Variant{Class: "translated", Name: lang, Page: p, HTML: v, URL: p.URL, Facts: fs}, all)
	}
	{
		v, ok := replaceAll(b, `tabindex="-1">Barbarosa Formentera</h1>`, "tabindex=\"-1\">Barbarosa\n<span>Formentera</span></h1>")
		add(Variant{Class: "split-name", Name: "h1 over two lines", Page: p, HTML: v, URL: p.URL, Facts: p.Facts}, ok)
	}
	for _, attr := range []string{`id="Host"`, `id="Policies"`, `id="Amenities"`, `id="PopularAmenities"`, `id="AboutThisProperty"`, `id="Reviews"`, `id="Overview"`} {
		v, ok := cut(b, attr)
		add(Variant{Class: "section-removed", Name: attr, Page: p, HTML: v, URL: p.URL, Facts: p.Facts}, ok)
	}
	// The full amenity list gone from the state: the markup's 6 popular
	// amenities and its "See all 91 amenities" button are all the page
	// shows, in English and in the other languages.
	all, _ := factOf(p.Facts, "amenity_names")
	full, ok1 := replaceAll(b, `\"amenities({\\\"searchCriteria`, `\"removedByVariant({\\\"searchCriteria`)
	full, ok2 := replaceAll(full, `propertyContentSectionGroups({\\\"amenitiesPropertyContentType\\\":\\\"DETAILED\\\"})`, `removedByVariant2`)
	shown := facts(p.Facts, map[string]*Fact{
		"amenities": {Field: "amenities", Want: "6", Partial: true, Where: `id="PopularAmenities": 6 shown, then "See all 91 amenities" (the state's full list removed by the variant)`},
		// The state keeps other lists of the page's amenities (its
		// "Popular amenities" query): the names read must be the page's and
		// marked partial, whichever part is read.
		"amenity_names": {Field: "amenity_names", Want: all.Want + "|Hot tub|Washer", Partial: true, Where: all.Where + `, and the popular amenities' own names "Hot tub" and "Washer" (id="PopularAmenities"); any part of them, marked partial`},
	})
	add(Variant{Class: "show-all-partial", Name: "en: See all 91 amenities, the state's list removed", Page: p, HTML: full, URL: p.URL, Facts: shown}, ok1 && ok2)
	for _, lang := range variantLangs {
		v, ok := replaceAll(full, ">See all 91 amenities<", ">"+label(vrboLabels, "seeAll", lang, 91)+"<")
		add(Variant{Class: "show-all-partial", Name: lang + ": " + label(vrboLabels, "seeAll", lang, 91) + ", the state's list removed", Page: p, HTML: v, URL: p.URL, Facts: shown}, ok && ok1 && ok2)
	}
}

// TestVariants reads every variant: a listing's facts are right or not
// read, never wrong, and its report says nothing the page shows is
// missing; a page that is no listing is refused for its reason. It prints
// per class: variants, facts right, not read, wrong, false findings.
func TestVariants(t *testing.T) {
	racetest.WithoutRace(t, racetest.StepRealPages, "every real page's variants read")
	vs := variants(t)
	type tally struct{ variants, right, notRead, wrong, falses, known int }
	per := map[string]*tally{}
	var knowns []string
	clock := func() time.Time { return time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC) }
	for _, v := range vs {
		c := per[v.Class]
		if c == nil {
			c = &tally{}
			per[v.Class] = c
		}
		c.variants++
		fail := func(format string, args ...any) {
			msg := fmt.Sprintf("%s [%s %s]: ", v.Page.File, v.Class, v.Name) + fmt.Sprintf(format, args...)
			if v.Known != "" {
				c.known++
				knowns = append(knowns, msg+" — "+v.Known)
				return
			}
			t.Error(msg)
		}
		l, err := ingest.ReadSaved(v.HTML, v.URL, "")
		if len(v.Refusals) > 0 {
			switch {
			case err == nil:
				c.wrong++
				fail("accepted as a listing (%q, %d facts read); want refused with one of %q", l.Title, len(l.Sources), v.Refusals)
			case !hasPrefixAny(domain.ErrorMessage(err), v.Refusals):
				c.wrong++
				fail("refused with %q; want one of %q", domain.ErrorMessage(err), v.Refusals)
			default:
				c.right++
			}
			continue
		}
		if err != nil {
			c.notRead += len(v.Facts)
			fail("refused: %s", domain.ErrorMessage(err))
			continue
		}
		for _, f := range v.Facts {
			o, got := ScoreFact(l, f)
			switch o {
			case Correct, Partly:
				c.right++
			case Missed:
				c.notRead++
			case Wrong:
				if f.Known != "" {
					c.known++
					knowns = append(knowns, fmt.Sprintf("%s [%s %s]: %s wrong: want %q, got %s — %s", v.Page.File, v.Class, v.Name, f.Field, f.Want, got, f.Known))
					continue
				}
				c.wrong++
				fail("%s is wrong: want %q (%s), got %s", f.Field, f.Want, f.Where, got)
			}
		}
		r, err := report.Generate(context.Background(), report.Input{Listing: l, Plan: domain.PlanPremium, Now: clock})
		if err != nil {
			t.Fatalf("%s [%s %s]: report: %v", v.Page.File, v.Class, v.Name, err)
		}
		for _, fl := range falseAbsences(r, l, v) {
			c.falses++
			fail("the report says %q — %s", fl.text, fl.why)
		}
	}
	var classes []string
	for k := range per {
		classes = append(classes, k)
	}
	sort.Strings(classes)
	lines := []string{fmt.Sprintf("%-18s %8s %6s %9s %12s %13s %6s", "class", "variants", "right", "not read", "wrong/false", "false absence", "known")}
	for _, k := range classes {
		c := per[k]
		lines = append(lines, fmt.Sprintf("%-18s %8d %6d %9d %12d %13d %6d", k, c.variants, c.right, c.notRead, c.wrong, c.falses, c.known))
	}
	t.Log("variants per class (facts; refusals count one each):\n" + strings.Join(lines, "\n"))
	if len(knowns) > 0 {
		t.Logf("%d Known (logged, not failed):\n%s", len(knowns), strings.Join(knowns, "\n"))
	}
}

func hasPrefixAny(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// reAbsence finds a statement that something is missing or absent, and
// the words after it.
var reAbsence = regexp.MustCompile(`(?i)\b(?:missing|no|not? (?:any|listed|mentioned|offered|stated)|lacks?|lacking|without|does not (?:have|list|offer|include|mention|state|say|show|give|name)|doesn't (?:have|list|offer|mention))\b[\s:]+((?:[\p{L}\p{N}'’-]+[\s,]+){0,4}[\p{L}\p{N}'’-]+)`)

// subjectAbsences are statements that a field the page has is absent,
// each with the fact that shows the page has it.
var subjectAbsences = map[string]*regexp.Regexp{
	"review_count":      regexp.MustCompile(`(?i)\b(?:no|without|missing|does not have any|has no) reviews\b(?:[^\p{L}]|$)`),
	"photos":            regexp.MustCompile(`(?i)\b(?:no|without|missing|does not have any|has no) photos\b(?:\s+(?:counts?|captions?)\b)?`),
	"description_words": regexp.MustCompile(`(?i)\b(?:no|without|missing|does not have a|has no) description\b`),
	"check_in":          regexp.MustCompile(`(?i)\b(?:no|missing|does not (?:state|give|say) (?:a |the |its )?)check-in time\b`),
	"rating":            regexp.MustCompile(`(?i)\b(?:no|without|missing|has no) (?:guest )?rating\b(?:\s+card)?`),
	"house_rules":       regexp.MustCompile(`(?i)\b(?:no|without|missing|has no) house rules\b`),
}

// falseAbsences are the report's statements that something is missing,
// absent or not done whose subject the page (or its variant) shows: an
// amenity the page lists as offered, or a field the page has.
func falseAbsences(r *report.Result, l *listing.Listing, v Variant) []claim {
	// What the page shows: the amenities it offers (the words of the
	// test's own list found in the names read by hand), the fields it has.
	offered := map[string]bool{}
	if f, ok := factOf(v.Page.Facts, "amenity_names"); ok {
		for _, name := range strings.Split(f.Want, "|") {
			if key := amenityKey(name); key != "" {
				offered[key] = true
			}
		}
	}
	for _, k := range v.Unavailable {
		delete(offered, k)
	}
	has := map[string]bool{}
	for _, f := range v.Page.Facts {
		if !f.Absent && f.Want != "0" {
			has[f.Field] = true
		}
	}
	var out []claim
	named := append([]string{}, r.AmenityAnalysis.Missing...)
	for _, sg := range r.AmenityAnalysis.Suggestions {
		named = append(named, sg.Amenity)
	}
	for _, n := range named {
		if key := amenityKey(n); key != "" && offered[key] {
			out = append(out, claim{"missing or suggested: " + n, "the page lists " + key + " as offered"})
		}
	}
	var texts []string
	for _, f := range findings(r) {
		texts = append(texts, f.Message)
	}
	texts = append(texts, sentences(r)...)
	seen := map[string]bool{}
	desc := prose.Fold(strings.Join(strings.Fields(l.Description), " "))
	for _, s := range texts {
		fs := prose.Fold(s)
		if seen[s] || strings.Contains(desc, prose.Fold(strings.Join(strings.Fields(s), " "))) {
			// The host's own sentence, quoted: the host's to say.
			continue
		}
		seen[s] = true
		if strings.Contains(fs, "key rooms") {
			// "… show 2 of the 6 key rooms (missing: kitchen…)": the
			// photos of a room, not the amenity.
			continue
		}
		for _, m := range reAbsence.FindAllStringSubmatch(s, -1) {
			after := " " + prose.Fold(m[1]) + " "
			for key := range offered {
				for _, w := range amenityWords[key] {
					if strings.Contains(after, " "+w) && !strings.Contains(fs, w+" speed") {
						out = append(out, claim{s, fmt.Sprintf("the page lists %s as offered (%q)", key, w)})
					}
				}
			}
		}
		for field, re := range subjectAbsences {
			if m := re.FindString(s); m != "" && has[field] && !strings.HasSuffix(strings.ToLower(m), "counts") && !strings.HasSuffix(strings.ToLower(m), "captions") && !strings.HasSuffix(strings.ToLower(m), "caption") && !strings.HasSuffix(strings.ToLower(m), "card") {
				out = append(out, claim{s, "the page has its " + field})
			}
		}
	}
	return dedupeClaims(out)
}

func dedupeClaims(cs []claim) []claim {
	seen := map[string]bool{}
	var out []claim
	for _, c := range cs {
		if k := c.text + "\x00" + c.why; !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}

// findings are every analysis.Finding in a report.
func findings(r *report.Result) []analysis.Finding {
	var out []analysis.Finding
	ft := reflect.TypeOf(analysis.Finding{})
	walkReport(r, func(v reflect.Value) bool {
		if v.Kind() == reflect.Struct && v.Type() == ft {
			out = append(out, v.Interface().(analysis.Finding))
			return true
		}
		return false
	})
	return out
}

// TestFalseAbsencesCatch: the report check finds what it is for — an
// amenity the page offers named missing or absent, a field the page has
// said to be absent — and lets the true ones pass.
func TestFalseAbsencesCatch(t *testing.T) {
	page := Page{File: "made-up", Facts: []Fact{
		{Field: "amenity_names", Want: "Wifi|Kitchen|Washer", Where: "made up"},
		{Field: "review_count", Want: "12", Where: "made up"},
		{Field: "photos", Want: "20", Where: "made up"},
	}}
	l := &listing.Listing{Description: "A flat. The flat does not have air conditioning."}
	for _, c := range []struct {
		missing []string
		text    string
		want    bool
	}{
		{missing: []string{"Wifi"}, want: true},
		{missing: []string{"Air conditioning"}, want: false},
		{text: "The listing has no kitchen.", want: true},
		{text: "Guests will find no washer here.", want: true},
		{text: "The listing has no reviews yet.", want: true},
		{text: "There are no photos.", want: true},
		{text: "The description does not state the wifi speed.", want: false},
		{text: "The flat does not have air conditioning.", want: false},
		{text: "No photo has a caption, so we could not tell which rooms are shown.", want: false},
		{text: "No review text was available, so the summary rests on the rating alone.", want: false},
		{text: "Its photos show 2 of the 6 key rooms (missing: kitchen and view).", want: false},
	} {
		r := &report.Result{OptimizedDescription: c.text}
		r.AmenityAnalysis.Missing = c.missing
		got := falseAbsences(r, l, Variant{Page: page})
		if (len(got) > 0) != c.want {
			t.Errorf("%q %q: found %v, want a false absence: %v", c.missing, c.text, got, c.want)
		}
	}
}
