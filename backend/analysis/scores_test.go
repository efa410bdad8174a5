package analysis

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

func scoreInput() ScoreInput {
	return ScoreInput{
		Listing:     loft(), // rated 4.9 (cleanliness 4.8, communication 5) from 120 reviews
		Title:       TitleAnalysis{Score: 80},
		Description: DescriptionAnalysis{Score: 60},
		Amenities:   AmenityAnalysis{Read: true, ExpectedCoverage: 0.5},
		Photos:      PhotoAudit{Score: ptr(64), Count: ptr(12), Captioned: ptr(6)},
		Reviews:     ReviewAnalysis{Analyzed: 5, Positive: 2, SentimentScore: 40},
	}
}

// Without comparables: amenity 50 (half the expected amenities); visual
// 64; experience = (0.35·90 + 0.25·90 (cleanliness 80, communication 100) +
// 0.25·40) / 0.85 = 75.3 → 75.
func TestComputeScoresWithoutMarket(t *testing.T) {
	s := ComputeScores(scoreInput())
	if s.Amenity.Value != 50 || s.Visual.Value != 64 || s.Experience.Value != 75 {
		t.Errorf("scores %d %d %d, want 50 64 75", s.Amenity.Value, s.Visual.Value, s.Experience.Value)
	}
	if s.Amenity.NotAssessed || s.Visual.NotAssessed || s.Experience.NotAssessed {
		t.Errorf("a score with inputs is marked not assessed: %+v", s)
	}
	if len(s.Experience.Components) != 3 {
		t.Errorf("components %+v", s.Experience.Components)
	}
}

// With six rated comparables (4.5 … 5.0, 10 … 60 reviews, cleanliness 4.7,
// communication 4.9): the 4.9 rating ranks (4 + 0.5)/6 = 75; 120 reviews
// rank 100; experience (0.35·75 + 0.25·100 + 0.25·40) / 0.85 = 72.1 → 72.
// The same 4.9 on Vrbo or Booking.com is not placed among Airbnb's
// comparables: its own scale's mapping (90) counts instead.
func TestComputeScoresWithMarket(t *testing.T) {
	in := scoreInput()
	for i := 0; i < 6; i++ {
		in.Comparables = append(in.Comparables, market.Listing{Rating: 4.5 + 0.1*float64(i), ReviewCount: 10 * (i + 1), Cleanliness: 4.7, Communication: 4.9})
	}
	s := ComputeScores(in)
	if s.Experience.Value != 72 {
		t.Errorf("experience %d, want 72; %+v", s.Experience.Value, s.Experience.Components)
	}
	other := *in.Listing
	other.Platform = listing.Vrbo
	in.Listing = &other
	if s := ComputeScores(in); s.Experience.Value != 75 || strings.Contains(s.Experience.Explanation, "percentile") {
		t.Errorf("a Vrbo listing against Airbnb comparables: experience %d, %q; want 75 on its own scale", s.Experience.Value, s.Experience.Explanation)
	}
	in.Listing = loft()
	// Amenity score with market data: 0.5·100 (standard coverage) +
	// 0.3·40 (count percentile) + 0.2·50 (expected) = 72.
	in.Amenities.Market = &AmenityMarket{Comparables: 6, Standard: []string{"Wifi"}, StandardCoverage: 1, CountPercentile: 40}
	if s := ComputeScores(in); s.Amenity.Value != 72 {
		t.Errorf("amenity %d, want 72", s.Amenity.Value)
	}
}

func TestComputeScoresNewListing(t *testing.T) {
	in := ScoreInput{Listing: &listing.Listing{Sources: map[string]string{}}, Title: TitleAnalysis{Score: 40}, Description: DescriptionAnalysis{Score: 20}}
	s := ComputeScores(in)
	if !s.Experience.NotAssessed || !strings.HasPrefix(s.Experience.Explanation, "Reviews not assessed") {
		t.Errorf("no rating or reviews read: experience %+v, want not assessed", s.Experience)
	}
}

// Amenities that could not be judged (a language the catalogue does not
// read, a partial list) give no "expected amenities" component: its 0 %
// would be a claim about a list we did not read. With the market the rest
// counts, renormalized: (0.5·100 + 0.3·40) / 0.8 = 77.5 → 78; without it,
// the neutral 50 says why.
func TestAmenityScoreNotAssessed(t *testing.T) {
	in := scoreInput()
	in.Amenities.ExpectedCoverage = 0
	in.Amenities.NotAssessed = "the listing is in a language (\"ja\") whose amenity names we do not read yet"
	s := ComputeScores(in)
	if s.Amenity.Value != 50 || !strings.Contains(s.Amenity.Explanation, "whose amenity names we do not read yet") {
		t.Errorf("without market: %d %q", s.Amenity.Value, s.Amenity.Explanation)
	}
	in.Amenities.Market = &AmenityMarket{Comparables: 6, Standard: []string{"Wifi"}, StandardCoverage: 1, CountPercentile: 40}
	s = ComputeScores(in)
	for _, c := range s.Amenity.Components {
		if c.Name == "expected amenities" {
			t.Errorf("an expected-amenities component from a list not judged: %+v", c)
		}
	}
	if s.Amenity.Value != 78 {
		t.Errorf("with market: %d, want 78", s.Amenity.Value)
	}
}
