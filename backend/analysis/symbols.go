package analysis

import (
	"unicode"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/prose"
)

// textSymbols are the symbols ordinary copy needs: signs for sums,
// sizes and comparisons (+ − ± × ÷ = ~ ≈ < > ≤ ≥: "kids over 12" may be
// written ">12"), the separator titles use (|), the degree sign and the
// degree units (°, "25 °C", ℃, ℉); currency signs (€ $ £ ¥ R$ …) are all
// allowed. A tag's brackets are markup, which the copy checks reject.
var textSymbols = map[rune]bool{'+': true, '−': true, '±': true, '×': true, '÷': true, '=': true, '~': true, '≈': true,
	'<': true, '>': true, '≤': true, '≥': true, '|': true, '°': true, '℃': true, '℉': true}

// decorations are punctuation that only decorates: daggers, the
// reference mark, doubled marks, list triangles and the heavy brackets
// of "【NEW】".
var decorations = map[rune]bool{'†': true, '‡': true, '※': true, '‼': true, '⁉': true, '⁂': true, '‣': true, '⁃': true, '⁎': true,
	'⁑': true, '⁕': true, '⁜': true, '¶': true, '【': true, '】': true, '〖': true, '〗': true, '〘': true, '〙': true}

// IsSymbol reports whether r is a symbol or pictograph that listing sites
// strip from titles and that reads as decoration in copy: other symbols
// (▶ ™ ® © ★ ✓, box drawing, dingbats), arrows and mathematical signs
// (→ ⇒ ∞), modifier marks (^ ` ´), styled letters (𝐁𝐨𝐥𝐝, Ⓐ, ①),
// private-use icons, unassigned code points and a broken character
// (U+FFFD); not letters, digits, punctuation, currency signs or
// textSymbols. Emoji are prose.IsEmoji's.
func IsSymbol(r rune) bool {
	switch {
	case textSymbols[r]:
		return false
	case unicode.Is(unicode.So, r), unicode.Is(unicode.Sk, r), unicode.Is(unicode.Sm, r), unicode.Is(unicode.Co, r),
		decorations[r], r == utf8.RuneError:
		return true
	case r >= 0x1D400 && r <= 0x1D7FF, // mathematical alphanumerics: "𝗟𝗼𝗳𝘁" in a fake bold
		r >= 0x2460 && r <= 0x24FF, // enclosed alphanumerics ① Ⓐ
		r >= 0xFF01 && r <= 0xFF5E && (unicode.IsLetter(r) || unicode.IsDigit(r)): // full-width Ａ１
		return true
	}
	return !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.C) // unassigned
}

// IsInvisible reports whether r is a character a reader cannot see that
// changes what is pasted: zero-width spaces and joiners (U+200B–U+200D,
// U+2060, U+FEFF), direction marks and overrides (U+200E, U+200F,
// U+202A–U+202E, U+2066–U+2069), soft hyphens and other format
// characters, control characters other than a line break or a tab, line
// and paragraph separators, variation selectors and the blank letters
// (U+3164) that pass for spaces.
func IsInvisible(r rune) bool {
	switch {
	case r == '\n' || r == '\t' || r == '\r':
		return false
	case unicode.Is(unicode.Cf, r), unicode.Is(unicode.Cc, r), r == 0x2028, r == 0x2029,
		r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF, r == 0x034F,
		r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0, r == 0x2800:
		return true
	}
	return false
}

// Symbols returns the distinct IsSymbol characters of s, in order;
// emoji are Emoji's.
func Symbols(s string) []rune {
	return distinct(s, func(r rune) bool { return IsSymbol(r) && !prose.IsEmoji(r) })
}

// Invisible returns the distinct IsInvisible characters of s, in order,
// leaving out those emoji are built of (the joiner and the variation
// selector after an emoji).
func Invisible(s string) []rune {
	var out []rune
	seen := map[rune]bool{}
	prev := rune(0)
	for _, r := range s {
		inEmoji := (r == 0x200D || r == 0xFE0F) && (prose.IsEmoji(prev) || prev == 0x200D || prev == 0xFE0F || (prev >= 0x1F3FB && prev <= 0x1F3FF))
		if IsInvisible(r) && !inEmoji && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
		prev = r
	}
	return out
}

func distinct(s string, keep func(rune) bool) []rune {
	var out []rune
	seen := map[rune]bool{}
	for _, r := range s {
		if keep(r) && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}
