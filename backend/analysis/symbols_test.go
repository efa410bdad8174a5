package analysis

import (
	"reflect"
	"testing"
)

func TestSymbols(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []rune
	}{
		{"▶ Loft™ ↗ ® © → ┃ ◆ ⇒ ① 𝗟 ※ ^", []rune("▶™↗®©→┃◆⇒①𝗟※^")},
		{"Wi-Fi – 50 m², 25 °C, €120, £9, $5, CHF 7, ¥8, 1½, 2 × 1, ± 5, ≈ 3, >12, | · • … ¡¿ «» „“ ’ & % / + 100%", nil},
		{"☀ ⭐", nil}, // emoji are Emoji's
	} {
		if got := Symbols(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Symbols(%q) = %q, want %q", c.in, string(got), string(c.want))
		}
	}
}

func TestInvisible(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []rune
	}{
		{"a\u200bb\u200cc\u200dd\u2060e\ufefff\u202eg\u2066h\u200ei\u200fj\u00adk\al\u2028", []rune{0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x202E, 0x2066, 0x200E, 0x200F, 0xAD, 0x7, 0x2028}},
		{"Line\nbreak\ttab\r\n", nil},
		{"Family 👨\u200d👩\u200d👧 ☀\ufe0f", nil}, // an emoji's own joiner and selector
		{"Loft\ufe0f", []rune{0xFE0F}},
	} {
		if got := Invisible(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Invisible(%q) = %U, want %U", c.in, got, c.want)
		}
	}
}
