package listing

import "testing"

func TestDetectLanguage(t *testing.T) {
	for _, tc := range []struct{ lang, text, want string }{
		{"pt-BR", "Casa em Porto Seguro", "pt"},                                                // too little text: the page says
		{"pt-BR", "Casa com piscina, perto da praia e também muito tranquila para você", "pt"}, // the text agrees
		{"fr", "Four-bedroom chalet in Chamonix with a sauna and the views of the valley for you", "en"},
		{"", "Appartamento con terrazza, vicino al mare e anche molto luminoso per una famiglia", "it"},
		{"en-gb", "Piso con terraza, muy cerca del centro y también de la playa para una familia", "es"},
		{"", "", "en"},
	} {
		if got := DetectLanguage(tc.lang, tc.text); got != tc.want {
			t.Errorf("DetectLanguage(%q, %q) = %q, want %q", tc.lang, tc.text, got, tc.want)
		}
	}
}
