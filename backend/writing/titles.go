package writing

// The built-in writer's title suggestions.

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/textcase"
)

// titleTemplates, best first. Placeholders: {Adj} a host adjective, {Size}
// "2BR", {Type}, {Place} area or city, {City}, {Area}, {D1}–{D3}
// differentiators, {P1} one that reads well before the type ("River
// View"), {Cap} guests. A template is used only when every
// placeholder it names has a value.
var titleTemplates = []string{
	// Long shapes first: where the site allows more than 50 characters
	// (Vrbo's 80) they carry more selling points; elsewhere the length
	// check drops them.
	"{Adj} {Size} {Type} in {Place} with {D1}, {D2} & {D3}",
	"{Size} {Type} in {Place} with {D1} & {D2} · Sleeps {Cap}",
	"{Size} {Type} in {Place}, {City} · {D1} & {D2}",
	"{Place} {Size} {Type} with {D1} & {D2} · Sleeps {Cap}",
	"{Size} {Type} with {D1}, {D2} & {D3} in {Place}",
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

type titleCand struct {
	text  string
	order int
	score int
	sell  int
}

// BuiltinTitles returns up to n distinct title suggestions within the
// site's title length (TitleLimit), each passing ValidateTitle, best
// first by the title analyzer's score and then by the selling points they
// keep. Fewer than n when the facts give no more distinct true titles:
// never padded with calls to action.
func BuiltinTitles(req Request, f Facts, n int) []string {
	return builtinTitles(req, f, n, newValidator(req))
}

// builtinTitles is BuiltinTitles with the request's checker, built once
// per Write: building one reads the whole listing.
func builtinTitles(req Request, f Facts, n int, v *validator) []string {
	if n <= 0 {
		return []string{}
	}
	// Each title that passes the checker is scored beside the checks of
	// the next ones, on another goroutine: the scorer and the facts are
	// only read, and the scores come back in the order the titles were
	// sent.
	scorer := analysis.NewTitleScorer(req.Listing, req.Features, false) // only the score is read: no limit note
	toScore := make(chan string, 64)
	scores := make(chan []titleCand, 1)
	go func() {
		var out []titleCand
		for t := range toScore {
			out = append(out, titleCand{score: scorer.Analyze(t).Score, sell: sellingPoints(t, f)})
		}
		scores <- out
	}()
	seen := map[string]bool{}
	var cands []titleCand
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
		toScore <- t
	}
	diffs := f.Differentiators
	rotations := [][3]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {1, 0, 2}, {3, 0, 1}, {0, 3, 1}}
	adjs := []string{""}
	for _, a := range f.Adjectives {
		// never "Private Home with Private Pool"
		if !slices.ContainsFunc(diffs, func(d string) bool { return strings.Contains(strings.ToLower(d), a) }) {
			adjs = append(adjs, a)
		}
	}
	if len(adjs) > 3 {
		adjs = adjs[:3]
	}
	places := []string{f.place()}
	if c := properCase(f.City); c != "" && c != places[0] {
		places = append(places, c)
	}
	// What every candidate shares, worked out once; the values a
	// candidate changes (rotation, adjective, place) are set in the loop.
	size, typ, area, capacity := f.size(), f.Type, properCase(f.Area), capStr(f.Capacity)
	vals := []slot{{"{P1}", ""}, {"{Adj}", ""}, {"{Size}", size}, {"{Type}", typ}, {"{Place}", ""}, {"{City}", ""},
		{"{Area}", area}, {"{D1}", ""}, {"{D2}", ""}, {"{D3}", ""}, {"{Cap}", capacity}}
	adjWords := make([]string, len(adjs))
	for i, a := range adjs {
		adjWords[i] = titleWords(a)
	}
	cities := make([]string, len(places))
	for i, p := range places {
		cities[i] = cityIfDistinct(f, p)
	}
	order := 0
	for ti, tpl := range titleTemplates {
		for ri, rot := range rotations {
			if ri > 0 && !strings.Contains(tpl, "{D") {
				break
			}
			for ai := range adjs {
				if ai > 0 && !strings.Contains(tpl, "{Adj}") {
					break
				}
				for pi, place := range places {
					if pi > 0 && !strings.Contains(tpl, "{Place}") {
						break
					}
					vals[0].val = pick(f.Prefixable, rot[0]%max(1, len(f.Prefixable)))
					vals[1].val, vals[4].val, vals[5].val = adjWords[ai], place, cities[pi]
					vals[7].val, vals[8].val, vals[9].val = pick(diffs, rot[0]), pick(diffs, rot[1]), pick(diffs, rot[2])
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
	// A property whose title is its name (Booking.com): the name, alone
	// and with the facts, and never padded with calls to action.
	if f.Name != "" {
		add(f.Name, 0)
		// Each a fact of the listing: SPEC's Premium promise of 10+ is met
		// from its features, never from filler.
		for i, tpl := range []string{"{Name} · {Type} in {City}", "{Name} · {Type} with {D1}", "{Name} · {D1} & {D2}",
			"{Name}, {City} · {D1}", "{Name} · {D1} · {D2} · {D3}", "{Name} · {Type} in {City} with {D1}", "{Name}, {City} · {D2}",
			"{Name} · {Type} with {D2}", "{Name} · {Type} with {D3}", "{Name} · {D1} & {D3}", "{Name} · {D2} & {D3}",
			"{Name}, {City} · {D3}", "{Name} · {Type} in {City} with {D2}"} {
			if t, ok := fill(tpl, []slot{{"{Name}", f.Name}, {"{Type}", f.Type}, {"{City}", properCase(f.City)},
				{"{D1}", pick(diffs, 0)}, {"{D2}", pick(diffs, 1)}, {"{D3}", pick(diffs, 2)}}); ok {
				add(t, i+1)
			}
		}
	}
	close(toScore)
	for i, sc := range <-scores {
		cands[i].score, cands[i].sell = sc.score, sc.sell
	}
	// Best by the title analysis, then by the selling points kept (a
	// view, the neighbourhood the host names, the best feature), then in
	// template order.
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].score != cands[j].score {
			return cands[i].score > cands[j].score
		}
		if cands[i].sell != cands[j].sell {
			return cands[i].sell > cands[j].sell
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
	for _, c := range cands {
		shape := titleShape(c.text, nil)
		if shapes[shape] {
			continue // the same words in another order: never twice
		}
		shapes[shape] = true
		st, core := strings.Join(firstWords(c.text, 2), " "), titleShape(c.text, skip)
		if starts[st] || cores[core] {
			later = append(later, c.text) // only an adjective or a size apart, or the same start
			continue
		}
		starts[st], cores[core] = true, true
		out = append(out, c.text)
	}
	out = append(out, later...)
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

// shapeWords are left out of a title's shape: small words and separators
// carry no meaning of their own.
var shapeWords = map[string]bool{"in": true, "with": true, "for": true, "near": true, "the": true, "and": true, "a": true,
	"of": true, "at": true, "guests": true, "sleeps": true}

// titleShape is a title's words without small words (and without the
// words in skip), sorted: two titles with one shape say the same thing.
func titleShape(t string, skip map[string]bool) string {
	var ws []string
	for _, w := range prose.Words(t) {
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

// slot is a placeholder of a title template and its value.
type slot struct{ key, val string }

// fill replaces the placeholders; ok is false when one has no value. A
// template is checked for every empty placeholder before any is
// replaced, so a candidate left out costs no copy.
func fill(tpl string, vals []slot) (string, bool) {
	for _, v := range vals {
		if v.val == "" && strings.Contains(tpl, v.key) {
			return "", false
		}
	}
	out := tpl
	for _, v := range vals {
		if strings.Contains(out, v.key) {
			out = strings.ReplaceAll(out, v.key, v.val)
		}
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
		if !prose.IsEmoji(r) {
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
		if caps[core] && !textcase.Acronym(core) {
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
	for prose.Length(s) > analysis.TitleLimit {
		i := strings.LastIndex(s, " ")
		if i <= 0 {
			return string([]rune(s)[:analysis.TitleLimit])
		}
		s = strings.TrimRight(s[:i], " ,.;:|-·&")
	}
	return strings.Trim(s, " ,.;:|-·&")
}

// sellingPoints weighs a title by what guests filter and choose on: the
// neighbourhood or landmark the host names (5) or the city (3), how
// many it sleeps (1: the site's search asks it), its size (1), its
// standout feature (a view, water, a pool or hot tub, outdoor space,
// free parking: 4; a workspace, self check-in, a private entrance: 2)
// and half as much for each further one. A
// commodity every listing has or guests take for granted (laundry,
// wifi, a kitchen, air conditioning) weighs nothing: it never outranks
// the place, the guests or a standout feature.
func sellingPoints(t string, f Facts) int {
	n := 0
	if f.Name != "" && strings.HasPrefix(t, f.Name) {
		n += 10 // a property known by its name keeps it first
	}
	return n + titleWeight(t, f, append(slices.Clone(f.Differentiators), f.Phrases...))
}

// titleWeight is sellingPoints' weight of a title naming some of feats
// (the listing's features in the title's language), in any language.
func titleWeight(t string, f Facts, feats []string) int {
	ws := " " + strings.Join(prose.Words(t), " ") + " "
	has := func(s string) bool {
		w := strings.Join(prose.Words(s), " ")
		return w != "" && strings.Contains(ws, " "+w+" ")
	}
	n := 0
	switch {
	case f.HostPlace != "" && has(f.HostPlace), f.Area != "" && has(f.Area):
		n += 5
	case f.City != "" && has(f.City):
		n += 3
	}
	if c := capStr(f.Capacity); c != "" && strings.Contains(ws, " "+c+" ") {
		n++ // the site's search asks the guests' number already
	}
	if sz := f.size(); sz != "" && has(sz) {
		n++
	}
	best, others := 0, 0
	seen := map[string]bool{}
	for _, d := range feats {
		k := analysis.CanonicalAmenity(d)
		if k == "" {
			k = strings.ToLower(d)
		}
		if seen[k] || !has(d) {
			continue
		}
		seen[k] = true
		w := featureWeight(k)
		if w > best {
			best, w = w, best
		}
		others += w / 2
	}
	// The listing's own strongest feature (the facts rank them), unless a
	// commodity, and a view, which no other listing has alike, weigh one
	// more.
	for _, top := range []string{pick(f.Differentiators, 0), pick(f.Phrases, 0)} {
		if top != "" && has(top) && featureWeight(analysis.CanonicalAmenity(top)) > 0 {
			n++
			break
		}
	}
	if seen["view"] {
		n++
	}
	return n + best + others
}

// featureWeight is how much a feature sells a title (sellingPoints).
func featureWeight(key string) int {
	switch key {
	case "hot_tub", "pool", "view", "waterfront", "beach_access", "lake_access", "outdoor_space", "free_parking", "fireplace",
		"sauna", "pets", "king_bed", "bbq", "ev_charger", "gym":
		return 4
	case "workspace", "self_check_in", "private_entrance":
		return 2
	case "washer", "dryer", "wifi", "kitchen", "air_conditioning", "heating", "tv", "essentials":
		return 0
	}
	return 1
}
