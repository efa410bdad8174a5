package airbnb

import (
	"encoding/json"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

// TestAmenityFlagIsTheSitesWord: an entry's own available flag decides; the
// "Not included" group (in any language) decides only for an entry with no
// flag, and an "Unavailable:" prefix always means not offered. A host who
// ticks air conditioning has its entry say true, and a re-check sees it
// added.
func TestAmenityFlagIsTheSitesWord(t *testing.T) {
	var groups []amenityGroup
	if err := json.Unmarshal([]byte(`[
		{"title":"Not included","amenities":[
			{"title":"Air conditioning","available":true},
			{"title":"Smoke alarm","available":false},
			{"title":"Heating"}]},
		{"title":"Não incluído","amenities":[{"title":"Secadora"}]},
		{"title":"Bathroom","amenities":[
			{"title":"Hair dryer","available":true},
			{"title":"Unavailable: Bathtub","available":true},
			{"title":"Shampoo"},
			{"title":"Bidet","available":false}]}]`), &groups); err != nil {
		t.Fatal(err)
	}
	l := &listing.Listing{}
	addAmenities(l, groups)
	want := map[string]bool{"Air conditioning": true, "Smoke alarm": false, "Heating": false, "Secadora": false,
		"Hair dryer": true, "Bathtub": false, "Shampoo": true, "Bidet": false}
	if len(l.Amenities) != len(want) {
		t.Fatalf("read %d amenities, want %d: %+v", len(l.Amenities), len(want), l.Amenities)
	}
	for _, a := range l.Amenities {
		if w, ok := want[a.Name]; !ok || a.Available != w {
			t.Errorf("%q available %v, want %v (known %v)", a.Name, a.Available, w, ok)
		}
	}
}
