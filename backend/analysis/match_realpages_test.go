package analysis_test

import (
	"fmt"
	"maps"
	"sort"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/prose"
)

// These tests take every real listing page, read it, and rewrite its
// title and description in memory into variants a host could have
// written: the city inflected (Greek genitive, German -s, English 's), in
// another language's name or script (Lissabon, Ρώμη, ローマ), a local
// kind of place (T1, Bilocale, Ferienwohnung, γκαρσονιέρα, 一棟貸し), a
// paragraph about the neighbourhood in the listing's language, Japanese
// with places in it. Each variant keeps the page's platform, place fields,
// kind and amenities. No finding may call absent what the variant
// contains; and the same variant with the subject really removed (the
// control) still gets the finding, in every language ListingLift judges.
// Every expected string here is written by hand: the forms of each city
// and the sentences of each language are the oracle, not the matcher.

// langKit is one language's hand-written sentences.
type langKit struct {
	lang string // the listing's language ("" is English)
	// judged: ListingLift reads the language, so the controls must get
	// their findings.
	judged bool
	// space is a paragraph about the rooms: no place, no neighbourhood,
	// no way of getting about; its small words show its language.
	space string
	// around covers the neighbourhood and getting around without a
	// heading: what is near, how far, how to get there.
	around string
	// placeTitle names the city (%s, in cityForms' form for the language)
	// with no preposition before it, so only the matcher can find it;
	// noPlaceTitle is the same title without it.
	placeTitle, noPlaceTitle string
	// cityDesc is a sentence naming the city (%s); the control is space alone.
	cityDesc string
	// typeTitle names the kind of place only by a local word;
	// noTypeTitle names none.
	typeTitle, noTypeTitle string
	// parking states parking in a plural or other form the word lists do
	// not hold as such; the control is space alone.
	parking string
}

var langKits = []langKit{
	{lang: "", judged: true,
		space:      "The flat is bright and quiet, with a kitchen, a sofa and a big bed for you and your family to rest in.",
		around:     "Close to the old market; the ferry leaves 2 km down the road.",
		placeTitle: "%s brightest flat, with a balcony", noPlaceTitle: "The brightest flat, with a balcony",
		cityDesc:  "%s best bakery is downstairs.",
		typeTitle: "Two bright guest suites with a balcony", noTypeTitle: "Bright and quiet, with a balcony",
		parking: "The flat comes with two garages."},
	{lang: "pt", judged: true,
		space:      "O apartamento é claro e tranquilo, com uma cozinha, um sofá e uma cama grande para você e a sua família descansarem também.",
		around:     "O mercado municipal fica a 300 m e a balsa sai a 2 km daqui.",
		placeTitle: "%s: apartamento luminoso com varanda", noPlaceTitle: "Apartamento luminoso com varanda",
		cityDesc:  "O apartamento fica no coração de %s.",
		typeTitle: "T1 renovado com varanda", noTypeTitle: "Renovado e luminoso, com varanda",
		parking: "O apartamento tem duas garagens cobertas."},
	{lang: "es", judged: true,
		space:      "El piso es luminoso y tranquilo, con una cocina, un sofá y una cama grande para ti y para los tuyos, también para las familias.",
		around:     "El mercado está a 300 m y el ferry sale a 2 km de aquí.",
		placeTitle: "%s: piso luminoso con balcón", noPlaceTitle: "Piso luminoso con balcón",
		cityDesc:  "El piso está en el corazón de %s.",
		typeTitle: "Estudio reformado con terraza", noTypeTitle: "Reformado y luminoso, con terraza",
		parking: "Hay dos garajes privados."},
	{lang: "it", judged: true,
		space:      "L'appartamento è luminoso e silenzioso, con una cucina, un divano e un letto grande per voi e per gli amici che sono con voi anche.",
		around:     "Il mercato è a 300 m e il traghetto parte a 2 km da qui.",
		placeTitle: "%s, appartamento luminoso con balcone", noPlaceTitle: "Appartamento luminoso con balcone",
		cityDesc:  "L'appartamento è nel cuore di %s.",
		typeTitle: "Bilocale luminoso con balcone", noTypeTitle: "Luminoso e silenzioso, con balcone",
		parking: "Ci sono due autorimesse private."},
	{lang: "fr", judged: true,
		space:      "L'appartement est lumineux et calme, avec une cuisine, un canapé et un grand lit pour vous et pour les vôtres, très confortable aussi.",
		around:     "Le marché est à 300 m et le ferry part à 2 km d'ici.",
		placeTitle: "%s : appartement lumineux avec balcon", noPlaceTitle: "Appartement lumineux avec balcon",
		cityDesc:  "L'appartement est au cœur de %s.",
		typeTitle: "Gîte au calme avec jardin", noTypeTitle: "Au calme, avec jardin",
		parking: "Il y a deux garages fermés."},
	{lang: "de", judged: true,
		space:      "Die Wohnung ist hell und ruhig, mit einer Küche, einem Sofa und einem großen Bett für die ganze Familie, sehr gemütlich.",
		around:     "Der Markt ist 300 m entfernt und die Fähre legt 2 km von hier ab.",
		placeTitle: "Die hellste Wohnung %s, mit Balkon", noPlaceTitle: "Die hellste Wohnung, mit Balkon",
		cityDesc:  "Die Wohnung liegt mitten %s.",
		typeTitle: "Ferienwohnung mit Balkon", noTypeTitle: "Hell und ruhig, mit Balkon",
		parking: "Es gibt zwei Stellplätze vor dem Haus."},
	{lang: "nl", judged: true,
		space:      "Het appartement is licht en rustig, met een keuken, een bank en een groot bed voor het hele gezin, ook voor jullie vrienden.",
		around:     "De markt is op 300 m en de veerboot vertrekt op 2 km van hier.",
		placeTitle: "%s: licht appartement met balkon", noPlaceTitle: "Licht appartement met balkon",
		cityDesc:  "Het appartement ligt in het hart van %s.",
		typeTitle: "Vakantiewoning met tuin", noTypeTitle: "Licht en rustig, met tuin",
		parking: "Er zijn twee parkeergarages."},
	{lang: "el", judged: true,
		space:      "Το διαμέρισμα είναι φωτεινό και ήσυχο, με κουζίνα, καναπέ και μεγάλο κρεβάτι για εσάς και την οικογένειά σας.",
		around:     "Η αγορά απέχει 300 μέτρα και το πλοίο φεύγει 2 χλμ από εδώ.",
		placeTitle: "Το πιο φωτεινό διαμέρισμα %s", noPlaceTitle: "Το πιο φωτεινό διαμέρισμα, με μπαλκόνι",
		cityDesc:  "Το διαμέρισμα είναι στην καρδιά %s.",
		typeTitle: "Φωτεινή γκαρσονιέρα με μπαλκόνι", noTypeTitle: "Φωτεινό και ήσυχο, με μπαλκόνι",
		parking: "Υπάρχουν δύο θέσεις σε χώρους στάθμευσης."},
	// Japanese: names are found as pieces of the text; nothing is ever
	// said to be absent (no controls).
	{lang: "ja",
		space:      "明るく静かなお部屋です。キッチンとソファがあります。",
		around:     "三ノ輪駅から徒歩3分、浅草まで10分。近くにコンビニがあります。",
		placeTitle: "%sの静かなマンション", noPlaceTitle: "静かで明るいお部屋",
		cityDesc:  "%sの中心にある静かなお部屋です。",
		typeTitle: "浅草の一棟貸し", noTypeTitle: "静かで明るい",
		parking: "駐車場が2台分あります。"},
	// Polish: a language ListingLift has no rules for, on whatever the
	// page's language is: nothing is said to be absent.
	{lang: "pl",
		space:      "Mieszkanie jest jasne i ciche, ma kuchnię, kanapę i duże łóżko dla was i dla całej rodziny na dłuższy pobyt.",
		around:     "Targ jest 300 m stąd, a prom odpływa 2 km dalej.",
		placeTitle: "%s: jasne mieszkanie z balkonem", noPlaceTitle: "Jasne mieszkanie z balkonem",
		cityDesc:  "Mieszkanie jest w samym sercu miasta %s.",
		typeTitle: "Jasne mieszkanie z balkonem", noTypeTitle: "Jasne i ciche, z balkonem",
		parking: "Są dwa miejsca parkingowe."},
}

// cityForms are, for each city the real pages give (as the page writes
// it), its form in each kit's sentences: English possessive, German
// genitive, Greek genitive with its article, the other languages' names
// and Japanese katakana. A city or language missing here is skipped, and
// counted.
var cityForms = map[string]map[string]string{
	"Rome": {"": "Rome's", "pt": "Roma", "es": "Roma", "it": "Roma", "fr": "Rome", "de": "Roms", "nl": "Rome",
		"el": "της Ρώμης", "ja": "ローマ", "pl": "Rzym"},
	"Milano": {"": "Milan's", "es": "Milán", "it": "Milano", "fr": "Milan", "de": "Mailands", "el": "του Μιλάνου", "ja": "ミラノ"},
	"Lisboa": {"": "Lisbon's", "pt": "Lisboa", "es": "Lisboa", "it": "Lisbona", "fr": "Lisbonne", "de": "Lissabons", "nl": "Lissabon",
		"el": "της Λισαβόνας", "ja": "リスボン"},
	"Barcelona": {"": "Barcelona's", "pt": "Barcelona", "es": "Barcelona", "it": "Barcellona", "fr": "Barcelone", "de": "Barcelonas",
		"el": "της Βαρκελώνης", "ja": "バルセロナ"},
	"Paris": {"": "Paris's", "fr": "Paris", "it": "Parigi", "pt": "Paris", "el": "του Παρισιού", "ja": "パリ"},
	"London": {"": "London's", "pt": "Londres", "es": "Londres", "it": "Londra", "fr": "Londres", "de": "Londons", "nl": "Londen",
		"el": "του Λονδίνου", "ja": "ロンドン"},
	"Edinburgh": {"": "Edinburgh's", "pt": "Edimburgo", "es": "Edimburgo", "it": "Edimburgo", "fr": "Édimbourg", "de": "Edinburghs",
		"el": "του Εδιμβούργου", "ja": "エディンバラ"},
	"Amsterdam":       {"": "Amsterdam's", "nl": "Amsterdam", "de": "Amsterdams", "el": "του Άμστερνταμ", "ja": "アムステルダム"},
	"Rimini":          {"": "Rimini's", "it": "Rimini", "de": "Riminis", "el": "του Ρίμινι", "ja": "リミニ"},
	"Rio de Janeiro":  {"": "Rio de Janeiro's", "pt": "Rio", "el": "του Ρίο ντε Τζανέιρο", "ja": "リオデジャネイロ"},
	"Formentera":      {"": "Formentera's", "es": "Formentera", "de": "Formenteras", "el": "της Φορμεντέρα"},
	"Innisfil":        {"": "Innisfil's"},
	"Arraial do Cabo": {"": "Arraial do Cabo's", "pt": "Arraial do Cabo"},
	"Taperapuã":       {"": "Taperapuã's", "pt": "Taperapuã"},
}

// absenceCodes are the findings that say a text leaves something out.
var absenceCodes = []string{"title.no_property_type", "title.no_location", "title.no_differentiator", "title.weak_start",
	"description.sections", "description.key_facts", "description.keywords"}

// variant is the page's listing with another title and description, the
// description read whole from the page's own data and in lang.
func variant(l *listing.Listing, lang, title, desc string) *listing.Listing {
	v := *l
	v.Language = prose.Lang(lang)
	if lang == "" || lang == "en" {
		v.Language = ""
	}
	v.Title, v.Description = title, desc
	v.Sources = maps.Clone(l.Sources)
	if v.Sources == nil {
		v.Sources = map[string]string{}
	}
	v.Partial = maps.Clone(l.Partial)
	delete(v.Partial, listing.FieldDescription)
	delete(v.Partial, listing.FieldTitle)
	v.Set(listing.FieldTitle, listing.SourceEmbedded)
	v.Set(listing.FieldDescription, listing.SourceEmbedded)
	return &v
}

// tally counts the checks of each class, for the log.
type tally map[string]int

func (t tally) String() string {
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "\n  %-44s %d", k, t[k])
	}
	return b.String()
}

func readRealListings(t *testing.T) map[string]*listing.Listing {
	t.Helper()
	out := map[string]*listing.Listing{}
	for _, rl := range listingtest.RealListings {
		l, err := ingest.ReadSaved(listingtest.RealPage(t, rl.File), rl.URL, "")
		if err != nil {
			t.Fatalf("%s: %v", rl.File, err)
		}
		out[rl.File] = l
	}
	return out
}

// TestRealPageTitleVariantsNeedProof: titles naming the page's city in
// another form or name, or the kind of place by a local word, are not
// said to name none; the controls are.
func TestRealPageTitleVariantsNeedProof(t *testing.T) {
	counts := tally{}
	for file, l := range readRealListings(t) {
		city := strings.TrimSpace(l.Location.City)
		propertyName := analysis.RulesFor(l).TitleWord == "property name"
		for _, k := range langKits {
			name := k.lang
			if name == "" {
				name = "en"
			}
			if form, ok := cityForms[city][k.lang]; ok {
				title := fmt.Sprintf(k.placeTitle, form)
				v := variant(l, k.lang, title, k.space)
				a := analysis.AnalyzeTitle(title, v, analysis.ListingFeatures(v), true)
				// In a language judged, or in Japanese (read as pieces),
				// the place is found; in any language it is never absent.
				if (k.judged || k.lang == "ja") && a.Location == "" || a.Findings.Has("title.no_location") {
					t.Errorf("%s: %q names %s (%s) but no place was found: %+v", file, title, city, name, a.Findings)
				}
				counts["title names the city, "+name]++
			} else {
				counts["skipped: no hand-written form, "+name]++
			}
			v := variant(l, k.lang, k.noPlaceTitle, k.space)
			a := analysis.AnalyzeTitle(k.noPlaceTitle, v, analysis.ListingFeatures(v), true)
			switch {
			case !analysis.RuleApplies(v, "title.no_location", k.lang):
				// a rule for homes' ad copy (kind_rules.go): a hotel's
				// title is its name, so the control has no finding to get
				if a.Findings.Has("title.no_location") {
					t.Errorf("%s: %q (%s): a rule that does not apply to this kind of property gave a finding", file, k.noPlaceTitle, name)
				}
			case k.judged && !a.Findings.Has("title.no_location"):
				t.Errorf("%s: control %q (%s) names no place but got no finding (location %q)", file, k.noPlaceTitle, name, a.Location)
			case !k.judged && a.Findings.Has("title.no_location"):
				t.Errorf("%s: %q (%s) is not a language ListingLift judges, yet it says no place is named", file, k.noPlaceTitle, name)
			}
			counts["control: title names no place, "+name]++

			v = variant(l, k.lang, k.typeTitle, k.space)
			a = analysis.AnalyzeTitle(k.typeTitle, v, analysis.ListingFeatures(v), true)
			if k.judged || k.lang == "ja" {
				if a.PropertyType == "" || a.Findings.Has("title.no_property_type") || a.Findings.Has("title.weak_start") {
					t.Errorf("%s: %q (%s) names a kind of place first, got type %q %+v", file, k.typeTitle, name, a.PropertyType, a.Findings)
				}
				counts["title's local kind of place, "+name]++
			}
			v = variant(l, k.lang, k.noTypeTitle, k.space)
			a = analysis.AnalyzeTitle(k.noTypeTitle, v, analysis.ListingFeatures(v), true)
			switch {
			case propertyName || !analysis.RuleApplies(v, "title.no_property_type", k.lang):
				// a hotel's name needs no kind-of-place word
			case k.judged && !a.Findings.Has("title.no_property_type"):
				t.Errorf("%s: control %q (%s) names no kind of place but got no finding (type %q)", file, k.noTypeTitle, name, a.PropertyType)
			case !k.judged:
				for _, code := range absenceCodes {
					if strings.HasPrefix(code, "title.") && a.Findings.Has(code) {
						t.Errorf("%s: %q (%s) is not judged, yet %s", file, k.noTypeTitle, name, code)
					}
				}
			}
			counts["control: title names no kind of place, "+name]++
		}
	}
	t.Logf("checks by class:%s", counts)
}

// TestRealPageDescriptionVariantsNeedProof: a description naming the
// city in another form keeps the city as a search word it uses; one with
// a paragraph on the neighbourhood and getting around in its language is
// not said to leave them out; Japanese, mixed or unread text is said to
// leave nothing out. The controls (the paragraph or the city removed)
// still get their findings in the languages ListingLift judges.
func TestRealPageDescriptionVariantsNeedProof(t *testing.T) {
	counts := tally{}
	for file, l := range readRealListings(t) {
		city := strings.TrimSpace(l.Location.City)
		sectioned := analysis.RulesFor(l).DescriptionSections
		for _, k := range langKits {
			name := k.lang
			if name == "" {
				name = "en"
			}
			if form, ok := cityForms[city][k.lang]; ok {
				desc := k.space + "\n\n" + fmt.Sprintf(k.cityDesc, form)
				a := analysis.AnalyzeDescription(variant(l, k.lang, l.Title, desc), analysis.Features{})
				for _, kw := range a.Keywords {
					if kw.Keyword == city && !kw.Present {
						t.Errorf("%s: description (%s) names %s as %q, yet it is a search word left out", file, name, city, form)
					}
				}
				noAbsenceUnlessJudged(t, file, name, k, a.Findings)
				counts["description names the city, "+name]++
			}
			a := analysis.AnalyzeDescription(variant(l, k.lang, l.Title, k.space+"\n\n"+k.parking), analysis.Features{})
			if parkingStated(a) != k.judged {
				t.Errorf("%s: %q (%s) states parking; stated = %v, want %v (%+v)", file, k.parking, name, parkingStated(a), k.judged, a.KeyFacts)
			}
			noAbsenceUnlessJudged(t, file, name, k, a.Findings)
			counts["description states parking in another form, "+name]++

			a = analysis.AnalyzeDescription(variant(l, k.lang, l.Title, k.space), analysis.Features{})
			if k.judged && parkingStated(a) {
				t.Errorf("%s: control (%s) states no parking, yet it is stated", file, name)
			}
			if k.judged && !keywordAbsent(a, city) {
				t.Errorf("%s: control (%s) lacks %s, yet the city keyword is present or not asked: %+v", file, name, city, a.Keywords)
			}
			noAbsenceUnlessJudged(t, file, name, k, a.Findings)
			counts["control: description without the city or parking, "+name]++

			if !sectioned {
				counts["skipped: the site has no sections, "+name]++
				continue
			}
			a = analysis.AnalyzeDescription(variant(l, k.lang, l.Title, k.space+"\n\n"+k.around), analysis.Features{})
			for _, s := range a.Sections {
				if (s.Key == "neighbourhood" || s.Key == "getting_around") && s.Found == "missing" {
					t.Errorf("%s: %q (%s) covers %s, yet it is missing", file, k.around, name, s.Name)
				}
			}
			noAbsenceUnlessJudged(t, file, name, k, a.Findings)
			counts["description covers the area, "+name]++
			if k.judged {
				a = analysis.AnalyzeDescription(variant(l, k.lang, l.Title, k.space), analysis.Features{})
				if !sectionMissing(a, "neighbourhood") || !sectionMissing(a, "getting_around") {
					t.Errorf("%s: control (%s) has no paragraph on the area, yet it is covered: %+v", file, name, a.Sections)
				}
				counts["control: description without the area, "+name]++
			}
		}
		// The page's own description with a Japanese paragraph: mixed,
		// so nothing is said to be left out.
		mixed := l.Description + "\n\n最寄り駅は三ノ輪駅、浅草まで徒歩10分。駐車場あり。"
		a := analysis.AnalyzeDescription(variant(l, string(l.Language), l.Title, mixed), analysis.Features{})
		for _, code := range absenceCodes {
			if a.Findings.Has(code) {
				t.Errorf("%s: the page's description with a Japanese paragraph got %s", file, code)
			}
		}
		counts["mixed: page description with Japanese"]++
	}
	t.Logf("checks by class:%s", counts)
}

// noAbsenceUnlessJudged fails t on an absence finding for a language
// ListingLift does not judge.
func noAbsenceUnlessJudged(t *testing.T, file, name string, k langKit, fs analysis.Findings) {
	t.Helper()
	if k.judged {
		return
	}
	for _, code := range absenceCodes {
		if fs.Has(code) {
			t.Errorf("%s: description in %s, which is not judged, got %s", file, name, code)
		}
	}
}

// parkingStated: the key facts hold parking, stated (not judged, they
// hold none).
func parkingStated(a analysis.DescriptionAnalysis) bool {
	for _, f := range a.KeyFacts {
		if f.Fact == "parking" {
			return f.Present
		}
	}
	return false
}

func keywordAbsent(a analysis.DescriptionAnalysis, keyword string) bool {
	for _, k := range a.Keywords {
		if k.Keyword == keyword {
			return !k.Present
		}
	}
	return false
}

func sectionMissing(a analysis.DescriptionAnalysis, key string) bool {
	for _, s := range a.Sections {
		if s.Key == key {
			return s.Found == "missing"
		}
	}
	return false
}
