package report

import (
	"os"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
)

// A report stored before an action's effect carried its words is served
// with them, by today's rule and its own revenue card: this listing's
// estimate beside a money figure, the studies' figure beside "Not
// estimated" — so no screen words an effect on its own.
func TestDecodeWordsAStoredEffect(t *testing.T) {
	for _, tc := range []struct {
		name     string
		golden   string // a report whose revenue card has (albany) or lacks (lisbon) a money figure
		estimate bool
		want     string
	}{
		{"with a money figure", "albany-house", true, "Expected effect: +3–9% revenue (an estimate, counted in your revenue potential)."},
		{"not estimated", "lisbon-loft", false, "Published studies found +3–9% revenue from this change on other listings; not estimated for yours, as there is no revenue figure for your listing."},
	} {
		b, err := os.ReadFile("testdata/golden/" + tc.golden + ".json")
		if err != nil {
			t.Fatal(err)
		}
		r, err := Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range r.Actions {
			if a.Effect != nil {
				a.Effect.Text = "" // as stored before the words
			}
		}
		if tc.estimate != (r.RevenueProjections.Headline != analysis.HeadlineNone) {
			t.Fatalf("%s: the golden's revenue card reads %q: it tests nothing", tc.golden, r.RevenueProjections.Headline)
		}
		stored, err := Encode(r)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(stored), `"text": ""`) && !strings.Contains(string(stored), `"text":""`) {
			t.Fatal("the stored report still carries effect words: it tests nothing")
		}
		served, err := Decode(stored)
		if err != nil {
			t.Fatal(err)
		}
		var photos *analysis.Action
		for i, a := range served.Actions {
			if a.Area == "photos" && a.Effect != nil {
				photos = &served.Actions[i]
			}
		}
		if photos == nil || photos.Effect.Text != tc.want {
			t.Errorf("%s: photo effect %+v, want %q", tc.name, photos, tc.want)
		}
	}
}
