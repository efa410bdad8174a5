package prose

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	got := Words("Wi-Fi, guest's HOT-tub & 2 beds!")
	want := []string{"wi", "fi", "guests", "hot", "tub", "2", "beds"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Words = %q, want %q", got, want)
	}
}

func TestSentences(t *testing.T) {
	got := Sentences("Bright loft. Two beds! Near the tram?\nThe space\nOpen plan... lovely")
	want := []string{"Bright loft.", "Two beds!", "Near the tram?", "The space", "Open plan...", "lovely"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Sentences = %q, want %q", got, want)
	}
}

func TestLengthCountsCodePoints(t *testing.T) {
	if n := Length("Ótima ☀️"); n != 8 { // Ó t i m a space ☀ VS16
		t.Errorf("Length = %d, want 8", n)
	}
}

func TestASCIIWordsReadAsAnyText(t *testing.T) {
	cases := []string{
		"", "  ", "Hello, World!", "guest's room", "L'appartamento dell'alloggio", "rock'n'roll", "'quoted' words'",
		"Wi-Fi & hot-tub", "CAN'T", "qu'il", "ABC123def", "a''b", "x' y", "'", "Check-in 15:00 · check-out 11:00",
		"nell'Edificio", "DELL'alloggio", "l'", "It's 3PM", "e-mail: host@example.com",
	}
	// Every line of a few long texts too.
	cases = append(cases, strings.Split(strings.Repeat("Sunny 2-bedroom apartment, 5' walk; it's the host's 'best' place. ", 3), " ")...)
	for _, c := range cases {
		if got, want := asciiWords(c), words(c); !slices.Equal(got, want) {
			t.Errorf("%q: asciiWords = %q, words = %q", c, got, want)
		}
	}
}

func FuzzASCIIWords(f *testing.F) {
	f.Add("L'appartamento dell'Alloggio can't")
	f.Fuzz(func(t *testing.T, s string) {
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				return
			}
		}
		if got, want := asciiWords(s), words(s); !slices.Equal(got, want) {
			t.Errorf("%q: asciiWords = %q, words = %q", s, got, want)
		}
	})
}

// TestWordsElision: an elided article is a word of its own, so
// "L’appartamento" is found by "appartamento".
func TestWordsElision(t *testing.T) {
	if got := strings.Join(Words("L’appartamento dell'alloggio, guest's"), " "); got != "l appartamento dell alloggio guests" {
		t.Errorf("Words = %q", got)
	}
}

func TestEmoji(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Sunny loft ☀️ river view", []string{"☀"}},
		{"Beach house 🏖️🌊 with pool ⭐", []string{"🏖", "🌊", "⭐"}},
		{"Café · 2BR – près de la mer", nil},
	} {
		if got := Emoji(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Emoji(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
