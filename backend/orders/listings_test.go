package orders

import (
	"fmt"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

func TestListingsGroupsReportsByListingWithTheirTrend(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	day := func(n int) *time.Time { v := now.AddDate(0, 0, -n); return &v }
	report := func(id, url string, ago int, score string, recheckOf string) domain.Optimization {
		return domain.Optimization{ID: id, ListingURL: url, ListingTitle: "Loft " + id, Status: domain.StatusCompleted,
			CreatedAt: *day(ago), PaidAt: day(ago), RecheckOf: recheckOf,
			Results: []byte(fmt.Sprintf(`{"overall_score":%s}`, score))}
	}
	lisbon, athens := "https://www.airbnb.com/rooms/1", "https://www.vrbo.com/2"
	// Newest first, as the store gives them.
	in := []domain.Optimization{
		report("r2", lisbon, 1, "71", "b1"),
		report("a1", athens, 2, "null", ""),
		report("r1", lisbon, 5, "63", "b1"),
		report("b1", lisbon, 10, "52", ""),
		report("old", athens, 45, "40", ""),
	}
	in[3].Rechecks = 2
	in[0].Results = []byte(`{"overall_score":71,"title":"Alfama loft, river view"}`)
	got := Listings(in, now)
	if len(got) != 2 || got[0].ListingURL != lisbon || got[1].ListingURL != athens {
		t.Fatalf("groups %+v, want Lisbon (reported on last) then Athens", got)
	}
	var trend []string
	for _, p := range got[0].Reports {
		trend = append(trend, fmt.Sprintf("%s:%d", p.Optimization.ID, *p.Score))
	}
	if fmt.Sprint(trend) != "[b1:52 r1:63 r2:71]" {
		t.Errorf("Lisbon's trend %v, want oldest first b1:52 r1:63 r2:71", trend)
	}
	if got[0].ListingTitle != "Alfama loft, river view" || got[0].Latest().Optimization.ID != "r2" {
		t.Errorf("Lisbon's title %q / latest %q, want the newest report's", got[0].ListingTitle, got[0].Latest().Optimization.ID)
	}
	if got[1].ListingTitle != "Loft a1" {
		t.Errorf("Athens' title %q: a report without a title keeps its order's", got[1].ListingTitle)
	}
	if b := got[0].Bought; b == nil || b.ID != "b1" || got[0].Recheck == nil || !got[0].Recheck.Available || got[0].Recheck.Used != 2 {
		t.Errorf("Lisbon's re-check: bought %+v, state %+v; want b1 with 1 of 3 left", b, got[0].Recheck)
	}
	if got[1].Reports[1].Score != nil {
		t.Errorf("a report without a score got %v", *got[1].Reports[1].Score)
	}
	if b := got[1].Bought; b == nil || b.ID != "a1" {
		t.Errorf("Athens' bought report %+v, want the newest bought a1", b)
	}
	for _, g := range got {
		for _, p := range g.Reports {
			if p.Optimization.Results != nil {
				t.Errorf("%s keeps its results: only the score belongs in a point", p.Optimization.ID)
			}
		}
	}
	if len(Listings(nil, now)) != 0 {
		t.Error("no reports must give no listings")
	}
}
