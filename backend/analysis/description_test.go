package analysis

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
)

func TestAnalyzeDescriptionStructureAndFacts(t *testing.T) {
	l := loft()
	l.Description = strings.Join([]string{
		"Bright top-floor loft in Alfama with a private terrace and a river view.",
		"",
		"The space",
		"Two bedrooms with queen beds, a full kitchen and a dedicated workspace. Wifi runs at 300 Mbps.",
		"",
		"Guest access",
		"The whole loft is yours. Self check-in with a keypad.",
		"",
		"Getting around",
		"The 28 tram stops at the door. Street parking is free on Sundays.",
	}, "\n")
	a := AnalyzeDescription(l, ListingFeatures(l))
	found := map[string]string{}
	for _, s := range a.Sections {
		found[s.Key] = s.Found
	}
	want := map[string]string{"the_space": "heading", "guest_access": "heading", "getting_around": "heading",
		"neighbourhood": "missing", "house_rules": "missing"}
	for k, v := range want {
		if found[k] != v {
			t.Errorf("section %s = %q, want %q", k, found[k], v)
		}
	}
	for _, f := range a.KeyFacts {
		if !f.Present {
			t.Errorf("key fact %q not found", f.Fact)
		}
	}
	if a.KeyFacts[2].Evidence != "states 300 Mbps" {
		t.Errorf("wifi evidence = %q", a.KeyFacts[2].Evidence)
	}
	// Keywords: the host's own type word (loft, for a "rental unit"),
	// Lisbon, Alfama, and up to four features as the listing names them:
	// river view, workspace, terrace and the keypad's self check-in.
	var kws []string
	for _, k := range a.Keywords {
		kws = append(kws, k.Keyword)
	}
	if got := strings.Join(kws, ","); got != "loft,Lisbon,Alfama,river view,dedicated workspace,terrace,self check-in" {
		t.Errorf("keywords = %q", got)
	}
	if a.WordCount != 59 { // numbers are not words
		t.Errorf("word count = %d, want 59", a.WordCount)
	}
	if !a.Findings.Has("description.short") || !a.Findings.Has("description.sections") || a.Findings.Has("description.key_facts") {
		t.Errorf("findings = %+v", a.Findings)
	}
}

// TestAnalyzeDescriptionScore hand-checks the score of a bare 10-word
// description with no sections, no key facts and none of the keywords:
// length 0, structure 0, readability 15 (short plain sentences), facts 0;
// with no search words to look for, keywords are not a part, so 15 of 85,
// scaled: 18.
func TestAnalyzeDescriptionScore(t *testing.T) {
	l := &listing.Listing{Description: "A nice room. It is good. You can stay here now.", Sources: map[string]string{}}
	a := AnalyzeDescription(l, Features{})
	if a.WordCount != 11 {
		t.Errorf("words = %d", a.WordCount)
	}
	if a.Readability < 60 || a.Score != 18 {
		t.Errorf("readability %.1f score %d, want ≥60 and 18", a.Readability, a.Score)
	}
	if !a.Findings.Has("description.key_facts") {
		t.Error("missing key facts not reported")
	}
}

// TestAnalyzeDescriptionMissing: a description not read has no section
// said to be missing (the old code listed all five as "missing").
func TestAnalyzeDescriptionMissing(t *testing.T) {
	a := AnalyzeDescription(&listing.Listing{}, Features{})
	if !a.Findings.Has("description.missing") || a.Score != 0 || len(a.Sections) != 0 || a.Findings[0].Evidence[0].Where != "not read" {
		t.Errorf("%+v", a)
	}
}

func TestPropertyNoun(t *testing.T) {
	for _, c := range []struct {
		pt, rt string
		beds   int
		want   string
	}{
		{"Entire rental unit", "Entire home/apt", 2, "apartment"},
		{"Entire rental unit", "Entire home/apt", 0, "studio"},
		{"Private room in home", "Private room", 1, "private room"},
		{"Entire cabin", "Entire home/apt", 2, "cabin"},
		{"Entire home", "Entire home/apt", 0, "home"},
		{"", "", 1, ""},
	} {
		l := &listing.Listing{PropertyType: c.pt, RoomType: c.rt, Bedrooms: c.beds, Sources: map[string]string{listing.FieldBedrooms: "x"}}
		if got := PropertyNoun(l); got != c.want {
			t.Errorf("PropertyNoun(%q, %q, %d) = %q, want %q", c.pt, c.rt, c.beds, got, c.want)
		}
	}
}

// A hotel's description is judged as a hotel's, on its site: Booking.com
// descriptions have no sections of their own, so none is "missing", and a
// hotel's guests check in at its front desk, so its check-in method is no
// missing fact. An Airbnb home with the same text is asked for both.
func TestDescriptionOfAHotel(t *testing.T) {
	desc := "Welcoming guests since 1909, the hotel is in the West End, 700 metres from the theatres. " +
		"Rooms have a flat-screen TV and free WiFi. Covent Garden is a 5-minute walk away."
	hotel := &listing.Listing{Platform: listing.Booking, PropertyType: "Hotel", Description: desc,
		Sources: map[string]string{listing.FieldDescription: listing.SourceEmbedded}}
	a := AnalyzeDescription(hotel, Features{})
	if a.Findings.Has("description.sections") || len(a.Sections) != 0 {
		t.Errorf("sections asked of a Booking.com description: %+v %+v", a.Sections, a.Findings)
	}
	for _, f := range a.Findings {
		if strings.Contains(f.Message, "check-in method") {
			t.Errorf("a hotel told to state its check-in method: %q", f.Message)
		}
		if strings.Contains(f.Action, "house rules") || strings.Contains(f.Action, "room by room") {
			t.Errorf("a hotel given a home's advice: %q", f.Action)
		}
	}
	if strings.Contains(a.Explanation, "sections") || !strings.Contains(a.Explanation, "scaled to 100") {
		t.Errorf("explanation %q", a.Explanation)
	}
	home := &listing.Listing{Platform: listing.Airbnb, PropertyType: "Apartment", RoomType: "Entire home/apt", Description: desc,
		Sources: map[string]string{listing.FieldDescription: listing.SourceEmbedded}}
	b := AnalyzeDescription(home, Features{})
	if !b.Findings.Has("description.sections") {
		t.Errorf("an Airbnb description without sections: %+v", b.Findings)
	}
	found := false
	for _, f := range b.Findings {
		found = found || strings.Contains(f.Message, "check-in method")
	}
	if !found {
		t.Errorf("an Airbnb home not asked for its check-in method: %+v", b.Findings)
	}
}

// TestDescriptionAbsenceNeedsProof: a description is said not to cover a
// section, or to leave out a search word, only when no form of it is
// there; each row is hand-written, with a control that really lacks it.
func TestDescriptionAbsenceNeedsProof(t *testing.T) {
	space := map[string]string{
		"en": "The flat is bright and quiet, with a kitchen and a sofa for you and your family.",
		"el": "Το διαμέρισμα είναι φωτεινό και ήσυχο, με κουζίνα και καναπέ για εσάς και την οικογένειά σας.",
		"it": "L'appartamento è luminoso e silenzioso, con una cucina e un divano per voi e per la vostra famiglia che viene anche con gli amici.",
		"de": "Die Wohnung ist hell und ruhig, mit einer Küche und einem Sofa für die ganze Familie, und sie ist sehr sauber.",
	}
	for _, c := range []struct {
		name, lang, city, extra string
		uncovered               []string // sections that stay missing (hand-written)
		cityPresent             bool
	}{
		{"english walk and metro", "en", "Denver", "Union Station is a 10 minute walk, and the light rail stops 300 m away.", nil, false},
		{"english control", "en", "Denver", "", []string{"neighbourhood", "getting_around"}, false},
		{"greek genitive city, distances", "el", "Athens", "Στην καρδιά της Αθήνας, 5 λεπτά με τα πόδια από το μετρό.", nil, true},
		{"greek city field, genitive in the text", "el", "Αθήνα", "Το σπίτι είναι στην καρδιά της Αθήνας.", []string{"neighbourhood", "getting_around"}, true},
		{"greek control", "el", "Athens", "", []string{"neighbourhood", "getting_around"}, false},
		{"italian a pochi passi", "it", "Rome", "Siamo a pochi passi da Piazza Navona; il bus 64 ferma a 200 metri.", nil, false},
		{"german genitive", "de", "Munich", "Im Herzen Münchens, die U-Bahn ist 3 Minuten entfernt.", nil, true},
		{"the city field's first part", "en", "Denver, Colorado", "Denver's best bakery is downstairs.", []string{"neighbourhood", "getting_around"}, true},
		// English mixed into Greek, and a Greek paragraph in English: each
		// read in its own words too.
		{"greek with english cafés", "el", "Athens", "Lots of cafes and shops downstairs; the X95 bus stops outside.", nil, false},
		{"english with a greek paragraph", "en", "Athens", "Στη γειτονιά υπάρχουν εστιατόρια. Το λεωφορείο σταματά έξω.", nil, false},
		{"an area in m² is no distance", "en", "Denver", "The flat has 45 m² and 2 m2 of storage.", []string{"neighbourhood", "getting_around"}, false},
	} {
		l := &listing.Listing{Platform: listing.Airbnb, Language: prose.Lang(c.lang), Location: listing.Location{City: c.city},
			Description: space[c.lang] + "\n\n" + c.extra, Sources: map[string]string{}}
		l.Set(listing.FieldDescription, listing.SourceEmbedded)
		a := AnalyzeDescription(l, Features{})
		var missing []string
		for _, s := range a.Sections {
			if s.Found == "missing" && (s.Key == "neighbourhood" || s.Key == "getting_around") {
				missing = append(missing, s.Key)
			}
		}
		if strings.Join(missing, ",") != strings.Join(c.uncovered, ",") {
			t.Errorf("%s: missing %v, want %v", c.name, missing, c.uncovered)
		}
		for _, k := range a.Keywords {
			if k.Keyword == c.city && k.Present != c.cityPresent {
				t.Errorf("%s: city keyword present = %v, want %v", c.name, k.Present, c.cityPresent)
			}
		}
	}
}

// TestDescriptionMixedScriptNotJudged: an English description with a
// Japanese paragraph is not said to leave anything out: the part in
// Japanese may say it.
func TestDescriptionMixedScriptNotJudged(t *testing.T) {
	l := &listing.Listing{Platform: listing.Airbnb, Location: listing.Location{City: "Tokyo"}, Sources: map[string]string{},
		Description: "The flat is bright and quiet, with a kitchen and a sofa for you and your family.\n\n最寄り駅は三ノ輪駅、浅草まで徒歩10分。駐車場あり。"}
	l.Set(listing.FieldDescription, listing.SourceEmbedded)
	a := AnalyzeDescription(l, Features{})
	for _, code := range []string{"description.sections", "description.key_facts", "description.keywords"} {
		if a.Findings.Has(code) {
			t.Errorf("%s on a mixed-script description: %+v", code, a.Findings)
		}
	}
	if !a.Findings.Has("description.language_not_assessed") {
		t.Errorf("no note that it was not assessed: %+v", a.Findings)
	}
}
