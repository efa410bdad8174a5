package writing

import (
	"context"
	"github.com/listinglift/listinglift/backend/textcase"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// brazilianHouse is a Portuguese listing on airbnb.com: its description is
// Portuguese, the site lists its amenities in English (as the 2026 Rio
// pages do), and its rules mix the host's lines with the site's.
func brazilianHouse() *listing.Listing {
	l := &listing.Listing{
		Platform: listing.Airbnb, ID: "45592704", URL: "https://www.airbnb.com/rooms/45592704", Language: "pt",
		Title:        "Casa com piscina perto da praia",
		Description:  "Casa para até 5 pessoas com piscina, churrasqueira e varanda. Estamos muito perto da praia.\n\nO espaço\nDois quartos com ar condicionado e uma cozinha completa.",
		PropertyType: "Entire home", RoomType: "Entire home/apt", Capacity: 5, Bedrooms: 2, Beds: 3, Baths: 1,
		Location: listing.Location{City: "Arraial do Cabo", Country: "Brasil"},
		Amenities: []listing.Amenity{{Name: "Pool", Available: true}, {Name: "Wifi", Available: true}, {Name: "Kitchen", Available: true},
			{Name: "Washer", Available: true}, {Name: "Air conditioning", Available: true}, {Name: "BBQ grill", Available: true},
			{Name: "Patio or balcony", Available: true}, {Name: "Free parking on premises", Available: true}},
		HouseRules: listing.HouseRules{CheckIn: "15:00", CheckOut: "11:00", PetsAllowed: b(true),
			Rules: []string{"Self check-in with smart lock", "Como medida de segurança solicitamos", "os seguintes documentos dos hóspedes",
				"Responsável pela reserva:", "RG / CNH (documento digital ou foto legível)", "Return keys"}},
		Sources: map[string]string{},
	}
	l.Set(listing.FieldAmenities, listing.SourceEmbedded)
	return l
}

// A Portuguese listing gets all its copy in Portuguese: ten titles, the
// opener, the highlights, the rules and the amenity copy, with the
// amenities the site lists in English named in Portuguese. Old code: fewer
// than ten Portuguese titles made every title English, and the amenity copy
// said "O que este lugar oferece: Pool, Wifi, Washer".
func TestCopyInTheListingsLanguage(t *testing.T) {
	req := request(brazilianHouse(), PremiumTitles)
	c, err := Builtin{}.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	checkTitles(t, c.Titles, PremiumTitles, req)
	for _, s := range c.Titles {
		if lang := prose.LineLanguage(s); lang == "en" || !strings.Contains(s, "Casa") {
			t.Errorf("title %q is not Portuguese", s)
		}
	}
	for _, english := range []string{"Highlights", "What this place offers", "House rules", "Entire home", "Pool", "Washer",
		"Free parking", "BBQ grill", "Self check-in with smart lock", "Return keys", "guests", "Book Your Stay"} {
		for part, text := range map[string]string{"description": c.Description, "amenity copy": c.AmenityCopy, "titles": strings.Join(c.Titles, "\n")} {
			if strings.Contains(text, english) {
				t.Errorf("%s has English %q:\n%s", part, english, text)
			}
		}
	}
	// The host's words never say "em Arraial do Cabo" (nor "no"): the
	// opener takes the form without a preposition rather than guess one.
	for _, want := range []string{"Arraial do Cabo · Casa para até 5 hóspedes: 2 quartos, 3 camas e 1 banheiro.", "Destaques: Piscina, estacionamento gratuito",
		"Regras da casa\nCheck-in a partir das 15:00; check-out até às 11:00. Animais permitidos."} {
		if !strings.Contains(c.Description, want) {
			t.Errorf("description lacks %q:\n%s", want, c.Description)
		}
	}
	if !strings.HasPrefix(c.AmenityCopy, "O que este lugar oferece: ") || !strings.Contains(c.AmenityCopy, "piscina") || !strings.Contains(c.AmenityCopy, "máquina de lavar") {
		t.Errorf("amenity copy = %q", c.AmenityCopy)
	}
}

// A listing in a language without a phrasebook gets English copy, the
// host's own amenity names and rule lines quoted, never lower-cased into
// an English sentence. Old code: "What this place offers: Gratis WiFi,
// privéparkeergelegenheid …" and the Dutch rule as an English line.
func TestEnglishCopyQuotesTheHostsWords(t *testing.T) {
	l := &listing.Listing{Platform: listing.Booking, Language: "nl", Title: "Hotel Aan de Gracht", PropertyType: "Hotel",
		Description: "Het hotel ligt aan de gracht, op 100 meter van de Dam. Er is gratis WiFi in het hele hotel en de kamers zijn voorzien van airconditioning.",
		Location:    listing.Location{City: "Amsterdam"},
		Amenities:   []listing.Amenity{{Name: "Gratis WiFi", Available: true}, {Name: "Privéparkeergelegenheid", Available: true}, {Name: "Rookvrije kamers", Available: true}},
		HouseRules:  listing.HouseRules{Rules: []string{"De minimumleeftijd om in te checken is 18 jaar."}}, Sources: map[string]string{}}
	req := request(l, BasicTitles)
	c, _ := Builtin{}.Write(context.Background(), req)
	if want := "What this place offers: \u201cGratis WiFi\u201d, \u201cPrivéparkeergelegenheid\u201d and \u201cRookvrije kamers\u201d."; c.AmenityCopy != want {
		t.Errorf("amenity copy = %q, want %q", c.AmenityCopy, want)
	}
	// The Dutch rule line has no English words: it is left out of the
	// English rules, never written as an English line.
	if strings.Contains(c.Description, "De minimumleeftijd") {
		t.Errorf("the Dutch rule is in the English rules:\n%s", c.Description)
	}
}

// A feature the host says the listing lacks is never named in a title or
// a highlight. Old code: "Cottage with Hot Tub" from "does NOT have a hot
// tub".
func TestNegatedFeaturesAreNeverNamed(t *testing.T) {
	l := &listing.Listing{Title: "Quiet cottage near the lake", PropertyType: "Cottage", RoomType: "Entire home/apt", Capacity: 4,
		Description: "A quiet cottage near the lake with a fireplace and a garden. Please note the cottage does NOT have a hot tub or a pool.",
		Location:    listing.Location{City: "Lakeview"}, Sources: map[string]string{}}
	req := request(l, PremiumTitles)
	c, _ := Builtin{}.Write(context.Background(), req)
	// Every sentence we wrote (the host's own, kept as written, may say
	// what the place lacks: "does NOT have a hot tub").
	var ours []string
	for _, s := range prose.Sentences(c.Description) {
		if !strings.Contains(l.Description, s) {
			ours = append(ours, s)
		}
	}
	for _, s := range append(append([]string{}, c.Titles...), ours...) {
		low := strings.ToLower(s)
		if strings.Contains(low, "hot tub") || strings.Contains(low, "pool") {
			t.Errorf("names a feature the listing lacks: %q", s)
		}
	}
	if err := ValidateTitle("Lakeview Cottage with Hot Tub", req); err == nil {
		t.Error("a title naming the hot tub the listing lacks passes validation")
	}

	for _, c := range []struct{ lang, text, key string }{
		{"", "The apartment does NOT have a hot tub.", "hot_tub"},
		{"", "There is no pool, but the beach is close.", "pool"},
		{"pt", "A casa não tem piscina.", "pool"},
		{"pt", "Apartamento sem piscina, com varanda.", "pool"},
		{"it", "Non c'è la piscina.", "pool"},
		{"it", "Appartamento senza aria condizionata.", "air_conditioning"},
		{"fr", "Il n'y a pas de piscine.", "pool"},
		{"es", "La casa no tiene jacuzzi.", "hot_tub"},
		{"de", "Die Wohnung hat keinen Pool.", "pool"},
		{"", "No smoking near the pool.", ""},
		{"", "No car needed, the pool is steps away.", ""},
		{"pt", "Não é permitido fumar na piscina.", ""},
	} {
		got := negatedFeatures(&listing.Listing{Language: prose.Lang(c.lang), Description: c.text})
		if _, ok := got[c.key]; c.key != "" && !ok {
			t.Errorf("%q: %s not read as absent (%v)", c.text, c.key, got)
		}
		if c.key == "" && len(got) > 0 {
			t.Errorf("%q: read as lacking %v", c.text, got)
		}
	}
}

// Rule lines are kept as the host wrote them: a line broken mid-sentence is
// joined, a line ending in a colon stays a heading, nothing becomes an
// empty sentence. Old code: "Responsável pela reserva:." and "os seguintes
// documentos dos hóspedes." as its own sentence.
func TestRuleLinesAsWritten(t *testing.T) {
	got := ruleLines([]string{"Como medida de segurança solicitamos", "os seguintes documentos dos hóspedes", "Responsável pela reserva:",
		"RG / CNH", "Show more", "RG / CNH", "Before checking out, please:", "close all windows;"})
	want := []string{"Como medida de segurança solicitamos os seguintes documentos dos hóspedes", "Responsável pela reserva:", "RG / CNH",
		"Before checking out, please:", "close all windows;"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("ruleLines =\n%q\nwant\n%q", got, want)
	}
	l := loft()
	l.HouseRules.Rules = []string{"Late arrivals pay a fee:", "8:00 PM–10:00 PM: €25"}
	l.HouseRules.CheckOut = "11:00 a.m."
	d := BuiltinDescription(request(l, BasicTitles), FactsOf(request(l, BasicTitles)))
	for _, bad := range []string{":.", "..", "€25."} {
		if strings.Contains(d, bad) {
			t.Errorf("description has %q:\n%s", bad, d)
		}
	}
}

// No line is printed twice. Old code: "The space / smart tv + wi-fi /
// smart tv + wi-fi".
func TestNoLineTwice(t *testing.T) {
	l := &listing.Listing{Title: "Flat", PropertyType: "Apartment", RoomType: "Entire home/apt", Sources: map[string]string{},
		Description: "A bright flat.\n\nThe space\nSmart tv + wi-fi.\n\nThe space\nSmart tv + wi-fi."}
	d := BuiltinDescription(request(l, BasicTitles), FactsOf(request(l, BasicTitles)))
	if n := strings.Count(d, "Smart tv + wi-fi."); n != 1 {
		t.Errorf("line printed %d times:\n%s", n, d)
	}
}

// inSentence and upperFirst work on letters, never bytes, and keep
// abbreviations. Old code: "��quipements", "bBQ grill", "wi-Fi".
func TestLetterSafeCase(t *testing.T) {
	for in, want := range map[string]string{
		"Équipements pour les personnes handicapées": "équipements pour les personnes handicapées",
		"Ωραία θέα":                                  "ωραία θέα", "BBQ grill": "BBQ grill", "Wi-Fi": "Wi-Fi", "TV": "TV", "Hair dryer": "hair dryer",
		"駐車場": "駐車場", "": "", "🔥 Fire pit": "🔥 fire pit",
	} {
		if got := inSentence(in, "en"); got != want || !utf8.ValidString(got) {
			t.Errorf("inSentence(%q) = %q, want %q", in, got, want)
		}
	}
	if got := textcase.UpperFirst("ótimo"); got != "Ótimo" {
		t.Errorf("upperFirst = %q", got)
	}
	l := loft()
	l.Amenities = append(l.Amenities, listing.Amenity{Name: "BBQ grill", Available: true})
	req := request(l, BasicTitles)
	if d := BuiltinDescription(req, FactsOf(req)); strings.Contains(d, "bBQ") || !strings.Contains(d, "BBQ grill") {
		t.Errorf("highlights miscase BBQ:\n%s", d)
	}
}

// A Booking.com property's title is its registered name: no title is
// suggested (a note says why and what the host can change), and the
// description's opener names it as a property, never a place ("Hotel in
// Strand Palace").
func TestPropertyNameIsNotAPlace(t *testing.T) {
	l := &listing.Listing{Platform: listing.Booking, Title: "Strand Palace", PropertyType: "Hotel",
		Description: "Welcoming guests since 1909, the Strand Palace is located in London's West End. Guests have use of an on-site gym.",
		Location:    listing.Location{City: "London"}, HouseRules: listing.HouseRules{CheckIn: "15:00", CheckOut: "11:00"},
		Amenities: []listing.Amenity{{Name: "Free WiFi", Available: true}, {Name: "Fitness centre", Available: true}},
		Sources:   map[string]string{}}
	req := request(l, PremiumTitles)
	c, _ := Builtin{}.Write(context.Background(), req)
	if len(c.Titles) != 0 || !slices.Contains(c.Notes, BookingNameNote) {
		t.Errorf("titles = %q, notes %q", c.Titles, c.Notes)
	}
	if !strings.Contains(BookingNameNote, "description") || !strings.Contains(BookingNameNote, "photos") {
		t.Errorf("the note does not say what the host can change: %q", BookingNameNote)
	}
	// One sentence says what it is and what it has, in its page's words.
	if strings.Contains(c.Description, "in Strand Palace") || !strings.HasPrefix(c.Description, "Strand Palace · Hotel in London with gym and wifi.") {
		t.Errorf("opener:\n%s", c.Description)
	}
}

// A hotel's features are its services: its copy names the facilities its
// page names — in the copy's language only — and a non-smoking room is no
// feature to sell. A Booking.com hotel gets no title (its name is
// registered), with a note saying so, never filler.
func TestHotelTitlesFromItsFacilities(t *testing.T) {
	hotel := func(lang string, names ...string) *listing.Listing {
		l := &listing.Listing{Platform: listing.Booking, Title: "Strand Palace", PropertyType: "Hotel", Language: prose.Lang(lang),
			Location: listing.Location{City: "London"}, Sources: map[string]string{}}
		for _, n := range append([]string{"Fitness centre"}, names...) {
			l.Amenities = append(l.Amenities, listing.Amenity{Name: n, Available: true})
		}
		return l
	}
	c, _ := Builtin{}.Write(context.Background(), request(hotel("", "Non-smoking rooms", "Family rooms", "2 restaurants", "Bar", "Room service"), PremiumTitles))
	if len(c.Titles) != 0 || !slices.Contains(c.Notes, BookingNameNote) {
		t.Errorf("%d titles %q, notes %q", len(c.Titles), c.Titles, c.Notes)
	}
	for _, want := range []string{"room service", "bar"} {
		if !strings.Contains(strings.ToLower(c.Description), want) {
			t.Errorf("the description does not name the hotel's %s:\n%s", want, c.Description)
		}
	}
	if strings.Contains(strings.ToLower(c.Description), "non-smoking") {
		t.Errorf("a non-smoking room sold as a feature:\n%s", c.Description)
	}
	// A Dutch page's facility names are not put into English copy as
	// English words (the amenity copy quotes them).
	c, _ = Builtin{}.Write(context.Background(), request(hotel("nl", "Familiekamers", "Rookvrije kamers"), PremiumTitles))
	if strings.Contains(c.Description, "Familiekamers") || strings.Contains(c.Description, "Rookvrije") {
		t.Errorf("a Dutch name in the English description:\n%s", c.Description)
	}
}

// Titles in the languages that write titles in sentence case keep a
// feature's name as the page writes it after "avec/com/con" ("Hôtel avec
// service d'étage", "Casa com vista para a praia"); before, the hotel's
// facilities were title-cased ("Service D'étage") and features kept their
// list capital mid-title ("com Vista para a praia e Beira-mar"). A
// Booking.com hotel gets no title at all (its name is registered), and
// none of its copy title-cases a facility.
func TestLocalTitlesInSentenceCase(t *testing.T) {
	for _, c := range []struct{ file, want, not string }{
		{"booking/booking-2026-listingproof-fr-le-regent-paris.fr.html", "", "D'étage"},
		{"airbnb/airbnb-2025-mehfius-arraial-raw.html", "Casa em Arraial do Cabo com vista para a praia", "com Vista"},
	} {
		req := realPageRequest(t, c.file)
		out, err := Builtin{}.Write(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		all := strings.Join(append(out.Titles, out.Description, out.AmenityCopy), "\n")
		if c.want == "" {
			if len(out.Titles) > 0 || !slices.Contains(out.Notes, BookingNameNote) {
				t.Errorf("%s: titles %q for a Booking.com property, notes %q", c.file, out.Titles, out.Notes)
			}
		} else if !slices.Contains(out.Titles, c.want) {
			t.Errorf("%s: titles %q; want %q", c.file, out.Titles, c.want)
		}
		if strings.Contains(all, c.not) {
			t.Errorf("%s: %q in the copy:\n%s", c.file, c.not, all)
		}
	}
}

// The amenity copy names each feature once: a page listing "Private
// pool", "Outdoor pool" and "Pool", or "Wireless internet" and "WiFi",
// or four sea views, gets the first name of each, and the rest count
// among the "more" (before: "Private pool, spa whirlpool, outdoor pool,
// pool, … wireless internet and WiFi").
func TestAmenityCopyNamesEachFeatureOnce(t *testing.T) {
	for _, file := range []string{"vrbo/vrbo-2026-unidown-barbarosa-formentera.html", "airbnb/airbnb-2025-mehfius-arraial-raw.html"} {
		req := realPageRequest(t, file)
		out, err := Builtin{}.Write(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		body, _, _ := strings.Cut(out.AmenityCopy, ". ")
		_, list, _ := strings.Cut(body, ": ")
		keys := map[string]string{}
		for _, name := range strings.Split(strings.ReplaceAll(strings.ReplaceAll(list, " and ", ", "), " e ", ", "), ", ") {
			k := analysis.CanonicalAmenity(strings.Trim(name, ". "))
			if k == "" {
				continue
			}
			if prev, dup := keys[k]; dup {
				t.Errorf("%s: %q and %q name the same feature (%s):\n%s", file, prev, name, k, out.AmenityCopy)
			}
			keys[k] = name
		}
		if len(keys) < 8 {
			t.Errorf("%s: %d features named:\n%s", file, len(keys), out.AmenityCopy)
		}
	}
}

// Italian copy for a listing the site places in "Rome" says "Roma", as the
// host does (never "Appartamento a Rome"); and one more amenity is "E un
// altro", never "E altri 1".
func TestLocalCityNameAndOneMore(t *testing.T) {
	roma, err := Builtin{}.Write(context.Background(), realPageRequest(t, "airbnb/airbnb-2026-listingproof-it-roma-2.html"))
	if err != nil {
		t.Fatal(err)
	}
	if all := strings.Join(roma.Titles, "\n") + roma.Description; strings.Contains(all, " a Rome") || !slices.Contains(roma.Titles, "Appartamento a Roma con camino") {
		t.Errorf("titles %q", roma.Titles)
	}
	milano, err := Builtin{}.Write(context.Background(), realPageRequest(t, "airbnb/airbnb-2026-the_milano_suite.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(milano.AmenityCopy, "E un altro nell'elenco completo dei servizi.") {
		t.Errorf("amenity copy %q", milano.AmenityCopy)
	}
	// The English name stays where the host never writes the local one.
	l := loft()
	l.Language = "pt"
	if got := localCityName(l, "Lisbon"); got != "" {
		t.Errorf("localCityName without the host's 'Lisboa' = %q", got)
	}
}
