package booking

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// section is a house-rules section as the site builds it, rows given as
// label and content markup.
func section(rows ...[2]string) string {
	var b strings.Builder
	b.WriteString(`<div data-testid="HouseRules-wrapper" id="hp_policies_box"><section id="policies"><h2><div>House rules</div></h2><div>Takes special requests</div>`)
	b.WriteString(`<div data-testid="property-section--content"><div class="x">`)
	for _, r := range rows {
		b.WriteString(`<div class="r"><div class="l"><span aria-hidden="true"><svg viewBox="0 0 24 24"><path d="M1 1"></path></svg></span><div>` + r[0] + `</div></div><div class="c">` + r[1] + `</div></div><hr class="s" aria-hidden="true">`)
	}
	b.WriteString(`</div></div></section></div>`)
	return b.String()
}

// TestPolicyRows: the rows are the children of the element holding the
// <hr> separators; a label is its text without the icon; a line is a
// block's text however many spans and newlines it is written over.
func TestPolicyRows(t *testing.T) {
	for _, tc := range []struct {
		name, html string
		want       []policyRow
	}{
		{"rows", section([2]string{"Check-in", `<div>From 15:00</div><div class="n">Guests are required to show a photo ID</div>`}, [2]string{"Pets", `<div>Pets are not allowed.</div>`}),
			[]policyRow{{"Check-in", []string{"From 15:00", "Guests are required to show a photo ID"}}, {"Pets", []string{"Pets are not allowed."}}}},
		{"split over spans and lines", section([2]string{"Grou<span>ps</span>", "<div>When booking\n   more than <b>9</b>\n<span>rooms,  different <a href=\"#x\">policies</a></span> apply.</div>"}, [2]string{"Age", "<div><div>The minimum age</div> <p>is 18</p></div>"}),
			[]policyRow{{"Groups", []string{"When booking more than 9 rooms, different policies apply."}}, {"Age", []string{"The minimum age", "is 18"}}}},
		{"children block", section([2]string{"Children and beds", `<div data-test-id="child-policies-block"><h3>Child policies</h3><p>Children of any age are welcome.</p><div>0 - 2 years</div><span>Free</span></div>`}, [2]string{"Age", "<div>18</div>"}),
			[]policyRow{{"Children and beds", []string{"Child policies", "Children of any age are welcome.", "0 - 2 years", "Free"}}, {"Age", []string{"18"}}}},
		{"a row asking for dates is none", section([2]string{"Cancellation/ prepayment", `<div>Policies vary. Please <a href="#availability_target" id="rm_cond_link_enter_dates">enter the dates of your stay</a>.</div>`}, [2]string{"Age", "<div>18</div>"}),
			[]policyRow{{"Age", []string{"18"}}}},
		{"a cancellation row stating its policy", section([2]string{"Cancellation/ prepayment", `<div>Free cancellation until 7 days before arrival.</div>`}),
			[]policyRow{{"Cancellation/ prepayment", []string{"Free cancellation until 7 days before arrival."}}}},
		{"a row without content is none", section([2]string{"Check-in", ""}, [2]string{"Age", "<div>18</div>"}),
			[]policyRow{{"Age", []string{"18"}}}},
		{"no rows", `<div data-testid="HouseRules-wrapper"><section><h2>House rules</h2><p>Loading…</p></section></div>`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := policyRows([]byte(tc.html)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestLabelKind: the labels of the rows on the saved pages (en, es, fr,
// it, nl, pt) and German; rows that state no rule line are rowOther, as is
// a label in a language the words do not cover.
func TestLabelKind(t *testing.T) {
	for label, want := range map[string]rowKind{
		"Check-in": rowCheckIn, "Entrada": rowCheckIn, "Arrivée": rowCheckIn, "Arrivo": rowCheckIn, "Inchecken": rowCheckIn, "Anreise": rowCheckIn,
		"Check-out": rowCheckOut, "Salida": rowCheckOut, "Départ": rowCheckOut, "Partenza": rowCheckOut, "Uitchecken": rowCheckOut,
		"Age restriction": rowRule, "No age restriction": rowRule, "Restricción por edad": rowRule, "Aucune restriction d'âge": rowRule,
		"Nessuna età minima": rowRule, "Leeftijdsrestrictie": rowRule, "Sem restrições de idade": rowRule, "Altersbeschränkung": rowRule,
		"Groups": rowRule, "Grupos": rowRule, "Groepen": rowRule, "Quiet hours": rowRule, "Smoking": rowSmoking, "Fumar": rowSmoking, "Parties": rowParties, "Feesten": rowParties,
		"Pets": rowPets, "Mascotas": rowPets, "Animaux domestiques": rowPets, "Animali": rowPets, "Huisdieren": rowPets, "Animais de estimação": rowPets,
		"Cancellation/ prepayment": rowRule, "Cancelación / prepago": rowRule, "Annulation / Prépaiement": rowRule, "Annuleren / vooruitbetalen": rowRule, "Children and beds": rowOther, "Children &amp; Beds": rowOther, "Camas para niños": rowOther,
		"Refundable damage deposit": rowOther, "Cards accepted at this hotel": rowOther, "Métodos de pago aceptados": rowOther,
		"Betaalwijzen bij dit hotel": rowOther, "チェックイン": rowOther, "": rowOther,
		"Check-in and pets": rowOther, // two kinds: neither
	} {
		if got := labelKind(label); got != want {
			t.Errorf("labelKind(%q) = %v, want %v", label, got, want)
		}
	}
}

// TestClockTimes: every time of a window, in order, as written.
func TestClockTimes(t *testing.T) {
	for s, want := range map[string][]string{
		"From 15:00":                {"15:00"},
		"De 06:00 à 11:00":          {"06:00", "11:00"},
		"Dalle 14:30 alle 23:30":    {"14:30", "23:30"},
		"Das 15:00 às 00:00":        {"15:00", "00:00"},
		"From 4:00 PM to 10:00 PM":  {"4:00 PM", "10:00 PM"},
		"Vanaf 15.00 tot 2 a.m.":    {"15.00", "2 a.m."},
		"15h00 - 00h00":             {"15h00", "00h00"},
		"Available 24 hours":        nil,
		"When booking more than 9 ": nil,
		"15:00から":                   {"15:00"},
	} {
		if got, _ := clockTimes(s); !slices.Equal(got, want) {
			t.Errorf("clockTimes(%q) = %q, want %q", s, got, want)
		}
	}
	if _, mins := clockTimes("From 4:00 PM to 12:30 AM"); !slices.Equal(mins, []int{16 * 60, 30}) {
		t.Errorf("minutes %v", mins)
	}
}

// TestReadPolicies: the rows a hand-built section may have, with and
// without the page's state to tell them apart.
func TestReadPolicies(t *testing.T) {
	rows := []policyRow{
		{"Check-in", []string{"From 4:00 PM to 10:00 PM", "Guests are required to show a photo ID.", "You need to let the property know your arrival time."}},
		{"Check-out", []string{"From 6:00 AM to 11:00 AM"}},
		{"Refundable damage deposit", []string{"A damage deposit of € 250 is required on arrival."}},
		{"Children and beds", []string{"Child policies", "Children of all ages are welcome."}},
		{"No age restriction", []string{"There's no age requirement for check-in"}},
		{"Pets", []string{"Pets are allowed on request."}},
		{"Groups", []string{"When booking more than 3 rooms, different policies apply."}},
		{"Accepted payment methods", []string{"Cash"}},
	}
	all := pageRules{checkIn: "4:00 PM–10:00 PM", checkOut: "6:00 AM–11:00 AM", pets: ptr(true), rules: []string{
		"Guests are required to show a photo ID.", "You need to let the property know your arrival time.",
		"There's no age requirement for check-in", "When booking more than 3 rooms, different policies apply."}}
	noPets := all
	noPets.pets = nil
	state := pageState{checkIn: []int{16 * 60, 22 * 60}, checkOut: []int{6 * 60, 11 * 60}, phrases: map[string]bool{
		ruleKey("There's no age requirement for check-in"): true, ruleKey("When booking more than 3 rooms, different policies apply."): true}}
	relabel := func(labels ...string) []policyRow {
		out := slices.Clone(rows)
		for i, l := range labels {
			out[i].label = l
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		rows  []policyRow
		state pageState
		want  pageRules
	}{
		{"labels", rows, pageState{}, all},
		{"labels and state", rows, state, all},
		{"labels unknown, state tells (not the pets row)", relabel("チェックイン", "チェックアウト", "x", "x", "年齢制限", "ペット", "グループ"), state, noPets},
		{"labels unknown, no state: not read", relabel("チェックイン", "チェックアウト", "x", "x", "年齢制限", "ペット", "グループ"), pageState{}, pageRules{}},
		{"labels swapped, state's times win", relabel("Check-out", "Check-in"), state, all},
		{"two check-in rows: neither", relabel("Check-in", "Check-in"), pageState{}, pageRules{pets: ptr(true), rules: all.rules[2:]}},
		{"cancellation stated", []policyRow{{"Cancelación / prepago", []string{"Cancelación gratuita hasta 7 días antes."}}}, pageState{}, pageRules{rules: []string{"Cancelación gratuita hasta 7 días antes."}}},
		{"window without times", []policyRow{{"Check-in", []string{"Available 24 hours", "Photo ID needed."}}}, pageState{}, pageRules{rules: []string{"Photo ID needed."}}},
		{"a line twice is one", []policyRow{{"Check-in", []string{"From 15:00", "Photo ID needed."}}, {"Age", []string{"Photo  ID needed!"}}}, pageState{}, pageRules{checkIn: "15:00", rules: []string{"Photo ID needed."}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := readPolicies(tc.rows, tc.state); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v\nwant %v", got, tc.want)
			}
		})
	}
}

// realPolicies are the house-rules sections of the saved pages read by
// hand (#hp_policies_box): each window as the page writes it and the rule
// lines in page order — the notes under the check-in window, the age,
// groups and smoking rows. Not rule lines: the cancellation row (asks for
// dates), children and beds (prices and cots), pets (a typed field: its
// yes or no as the row words it), the payment cards, Bellevue's damage
// deposit.
var (
	yes = ptr(true)
	no  = ptr(false)
)

var realPolicies = map[string]pageRules{
	"catalonia-la-boqueria": {checkIn: "15:00", checkOut: "12:00", pets: no, rules: []string{
		"Los clientes deben mostrar un documento de identidad con fotografía y una tarjeta de crédito en el momento de hacer el check-in",
		"Tienes que decirle al alojamiento con antelación a qué hora vas a llegar.",
		"Edad mínima para el check-in: 18",
		"Al reservar más de 4 habitaciones, podrán aplicarse condiciones especiales y suplementos."}},
	// "Available 24 hours" under both: no time; the age and smoking rows.
	"hijack-gite-chassagne": {checkIn: "", checkOut: "", pets: yes, smoking: no, rules: []string{"There is no age requirement for check-in", "Smoking is not allowed."}},
	"le-regent-paris": {checkIn: "15:00–00:00", checkOut: "06:00–11:00", pets: no, rules: []string{
		"Vous devrez présenter une pièce d'identité avec photo et une carte de crédit lors de l'enregistrement.",
		"Aucune restriction relative à l'âge ne s'applique pour l'enregistrement."}},
	"strandpalace": {checkIn: "15:00", checkOut: "11:00", pets: no, rules: []string{
		"Guests are required to show a photo identification and credit card upon check-in",
		"The minimum age for check-in is 18",
		"When booking more than 9 rooms, different policies and additional supplements may apply."}},
	"grand-rimini": {checkIn: "14:30–23:30", checkOut: "06:00–11:00", pets: yes, rules: []string{
		"Al check-in gli ospiti devono esibire un documento di riconoscimento con foto e una carta di credito.",
		"Non è richiesta un'età minima per fare il check-in."}},
	"hotelbellevue_rimini": {checkIn: "4:00 PM–10:00 PM", checkOut: "6:00 AM–11:00 AM", pets: yes, rules: []string{
		"Guests are required to show a photo ID and credit card at check-in.",
		"You need to let the property know what time you'll be arriving in advance.",
		"There's no age requirement for check-in",
		"When booking more than 3 rooms, different policies and additional fees may apply."}},
	"nhcollection-flower-market": {checkIn: "15:00", checkOut: "12:00", pets: yes, rules: []string{
		"Gasten dienen bij het inchecken een identiteitsbewijs met foto en creditcard te tonen",
		"De minimumleeftijd om in te checken is 18 jaar",
		"Als je meer dan 9 kamers boekt, kunnen er andere voorwaarden en extra toeslagen van toepassing zijn."}},
	"corpo-santo": {checkIn: "15:00–00:00", checkOut: "07:00–12:00", pets: no, rules: []string{
		"No momento do check-in, os hóspedes têm de apresentar um documento de identificação com fotografia e um cartão de crédito",
		"Terá de informar a sua hora de chegada com antecedência ao alojamento.",
		"Não há restrições de idade para fazer check-in",
		"Ao reservar mais de 4 quartos, poderão aplicar-se condições diferentes e custos adicionais."}},
}

// policyPageFiles are the saved Booking.com pages and their addresses.
var policyPageFiles = []struct{ file, url string }{
	{"booking/booking-2026-listingproof-es-catalonia-la-boqueria.es.html", "https://www.booking.com/hotel/es/catalonia-la-boqueria.es.html"},
	{"booking/booking-2026-listingproof-fr-hijack-gite-chassagne.en-gb.html", "https://www.booking.com/hotel/fr/gitenchassagne.en-gb.html"},
	{"booking/booking-2026-listingproof-fr-le-regent-paris.fr.html", "https://www.booking.com/hotel/fr/le-regent-paris.fr.html"},
	{"booking/booking-2026-listingproof-gb-strandpalace.en-gb.html", "https://www.booking.com/hotel/gb/strandpalace.en-gb.html"},
	{"booking/booking-2026-listingproof-it-grand-rimini.it.html", "https://www.booking.com/hotel/it/grand-rimini.it.html"},
	{"booking/booking-2026-listingproof-it-hotelbellevue_rimini.en-us.html", "https://www.booking.com/hotel/it/hotelbellevue_rimini.en-us.html"},
	{"booking/booking-2026-listingproof-nl-nhcollection-flower-market.nl.html", "https://www.booking.com/hotel/nl/nhcollection-amsterdam-flower-market.nl.html"},
	{"booking/booking-2026-listingproof-pt-corpo-santo.pt-pt.html", "https://www.booking.com/hotel/pt/corpo-santo.pt-pt.html"},
}

// realPolicyPage is a saved page, its house-rules section and what its
// state says of the rules.
type realPolicyPage struct {
	key, url string
	page     []byte
	section  []byte
	state    pageState
}

func realPolicyPages(t *testing.T) []realPolicyPage {
	var out []realPolicyPage
	for _, rp := range policyPageFiles {
		var key string
		for k := range realPolicies {
			if strings.Contains(rp.file, k) {
				key = k
			}
		}
		if key == "" {
			t.Fatalf("%s: no hand-read house rules", rp.file)
		}
		page := listingtest.RealPage(t, rp.file)
		secs := sectionsByTestID(page, tidHouseRules)[tidHouseRules]
		if len(secs) != 1 {
			t.Fatalf("%s: %d house-rules sections", key, len(secs))
		}
		// The state as Parse has it when it reads the section: the
		// cache's rules alone.
		l := &listing.Listing{}
		if s, err := decodeApollo(meta.Extract(page)); err != nil || s == nil {
			t.Fatalf("%s: no cache: %v", key, err)
		} else {
			applyApolloRules(l, s)
		}
		st := pageState{phrases: map[string]bool{}}
		_, st.checkIn = clockTimes(l.HouseRules.CheckIn)
		_, st.checkOut = clockTimes(l.HouseRules.CheckOut)
		for _, p := range l.HouseRules.Rules {
			st.phrases[ruleKey(p)] = true
		}
		out = append(out, realPolicyPage{key: key, url: rp.url, page: page, section: secs[0], state: st})
	}
	return out
}

// TestRealPolicies: on every saved page the section alone, without the
// state, gives the hand-read windows and rule lines, in page order, as the
// page writes them; with the state, the same.
func TestRealPolicies(t *testing.T) {
	for _, p := range realPolicyPages(t) {
		t.Run(p.key, func(t *testing.T) {
			want := realPolicies[p.key]
			rows := policyRows(p.section)
			if got := readPolicies(rows, pageState{}); !reflect.DeepEqual(got, want) {
				t.Errorf("section alone:\n got %v\nwant %v", got, want)
			}
			if got := readPolicies(rows, p.state); !reflect.DeepEqual(got, want) {
				t.Errorf("with the state:\n got %v\nwant %v", got, want)
			}
		})
	}
}

// variantLabels are the rows' labels in other languages, by kind: Spanish
// and Italian (words the reader knows), Japanese (words it does not).
var variantLabels = map[string]map[rowKind]string{
	"es": {rowCheckIn: "Entrada", rowCheckOut: "Salida", rowRule: "Restricción por edad", rowSmoking: "Fumar", rowParties: "Fiestas", rowPets: "Mascotas"},
	"it": {rowCheckIn: "Arrivo", rowCheckOut: "Partenza", rowRule: "Gruppi", rowSmoking: "Fumatori", rowParties: "Feste", rowPets: "Animali"},
	"ja": {rowCheckIn: "チェックイン", rowCheckOut: "チェックアウト", rowRule: "年齢制限", rowSmoking: "喫煙", rowParties: "パーティー", rowPets: "ペット"},
}

// policyVariant is a section changed in memory, and what a reading of it
// may give.
type policyVariant struct {
	name    string
	section []byte
	// same: the original windows and rule lines must come out (rules as
	// a set; a reordered section reads them in its order); else each
	// must be the original's or not read. The state has no words for
	// pets, smoking or parties: their yes or no is the original's only
	// where the labels are known (same), else the original's or not read.
	same, sameWithState bool
}

// policyVariants are the section of a page reordered, a row removed (each
// in turn), its labels translated, and its text split over lines and
// nested spans.
func policyVariants(t *testing.T, section []byte) []policyVariant {
	parse := func() (*html.Node, []*html.Node) {
		root := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
		nodes, err := html.ParseFragment(bytes.NewReader(section), root)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range nodes {
			root.AppendChild(n)
		}
		box := rowContainer(root)
		if box == nil {
			t.Fatal("no rows")
		}
		var rows []*html.Node
		for c := box.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom != atom.Hr {
				rows = append(rows, c)
			}
		}
		return root, rows
	}
	render := func(root *html.Node) []byte {
		var b bytes.Buffer
		for c := root.FirstChild; c != nil; c = c.NextSibling {
			if err := html.Render(&b, c); err != nil {
				t.Fatal(err)
			}
		}
		return b.Bytes()
	}
	var out []policyVariant
	{
		root, rows := parse()
		box := rows[0].Parent
		for _, r := range rows {
			box.RemoveChild(r)
		}
		hrs := []*html.Node{}
		for c := box.FirstChild; c != nil; c = c.NextSibling {
			hrs = append(hrs, c)
		}
		for _, c := range hrs {
			box.RemoveChild(c)
		}
		for i := len(rows) - 1; i >= 0; i-- {
			box.AppendChild(rows[i])
			box.AppendChild(&html.Node{Type: html.ElementNode, Data: "hr", DataAtom: atom.Hr})
		}
		out = append(out, policyVariant{name: "rows reversed", section: render(root), same: true, sameWithState: true})
	}
	_, rows := parse()
	for i := range rows {
		root, rows := parse()
		label := collapse(textOf(rows[i].FirstChild))
		rows[i].Parent.RemoveChild(rows[i])
		out = append(out, policyVariant{name: "without " + label, section: render(root)})
	}
	for _, lang := range []string{"es", "it", "ja"} {
		root, rows := parse()
		for _, r := range rows {
			label := firstElement(r)
			kind := labelKind(textOf(label))
			if kind == rowOther {
				continue
			}
			setText(label, variantLabels[lang][kind])
		}
		out = append(out, policyVariant{name: "labels in " + lang, section: render(root), same: lang != "ja", sameWithState: true})
	}
	{
		root, rows := parse()
		for _, r := range rows {
			for c := firstElement(r).NextSibling; c != nil; c = c.NextSibling {
				splitText(c)
			}
		}
		out = append(out, policyVariant{name: "text split over lines and spans", section: render(root), same: true, sameWithState: true})
	}
	return out
}

func firstElement(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return c
		}
	}
	return nil
}

// setText puts s in place of the label's text (its icon kept).
func setText(n *html.Node, s string) {
	done := false
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
				if !done {
					c.Data, done = s, true
				} else {
					c.Data = ""
				}
			}
			if c.Type == html.ElementNode && c.Data != "svg" {
				walk(c)
			}
		}
	}
	walk(n)
}

// splitText writes every text of two words or more as its first word, a
// newline and the rest in a span with a span inside.
func splitText(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			splitText(c)
			continue
		}
		if c.Type != html.TextNode {
			continue
		}
		words := strings.Fields(c.Data)
		if len(words) < 3 {
			continue
		}
		c.Data = words[0] + "\n    "
		outer := &html.Node{Type: html.ElementNode, Data: "span", DataAtom: atom.Span}
		outer.AppendChild(&html.Node{Type: html.TextNode, Data: words[1] + "  \n"})
		inner := &html.Node{Type: html.ElementNode, Data: "span", DataAtom: atom.Span}
		inner.AppendChild(&html.Node{Type: html.TextNode, Data: strings.Join(words[2:], " ")})
		outer.AppendChild(inner)
		n.InsertBefore(outer, c.NextSibling)
		c = outer
	}
}

func (r pageRules) String() string {
	return fmt.Sprintf("in %q out %q pets %s smoking %s parties %s rules %q", r.checkIn, r.checkOut, yesNo(r.pets), yesNo(r.smoking), yesNo(r.parties), r.rules)
}

func asPageRules(r listing.HouseRules) pageRules {
	return pageRules{checkIn: r.CheckIn, checkOut: r.CheckOut, rules: r.Rules, pets: r.PetsAllowed, smoking: r.SmokingAllowed, parties: r.PartiesAllowed}
}

func yesNo(b *bool) string {
	if b == nil {
		return "not read"
	}
	return map[bool]string{true: "yes", false: "no"}[*b]
}

// checkVariant: same, or each value the original's or not read; the
// typed yes/no likewise by typedSame.
func checkVariant(t *testing.T, what string, got, want pageRules, same, typedSame bool) {
	t.Helper()
	gotSet, wantSet := slices.Clone(got.rules), slices.Clone(want.rules)
	slices.Sort(gotSet)
	slices.Sort(wantSet)
	for _, b := range []struct {
		name      string
		got, want *bool
	}{{"pets", got.pets, want.pets}, {"smoking", got.smoking, want.smoking}, {"parties", got.parties, want.parties}} {
		if !reflect.DeepEqual(b.got, b.want) && (typedSame || b.got != nil) {
			t.Errorf("%s: %s %s, want %s", what, b.name, yesNo(b.got), yesNo(b.want))
		}
	}
	if same {
		if got.checkIn != want.checkIn || got.checkOut != want.checkOut || !slices.Equal(gotSet, wantSet) {
			t.Errorf("%s:\n got %v\nwant %v", what, got, want)
		}
		return
	}
	if got.checkIn != "" && got.checkIn != want.checkIn || got.checkOut != "" && got.checkOut != want.checkOut {
		t.Errorf("%s: windows %q, %q; want %q, %q or not read", what, got.checkIn, got.checkOut, want.checkIn, want.checkOut)
	}
	for _, r := range got.rules {
		if !slices.Contains(want.rules, r) {
			t.Errorf("%s: rule line %q the page does not show", what, r)
		}
	}
}

// TestRealPolicyVariants: each saved page's section reordered, without
// each row in turn, its labels in Spanish, Italian and Japanese, and its
// text over lines and nested spans. Read alone and with the page's state,
// each gives the page's values, or leaves out what the variant removed or
// what no word or state tells — never a value the page does not give. And
// Parse, over the whole page with the variant section, gives the same
// check-in, check-out and rule lines as on the page itself: what the
// section lacks, the state has.
func TestRealPolicyVariants(t *testing.T) {
	for _, p := range realPolicyPages(t) {
		t.Run(p.key, func(t *testing.T) {
			want := realPolicies[p.key]
			tg := listingtest.Target(t, p.url)
			orig := Parse(p.page, tg).HouseRules
			variants := policyVariants(t, p.section)
			if len(variants) < 8 {
				t.Fatalf("%d variants", len(variants))
			}
			for _, v := range variants {
				rows := policyRows(v.section)
				checkVariant(t, v.name+", alone", readPolicies(rows, pageState{}), want, v.same, v.same)
				checkVariant(t, v.name+", with the state", readPolicies(rows, p.state), want, v.sameWithState, v.same)
				page := bytes.Replace(p.page, p.section, v.section, 1)
				got := Parse(page, tg).HouseRules
				checkVariant(t, v.name+", parsed", asPageRules(got), asPageRules(orig), true, true)
			}
		})
	}
}

// TestAllowedIn: a yes or no only where the row says so in as many words,
// in the site's languages (the saved pages' rows and their kin); nothing
// from a row that says neither, or both.
func TestAllowedIn(t *testing.T) {
	for text, want := range map[string]string{
		"Pets are not allowed.": "no",
		"No se admiten.":        "no",
		"Les animaux de compagnie ne sont pas admis au sein de l'établissement.":   "no",
		"Animais de estimação: não admitidos.":                                     "no",
		"Animali non ammessi.":                                                     "no",
		"Huisdieren zijn niet toegestaan.":                                         "no",
		"Haustiere sind nicht gestattet.":                                          "no",
		"Smoking is not allowed.":                                                  "no",
		"Pets are allowed on request. Charges may apply.":                          "yes",
		"Free! Pets are allowed. No extra charges.":                                "yes",
		"Animali ammessi su richiesta. Potrebbe essere richiesto un supplemento.":  "yes",
		"Huisdieren zijn toegestaan. Er zijn mogelijk extra kosten aan verbonden.": "yes",
		"Se admiten mascotas.":                                                     "yes",
		"Pets are allowed. Dogs are not allowed in the restaurant.":                "not read",
		"Please contact the property.":                                             "not read",
		"No extra charges.":                                                        "not read",
		"":                                                                         "not read",
	} {
		if got := yesNo(allowedIn([]string{text})); got != want {
			t.Errorf("allowedIn(%q) = %s, want %s", text, got, want)
		}
	}
}

// TestRealPoliciesWithoutState: with its cache taken out, each saved page
// still gives its hand-read windows, rule lines and pets policy, read
// from the section and marked as read from the markup.
func TestRealPoliciesWithoutState(t *testing.T) {
	for _, p := range realPolicyPages(t) {
		t.Run(p.key, func(t *testing.T) {
			page := bytes.ReplaceAll(p.page, []byte(`data-capla-store-data="apollo"`), []byte(`data-capla-store-data="gone"`))
			l := Parse(page, listingtest.Target(t, p.url))
			want := realPolicies[p.key]
			if got := asPageRules(l.HouseRules); !reflect.DeepEqual(got, want) {
				t.Errorf("got %v\nwant %v", got, want)
			}
			if src := l.Sources[listing.FieldHouseRules]; src != listing.SourceMarkup {
				t.Errorf("house rules from %q, want %q", src, listing.SourceMarkup)
			}
		})
	}
}
