package booking

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// The "House rules" section (data-testid="HouseRules-wrapper",
// id="hp_policies_box") is built the same way on every property page, in
// every language:
//
//	<section> <h2>House rules</h2> <div>…takes special requests</div>
//	  <div data-testid="property-section--content"><div>
//	    <div>(row) <div>(label) <svg/> <div>Check-in</div></div>
//	               <div>(content) <div>From 15:00</div> <div>Guests are required…</div></div></div>
//	    <hr>
//	    <div>(row) …</div>
//	    <hr> …
//
// The rows are the children of the element that holds the <hr>
// separators; a row's first child is its label, the rest its content; the
// content's lines are its blocks (div, p, h3, li), however many inline
// elements or newlines a line is written over. The check-in and
// check-out rows start with their window ("From 15:00", "De 06:00 à
// 11:00", "Dalle 14:30 alle 23:30") and go on with the property's notes
// (photo ID and card at check-in, telling the property the arrival
// time). Class names are hashed per deploy and are not used.

const tidHouseRules = "HouseRules-wrapper"

// policyRow is one row of the section: its label and its lines, each
// whitespace-normalized as the page writes it.
type policyRow struct {
	label string
	lines []string
}

// policyRows returns the rows of a house-rules section, in page order;
// nil when the section has no row structure (<hr>-separated rows).
func policyRows(section []byte) []policyRow {
	nodes, err := html.ParseFragment(bytes.NewReader(section), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		return nil
	}
	var box *html.Node
	for _, n := range nodes {
		if box = rowContainer(n); box != nil {
			break
		}
	}
	if box == nil {
		return nil
	}
	var rows []policyRow
	for c := box.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c.DataAtom == atom.Hr {
			continue
		}
		var parts []*html.Node
		for p := c.FirstChild; p != nil; p = p.NextSibling {
			if p.Type == html.ElementNode {
				parts = append(parts, p)
			}
		}
		if len(parts) < 2 {
			continue
		}
		row := policyRow{label: collapse(textOf(parts[0]))}
		asksDates := false
		for _, p := range parts[1:] {
			row.lines = append(row.lines, blockLines(p)...)
			asksDates = asksDates || linksToDates(p)
		}
		if asksDates {
			// "Cancellation and prepayment policies vary… Please enter
			// the dates of your stay": the row sends the guest to the
			// dates form (<a href="#availability_target">) and states
			// no rule until dates are chosen.
			continue
		}
		if row.label != "" && len(row.lines) > 0 {
			rows = append(rows, row)
		}
	}
	return rows
}

// rowContainer is the first element under n (n included) with an <hr>
// child: the list of rows (every row is followed by one). The heading and
// the "special requests" line before it hold none.
func rowContainer(n *html.Node) *html.Node {
	if n.Type != html.ElementNode {
		return nil
	}
	hrs := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Hr {
			hrs++
		}
	}
	if hrs >= 1 {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if b := rowContainer(c); b != nil {
			return b
		}
	}
	return nil
}

// linksToDates reports whether n holds a link to the page's dates form.
func linksToDates(n *html.Node) bool {
	if n.Type == html.ElementNode && n.DataAtom == atom.A {
		for _, a := range n.Attr {
			if a.Key == "href" && strings.HasPrefix(a.Val, "#availability") {
				return true
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if linksToDates(c) {
			return true
		}
	}
	return false
}

// textOf is the text under n without its icons' or scripts' contents.
func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
			return
		case n.Type == html.ElementNode && (n.DataAtom == atom.Svg || n.Data == "svg" || n.DataAtom == atom.Script || n.DataAtom == atom.Style):
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// isBlock reports elements that start a new line of text.
func isBlock(a atom.Atom) bool {
	switch a {
	case atom.Div, atom.P, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Ul, atom.Ol, atom.Li,
		atom.Section, atom.Table, atom.Tr, atom.Td, atom.Dl, atom.Dt, atom.Dd, atom.Br, atom.Picture:
		return true
	}
	return false
}

// blockLines is the text under n line by line: a block element ends the
// line before it and the one it holds; inline elements (span, a, b) and
// newlines inside a line do not.
func blockLines(n *html.Node) []string {
	var lines []string
	var cur strings.Builder
	flush := func() {
		if s := collapse(cur.String()); s != "" {
			lines = append(lines, s)
		}
		cur.Reset()
	}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			cur.WriteString(n.Data)
			return
		case n.Type != html.ElementNode:
			return
		case n.DataAtom == atom.Svg || n.Data == "svg" || n.DataAtom == atom.Script || n.DataAtom == atom.Style:
			return
		}
		block := isBlock(n.DataAtom)
		if block {
			flush()
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if block {
			flush()
		}
	}
	walk(n)
	flush()
	return lines
}

// rowKind is what a row states.
type rowKind int

const (
	rowOther    rowKind = iota // children and beds (prices, cots), payment, deposit: no rule line
	rowCheckIn                 // the check-in window, then notes
	rowCheckOut                // the check-out window, then notes
	rowRule                    // a rule line each: cancellation (when stated), age, groups, quiet hours, curfew
	rowSmoking                 // a rule line each, and smoking yes/no where a line says so
	rowParties                 // a rule line each, and parties yes/no where a line says so
	rowPets                    // the pets policy: a typed field (PropertyPolicies.pets), not a rule line
)

// labelWords are the words of a row's label, folded, in the languages the
// site's pages come in (en, es, fr, it, nl, pt, de), by the kind of row
// they name. They are the fallback when the page's own state does not
// tell the rows apart (rowKinds): the check-in and check-out rows are
// known by their times first, rule rows by their phrases first.
var labelWords = map[string]rowKind{
	// check-in ("Check-in", "Entrada", "Arrivée", "Arrivo", "Inchecken", "Anreise", "Llegada")
	"checkin": rowCheckIn, "entrada": rowCheckIn, "arrivee": rowCheckIn, "arrivo": rowCheckIn,
	"inchecken": rowCheckIn, "anreise": rowCheckIn, "llegada": rowCheckIn, "chegada": rowCheckIn,
	// check-out
	"checkout": rowCheckOut, "salida": rowCheckOut, "depart": rowCheckOut, "partenza": rowCheckOut,
	"uitchecken": rowCheckOut, "abreise": rowCheckOut, "saida": rowCheckOut,
	// age restriction ("Age restriction", "Restricción por edad", "Aucune restriction d'âge",
	// "Nessuna età minima", "Leeftijdsrestrictie", "Sem restrições de idade", "Altersbeschränkung")
	"age": rowRule, "edad": rowRule, "eta": rowRule, "idade": rowRule, "leeftijdsrestrictie": rowRule,
	"leeftijd": rowRule, "altersbeschrankung": rowRule, "altersbeschraenkung": rowRule,
	// groups
	"groups": rowRule, "grupos": rowRule, "groupes": rowRule, "gruppi": rowRule, "groepen": rowRule, "gruppen": rowRule,
	// smoking
	"smoking": rowSmoking, "fumar": rowSmoking, "fumeurs": rowSmoking, "fumer": rowSmoking, "fumo": rowSmoking, "fumatori": rowSmoking,
	"roken": rowSmoking, "rauchen": rowSmoking,
	// parties
	"parties": rowParties, "fiestas": rowParties, "fetes": rowParties, "feste": rowParties, "feesten": rowParties, "festas": rowParties, "partys": rowParties,
	// cancellation and prepayment: a rule line when the row states the
	// policy; the row that asks for dates instead is left out (policyRows)
	"cancellation": rowRule, "cancelacion": rowRule, "annulation": rowRule, "cancellazione": rowRule,
	"annuleren": rowRule, "cancelamento": rowRule, "stornierung": rowRule,
	// quiet hours, curfew
	"quiet": rowRule, "silencio": rowRule, "silence": rowRule, "silenzio": rowRule, "stilte": rowRule, "ruhezeiten": rowRule,
	"curfew": rowRule, "couvre": rowRule, "coprifuoco": rowRule, "avondklok": rowRule, "sperrstunde": rowRule,
	// pets
	"pets": rowPets, "mascotas": rowPets, "animaux": rowPets, "animali": rowPets, "huisdieren": rowPets,
	"animais": rowPets, "haustiere": rowPets,
}

// labelKind is the kind a label names, by its words; rowOther when none
// or more than one kind is named.
func labelKind(label string) rowKind {
	words := strings.FieldsFunc(prose.Fold(label), func(r rune) bool { return !unicode.IsLetter(r) })
	kind := rowOther
	for i, w := range words {
		k, ok := labelWords[w]
		if !ok && i+1 < len(words) && (w == "check") {
			// "Check-in", "Check-out": one word over a hyphen.
			k, ok = labelWords[w+words[i+1]]
		}
		if !ok {
			continue
		}
		if kind != rowOther && kind != k {
			return rowOther
		}
		kind = k
	}
	return kind
}

// reClock is a time of day as the site writes it: "15:00", "4:00 PM",
// "4 PM", "15.00", "15h00".
var reClock = regexp.MustCompile(`(?i)\b(\d{1,2})(?:[:.h](\d{2}))?\s?([ap])\.?\s?m\b\.?|\b(\d{1,2})[:.h](\d{2})\b`)

// clockTimes are the times of day in s in order, as the page writes
// them, and as minutes after midnight.
func clockTimes(s string) ([]string, []int) {
	var texts []string
	var mins []int
	for _, m := range reClock.FindAllStringSubmatch(s, -1) {
		var h, mm int
		if m[1] != "" {
			h, _ = strconv.Atoi(m[1])
			mm, _ = strconv.Atoi(m[2])
			if h > 12 || mm > 59 {
				continue
			}
			h %= 12
			if m[3] == "p" || m[3] == "P" {
				h += 12
			}
		} else {
			h, _ = strconv.Atoi(m[4])
			mm, _ = strconv.Atoi(m[5])
			if h > 24 || mm > 59 {
				continue
			}
		}
		texts = append(texts, strings.TrimSpace(m[0]))
		mins = append(mins, h*60+mm)
	}
	return texts, mins
}

// ruleKey is a line compared with another: folded, its punctuation and
// spacing as single spaces.
func ruleKey(s string) string {
	return strings.Join(strings.FieldsFunc(prose.Fold(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}

// pageState is what the page's embedded state says of its house rules, to
// tell the rows apart whatever language their labels are in: the
// check-in and check-out windows (minutes) and the rule phrases (ruleKey).
type pageState struct {
	checkIn, checkOut []int
	phrases           map[string]bool
}

// pageRules is what the section states.
type pageRules struct {
	checkIn, checkOut string   // the window as the page writes it, "15:00–00:00"; "" when not read
	rules             []string // rule lines in page order
	// pets, smoking, parties: allowed or not where the row's text says
	// so in as many words (allowedIn); nil when it does not.
	pets, smoking, parties *bool
}

// rowKinds tells each row's kind: a row whose window is the state's
// check-in (or check-out) window, and no other, is that row; a row that
// holds one of the state's rule phrases is a rule row; else its label
// says (labelKind). A row told apart by neither is not read.
func rowKinds(rows []policyRow, st pageState) []rowKind {
	kinds := make([]rowKind, len(rows))
	for i, r := range rows {
		kinds[i] = labelKind(r.label)
		_, mins := clockTimes(r.lines[0])
		in := len(mins) > 0 && equalInts(mins, st.checkIn)
		out := len(mins) > 0 && equalInts(mins, st.checkOut)
		switch {
		case in && !out:
			kinds[i] = rowCheckIn
			continue
		case out && !in:
			kinds[i] = rowCheckOut
			continue
		}
		if k := kinds[i]; k == rowRule || k == rowSmoking || k == rowParties {
			continue // the label says which rule it is
		}
		for _, line := range r.lines {
			if st.phrases[ruleKey(line)] {
				kinds[i] = rowRule
				break
			}
		}
	}
	// One check-in and one check-out row: two rows named alike are
	// told apart by neither, and neither is read.
	for _, k := range []rowKind{rowCheckIn, rowCheckOut} {
		n := 0
		for _, kk := range kinds {
			if kk == k {
				n++
			}
		}
		if n > 1 {
			for i := range kinds {
				if kinds[i] == k {
					kinds[i] = rowOther
				}
			}
		}
	}
	return kinds
}

// readPolicies reads the rows: each window with both its ends, and every
// rule line — the notes under the check-in and check-out windows and each
// line of a rule row. Pets are a typed field and their row is no rule
// line (its yes or no is read where its words say so, as are the smoking
// and parties rows'); rows that state no rule (cancellation asking for
// dates, children's prices and cots, payment cards, a deposit) are not
// read.
func readPolicies(rows []policyRow, st pageState) pageRules {
	var out pageRules
	seen := map[string]bool{}
	add := func(line string) {
		if k := ruleKey(line); k != "" && !seen[k] {
			seen[k] = true
			out.rules = append(out.rules, line)
		}
	}
	for i, kind := range rowKinds(rows, st) {
		r := rows[i]
		switch kind {
		case rowCheckIn, rowCheckOut:
			// The first line is the window; one with no time ("Available
			// 24 hours") leaves the state's window to say it.
			if texts, _ := clockTimes(r.lines[0]); len(texts) > 0 {
				w := strings.Join(texts, "–")
				if kind == rowCheckIn {
					out.checkIn = w
				} else {
					out.checkOut = w
				}
			}
			for _, line := range r.lines[1:] {
				add(line)
			}
		case rowRule, rowSmoking, rowParties:
			for _, line := range r.lines {
				add(line)
			}
			switch kind {
			case rowSmoking:
				out.smoking = allowedIn(r.lines)
			case rowParties:
				out.parties = allowedIn(r.lines)
			}
		case rowPets:
			out.pets = allowedIn(r.lines)
		}
	}
	return out
}

// reNotAllowed and reAllowed are the words that say, folded, that a
// thing is not allowed or is, in the site's languages: "Pets are not
// allowed.", "No se admiten.", "…ne sont pas admis…", "Animali non
// ammessi", "…zijn niet toegestaan", "Animais de estimação: não
// admitidos.", "…nicht gestattet"; "Pets are allowed on request.",
// "Animali ammessi su richiesta.", "Huisdieren zijn toegestaan."
var (
	reNotAllowed = regexp.MustCompile(`\b(?:(?:is|are) not (?:allowed|permitted|accepted)|no se (?:admiten|permiten?|aceptan)|(?:esta|estan) prohibid[oa]s?|ne sont pas (?:admis|autorises|acceptes)|n'est pas (?:admis|autorise|accepte)|(?:est|sont) interdits?|non (?:sono |e )?(?:ammess[io]|consentit[oi]|permess[io])|(?:e|sono) vietat[oi]|niet toegestaan|nicht (?:gestattet|erlaubt)|nao (?:sao |e )?(?:admitid[oa]s?|permitid[oa]s?|aceites?))\b`)
	reAllowed    = regexp.MustCompile(`\b(?:allowed|permitted|se admiten|se permiten?|sont (?:admis|autorises|acceptes)|est (?:admis|autorise|accepte)|ammess[io]|consentit[oi]|toegestaan|gestattet|erlaubt|admitid[oa]s|permitid[oa]s)\b`)
)

// allowedIn is whether lines say in as many words that the thing is
// allowed (true) or not (false); nil when they say neither, or both ("Pets
// are allowed. Dogs are not allowed in the restaurant.").
func allowedIn(lines []string) *bool {
	text := prose.Fold(strings.Join(lines, " "))
	no := reNotAllowed.MatchString(text)
	yes := reAllowed.MatchString(reNotAllowed.ReplaceAllString(text, " "))
	switch {
	case no && !yes:
		return ptr(false)
	case yes && !no:
		return ptr(true)
	}
	return nil
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// applyPolicies reads the house-rules section over what the embedded
// state gave: the windows and rule lines as the page writes them, in its
// order; a state phrase the section does not show (a row the saved DOM
// lacks) is kept after them.
func applyPolicies(l *listing.Listing, sections [][]byte) {
	if len(sections) == 0 {
		return
	}
	rows := policyRows(sections[0])
	if len(rows) == 0 {
		return
	}
	st := pageState{phrases: map[string]bool{}}
	_, st.checkIn = clockTimes(l.HouseRules.CheckIn)
	_, st.checkOut = clockTimes(l.HouseRules.CheckOut)
	for _, p := range l.HouseRules.Rules {
		st.phrases[ruleKey(p)] = true
	}
	got := readPolicies(rows, st)
	r := l.HouseRules
	// The state's pets, smoking and parties are typed and win; the row's
	// words count where the state has none.
	if r.PetsAllowed == nil {
		r.PetsAllowed = got.pets
	}
	if r.SmokingAllowed == nil {
		r.SmokingAllowed = got.smoking
	}
	if r.PartiesAllowed == nil {
		r.PartiesAllowed = got.parties
	}
	if got.checkIn != "" {
		r.CheckIn = got.checkIn
	}
	if got.checkOut != "" {
		r.CheckOut = got.checkOut
	}
	if len(got.rules) > 0 {
		rules := got.rules
		shown := map[string]bool{}
		for _, line := range rules {
			shown[ruleKey(line)] = true
		}
		for _, p := range r.Rules {
			if !shown[ruleKey(p)] {
				rules = append(rules, p)
			}
		}
		r.Rules = rules
	}
	if r.IsZero() {
		return
	}
	l.HouseRules = r
	if !l.Has(listing.FieldHouseRules) {
		l.Set(listing.FieldHouseRules, listing.SourceMarkup)
	}
}
