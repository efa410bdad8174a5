package writing

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/listinglift/listinglift/backend/prose"
)

// ErrRule: copy that contradicts the host's rules ("pets welcome" for a
// listing that allows none, check-in at 2 PM for one that says 3 PM).
var ErrRule = errors.New("contradicts the host's rules")

// Rule topics copy may claim permission for.
const (
	rulePets     = "pets"
	ruleSmoking  = "smoking"
	ruleParties  = "parties"
	ruleChildren = "children"
)

// ruleTopicOrder is the order claims are looked for (and reported).
var ruleTopicOrder = []string{rulePets, ruleSmoking, ruleParties, ruleChildren}

// ruleTopicNames say a topic in a rejection's reason.
var ruleTopicNames = map[string]string{rulePets: "pets", ruleSmoking: "smoking", ruleParties: "parties or events", ruleChildren: "children"}

// ruleFacts are what the rule checks read of the listing: what its rules
// allow and deny, and its check-in and check-out times.
type ruleFacts struct {
	// allowed is, by topic, true when the listing allows it, false when it
	// forbids it; a topic it says nothing about is absent.
	allowed map[string]bool
	// checkIn and checkOut are the listing's times, in minutes after
	// midnight; nil when it states none.
	checkIn, checkOut map[int]bool
	// own are the host's own clauses (folded words), which copy may quote
	// whatever they say: the host's words are not ours to contradict.
	own []string
}

func newRuleFacts(req Request) ruleFacts {
	f := ruleFacts{allowed: map[string]bool{}}
	l := req.Listing
	if l == nil {
		return f
	}
	hr := l.HouseRules
	for topic, v := range map[string]*bool{rulePets: hr.PetsAllowed, ruleSmoking: hr.SmokingAllowed, ruleParties: hr.PartiesAllowed} {
		if v != nil {
			f.allowed[topic] = *v
		}
	}
	// What the site's yes/no rules do not say, the host's rule lines say,
	// then the description and highlights; a denial anywhere wins.
	for _, src := range [][]string{hr.Rules, prose.Sentences(l.Description), l.Highlights} {
		said := map[string]bool{}
		for _, s := range src {
			for _, c := range ruleClaims(s) {
				if _, done := f.allowed[c.topic]; done {
					continue
				}
				if v, ok := said[c.topic]; !ok || v {
					said[c.topic] = c.allowed
				}
			}
		}
		for topic, v := range said {
			if _, done := f.allowed[topic]; !done {
				f.allowed[topic] = v
			}
		}
	}
	// The amenity list's "Pets allowed" / "Smoking allowed" when nothing
	// else says: a site lists them as amenities.
	if _, ok := f.allowed[rulePets]; !ok && req.Features.Has("pets") {
		f.allowed[rulePets] = true
	}
	for _, a := range l.Amenities {
		for _, c := range ruleClaims(a.Name) {
			if _, ok := f.allowed[c.topic]; ok {
				continue
			}
			switch {
			case c.allowed: // "Smoking allowed", listed or not included
				f.allowed[c.topic] = a.Available
			case a.Available: // "Non-smoking rooms"
				f.allowed[c.topic] = false
			}
		}
	}
	f.checkIn, f.checkOut = map[int]bool{}, map[int]bool{}
	addTimes(f.checkIn, hr.CheckIn)
	addTimes(f.checkOut, hr.CheckOut)
	// Times the host's own lines give for check-in or check-out ("Standard
	// check-in is available from 3:00 PM to 8:00 PM").
	texts := append(append([]string{}, hr.Rules...), prose.Sentences(l.Description)...)
	for _, t := range texts {
		in, out := statedTimes(t)
		for _, alts := range in {
			for _, m := range alts {
				f.checkIn[m] = true
			}
		}
		for _, alts := range out {
			for _, m := range alts {
				f.checkOut[m] = true
			}
		}
	}
	for _, t := range append(texts, l.Highlights...) {
		for _, c := range clauses(t) {
			f.own = append(f.own, " "+strings.Join(c, " ")+" ")
		}
	}
	return f
}

// checkRules checks that s never contradicts the host's rules: no
// permission the listing denies or does not give (pets, smoking, parties;
// children when it says it is not for them), no check-in or check-out
// time other than the listing's.
func (v *validator) checkRules(s string, p Part) error {
	if v.req.Listing == nil {
		return nil // no listing, no rules to read
	}
	f := v.rules
	for _, c := range ruleClaims(s) {
		if !c.allowed || f.hostSays(c.words) {
			continue
		}
		allowed, known := f.allowed[c.topic]
		switch {
		case known && !allowed:
			return fmt.Errorf("%w: %q says %s are allowed; the listing does not allow them", ErrRule, c.text, ruleTopicNames[c.topic])
		case !known && c.topic != ruleChildren:
			// A permission the listing never gives is an invention: a
			// guest who brings a dog on its word is turned away.
			return fmt.Errorf("%w: %q says %s are allowed; the listing says nothing of it", ErrRule, c.text, ruleTopicNames[c.topic])
		}
	}
	in, out := statedTimes(s)
	for _, t := range []struct {
		name    string
		said    [][]int
		facts   map[int]bool
		listing string
	}{{"check-in", in, f.checkIn, v.req.Listing.HouseRules.CheckIn}, {"check-out", out, f.checkOut, v.req.Listing.HouseRules.CheckOut}} {
	said:
		for _, alts := range t.said {
			for _, m := range alts {
				if t.facts[m] {
					continue said
				}
			}
			if len(t.facts) == 0 {
				return fmt.Errorf("%w: states a %s time (%s); the listing states none", ErrRule, t.name, clock(alts[len(alts)-1]))
			}
			return fmt.Errorf("%w: states a %s time of %s; the listing says %s", ErrRule, t.name, clock(alts[len(alts)-1]), stated(t.listing))
		}
	}
	return nil
}

// hostSays reports whether a clause's words are the host's own.
func (f ruleFacts) hostSays(words []string) bool {
	if len(words) < 3 {
		return false
	}
	k := " " + strings.Join(words, " ") + " "
	for _, o := range f.own {
		if strings.Contains(o, k) {
			return true
		}
	}
	return false
}

// ruleClaim is one statement about a rule in a clause of copy.
type ruleClaim struct {
	topic   string
	allowed bool     // false when negated ("no pets", "pets are not allowed")
	text    string   // the words that say it
	words   []string // the whole clause, folded
}

// claimTopicWords name each topic, folded, in the languages we write.
var claimTopicWords = map[string][]string{
	rulePets: {"pet", "pets", "dog", "dogs", "cat", "cats", "animal", "animals", "furry", "four legged", "animais", "animal de estimacao",
		"animais de estimacao", "cachorro", "cachorros", "cao", "caes", "gato", "gatos", "mascota", "mascotas", "perro", "perros",
		"animales", "animali", "animale", "cane", "cani", "gatto", "gatti", "animaux", "chien", "chiens", "chat", "chats",
		"haustier", "haustiere", "hund", "hunde", "tiere", "vierbeiner"},
	ruleSmoking: {"smoking", "smokers", "smoker", "cigarettes", "fumar", "fumantes", "fumadores", "fumare", "fumatori",
		"fumer", "fumeurs", "rauchen", "raucher"},
	ruleParties: {"party", "parties", "event", "events", "celebration", "celebrations", "gatherings", "festa", "festas", "evento",
		"eventos", "fiesta", "fiestas", "celebraciones", "feste", "eventi", "fete", "fetes", "evenement", "evenements", "soirees",
		"partys", "feiern", "feier", "veranstaltungen", "veranstaltung"},
	// Not infants: "not suitable for infants" leaves a home for families.
	ruleChildren: {"children", "child", "kids", "kid", "families", "family", "criancas", "familias",
		"ninos", "bambini", "famiglie", "enfants", "familles", "kinder", "familien"},
}

// rulePermits are words that give permission, folded: after the topic
// ("pets are welcome", "animais permitidos", "Haustiere erlaubt") or
// before it ("bring your dog", "se admiten mascotas", "perfect for
// parties"). Compounds ("pet friendly", "kinderfreundlich") are in
// ruleCompounds.
var rulePermits = []string{"welcome", "welcomed", "allowed", "permitted", "accepted", "ok", "okay", "fine", "bring", "welcoming",
	"perfect for", "ideal for", "great for", "suitable for", "made for", "host", "throw", "free to", "can", "may",
	"permitido", "permitidos", "permitida", "permitidas", "bem vindo", "bem vindos", "bem vinda", "bem vindas", "aceitos", "aceitas",
	"aceitamos", "liberado", "liberados", "ideal para", "perfeito para", "perfeita para", "pode", "podem", "traga", "traz",
	"se admiten", "se admite", "admitidos", "admitidas", "se permite", "se permiten", "bienvenido", "bienvenidos", "bienvenidas",
	"aceptamos", "aceptados", "puede", "pueden", "perfecto para", "perfecta para", "trae", "traiga",
	"ammessi", "ammesse", "ammesso", "benvenuti", "benvenute", "benvenuto", "accettati", "consentito", "consentiti", "consentite",
	"permessi", "permesso", "ideale per", "perfetto per", "perfetta per", "puo", "possono", "porta", "portate",
	"acceptes", "accepte", "acceptees", "admis", "admises", "bienvenus", "bienvenues", "bienvenu", "autorise", "autorises",
	"autorisees", "permis", "accueillis", "ideal pour", "parfait pour", "parfaite pour", "amenez", "peut", "peuvent",
	"erlaubt", "willkommen", "gestattet", "erwunscht", "ideal fur", "perfekt fur", "bringen", "mitbringen", "geeignet", "darf", "durfen"}

// ruleCompounds are single claims of permission, by topic.
var ruleCompounds = map[string][]string{
	rulePets:     {"pet friendly", "pets friendly", "dog friendly", "dogs friendly", "cat friendly", "haustierfreundlich", "hundefreundlich"},
	ruleSmoking:  {"smoker friendly", "smoking friendly", "smoking area", "smoking room", "free to smoke", "can smoke", "may smoke", "welcome to smoke"},
	ruleParties:  {"party friendly", "party house", "event friendly", "events friendly"},
	ruleChildren: {"kid friendly", "kids friendly", "family friendly", "child friendly", "children friendly", "kinderfreundlich", "familienfreundlich"},
}

// ruleDenials deny a whole topic in one phrase: "adults only", "smoke free".
var ruleDenials = map[string][]string{
	ruleChildren: {"adults only", "adult only", "only adults", "somente adultos", "apenas adultos", "solo adultos", "solo adulti",
		"adultes uniquement", "reserve aux adultes", "nur erwachsene", "nur fur erwachsene"},
	ruleSmoking: {"smoke free", "non smoking", "nichtraucher", "nao fumadores", "no fumadores", "non fumatori", "non fumeurs"},
}

// ruleNegations deny what follows within a clause.
var ruleNegations = map[string]bool{"no": true, "not": true, "never": true, "nor": true, "non": true, "dont": true, "cannot": true,
	"without": true, "prohibited": true, "forbidden": true, "banned": true, "nao": true, "nem": true, "nunca": true, "proibido": true,
	"proibida": true, "proibidos": true, "proibidas": true, "sem": true, "vedado": true, "ni": true, "prohibido": true, "prohibida": true,
	"prohibidos": true, "prohibidas": true, "sin": true, "mai": true, "vietato": true, "vietata": true, "vietati": true, "vietate": true,
	"senza": true, "divieto": true, "pas": true, "ne": true, "n": true, "jamais": true, "interdit": true, "interdits": true,
	"interdite": true, "interdites": true, "sans": true, "aucun": true, "aucune": true, "kein": true, "keine": true, "keinen": true,
	"nicht": true, "nie": true, "verboten": true, "untersagt": true, "ohne": true, "isnt": true, "arent": true, "wont": true}

// ruleGap is how many words may stand between a topic and its permission
// ("pets are very welcome", "se admiten todo tipo de mascotas").
const ruleGap = 3

// cjkRuleTopics name each topic in Japanese (and Chinese), as written.
var cjkRuleTopics = map[string][]string{
	rulePets:     {"ペット", "犬", "猫", "動物", "宠物"},
	ruleSmoking:  {"喫煙", "タバコ", "たばこ", "煙草", "吸烟"},
	ruleParties:  {"パーティー", "パーティ", "イベント", "宴会", "派对", "聚会"},
	ruleChildren: {"子供", "子ども", "お子様", "お子さま", "キッズ", "儿童"},
}

// cjkRuleDenials deny the topic before them within cjkRuleReach
// characters ("ペット不可", "喫煙はできません"); cjkRulePermits allow it
// ("ペット可", "ペット歓迎", "パーティーが可能"). Denials are looked for
// first: "不可" holds "可". "禁煙" denies smoking on its own.
var (
	cjkRuleDenials = []string{"不可", "禁止", "できません", "出来ません", "ご遠慮", "お断り", "NG", "不能", "いけません", "ません", "なし", "無し"}
	cjkRulePermits = []string{"可", "OK", "ＯＫ", "歓迎", "大歓迎", "できます", "出来ます", "いただけます", "大丈夫", "允许", "欢迎"}
)

const cjkRuleReach = 16

// cjkRuleClaims are the statements about the rule topics in a Chinese or
// Japanese clause: a topic, then what allows or denies it.
func cjkRuleClaims(s string) []ruleClaim {
	var out []ruleClaim
	for _, c := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune("。、，！？!?,.;；：:・･()（）「」\n", r) }) {
		if strings.Contains(c, "禁煙") {
			out = append(out, ruleClaim{topic: ruleSmoking, allowed: false, text: "禁煙", words: []string{c}})
		}
		for _, topic := range ruleTopicOrder {
			for _, t := range cjkRuleTopics[topic] {
				i := strings.Index(c, t)
				if i < 0 {
					continue
				}
				rest := []rune(c[i+len(t):])
				rest = rest[:min(len(rest), cjkRuleReach)]
				after := string(rest)
				switch {
				case containsAny(after, cjkRuleDenials):
					out = append(out, ruleClaim{topic: topic, allowed: false, text: t + after, words: []string{c}})
				case containsAny(after, cjkRulePermits):
					out = append(out, ruleClaim{topic: topic, allowed: true, text: t + after, words: []string{c}})
				}
				break
			}
		}
	}
	return out
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// ruleClaims are the statements about pets, smoking, parties and children
// in s, clause by clause, each with whether it allows or denies; in
// Chinese or Japanese by cjkRuleClaims.
func ruleClaims(s string) []ruleClaim {
	var out []ruleClaim
	if prose.HasCJK(s) {
		out = append(out, cjkRuleClaims(s)...)
	}
	for _, ws := range clauses(s) {
		negated := func(end int) bool {
			for _, w := range ws[:end] {
				if ruleNegations[w] {
					return true
				}
			}
			return false
		}
		found := map[string]bool{}
		add := func(topic string, from, to int, allowed bool) {
			if found[topic] {
				return
			}
			found[topic] = true
			out = append(out, ruleClaim{topic: topic, allowed: allowed, text: strings.Join(ws[from:to], " "), words: ws})
		}
		// A topic whose phrases' first words the clause lacks is passed
		// over without walking the clause.
		opens := func(starts map[string]map[string]bool, topic string) bool {
			for _, w := range ws {
				if starts[topic][w] {
					return true
				}
			}
			return false
		}
		for _, topic := range ruleTopicOrder {
			if !opens(ruleDenialStarts, topic) {
				continue
			}
			for i := range ws {
				if n := matchAt(ws, i, ruleDenialSeqs[topic]); n > 0 {
					add(topic, i, i+n, false)
				}
			}
		}
		for _, topic := range ruleTopicOrder {
			if !opens(ruleCompoundStarts, topic) {
				continue
			}
			for i := range ws {
				if n := matchAt(ws, i, ruleCompoundSeqs[topic]); n > 0 {
					add(topic, i, i+n, !negated(i+n))
				}
			}
		}
		permits := rulePermitSeqs
		for _, topic := range ruleTopicOrder {
			if !opens(ruleTopicStarts, topic) {
				continue
			}
			topics := ruleTopicSeqs[topic]
			for i := range ws {
				n := matchAt(ws, i, topics)
				if n == 0 {
					continue
				}
				// The permission after the topic ("pets are welcome") or
				// before it ("bring your dog").
				for j := i + n; j < len(ws) && j <= i+n+ruleGap; j++ {
					if m := matchAt(ws, j, permits); m > 0 {
						add(topic, i, j+m, !negated(j+m))
					}
				}
				for j := i - 1; j >= 0 && j >= i-1-ruleGap; j-- {
					if m := matchAt(ws, j, permits); m > 0 && j+m <= i {
						add(topic, j, i+n, !negated(i+n))
					}
				}
			}
		}
	}
	return out
}

// splitPhrases is phrases (folded, space-separated) as word sequences.
func splitPhrases(ps []string) [][]string {
	out := make([][]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, strings.Fields(p))
	}
	return out
}

// The phrase lists as word sequences, split once.
var (
	ruleTopicSeqs    = splitMap(claimTopicWords)
	ruleCompoundSeqs = splitMap(ruleCompounds)
	ruleDenialSeqs   = splitMap(ruleDenials)
	rulePermitSeqs   = splitPhrases(rulePermits)
)

// The first words of each topic's phrases in ruleDenialSeqs,
// ruleCompoundSeqs and ruleTopicSeqs: a clause without one of them has
// none of the topic's phrases.
var ruleDenialStarts, ruleCompoundStarts, ruleTopicStarts = firstWordsByKey(ruleDenialSeqs), firstWordsByKey(ruleCompoundSeqs), firstWordsByKey(ruleTopicSeqs)

func firstWordsByKey(m map[string][][]string) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for k, ps := range m {
		out[k] = map[string]bool{}
		for _, p := range ps {
			if len(p) > 0 {
				out[k][p[0]] = true
			}
		}
	}
	return out
}

func splitMap(m map[string][]string) map[string][][]string {
	out := map[string][][]string{}
	for k, ps := range m {
		out[k] = splitPhrases(ps)
	}
	return out
}

// clauses are s's clauses as folded words: split at stops, commas,
// semicolons, colons, dashes and line breaks, so a negation reaches only
// its own clause ("No pets; smoking is fine").
func clauses(s string) [][]string {
	var out [][]string
	for _, c := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(".!?…;:,\n()—–|•·", r) }) {
		if ws := prose.Words(strings.ReplaceAll(strings.ReplaceAll(c, "n't", " not"), "n’t", " not")); len(ws) > 0 {
			out = append(out, ws)
		}
	}
	return out
}

// Times.

var (
	// reClockTime is a time of day: "3:00 PM", "15:00", "15h", "3pm",
	// "11 a.m.", "15h30", "15.00 Uhr".
	reClockTime = regexp.MustCompile(`(?i)\b(\d{1,2})(?:([:.h])(\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?|h\b|uhr\b)?`)
	// reCheckIn and reCheckOut are the words that say which time it is,
	// folded.
	checkInWords  = []string{"check in", "checkin", "arrival", "arrive", "entrada", "chegada", "llegada", "arrivo", "ingresso", "arrivee", "anreise", "ankunft", "einchecken"}
	checkOutWords = []string{"check out", "checkout", "departure", "leave by", "saida", "salida", "partenza", "depart", "abreise", "auschecken"}
)

// statedTimes are the check-in and check-out times s states, each as its
// readings in minutes after midnight (a time without "am"/"pm" under 13
// reads as either half of the day): the times after a check-in word
// belong to check-in up to a check-out word, and the reverse, within a
// sentence.
func statedTimes(s string) (in, out [][]int) {
	for _, sent := range timeClauses(s) {
		var cur *[][]int
		// Walk the sentence: words set which time follows, times add.
		low := prose.Fold(sent)
		pos := 0
		for pos < len(low) {
			word := false
			for _, w := range checkInWords {
				if hasWordAt(low, pos, w) {
					cur, pos, word = &in, pos+len(w), true
					break
				}
			}
			if !word {
				for _, w := range checkOutWords {
					if hasWordAt(low, pos, w) {
						cur, pos, word = &out, pos+len(w), true
						break
					}
				}
			}
			if word {
				continue
			}
			// A time starts with a digit: elsewhere the expression, which
			// would scan the rest of the sentence, is not run.
			if cur != nil && low[pos] >= '0' && low[pos] <= '9' {
				if loc := reClockTime.FindStringSubmatchIndex(low[pos:]); loc != nil && loc[0] == 0 {
					if t := clockMinutes(low[pos : pos+loc[1]]); len(t) > 0 {
						*cur = append(*cur, t)
					}
					pos += max(loc[1], 1)
					continue
				}
			}
			pos++
		}
	}
	return in, out
}

// timeClauses are s's sentences cut at semicolons and commas: a time
// belongs to the check-in or check-out its own clause names ("Self
// check-in; quiet hours from 10 PM" states no check-in time).
func timeClauses(s string) []string {
	var out []string
	for _, sent := range prose.Sentences(s) {
		out = append(out, strings.FieldsFunc(sent, func(r rune) bool { return r == ';' || r == ',' })...)
	}
	return out
}

// hasWordAt reports whether w (with '-' or ' ' between its words) starts
// at s[pos] on a word boundary.
func hasWordAt(s string, pos int, w string) bool {
	if pos > 0 && isWordByte(s[pos-1]) {
		return false
	}
	if len(s)-pos < len(w) || s[pos] != w[0] {
		return false
	}
	// w as written, or with hyphens for its spaces ("check-in").
	for k := 0; k < len(w); k++ {
		if c := s[pos+k]; c != w[k] && (w[k] != ' ' || c != '-') {
			return false
		}
	}
	return pos+len(w) == len(s) || !isWordByte(s[pos+len(w)])
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80
}

// clockMinutes reads one time ("3:00 pm", "15h", "15:00") as minutes after
// midnight; a bare number is a time only with "am", "pm", "h" or "uhr"
// or with minutes. One without "am"/"pm" under 13 may be either half of
// the day.
func clockMinutes(m string) []int {
	sm := reClockTime.FindStringSubmatch(m)
	if sm == nil {
		return nil
	}
	h, _ := strconv.Atoi(sm[1])
	mins := 0
	if sm[3] != "" {
		mins, _ = strconv.Atoi(sm[3])
	}
	suffix := strings.ToLower(strings.NewReplacer(".", "", " ", "").Replace(sm[4]))
	if sm[2] == "" && suffix == "" {
		return nil // "2 guests", not a time
	}
	if h > 24 || mins > 59 {
		return nil
	}
	switch suffix {
	case "am":
		return []int{(h%12)*60 + mins}
	case "pm":
		return []int{(h%12+12)*60 + mins}
	}
	if h == 24 {
		h = 0
	}
	if h <= 12 && h > 0 {
		return []int{(h%12)*60 + mins, (h%12+12)*60 + mins}
	}
	return []int{h*60 + mins}
}

// addTimes adds the times a rule's value states ("3:00 PM - 8:00 PM",
// "Anytime after 3PM").
func addTimes(set map[int]bool, v string) {
	for _, m := range reClockTime.FindAllString(prose.Fold(v), -1) {
		for _, t := range clockMinutes(m) {
			set[t] = true
		}
	}
}

// clock writes minutes after midnight as "15:00".
func clock(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }
