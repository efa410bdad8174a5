package reportmail

import (
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// plainHTML is the HTML body's text: tags out, entities decoded, spaces
// single.
func plainHTML(s string) string {
	s = regexp.MustCompile(`<[^>]+>`).ReplaceAllString(s, " ")
	return strings.Join(strings.Fields(html.UnescapeString(s)), " ")
}

// TestComposeRecheck: a bought Premium report's e-mail offers the free
// re-checks left, with the way to the report page that starts one; a
// re-check's e-mail says it is one and opens with what changed; no offer
// when none is left or none is known.
func TestComposeRecheck(t *testing.T) {
	until := time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)
	const url = "https://listinglift.app/payment-success?session_id=o2"
	const (
		offerBought  = "Made the changes? Re-check your listing free: we read it again and show what changed. 3 of 3 free re-checks left, until April 1, 2026."
		offerRecheck = "Made more changes? Re-check your listing free: we read it again and show what changed. 2 of 3 free re-checks left, until April 1, 2026."
		opening      = "Your re-check is ready.\nListing score: 62 → 64 (+2)\nYour first report's actions: 2 of 11 done\n"
	)
	bought := &domain.Optimization{ID: "o1", CustomerEmail: "host@example.com", PlanType: domain.PlanPremium}
	recheck := &domain.Optimization{ID: "o2", RecheckOf: "o1", CustomerEmail: "host@example.com", PlanType: domain.PlanPremium}
	for _, tc := range []struct {
		name    string
		o       *domain.Optimization
		golden  string
		offer   *RecheckOffer
		subject string
		want    []string // in the text, and in the HTML's text
		wantNot []string
	}{
		{
			name: "bought, all left", o: bought, golden: "lisbon-loft", offer: &RecheckOffer{Left: 3, Limit: 3, Until: until},
			subject: "Your ListingLift Premium report: ",
			want:    []string{offerBought, "Open your report and choose “Re-check my listing”", "Listing score"},
			wantNot: []string{"Your re-check is ready", "Made more changes", "→"},
		},
		{
			name: "bought, none left", o: bought, golden: "lisbon-loft", offer: &RecheckOffer{Left: 0, Limit: 3, Until: until},
			subject: "Your ListingLift Premium report: ",
			wantNot: []string{"re-checks left", "Re-check your listing", "Re-check my listing"},
		},
		{
			name: "bought, not known", o: bought, golden: "lisbon-loft",
			subject: "Your ListingLift Premium report: ",
			wantNot: []string{"re-checks left", "Re-check your listing"},
		},
		{
			name: "re-check, two left", o: recheck, golden: "lisbon-recheck", offer: &RecheckOffer{Left: 2, Limit: 3, Until: until},
			subject: "Your ListingLift re-check: ",
			want: []string{"Your re-check is ready.", "Your first report's actions: 2 of 11 done", offerRecheck,
				"Title", "90/100 → 75/100", "Photos", "58/100 → 73/100", "Scores now" + "|" + "Listing score now"},
			wantNot: []string{"Premium listing optimization is ready", "Made the changes?"},
		},
		{
			name: "re-check, none left", o: recheck, golden: "lisbon-recheck", offer: &RecheckOffer{Left: 0, Limit: 3, Until: until},
			subject: "Your ListingLift re-check: ",
			want:    []string{"Your re-check is ready.", "Your first report's actions: 2 of 11 done"},
			wantNot: []string{"re-checks left", "Re-check your listing"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := goldenNamed(t, tc.golden)
			m, err := Compose(Input{Optimization: tc.o, Report: r, ReportURL: url, SupportEmail: "support@listinglift.app", Recheck: tc.offer})
			if err != nil {
				t.Fatal(err)
			}
			if m.Subject != tc.subject+r.Title {
				t.Errorf("subject %q, want %q", m.Subject, tc.subject+r.Title)
			}
			page := plainHTML(m.HTML)
			for _, w := range tc.want {
				alts := strings.Split(w, "|") // text form | HTML form
				if !strings.Contains(m.Text, alts[0]) {
					t.Errorf("text lacks %q", alts[0])
				}
				if hw := alts[len(alts)-1]; !strings.Contains(page, strings.Join(strings.Fields(hw), " ")) {
					t.Errorf("HTML lacks %q", hw)
				}
			}
			for _, w := range tc.wantNot {
				if strings.Contains(m.Text, w) || strings.Contains(page, w) {
					t.Errorf("says %q", w)
				}
			}
			if tc.o.RecheckOf != "" {
				// The first lines say what it is and what changed.
				if !strings.HasPrefix(m.Text, opening) {
					t.Errorf("text opens %q, want %q", m.Text[:min(len(m.Text), len(opening)+40)], opening)
				}
				ready := strings.Index(page, "Your re-check is ready.") // after the title and the preheader
				after := func(s string) int { return strings.Index(page[max(ready, 0):], s) }
				score, done, listing := after("Listing score: 62 → 64 +2"), after("Your first report's actions: 2 of 11 done"), after("Listing "+r.Title)
				if ready < 0 || score < 0 || done < score || listing < done {
					t.Errorf("the HTML does not open with the re-check (at %d), its score (%d) and actions (%d) before the listing (%d):\n%.400s", ready, score, done, listing, page)
				}
				if !strings.Contains(m.HTML, "Your listing score went from 62 to 64.") {
					t.Error("no re-check preheader")
				}
			}
			if tc.offer != nil && tc.offer.Left > 0 {
				// The offer leads to the report page, whose button starts the re-check.
				at := strings.Index(m.HTML, "free re-checks left")
				if at < 0 || !strings.Contains(m.HTML[at:], `<a href="`+url+`"`) {
					t.Error("the HTML offer has no link to the report page")
				}
				if !strings.Contains(m.Text, "Re-check my listing”: "+url) {
					t.Error("the text offer has no link to the report page")
				}
			}
		})
	}
}

// A re-check whose report has no comparison (the first report could not
// be read) still says it is the re-check, without figures it lacks.
func TestComposeRecheckWithoutComparison(t *testing.T) {
	r := goldenNamed(t, "lisbon-recheck")
	r.Comparison = nil
	m, err := Compose(Input{Optimization: &domain.Optimization{ID: "o2", RecheckOf: "o1", CustomerEmail: "h@example.com"}, Report: r})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(m.Text, "Your re-check is ready.\n\nListing: ") || strings.Contains(m.Text, "→") || strings.Contains(m.Text, "first report's actions") {
		t.Errorf("text:\n%.300s", m.Text)
	}
	if !strings.Contains(m.Text, "Listing score: 64/100 (Room to grow)") {
		t.Error("no listing score")
	}
}
