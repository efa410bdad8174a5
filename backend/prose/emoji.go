package prose

// IsEmoji reports whether r is an emoji or pictographic symbol (the ranges
// listing sites render as emoji, plus the variation selector and the
// zero-width joiner that build emoji sequences).
func IsEmoji(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF, // mahjong … symbols and pictographs extended-A
		r >= 0x2600 && r <= 0x27BF, // misc symbols, dingbats (☀ ✨ ❤)
		r >= 0x2B00 && r <= 0x2BFF, // arrows and stars (⭐)
		r >= 0x2300 && r <= 0x23FF, // misc technical (⌚ ⏰)
		r == 0x200D, r == 0xFE0F, r == 0x20E3, r == 0x3030, r == 0x303D:
		return true
	}
	return false
}

// Emoji returns the distinct emoji in s, in order of appearance.
func Emoji(s string) []string {
	var out []string
	seen := map[rune]bool{}
	for _, r := range s {
		if IsEmoji(r) && r != 0x200D && r != 0xFE0F && r != 0x20E3 && !seen[r] {
			seen[r] = true
			out = append(out, string(r))
		}
	}
	return out
}
