package analysis

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
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
