package freetext

import "testing"

func TestLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Ana Host", "Ana Host"},
		{"  Ana   Host  ", "Ana Host"},
		{"Ana\x00Host", "Ana Host"},
		{"Ana\r\nHost", "Ana Host"},
		{"Ana\tHost", "Ana Host"},
		{"\x1b[31mAna\x1b[0m", "[31mAna [0m"},
		{"Ana \u202Etsoh\u202C", "Ana tsoh"},
		{"\u2066Ana\u2069", "Ana"},
		{"Jose\u0301", "José"}, // NFC: one code point
		{"\u200FAna", "Ana"},
		{"Ana\uFFFDHost", "AnaHost"},
		{"", ""},
	} {
		if got := Line(tc.in); got != tc.want {
			t.Errorf("Line(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Sunny loft.", "Sunny loft."},
		{"Sunny loft.\nSleeps 4.", "Sunny loft.\nSleeps 4."},
		{"Sunny loft.\r\nSleeps 4.\rNear the beach.", "Sunny loft.\nSleeps 4.\nNear the beach."},
		{"\n\nSunny loft.\n\n\n\nSleeps 4.\n\n", "Sunny loft.\n\nSleeps 4."},
		{"Sunny\x00 loft \x1b[2J\u202Eevol", "Sunny loft [2J evol"},
		{"Caf\u0065\u0301 nearby\u2028Parking", "Café nearby\nParking"},
		{"  \t  ", ""},
	} {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
