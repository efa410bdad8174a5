package listing

import (
	"github.com/listinglift/listinglift/backend/freetext"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// PlainText turns an HTML fragment (a listing description) into plain text:
// tags are stripped, entities decoded, <br> becomes a newline, paragraphs and
// other blocks are separated by one blank line, and runs of spaces collapse.
// Text without markup comes back with its whitespace tidied the same way.
func PlainText(fragment string) string {
	if !strings.ContainsAny(fragment, "<&") {
		return tidy(fragment)
	}
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(fragment))
	skip := 0 // inside <script>/<style>
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return tidy(b.String())
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			switch a {
			case atom.Script, atom.Style:
				if tt == html.EndTagToken {
					skip = max(0, skip-1)
				} else {
					skip++
				}
			case atom.Br:
				b.WriteString("\n")
			case atom.P, atom.Div, atom.Li, atom.Ul, atom.Ol, atom.H1, atom.H2, atom.H3, atom.H4,
				atom.H5, atom.H6, atom.Section, atom.Blockquote, atom.Tr, atom.Table:
				b.WriteString("\n\n")
			}
		}
	}
}

// tidy is text read from a page as we keep it: freetext.Text's paragraphs
// (spaces collapsed, at most one blank line between paragraphs), and like
// typed text, without control or bidi-override characters.
func tidy(s string) string { return freetext.Text(s) }

// LeadingNumber reads the number a phrase starts with: "4 guests" → 4,
// "1.5 baths" → 1.5, "1,234 reviews" → 1234. ok is false when the phrase
// does not start with a number.
func LeadingNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	end := 0
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '.' || s[end] == ',') {
		end++
	}
	if end == 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(plainNumber(strings.TrimRight(s[:end], ".,")), 64)
	return f, err == nil
}

// plainNumber is num for strconv: "1,5" (a decimal comma: one or two
// digits after it, and no point, as Portuguese, Italian and most of Europe
// write) is 1.5; "1,234" (thousands) is 1234.
func plainNumber(num string) string {
	if i := strings.LastIndexByte(num, ','); i >= 0 && !strings.Contains(num, ".") && len(num)-i-1 < 3 {
		num = num[:i] + "." + num[i+1:]
	}
	return strings.ReplaceAll(num, ",", "")
}

// ParseNumber reads a JSON-ish number that sites send as a number or a
// string ("4.92", "1,234", "4,92"); ok is false for anything else.
func ParseNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(plainNumber(s), 64)
	if err != nil || f != f { // NaN
		return 0, false
	}
	return f, true
}

// currencySymbols maps price prefixes to ISO 4217 codes. Longer prefixes
// come first so "CA$" wins over "$". A bare "$" is read as USD because we
// fetch every page from the platform's US site.
var currencySymbols = []struct{ sym, code string }{
	{"US$", "USD"}, {"CA$", "CAD"}, {"C$", "CAD"}, {"A$", "AUD"}, {"AU$", "AUD"}, {"NZ$", "NZD"},
	{"MX$", "MXN"}, {"R$", "BRL"}, {"HK$", "HKD"}, {"S$", "SGD"}, {"$", "USD"}, {"€", "EUR"},
	{"£", "GBP"}, {"¥", "JPY"}, {"₹", "INR"}, {"₩", "KRW"}, {"₺", "TRY"}, {"₱", "PHP"},
	{"zł", "PLN"}, {"kr", "SEK"}, {"CHF", "CHF"}, {"฿", "THB"},
}

// ParseMoney reads a displayed price such as "$185", "€1.234", "£95 night"
// or "EUR 120". It returns the amount and an ISO currency code when one can
// be told; ok is false when no amount is present.
func ParseMoney(s string) (amount float64, currency string, ok bool) {
	s = strings.TrimSpace(strings.ReplaceAll(s, "\u00a0", " "))
	rest := s
	for _, c := range currencySymbols {
		if strings.HasPrefix(rest, c.sym) {
			currency, rest = c.code, strings.TrimSpace(rest[len(c.sym):])
			break
		}
	}
	if currency == "" && len(rest) > 4 && rest[3] == ' ' && isUpper(rest[:3]) {
		currency, rest = rest[:3], strings.TrimSpace(rest[4:])
	}
	end := 0
	for end < len(rest) {
		c := rest[end]
		if c >= '0' && c <= '9' || c == '.' || c == ',' {
			end++
			continue
		}
		// "1 200 kr": a space between digit groups is a thousands separator.
		if c == ' ' && end > 0 && end+4 <= len(rest) && isDigitsASCII(rest[end+1:end+4]) && (end+4 == len(rest) || !isDigitByte(rest[end+4])) {
			rest = rest[:end] + rest[end+1:]
			continue
		}
		break
	}
	num := strings.TrimRight(rest[:end], ".,")
	if num == "" {
		return 0, "", false
	}
	if currency == "" {
		after := strings.TrimSpace(rest[end:])
		for _, c := range currencySymbols {
			if strings.HasPrefix(after, c.sym) {
				currency = c.code
				break
			}
		}
	}
	// "1.234" in euros is a thousands separator; "12.50" is cents.
	switch i := strings.LastIndexAny(num, ".,"); {
	case i < 0:
	case len(num)-i-1 == 3: // a thousands separator: 1.234 or 1,234
		num = strings.NewReplacer(".", "", ",", "").Replace(num)
	case num[i] == ',': // a decimal comma: 1.234,50
		num = strings.ReplaceAll(num[:i], ".", "") + "." + num[i+1:]
	default:
		num = strings.ReplaceAll(num, ",", "")
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, "", false
	}
	return f, currency, true
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

func isDigitsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigitByte(s[i]) {
			return false
		}
	}
	return s != ""
}

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
