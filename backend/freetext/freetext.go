// Package freetext cleans text a person typed before it is stored: a
// display name, a listing title or description typed into the form. Shown
// later on the dashboard, in reports and in e-mails, it must read as what
// it is: NFC-normalised, without control characters (NUL, ANSI escapes)
// or the bidirectional marks, overrides and isolates that can make text
// read differently from what it is.
package freetext

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Line is one line of text (a name, a title): every control character,
// line breaks and tabs included, separates words as one space; runs of
// spaces are collapsed and the ends trimmed.
func Line(s string) string {
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

// Text is text in paragraphs (a listing description): each line is
// cleaned as Line, line breaks are kept as "\n" (CR LF and CR become LF),
// at most one blank line stands between paragraphs, and blank lines at the
// ends are dropped.
func Text(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	// The paragraph and line separators are line breaks too.
	s = strings.NewReplacer("\u2028", "\n", "\u2029", "\n", "\u0085", "\n").Replace(s)
	var out []string
	blank := false
	for _, line := range strings.Split(s, "\n") {
		line = Line(line)
		if line == "" {
			blank = len(out) > 0
			continue
		}
		if blank {
			out = append(out, "")
			blank = false
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// isBidiControl reports the explicit directional marks, embeddings,
// overrides and isolates (U+200E–U+200F, U+202A–U+202E, U+2066–U+2069).
func isBidiControl(r rune) bool {
	return r == 0x200E || r == 0x200F || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}
