package booking

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/meta"
)

// Booking.com writes the property's name in many places: the Apollo
// cache (Property.name, BasicPropertyData.name, the room table's
// propertyName), the JSON-LD Hotel's name, the page header (<h2
// class="pp-header__title"> in #hp_hotel_name, data-testid="title" in other
// layouts), the b_hotel_name variable of its inline script, og:title and
// <title> ("<name>, <city> (updated prices 2026)"). Saved pages differ in
// which of them survive and in how the markup wraps the name (over two
// lines, in nested spans, with no-break spaces), so the name is taken from
// the first that has it, as one line, before the page is said to have none.

// oneLine is s with every run of white space — newlines, tabs, no-break
// and other Unicode spaces — made one space: a name is one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// setTitle sets the title from name, made one line; false when nothing is
// left of it.
func setTitle(l *listing.Listing, name, src string) bool {
	t := oneLine(listing.PlainText(name))
	if t == "" {
		return false
	}
	l.Title = t
	l.Set(listing.FieldTitle, src)
	return true
}

// applyTitleFallbacks reads the name from the places after the cache and
// the JSON-LD, in order of trust, when they gave none (or only white
// space): the header, the inline script's b_hotel_name, og:title and
// <title>. A title already read is made one line.
func applyTitleFallbacks(l *listing.Listing, page []byte, d *meta.Doc, headers [][]byte) {
	if l.Has(listing.FieldTitle) {
		if t := oneLine(l.Title); t != "" {
			l.Title = t
			return
		}
		l.Title = ""
		delete(l.Sources, listing.FieldTitle)
	}
	for _, el := range headers {
		if setTitle(l, string(el), listing.SourceMarkup) {
			return
		}
	}
	if el := headerByClass(page); el != nil && setTitle(l, string(el), listing.SourceMarkup) {
		return
	}
	if name, ok := jsString(page, "b_hotel_name"); ok && setTitle(l, name, listing.SourceMarkup) {
		return
	}
	if setTitle(l, docTitle(d.Get("og:title"), l.Location.City), listing.SourceOpenGraph) {
		return
	}
	setTitle(l, docTitle(d.Title, l.Location.City), listing.SourceMeta)
}

// headerClass marks the page header's name: <h2 class="… pp-header__title">.
const headerClass = "pp-header__title"

// headerByClass is the element whose class holds headerClass, nil when
// the page has none. The class is found by a search of the page, and only
// when the name is still unread: the other places come first.
func headerByClass(page []byte) []byte {
	for off := 0; off < len(page); {
		i := bytes.Index(page[off:], []byte(headerClass))
		if i < 0 {
			return nil
		}
		i += off
		off = i + len(headerClass)
		// The class must end there (not pp-header__title-wrapper).
		if off < len(page) && (page[off] == '-' || page[off] == '_' || isLetter(page[off])) {
			continue
		}
		if el, _ := elementAt(page, i); el != nil {
			return el
		}
	}
	return nil
}

// jsString reads the string value of name in the page's inline script
// (b_hotel_name: 'Strand Palace',), JavaScript escapes undone.
func jsString(page []byte, name string) (string, bool) {
	key := []byte(name + ":")
	for off := 0; off < len(page); {
		i := bytes.Index(page[off:], key)
		if i < 0 {
			return "", false
		}
		i += off
		off = i + len(key)
		if i > 0 && (isLetter(page[i-1]) || page[i-1] == '_') {
			continue // b_hotel_name is not some_b_hotel_name
		}
		j := off
		for j < len(page) && (page[j] == ' ' || page[j] == '\t') {
			j++
		}
		if j >= len(page) || page[j] != '\'' && page[j] != '"' {
			continue
		}
		if s, ok := jsUnquote(page[j:]); ok {
			return s, true
		}
	}
	return "", false
}

// jsUnquote reads the JavaScript string literal at the start of b (quoted
// with ' or "), up to 1000 bytes: its text with \n, \t, \uXXXX, \xXX and
// escaped characters undone.
func jsUnquote(b []byte) (string, bool) {
	q := b[0]
	var out strings.Builder
	for i := 1; i < len(b) && i < 1000; i++ {
		c := b[i]
		switch {
		case c == q:
			return out.String(), true
		case c == '\n':
			return "", false // a string literal does not span lines
		case c != '\\' || i+1 >= len(b):
			out.WriteByte(c)
			continue
		}
		i++
		switch e := b[i]; e {
		case 'n', 'r', 't', 'f', 'v':
			out.WriteByte(' ')
		case 'u', 'x':
			n := 4
			if e == 'x' {
				n = 2
			}
			if i+n < len(b) {
				if r, err := strconv.ParseUint(string(b[i+1:i+1+n]), 16, 32); err == nil && utf8.ValidRune(rune(r)) {
					out.WriteRune(rune(r))
					i += n
					continue
				}
			}
			out.WriteByte(e)
		default:
			out.WriteByte(e)
		}
	}
	return "", false
}

// docTitle is the name in Booking.com's <title> or og:title, "<name>,
// <city> (updated prices 2026)" in the page's language ("(precios
// actualizados en 2026)", "(bijgewerkte prijzen 2026)"), or the older
// "<name>, <city> – Updated 2024 Prices" and "… – Booking.com": the
// decoration (the last part that names a year, or the site) is taken off,
// and with it the city it follows — city when known, else the last
// comma's part. Without a decoration the text is taken as it is. "" for
// the site's own pages ("Booking.com: Hotels in …").
func docTitle(t, city string) string {
	t = oneLine(t)
	for _, sfx := range []string{" – Booking.com", " - Booking.com", " | Booking.com"} {
		t = strings.TrimSuffix(t, sfx)
	}
	if strings.EqualFold(t, "Booking.com") || strings.HasPrefix(t, "Booking.com:") {
		return ""
	}
	decorated := false
	if strings.HasSuffix(t, ")") {
		if i := strings.LastIndex(t, " ("); i > 0 && namesYear(t[i:]) {
			t, decorated = t[:i], true
		}
	}
	if !decorated {
		for _, dash := range []string{" – ", " - ", " — "} {
			if i := strings.LastIndex(t, dash); i > 0 && namesYear(t[i:]) {
				t, decorated = t[:i], true
				break
			}
		}
	}
	if !decorated {
		return t
	}
	if city != "" {
		if s, ok := strings.CutSuffix(t, ", "+city); ok && s != "" {
			return s
		}
	}
	if i := strings.LastIndex(t, ", "); i > 0 {
		return t[:i]
	}
	return t
}

// namesYear reports whether s holds a year of this century (2026).
func namesYear(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if s[i] == '2' && s[i+1] == '0' && isDigit(s[i+2]) && isDigit(s[i+3]) &&
			(i == 0 || !isDigit(s[i-1])) && (i+4 == len(s) || !isDigit(s[i+4])) {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
