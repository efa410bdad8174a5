package prose

import (
	"strings"
	"unicode"
)

// Chinese, Japanese and Korean script: which language a line in Chinese
// characters is in, and whether a text is mostly written in them.

// HasCJK reports whether s has a letter of Chinese, Japanese or Korean
// script (IsCJK).
func HasCJK(s string) bool {
	for _, r := range s {
		if IsCJK(r) {
			return true
		}
	}
	return false
}

// IsCJK reports whether r is a letter of Chinese (Han), Japanese (kana)
// or Korean (Hangul) script: text written without spaces between words,
// read by substrings rather than by Words.
func IsCJK(r rune) bool {
	// No letter of these scripts comes before Hangul Jamo (U+1100): most
	// text is answered without the tables.
	return r >= 0x1100 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// JapaneseRune reports whether r is written in Japanese: kana, kanji, the
// iteration and prolonged-sound marks.
func JapaneseRune(r rune) bool {
	return unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) || r == 'ー' || r == '々' || r == '〆' || r == 'ヶ'
}

// HasKana reports whether s has Japanese kana: a line in Chinese
// characters with kana is Japanese.
func HasKana(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana) {
			return true
		}
	}
	return false
}

// chineseOnly are characters Chinese writes and Japanese does not: the
// simplified forms and the particles of Chinese sentences.
const chineseOnly = "这们您个于为欢说还对时过让从见车门间东给吗呢吧很没么样请谢边网费点"

// CJKLanguage is the language of a line in Chinese characters: "ja" with
// kana, "zh" without kana and with characters only Chinese writes (or
// 的 between two kanji: "浅草的住宿"), "" when it does not say.
func CJKLanguage(s string) string {
	if !HasCJK(s) {
		return ""
	}
	if HasKana(s) {
		return "ja"
	}
	rs := []rune(s)
	for i, r := range rs {
		if strings.ContainsRune(chineseOnly, r) {
			return "zh"
		}
		if r == '的' && i+1 < len(rs) && unicode.Is(unicode.Han, rs[i+1]) {
			return "zh"
		}
	}
	return ""
}

// MostlyCJK reports whether most of s's letters are Chinese or Japanese:
// "five minutes' walk from 三ノ輪駅" is English naming a station.
func MostlyCJK(s string) bool {
	latin, cjk := 0, 0
	for _, r := range s {
		switch {
		case !unicode.IsLetter(r):
		case unicode.Is(unicode.Latin, r):
			latin++
		case JapaneseRune(r):
			cjk++
		}
	}
	return cjk > latin
}
