package analysis

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

// TestJudgeReadsOnlyWhatItCan: absence is claimed only of a text in a
// language with rules, in scripts the matcher reads, and, for a
// Latin-script paragraph, one whose own words show the language.
func TestJudgeReadsOnlyWhatItCan(t *testing.T) {
	long := "The flat is bright and quiet, with a kitchen and a bathroom for you and your family to use."
	for _, c := range []struct {
		name, lang, text, evidence string
		judged                     bool
		why                        string // a piece of the reason given
	}{
		{"english paragraph", "en", "Bright flat", long, true, ""},
		{"greek shows itself", "el", "Φωτεινό διαμέρισμα", "", true, ""},
		{"japanese has no rules", "ja", "静かなマンション", "", false, "no word lists"},
		{"unknown language", "pl", "Przytulne mieszkanie", "", false, "no word lists"},
		{"mixed with kana", "en", "Cozy flat 浅草 3 min", long, false, "mixes in Japanese or Chinese"},
		{"a short title alone", "en", "Luxury Stay at Friday Harbour Resort", "Luxury Stay at Friday Harbour Resort", true, ""},
		{"an english list of amenities", "en", "Cozy flat", "Queen bed\nFull kitchen\nWasher, dryer\nFree parking\nSelf check-in\nNetflix\nCoffee maker\nHair dryer\nBalcony\nDesk", true, ""},
		{"a polish paragraph on an english page", "en", "Przytulne mieszkanie z balkonem",
			"Mieszkanie jest jasne i ciche, ma kuchnię i łazienkę. Idealne dla par i rodzin na dłuższy pobyt w mieście.", false, "do not show"},
	} {
		j := newJudge(c.lang, c.text, c.evidence)
		if j.judged != c.judged || !strings.Contains(j.why, c.why) {
			t.Errorf("%s: judged %v (%q), want %v (%q)", c.name, j.judged, j.why, c.judged, c.why)
		}
	}
}

// TestJudgeNamesSpaceless: in Japanese and Chinese a name is found as a
// piece of the text; Latin names in them too.
func TestJudgeNamesSpaceless(t *testing.T) {
	j := newJudge("ja", "三ノ輪駅徒歩3分、浅草まで10分のマンション Tokyo", "")
	for _, s := range []string{"三ノ輪", "浅草", "マンション", "Tokyo"} {
		if !j.names(s) {
			t.Errorf("%q not found", s)
		}
	}
	if j.names("京都") {
		t.Error("京都 found in a text without it")
	}
}

// TestListingPlaces: each part of the address fields and its other names.
func TestListingPlaces(t *testing.T) {
	l := &listing.Listing{Location: listing.Location{Area: "Taito City / 台東区", City: "Denver, Colorado", Region: "Lazio"}}
	got := strings.Join(listingPlaces(l), "|")
	for _, want := range []string{"Taito City", "台東区", "台東", "Denver", "Colorado", "Taito"} {
		if !strings.Contains("|"+got+"|", "|"+want+"|") {
			t.Errorf("places %q lack %q", got, want)
		}
	}
}
