package httpapi

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// cleanText is free text a person typed, as it is stored: NFC-normalised,
// without control characters (NUL, CR/LF, ANSI escapes) or the bidirectional
// overrides and isolates that can make a name read differently from what it
// is, and with runs of spaces collapsed. Shown later on the dashboard and in
// e-mails, it must look as it is.
func cleanText(s string) string {
	s = norm.NFC.String(s)
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsControl(r), isBidiControl(r):
			r = ' ' // a line break or tab still separates words
		case r == unicode.ReplacementChar:
			continue
		}
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// isBidiControl reports the explicit directional marks, embeddings,
// overrides and isolates (U+200E–U+200F, U+202A–U+202E, U+2066–U+2069).
func isBidiControl(r rune) bool {
	return r == 0x200E || r == 0x200F || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}
