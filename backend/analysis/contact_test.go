package analysis

import (
	"reflect"
	"testing"
)

// TestContactMatches: contact details in every disguise and domain are
// found with the words that give them away; Wi-Fi, times, decimals,
// abbreviations, street names and the site's own name are not.
func TestContactMatches(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []ContactMatch // nil: none
	}{
		{"See www.loft.pt", []ContactMatch{{"link", "www.loft.pt"}}},
		{"See casa-azul.de today", []ContactMatch{{"link", "casa-azul.de"}}},
		{"See example.com.br.", []ContactMatch{{"link", "example.com.br"}}},
		{"See bit.ly/x", []ContactMatch{{"link", "bit.ly/x"}}},
		{"See lisbonloft.house", []ContactMatch{{"link", "lisbonloft.house"}}},
		{"See LOFT.PT", []ContactMatch{{"link", "LOFT.PT"}}},
		{"See www.booking.com/hotel/x", []ContactMatch{{"link", "www.booking.com/hotel/x"}}},
		{"host at gmail dot com", []ContactMatch{{"email", "host at gmail dot com"}}},
		{"host(at)loft(dot)pt", []ContactMatch{{"email", "host(at)loft"}, {"email", "(dot)pt"}}},
		{"host [at] loft [.] pt", []ContactMatch{{"email", "host [at] loft"}, {"email", "[.] pt"}}},
		{"host @ loft . pt", []ContactMatch{{"email", "host @ loft . pt"}}},
		{"Call 555-0142", []ContactMatch{{"phone", "Call 555-0142"}}},
		{"+351 21 234 5678", []ContactMatch{{"phone", "+351 21 234 5678"}}},
		{"Call +1 (518) 555-0142", []ContactMatch{{"phone", "Call +1 (518) 555-0142"}}},
		{"Write to host@loft.pt or lisbonloft@gmail.com", []ContactMatch{{"email", "host@loft.pt"}, {"email", "lisbonloft@gmail.com"}}},
		{"DM me", []ContactMatch{{"handle", "dm me"}}},
		{"Ligue-me ou chama no zap", []ContactMatch{{"handle", "ligue me"}, {"handle", "chama no zap"}, {"handle", "no zap"}}},
		{"Llámame o contáctame directamente", []ContactMatch{{"handle", "llamame"}, {"handle", "contactame directamente"}}},
		{"Appelez-moi, réservez en direct", []ContactMatch{{"handle", "appelez moi"}, {"handle", "reservez en direct"}}},
		{"Wi-Fi, Self check-in. Check-in: 3:00 p.m., out 11 a.m.", nil},
		{"1.5 baths, 2.5km, 10.30am, e.g. the tram, i.e. the river, U.S.A.", nil},
		{"Near St. Regis, Rua 25 de Abril 12, St.Regis, perto da av.rio branco, on.top of the hill", nil},
		{"Rated 9.2 on Booking.com; Airbnb guests love it", nil},
		{"Perto da praia.do outro lado, casa.Com piscina, mare.il centro", nil},
		{"Relax at home. It is quiet; arrive at noon. Then rest", nil},
		{"What's app-like? The instagrammable terrace", nil},
		{"Built 1920-1925, sleeps 4, €1.250 a week", nil},
	} {
		if got := ContactMatches(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("ContactMatches(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNumberRunIsThereForEveryPhone(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"call 555-0142", true},
		{"+351 912 345 678", true},
		{"(11) 98765-4321", true},
		{"Check-in 15:00, check-out 11:00; 2 bedrooms, 4 guests", false},
		{"Sleeps 6 in 3 rooms", false},
		{"1234567", true},
		{"123456", false},
	} {
		if got := numberRun(c.in, 7); got != c.want {
			t.Errorf("numberRun(%q) = %v, want %v", c.in, got, c.want)
		}
		// Wherever an expression finds a phone, the run is there.
		for _, re := range rePhones {
			if re.MatchString(c.in) && !numberRun(c.in, 7) {
				t.Errorf("%q: %s finds a phone the shortcut misses", c.in, re)
			}
		}
	}
}
