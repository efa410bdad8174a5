package report

import (
	"context"
	"slices"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
)

// A re-check of the Lisbon loft after the host changed the title, added 3
// photos and an amenity (the page read again, changed): the comparison shows
// each change, and the actions they answered as done, from the new read.
func TestCompareAReadThatChanged(t *testing.T) {
	before := generate(t, "lisbon-loft", domain.PlanBasic, nil)

	l := loadListing(t, "lisbon-loft")
	l.Title = "Alfama loft with river-view terrace, 2 bedrooms, tram at the door"
	l.Photos = append(l.Photos,
		listing.Photo{URL: "https://example.com/bedroom-2.jpg", Caption: "Second bedroom"},
		listing.Photo{URL: "https://example.com/bathroom.jpg", Caption: "Bathroom with rain shower"},
		listing.Photo{URL: "https://example.com/terrace.jpg", Caption: "Terrace at sunset"})
	for i := range l.Amenities {
		if l.Amenities[i].Name == "Air conditioning" {
			l.Amenities[i].Available, l.Amenities[i].Group = true, "Heating and cooling"
		}
	}
	after, err := Generate(context.Background(), Input{Listing: l, Plan: domain.PlanBasic, Now: clock})
	if err != nil {
		t.Fatal(err)
	}

	c := Compare("o1", before, after)
	after.Comparison = c
	// The re-check's whole report, as the front end's tests read it.
	checkGolden(t, "lisbon-recheck", after)
	if c.RecheckOf != "o1" || c.TitleBefore != before.OriginalTitle || c.TitleAfter != l.Title {
		t.Errorf("title %q → %q (of %s)", c.TitleBefore, c.TitleAfter, c.RecheckOf)
	}
	if c.Photos != (Change{4, 7}) {
		t.Errorf("photos %+v, want 4 → 7", c.Photos)
	}
	if !slices.Contains(c.AmenitiesAdded, "Air conditioning") || len(c.AmenitiesRemoved) != 0 {
		t.Errorf("amenities added %q, removed %q", c.AmenitiesAdded, c.AmenitiesRemoved)
	}
	if c.DescriptionEdited || c.DescriptionWords.Before != c.DescriptionWords.After {
		t.Errorf("the description did not change, yet: edited %v, words %+v", c.DescriptionEdited, c.DescriptionWords)
	}
	if c.Overall == nil || c.Overall.Before != *before.OverallScore || c.Overall.After != *after.OverallScore || c.Overall.After <= c.Overall.Before {
		t.Errorf("overall %+v; want the two reports' scores, risen", c.Overall)
	}
	if len(c.Sections) != 7 || c.Sections[0].Section != "title" || c.Sections[2].Section != "photos" {
		t.Fatalf("sections %+v", c.Sections)
	}
	if p := c.Sections[2]; p.Before == nil || p.After == nil || *p.After <= *p.Before {
		t.Errorf("photos section %v → %v; want risen", p.Before, p.After)
	}
	if len(c.Actions) != len(before.Actions) {
		t.Fatalf("%d actions compared, the report had %d", len(c.Actions), len(before.Actions))
	}
	progress := map[string][]string{}
	for _, a := range c.Actions {
		progress[a.Area] = append(progress[a.Area], a.Progress)
		t.Logf("%-12s %-11s %s → %s", a.Area, a.Progress, a.Finding, a.Action.Action)
	}
	if !slices.Contains(progress["photos"], ActionDone) {
		t.Errorf("photos actions %q; the 3 photos that reach the minimum should count as done", progress["photos"])
	}
	// One of 10 missing amenities added: the same action, its score risen.
	if ps := progress["amenities"]; len(ps) == 0 || ps[0] != ActionPartly {
		t.Errorf("amenities actions %q; one amenity of ten added should be partly done", ps)
	}
	if ps := progress["title"]; !slices.Contains(ps, ActionDone) {
		t.Errorf("title actions %q; the emoji is gone from the new title, so done", ps)
	}
	if ps := progress["description"]; len(ps) == 0 || slices.Contains(ps, ActionDone) {
		t.Errorf("description actions %q; the unchanged description's should be not yet", ps)
	}
}

// The same report compared with itself: nothing changed, nothing done.
func TestCompareNothingChanged(t *testing.T) {
	r := generate(t, "lisbon-loft", domain.PlanBasic, nil)
	c := Compare("o1", r, r)
	if c.Overall.Before != c.Overall.After || c.Photos.Before != c.Photos.After || len(c.AmenitiesAdded) != 0 || c.DescriptionEdited {
		t.Errorf("comparison of a report with itself: %+v", c)
	}
	for _, a := range c.Actions {
		if a.Progress != ActionNotDone {
			t.Errorf("%s action %q is %s; want not yet", a.Area, a.Action.Action, a.Progress)
		}
	}
}

func TestActionCore(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"Add the ones you can, starting with the suggested amenities; also essentials and iron.", "Add the ones you can, starting with wifi."},
		{"Aim for at least 150 words covering the space.", "Aim for at least 150 words covering the space, access and area."},
	} {
		if actionCore(tc.a) != actionCore(tc.b) {
			t.Errorf("%q and %q ask different things: %q, %q", tc.a, tc.b, actionCore(tc.a), actionCore(tc.b))
		}
	}
	if actionCore("Replace emoji with words.") == actionCore("Add photos of every room; top listings show 20–40.") {
		t.Error("two different actions share a core")
	}
}

// The words every screen, PDF and e-mail use for a change and the
// actions done.
func TestChangeAndActionsDoneText(t *testing.T) {
	for _, c := range []struct {
		before, after int
		want          string
	}{{41, 47, "+6"}, {64, 49, "−15"}, {5, 5, "no change"}} {
		if got := (Change{Before: c.before, After: c.after}).Text(); got != c.want {
			t.Errorf("%d → %d: %q, want %q", c.before, c.after, got, c.want)
		}
	}
	c := &Comparison{Actions: []ActionProgress{{Progress: ActionDone}, {Progress: ActionPartly}, {Progress: ActionNotDone}, {Progress: ActionDone}}}
	if got := c.ActionsDoneText(); got != "Your first report's actions: 2 of 4 done" {
		t.Errorf("ActionsDoneText = %q", got)
	}
}
