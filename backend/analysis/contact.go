package analysis

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/listinglift/listinglift/backend/prose"
)

// ContactMatch is one contact detail found in a text: its kind ("email",
// "link", "phone" or "handle") and the words that give it away.
type ContactMatch struct {
	Kind, Text string
}

// ContactDetails returns the kinds of contact detail found in s: "email",
// "link", "phone" or "handle", each once. Airbnb removes them from
// listings and they break every site's off-platform contact rules.
func ContactDetails(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range ContactMatches(s) {
		if !seen[m.Kind] {
			seen[m.Kind] = true
			out = append(out, m.Kind)
		}
	}
	return out
}

// ContactMatches returns the contact details of s in every disguise the
// sites' filters and hosts use: e-mail addresses plain or spelled out
// ("host at gmail dot com", "host(at)gmail(dot)com"), links in any
// top-level domain ("www.loft.pt", "casa-azul.de", "bit.ly/x"), phone
// numbers, and phrases that send the guest off the site ("WhatsApp me",
// "call or text", "book direct", "me ligue", "ruf mich an"), ordered by
// kind: e-mail, link, phone, handle.
func ContactMatches(s string) []ContactMatch {
	var out []ContactMatch
	add := func(kind, text string) { out = append(out, ContactMatch{kind, strings.TrimSpace(text)}) }
	// Each rule runs only where its tell-tale is in the text (an "@", a
	// "dot", seven digits…): most copy has none, and every title a writer
	// tries passes here.
	lower := strings.ToLower(s)
	spelledDot := containsAnyWord(lower, "dot", "ponto", "punto", "point", "punkt")
	may := []bool{
		spelledDot,                     // reSpelledEmail
		strings.Contains(s, "@"),       // host@example.com
		strings.ContainsAny(s, "([{<"), // host(at)gmail(dot)com
		spelledDot,                     // gmail ponto com
		containsAnyWord(lower, "gmail", "googlemail", "hotmail", "yahoo", "icloud", "protonmail", "gmx"), // a provider
	}
	// Each finding is taken out of the text the next rules read, so a
	// detail is named once, by its fullest disguise.
	rest := s
	for i, re := range append([]*regexp.Regexp{reSpelledEmail}, reEmails...) {
		if !may[i] {
			continue
		}
		ms := re.FindAllString(rest, -1)
		for _, m := range ms {
			add("email", m)
		}
		if len(ms) > 0 {
			rest = re.ReplaceAllString(rest, " ")
		}
	}
	if strings.Contains(lower, "://") || strings.Contains(lower, "www") {
		ms := reURL.FindAllString(rest, -1)
		for _, m := range ms {
			add("link", m)
		}
		if len(ms) > 0 {
			rest = reURL.ReplaceAllString(rest, " ")
		}
	}
	if strings.Contains(rest, ".") {
		for _, m := range domains(rest) {
			add("link", m)
		}
	}
	if digits(s) >= 7 && numberRun(s, 7) {
		rest = s
		for _, re := range rePhones {
			for _, m := range re.FindAllString(rest, -1) {
				if digits(m) >= 9 || (strings.ContainsAny(m, "+") && digits(m) >= 8) || re == rePhoneAfterVerb {
					add("phone", m)
					rest = strings.Replace(rest, m, " ", 1)
				}
			}
		}
	}
	if strings.Contains(s, "@") || strings.Contains(lower, "facebook") {
		for _, m := range reHandle.FindAllString(s, -1) {
			add("handle", m)
		}
	}
	ws := prose.Words(s)
	found := map[int]bool{}
	for i, w := range ws {
		for _, k := range contactPhraseStarts[w] {
			if p := contactPhraseWords[k]; i+len(p) <= len(ws) && slices.Equal(ws[i:i+len(p)], p) {
				found[k] = true
			}
		}
	}
	for k, p := range contactPhrases { // in the list's order
		if found[k] {
			add("handle", p)
		}
	}
	return dedupeContacts(out)
}

// containsAnyWord reports whether lower holds any of the words (as text,
// not necessarily whole words: a cheap tell-tale before a regexp).
func containsAnyWord(lower string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

func dedupeContacts(ms []ContactMatch) []ContactMatch {
	var out []ContactMatch
	seen := map[ContactMatch]bool{}
	for _, m := range ms {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}

// numberRun reports whether s has a run of at least n characters that a
// phone number is written with (digits, spaces, brackets, dots, dashes)
// beginning and ending with a digit: every phone rePhones finds is one, and
// most text ("check-in 15:00, 2 bedrooms") has none, so the expressions
// are not run over it.
func numberRun(s string, n int) bool {
	start, lastDigit := -1, -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if start < 0 {
				start = i
			}
			lastDigit = i
			if lastDigit-start+1 >= n {
				return true
			}
		case start >= 0 && strings.IndexByte(" \t\n\f\r().-", c) >= 0:
			// inside a run
		default:
			start, lastDigit = -1, -1
		}
	}
	return false
}

func digits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

// gTLDs are the generic top-level domains a host's or a holiday home's
// site uses — not the ones that are everyday words ("top", "live",
// "bar") or places ("rio", "paris"), which follow a full stop whose space
// was forgotten ("av.rio branco"); any two lower-case letters are a
// country's (ccTLD, see domains).
const gTLDs = `com|net|org|info|biz|io|co|me|ly|app|dev|xyz|online|site|website|house|rentals|holiday|holidays|travel|villas|` +
	`apartments|homes|vacations|eu|asia|pro|mobi|name|tv|cc|ws|fm|ai`

var (
	reEmails = []*regexp.Regexp{
		// host@example.com, and with spaces: host @ example . com
		regexp.MustCompile(`[\p{L}0-9._%+-]+\s*@\s*[\p{L}0-9-]+(?:\s*\.\s*[\p{L}0-9-]+)*\s*\.\s*[A-Za-z]{2,}`),
		// host(at)gmail(dot)com, host [at] gmail [.] com: an "at" or a dot in brackets
		regexp.MustCompile(`(?i)[\p{L}0-9._%+-]*\s*[(\[{<]\s*(?:at|arroba|chiocciola|ät|@|dot|punto|ponto|point|punkt|\.)\s*[)\]}>]\s*[\p{L}0-9._-]*`),
		// gmail ponto com, loft dot com
		regexp.MustCompile(`(?i:\b[\p{L}0-9-]+\s+(?:dot|ponto|punto|point|punkt)\s+)(?:com|net|org|info|biz|io)\b`),
		// a mail provider named: there is no other reason to
		regexp.MustCompile(`(?i)\b(?:gmail|googlemail|hotmail|yahoo|icloud|protonmail|gmx)\b`),
	}
	// host at gmail dot com ("host at gmail.com" is a link, and names a
	// mail provider)
	reSpelledEmail = regexp.MustCompile(`(?i:\b[\p{L}0-9._%+-]+\s+(?:at|arroba|chez|chiocciola)\s+[\p{L}0-9-]*\p{L}[\p{L}0-9-]*\s+(?:dot|ponto|punto|point|punkt)\s+)(?:` + gTLDs + `|[a-z]{2})\b`)
	reURL          = regexp.MustCompile(`(?i)\b(?:https?|ftp)\s*:\s*//\S*|\bwww\d?\s*\.\s*\S+`)
	// reDomain is a candidate host name: labels of letters, digits and
	// hyphens joined by dots (domains judges it).
	reDomain = regexp.MustCompile(`[\p{L}0-9][\p{L}0-9-]*(?:\.[\p{L}0-9][\p{L}0-9-]*)+(/\S*)?`)
	reGTLD   = regexp.MustCompile(`^(?:` + gTLDs + `)$`)
	// A phone number: at least 9 digits (8 after a + and a country code)
	// with only spaces, dots, dashes and brackets between them; or a
	// shorter number right after "call", "tel"... ("call 555-0142").
	rePhones = []*regexp.Regexp{
		rePhoneAfterVerb,
		regexp.MustCompile(`\+?\(?\d[\d\s().-]{7,}\d`),
	}
	rePhoneAfterVerb = regexp.MustCompile(`(?i)\b(?:call|text|phone|tel|telephone|mobile|cell|whatsapp|ligue|liga|telefone|celular|llama|llámame|llamame|teléfono|telefono|chiama|chiamami|cellulare|appelez|appelle|téléphone|tél|anrufen|telefon|handy)\b[\s.:]*(?:\+|00)?\d[\d\s().-]{5,}\d`)
	reHandle         = regexp.MustCompile(`(?i)(?:^|\s)@[a-z0-9_.]{3,}|\bfacebook\.com\b`)
)

// contactPhraseWords are contactPhrases as words, and contactPhraseStarts
// their places in the list by first word: a text is read once, word by
// word, for all of them.
var contactPhraseWords, contactPhraseStarts = func() ([][]string, map[string][]int) {
	words := make([][]string, len(contactPhrases))
	starts := map[string][]int{}
	for i, p := range contactPhrases {
		words[i] = strings.Fields(p)
		starts[words[i][0]] = append(starts[words[i][0]], i)
	}
	return words, starts
}()

// contactPhrases send a guest to contact or pay the host off the site, in
// the copy languages, as Words writes them (lower case, accents folded:
// "llámame" is "llamame", "appelez-moi" is "appelez moi").
var contactPhrases = []string{
	// en
	"call me", "text me", "email me", "e mail me", "dm me", "dm us", "pm me", "direct message", "message me directly", "message us directly",
	"contact me directly", "contact us directly", "contact the host directly", "reach me at", "reach us at", "call or text", "text or call",
	"call text", "text call", "book direct", "book directly", "booking direct", "book with us directly", "book with me directly",
	"whatsapp", "telegram", "wechat", "viber", "skype", "snapchat", "instagram", "facebook", "signal me",
	// pt
	"me ligue", "ligue me", "me liga", "liga me", "ligue para", "chama no zap", "no zap", "chama no whats", "no whats", "me chame no",
	"reserve direto", "reserva direta", "reserve diretamente", "reservas diretas", "contato direto", "fale direto", "direto comigo",
	// es
	"llamame", "llameme", "llamanos", "escribeme al", "reserva directa", "reserve directamente", "reserva directamente", "reservas directas",
	"contactame directamente", "contactenos directamente", "contacta directamente",
	// it
	"contattami", "contattatemi", "contattaci direttamente", "contattateci direttamente", "chiamami", "chiamatemi", "chiamateci", "scrivimi su",
	"prenota direttamente", "prenotate direttamente", "prenotazione diretta", "prenotazioni dirette",
	// fr
	"appelez moi", "appelle moi", "appelez nous", "contactez moi directement", "contactez nous directement", "reservez en direct",
	"reservation directe", "reservez directement", "ecrivez moi sur",
	// de
	"ruf mich an", "ruft mich an", "rufen sie mich an", "rufen sie uns an", "ruft uns an", "direkt buchen", "direkt bei uns buchen",
	"direkt bei mir buchen", "buchen sie direkt", "kontaktieren sie mich direkt", "kontaktieren sie uns direkt", "schreib mir auf",
}

// shortWords are two-letter words of the copy languages that are also
// countries' domains (.do, .de, .it, .no): after a full stop a space
// forgot ("praia.do mar", "mare.il"), they are no link unless the name
// before them reads as a site's (a hyphen or a digit: "casa-azul.de").
var shortWords = map[string]bool{"do": true, "de": true, "da": true, "di": true, "du": true, "el": true, "en": true, "es": true, "et": true,
	"il": true, "in": true, "la": true, "le": true, "lo": true, "mi": true, "no": true, "na": true, "ne": true, "se": true, "si": true,
	"su": true, "te": true, "tu": true, "to": true, "al": true, "at": true, "as": true, "be": true, "by": true, "is": true, "it": true,
	"of": true, "on": true, "or": true, "so": true, "up": true, "us": true, "we": true, "an": true, "am": true, "ao": true, "os": true,
	"em": true, "um": true, "ya": true, "yo": true, "je": true, "ma": true, "mo": true, "ou": true, "sa": true, "ta": true, "ti": true,
	"va": true, "vi": true, "ci": true, "ce": true, "ha": true, "ho": true, "hi": true, "ad": true, "ed": true, "er": true}

// siteBrands are the listing sites whose name is a domain: "Booking.com"
// alone names the site, as "Airbnb" does; with "www." or a path it is a
// link.
var siteBrands = map[string]bool{"booking.com": true}

// domains returns the host names in s: labels joined by dots ending in a
// top-level domain written in lower case (or the whole name in capitals)
// — a generic one (.com, .house) or a country's two letters, except a
// short word after a missing space — or anything followed by a path
// ("bit.ly/x").
func domains(s string) []string {
	var out []string
	for _, ix := range reDomain.FindAllStringSubmatchIndex(s, -1) {
		m := s[ix[0]:ix[1]]
		if ix[0] > 0 {
			if r := lastRune(s[:ix[0]]); r == '@' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue
			}
		}
		host, path := m, ""
		if ix[2] >= 0 {
			host, path = s[ix[0]:ix[2]], s[ix[2]:ix[3]]
		}
		labels := strings.Split(host, ".")
		tld := labels[len(labels)-1]
		name := labels[len(labels)-2]
		if !hasLetter(name) || !asciiLetters(tld) || len(tld) < 2 {
			continue
		}
		if tld != strings.ToLower(tld) && host != strings.ToUpper(host) {
			continue // "praia.Com piscina": a sentence after a missing space
		}
		tld = strings.ToLower(tld)
		switch {
		case path != "" && len(path) > 1:
			out = append(out, m) // bit.ly/x
		case siteBrands[strings.ToLower(host)]:
		case reGTLD.MatchString(tld), len(labels) > 2 && reGTLD.MatchString(strings.ToLower(labels[len(labels)-2])):
			out = append(out, m)
		case len(tld) == 2 && (!shortWords[tld] || strings.ContainsAny(name, "-0123456789") || len(labels) > 2):
			out = append(out, m)
		}
	}
	return out
}

func lastRune(s string) rune {
	rs := []rune(s)
	return rs[len(rs)-1]
}

func asciiLetters(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}
