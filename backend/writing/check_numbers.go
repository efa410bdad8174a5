package writing

import (
	"fmt"
	"golang.org/x/text/width"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// numberFacts are what the number checks read of the listing: each
// number it states with what it measures ("guests=4", "min=10",
// "time=900", "price:€=25"), from its fields and from the host's own
// words read the way copy is read, and the listing's own counts.
type numberFacts struct {
	langs     []string
	amenities int                  // amenities the listing lists as offered
	host      map[string]bool      // the host's sentences (hostSentences)
	known     map[string]bool      // unit=value the listing states
	counts    map[string][]float64 // the listing's own counts, by unit
	rating    listing.Ratings
}

// Units a number may carry. Counts are compared with the listing's own
// counts; the others must be stated by the listing with the same unit.
const (
	unitGuests   = "guests"
	unitBedrooms = "bedrooms"
	unitBeds     = "beds"
	unitBaths    = "baths"
	unitReviews  = "reviews"
	unitNights   = "nights"
	unitMinutes  = "min"
	unitHours    = "h"
	unitTime     = "time" // minutes after midnight
	unitMetres   = "m"
	unitKm       = "km"
	unitMiles    = "mi"
	unitFeet     = "ft"
	unitM2       = "m2"
	unitSqft     = "sqft"
	unitPercent  = "%"
	unitFloor    = "floor"
	unitStars    = "stars"
	unitRating   = "rating" // value out of quantity.den
	unitPrice    = "price:"
	// unitMore counts the listing's amenities: "Plus 40 more in the full
	// amenity list".
	unitMore = "more"
)

// countUnits are the counts the listing's own fields state.
var countUnits = map[string]string{unitGuests: "guests", unitBedrooms: "bedrooms", unitBeds: "beds", unitBaths: "baths", unitReviews: "reviews"}

func newNumberFacts(req Request, host map[string]bool, langs Languages) numberFacts {
	f := numberFacts{known: map[string]bool{}, counts: map[string][]float64{}}
	l := req.Listing
	f.langs = []string{"en", langs.Listing.Code()}
	if l == nil {
		return f
	}
	f.rating = l.Ratings
	f.host = host
	for _, a := range l.Amenities {
		if a.Available {
			f.amenities++
		}
	}
	count := func(unit string, v float64) {
		if v > 0 {
			f.counts[unit] = append(f.counts[unit], v)
			f.known[qkey(unit, v)] = true
		}
	}
	count(unitGuests, float64(l.Capacity))
	count(unitGuests, float64(l.HouseRules.MaxGuests))
	if l.Bedrooms > 0 || l.Has(listing.FieldBedrooms) {
		f.counts[unitBedrooms] = append(f.counts[unitBedrooms], float64(l.Bedrooms))
		f.known[qkey(unitBedrooms, float64(l.Bedrooms))] = true
	}
	count(unitBeds, float64(l.Beds))
	count(unitBaths, l.Baths)
	count(unitReviews, float64(l.ReviewCount))
	if l.Host.ResponseRate > 0 {
		f.known[qkey(unitPercent, float64(l.Host.ResponseRate))] = true
	}
	if l.Price != nil && l.Price.Amount > 0 {
		f.known[qkey(unitPrice+currencySign(l.Price.Currency), l.Price.Amount)] = true
	}
	for _, d := range l.Calendar {
		if d.MinNights > 0 {
			f.known[qkey(unitNights, float64(d.MinNights))] = true
		}
	}
	for _, t := range listingTexts(l) {
		for _, n := range readNumbers(asciiNumbers(t), f.langs) {
			for _, q := range n.as {
				if q.unit != unitRating { // a rating is only the listing's
					f.known[q.key()] = true
				}
			}
		}
	}
	return f
}

// asciiNumbers writes the numbers of s as the number reader reads them:
// full-width digits as ASCII ("５分" is "5分"), and the units Chinese and
// Japanese write after a number as words ("5分" is "5 min", "2室" "2
// rooms", "6名" "6 guests"): a Japanese host's "徒歩５分" states five
// minutes.
func asciiNumbers(s string) string {
	if !prose.HasCJK(s) && !strings.ContainsFunc(s, func(r rune) bool { return r >= 0xFF10 && r <= 0xFF19 }) {
		return s
	}
	s = width.Fold.String(s)
	s = cjkUnit.ReplaceAllStringFunc(s, func(m string) string {
		rs := []rune(m)
		return " " + string(rs[:len(rs)-1]) + " " + cjkUnits[rs[len(rs)-1]] + " "
	})
	// A number written against Chinese or Japanese letters is a word of
	// its own: "最大8名", "64.8m²アパート".
	var b strings.Builder
	prev := rune(0)
	for _, r := range s {
		if prev != 0 && (unicode.IsDigit(prev) && prose.IsCJK(r) || prose.IsCJK(prev) && unicode.IsDigit(r)) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

var cjkUnit = regexp.MustCompile(`\d+(?:\.\d+)?[分室名人泊階]`)

var cjkUnits = map[rune]string{'分': "min", '室': "rooms", '名': "guests", '人': "guests", '泊': "nights", '階': "floor"}

// listingTexts are the listing's own words that may state a number.
func listingTexts(l *listing.Listing) []string {
	texts := []string{l.Title, l.Description, l.HouseRules.CheckIn, l.HouseRules.CheckOut, l.Location.Area, l.Location.City}
	texts = append(texts, l.HouseRules.Rules...)
	texts = append(texts, l.Highlights...)
	for _, a := range l.Amenities {
		texts = append(texts, a.Name)
	}
	for _, p := range l.Photos {
		texts = append(texts, p.Caption)
	}
	return texts
}

// checkNumbers checks every number s states with what it measures: a
// count ("10 hóspedes", "Sleeps Ten") agrees with the listing's; a number
// with a unit ("4 minutes", "142 m2", "2:00 PM", "€25", "4.9/5") is one
// the listing states with that unit (times alike in 12 and 24 hours, a
// rating only the listing's); a bare number is somewhere in its data.
func (v *validator) checkNumbers(s string, p Part) error {
	// The host's own sentences repeated word for word are the host's
	// statements, even where the page's count differs: left out.
	rest := s
	for _, sent := range prose.Sentences(s) {
		if isHostSentence(v.nums.host, sent, p) {
			rest = strings.Replace(rest, sent, "\n", 1)
		}
	}
	for _, n := range readNumbers(asciiNumbers(rest), v.nums.langs) {
		if len(n.as) == 0 {
			for _, d := range n.bare {
				if !v.allowed[normNumber(d)] {
					return fmt.Errorf("%w: %s", ErrNumber, d)
				}
			}
			continue
		}
		if !v.nums.grounded(n) {
			return fmt.Errorf("%w: %s", ErrNumber, v.nums.why(n))
		}
	}
	return nil
}

// grounded reports whether the listing states one reading of n.
func (f numberFacts) grounded(n readNumber) bool {
	for _, q := range n.as {
		switch {
		case q.unit == unitRating || q.unit == unitStars:
			if f.ratingIs(q) || (q.unit == unitStars && f.known[q.key()]) {
				return true
			}
		case q.unit == unitGuests && len(f.counts[q.unit]) > 0:
			// The page states how many it sleeps: copy agrees with it,
			// whatever else the host's words say. (Beds, bedrooms and
			// baths are also counted room by room — "1 cama de casal" —
			// so the host's words ground those.)
			for _, c := range f.counts[q.unit] {
				if math.Abs(c-q.val) < 1e-9 {
					return true
				}
			}
		case q.unit == unitMore:
			if q.val > 0 && q.val <= float64(f.amenities) {
				return true
			}
		case f.known[q.key()]:
			return true
		}
	}
	return false
}

// ratingIs reports whether q is the listing's rating, on q's scale and to
// q's precision: 4.9 for 4.93, never 5 for 4.93.
func (f numberFacts) ratingIs(q quantity) bool {
	if f.rating.Overall <= 0 {
		return false
	}
	scale := f.rating.Scale
	if scale <= 0 {
		scale = 5
	}
	den := q.den
	if den == 0 {
		den = scale
	}
	want := f.rating.Overall / scale * den
	return math.Abs(want-q.val) <= 0.5*math.Pow(10, -float64(q.decimals))+1e-9 && (q.decimals > 0 || math.Abs(want-q.val) < 1e-9)
}

// why says what is wrong with n, naming the phrase.
func (f numberFacts) why(n readNumber) string {
	q := n.as[0]
	if name, ok := countUnits[q.unit]; ok {
		if have := f.counts[q.unit]; len(have) > 0 {
			return fmt.Sprintf("%q states %s %s; the listing says %s", n.text, fmtNum(q.val), name, fmtNum(have[0]))
		}
		return fmt.Sprintf("%q states %s %s; the listing states no such count", n.text, fmtNum(q.val), name)
	}
	if q.unit == unitRating || q.unit == unitStars {
		return fmt.Sprintf("%q is not the listing's rating", n.text)
	}
	name := unitNames[q.unit]
	if strings.HasPrefix(q.unit, unitPrice) {
		name = unitNames[unitPrice]
	}
	return fmt.Sprintf("%q: the listing states no %s", n.text, name)
}

// unitNames name what a unit measures, for messages.
var unitNames = map[string]string{unitNights: "such number of nights", unitMinutes: "such number of minutes", unitHours: "such number of hours",
	unitTime: "such time", unitMetres: "such distance", unitKm: "such distance", unitMiles: "such distance", unitFeet: "such distance",
	unitM2: "such area", unitSqft: "such area", unitPercent: "such percentage", unitFloor: "such floor", unitPrice: "such price",
	unitMore: "such number of amenities"}

func fmtNum(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// quantity is one reading of a number: what it measures and its value.
type quantity struct {
	unit     string
	val      float64
	den      float64 // a rating's scale ("/5"), 0 for the listing's own
	decimals int
}

func (q quantity) key() string { return qkey(q.unit, q.val) }

func qkey(unit string, v float64) string { return unit + "=" + fmtNum(math.Round(v*1000)/1000) }

// readNumber is one number in a text: as written, its readings (none for
// a bare number) and, for a bare number, its digits.
type readNumber struct {
	text string
	as   []quantity
	bare []string
}

// token is a piece of text: a number ('n', digits as written), a time of
// day ('t', "15:00", "15h00"), a word ('w', lower case, accents folded)
// or any other character ('s').
type token struct {
	kind byte
	text string
	val  float64
	dec  int // digits after the decimal separator
	word bool
	// pos and end are where it is in the text, in runes.
	pos, end int
}

var reClock = regexp.MustCompile(`^(\d{1,2})[:hH](\d{2})$`)

func tokenize(s string) []token {
	var out []token
	rs := []rune(s)
	isDigit := func(r rune) bool { return r >= '0' && r <= '9' }
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case isDigit(r):
			j := i
			for j < len(rs) && isDigit(rs[j]) {
				j++
			}
			for j+1 < len(rs) && strings.ContainsRune(".,:", rs[j]) && isDigit(rs[j+1]) {
				j++
				for j < len(rs) && isDigit(rs[j]) {
					j++
				}
			}
			// "15h00": a time of day as French and Portuguese write it.
			if j+2 < len(rs) && (rs[j] == 'h' || rs[j] == 'H') && isDigit(rs[j+1]) && isDigit(rs[j+2]) && (j+3 == len(rs) || !unicode.IsLetter(rs[j+3]) && !isDigit(rs[j+3])) {
				j += 3
			}
			raw := string(rs[i:j])
			if m := reClock.FindStringSubmatch(raw); m != nil {
				h, _ := strconv.Atoi(m[1])
				mi, _ := strconv.Atoi(m[2])
				if h <= 24 && mi < 60 {
					out = append(out, token{kind: 't', text: raw, val: float64(h*60 + mi), pos: i, end: j})
					i = j
					continue
				}
			}
			t := token{kind: 'n', text: raw, pos: i, end: j}
			if v, err := strconv.ParseFloat(normNumber(raw), 64); err == nil && !strings.Contains(raw, ":") {
				t.val = v
				if k := strings.LastIndexAny(normNumber(raw), "."); k >= 0 {
					t.dec = len(normNumber(raw)) - k - 1
				}
			} else {
				t.val = -1
			}
			out = append(out, t)
			i = j
		case unicode.IsLetter(r):
			j := i
			var b strings.Builder
			for j < len(rs) && (unicode.IsLetter(rs[j]) || isDigit(rs[j]) || rs[j] == '²' || unicode.Is(unicode.Mn, rs[j])) {
				if !unicode.Is(unicode.Mn, rs[j]) {
					b.WriteRune(prose.FoldRune(unicode.ToLower(rs[j])))
				}
				j++
			}
			out = append(out, token{kind: 'w', text: b.String(), pos: i, end: j})
			i = j
		case unicode.IsSpace(r):
			i++
		default:
			out = append(out, token{kind: 's', text: string(r), pos: i, end: i + 1})
			i++
		}
	}
	return out
}

// readNumbers reads every number in s with what it measures, in English
// and the other languages of langs.
func readNumbers(s string, langs []string) []readNumber {
	src := []rune(s)
	toks := tokenize(s)
	words := numberWordsOf(langs)
	units := unitsOf(langs)
	var out []readNumber
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == 'w' {
			if v, ok := words[t.text]; ok {
				// "dix-sept": a French number word in two.
				if t.text == "dix" && i+2 < len(toks) && toks[i+1].text == "-" {
					if u, ok := map[string]float64{"sept": 17, "huit": 18, "neuf": 19}[toks[i+2].text]; ok {
						v = u
						i += 2
					}
				}
				t = token{kind: 'n', text: string(src[t.pos:toks[i].end]), val: v, word: true, pos: t.pos, end: toks[i].end}
			} else {
				if !units.isUnitWord(t.text) {
					for _, d := range reNumber.FindAllString(t.text, -1) {
						out = append(out, readNumber{text: t.text, bare: []string{d}})
					}
				}
				continue
			}
		}
		if t.kind != 'n' && t.kind != 't' {
			continue
		}
		if t.kind == 'n' && t.val < 0 {
			out = append(out, readNumber{text: t.text, bare: reNumber.FindAllString(t.text, -1)})
			continue
		}
		n, next := readAt(src, toks, i, t, units)
		if t.word && (len(n.as) == 0 || n.as[0].unit == unitNights) {
			continue // "one of the best", "one night or a month": no claim
		}
		if len(n.as) == 0 {
			n.bare = reNumber.FindAllString(t.text, -1)
		}
		out = append(out, n)
		i = next
	}
	return out
}

// readAt reads the number toks[i] (t) with its unit; next is the last
// token it took.
func readAt(src []rune, toks []token, i int, t token, units unitTable) (readNumber, int) {
	n := readNumber{text: t.text}
	// span is the text of toks[i:j] as written.
	span := func(j int) string { return string(src[t.pos:toks[j-1].end]) }
	word := func(k int) string {
		if k >= 0 && k < len(toks) && toks[k].kind == 'w' {
			return toks[k].text
		}
		return ""
	}
	sym := func(k int) string {
		if k >= 0 && k < len(toks) && toks[k].kind == 's' {
			return toks[k].text
		}
		return ""
	}
	add := func(unit string, v float64) { n.as = append(n.as, quantity{unit: unit, val: v, decimals: t.dec}) }
	last := i
	// am/pm after a clock time or an hour: "3:00 PM", "3pm", "3 p.m.".
	ampm := func(k int) (string, int) {
		switch w := word(k); {
		case w == "am" || w == "pm":
			return w, k
		case (w == "a" || w == "p") && sym(k+1) == "." && word(k+2) == "m":
			if sym(k+3) == "." {
				return w + "m", k + 3
			}
			return w + "m", k + 2
		}
		return "", k
	}
	if t.kind == 't' {
		mins := int(t.val)
		if ap, k := ampm(i + 1); ap != "" {
			mins = clock12(mins, ap)
			last = k
		} else if w := word(i + 1); w == "h" || w == "uhr" || w == "hrs" {
			last = i + 1
		}
		add(unitTime, float64(mins))
		n.text = span(last + 1)
		return n, last
	}
	// A price: a currency before or after.
	if c := currencyBefore(toks, i); c != "" {
		add(unitPrice+c, t.val)
		return n, last
	}
	if c := currencyOf(toks, i+1); c != "" {
		add(unitPrice+c, t.val)
		n.text = span(i + 2)
		return n, i + 1
	}
	if ap, k := ampm(i + 1); ap != "" && !t.word && t.dec == 0 && t.val >= 1 && t.val <= 12 {
		add(unitTime, float64(clock12(int(t.val)*60, ap)))
		n.text = span(k + 1)
		return n, k
	}
	// "4.9/5", "9.2/10", "4.9 out of 5 stars", "4,98 de 5 estrelas".
	if k := i + 1; sym(k) == "/" || (word(k) == "out" && word(k+1) == "of") || outOf[word(k)] {
		d := k + 1
		if word(k) == "out" {
			d = k + 2
		}
		if d < len(toks) && toks[d].kind == 'n' && (toks[d].val == 5 || toks[d].val == 10) && t.val <= toks[d].val && (sym(k) == "/" || t.dec > 0 || word(k) == "out") {
			n.as = append(n.as, quantity{unit: unitRating, val: t.val, den: toks[d].val, decimals: t.dec})
			end := d + 1
			if u, e := units.matchEnd(toks, end); u == unitStars {
				end = e
			}
			n.text = span(end)
			return n, end - 1
		}
	}
	if sym(i+1) == "%" {
		add(unitPercent, t.val)
		n.text = span(i + 2)
		return n, i + 1
	}
	// A unit after it, past a hyphen ("4-minute walk") or an ordinal's
	// ending ("3rd floor", "2º andar", "3. Stock").
	k := i + 1
	floorOnly := false // after an ordinal's ending only a floor may follow
	switch s := sym(k); {
	case s == "-":
		k++
	case s == "º" || s == "ª" || s == "°" || s == ".":
		k, floorOnly = k+1, true
	case ordinalEndings[word(k)]:
		k, floorOnly = k+1, true
	}
	unit, end := units.matchEnd(toks, k)
	if floorOnly && (unit != unitFloor || (sym(i+1) == "." && word(k) != "stock" && word(k) != "etage" && word(k) != "og" && word(k) != "obergeschoss")) {
		// "3. Bedrooms are…" ends a sentence: only German writes a
		// floor "3. Stock".
		unit, end, k = "", k, i+1
	}
	if unit == "" {
		// One describing word before a count: "3 spacious bedrooms",
		// "2 queen beds" (never a fraction: "4,98 pelos hóspedes" is a
		// rating).
		if w := word(k); w != "" && k == i+1 && t.dec == 0 && len(w) > 2 && !connectors[w] && !units.isUnitWord(w) {
			if u, e := units.matchEnd(toks, k+1); countUnits[u] != "" {
				unit, end = u, e
			}
		}
	}
	if unit != "" {
		switch unit {
		case unitHours:
			add(unitHours, t.val)
			if t.dec == 0 && t.val <= 24 {
				add(unitTime, t.val*60) // "15h" is also a time of day
			}
		case "uhr":
			add(unitTime, t.val*60)
		case "stars":
			n.as = append(n.as, quantity{unit: unitStars, val: t.val, den: 5, decimals: t.dec})
		default:
			add(unit, t.val)
		}
		n.text = span(end)
		return n, end - 1
	}
	// How many more amenities the full list has, as the writers say it:
	// "Plus 40 more in the full amenity list", "E mais 40 na lista", "Y 40
	// más en la lista", "E altri 40 nell'elenco", "Et 40 de plus dans la
	// liste", "Und 40 weitere in der".
	if w := word(i + 1); w == "more" || w == "mas" || w == "weitere" || (w == "de" && word(i+2) == "plus") ||
		(word(i-1) == "mais" && word(i+1) == "na") || (word(i-1) == "altri" && word(i+1) == "nell") {
		add(unitMore, t.val)
		return n, last
	}
	// A count named before it: "Sleeps 4", "sleeps up to ten",
	// "acomoda até 6"; "rated 4.9"; "floor 3".
	if u := cueBefore(toks, i); u != "" {
		if u == unitRating {
			n.as = append(n.as, quantity{unit: unitRating, val: t.val, decimals: t.dec})
		} else {
			add(u, t.val)
		}
	}
	return n, last
}

// clock12 is a 12-hour time in minutes after midnight.
func clock12(mins int, ap string) int {
	h, m := mins/60, mins%60
	if h > 12 {
		return mins
	}
	h %= 12
	if ap == "pm" {
		h += 12
	}
	return h*60 + m
}

// ordinalEndings end an ordinal number before a floor: "3rd", "3e",
// "3ème", "3º".
var ordinalEndings = map[string]bool{"st": true, "nd": true, "rd": true, "th": true, "e": true, "eme": true, "er": true, "re": true, "o": true, "a": true, "º": true, "ª": true}

// connectors never describe a count: "2 or 3 guests" says no 2 guests.
var connectors = map[string]bool{"and": true, "or": true, "to": true, "e": true, "ou": true, "y": true, "o": true, "et": true, "und": true,
	"oder": true, "de": true, "da": true, "do": true, "a": true, "per": true, "para": true, "por": true, "for": true, "with": true,
	"com": true, "con": true, "avec": true, "mit": true, "plus": true, "mais": true, "in": true, "em": true, "en": true, "no": true,
	"na": true, "of": true, "the": true, "more": true, "mas": true, "weitere": true, "altri": true, "di": true, "du": true, "des": true,
	"pelos": true, "pelas": true, "pelo": true, "pela": true, "dos": true, "das": true, "nos": true, "nas": true, "aos": true, "uma": true,
	"los": true, "las": true, "del": true, "dei": true, "degli": true, "delle": true, "della": true, "gli": true, "les": true,
	"der": true, "die": true, "den": true, "dem": true, "von": true, "fur": true, "bei": true, "from": true,
	"pour": true, "par": true, "sur": true, "dans": true, "nel": true, "nella": true, "entre": true, "between": true, "than": true}

// outOf are the words that put a rating on its scale: "4,98 de 5",
// "4,9 su 5", "4,9 sur 5", "4,9 von 5".
var outOf = map[string]bool{"de": true, "su": true, "sur": true, "von": true}

// cues before a number that say what it counts.
var numberCues = []struct {
	words []string
	unit  string
}{
	{[]string{"sleeps", "up", "to"}, unitGuests}, {[]string{"sleeps"}, unitGuests}, {[]string{"sleeping"}, unitGuests},
	{[]string{"acomoda", "ate"}, unitGuests}, {[]string{"acomoda"}, unitGuests}, {[]string{"acomodam", "ate"}, unitGuests}, {[]string{"acomodam"}, unitGuests},
	{[]string{"capacidad", "para"}, unitGuests}, {[]string{"capacidad", "para", "hasta"}, unitGuests},
	{[]string{"ospita", "fino", "a"}, unitGuests}, {[]string{"ospita"}, unitGuests}, {[]string{"accueille"}, unitGuests},
	{[]string{"rated"}, unitRating}, {[]string{"floor"}, unitFloor},
}

// cueBefore is the unit a cue before toks[i] gives, "" for none.
func cueBefore(toks []token, i int) string {
	var prev []string // words before i, nearest first
	for k := i - 1; k >= 0 && len(prev) < 4; k-- {
		if toks[k].kind != 'w' {
			break
		}
		prev = append(prev, toks[k].text)
	}
	for _, c := range numberCues {
		if len(c.words) > len(prev) {
			continue
		}
		ok := true
		for j := range c.words {
			if prev[len(c.words)-1-j] != c.words[j] {
				ok = false
				break
			}
		}
		if ok {
			return c.unit
		}
	}
	return ""
}

// currencies by how copy writes them, as their sign.
var currencies = map[string]string{"$": "$", "usd": "$", "dollars": "$", "dollar": "$", "€": "€", "eur": "€", "euro": "€", "euros": "€",
	"£": "£", "gbp": "£", "pounds": "£", "brl": "r$", "reais": "r$", "¥": "¥", "jpy": "¥", "yen": "¥", "chf": "chf", "cad": "$", "aud": "$"}

// currencySign is the sign an ISO 4217 code's prices are written with.
func currencySign(code string) string {
	switch c := strings.ToLower(code); c {
	case "usd", "cad", "aud", "nzd", "mxn", "sgd", "hkd":
		return "$"
	case "eur":
		return "€"
	case "gbp":
		return "£"
	case "brl":
		return "r$"
	case "jpy":
		return "¥"
	default:
		return c
	}
}

// currencyBefore is the currency written just before toks[i]: "$120",
// "€ 25", "R$ 200", "US$ 90", "EUR 25".
func currencyBefore(toks []token, i int) string {
	if i == 0 {
		return ""
	}
	p := toks[i-1]
	if p.text == "$" && i >= 2 && toks[i-2].kind == 'w' && toks[i-2].text == "r" {
		return "r$"
	}
	if c := currencies[p.text]; c != "" && (p.kind == 's' || len(p.text) == 3) {
		return c
	}
	return ""
}

// currencyOf is the currency toks[k] names, "" for none: "25 €", "25
// euros".
func currencyOf(toks []token, k int) string {
	if k < len(toks) {
		return currencies[toks[k].text]
	}
	return ""
}

// unitTable maps unit phrases (Words) to units.
type unitTable struct {
	byFirst map[string][][]string
	unit    map[string]string
}

func (u unitTable) isUnitWord(w string) bool { _, ok := u.byFirst[w]; return ok }

// matchEnd is the unit of the longest unit phrase at toks[k] (apostrophes
// between its words skipped: "salle d'eau") and the token after it.
func (u unitTable) matchEnd(toks []token, k int) (string, int) {
	if k >= len(toks) || toks[k].kind != 'w' {
		return "", k
	}
	for _, p := range u.byFirst[toks[k].text] {
		j, ok := k, true
		for _, w := range p {
			for j < len(toks) && (toks[j].text == "'" || toks[j].text == "’") {
				j++
			}
			if j >= len(toks) || toks[j].kind != 'w' || toks[j].text != w {
				ok = false
				break
			}
			j++
		}
		if ok {
			return u.unit[strings.Join(p, " ")], j
		}
	}
	return "", k
}

func (u unitTable) match(toks []token, k int) string { s, _ := u.matchEnd(toks, k); return s }

// unitWords are the words of each unit, by language; "" are every
// language's.
var unitWords = map[string]map[string][]string{
	"": {
		unitMinutes: {"min", "mins"}, unitHours: {"h", "hr", "hrs"}, unitMetres: {"m"}, unitKm: {"km", "kms"}, unitMiles: {"mi"},
		unitFeet: {"ft"}, unitM2: {"m2", "m²", "sqm", "sq m", "mq", "qm"}, unitSqft: {"sq ft", "sqft", "ft2", "ft²", "sq feet"},
	},
	"en": {
		unitMinutes: {"minute", "minutes"}, unitHours: {"hour", "hours"}, unitMetres: {"metre", "metres", "meter", "meters"},
		unitKm: {"kilometre", "kilometres", "kilometer", "kilometers"}, unitMiles: {"mile", "miles"}, unitFeet: {"feet", "foot"},
		unitM2: {"square metres", "square meters", "sq metres", "sq meters"}, unitSqft: {"square feet", "square foot"},
		unitGuests:   {"guest", "guests", "people", "persons", "person", "adults", "travelers", "travellers"},
		unitBedrooms: {"bedroom", "bedrooms", "br", "bd", "bdr", "bdrm", "bdrms"}, unitBeds: {"bed", "beds"},
		unitBaths: {"bath", "baths", "bathroom", "bathrooms", "ba"}, unitReviews: {"review", "reviews"}, unitNights: {"night", "nights"},
		unitStars: {"star", "stars"}, unitFloor: {"floor", "storey"}, unitPercent: {"percent", "per cent"},
	},
	"pt": {
		unitMinutes: {"minuto", "minutos"}, unitHours: {"hora", "horas"}, unitMetres: {"metros"}, unitKm: {"quilometro", "quilometros"},
		unitMiles: {"milhas"}, unitM2: {"metros quadrados"},
		unitGuests: {"hospede", "hospedes", "pessoa", "pessoas"}, unitBedrooms: {"quarto", "quartos", "dormitorio", "dormitorios"},
		unitBeds: {"cama", "camas"}, unitBaths: {"banheiro", "banheiros", "casa de banho", "casas de banho"},
		unitReviews: {"avaliacao", "avaliacoes"}, unitNights: {"noite", "noites"}, unitStars: {"estrela", "estrelas"}, unitFloor: {"andar"}, unitPercent: {"por cento"},
	},
	"es": {
		unitMinutes: {"minuto", "minutos"}, unitHours: {"hora", "horas"}, unitMetres: {"metros"}, unitKm: {"kilometro", "kilometros"},
		unitMiles: {"millas"}, unitM2: {"metros cuadrados"},
		unitGuests: {"huesped", "huespedes", "persona", "personas"}, unitBedrooms: {"habitacion", "habitaciones", "dormitorio", "dormitorios"},
		unitBeds: {"cama", "camas"}, unitBaths: {"bano", "banos", "cuarto de bano", "cuartos de bano"},
		unitReviews: {"resena", "resenas", "evaluaciones", "opiniones"}, unitNights: {"noche", "noches"}, unitStars: {"estrella", "estrellas"},
		unitFloor: {"planta"}, unitPercent: {"por ciento"},
	},
	"it": {
		unitMinutes: {"minuto", "minuti"}, unitHours: {"ora", "ore"}, unitMetres: {"metri"}, unitKm: {"chilometro", "chilometri"},
		unitMiles: {"miglia"}, unitM2: {"metri quadri", "metri quadrati"},
		unitGuests: {"ospite", "ospiti", "persona", "persone"}, unitBedrooms: {"camera da letto", "camere da letto", "camera", "camere", "stanza da letto", "stanze da letto"},
		unitBeds: {"letto", "letti"}, unitBaths: {"bagno", "bagni"},
		unitReviews: {"recensione", "recensioni"}, unitNights: {"notte", "notti"}, unitStars: {"stella", "stelle"}, unitFloor: {"piano"}, unitPercent: {"per cento"},
	},
	"fr": {
		unitMinutes: {"minute", "minutes"}, unitHours: {"heure", "heures"}, unitMetres: {"metre", "metres"}, unitKm: {"kilometre", "kilometres"},
		unitM2:     {"metres carres"},
		unitGuests: {"voyageur", "voyageurs", "personne", "personnes"}, unitBedrooms: {"chambre", "chambres"}, unitBeds: {"lit", "lits"},
		unitBaths:   {"salle de bain", "salles de bain", "salle de bains", "salles de bains", "salle d eau", "salles d eau"},
		unitReviews: {"commentaire", "commentaires", "avis", "evaluations"}, unitNights: {"nuit", "nuits"}, unitStars: {"etoile", "etoiles"},
		unitFloor: {"etage"}, unitPercent: {"pour cent"},
	},
	"de": {
		unitMinutes: {"minute", "minuten"}, unitHours: {"stunde", "stunden", "std"}, "uhr": {"uhr"}, unitMetres: {"meter"},
		unitKm: {"kilometer"}, unitMiles: {"meilen"}, unitM2: {"quadratmeter"},
		unitGuests: {"gast", "gaste", "person", "personen"}, unitBedrooms: {"schlafzimmer", "schlafzimmern"}, unitBeds: {"bett", "betten"},
		unitBaths: {"badezimmer", "badezimmern", "bad", "bader"}, unitReviews: {"bewertung", "bewertungen"}, unitNights: {"nacht", "nachte"},
		unitStars: {"stern", "sterne"}, unitFloor: {"stock", "etage", "og", "obergeschoss"}, unitPercent: {"prozent"},
	},
}

var unitTables sync.Map // langs → unitTable

// unitsOf is the unit table of langs, built once.
func unitsOf(langs []string) unitTable {
	id := strings.Join(langs, ",")
	if v, ok := unitTables.Load(id); ok {
		return v.(unitTable)
	}
	u := buildUnits(langs)
	unitTables.Store(id, u)
	return u
}

func buildUnits(langs []string) unitTable {
	u := unitTable{byFirst: map[string][][]string{}, unit: map[string]string{}}
	for _, lang := range append([]string{""}, langs...) {
		for unit, ps := range unitWords[lang] {
			for _, p := range ps {
				ws := strings.Fields(p)
				key := strings.Join(ws, " ")
				if _, dup := u.unit[key]; dup {
					continue
				}
				u.unit[key] = unit
				u.byFirst[ws[0]] = append(u.byFirst[ws[0]], ws)
			}
		}
	}
	for _, ps := range u.byFirst {
		for a := 1; a < len(ps); a++ { // longest first
			for b := a; b > 0 && len(ps[b]) > len(ps[b-1]); b-- {
				ps[b], ps[b-1] = ps[b-1], ps[b]
			}
		}
	}
	return u
}

// numberWords are the number words 2–20 of each language (and English
// "one"): a word that is also an article ("um", "una", "un", "ein") is
// no count.
var numberWords = map[string][]string{
	"en": {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen",
		"fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"},
	"pt": {"", "", "dois", "tres", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze", "treze", "catorze", "quinze",
		"dezesseis", "dezessete", "dezoito", "dezenove", "vinte"},
	"es": {"", "", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce", "trece", "catorce", "quince",
		"dieciseis", "diecisiete", "dieciocho", "diecinueve", "veinte"},
	"it": {"", "", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "undici", "dodici", "tredici", "quattordici",
		"quindici", "sedici", "diciassette", "diciotto", "diciannove", "venti"},
	"fr": {"", "", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze", "treize", "quatorze", "quinze",
		"seize", "dix-sept", "dix-huit", "dix-neuf", "vingt"},
	"de": {"", "eins", "zwei", "drei", "vier", "funf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwolf", "dreizehn", "vierzehn",
		"funfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn", "zwanzig"},
}

// numberWordsExtra are further spellings: Portuguese "duas", "dezasseis".
var numberWordsExtra = map[string]map[string]float64{
	"pt": {"duas": 2, "quatorze": 14, "dezasseis": 16, "dezassete": 17, "dezanove": 19},
}

// numberWordsOf are the number words of langs with their values, built
// once per list of languages (like unitsOf): every number read asks it.
// Callers only read the map.
func numberWordsOf(langs []string) map[string]float64 {
	id := strings.Join(langs, ",")
	if v, ok := numberWordTables.Load(id); ok {
		return v.(map[string]float64)
	}
	m := buildNumberWords(langs)
	numberWordTables.Store(id, m)
	return m
}

var numberWordTables sync.Map // strings.Join(langs, ",") → map[string]float64

func buildNumberWords(langs []string) map[string]float64 {
	m := map[string]float64{}
	for _, lang := range langs {
		for v, w := range numberWords[lang] {
			if w != "" && !strings.Contains(w, "-") {
				m[w] = float64(v)
			}
		}
		for w, v := range numberWordsExtra[lang] {
			m[w] = v
		}
	}
	delete(m, "zero")
	return m
}

var reNumber = regexp.MustCompile(`\d+(?:[.,]\d+)?`)

// AllowedNumbers are the numbers the listing data states: counts, ratings,
// times and every number in its title, description, rules, highlights and
// amenity names.
func AllowedNumbers(l *listing.Listing) map[string]bool {
	m := map[string]bool{}
	if l == nil {
		return m
	}
	add := func(v float64) {
		if v <= 0 {
			return
		}
		m[normNumber(strconv.FormatFloat(v, 'f', -1, 64))] = true
		if v == float64(int(v)) {
			m[strconv.Itoa(int(v))] = true
		}
	}
	add(float64(l.Capacity))
	add(float64(l.Bedrooms))
	add(float64(l.Beds))
	add(l.Baths)
	add(float64(l.HouseRules.MaxGuests))
	add(float64(l.ReviewCount))
	add(l.Ratings.Overall)
	if l.Price != nil {
		add(l.Price.Amount)
	}
	for _, t := range listingTexts(l) {
		for _, n := range reNumber.FindAllString(asciiNumbers(t), -1) {
			m[normNumber(n)] = true
		}
	}
	return m
}

var reThousands = regexp.MustCompile(`^\d{1,3}(?:,\d{3})+$`)

func normNumber(n string) string {
	if reThousands.MatchString(n) {
		n = strings.ReplaceAll(n, ",", "")
	}
	n = strings.ReplaceAll(n, ",", ".")
	if strings.Contains(n, ".") {
		n = strings.TrimRight(strings.TrimRight(n, "0"), ".")
	}
	return n
}
