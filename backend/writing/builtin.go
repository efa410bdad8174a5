package writing

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
)

// Builtin is the deterministic writer. It composes titles from templates
// filled only with the listing's facts, restructures the host's own
// description into sections without dropping a sentence, and lists the
// amenities the listing offers. The same request always gives the same
// copy.
type Builtin struct{}

// Write implements Writer. It never fails.
func (Builtin) Write(ctx context.Context, req Request) (Copy, error) {
	if err := ctx.Err(); err != nil {
		return Copy{}, err
	}
	f := FactsOf(req)
	c := Copy{
		Titles:      BuiltinTitles(req, f, req.Titles),
		Description: BuiltinDescription(req, f),
		AmenityCopy: BuiltinAmenityCopy(req, f),
		Writers:     map[string]string{PartTitles: NameBuiltin, PartDescription: NameBuiltin, PartAmenityCopy: NameBuiltin},
		Notes:       []string{},
	}
	return c, nil
}

// titleTemplates, best first. Placeholders: {Adj} a host adjective, {Size}
// "2BR", {Type}, {Place} area or city, {City}, {Area}, {D1}–{D3}
// differentiators, {P1} one that reads well before the type ("River
// View"), {Cap} guests. A template is used only when every
// placeholder it names has a value.
var titleTemplates = []string{
	"{Size} {Type} in {Place} with {D1}",
	"{Place} {Type} with {D1} & {D2}",
	"{Adj} {Type} in {Place}, {D1} & {D2}",
	"{P1} {Type} in {Place} | Sleeps {Cap}",
	"{Adj} {Size} {Type} in {Place} with {D1}",
	"{Type} in {Place} · {D1} · {D2}",
	"{Adj} {Place} {Type} with {D1}",
	"{Size} {Type} · {D1} · {Place}",
	"{D1} & {D2}: {Adj} {Type} in {Place}",
	"{Adj} {Type} in {City}'s {Area}",
	"{Size} {Type} in {Area}, {City}",
	"{Size} {Type} in {Place}, {City}",
	"{Place} {Size} {Type}, Sleeps {Cap}",
	"Sleeps {Cap}: {Size} {Type} in {Place}",
	"{Type} with {D1}, {D2} & {D3}",
	"{Adj} {Type} with {D1} near {Place}",
	"{Place} {Type} | {D1} | Sleeps {Cap}",
	"{Adj} {Size} {Type} in {Place}",
	"{Type} in {Place} with {D1}",
	"{Size} {Type} with {D1} & {D2}",
	"{Adj} {Type} with {D1} & {D2}",
	"{Place} {Type} for {Cap} Guests",
	"{Size} {Type} in {Place}",
	"{Adj} {Type} in {Place}",
	"{Type} for {Cap} with {D1}",
	"{Adj} {Size} {Type} for {Cap} Guests",
	"{Place} {Type} with {D1}",
	"{Type} with {D1} in {Place}",
	"{Size} {Type} for {Cap} Guests",
	"{Adj} {Type} with {D1}",
	"{Type} in {Place}",
}

// fallbackSuffixes extend the host's own title when the facts are too few
// for enough distinct templates: calls to action that claim nothing.
var fallbackSuffixes = []string{"Book Your Stay", "Plan Your Trip", "Your Home Base", "Stay Here", "Check Availability",
	"Pick Your Dates", "Welcome", "Come Stay", "Reserve Now", "See Photos", "Your Next Trip", "Make It Yours"}

type titleCand struct {
	text  string
	order int
	score int
}

// BuiltinTitles returns n distinct title suggestions of at most 50
// characters, each passing ValidateTitle, best first by the title
// analyzer's score.
func BuiltinTitles(req Request, f Facts, n int) []string {
	if n <= 0 {
		return []string{}
	}
	seen := map[string]bool{}
	var cands []titleCand
	v := newValidator(req)
	shapesSeen := map[string]bool{}
	add := func(t string, order int) {
		t = tidyTitle(t)
		key := strings.ToLower(t)
		if t == "" || seen[key] || v.title(t) != nil {
			return
		}
		seen[key] = true
		shapesSeen[titleShape(t, nil)] = true
		cands = append(cands, titleCand{text: t, order: order})
	}
	diffs := f.Differentiators
	rotations := [][3]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {1, 0, 2}, {3, 0, 1}, {0, 3, 1}}
	adjs := append([]string{""}, f.Adjectives...)
	if len(adjs) > 3 {
		adjs = adjs[:3]
	}
	places := []string{f.place()}
	if c := properCase(f.City); c != "" && c != places[0] {
		places = append(places, c)
	}
	order := 0
	for ti, tpl := range titleTemplates {
		for ri, rot := range rotations {
			if ri > 0 && !strings.Contains(tpl, "{D") {
				break
			}
			for ai, adj := range adjs {
				if ai > 0 && !strings.Contains(tpl, "{Adj}") {
					break
				}
				for pi, place := range places {
					if pi > 0 && !strings.Contains(tpl, "{Place}") {
						break
					}
					vals := map[string]string{
						"{P1}":  pick(f.Prefixable, rot[0]%max(1, len(f.Prefixable))),
						"{Adj}": titleWords(adj), "{Size}": f.size(), "{Type}": f.Type, "{Place}": place,
						"{City}": cityIfDistinct(f, place), "{Area}": properCase(f.Area),
						"{D1}": pick(diffs, rot[0]), "{D2}": pick(diffs, rot[1]), "{D3}": pick(diffs, rot[2]),
						"{Cap}": capStr(f.Capacity),
					}
					if t, ok := fill(tpl, vals); ok {
						add(t, ti*1000+order)
						order++
					}
				}
			}
		}
		// Enough when there are several distinct shapes per title asked
		// for (same words in another order count once).
		if len(shapesSeen) >= 4*n && len(cands) >= 60 {
			break
		}
	}
	// Calls to action on the host's own title: only used after every
	// distinct template shape (see below), to reach n.
	{
		base := cleanTitle(req.Listing.Title)
		if base != "" {
			add(base, fallbackOrder)
			bases := []string{base}
			if p := f.place(); p != "" {
				bases = append(bases, f.Type+" in "+p)
			}
			bases = append(bases, f.Type)
			for i, s := range fallbackSuffixes {
				for _, b := range bases {
					add(b+" | "+s, fallbackOrder+1+i)
				}
			}
		} else {
			for i, s := range fallbackSuffixes {
				add(f.Type+" | "+s, fallbackOrder+1+i)
			}
		}
	}
	scorer := analysis.NewTitleScorer(req.Listing, req.Features, analysis.Basic)
	for i := range cands {
		cands[i].score = scorer.Analyze(cands[i].text).Score
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if fi, fj := cands[i].order >= fallbackOrder, cands[j].order >= fallbackOrder; fi != fj {
			return fj // templates first, whatever the score
		}
		if cands[i].score != cands[j].score {
			return cands[i].score > cands[j].score
		}
		return cands[i].order < cands[j].order
	})
	// One title per shape: a suggestion with the same words as an earlier
	// pick in another order ("Studio in Athens with Acropolis View",
	// "Athens Studio with Acropolis View") is left out; one only an
	// adjective or a size apart from an earlier pick, or starting with the
	// same two words, waits until the others are used.
	var out, later []string
	starts, shapes, cores := map[string]bool{}, map[string]bool{}, map[string]bool{}
	skip := map[string]bool{strings.ToLower(f.size()): true}
	for _, a := range f.Adjectives {
		skip[a] = true
	}
	var fallbacks []string
	for _, c := range cands {
		shape := titleShape(c.text, nil)
		if shapes[shape] {
			continue // the same words in another order: never twice
		}
		shapes[shape] = true
		if c.order >= fallbackOrder {
			fallbacks = append(fallbacks, c.text)
			continue
		}
		st, core := strings.Join(firstWords(c.text, 2), " "), titleShape(c.text, skip)
		if starts[st] || cores[core] {
			later = append(later, c.text) // only an adjective or a size apart, or the same start
			continue
		}
		starts[st], cores[core] = true, true
		out = append(out, c.text)
	}
	out = append(append(out, later...), fallbacks...)
	if len(out) > n {
		out = out[:n]
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// TitleShape is a title's shape: its words without small words, sorted.
// No two suggestions share one.
func TitleShape(t string) string { return titleShape(t, nil) }

// fallbackOrder marks candidates that are the host's title with a call to
// action: they come after every template.
const fallbackOrder = 1 << 20

// shapeWords are left out of a title's shape: small words and separators
// carry no meaning of their own.
var shapeWords = map[string]bool{"in": true, "with": true, "for": true, "near": true, "the": true, "and": true, "a": true,
	"of": true, "at": true, "guests": true, "sleeps": true}

// titleShape is a title's words without small words (and without the
// words in skip), sorted: two titles with one shape say the same thing.
func titleShape(t string, skip map[string]bool) string {
	var ws []string
	for _, w := range analysis.Words(t) {
		if !skip[w] && !shapeWords[w] {
			ws = append(ws, w)
		}
	}
	sort.Strings(ws)
	return strings.Join(slices.Compact(ws), " ")
}

// cityIfDistinct is the city unless the place already is the city.
func cityIfDistinct(f Facts, place string) string {
	c := properCase(f.City)
	if strings.EqualFold(c, place) {
		return ""
	}
	return c
}

func pick(ds []string, i int) string {
	if i < len(ds) {
		return ds[i]
	}
	return ""
}

func capStr(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// fill replaces the placeholders; ok is false when one has no value or two
// differentiators repeat.
func fill(tpl string, vals map[string]string) (string, bool) {
	out := tpl
	for k, v := range vals {
		if !strings.Contains(out, k) {
			continue
		}
		if v == "" {
			return "", false
		}
		out = strings.ReplaceAll(out, k, v)
	}
	return out, true
}

func tidyTitle(t string) string { return strings.Join(strings.Fields(t), " ") }

func firstWords(s string, n int) []string {
	ws := strings.Fields(strings.ToLower(s))
	if len(ws) > n {
		ws = ws[:n]
	}
	return ws
}

var contactVerbs = map[string]bool{"call": true, "text": true, "email": true, "whatsapp": true, "dm": true, "phone": true, "tel": true}

// cleanTitle is the host's title without emoji, capitals shouting or
// contact details, cut at a word boundary to fit 50 characters.
func cleanTitle(t string) string {
	var b strings.Builder
	for _, r := range t {
		if !analysis.IsEmoji(r) {
			b.WriteRune(r)
		}
	}
	words := strings.Fields(b.String())
	caps := map[string]bool{}
	for _, c := range analysis.CapsWords(b.String()) {
		caps[c] = true
	}
	contact := len(analysis.ContactDetails(b.String())) > 0
	var out []string
	for _, w := range words {
		w = strings.ReplaceAll(w, "!", "")
		core := strings.Trim(w, ",.!?;:()|-·")
		if caps[core] {
			w = strings.Replace(w, core, titleWords(strings.ToLower(core)), 1)
		}
		if core == "" {
			continue
		}
		// A contact detail, or the "call"/"text" before one, ends the
		// usable title: what follows is about contacting the host.
		if contact && (contactVerbs[strings.ToLower(core)] || len(analysis.ContactDetails(w)) > 0 || strings.Trim(core, "0123456789-+().") == "") {
			break
		}
		out = append(out, w)
	}
	s := strings.Join(out, " ")
	for analysis.Length(s) > analysis.TitleLimit {
		i := strings.LastIndex(s, " ")
		if i <= 0 {
			return string([]rune(s)[:analysis.TitleLimit])
		}
		s = strings.TrimRight(s[:i], " ,.;:|-·&")
	}
	return strings.Trim(s, " ,.;:|-·&")
}

// Description sections, in order, with the words that place an unheaded
// sentence in them.
var descSections = []struct {
	Key, Heading string
	Headings     []string
	Words        []string
}{
	{"space", "The space", []string{"the space", "about the space", "about this space", "the property", "the home", "the apartment", "the house", "the loft", "the flat"}, nil},
	{"access", "Guest access", []string{"guest access", "access", "interaction with guests", "during your stay"},
		[]string{"access", "entrance", "whole", "entire", "yours", "shared", "all to yourself", "check in", "checkin", "keypad", "lockbox", "lock box", "smart lock", "key"}},
	{"neighbourhood", "The neighbourhood", []string{"the neighborhood", "the neighbourhood", "neighborhood", "neighbourhood", "neighborhood overview", "the area", "location"},
		[]string{"restaurants", "restaurant", "cafes", "cafe", "shops", "shopping", "neighborhood", "neighbourhood", "museum", "museums", "bars", "nearby", "walk to", "walking distance", "minutes from", "heart of", "district", "park"}},
	{"getting_around", "Getting around", []string{"getting around", "transportation", "transport", "how to get here", "parking"},
		[]string{"bus", "train", "subway", "metro", "tram", "station", "airport", "uber", "taxi", "parking", "drive", "highway", "park"}},
	{"rules", "House rules", []string{"house rules", "other things to note", "things to note", "rules", "other details to note", "good to know"},
		[]string{"no smoking", "smoking", "no parties", "parties", "party", "pets", "quiet hours", "rules", "check out", "checkout"}},
}

type descUnit struct {
	section string
	text    string
}

// BuiltinDescription restructures the host's description into sections:
// an opening line and highlights built from the listing's facts, then The
// space, Guest access, The neighbourhood, Getting around and House rules.
// Every sentence of the original is kept word for word; the only added
// sentences state facts read from the listing page (counts, amenities,
// house rules).
func BuiltinDescription(req Request, f Facts) string {
	l := req.Listing
	var units []descUnit
	current := ""
	firstPara := true // the opening paragraph stays the introduction
	for _, line := range strings.Split(l.Description, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			if len(units) > 0 {
				firstPara = false
			}
			continue
		}
		if sec, ok := headingSection(line); ok {
			current = sec
			firstPara = false
			continue
		}
		merge := false // sentences of one line stay on one line
		for _, s := range analysis.Sentences(line) {
			sec := current
			switch {
			case sec != "":
			case firstPara:
				sec = "intro"
			default:
				// A later paragraph goes under its subject's heading; one
				// about the rooms is The space; one about nothing of these
				// ("Kalimera! Coffee and honey are on us.") stays in the
				// introduction rather than under a heading it does not fit.
				if sec = classifySentence(s); sec == "intro" && aboutTheSpace(s) {
					sec = "space"
				}
			}
			if n := len(units); merge && units[n-1].section == sec {
				units[n-1].text += " " + s
			} else {
				units = append(units, descUnit{section: sec, text: s})
			}
			merge = true
		}
	}
	// What the page already states, so added facts do not repeat it.
	descLower := strings.ToLower(l.Description)
	lower := strings.ToLower(l.Description + "\n" + strings.Join(l.HouseRules.Rules, "\n"))

	var b strings.Builder
	if op := openingLine(f); op != "" {
		b.WriteString(op)
		b.WriteString("\n")
	}
	if hl := highlightsLine(req, f); hl != "" {
		b.WriteString(hl)
		b.WriteString("\n")
	}
	for _, u := range units {
		if u.section == "intro" {
			b.WriteString("\n")
			b.WriteString(u.text)
			b.WriteString("\n")
		}
	}
	for _, s := range descSections {
		var body []string
		for _, u := range units {
			if u.section == s.Key {
				body = append(body, u.text)
			}
		}
		body = append(body, addedFacts(s.Key, l, req.Features, lower, descLower)...)
		if len(body) == 0 {
			continue
		}
		b.WriteString("\n")
		b.WriteString(s.Heading)
		b.WriteString("\n")
		b.WriteString(strings.Join(body, "\n"))
		b.WriteString("\n")
	}
	return strings.TrimSpace(b.String())
}

// headingSection reports whether line is a section heading and which.
func headingSection(line string) (string, bool) {
	ws := analysis.Words(line)
	if len(ws) == 0 || len(ws) > 5 || strings.ContainsAny(strings.TrimRight(line, ":"), ".!?") {
		return "", false
	}
	joined := strings.Join(ws, " ")
	for _, s := range descSections {
		for _, h := range s.Headings {
			if joined == h {
				return s.Key, true
			}
		}
	}
	return "", false
}

// classifySentence places an unheaded sentence by its words, first match
// in this order: house rules, the neighbourhood, getting around, guest
// access; otherwise "intro" (the caller puts later paragraphs under The
// space).
func classifySentence(s string) string {
	ws := " " + strings.Join(analysis.Words(s), " ") + " "
	for _, key := range []string{"rules", "neighbourhood", "getting_around", "access"} {
		for _, sec := range descSections {
			if sec.Key != key {
				continue
			}
			for _, w := range sec.Words {
				if strings.Contains(ws, " "+strings.Join(analysis.Words(w), " ")+" ") {
					return key
				}
			}
		}
	}
	return "intro"
}

// spaceWords say a sentence is about the place itself.
var spaceWords = []string{"bedroom", "bedrooms", "bed", "beds", "bathroom", "bathrooms", "bath", "shower", "kitchen", "kitchenette",
	"living", "lounge", "sofa", "couch", "dining", "room", "rooms", "floor", "floors", "sleeps", "space", "apartment", "studio",
	"loft", "house", "home", "cabin", "terrace", "balcony", "garden", "patio", "deck", "pool", "view", "views", "window", "windows",
	"tv", "desk", "workspace", "wifi", "air", "heating", "washer", "dryer", "dishwasher", "oven", "fridge", "bedding", "towels",
	"square", "sq", "m2", "ceilings", "furnished", "renovated", "decor"}

// aboutTheSpace reports whether a sentence names part of the place.
func aboutTheSpace(s string) bool {
	ws := analysis.Words(s)
	for _, w := range ws {
		for _, sw := range spaceWords {
			if w == sw {
				return true
			}
		}
	}
	return false
}

// openingLine states the listing's basic facts: "Entire loft in Alfama,
// Lisbon for up to 4 guests: 2 bedrooms, 3 beds and 1.5 baths."
func openingLine(f Facts) string {
	var s string
	switch {
	case f.Entire && f.TypeNoun != "place":
		s = "Entire " + f.TypeNoun
	case f.TypeNoun != "place":
		s = strings.ToUpper(f.TypeNoun[:1]) + f.TypeNoun[1:]
	default:
		s = "A place to stay"
	}
	var where []string
	if f.Area != "" {
		where = append(where, properCase(f.Area))
	} else if f.HostPlace != "" {
		where = append(where, f.HostPlace)
	}
	if f.City != "" && f.City != f.Area {
		where = append(where, properCase(f.City))
	}
	if len(where) > 0 {
		s += " in " + strings.Join(where, ", ")
	}
	if f.Capacity > 0 {
		s += fmt.Sprintf(" for up to %d guests", f.Capacity)
	}
	var counts []string
	if f.Bedrooms != nil && *f.Bedrooms > 0 {
		counts = append(counts, pl(*f.Bedrooms, "bedroom", "bedrooms"))
	}
	if f.Beds > 0 {
		counts = append(counts, pl(f.Beds, "bed", "beds"))
	}
	if f.Baths > 0 {
		b := strconv.FormatFloat(f.Baths, 'f', -1, 64)
		if f.Baths == 1 {
			counts = append(counts, b+" bath")
		} else {
			counts = append(counts, b+" baths")
		}
	}
	if len(counts) > 0 {
		s += ": " + joinAnd(counts)
	}
	if s == "A place to stay" {
		return ""
	}
	return s + "."
}

// highlightsLine names the strongest features the listing's amenity list
// or highlights show.
func highlightsLine(req Request, f Facts) string {
	names := append([]string{}, f.Phrases...)
	for _, k := range []string{"wifi", "kitchen", "air_conditioning"} {
		if ev, ok := req.Features[k]; ok && !strings.HasPrefix(ev, "listing text") {
			d, _ := analysis.Amenity(k)
			names = append(names, strings.ToLower(d.Label))
		}
	}
	if len(names) == 0 {
		return ""
	}
	if len(names) > 6 {
		names = names[:6]
	}
	names[0] = strings.ToUpper(names[0][:1]) + names[0][1:]
	return "Highlights: " + joinAnd(names) + "."
}

// addedFacts are sentences stating facts from the listing page that the
// description leaves out, for one section.
// lowerDesc is what the page already states (description and rules),
// descOnly the description alone.
func addedFacts(section string, l *listing.Listing, features analysis.Features, lowerDesc, descOnly string) []string {
	var out []string
	fromList := func(k string) (string, bool) {
		ev, ok := features[k]
		if !ok || strings.HasPrefix(ev, "listing text") {
			return "", false
		}
		return strings.TrimPrefix(strings.TrimPrefix(ev, "amenity list: "), "listing highlight: "), true
	}
	switch section {
	case "access":
		if name, ok := fromList("self_check_in"); ok && !strings.Contains(lowerDesc, "check-in") && !strings.Contains(lowerDesc, "check in") {
			if strings.EqualFold(name, "self check-in") {
				out = append(out, "Self check-in.")
			} else {
				out = append(out, "Self check-in ("+lowerFirst(name)+").")
			}
		}
	case "getting_around":
		if name, ok := fromList("free_parking"); ok && !strings.Contains(lowerDesc, "parking") {
			out = append(out, name+".")
		}
	case "space":
		var listed []string
		if name, ok := fromList("wifi"); ok && !strings.Contains(lowerDesc, "wifi") && !strings.Contains(lowerDesc, "wi-fi") {
			listed = append(listed, lowerFirst(name))
		}
		if name, ok := fromList("workspace"); ok && !strings.Contains(lowerDesc, "workspace") && !strings.Contains(lowerDesc, "desk") {
			listed = append(listed, lowerFirst(name))
		}
		if len(listed) > 0 {
			out = append(out, "Listed amenities include "+joinAnd(listed)+".")
		}
	case "rules":
		hr := l.HouseRules
		if hr.CheckIn != "" && !strings.Contains(lowerDesc, strings.ToLower(hr.CheckIn)) {
			s := "Check-in: " + hr.CheckIn
			if hr.CheckOut != "" {
				s += "; check-out: " + hr.CheckOut
			}
			out = append(out, s+".")
		} else if hr.CheckOut != "" && !strings.Contains(lowerDesc, strings.ToLower(hr.CheckOut)) {
			out = append(out, "Check-out: "+hr.CheckOut+".")
		}
		if hr.PetsAllowed != nil && !strings.Contains(lowerDesc, "pet") {
			out = append(out, map[bool]string{true: "Pets allowed.", false: "No pets."}[*hr.PetsAllowed])
		}
		if hr.SmokingAllowed != nil && !*hr.SmokingAllowed && !strings.Contains(lowerDesc, "smok") {
			out = append(out, "No smoking.")
		}
		if hr.PartiesAllowed != nil && !*hr.PartiesAllowed && !strings.Contains(lowerDesc, "parties") && !strings.Contains(lowerDesc, "party") {
			out = append(out, "No parties or events.")
		}
		for _, r := range hr.Rules {
			r = strings.TrimSpace(r)
			if r != "" && !strings.Contains(descOnly, strings.ToLower(strings.TrimRight(r, "."))) {
				if !strings.HasSuffix(r, ".") && !strings.HasSuffix(r, "!") && !strings.HasSuffix(r, "?") {
					r += "."
				}
				out = append(out, r)
			}
		}
	}
	return out
}

// BuiltinAmenityCopy lists what the listing offers, strongest first.
func BuiltinAmenityCopy(req Request, f Facts) string {
	if len(f.Amenities) == 0 {
		if len(f.Differentiators) == 0 {
			return ""
		}
		return "Highlights: " + joinAnd(f.Differentiators) + "."
	}
	type am struct {
		name string
		rank int
		i    int
	}
	var list []am
	seen := map[string]bool{}
	for i, n := range f.Amenities {
		key := strings.ToLower(n)
		if seen[key] {
			continue
		}
		seen[key] = true
		rank := 0
		if k := analysis.CanonicalAmenity(n); k != "" {
			d, _ := analysis.Amenity(k)
			rank = d.Impact
			if d.TitleWord != "" {
				rank += 5
			}
		}
		list = append(list, am{n, rank, i})
	}
	sort.SliceStable(list, func(i, j int) bool {
		if list[i].rank != list[j].rank {
			return list[i].rank > list[j].rank
		}
		return list[i].i < list[j].i
	})
	var names []string
	for i, a := range list {
		if i == 12 {
			break
		}
		n := a.name
		if i > 0 {
			n = lowerFirst(n)
		}
		names = append(names, n)
	}
	s := "What this place offers: " + joinAnd(names) + "."
	if len(list) > 12 {
		s += fmt.Sprintf(" Plus %d more in the full amenity list.", len(list)-12)
	}
	return s
}

func pl(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// lowerFirst lower-cases the first letter unless the word looks like a
// name or abbreviation ("TV", "EV charger", "Wifi" stays as is only at the
// start).
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	ws := strings.Fields(s)
	if len(ws[0]) > 1 && strings.ToUpper(ws[0]) == ws[0] {
		return s // an abbreviation: "TV", "EV charger", "BBQ grill"
	}
	return strings.ToLower(s[:1]) + s[1:]
}
