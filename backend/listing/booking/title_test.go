package booking

import "testing"

func TestDocTitle(t *testing.T) {
	for _, tc := range []struct{ in, city, want string }{
		{"Strand Palace, London (updated prices 2026)", "London", "Strand Palace"},
		{"Catalonia La Boquería, Barcelona (precios actualizados en 2026)", "", "Catalonia La Boquería"},
		{"NH Collection Amsterdam Flower Market, Amsterdam (bijgewerkte prijzen 2026)", "Amsterdam", "NH Collection Amsterdam Flower Market"},
		{"Hôtel, Le Regent, Paris (tarifs actualisés pour 2026)", "Paris", "Hôtel, Le Regent"},
		{"Corpo Santo\n  Lisbon\tHistorical\u00a0Hotel, Lisboa\n(preços atualizados 2026)", "", "Corpo Santo Lisbon Historical Hotel"},
		{"Casa Azul, Porto – Updated 2024 Prices", "", "Casa Azul"},
		{"Casa Azul – Booking.com", "", "Casa Azul"},
		{"Casa Azul (Porto)", "", "Casa Azul (Porto)"}, // no decoration: the name as written
		{"Booking.com: Hoteles en Tlaxcala.\n¡Reserva tu hotel ahora!", "", ""},
		{"Booking.com", "", ""},
		{"", "", ""},
	} {
		if got := docTitle(tc.in, tc.city); got != tc.want {
			t.Errorf("docTitle(%q, %q) = %q, want %q", tc.in, tc.city, got, tc.want)
		}
	}
}

func TestJSString(t *testing.T) {
	for _, tc := range []struct {
		page, want string
		ok         bool
	}{
		{"b_hotel_id: '1',\nb_hotel_name: 'Strand Palace',", "Strand Palace", true},
		{`b_hotel_name:"Casa \"Azul\"\n"`, `Casa "Azul" `, true}, // white space is the caller's to make one
		{`b_hotel_name: 'L\'Hôtel\nde\u00a0Paris'`, "L'Hôtel de\u00a0Paris", true},
		{`b_hotel_name: 'Caf\xe9 Inn'`, "Café Inn", true},
		{`"{b_hotel_name}" x_b_hotel_name: 'no' b_hotel_name_en: 'no'`, "", false},
		{`b_hotel_name: 'unterminated`, "", false},
		{`b_hotel_name: someVar, b_hotel_name: 'second'`, "second", true},
	} {
		got, ok := jsString([]byte(tc.page), "b_hotel_name")
		if got != tc.want || ok != tc.ok {
			t.Errorf("jsString(%q) = %q, %v; want %q, %v", tc.page, got, ok, tc.want, tc.ok)
		}
	}
}

func TestHeaderByClass(t *testing.T) {
	for _, tc := range []struct{ page, want string }{
		{`<div class="pp-header__title-wrapper"><h2 class="x pp-header__title">A <span>B</span></h2></div>`, `<h2 class="x pp-header__title">A <span>B</span></h2>`},
		{`<script>var c = "pp-header__title";</script>`, ""},
		{`<p>none</p>`, ""},
	} {
		if got := string(headerByClass([]byte(tc.page))); got != tc.want {
			t.Errorf("headerByClass(%q) = %q, want %q", tc.page, got, tc.want)
		}
	}
}
