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

// asciiWords is Words for text in ASCII, the most read: a word written
// in lower case is a piece of s, not a copy.
func asciiWords(s string) []string {
	out := make([]string, 0, len(s)/6+1)
	// The word being read is s[start:i] while it is a piece of s written in
	// lower case (start >= 0), else joined (a capital read, or an apostrophe
	// dropped inside it), else there is none.
	start := -1
	var joined []byte
	flush := func(end int) {
		switch {
		case joined != nil:
			out = append(out, string(joined))
		case start >= 0:
			out = append(out, s[start:end])
		}
		start, joined = -1, nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			if joined != nil {
				joined = append(joined, c)
			} else if start < 0 {
				start = i
			}
		case c >= 'A' && c <= 'Z':
			if joined == nil {
				if start >= 0 {
					joined = []byte(s[start:i])
				} else {
					joined = make([]byte, 0, 16)
				}
				start = -1
			}
			joined = append(joined, c+'a'-'A')
		case c == '\'':
			w := string(joined)
			if joined == nil && start >= 0 {
				w = s[start:i]
			}
			if elisions[w] {
				flush(i)
			} else if start >= 0 {
				// the word goes on without the apostrophe: no piece of s now
				joined, start = []byte(w), -1
			}
		default:
			flush(i)
		}
	}
	flush(len(s))
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
