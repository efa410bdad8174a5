package analysis

import (
	"strings"
	"testing"
)

func TestBand(t *testing.T) {
	for _, tc := range []struct {
		v    int
		want string
	}{{100, BandStrong}, {80, BandStrong}, {79, BandGood}, {65, BandGood}, {64, BandRoom}, {50, BandRoom}, {49, BandAttention}, {0, BandAttention}} {
		if got := Band(tc.v); got != tc.want {
			t.Errorf("Band(%d) = %q, want %q", tc.v, got, tc.want)
		}
	}
}

func TestCapped(t *testing.T) {
	acts := []Action{
		{Area: "reviews", Priority: High, Finding: "Guests complain about noise."},
		{Area: "photos", Priority: Medium, Finding: "Few photos."},
		{Area: "title", Priority: Low, Finding: "Weak start."},
	}
	for _, tc := range []struct {
		name   string
		v      int
		areas  []string
		want   int
		saysIt bool
	}{
		{"a HIGH action holds a green score under 50", 94, []string{"reviews", "amenities"}, CapHigh, true},
		{"a MEDIUM action holds it under 65", 90, []string{"photos"}, CapMedium, true},
		{"a score already below the cap stays", 30, []string{"reviews"}, 30, false},
		{"a LOW action does not cap", 90, []string{"title"}, 90, false},
		{"no action in the area", 90, []string{"pricing"}, 90, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, why := Capped(tc.v, acts, tc.areas...)
			if got != tc.want || (why != "") != tc.saysIt {
				t.Errorf("Capped(%d, %v) = %d, %q", tc.v, tc.areas, got, why)
			}
			if tc.saysIt && !strings.Contains(why, acts[0].Finding) && !strings.Contains(why, acts[1].Finding) {
				t.Errorf("the reason does not name the action: %q", why)
			}
		})
	}
}

func TestScoreOverall(t *testing.T) {
	in := OverallInput{
		Title:       TitleAnalysis{Title: "Loft", Score: 80},
		Description: DescriptionAnalysis{Score: 60},
		Photos:      PhotoAudit{Score: 70},
		Amenities:   AmenityAnalysis{Read: true},
		Scores:      CompetitiveScores{Visual: Score{Value: 70}, Amenity: Score{Value: 90}, Experience: Score{Value: 95}},
		Pricing:     PricingAnalysis{Status: PricingNotEnoughData},
		Reviews:     ReviewAnalysis{Rating: 4.9},
		Gaps:        BookingGapAnalysis{Status: "general_guidance"},
		Actions:     []Action{{Area: "reviews", Priority: High, Finding: "Noise."}},
	}
	o := ScoreOverall(in)
	s := o.Sections
	if s.Pricing != nil || s.Availability != nil {
		t.Errorf("pricing %v and availability %v were not assessed", s.Pricing, s.Availability)
	}
	if s.Reviews == nil || *s.Reviews != CapHigh {
		t.Errorf("reviews = %v, want the HIGH cap %d over a 95 experience score", s.Reviews, CapHigh)
	}
	// (80·15 + 60·15 + 70·25 + 90·15 + 49·15) / 85 = 69.8
	if o.Score != 70 || o.Band != BandGood {
		t.Errorf("overall = %d %q, want 70 Good", o.Score, o.Band)
	}
	if !strings.Contains(o.Explanation, "Not assessed, so left out: pricing and availability") {
		t.Errorf("explanation %q", o.Explanation)
	}
	if none := ScoreOverall(OverallInput{Description: DescriptionAnalysis{NotAssessed: true}, Photos: PhotoAudit{NotAssessed: true}}); none.Band != BandNotAssessed || none.Score != 0 {
		t.Errorf("nothing assessed: %+v", none)
	}
}
