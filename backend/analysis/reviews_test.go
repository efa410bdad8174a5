package analysis

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
)

func sampleReviews() []listing.Review {
	return []listing.Review{
		{Date: "2026-02-01", Text: "Spotless and quiet apartment. The host was very responsive."},
		{Date: "2026-01-20", Text: "The wifi was not working and the street was noisy. Great location though."},
		{Date: "2026-01-10", Text: "Dirty bathroom and a musty smell. Not clean."},
		{Date: "2026-01-05", Text: "Great place, great value, would stay again!"},
		{Date: "2025-12-30", Text: "Noisy at night, could hear the neighbours."},
		{Date: "2025-12-20", Text: "Très bien situé, appartement propre.", Language: "fr"},
		{Date: "2025-12-10", Text: "   "},
	}
}

// TestAnalyzeReviews hand-scores each review: (1) spotless, quiet,
// responsive: +3; (2) "not working" −1, noisy −1, great +1: −1; (3) dirty,
// musty, "not clean": −3; (4) great, great: +2; (5) noisy: −1. French and
// empty texts are skipped. 2 positive of 5: score 40. Noise is mentioned
// in 3 reviews, negatively in 2: a complaint.
func TestAnalyzeReviews(t *testing.T) {
	a := AnalyzeReviews(loft(), sampleReviews(), "test reviews")
	if a.Analyzed != 5 || a.Skipped != 2 || a.Positive != 2 || a.Negative != 3 || a.Neutral != 0 || a.SentimentScore != 40 {
		t.Fatalf("analyzed %d skipped %d +%d −%d =%d score %d", a.Analyzed, a.Skipped, a.Positive, a.Negative, a.Neutral, a.SentimentScore)
	}
	want := []ThemeStat{
		{"noise", 3, 1, 2}, {"cleanliness", 2, 1, 1}, {"location", 1, 1, 0},
		{"communication", 1, 1, 0}, {"wifi", 1, 0, 1}, {"value", 1, 1, 0},
	}
	if len(a.Themes) != len(want) {
		t.Fatalf("themes = %+v", a.Themes)
	}
	for i := range want {
		if a.Themes[i] != want[i] {
			t.Errorf("theme %d = %+v, want %+v", i, a.Themes[i], want[i])
		}
	}
	if strings.Join(a.Complaints, ",") != "noise" || len(a.Praised) != 0 {
		t.Errorf("complaints %q praised %q", a.Complaints, a.Praised)
	}
	if a.Findings.Worst() != SeverityHigh || !strings.Contains(a.Findings[0].Message, "noise (2 of 5 reviews)") {
		t.Errorf("findings = %+v", a.Findings)
	}
	wantSummary := "Rated 4.90 out of 5 from 120 reviews. In the 6 most recent review texts (5 of them in English, scored), 40% positive and 60% negative. Recurring complaints: noise."
	if a.Summary != wantSummary {
		t.Errorf("summary = %q\nwant      %q", a.Summary, wantSummary)
	}
	// No review text, quoted phrase or name leaves the analyzer.
	b, _ := json.Marshal(a)
	for _, frag := range []string{"Spotless", "neighbours", "musty", "Très"} {
		if strings.Contains(string(b), frag) {
			t.Errorf("review text %q leaked into the analysis", frag)
		}
	}
}

func TestAnalyzeReviewsKeepsTheMostRecent(t *testing.T) {
	var rs []listing.Review
	for i := 0; i < MaxReviews+20; i++ {
		text := "Great stay."
		if i < 20 {
			text = "Terrible, dirty."
		}
		rs = append(rs, listing.Review{Date: "2025-01-01", Text: text})
	}
	for i := 0; i < 20; i++ { // the 20 bad ones are the oldest
		rs[i].Date = "2020-01-01"
	}
	a := AnalyzeReviews(loft(), rs, "x")
	if a.Analyzed != MaxReviews || a.Negative != 0 {
		t.Errorf("analyzed %d negative %d", a.Analyzed, a.Negative)
	}
}

func TestAnalyzeReviewsWithoutText(t *testing.T) {
	a := AnalyzeReviews(loft(), nil, "")
	if a.Summary != "Rated 4.90 out of 5 from 120 reviews. Review text was not available, so no themes were read." {
		t.Errorf("summary = %q", a.Summary)
	}
	// Read from the page's own data, with no reviews: a new listing.
	none := &listing.Listing{Sources: map[string]string{listing.FieldTitle: listing.SourceEmbedded}}
	b := AnalyzeReviews(none, nil, "")
	if b.Summary != "No reviews yet." || !b.Findings.Has("reviews.none") {
		t.Errorf("summary %q findings %+v", b.Summary, b.Findings)
	}
	// Read from preview tags only: whether it has reviews is unknown.
	preview := &listing.Listing{Platform: listing.Airbnb, Sources: map[string]string{listing.FieldTitle: listing.SourceOpenGraph}}
	c := AnalyzeReviews(preview, nil, "")
	if c.Findings.Has("reviews.none") || !c.Findings.Has("reviews.not_read") || c.Summary == "No reviews yet." {
		t.Errorf("preview-only: summary %q findings %+v; want the reviews not assessed", c.Summary, c.Findings)
	}
}

// "No reviews yet" (and its launch-price advice) is said only when it was
// read: a review count of 0, or the page's own data with none. When the
// count was simply not read — the page blocked and the details typed, or a
// sparse read — the reviews are not assessed, and the report says why.
func TestNoReviewsOnlyWhenRead(t *testing.T) {
	target, _ := listing.ParseURL("https://www.airbnb.com/rooms/60000403")
	counted := &listing.Listing{Platform: listing.Airbnb, Sources: map[string]string{listing.FieldTitle: listing.SourceOpenGraph, listing.FieldReviewCount: listing.SourceJSONLD}}
	for _, tc := range []struct {
		name    string
		l       *listing.Listing
		none    bool
		summary string
	}{
		{"a review count of 0 read", counted, true, "No reviews yet."},
		{"the page's own data, no reviews", &listing.Listing{Sources: map[string]string{listing.FieldTitle: listing.SourceEmbedded}}, true, "No reviews yet."},
		{"typed details", listing.FromTyped(target, "Loft", "A loft.", "blocked"), false,
			"Not assessed: the listing page could not be read, so its rating and reviews are unknown."},
		{"preview tags only", &listing.Listing{Platform: listing.Airbnb, Sources: map[string]string{listing.FieldTitle: listing.SourceOpenGraph}}, false,
			"Not assessed: the rating and reviews could not be read from the page."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := AnalyzeReviews(tc.l, nil, "")
			if a.Findings.Has("reviews.none") != tc.none || a.Findings.Has("reviews.not_read") == tc.none || a.Summary != tc.summary {
				t.Errorf("summary %q findings %+v", a.Summary, a.Findings)
			}
			for _, f := range a.Findings {
				if !tc.none && (strings.Contains(f.Message, "no reviews yet") || strings.Contains(f.Action, "launch price")) {
					t.Errorf("finding %+v says what was not read", f)
				}
			}
			if !tc.none && strings.Contains(a.Explanation, "yet") {
				t.Errorf("explanation %q", a.Explanation)
			}
			p := Prioritize(PriorityInput{Reviews: a})
			if got := p.Experience == NotAssessed; got == tc.none {
				t.Errorf("experience priority %q", p.Experience)
			}
		})
	}
}

func TestAnalyzeReviewsRatingFindings(t *testing.T) {
	l := loft()
	l.Ratings = listing.Ratings{Overall: 8.6, Cleanliness: 8.8, Location: 9.6, Scale: 10} // Booking.com's scale: 4.3 and 4.4 of 5
	a := AnalyzeReviews(l, nil, "")
	if a.Rating != 4.3 || !a.Findings.Has("reviews.low_rating") || !a.Findings.Has("reviews.low_category") {
		t.Errorf("rating %v findings %+v", a.Rating, a.Findings)
	}
	if !strings.Contains(a.Findings[1].Message, "cleanliness at 4.40") {
		t.Errorf("category finding = %q", a.Findings[1].Message)
	}
}

// A rating is judged on its own site's scale with that site's lines:
// Booking.com's 8.5 out of 10 is "Very good" there, not a 4.25 under
// Airbnb's 4.5; its category scores likewise.
func TestRatingsOnTheirOwnScale(t *testing.T) {
	on := func(p listing.Platform, r listing.Ratings) *listing.Listing {
		l := loft()
		l.Platform, l.Ratings = p, r
		return l
	}
	for _, tc := range []struct {
		name     string
		l        *listing.Listing
		want     map[string]string // finding code → its message ("" : absent)
		summary  string
		expScore float64 // the overall rating's experience component
	}{
		{"Booking.com 8.5 is above its Very good line", on(listing.Booking, listing.Ratings{Overall: 8.5, Cleanliness: 8.9, Location: 9.7, Value: 8.1, Scale: 10}),
			map[string]string{"reviews.low_rating": "", "reviews.rating": "", "reviews.low_category": ""}, "Rated 8.5 out of 10", 62.5},
		{"Booking.com 7.6 is under Very good: 8+", on(listing.Booking, listing.Ratings{Overall: 7.6, Value: 7.2, Location: 9, Scale: 10}),
			map[string]string{"reviews.rating": `The overall rating is 7.6 out of 10; under the "Very good: 8+" filter guests use on Booking.com.`,
				"reviews.low_category": "The lowest category rating is value at 7.2 out of 10."}, "Rated 7.6 out of 10", 40},
		{"Booking.com 6.4 is under Good: 7+", on(listing.Booking, listing.Ratings{Overall: 6.4, Scale: 10}),
			map[string]string{"reviews.low_rating": `The overall rating is 6.4 out of 10; under the "Good: 7+" filter guests use on Booking.com.`}, "Rated 6.4 out of 10", 10},
		{"Vrbo 10 out of 10", on(listing.Vrbo, listing.Ratings{Overall: 10, Scale: 10}),
			map[string]string{"reviews.low_rating": "", "reviews.rating": ""}, "Rated 10 out of 10", 100},
		{"Airbnb 4.4 is under 4.5", on(listing.Airbnb, listing.Ratings{Overall: 4.4, Scale: 5}),
			map[string]string{"reviews.low_rating": "The overall rating is 4.40 out of 5; most guests filter or skim past listings under 4.5."}, "Rated 4.40 out of 5", 40},
		{"Airbnb 4.98 Superhost", on(listing.Airbnb, listing.Ratings{Overall: 4.98, Cleanliness: 4.94, Scale: 5}),
			map[string]string{"reviews.low_rating": "", "reviews.rating": "", "reviews.low_category": ""}, "Rated 4.98 out of 5", 98},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := AnalyzeReviews(tc.l, nil, "")
			for code, msg := range tc.want {
				got := ""
				for _, f := range a.Findings {
					if f.Code == code {
						got = f.Message
					}
				}
				if got != msg {
					t.Errorf("%s: %q, want %q", code, got, msg)
				}
			}
			if !strings.HasPrefix(a.Summary, tc.summary) {
				t.Errorf("summary %q", a.Summary)
			}
			c := ratingComponent(RulesFor(tc.l).Rating, "overall rating", RatingOutOf5(tc.l), nil, nil, 1, false)
			if math.Abs(c.Value-tc.expScore) > 0.05 {
				t.Errorf("experience component %v (%s), want %v", c.Value, c.Basis, tc.expScore)
			}
		})
	}
}

// TestReviewEvidenceSaysWhereTheyWereRead: reviews analysed from a market
// snapshot (the page gave none) are evidenced as read from that source,
// never as "not read from your page" beside a finding made from them
// (issue 43: "The reviews was not read from your page" under a wifi
// complaint counted in 2 of 9 reviews).
func TestReviewEvidenceSaysWhereTheyWereRead(t *testing.T) {
	l := &listing.Listing{Platform: listing.Airbnb, Title: "Pine Hills home"}
	var reviews []listing.Review
	for i := 0; i < 9; i++ {
		text := "Lovely stay, great host and a clean home."
		if i < 3 {
			text = "The wifi was terrible and kept dropping, the wifi never worked."
		}
		reviews = append(reviews, listing.Review{Date: "2025-09-0" + string(rune('1'+i)), Text: text})
	}
	a := AnalyzeReviews(l, reviews, "Inside Airbnb reviews snapshot of October 5, 2025")
	if a.Analyzed == 0 || len(a.Findings) == 0 {
		t.Fatalf("nothing analysed: %+v", a)
	}
	for _, f := range a.Findings {
		for _, ev := range f.Evidence {
			if ev.Field == listing.FieldReviews && ev.Where != "Inside Airbnb reviews snapshot of October 5, 2025" {
				t.Errorf("%s: reviews evidenced as read from %q", f.Code, ev.Where)
			}
		}
	}
}
