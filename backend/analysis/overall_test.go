package analysis

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
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

// A score is its formula's value: an action beside it, however important,
// does not move it (the old rule held a 94 at 49 beside a HIGH action).
func TestScoreOverallIgnoresActions(t *testing.T) {
	in := OverallInput{
		Title:       TitleAnalysis{Title: "Loft", Score: 88, Findings: Findings{{Severity: SeverityHigh, Message: "m", Action: "a"}}},
		Photos:      PhotoAudit{NotAssessed: true},
		Scores:      CompetitiveScores{Experience: Score{Value: 94}},
		Reviews:     ReviewAnalysis{Rating: 4.98, Findings: Findings{{Severity: SeverityHigh, Message: "n", Action: "b"}}},
		Description: DescriptionAnalysis{NotAssessed: true},
	}
	s := ScoreOverall(in).Sections
	if s.Title == nil || *s.Title != 88 || s.Reviews == nil || *s.Reviews != 94 {
		t.Errorf("sections %v %v, want the formulas' 88 and 94", s.Title, s.Reviews)
	}
	if strings.Contains(FormulaOverall, "at most") {
		t.Errorf("the formula still says a score is held: %s", FormulaOverall)
	}
}

func TestScoreOverall(t *testing.T) {
	in := OverallInput{
		Title:       TitleAnalysis{Title: "Loft", Score: 80},
		Description: DescriptionAnalysis{Score: 60},
		Photos:      PhotoAudit{Score: ptr(70)},
		Amenities:   AmenityAnalysis{Read: true},
		Scores:      CompetitiveScores{Visual: Score{Value: 70}, Amenity: Score{Value: 90}, Experience: Score{Value: 95}},
		Pricing:     PricingAnalysis{Status: PricingNotEnoughData},
		Reviews:     ReviewAnalysis{Rating: 4.9},
		Gaps:        BookingGapAnalysis{Status: "general_guidance"},
	}
	o := ScoreOverall(in)
	s := o.Sections
	if s.Pricing != nil || s.Availability != nil {
		t.Errorf("pricing %v and availability %v were not assessed", s.Pricing, s.Availability)
	}
	if s.Reviews == nil || *s.Reviews != 95 {
		t.Errorf("reviews = %v, want the experience score 95", s.Reviews)
	}
	// (80·15 + 60·15 + 70·25 + 90·15 + 95·15) / 85 = 77.9
	if o.Score == nil || *o.Score != 78 || o.Band != BandGood {
		t.Errorf("overall = %v %q, want 78 Good", o.Score, o.Band)
	}
	if !strings.Contains(o.Explanation, "Not assessed, so left out: pricing and availability") {
		t.Errorf("explanation %q", o.Explanation)
	}
	if none := ScoreOverall(OverallInput{Description: DescriptionAnalysis{NotAssessed: true}, Photos: PhotoAudit{NotAssessed: true}}); none.Band != BandNotAssessed || none.Score != nil {
		t.Errorf("nothing assessed: %+v", none)
	}
}

// A title and a typed description, or a title alone, are too little for
// one score of the whole listing: no overall score, each section still
// scored, and the explanation names what was and was not assessed.
func TestOverallNeedsEnoughSections(t *testing.T) {
	base := OverallInput{
		Title:       TitleAnalysis{Title: "Cozy loft near the beach", Score: 85},
		Description: DescriptionAnalysis{Score: 36},
		Photos:      PhotoAudit{NotAssessed: true},
		Scores:      CompetitiveScores{Amenity: Score{Value: 50, NotAssessed: true}, Visual: Score{Value: 50, NotAssessed: true}, Experience: Score{Value: 50, NotAssessed: true}},
		Pricing:     PricingAnalysis{Status: PricingNotEnoughData},
		Gaps:        BookingGapAnalysis{Status: "general_guidance"},
	}
	for _, tc := range []struct {
		name     string
		edit     func(*OverallInput)
		assessed int
		want     *int
	}{
		{"title and description", func(*OverallInput) {}, 2, nil},
		{"title only", func(in *OverallInput) { in.Description.NotAssessed = true }, 1, nil},
		{"a read amenity list at the neutral 50 does not count", func(in *OverallInput) { in.Amenities.Read = true }, 2, nil},
		{"four sections", func(in *OverallInput) {
			in.Photos = PhotoAudit{Score: ptr(40)}
			in.Scores.Visual = Score{Value: 40}
			in.Reviews = ReviewAnalysis{Rating: 4.8}
			in.Scores.Experience = Score{Value: 90}
		}, 4, ptr((85*15 + 36*15 + 40*25 + 90*15 + 35) / 70)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := base
			tc.edit(&in)
			o := ScoreOverall(in)
			n := 0
			for _, w := range SectionWeights {
				if o.Sections.Get(w.Key) != nil {
					n++
				}
			}
			if n != tc.assessed {
				t.Errorf("%d sections assessed, want %d: %+v", n, tc.assessed, o.Sections)
			}
			switch {
			case tc.want == nil && (o.Score != nil || o.Band != BandNotAssessed || !strings.Contains(o.Explanation, "too few for one score")):
				t.Errorf("want no overall score: %v %q %q", o.Score, o.Band, o.Explanation)
			case tc.want != nil && (o.Score == nil || *o.Score != *tc.want):
				t.Errorf("overall %v, want %d", o.Score, *tc.want)
			}
		})
	}
}

// Not assessed is never a number: a description that could not be read,
// or a text with nothing scorable, leaves its section nil, not 0.
func TestNotAssessedSectionsAreNil(t *testing.T) {
	missing := AnalyzeDescription(&listing.Listing{Platform: listing.Airbnb, PropertyType: "Entire rental unit"}, Features{})
	ja := AnalyzeDescription(&listing.Listing{Platform: listing.Booking, PropertyType: "Hotel", Language: "ja",
		Description: "浅草駅から徒歩三分のホテルです。全室禁煙で、無料Wi-Fiをご利用いただけます。"}, Features{})
	for name, d := range map[string]DescriptionAnalysis{"unread": missing, "japanese hotel": ja} {
		if name == "japanese hotel" && strings.Contains(d.Explanation, "/100") {
			t.Errorf("%s description: explanation gives a score: %s", name, d.Explanation)
		}
		o := ScoreOverall(OverallInput{Title: TitleAnalysis{Title: "x", Score: 80}, Description: d})
		if v := o.Sections.Get("description"); v != nil {
			t.Errorf("%s description: section scored %d, want not assessed", name, *v)
		}
	}
	o := ScoreOverall(OverallInput{})
	var s CompetitiveScores
	s.WithListingScore(o)
	if !s.MarketPositioning.NotAssessed {
		t.Errorf("a listing score not assessed is a bare %d", s.MarketPositioning.Value)
	}
}
