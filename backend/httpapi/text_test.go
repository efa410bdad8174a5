package httpapi

import "testing"

func TestCleanText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Ana Host", "Ana Host"},
		{"  Ana   Host  ", "Ana Host"},
		{"Ana\x00Host", "Ana Host"},
		{"Ana\r\nHost", "Ana Host"},
		{"\x1b[31mAna\x1b[0m", "[31mAna [0m"},
		{"Ana \u202Etsoh\u202C", "Ana tsoh"},
		{"\u2066Ana\u2069", "Ana"},
		{"Jose\u0301", "José"}, // NFC: one code point
		{"\u200FAna", "Ana"},
		{"", ""},
	} {
		if got := cleanText(tc.in); got != tc.want {
			t.Errorf("cleanText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
