package textcase

import "testing"

func TestCase(t *testing.T) {
	for _, tc := range []struct{ in, first, words string }{
		{"hot tub", "Hot tub", "Hot Tub"},
		{"ótimo  lugar", "Ótimo  lugar", "Ótimo Lugar"},
		{"", "", ""},
		{"\xff bad", "\xff bad", "\xff Bad"},
		{"wi-fi", "Wi-fi", "Wi-fi"},
	} {
		if got := UpperFirst(tc.in); got != tc.first {
			t.Errorf("UpperFirst(%q) = %q; want %q", tc.in, got, tc.first)
		}
		if got := Words(tc.in); got != tc.words {
			t.Errorf("Words(%q) = %q; want %q", tc.in, got, tc.words)
		}
	}
}
