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
