package analysis

import (
	"sort"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// tenFeatures is one sentence naming the same ten features, written by
// hand in each language, and the ten catalogue keys a reader of that
// sentence would list. The keys are the oracle: they are not read from the
// catalogue under test.
var tenFeatures = []struct {
	lang, sentence string
}{
	{"en", "The flat has wifi, air conditioning, a washing machine, a dishwasher, a coffee maker, a TV, a balcony, towels, bed linen and free parking."},
	{"pt", "O apartamento tem wi-fi, ar condicionado, máquina de lavar roupa, máquina de lavar louça, cafeteira, TV, varanda, toalhas, roupa de cama e estacionamento gratuito."},
	{"es", "El piso tiene wifi, aire acondicionado, lavadora, lavavajillas, cafetera, televisión, balcón, toallas, ropa de cama y aparcamiento gratuito."},
	{"it", "L'appartamento ha wifi, aria condizionata, lavatrice, lavastoviglie, macchina del caffè, TV, balcone, asciugamani, biancheria da letto e parcheggio gratuito."},
	{"fr", "L'appartement dispose du wifi, de la climatisation, d'un lave-linge, d'un lave-vaisselle, d'une cafetière, d'une télévision, d'un balcon, de serviettes, de linge de lit et d'un parking gratuit."},
	{"de", "Die Wohnung hat WLAN, Klimaanlage, Waschmaschine, Geschirrspüler, Kaffeemaschine, Fernseher, Balkon, Handtücher, Bettwäsche und einen kostenlosen Parkplatz."},
	{"el", "Το διαμέρισμα έχει wifi, κλιματισμό, πλυντήριο ρούχων, πλυντήριο πιάτων, καφετιέρα, τηλεόραση, μπαλκόνι, πετσέτες, σεντόνια και δωρεάν χώρο στάθμευσης."},
	{"ja", "部屋にはWi-Fi、エアコン、洗濯機、食器洗い機、コーヒーメーカー、テレビ、バルコニー、タオル、シーツ、無料駐車場があります。"},
}

var tenFeatureKeys = []string{"air_conditioning", "bed_linens", "coffee_maker", "dishwasher", "essentials", "free_parking", "outdoor_space", "tv", "washer", "wifi"}

func TestTenFeaturesInEveryLanguage(t *testing.T) {
	for _, tc := range tenFeatures {
		l := &listing.Listing{Language: prose.Lang(tc.lang), Description: tc.sentence}
		if tc.lang == "en" {
			l.Language = ""
		}
		f := ListingFeatures(l)
		var missed []string
		for _, k := range tenFeatureKeys {
			if !f.Has(k) {
				missed = append(missed, k)
			}
		}
		t.Logf("%s: %d of 10", tc.lang, 10-len(missed))
		if len(missed) > 0 {
			t.Errorf("%s: the sentence names %v but they were not counted; counted %v", tc.lang, missed, keysOf(f))
		}
	}
}

// negatedWifi are a host saying there is no wifi, by hand per language.
var negatedWifi = []struct{ lang, text, key string }{
	{"en", "Please note: no wifi in the cottage.", "wifi"},
	{"en", "No pets allowed.", "pets"},
	{"pt", "Casa sem wifi, perfeita para desligar.", "wifi"},
	{"es", "Casa sin wifi, perfecta para desconectar.", "wifi"},
	{"it", "Casa senza wifi, perfetta per staccare.", "wifi"},
	{"fr", "Maison sans télé et pas de wifi.", "wifi"},
	{"de", "Haus ohne Fernseher und kein WLAN.", "wifi"},
	{"de", "Haus ohne Fernseher und kein WLAN.", "tv"},
	{"el", "Σπίτι χωρίς wifi.", "wifi"},
	{"ja", "Wi-Fiなしの静かな宿です。", "wifi"},
	{"it", "Animali non ammessi.", "pets"},
	{"pt", "Não aceitamos animais de estimação; sem ar condicionado.", "air_conditioning"},
}

func TestNegationsPerLanguage(t *testing.T) {
	for _, tc := range negatedWifi {
		l := &listing.Listing{Language: prose.Lang(tc.lang), Description: tc.text}
		if f := ListingFeatures(l); f.Has(tc.key) {
			t.Errorf("%s %q: counted %s (%s), but the host says there is none", tc.lang, tc.text, tc.key, f[tc.key])
		}
	}
}

// Portuguese "no" is "in the": "no jardim" names a garden, not its absence.
func TestPortugueseNoIsNotNegation(t *testing.T) {
	l := &listing.Listing{Language: "pt", Description: "Churrasqueira no jardim e piscina."}
	f := ListingFeatures(l)
	for _, k := range []string{"bbq", "outdoor_space", "pool"} {
		if !f.Has(k) {
			t.Errorf("%s not counted from %q: %v", k, l.Description, keysOf(f))
		}
	}
}

// An amenity the page lists as not included is never offered, whatever
// the text says.
func TestNotIncludedNeverOffered(t *testing.T) {
	l := &listing.Listing{Language: "pt", Description: "Apartamento com wi-fi e toalhas.",
		Amenities: []listing.Amenity{{Name: "Wi-Fi", Available: false}, {Name: "Cozinha", Available: true}}}
	f := ListingFeatures(l)
	if f.Has("wifi") {
		t.Errorf("wifi listed as not included was counted: %s", f["wifi"])
	}
	if !f.Has("essentials") {
		t.Errorf("towels in the text not counted as essentials: %v", keysOf(f))
	}
}

// Words of the wrong language are not read: "camino" is a path in Spanish.
func TestWordsReadInTheirLanguage(t *testing.T) {
	l := &listing.Listing{Language: "es", Description: "Casa junto al camino de Santiago."}
	if f := ListingFeatures(l); f.Has("fireplace") {
		t.Errorf("Spanish 'camino' counted as a fireplace")
	}
}

// Every catalogue entry has free-text words in pt, es, it, fr, de, el and
// ja (table or site names).
func TestEveryEntryHasMentionsPerLanguage(t *testing.T) {
	for _, d := range Catalog {
		for _, lang := range []string{"pt", "es", "it", "fr", "de", "el", "ja"} {
			if len(textMentions[d.Key][lang]) == 0 && (d.Mention != nil || lang == "ja") {
				t.Errorf("%s has no %s words for free text", d.Key, lang)
			}
		}
	}
	for key := range textMentions {
		if catalogByKey[key] == nil {
			t.Errorf("textMentions names unknown key %s", key)
		}
	}
}

func keysOf(f Features) []string {
	var out []string
	for k := range f {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Another property's features, in the host's text, are not this one's.
func TestOtherPropertyParagraphNotCounted(t *testing.T) {
	for _, tc := range []struct{ lang, text, key string }{
		{"pt", "Casa aconchegante.\n\nNossa outra casa em Búzios tem piscina privativa e jacuzzi — pergunte pela disponibilidade.", "pool"},
		{"en", "Cosy flat.\n\nOur other flat in Leith has a private hot tub, a sea view and free parking: ask us about it.", "hot_tub"},
		{"it", "Bilocale luminoso.\n\nLa nostra altra casa sul Lago di Como ha una piscina privata e la vista lago.", "pool"},
	} {
		l := &listing.Listing{Language: prose.Lang(tc.lang), Description: tc.text}
		if f := ListingFeatures(l); f.Has(tc.key) {
			t.Errorf("%s: %s counted from another property's paragraph: %s", tc.lang, tc.key, f[tc.key])
		}
	}
}

// Free parking on the street is street parking in every language, and a
// public pool nearby is no pool of the listing's.
func TestStreetParkingAndPublicPool(t *testing.T) {
	for _, tc := range []struct{ lang, text string }{
		{"pt", "Estacionamento gratuito na rua em frente à casa."},
		{"es", "Aparcamiento gratuito en la calle delante de la casa."},
		{"it", "Parcheggio gratuito in strada davanti alla casa."},
		{"fr", "Stationnement gratuit dans la rue devant la maison."},
		{"de", "Kostenlose Parkplätze an der Straße vor dem Haus."},
	} {
		f := ListingFeatures(&listing.Listing{Language: prose.Lang(tc.lang), Description: tc.text})
		if f.Has("free_parking") || !f.Has("street_parking") {
			t.Errorf("%s %q: read %v, want street parking only", tc.lang, tc.text, keysOf(f))
		}
	}
	for _, tc := range []struct{ lang, text string }{
		{"pt", "A piscina municipal fica a cinco minutos."},
		{"it", "La piscina comunale è a cinque minuti."},
		{"fr", "La piscine municipale est à cinq minutes."},
	} {
		if f := ListingFeatures(&listing.Listing{Language: prose.Lang(tc.lang), Description: tc.text}); f.Has("pool") {
			t.Errorf("%s %q: a public pool counted as the listing's", tc.lang, tc.text)
		}
	}
}

// A feature denied in one room and named plainly in another is offered;
// a cuisine is no kitchen.
func TestPartialDenialAndCuisine(t *testing.T) {
	l := &listing.Listing{Description: "Air conditioning is available in the two bedrooms; please note that the living room does not have air conditioning."}
	if f := ListingFeatures(l); !f.Has("air_conditioning") {
		t.Errorf("air conditioning in the bedrooms not counted: %v", keysOf(f))
	}
	for _, tc := range []struct{ lang, text string }{
		{"", "Our restaurant serves modern British cuisine."},
		{"it", "Il ristorante propone cucina tipica romagnola."},
		{"pt", "O restaurante serve cozinha portuguesa tradicional."},
		{"es", "El restaurante ofrece cocina mediterránea."},
		{"fr", "Le restaurant propose une cuisine française raffinée."},
		{"de", "Das Restaurant bietet regionale Küche."},
	} {
		if f := ListingFeatures(&listing.Listing{Language: prose.Lang(tc.lang), Description: tc.text}); f.Has("kitchen") {
			t.Errorf("%s %q: a cuisine read as a kitchen (%s)", tc.lang, tc.text, f["kitchen"])
		}
	}
}

// Japanese words inside other words are not read: フロントデスク is the
// front desk, not a workspace; 家庭 is a household, not a garden; 無料駐車場
// is free parking, not parking of unknown charge.
func TestJapaneseWordsInsideWords(t *testing.T) {
	f := ListingFeatures(&listing.Listing{Language: "ja", Description: "フロントデスクは24時間対応です。家庭的な雰囲気の宿で、無料駐車場があります。"})
	for _, k := range []string{"workspace", "outdoor_space", "parking"} {
		if f.Has(k) {
			t.Errorf("%s read from %s", k, f[k])
		}
	}
	if !f.Has("free_parking") {
		t.Errorf("free parking not read: %v", keysOf(f))
	}
}

// An amenity named in the house rules or highlights cites that field.
func TestMentionEvidenceField(t *testing.T) {
	l := &listing.Listing{Language: "pt", HouseRules: listing.HouseRules{Rules: []string{"Toalhas e roupa de cama incluídas."}},
		Highlights: []string{"Piscina aquecida com vista"}}
	f := ListingFeatures(l)
	for key, field := range map[string]string{"essentials": listing.FieldHouseRules, "bed_linens": listing.FieldHouseRules, "pool": listing.FieldHighlights} {
		if !f.Has(key) {
			t.Errorf("%s not read from the %s", key, field)
			continue
		}
		if ev := featureEvidence(l, key, f[key]); ev.Field != field {
			t.Errorf("%s: evidence cites %s (%q), want %s", key, ev.Field, f[key], field)
		}
	}
}

// The page's own "show all" button, by hand in the sites' languages, is
// no amenity; an amenity with a number in its name is one.
func TestShowAllButton(t *testing.T) {
	for name, want := range map[string]bool{
		"Show all 15 amenities": true, "Mostrar todas as 57 comodidades": true, "Mostrar los 43 servicios": true,
		"Mostra tutti i 54 servizi": true, "Afficher les 40 équipements": true, "Alle 33 Ausstattungsmerkmale anzeigen": true,
		"Toon alle 20 voorzieningen": true, "15件の設備をすべて表示": true,
		"Wi-Fi – 300 Mbps": false, "55-inch HDTV with Netflix": false, "Parking": false, "Vista para o mar": false,
	} {
		if got := ShowAllButton(name); got != want {
			t.Errorf("ShowAllButton(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestEnglishDenials(t *testing.T) {
	for _, tc := range []struct{ text, key string }{
		{"The flat is not pet friendly.", "pets"},
		{"Please note there is no wifi.", "wifi"},
		{"No a/c, but a ceiling fan in every room.", "air_conditioning"},
	} {
		if f := ListingFeatures(&listing.Listing{Description: tc.text}); f.Has(tc.key) {
			t.Errorf("%q: %s counted (%s)", tc.text, tc.key, f[tc.key])
		}
	}
}
