package writing

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// loftIn is the loft with its copy written in lang ("" for English).
func loftIn(lang string) Request {
	l := loft()
	l.Language = prose.Lang(lang)
	return request(l, BasicTitles)
}

const (
	arraialPage = "airbnb/airbnb-2025-mehfius-arraial-raw.html"
	corpoSanto  = "booking/booking-2026-listingproof-pt-corpo-santo.pt-pt.html"
	romaPage    = "airbnb/airbnb-2026-listingproof-it-roma-2.html"
	mermaidPage = "airbnb/airbnb-2025-flyingmermaidd.html"
)

// TestPlacesOnlyIfTheListingNamesThem: copy that puts the loft in Lisbon
// near a landmark its listing never names — in a title or in running
// text, in English, Portuguese, Spanish, Italian, French or German — is
// rejected; the listing's own city, neighbourhood and the places its
// description names pass.
func TestPlacesOnlyIfTheListingNamesThem(t *testing.T) {
	cases := []struct {
		name, lang, copy string
		part             Part
		bad              bool
	}{
		{"Eiffel Tower title", "", "Sunny Loft near the Eiffel Tower", PartKindTitle, true},
		{"Times Square title", "", "Loft Steps from Times Square", PartKindTitle, true},
		{"Central Park", "", "A bright loft close to Central Park and the river.", PartKindText, true},
		{"Ocean Drive", "", "Sunny Loft on Ocean Drive", PartKindTitle, true},
		{"walk to Bairro Alto", "", "Alfama Loft, a Short Walk to Bairro Alto", PartKindTitle, true},
		{"Praia da Rocha", "", "A five-minute walk to Praia da Rocha.", PartKindText, true},
		{"castle in text", "", "Wake up to views of São Jorge Castle from the terrace.", PartKindText, true},
		{"name inside a sentence", "", "The loft sits in a quiet lane of Mouraria, above the river.", PartKindText, true},
		{"pt", "pt", "Loft perto da Praia da Rocha com terraço", PartKindTitle, true},
		{"pt text", "pt", "O loft fica a poucos passos do Cristo Redentor.", PartKindText, true},
		{"es", "es", "Loft cerca de la Sagrada Familia", PartKindTitle, true},
		{"it", "it", "Loft vicino al Colosseo con terrazza", PartKindTitle, true},
		{"it piazza", "it", "Il loft è a pochi passi da Piazza di Spagna.", PartKindText, true},
		{"fr", "fr", "Loft près de la Tour Eiffel", PartKindTitle, true},
		{"de", "de", "Loft in der Nähe vom Alexanderplatz", PartKindTitle, true},
		{"de von", "de", "Helles Loft in der Nähe von Kreuzberg", PartKindTitle, true},
		{"pt walk", "pt", "A casa fica a 5 minutos a pé da Praia da Rocha.", PartKindText, true},
		{"de own place", "de", "Helles Loft in Alfama mit Terrasse", PartKindTitle, false},
		{"de nouns", "de", "Entspannen Sie in Ruhe auf der Terrasse mit Blick auf den Fluss.", PartKindText, false},

		{"place before the kind", "", "Chiado Loft with River View & Terrace", PartKindTitle, true},
		{"own city and area", "", "2BR Loft in Alfama, Lisbon · River View & Terrace", PartKindTitle, false},
		{"own place before the kind", "", "Sunny Alfama Loft with Terrace", PartKindTitle, false},
		{"adjectives before the kind", "", "Gorgeous Renovated Loft with a Cute Terrace", PartKindTitle, false},
		{"own words in text", "", "Bright loft in the heart of Alfama, with a terrace over the Tagus river.", PartKindText, false},
		{"walk to Alfama", "", "Lisbon Loft, a Short Walk to Alfama", PartKindTitle, false},
		{"country", "", "A sunny loft in Lisbon, Portugal.", PartKindText, false},
		{"demonym", "", "Enjoy Portuguese tiles and a Lisbon sunset from the terrace.", PartKindText, false},
		{"a beach is no name", "", "Loft Steps from the Beach", PartKindTitle, false},
		{"features in title case", "", "Enjoy the Hot Tub, the Terrace and the River View.", PartKindText, false},
		{"the site", "", "Book your stay on Airbnb with Self Check-in.", PartKindText, false},
		{"pt features", "pt", "Destaques: Vista para o rio, Terraço, Espaço de trabalho e Wi-Fi.", PartKindText, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := newValidator(loftIn(c.lang))
			err := v.checkClaims(c.copy, c.part)
			if c.bad && !errorsIs(err, ErrPlace) {
				t.Errorf("%q accepted (%v), want ErrPlace", c.copy, err)
			}
			if !c.bad && err != nil {
				t.Errorf("%q rejected: %v", c.copy, err)
			}
		})
	}
}

// TestRealPlacesPass: on real pages, the places their own titles and
// descriptions name pass in copy, in their language.
func TestRealPlacesPass(t *testing.T) {
	for _, c := range []struct {
		file, copy string
		part       Part
	}{
		{arraialPage, "Casa em Arraial do Cabo, perto da Praia de Figueira", PartKindTitle},
		{arraialPage, "A casa fica a 17km do Centro de Arraial do Cabo e perto da Praia Grande.", PartKindText},
		{romaPage, "Appartamento a Roma, a pochi passi da Piazza Navona e Campo de’ Fiori", PartKindTitle},
		{romaPage, "L'appartamento è a 3 minuti da Piazza Navona, vicino al Pantheon.", PartKindText},
		{mermaidPage, "Condo at Friday Harbour Resort, Steps to Lake Simcoe", PartKindTitle},
	} {
		v := newValidator(realPageRequest(t, c.file))
		if err := v.checkClaims(c.copy, c.part); err != nil {
			t.Errorf("%s: %q rejected: %v", c.file, c.copy, err)
		}
	}
	v := newValidator(realPageRequest(t, romaPage))
	if err := v.checkClaims("Appartamento vicino alla Fontana di Trevi", PartKindTitle); !errorsIs(err, ErrPlace) {
		t.Errorf("a landmark the Rome listing never names passed: %v", err)
	}
}

// TestClaimsOnlyIfTheListingMakesThem: "Five-Star", "the best", "#1",
// "top-rated", "award-winning", "world-class", "unbeatable" and "luxury"
// in any of our languages are rejected unless the listing's own text makes
// the same claim.
func TestClaimsOnlyIfTheListingMakesThem(t *testing.T) {
	bad := []struct{ lang, copy string }{
		{"", "Five-Star Loft in Alfama"},
		{"", "5 Star Loft with River View"},
		{"", "The best loft in Lisbon, with a terrace."},
		{"", "#1 Loft in Alfama"},
		{"", "Top-rated loft with a terrace."},
		{"", "Award-winning design over the river."},
		{"", "World-class views from the terrace."},
		{"", "An unbeatable location in Alfama."},
		{"", "Luxury Loft in Alfama"},
		{"pt", "Loft cinco estrelas em Alfama"},
		{"pt", "O melhor loft de Alfama"},
		{"es", "Loft de 5 estrellas en Alfama"},
		{"es", "El mejor loft de Alfama"},
		{"it", "Loft a cinque stelle ad Alfama"},
		{"it", "Il migliore loft di Alfama"},
		{"fr", "Loft 5 étoiles à Alfama"},
		{"fr", "Le meilleur loft d'Alfama"},
		{"de", "5-Sterne-Loft in Alfama"},
		{"de", "Das beste Loft in Alfama"},
	}
	for _, c := range bad {
		v := newValidator(loftIn(c.lang))
		if err := v.checkClaims(c.copy, PartKindTitle); !errorsIs(err, ErrClaim) {
			t.Errorf("%s: %q accepted (%v), want ErrClaim", c.lang, c.copy, err)
		}
	}
	hotel := newValidator(realPageRequest(t, corpoSanto))
	if err := hotel.checkClaims("Hotel de 3 estrelas em Lisboa", PartKindTitle); !errorsIs(err, ErrClaim) {
		t.Errorf("3 stars for a hotel whose text says 5 passed: %v", err)
	}
	good := []struct{ file, copy string }{
		{corpoSanto, "Hotel de 5 estrelas em Lisboa"},   // "Este hotel de 5 estrelas"
		{mermaidPage, "Luxury Condo at Friday Harbour"}, // "Luxury Stay at Friday Harbour"
		{"vrbo/vrbo-2026-unidown-barbarosa-formentera.html", // "the best sun and moonsets"
			"Villa with the best sunsets on Formentera"},
	}
	for _, c := range good {
		v := newValidator(realPageRequest(t, c.file))
		if err := v.checkClaims(c.copy, PartKindTitle); err != nil {
			t.Errorf("%s: %q rejected: %v", c.file, c.copy, err)
		}
	}
}

// TestDescriptionKeepsTheHostsFacts: a description that drops features
// and numbers the host's description states is rejected, naming them; one
// that keeps them in other words (3 PM for 15:00, "third floor" for "3rd
// floor") passes.
func TestDescriptionKeepsTheHostsFacts(t *testing.T) {
	v := newValidator(loftIn(""))
	err := v.checkClaims("Entire loft in Alfama, Lisbon for up to 4 guests.\n\nThe space\nA bright loft with a private terrace over the river.", PartKindDescription)
	if !errorsIs(err, ErrDropped) || !strings.Contains(err.Error(), "kitchen") || !strings.Contains(err.Error(), "28 tram") {
		t.Errorf("dropped kitchen and the 28 tram: %v", err)
	}
	roma := newValidator(realPageRequest(t, romaPage))
	d := "Appartamento a Roma per 4 ospiti, vicino a Campo de’ Fiori, con camino, Wi-Fi, aria condizionata e lavatrice."
	if err := roma.checkClaims(d, PartKindDescription); !errorsIs(err, ErrDropped) || !strings.Contains(err.Error(), "3° piano") {
		t.Errorf("dropped the 3rd floor: %v", err)
	}

	l := loft()
	l.Description = "Apartment on the 3rd floor. Check-in from 3 PM. Free parking on the street, 400 metres from the tram."
	l.HouseRules = listing.HouseRules{}
	kept := newValidator(request(l, BasicTitles))
	for _, s := range []string{
		"Apartment on the third floor with free parking on the street; the tram is 400 m away. Check-in from 15:00.",
		"Third-floor apartment, 400 metres from the tram, free parking on the street. Check-in from 3pm.",
	} {
		if err := kept.checkClaims(s, PartKindDescription); err != nil {
			t.Errorf("%q rejected: %v", s, err)
		}
	}
	if err := kept.checkClaims("Apartment on the third floor, 400 metres from the tram. Check-in from 15:00.", PartKindDescription); !errorsIs(err, ErrDropped) {
		t.Errorf("dropped parking: %v", err)
	}
}

const (
	strandPage = "booking/booking-2026-listingproof-gb-strandpalace.en-gb.html"
	flowerPage = "booking/booking-2026-listingproof-nl-nhcollection-flower-market.nl.html"
	regentPage = "booking/booking-2026-listingproof-fr-le-regent-paris.fr.html"
)

// TestGroundedRunsAreNoUnknownPlace: a capitalised run whose words the
// listing's own text writes together, or its page facts name ("Guest
// favourite" where the page says so, "Superhost"), is no unknown place;
// nor is a run of words for a part of a town ("City Centre", "Old
// Town", "Central") beside a place the listing names. A landmark's noun
// beside them still makes a new place, and the statuses are claims the
// page's facts alone make true.
func TestGroundedRunsAreNoUnknownPlace(t *testing.T) {
	fav := loft()
	fav.GuestFavorite, fav.Superhost = true, true
	plain := loft()
	cases := []struct {
		name string
		l    *listing.Listing
		lang string
		copy string
		part Part
		want error // nil: accepted
	}{
		{"guest favourite title", fav, "", "Guest Favourite Loft in Alfama with Terrace", PartKindTitle, nil},
		{"guest favorite, US spelling, reordered", fav, "", "Alfama Loft, a Guest Favorite with River View", PartKindTitle, nil},
		{"guest favourite in text", fav, "", "Guests rate the loft a Guest Favourite, and your host is a Superhost.", PartKindText, nil},
		{"pt status", fav, "pt", "Preferido dos Hóspedes em Alfama com terraço", PartKindTitle, nil},
		{"es status", fav, "es", "Favorito entre huéspedes en Alfama", PartKindTitle, nil},
		{"de status", fav, "de", "Gäste-Favorit in Alfama mit Terrasse", PartKindTitle, nil},
		{"guest favourite, not one", plain, "", "Guest Favourite Loft in Alfama", PartKindTitle, ErrClaim},
		{"es guest favourite, not one", plain, "es", "Favorito entre huéspedes en Lisboa", PartKindTitle, ErrClaim},
		{"de guest favourite, not one", plain, "de", "Gäste-Favorit in Lissabon", PartKindTitle, ErrClaim},
		{"superhost, not one", plain, "", "Alfama loft, hosted by a Superhost.", PartKindText, ErrClaim},

		{"city centre beside the city", plain, "", "Lisbon City Centre Loft with Terrace", PartKindTitle, nil},
		{"city centre, reordered", plain, "", "Loft in the City Centre of Lisbon", PartKindTitle, nil},
		{"old town in text", plain, "", "The loft is in Lisbon Old Town, above the river.", PartKindText, nil},
		{"central beside the city", plain, "", "A bright loft in Central Lisbon with a terrace.", PartKindText, nil},
		{"pt centro", plain, "pt", "Loft no Centro Histórico de Lisboa", PartKindTitle, nil},
		{"a landmark beside the area words", plain, "", "Loft near Lisbon Central Station", PartKindTitle, ErrPlace},
		{"a park is no part of town", plain, "", "A bright loft close to Central Park and the river.", PartKindText, ErrPlace},
		{"an unknown name beside the area words", plain, "", "Loft in Belém Old Town", PartKindTitle, ErrPlace},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := *c.l
			l.Language = prose.Lang(c.lang)
			v := newValidator(request(&l, BasicTitles))
			err := v.checkClaims(c.copy, c.part)
			if (c.want == nil) != (err == nil) || (c.want != nil && !errorsIs(err, c.want)) {
				t.Errorf("%q: %v, want %v", c.copy, err, c.want)
			}
		})
	}
	// Real pages: the listing's facts (Innisfil is a Guest favourite), its
	// facilities ("Airport Shuttle") and its city with "City Centre".
	for _, c := range []struct {
		file, copy string
		part       Part
	}{
		{mermaidPage, "Guest Favourite Condo at Friday Harbour Resort", PartKindTitle},
		{mermaidPage, "A Guest Favourite on Lake Simcoe, at Friday Harbour Resort.", PartKindText},
		{flowerPage, "Amsterdam City Centre Hotel with Gym", PartKindTitle},
		{flowerPage, "Hotel in Amsterdam City Centre, by the flower market.", PartKindText},
		{strandPage, "West End Hotel near Covent Garden with Gym", PartKindTitle},
	} {
		v := newValidator(realPageRequest(t, c.file))
		if err := v.checkClaims(c.copy, c.part); err != nil {
			t.Errorf("%s: %q rejected: %v", c.file, c.copy, err)
		}
	}
	l := loft()
	l.Platform = listing.Booking
	l.Amenities = append(l.Amenities, listing.Amenity{Name: "Airport shuttle", Available: true})
	v := newValidator(request(l, BasicTitles))
	for _, s := range []string{"The front desk can arrange an Airport Shuttle on request.", "Loft with Airport Shuttle in Alfama"} {
		if err := v.checkClaims(s, PartKindText); err != nil {
			t.Errorf("a facility the page lists, capitalised: %q rejected: %v", s, err)
		}
	}
}

// TestLatinWordsBesideJapanese: a Latin word written against Japanese
// characters ("Wi-Fiをご利用") is a word of its own, not a capitalised
// name running into the Japanese: no unknown place.
func TestLatinWordsBesideJapanese(t *testing.T) {
	l := loft()
	l.Language = "ja"
	v := newValidator(request(l, PremiumTitles))
	for _, s := range []string{"ビーチへのプライベートアクセス、バーベキューグリル、ハンモック、エアコン、Wi-Fiをご利用いただけます。",
		"Wi-Fiとキッチン付きのアパート", "キッチン、Wi-Fi、Smart TVをご利用いただけます。"} {
		if err := v.checkClaims(s, PartKindText); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	if err := v.checkClaims("浅草のアパート、Times Squareまで徒歩5分。", PartKindText); !errorsIs(err, ErrPlace) {
		t.Errorf("a landmark the listing never names, in Japanese copy: %v, want ErrPlace", err)
	}
}

// TestHostNumbersWrittenAgainstWords: Chinese and Japanese write numbers
// against their words ("広さ64.8m²"): the host's number is 64.8 m², never
// its tail ("8m²").
func TestHostNumbersWrittenAgainstWords(t *testing.T) {
	l := loft()
	l.Language = "ja"
	l.Description = "浅草にある広さ64.8m²のアパートメントです。チェックインは15:00です。"
	l.HouseRules = listing.HouseRules{}
	v := newValidator(request(l, PremiumTitles))
	if err := v.checkClaims("浅草にある広さ64.8m²のアパートメントで、チェックインは15:00からです。", PartKindDescription); err != nil {
		t.Errorf("kept 64.8m²: %v", err)
	}
	if err := v.checkClaims("A 64.8 m² apartment; check-in from 3 PM.", PartKindDescription); err != nil {
		t.Errorf("kept 64.8 m² in English: %v", err)
	}
	err := v.checkClaims("浅草のアパートメントで、チェックインは15:00からです。", PartKindDescription)
	if !errorsIs(err, ErrDropped) || !strings.Contains(err.Error(), "64.8m²") {
		t.Errorf("dropped 64.8m²: %v", err)
	}
	// Latin text: a number after another's decimal point is no number.
	l = loft()
	l.Description = "The flat is 64.8 m² on the 2nd floor."
	v = newValidator(request(l, PremiumTitles))
	if err := v.checkClaims("A 64.8 m² flat on the second floor.", PartKindDescription); err != nil {
		t.Errorf("kept 64.8 m²: %v", err)
	}
}
