package prose

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words splits s into lower-case words of letters and digits, accents
// folded ("Máquina" → "maquina", "Υπνοδωμάτιο" → "υπνοδωματιο"), so one
// phrase list matches however a language or a keyboard writes it.
// Apostrophes inside a word are dropped ("guest's" → "guests"), except
// after an elided article or preposition of French or Italian, which is a
// word of its own ("L’appartamento" → "l", "appartamento"; "dell'alloggio"
// → "dell", "alloggio"); every other character separates words, so
// "wi-fi" is "wi", "fi" and "hot-tub" is "hot", "tub".
func Words(s string) []string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return words(s)
		}
	}
	return asciiWords(s)
}

// asciiWords is Words for text in ASCII, the most read: every word is a
// piece of s, or of one lower-case copy of s when it has capitals, not a
// copy of its own (only a word with an apostrophe dropped inside it is).
func asciiWords(s string) []string {
	low := s
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			low = strings.ToLower(s) // ASCII: the same bytes, capitals lowered
			break
		}
	}
	out := make([]string, 0, len(low)/6+1)
	// The word being read is low[start:i] while it is a piece of low
	// (start >= 0), else joined (an apostrophe dropped inside it), else
	// there is none.
	start := -1
	var joined []byte
	flush := func(end int) {
		switch {
		case joined != nil:
			out = append(out, string(joined))
		case start >= 0:
			out = append(out, low[start:end])
		}
		start, joined = -1, nil
	}
	for i := 0; i < len(low); i++ {
		c := low[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			if joined != nil {
				joined = append(joined, c)
			} else if start < 0 {
				start = i
			}
		case c == '\'':
			elided := false
			switch {
			case joined != nil:
				elided = elisions[string(joined)]
			case start >= 0:
				elided = elisions[low[start:i]]
			}
			if elided {
				flush(i)
			} else if start >= 0 {
				// the word goes on without the apostrophe: no piece of low now
				joined, start = []byte(low[start:i]), -1
			}
		default:
			flush(i)
		}
	}
	flush(len(low))
	return out
}

// words is Words for any text.
func words(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			b.WriteByte(byte(r)) // most text: no tables to look up
		case r < utf8.RuneSelf && r >= 'A' && r <= 'Z':
			b.WriteByte(byte(r) + 'a' - 'A')
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(FoldRune(unicode.ToLower(r)))
		case unicode.Is(unicode.Mn, r):
			// a combining accent (decomposed text): dropped
		case r == '\'' || r == '’':
			if elisions[b.String()] {
				flush()
			}
			// else keep the word together
		default:
			flush()
		}
	}
	flush()
	return out
}

// elisions are the French and Italian words written with an apostrophe
// before the next word: l'appartement, d'interesse, nell'edificio.
var elisions = map[string]bool{"l": true, "d": true, "j": true, "m": true, "n": true, "s": true, "t": true, "c": true,
	"qu": true, "dell": true, "all": true, "dall": true, "nell": true, "sull": true, "coll": true, "un": true,
	"quell": true, "quest": true, "lorsqu": true, "puisqu": true, "jusqu": true}

// WordCount counts the words of s as the description analysis does: words
// with at least one letter ("2" and "–" are not words).
func WordCount(s string) int {
	n := 0
	for _, w := range Words(s) {
		if hasLetter(w) {
			n++
		}
	}
	return n
}

// hasLetter reports whether w has a letter: "2" and "–" are no words.
func hasLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// Length is the length of s as listing sites count it: Unicode code points.
func Length(s string) int { return utf8.RuneCountInString(s) }

// Sentences splits plain text into sentences: at ., ! or ? followed by a
// space or the end, and at line breaks (listing descriptions use lines as
// sentences and headings).
func Sentences(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		start := 0
		rs := []rune(line)
		for i := 0; i < len(rs); i++ {
			if rs[i] == '.' || rs[i] == '!' || rs[i] == '?' {
				j := i + 1
				for j < len(rs) && (rs[j] == '.' || rs[j] == '!' || rs[j] == '?' || rs[j] == '"' || rs[j] == ')' || rs[j] == '’') {
					j++
				}
				if j == len(rs) || unicode.IsSpace(rs[j]) {
					if seg := strings.TrimSpace(string(rs[start:j])); seg != "" {
						out = append(out, seg)
					}
					start = j
					i = j - 1
				}
			}
		}
		if seg := strings.TrimSpace(string(rs[start:])); seg != "" {
			out = append(out, seg)
		}
	}
	return out
}

// CutRunes cuts s to n characters, with "…" when cut.
func CutRunes(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return strings.TrimSpace(string(rs[:n-1])) + "…"
}
