package prose

import (
	"testing"
)

func TestDetect(t *testing.T) {
	for _, tc := range []struct{ lang, text, want string }{
		{"pt-BR", "Casa em Porto Seguro", "pt"},                                                // too little text: the page says
		{"pt-BR", "Casa com piscina, perto da praia e também muito tranquila para você", "pt"}, // the text agrees
		{"fr", "Four-bedroom chalet in Chamonix with a sauna and the views of the valley for you", "en"},
		{"", "Appartamento con terrazza, vicino al mare e anche molto luminoso per una famiglia", "it"},
		{"en-gb", "Piso con terraza, muy cerca del centro y también de la playa para una familia", "es"},
		{"", "", "en"},
	} {
		if got := Detect(tc.lang, tc.text); got != tc.want {
			t.Errorf("Detect(%q, %q) = %q, want %q", tc.lang, tc.text, got, tc.want)
		}
	}
}

// TestShows: a text shows a language by its own small words,
// more of them than any other language's; a Polish or Croatian text shows
// none, whatever the page says.
func TestShows(t *testing.T) {
	for _, tc := range []struct {
		lang, text string
		want       bool
	}{
		{"en", "The flat is bright and quiet, with a kitchen for you", true},
		{"pt", "Casa com piscina, perto da praia e também muito tranquila para você", true},
		{"en", "Casa com piscina, perto da praia e também muito tranquila para você", false},
		{"en", "Mieszkanie jest jasne i ciche, ma kuchnię i łazienkę", false},
		{"en", "Apartman u Splitu sa pogledom na more", false},
		{"de", "Die Wohnung ist hell und ruhig, mit Balkon", true},
		{"en", "", false},
	} {
		if got := Shows(tc.lang, tc.text); got != tc.want {
			t.Errorf("Shows(%q, %q) = %v, want %v", tc.lang, tc.text, got, tc.want)
		}
	}
}
