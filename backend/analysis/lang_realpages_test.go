package analysis_test

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/prose"
)

// TestRealPagesTextInTheirLanguage reads the shared Portuguese and Italian
// Airbnb pages and checks the description findings against what each page
// says (backend/listing/realpages/truth_airbnb_test.go and the pages'
// text): no section with a heading on the page is called missing, no
// stated parking is called unstated, no search word the text uses is
// called left out, and the readability is the language's own formula. On
// the old code each of these pages had at least one such false statement.
func TestRealPagesTextInTheirLanguage(t *testing.T) {
	for _, c := range []struct {
		file, url, lang string
		headed          []string // sections the page heads (Airbnb's own headings)
		parking         bool     // the description states parking
		formula         string
	}{
		{"airbnb/airbnb-2025-mehfius-arraial-raw.html", "https://www.airbnb.com.br/rooms/756587219584104742", "pt",
			[]string{"the_space", "guest_access", "house_rules"}, true, "Martins"},
		{"airbnb/airbnb-2025-mehfius-loft-rendered.html", "https://www.airbnb.com.br/rooms/884287328619193704", "pt",
			[]string{"the_space", "house_rules"}, false, "Martins"},
		{"airbnb/airbnb-2025-mehfius-portoseguro-raw.html", "https://www.airbnb.com.br/rooms/45592704", "pt",
			[]string{"the_space", "guest_access", "house_rules"}, true, "Martins"},
		{"airbnb/airbnb-2026-listingproof-br-rio-1.html", "https://www.airbnb.com/rooms/1715357532731129387", "pt",
			[]string{"the_space"}, false, "Martins"},
		{"airbnb/airbnb-2026-listingproof-it-roma-2.html", "https://www.airbnb.com/rooms/1600030586695407460", "it",
			[]string{"the_space", "guest_access", "house_rules"}, false, "Gulpease"},
		{"airbnb/airbnb-2026-the_milano_suite.html", "https://www.airbnb.it/rooms/1438101512728990114", "it",
			[]string{"the_space"}, true, "Gulpease"},
	} {
		t.Run(c.file, func(t *testing.T) {
			l, err := ingest.ReadSaved(listingtest.RealPage(t, c.file), c.url, "")
			if err != nil {
				t.Fatal(err)
			}
			a := analysis.AnalyzeDescription(l, analysis.ListingFeatures(l))
			if a.Language != c.lang {
				t.Errorf("language %q, want %q", a.Language, c.lang)
			}
			for _, key := range c.headed {
				for _, s := range a.Sections {
					if s.Key == key && s.Found != "heading" {
						t.Errorf("section %s found %q; the page heads it", key, s.Found)
					}
				}
			}
			for _, f := range a.KeyFacts {
				if f.Fact == "parking" && f.Present != c.parking {
					t.Errorf("parking present = %v, want %v (%s)", f.Present, c.parking, f.Evidence)
				}
			}
			// Every keyword called absent is absent from the text, in any
			// spelling: its folded words do not occur.
			words := " " + strings.Join(prose.Words(l.Description), " ") + " "
			for _, k := range a.Keywords {
				if !k.Present && strings.Contains(words, " "+strings.Join(prose.Words(k.Keyword), " ")+" ") {
					t.Errorf("keyword %q called missing but the description uses it", k.Keyword)
				}
				if !k.Present && !isLocal(k.Keyword, c.lang) {
					t.Errorf("keyword %q demanded of %s text", k.Keyword, c.lang)
				}
			}
			if !strings.Contains(a.ReadabilityFormula, c.formula) {
				t.Errorf("readability formula %q, want %s", a.ReadabilityFormula, c.formula)
			}
			for _, f := range a.Findings {
				if len(f.Evidence) == 0 {
					t.Errorf("%s has no evidence", f.Code)
				}
				if f.Code == "description.readability" && !strings.Contains(f.Message, c.formula) {
					t.Errorf("readability finding names another formula: %q", f.Message)
				}
			}
		})
	}
}

// isLocal: the English search words the old code demanded ("pool", "self
// check-in", "free parking on premises") are not words of lang's text;
// place names and words shared across languages are.
func isLocal(keyword, lang string) bool {
	english := map[string]bool{"pool": true, "home": true, "apartment": true, "self check-in": true, "free parking on premises": true,
		"dedicated workspace": true, "washer": true, "patio": true, "hot tub": true, "pets allowed": true, "private room": true,
		"indoor fireplace": true, "bbq grill": true}
	return lang == "en" || !english[strings.ToLower(keyword)]
}
