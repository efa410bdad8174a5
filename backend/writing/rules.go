package writing

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ruleLines are the host's rule lines as the host wrote them: a line the
// page broke mid-sentence (it starts with a small letter after a line that
// ends without a stop or a colon) is joined to the one before; nothing is
// added, so "Responsável pela reserva:" stays a heading of what follows,
// never the empty sentence "Responsável pela reserva:.". Empty lines and
// repeats are dropped.
func ruleLines(rules []string) []string {
	var out []string
	for _, r := range rules {
		r = strings.Join(strings.Fields(plainHostText(r)), " ") // no markup or symbols reach the copy
		if r == "" || pageControls[strings.ToLower(strings.Trim(r, " .…"))] {
			continue
		}
		if n := len(out); n > 0 && continuesLine(out[n-1], r) {
			out[n-1] += " " + r
			continue
		}
		out = append(out, r)
	}
	return dedupeLines(out)
}

// continuesLine reports whether next carries on prev's sentence.
func continuesLine(prev, next string) bool {
	last, _ := utf8.DecodeLastRuneInString(prev)
	if strings.ContainsRune(".!?:;)", last) {
		return false
	}
	first, _ := utf8.DecodeRuneInString(next)
	return unicode.IsLower(first)
}

// dedupeLines drops a line that repeats an earlier one (case and spacing
// aside): no line of copy is printed twice.
func dedupeLines(lines []string) []string {
	seen := map[string]bool{}
	out := lines[:0:0]
	for _, l := range lines {
		k := strings.ToLower(strings.Join(strings.Fields(l), " "))
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, l)
	}
	return out
}

// pageControls are a page's buttons read along with the rules.
var pageControls = map[string]bool{"show more": true, "read more": true, "mostrar mais": true, "mostrar más": true,
	"mostra altro": true, "afficher plus": true, "mehr anzeigen": true, "ler mais": true, "leer más": true}

// stated is a value the page gives, without the stop it may end with, so
// a sentence built around it ends with one stop ("11:00 a.m.", not
// "11:00 a.m..").
func stated(v string) string { return strings.TrimRight(strings.TrimSpace(v), ".") }
