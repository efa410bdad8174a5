package prose

import (
	"strings"
	"unicode"
)

// FoldRune maps an accented lower-case letter of the languages whose
// listings we read (Spanish, Portuguese, French, German, Italian, Dutch,
// Greek) to its base letter, so one word list matches however a language
// or a keyboard writes it; other runes are returned as they are.
func FoldRune(r rune) rune {
	if r < 0xC0 { // below "À": no accented letter (most text: skip the lookup)
		return r
	}
	if f, ok := foldAccent[r]; ok {
		return f
	}
	return r
}

// Fold is s in lower case with its accents folded (FoldRune).
func Fold(s string) string {
	return strings.Map(func(r rune) rune { return FoldRune(unicode.ToLower(r)) }, s)
}

var foldAccent = func() map[rune]rune {
	m := map[rune]rune{}
	for base, accented := range map[rune]string{
		'a': "àáâãäåā", 'c': "çćč", 'e': "èéêëēė", 'i': "ìíîïī", 'n': "ñń", 'o': "òóôõöøō", 'u': "ùúûüū", 'y': "ýÿ",
		'α': "ά", 'ε': "έ", 'η': "ή", 'ι': "ίϊΐ", 'ο': "ό", 'υ': "ύϋΰ", 'ω': "ώ",
	} {
		for _, r := range accented {
			m[r] = base
		}
	}
	return m
}()

// NonLatin reports whether s has a letter outside the Latin script
// ("Αθήνα", "東山区"): text an English report should not carry as its own.
func NonLatin(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return true
		}
	}
	return false
}
