package writing

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// The language family: copy is in the copy's language (the listing's where
// a phrasebook exists), as a whole and paragraph by paragraph, and in its
// script. Before: English copy for a Portuguese listing, a Russian or
// Chinese description for an English one and a Portuguese description with
// an English paragraph were all accepted; only titles were checked.
func TestCheckLanguage(t *testing.T) {
	pt := newValidator(request(brazilianHouse(), PremiumTitles))
	en := newValidator(request(loft(), PremiumTitles))
	ptBuiltin, _ := Builtin{}.Write(context.Background(), pt.req)
	englishPara := "The house is a short walk from the beach and it has everything you need for a relaxing stay with your family and friends."
	cases := []struct {
		name string
		v    *validator
		s    string
		p    Part
		want error // nil: accepted
	}{
		{"Portuguese description", pt, ptBuiltin.Description, PartKindDescription, nil},
		{"Portuguese amenity copy", pt, ptBuiltin.AmenityCopy, PartKindText, nil},
		{"Portuguese title", pt, "Casa com piscina em Arraial do Cabo", PartKindTitle, nil},
		{"English description for a Portuguese listing", pt, englishPara + "\n\n" + "There are two bedrooms with air conditioning and a pool for the whole family to enjoy.", PartKindDescription, ErrLanguage},
		{"English title for a Portuguese listing", pt, "House with Pool near the Beach for the Family", PartKindTitle, ErrLanguage},
		{"English amenity copy for a Portuguese listing", pt, "The house has a pool, a barbecue and a balcony for you and your guests to enjoy.", PartKindText, ErrLanguage},
		{"Portuguese description with an English paragraph", pt, ptBuiltin.Description + "\n\n" + englishPara, PartKindDescription, ErrLanguage},
		{"English description", en, "Bright loft in Alfama with a private terrace over the river, and the tram stops at the door.", PartKindDescription, nil},
		{"Russian description for an English listing", en, "Светлый лофт в районе Алфама с частной террасой и видом на реку. Трамвай останавливается у двери.", PartKindDescription, ErrMixedScript},
		{"Chinese sentence in an English description", en, "Bright loft in Alfama with a private terrace. 阳光充足的阁楼，带私人露台。", PartKindDescription, ErrMixedScript},
		{"Greek title", en, "Loft in Αλφάμα with Terrace", PartKindTitle, ErrMixedScript},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.v.checkLanguage(strings.TrimSpace(c.s), c.p)
			if (c.want == nil) != (err == nil) || (c.want != nil && !errors.Is(err, c.want)) {
				t.Errorf("checkLanguage = %v, want %v\n%s", err, c.want, c.s)
			}
		})
	}
}

// Letters of another script are allowed where the listing's own text uses
// them: English copy for a Greek listing may name its street as the host
// writes it.
func TestCheckLanguageAllowsTheHostsOwnScript(t *testing.T) {
	l := loft()
	l.Description += "\n\nThe building is on Οδός Αδριανού, a quiet street."
	v := newValidator(request(l, PremiumTitles))
	if err := v.checkLanguage("The loft is on Οδός Αδριανού, a quiet street in the old town.", PartKindDescription); err != nil {
		t.Errorf("the host's own street name: %v", err)
	}
	if err := v.checkLanguage("The loft is near Ακρόπολη, a short walk away.", PartKindDescription); !errors.Is(err, ErrMixedScript) {
		t.Errorf("a word in Greek the host never wrote: %v, want ErrMixedScript", err)
	}
}

// japaneseListing is a listing in Japanese, a language without a
// phrasebook: a model may write its copy in Japanese or in English.
func japaneseListing() *listing.Listing {
	l := loft()
	l.Language = "ja"
	l.Title = "浅草の2ベッドルームアパート"
	l.Description = "浅草にあるアパートメントです。最大４名様までご宿泊いただけます。\n浅草寺まで徒歩7分です。キッチンとWi-Fiをご利用いただけます。"
	l.Location = listing.Location{Area: "浅草", City: "台東区", Region: "東京都", Country: "日本"}
	l.HouseRules.Rules = nil
	l.Highlights = nil
	return l
}

// dutchListing is a listing in Dutch, a language without a phrasebook.
func dutchListing() *listing.Listing {
	l := loft()
	l.Language = "nl"
	l.Title = "Licht appartement met terras in de Jordaan"
	l.Description = "Het appartement ligt in de Jordaan, op vijf minuten lopen van de Westerkerk. Er is een keuken en een terras voor jullie."
	l.Location = listing.Location{Area: "Jordaan", City: "Amsterdam", Country: "Nederland"}
	l.HouseRules.Rules = nil
	l.Highlights = nil
	return l
}

// TestLanguageOfTheListingsOwn: where the listing's language has no
// phrasebook, copy may be in it as well as in English, one language per
// piece; Japanese copy's kana and kanji are no mixed script; a third
// language (Chinese in Japanese copy, German in Dutch) is refused.
func TestLanguageOfTheListingsOwn(t *testing.T) {
	ja := newValidator(request(japaneseListing(), PremiumTitles))
	nl := newValidator(request(dutchListing(), PremiumTitles))
	pt := newValidator(request(brazilianHouse(), PremiumTitles))
	cases := []struct {
		name string
		v    *validator
		s    string
		p    Part
		want error // nil: accepted
	}{
		{"ja title in Japanese", ja, "浅草のキッチン・洗濯機付きアパート", PartKindTitle, nil},
		{"ja title, kanji first", ja, "浅草寺まで徒歩7分のアパートメント", PartKindTitle, nil},
		{"ja title in English", ja, "Asakusa Apartment with Kitchen and Wifi", PartKindTitle, nil},
		{"ja text in Japanese", ja, "ビーチへのプライベートアクセス、エアコン、Wi-Fiをご利用いただけます。敷地内の駐車場は無料です。", PartKindText, nil},
		{"ja text in English naming a station", ja, "A bright apartment, a short walk from 浅草寺 and the river.", PartKindText, nil},
		{"ja title in Chinese", ja, "浅草的住宿", PartKindTitle, ErrLanguage},
		{"ja text in Chinese", ja, "这个住宿位于浅草，欢迎您下次光临。", PartKindText, ErrLanguage},
		{"ja text, a Chinese sentence after a Japanese one", ja, "浅草にあるアパートメントです。这个住宿位于浅草，欢迎您下次光临。", PartKindText, ErrLanguage},
		{"ja text, an English sentence in Japanese copy", ja, "浅草にあるアパートメントです。キッチンをご利用いただけます。The apartment is close to the temple and to the station, with a kitchen.", PartKindText, ErrLanguage},
		{"ja text in Korean", ja, "아사쿠사에 있는 아파트입니다.", PartKindText, ErrMixedScript},
		{"ja title in Greek", ja, "Διαμέρισμα στην Ασακούσα", PartKindTitle, ErrMixedScript},

		{"nl title in Dutch", nl, "Appartement met terras in de Jordaan", PartKindTitle, nil},
		{"nl text in Dutch", nl, "Het appartement heeft een terras en een keuken, en het ligt op vijf minuten van de Westerkerk.", PartKindText, nil},
		{"nl text in English", nl, "The apartment has a terrace and a kitchen, a short walk from the Westerkerk.", PartKindText, nil},
		{"nl text, a German sentence in Dutch copy", nl, "Het appartement heeft een terras en een keuken voor jullie. Die Wohnung ist sehr hell und hat eine Terrasse mit Blick auf den Kanal.", PartKindText, ErrLanguage},
		{"nl title in German", nl, "Helle Wohnung mit Terrasse und der Küche", PartKindTitle, ErrLanguage},

		{"pt text, a Spanish sentence", pt, "A casa fica a poucos passos da praia, com uma varanda. Este alojamiento está en la playa y te espera en tu próximo viaje.", PartKindText, ErrLanguage},
		{"pt text, reordered Spanish sentence", pt, "Te espera en tu próximo viaje este alojamiento, que está en la playa y con vistas. A casa tem uma varanda com vista para o mar.", PartKindText, ErrLanguage},
		{"pt text, a quoted Spanish name", pt, "A casa, “La Casa de los Abuelos y el Mar en la Playa”, fica a poucos passos da praia, com uma varanda para o mar.", PartKindText, nil},
		{"pt text with check-in times", pt, "Check-in a partir das 15:00, check-out até as 11:00, com self check-in para os hóspedes.", PartKindText, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.v.checkLanguage(strings.TrimSpace(c.s), c.p)
			if (c.want == nil) != (err == nil) || (c.want != nil && !errors.Is(err, c.want)) {
				t.Errorf("checkLanguage = %v, want %v\n%s", err, c.want, c.s)
			}
		})
	}
}

// TestLanguageLeavesNamesOut: the property's registered name (a
// Booking.com title) and the places the listing names are in their own
// language and are left out before a line's language is judged.
func TestLanguageLeavesNamesOut(t *testing.T) {
	hotel := func(name, city string) *validator {
		l := loft()
		l.Platform, l.Title, l.Language = listing.Booking, name, ""
		l.Description = "Set in a historic building, " + name + " is an elegant hotel with free WiFi, 200 metres from the metro."
		l.Location = listing.Location{City: city}
		return newValidator(request(l, PremiumTitles))
	}
	cases := []struct {
		name string
		v    *validator
		s    string
		p    Part
		want error
	}{
		{"French hotel name", hotel("Hôtel Le Regent Paris", "Paris"), "Hôtel Le Regent Paris, 6th Arrondissement", PartKindTitle, nil},
		{"French hotel name, reordered", hotel("Hôtel Le Regent Paris", "Paris"), "6th Arrondissement: Hôtel Le Regent Paris", PartKindTitle, nil},
		{"Italian hotel name", hotel("Albergo della Piazza di Spagna", "Roma"), "Albergo della Piazza di Spagna with Rooftop Bar", PartKindTitle, nil},
		{"Spanish hotel name in text", hotel("Hotel de los Reyes y la Mar", "Sevilla"), "Hotel de los Reyes y la Mar is 200 metres from the metro, with free WiFi for you.", PartKindText, nil},
		{"another French name", hotel("Hôtel Le Regent Paris", "Paris"), "Le Petit Hôtel de la Gare du Nord", PartKindTitle, ErrLanguage},
		{"the name, then French", hotel("Hôtel Le Regent Paris", "Paris"), "Hôtel Le Regent Paris, la chambre est à vous", PartKindTitle, ErrLanguage},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.v.checkLanguage(c.s, c.p)
			if (c.want == nil) != (err == nil) || (c.want != nil && !errors.Is(err, c.want)) {
				t.Errorf("checkLanguage(%q) = %v, want %v", c.s, err, c.want)
			}
		})
	}
}

// TestTitleInAnotherLanguagesWords: a title too short for its small words
// to say is judged by the words only one language's phrasebook writes
// ("place", "stay", "alloggio"): an English or Italian title for copy in
// another language is refused; the copy's own words, names and the words
// every language borrows ("Loft", "Suite", "Hotel") are not.
func TestTitleInAnotherLanguagesWords(t *testing.T) {
	in := func(lang string) *validator {
		l := loft()
		l.Language = prose.Lang(lang)
		return newValidator(request(l, PremiumTitles))
	}
	cases := []struct {
		name, lang, title string
		want              error
	}{
		{"English for Italian copy", "it", "A place to stay in Lisbon", ErrLanguage},
		{"English, reordered", "it", "Lisbon: your stay by the river", ErrLanguage},
		{"English for German copy", "de", "A place to stay in Lisbon", ErrLanguage},
		{"Italian for Spanish copy", "es", "Alloggio a Lisbon", ErrLanguage},
		{"Spanish for Italian copy", "it", "Alojamiento en Alfama", ErrLanguage},
		{"Portuguese for French copy", "fr", "Hospedagem em Alfama", ErrLanguage},
		{"Italian for Italian copy", "it", "Alloggio a Lisbona con terrazza", nil},
		{"Spanish for Spanish copy", "es", "Alojamiento en Alfama", nil},
		{"borrowed words", "it", "Loft Suite Alfama", nil},
		{"English for English copy", "", "A place to stay in Alfama", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := in(c.lang).checkLanguage(c.title, PartKindTitle)
			if (c.want == nil) != (err == nil) || (c.want != nil && !errors.Is(err, c.want)) {
				t.Errorf("checkLanguage(%q) for %q copy = %v, want %v", c.title, c.lang, err, c.want)
			}
		})
	}
}
