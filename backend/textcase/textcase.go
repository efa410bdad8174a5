// Package textcase capitalises the words a report, the PDF and the e-mail
// show, letter-safe for every script we read ("ótimo" → "Ótimo"): one
// rule, so an amenity or a theme reads the same in every place.
package textcase

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// UpperFirst capitalises the first letter: "hot tub" → "Hot tub".
func UpperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Words capitalises the first letter of each word, spaces collapsed:
// "hot  tub" → "Hot Tub".
func Words(s string) string {
	ws := strings.Fields(s)
	for i, w := range ws {
		ws[i] = UpperFirst(w)
	}
	return strings.Join(ws, " ")
}
