package writing

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// FuzzBuiltin writes copy for listings whose every text is the fuzzer's
// (seeded with Greek, Japanese, Arabic and emoji text, in each language we
// write): the copy is valid UTF-8 and cuts no character in half ("��"),
// titles stay within 50 letters, and the writer never panics.
func FuzzBuiltin(f *testing.F) {
	for _, seed := range []struct{ title, text, lang string }{
		{"Ωραίο διαμέρισμα με θέα στην Ακρόπολη", "Ένα φωτεινό διαμέρισμα στην Πλάκα.\n\nΟ χώρος\nΔύο υπνοδωμάτια, κουζίνα και μπαλκόνι.", "el"},
		{"京都の町家 🏯 駅近", "静かな町家です。\n\n台所と洗濯機があります。駐車場はありません。", "ja"},
		{"شقة فاخرة مع إطلالة على البحر", "شقة واسعة قريبة من الشاطئ.\n\nلا يوجد مسبح.", "ar"},
		{"🔥🔥 BEST Loft 🌊✨", "🌊✨ Bem-vindo! ✨🌊\nPiscina 🏊 e churrasqueira 🍖", "pt"},
		{"Équipements été", "Échappée à la mer. Il n'y a pas de piscine.", "fr"},
		{"Ümlaut Ärger", "Öffentliche Verkehrsmittel. Kein Pool.", "de"},
		{"x", "\xff\xfe broken bytes", ""},
	} {
		f.Add(seed.title, seed.text, seed.lang)
	}
	f.Fuzz(func(t *testing.T, title, text, lang string) {
		if len(lang) > 2 {
			lang = lang[:2]
		}
		l := &listing.Listing{Platform: listing.Airbnb, Title: title, Description: text, Language: prose.Lang(lang), PropertyType: text,
			RoomType: "Entire home/apt", Capacity: 3, Bedrooms: 1, Beds: 2, Baths: 1,
			Location: listing.Location{City: title, Area: text}, Sources: map[string]string{},
			Amenities:  []listing.Amenity{{Name: title, Available: true}, {Name: text, Available: true}, {Name: "Pool", Available: true}},
			HouseRules: listing.HouseRules{CheckIn: title, Rules: strings.Split(text, "\n")}}
		for _, p := range []listing.Platform{listing.Airbnb, listing.Booking} {
			l.Platform = p
			req := request(l, PremiumTitles)
			c, err := Builtin{}.Write(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			in := title + text
			for _, s := range append(append([]string{c.Description, c.AmenityCopy}, c.Titles...), c.Notes...) {
				if !utf8.ValidString(s) && utf8.ValidString(in) {
					t.Fatalf("invalid UTF-8 in %q", s)
				}
				if strings.ContainsRune(s, utf8.RuneError) && !strings.ContainsRune(in, utf8.RuneError) && utf8.ValidString(in) {
					t.Fatalf("a character cut in half in %q", s)
				}
			}
			for _, s := range c.Titles {
				if utf8.RuneCountInString(s) > 50 {
					t.Fatalf("title %q has %d letters", s, utf8.RuneCountInString(s))
				}
			}
		}
	})
}
