package textcase

import (
	"strings"
	"testing"
)

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

// common is a stand-in for the writer's vocabulary of common words.
func common(w string) bool {
	return strings.Contains(" very good breakfast room service family rooms free parking hair dryer coffee maker garden pool private ", " "+w+" ")
}

func TestAcronym(t *testing.T) {
	for w, want := range map[string]bool{
		"TV": true, "WLAN": true, "VIP": true, "BBQ": true, "DVD": true, "WiFi": true, "Wi-Fi": true, "(WLAN),": true, "A/C": true,
		"GARTEN": false, "Garten": false, "Wlan": false, "Vip": false, "EXPERIENCE": false, "wifi": false, "": false, "ÁREA": false,
	} {
		if got := Acronym(w); got != want {
			t.Errorf("Acronym(%q) = %v; want %v", w, got, want)
		}
	}
}

func TestUnshout(t *testing.T) {
	for _, tc := range []struct{ in, lang, want string }{
		{"VIP EXPERIENCE PACKAGE", "en", "VIP experience package"},
		{"KOSTENLOSES WLAN", "de", "kostenloses WLAN"},
		{"GARTEN", "de", "Garten"},
		{"ZIMMER MIT AUSSICHT", "de", "Zimmer mit Aussicht"},
		{"VIP", "en", "VIP"},
		{"FREE WIFI", "en", "free wifi"},
		{"Kostenloses WLAN", "de", "Kostenloses WLAN"}, // not shouting: as written
		{"PISCINA PRIVATIVA", "pt", "piscina privativa"},
		{"VIP EXPERIENCE PACKAGE", "de", "VIP Experience Package"}, // German capitalises a noun it cannot tell
	} {
		if got := Unshout(tc.in, tc.lang); got != tc.want {
			t.Errorf("Unshout(%q, %s) = %q; want %q", tc.in, tc.lang, got, tc.want)
		}
	}
}

// TestInSentence: the casing a name takes inside a sentence, per language,
// as a careful writer of that language would write it.
func TestInSentence(t *testing.T) {
	for _, tc := range []struct{ in, lang, want string }{
		// German: nouns keep their capital; an adjective before a noun is small.
		{"Garten", "de", "Garten"},
		{"Bar", "de", "Bar"},
		{"Familienzimmer", "de", "Familienzimmer"},
		{"Kostenloses WLAN", "de", "kostenloses WLAN"},
		{"Privater Parkplatz", "de", "privater Parkplatz"},
		{"Zimmer mit Aussicht", "de", "Zimmer mit Aussicht"},
		{"KOSTENLOSES WLAN", "de", "kostenloses WLAN"},
		{"GARTEN", "de", "Garten"},
		// Abbreviations as written, in every language.
		{"TV", "en", "TV"},
		{"WLAN gratuito", "pt", "WLAN gratuito"},
		{"Wi-Fi", "pt", "Wi-Fi"},
		{"VIP EXPERIENCE PACKAGE", "en", "VIP experience package"},
		{"VIP Experience Package", "en", "VIP Experience Package"}, // a named package: kept
		// Sentence case elsewhere.
		{"Hair dryer", "en", "hair dryer"},
		{"Jardim", "pt", "jardim"},
		{"Piscina compartilhada", "pt", "piscina compartilhada"},
		{"Room Service", "en", "room service"},
		{"Very Good Breakfast", "en", "very good breakfast"},
		{"Family Rooms", "en", "family rooms"},
		// Proper names keep their capitals, never half lowered.
		{"Museum of Modern Art", "en", "Museum of Modern Art"},
		{"Amazon Prime Video", "en", "Amazon Prime Video"},
		{"Coffee maker Nespresso", "en", "coffee maker Nespresso"},
		{"Conexão à Ethernet", "pt", "conexão à Ethernet"},
		{"Praia do Forte", "pt", "Praia do Forte"},
		{"Geladeira Consul", "pt", "Geladeira Consul"}, // "geladeira" unknown to this test's vocabulary: kept whole
		{"Hair Dryer Philips", "en", "hair dryer Philips"},
		{"Very Fine Breakfast", "en", "Very Fine Breakfast"}, // "fine" unknown: kept whole, never half lowered
		{"21km Rua dos biquinis", "pt", "21km Rua dos biquinis"},
		{"Pátio ou varanda (Privativa)", "pt", "pátio ou varanda (Privativa)"},
		{"Registration number HUTB-076706", "en", "registration number HUTB-076706"},
		{"ROOM HUTB-076706", "en", "room HUTB-076706"},
		{"TV de alta definição com Amazon Prime Video, HBO Max", "pt", "TV de alta definição com Amazon Prime Video, HBO Max"},
		{"", "en", ""},
		{"寝室", "ja", "寝室"},
	} {
		got := InSentence(tc.in, tc.lang, common)
		if got != tc.want {
			t.Errorf("InSentence(%q, %s) = %q; want %q", tc.in, tc.lang, got, tc.want)
		}
		// At a sentence's start only the first letter changes.
		if start := Start(tc.in, tc.lang, common); start != UpperFirst(tc.want) {
			t.Errorf("Start(%q, %s) = %q; want %q", tc.in, tc.lang, start, UpperFirst(tc.want))
		}
	}
}

func TestTitle(t *testing.T) {
	for in, want := range map[string]string{
		"VIP EXPERIENCE PACKAGE": "VIP Experience Package",
		"private room":           "Private Room",
		"FREE WLAN":              "Free WLAN",
		"wi-fi":                  "Wi-fi",
	} {
		if got := Title(in); got != want {
			t.Errorf("Title(%q) = %q; want %q", in, got, want)
		}
	}
}
