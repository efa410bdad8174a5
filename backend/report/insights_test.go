package report

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
)

// TestReviewCountsAgree: the review summary and the data sources name the
// same reviews with one count and one word ("review texts"), including the
// ones not scored (not in English), so a host never reads "1 most recent
// review read" beside "3 review texts".
func TestReviewCountsAgree(t *testing.T) {
	for _, c := range []struct {
		name   string
		market func() *fakeMarket
		want   string // the phrase both say
	}{
		// 7 texts on the page, one in Portuguese: 6 scored.
		{"lisbon-loft", nil, "the 7 most recent review texts (6 of them in English, scored)"},
		// The market's reviews of the listing.
		{"albany-house", albanyMarket, "the 10 most recent review texts (9 of them in English, scored)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var m *fakeMarket
			if c.market != nil {
				m = c.market()
			}
			r := generate(t, c.name, domain.PlanPremium, m)
			if got := r.ReviewAnalysis.TextsRead(); got != c.want {
				t.Fatalf("texts read = %q, want %q", got, c.want)
			}
			if !strings.Contains(r.ReviewSummary, "In "+c.want+",") {
				t.Errorf("summary %q does not say %q", r.ReviewSummary, c.want)
			}
			found := false
			for _, ds := range r.DataSources {
				if ds.Name == "Reviews" {
					found = true
					if !strings.HasPrefix(ds.Detail, sentenceStart(c.want)+" from the ") {
						t.Errorf("data source %q does not say %q", ds.Detail, c.want)
					}
				}
			}
			if !found {
				t.Errorf("no Reviews data source in %+v", r.DataSources)
			}
		})
	}
}
