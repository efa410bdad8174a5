package writing

import (
	"strings"
	"testing"
)

// TestTitleWeightRanksWhatGuestsFilterOn: a title naming the place, the
// guests or a standout feature outranks one naming laundry, wifi or a
// kitchen, in every language we write; the listing's own neighbourhood
// outranks the city.
func TestTitleWeightRanksWhatGuestsFilterOn(t *testing.T) {
	f := Facts{HostPlace: "York Place", City: "Edinburgh", Capacity: 2, Type: "Apartment",
		Differentiators: []string{"Washer", "Workspace", "Private Entrance", "Hot Tub", "Wifi"}}
	for _, c := range []struct{ better, worse string }{
		{"York Place Apartment | Workspace | Sleeps 2", "York Place Apartment with Workspace & Washer"},
		{"Apartment in York Place with Private Entrance", "Apartment in York Place with Washer"},
		{"York Place Apartment for 2 Guests", "York Place Apartment with Washer"},
		{"Apartment in York Place", "Apartment in Edinburgh"},
		{"Apartment in Edinburgh with Hot Tub", "Apartment in Edinburgh with Washer & Wifi"},
	} {
		if b, w := sellingPoints(c.better, f), sellingPoints(c.worse, f); b <= w {
			t.Errorf("%q (%d) should outrank %q (%d)", c.better, b, c.worse, w)
		}
	}
	// The same in the other languages: the page's own feature names.
	local := Facts{City: "Barcelona", Capacity: 3}
	for _, c := range []struct {
		feats         []string
		better, worse string
	}{
		{[]string{"Lavadora", "Llegada autónoma"}, "Apartamento en Barcelona para 3 huéspedes", "Apartamento en Barcelona con lavadora"},
		{[]string{"Máquina de lavar", "Vista para a praia"}, "Casa em Barcelona com vista para a praia", "Casa em Barcelona com máquina de lavar"},
		{[]string{"Lavatrice", "Camino"}, "Appartamento a Barcelona con camino", "Appartamento a Barcelona con lavatrice"},
		{[]string{"Lave-linge", "Piscine"}, "Appartement à Barcelona avec piscine", "Appartement à Barcelona avec lave-linge"},
		{[]string{"Waschmaschine", "Whirlpool"}, "Wohnung in Barcelona mit Whirlpool", "Wohnung in Barcelona mit Waschmaschine"},
	} {
		if b, w := titleWeight(c.better, local, c.feats), titleWeight(c.worse, local, c.feats); b <= w {
			t.Errorf("%q (%d) should outrank %q (%d)", c.better, b, c.worse, w)
		}
	}
}

// TestRealPagesTitleNotLaundryFirst: on the real pages with titles, the
// recommended title never leads on a commodity alone (laundry, wifi,
// a kitchen, air conditioning).
func TestRealPagesTitleNotLaundryFirst(t *testing.T) {
	for _, file := range []string{"airbnb/airbnb-2018-travelnest.htm", "airbnb/airbnb-2026-listingproof-es-barcelona2.en.html",
		"airbnb/airbnb-2026-listingproof-it-roma-1.html", "airbnb/airbnb-2026-listingproof-it-roma-2.html"} {
		req := realPageRequest(t, file)
		c, err := Builtin{}.Write(t.Context(), req)
		if err != nil || len(c.Titles) == 0 {
			t.Fatalf("%s: %v %v", file, err, c.Titles)
		}
		first := strings.ToLower(c.Titles[0])
		for _, w := range []string{"washer", "lavadora", "lavatrice", "dryer", "wifi", "aire acondicionado"} {
			if strings.HasSuffix(first, w) || strings.Contains(first, "with "+w) && !strings.Contains(first, "&") {
				t.Errorf("%s: the first title leads on %q: %q", file, w, c.Titles[0])
			}
		}
	}
}
