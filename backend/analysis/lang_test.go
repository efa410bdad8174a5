package analysis

import (
	"math"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

// descIn is a whole description in lang, read from the page's own data.
func descIn(lang, text string) *listing.Listing {
	if lang == "en" {
		lang = ""
	}
	return &listing.Listing{Platform: listing.Airbnb, Language: prose.Lang(lang), Description: text,
		Sources: map[string]string{listing.FieldDescription: listing.SourceEmbedded}}
}

func sectionFound(a DescriptionAnalysis, key string) string {
	for _, s := range a.Sections {
		if s.Key == key {
			return s.Found
		}
	}
	return ""
}

// TestDescriptionSectionsPerLanguage: Airbnb's headings and the host's own
// headings count in the description's language. The old code knew only
// English headings and told these descriptions they "cover 0 of the 5
// sections".
func TestDescriptionSectionsPerLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, text string
		want       map[string]string
	}{
		{"pt", "Casa para até 5 pessoas com uma vista linda para o mar.\n\nO espaço\nÁrea gourmet com mesa para o seu churrasco.\n\nAcesso do hóspede\nSomente você e seus convidados vão ter acesso a casa.\n\nOutras observações\nNão são permitidas festas.",
			map[string]string{"the_space": "heading", "guest_access": "heading", "house_rules": "heading"}},
		{"it", "Splendida suite con bagno privato in una villa di design.\n\nLo spazio\nLa suite è ampia e luminosa.\n\nAccesso per gli ospiti\nL’appartamento sarà a vostra completa disposizione.\n\nZona:\nNelle vicinanze supermercati e ristoranti.",
			map[string]string{"the_space": "heading", "guest_access": "heading", "neighbourhood": "heading"}},
		{"es", "Apartamento con mucha luz y muy tranquilo para una estancia en familia.\n\nEl espacio\nDos dormitorios y una cocina.\n\nAcceso de los huéspedes\nTodo el apartamento es para vosotros.\n\nOtros aspectos para tener en cuenta\nNo se permiten fiestas.",
			map[string]string{"the_space": "heading", "guest_access": "heading", "house_rules": "heading"}},
		{"fr", "Appartement lumineux avec une vue sur la mer pour les vacances.\n\nLe logement\nDeux chambres et une cuisine.\n\nAccès des voyageurs\nVous avez accès à tout le logement.",
			map[string]string{"the_space": "heading", "guest_access": "heading"}},
		{"de", "Helle Wohnung mit Blick auf den See und sehr ruhig für die Familie.\n\nDie Unterkunft\nZwei Schlafzimmer und eine Küche.\n\nZugang für Gäste\nDie ganze Wohnung ist für euch.",
			map[string]string{"the_space": "heading", "guest_access": "heading"}},
		{"nl", "Licht appartement met uitzicht op de gracht en het is ook niet duur voor jullie.\n\nDe ruimte\nTwee slaapkamers en een keuken.\n\nToegang voor gasten\nHet hele appartement is van jullie.",
			map[string]string{"the_space": "heading", "guest_access": "heading"}},
		{"el", "Φωτεινό διαμέρισμα με θέα στην Ακρόπολη.\n\nΟ χώρος\nΔύο υπνοδωμάτια και κουζίνα.\n\nΠρόσβαση επισκεπτών\nΟλόκληρο το διαμέρισμα.",
			map[string]string{"the_space": "heading", "guest_access": "heading"}},
	} {
		a := AnalyzeDescription(descIn(c.lang, c.text), Features{})
		for key, want := range c.want {
			if got := sectionFound(a, key); got != want {
				t.Errorf("%s: section %s = %q, want %q", c.lang, key, got, want)
			}
		}
		for _, f := range a.Findings {
			if f.Code == "description.sections" {
				for key := range c.want {
					for _, s := range DescriptionSections {
						if s.Key == key && strings.Contains(f.Message, strings.ToLower(s.Name)) {
							t.Errorf("%s: %q names a section the description has", c.lang, f.Message)
						}
					}
				}
				if len(f.Evidence) == 0 || !strings.Contains(f.Evidence[0].Value, "\"") {
					t.Errorf("%s: sections finding quotes no heading: %+v", c.lang, f.Evidence)
				}
			}
		}
	}
}

// TestDescriptionFactsPerLanguage: parking, check-in and wifi stated in
// the description's language count, quoting the host's words. The old code
// told "Estacionamento: 1 vaga interna" and "Possibilità di box auto" they
// do not state parking.
func TestDescriptionFactsPerLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, text, parking, checkIn string
	}{
		{"pt", "Casa para até 5 pessoas com vista para o mar.\nEstacionamento: 1 vaga interna.\nO check-in é com fechadura eletrônica.", "Estacionamento: 1 vaga interna.", "O check-in é com fechadura eletrônica."},
		{"pt", "Wifi, roupas de cama e vaga de estacionamento para 1 carro inclusos na diária. A chave com cartão fica na recepção.", "Wifi, roupas de cama e vaga de estacionamento para 1 carro inclusos na diária.", "A chave com cartão fica na recepção."},
		{"it", "Splendida suite in villa con giardino. Possibilità di box auto su richiesta. Le chiavi sono in una cassetta di sicurezza.", "Possibilità di box auto su richiesta.", "Le chiavi sono in una cassetta di sicurezza."},
		{"es", "Piso muy luminoso en el centro con una terraza. Plaza de garaje incluida. Entrada autónoma con caja de seguridad.", "Plaza de garaje incluida.", "Entrada autónoma con caja de seguridad."},
		{"fr", "Appartement avec une terrasse pour les vacances. Place de parking gratuite. Arrivée autonome avec boîte à clés.", "Place de parking gratuite.", "Arrivée autonome avec boîte à clés."},
		{"de", "Helle Wohnung mit Balkon und sehr ruhig. Kostenloser Parkplatz vor dem Haus. Die Schlüsselbox ist an der Tür.", "Kostenloser Parkplatz vor dem Haus.", "Die Schlüsselbox ist an der Tür."},
		{"nl", "Licht appartement met een tuin en het is ook voor jullie. Gratis parkeren op de oprit. Zelf inchecken met een sleutelkastje.", "Gratis parkeren op de oprit.", "Zelf inchecken met een sleutelkastje."},
		{"el", "Φωτεινό διαμέρισμα με θέα. Δωρεάν χώρος στάθμευσης. Η κλειδοθήκη είναι στην πόρτα.", "Δωρεάν χώρος στάθμευσης.", "Η κλειδοθήκη είναι στην πόρτα."},
	} {
		a := AnalyzeDescription(descIn(c.lang, c.text), Features{})
		facts := map[string]FactCheck{}
		for _, f := range a.KeyFacts {
			facts[f.Fact] = f
		}
		if f := facts["parking"]; !f.Present || f.Evidence != "mentions "+Quote(c.parking) {
			t.Errorf("%s: parking = %+v, want present quoting %q", c.lang, f, c.parking)
		}
		if f := facts["check-in method"]; !f.Present || f.Evidence != "mentions "+Quote(c.checkIn) {
			t.Errorf("%s: check-in = %+v, want present quoting %q", c.lang, f, c.checkIn)
		}
		for _, f := range a.Findings {
			if f.Code == "description.key_facts" && (strings.Contains(f.Message, "parking") || strings.Contains(f.Message, "check-in")) {
				t.Errorf("%s: %q", c.lang, f.Message)
			}
		}
	}
}

// TestDescriptionKeywordsPerLanguage: the search words are the listing's
// language's ("piscina", not "pool"), a plural counts, and a city named in
// the host's language counts ("Roma" for Rome). The old code demanded
// English words of Portuguese and Italian text.
func TestDescriptionKeywordsPerLanguage(t *testing.T) {
	for _, c := range []struct {
		lang, ptype, city, text string
		amenities               []string
		want                    string // keyword:present, comma-separated
	}{
		{"pt", "Espaço inteiro: casa", "Porto Seguro", "Casa com duas piscinas e varandas, perto da praia em Porto Seguro, com muito espaço para a família.",
			[]string{"Piscina", "Varanda"}, "casa:true,Porto Seguro:true,piscina:true,varanda:true"},
		{"it", "Intero appartamento", "Rome", "Appartamento con terrazza nel centro di Roma, a pochi passi da Piazza Navona e anche molto luminoso.",
			[]string{"Terrazza", "Lavatrice"}, "appartamento:true,Rome:true,terrazza:true,lavatrice:false"},
	} {
		l := descIn(c.lang, c.text)
		l.PropertyType, l.Location.City = c.ptype, c.city
		for _, n := range c.amenities {
			l.Amenities = append(l.Amenities, listing.Amenity{Name: n, Available: true})
		}
		a := AnalyzeDescription(l, ListingFeatures(l))
		var got []string
		for _, k := range a.Keywords {
			got = append(got, k.Keyword+":"+map[bool]string{true: "true", false: "false"}[k.Present])
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("%s: keywords = %s, want %s", c.lang, strings.Join(got, ","), c.want)
		}
	}
}

// TestDescriptionUnknownLanguage: in a language ListingLift has no words
// for, nothing is said to be missing: sections, facts and keywords are
// "not assessed", and so is readability.
func TestDescriptionUnknownLanguage(t *testing.T) {
	l := descIn("ja", "京都の町家です。二つの寝室と台所があります。駅まで歩いて五分です。")
	a := AnalyzeDescription(l, Features{})
	if a.Language != "ja" || len(a.Sections) != 0 || len(a.KeyFacts) != 0 || len(a.Keywords) != 0 || a.ReadabilityFormula != "" {
		t.Errorf("%+v", a)
	}
	for _, f := range a.Findings {
		switch f.Code {
		case "description.language_not_assessed", "description.readability_not_assessed":
			if f.Severity != SeverityInfo || f.Action != "" || !strings.Contains(f.Message, "Japanese") {
				t.Errorf("%+v", f)
			}
		case "description.sections", "description.key_facts", "description.keywords", "description.readability":
			t.Errorf("absence stated in a language not read: %q", f.Message)
		}
	}
	if !a.Findings.Has("description.language_not_assessed") {
		t.Error("no not-assessed finding")
	}
}

// TestReadabilityPerLanguage: each language is scored with the formula
// made for it, named; Greek has none. The old code gave Portuguese and
// Italian an English Flesch score ("Reading ease 14, very difficult").
// Hand-checked on two sentences of 5 and 3 words.
func TestReadabilityPerLanguage(t *testing.T) {
	const pt = "A casa tem dois quartos. Fica perto praia."
	for _, c := range []struct {
		lang, text, formula string
		want                func(w, s, u float64) float64
	}{
		{"en", "The cat sat on the mat. The dog ran.", "Flesch reading ease", func(w, s, u float64) float64 { return 206.835 - 1.015*w/s - 84.6*u/w }},
		{"pt", pt, "Flesch reading ease for Portuguese (Martins et al. 1996)", func(w, s, u float64) float64 { return 248.835 - 1.015*w/s - 84.6*u/w }},
		{"es", "La casa tiene dos dormitorios. Está cerca.", "Fernández Huerta reading ease", func(w, s, u float64) float64 { return 206.84 - 0.60*100*u/w - 1.02*100*s/w }},
		{"fr", "La maison a deux chambres. Elle est près.", "Kandel–Moles reading ease", func(w, s, u float64) float64 { return 207 - 1.015*w/s - 73.6*u/w }},
		{"de", "Das Haus hat zwei Zimmer. Es ist nah.", "Amstad reading ease", func(w, s, u float64) float64 { return 180 - w/s - 58.5*u/w }},
		{"nl", "Het huis heeft twee kamers. Het is dichtbij.", "Douma reading ease", func(w, s, u float64) float64 { return 206.84 - 0.93*w/s - 77*u/w }},
		{"it", "La casa ha due camere. È vicina.", "Gulpease index", func(w, s, u float64) float64 { return 89 + (300*s-10*u)/w }},
	} {
		r, ok := ReadabilityFor(c.lang, c.text)
		if !ok || r.Formula != c.formula {
			t.Errorf("%s: %+v %v", c.lang, r, ok)
			continue
		}
		if want := c.want(float64(r.Words), float64(r.Sentences), float64(r.Units)); math.Abs(r.Score-want) > 1e-9 {
			t.Errorf("%s: score %v, want %v", c.lang, r.Score, want)
		}
	}
	// Counts by hand: Gulpease counts letters (La casa ha due camere = 2+4+2+3+6, È vicina = 1+6: 24 letters, 7 words, 2 sentences).
	if r, _ := ReadabilityFor("it", "La casa ha due camere. È vicina."); r.Units != 24 || r.Words != 7 || r.Sentences != 2 || r.Unit != "letters" {
		t.Errorf("gulpease counts %+v", r)
	}
	// Portuguese syllables as vowel groups: a1 ca-sa2 tem1 dois1 quar-tos2 fi-ca2 per-to2 pra-ia1 (ia is one group) = 12.
	if r, _ := ReadabilityFor("pt", pt); r.Units != 12 || r.Words != 8 {
		t.Errorf("pt counts %+v", r)
	}
	if _, ok := ReadabilityFor("el", "Φωτεινό διαμέρισμα με θέα."); ok {
		t.Error("Greek scored with a formula not made for it")
	}
	a := AnalyzeDescription(descIn("el", "Φωτεινό διαμέρισμα με θέα στην Ακρόπολη. Δύο υπνοδωμάτια και κουζίνα."), Features{})
	if a.ReadabilityFormula != "" || a.Findings.Has("description.readability") || !a.Findings.Has("description.readability_not_assessed") {
		t.Errorf("greek readability: %+v", a)
	}
	// Portuguese text is not called "very difficult" by an English scale.
	p := AnalyzeDescription(descIn("pt", "O apartamento fica perto da praia. Tem dois quartos e uma cozinha. A vista para o mar é linda."), Features{})
	if !strings.Contains(p.Explanation, "Martins et al. 1996") || strings.Contains(p.Explanation, "Flesch reading ease is") {
		t.Errorf("pt explanation: %s", p.Explanation)
	}
}

// TestDescriptionPartialNoAbsence: a description read only in part says
// nothing is missing.
func TestDescriptionPartialNoAbsence(t *testing.T) {
	l := descIn("pt", "Casa para até 5 pessoas com vista para o mar e muito espaço.")
	l.SetPartial(listing.FieldDescription, "the first lines")
	a := AnalyzeDescription(l, Features{})
	for _, f := range a.Findings {
		if f.Severity != SeverityInfo {
			t.Errorf("absence stated on a partial description: %q", f.Message)
		}
	}
	if len(a.Sections) != 0 || len(a.KeyFacts) != 0 || len(a.Keywords) != 0 {
		t.Errorf("%+v", a)
	}
}

// TestTitleInListingLanguage: kinds of place and places are recognized in
// the listing's language; a Booking.com property name needs no kind word;
// a local kind word counts; a language with no word list is not assessed.
// On the old code "Apê … em Ipanema", "Storico appartamento a Campo de’
// Fiori", "York Place: … apartment", "Luxury Stay at Friday Harbour
// Resort", "Kyoto machiya" and "Strand Palace" each got a false finding.
func TestTitleInListingLanguage(t *testing.T) {
	for _, c := range []struct {
		name     string
		platform listing.Platform
		lang     string
		title    string
		noType   bool // a no_property_type finding is right
		noPlace  bool // a no_location finding is right
	}{
		{"pt casa", listing.Airbnb, "pt", "Casa em Porto Seguro na praia de Taperapuan", false, false},
		{"pt apê", listing.Airbnb, "pt", "Apê IPA | Elegância Carioca em Ipanema", false, false},
		{"it campo", listing.Airbnb, "it", "Storico appartamento a Campo de’ Fiori", false, false},
		{"it suite", listing.Airbnb, "it", "Bellissima suite con bagno privato", false, true},
		{"en street", listing.Airbnb, "", "York Place: Luxurious apartment For Two adults.", false, false},
		{"en weekday place", listing.Airbnb, "", "Luxury Stay at Friday Harbour Resort", true, false},
		{"machiya", listing.Airbnb, "", "Quiet Kyoto machiya with a garden", false, false},
		{"booking hotel", listing.Booking, "", "Strand Palace", false, false}, // the Strand is its street
		{"es loft", listing.Airbnb, "es", "Loft luminoso en Gràcia", false, false},
	} {
		l := &listing.Listing{Platform: c.platform, Language: prose.Lang(c.lang), Title: c.title, Location: listing.Location{City: "Kyoto"},
			Sources: map[string]string{listing.FieldTitle: listing.SourceEmbedded}}
		a := AnalyzeTitle(c.title, l, Features{}, true)
		if got := a.Findings.Has("title.no_property_type"); got != c.noType {
			t.Errorf("%s: no_property_type = %v, want %v (%+v)", c.name, got, c.noType, a.Findings)
		}
		if got := a.Findings.Has("title.no_location"); got != c.noPlace {
			t.Errorf("%s: no_location = %v, want %v (location %q)", c.name, got, c.noPlace, a.Location)
		}
		for _, f := range a.Findings {
			if len(f.Evidence) == 0 {
				t.Errorf("%s: %s has no evidence", c.name, f.Code)
			}
		}
		if c.platform == listing.Booking && (a.Findings.Has("title.too_short") || a.Findings.Has("title.weak_start")) {
			t.Errorf("%s: a hotel's name judged as ad copy: %+v", c.name, a.Findings)
		}
	}
	// A title in a language ListingLift has no word lists for: what it
	// names is found as a piece of it (京都 is Kyoto, 町家 a machiya), and
	// what it does not name is not assessed, never called absent.
	l := &listing.Listing{Platform: listing.Airbnb, Language: "ja", Title: "静かな京都の町家", Sources: map[string]string{}}
	a := AnalyzeTitle(l.Title, l, Features{}, true)
	if a.PropertyType != "町家" || a.Location != "京都" || a.Findings.Has("title.weak_start") {
		t.Errorf("japanese title: type %q place %q %+v", a.PropertyType, a.Location, a.Findings)
	}
	l.Title = "静かで広いお部屋です"
	a = AnalyzeTitle("静かで明るい", l, Features{}, true)
	if a.Findings.Has("title.no_property_type") || a.Findings.Has("title.no_location") || a.Findings.Has("title.weak_start") ||
		!a.Findings.Has("title.property_type_not_assessed") || !a.Findings.Has("title.location_not_assessed") {
		t.Errorf("japanese title: %+v", a.Findings)
	}
}

// A title names its features in its own language: "Pé na Areia" is
// beachfront, "Fronte mare" waterfront — no "names none of it".
func TestTitleFeaturesInItsLanguage(t *testing.T) {
	for _, c := range []struct{ lang, title string }{
		{"pt", "Arraial do Cabo | Pé na Areia 2 -Praia de Figueira"},
		{"it", "Appartamento fronte mare a Rimini"},
		{"es", "Piso en primera línea de playa"},
	} {
		l := &listing.Listing{Platform: listing.Airbnb, Language: prose.Lang(c.lang), Title: c.title,
			Sources: map[string]string{listing.FieldTitle: listing.SourceEmbedded}}
		a := AnalyzeTitle(c.title, l, Features{"waterfront": "amenity list: beachfront"}, true)
		if a.Findings.Has("title.no_differentiator") {
			t.Errorf("%q: %+v", c.title, a.Findings)
		}
	}
}
