package analysis

import (
	"fmt"
	"math"
	"strings"
)

// Section weights of the overall score, in percent. Photos weigh most
// because guests decide from them first; availability least because the
// calendar read is a short window.
var SectionWeights = []struct {
	Key    string
	Name   string
	Weight int
}{
	{"title", "Title", 15},
	{"description", "Description", 15},
	{"photos", "Photos", 25},
	{"amenities", "Amenities", 15},
	{"pricing", "Pricing", 10},
	{"reviews", "Reviews", 15},
	{"availability", "Availability", 5},
}

// ScoreName is a score section's name as the report shows it ("Photos");
// the listing score's for "".
func ScoreName(key string) string {
	for _, w := range SectionWeights {
		if w.Key == key {
			return w.Name
		}
	}
	return ListingScoreName
}

// Score bands: what a score means, shown beside every score.
const (
	BandStrong    = "Strong"
	BandGood      = "Good"
	BandRoom      = "Room to grow"
	BandAttention = "Needs attention"
	// BandNotAssessed is the band of a report with no section assessed.
	BandNotAssessed = "Not assessed"
)

// Band names a 0–100 score: 80+ strong, 65–79 good, 50–64 room to grow,
// under 50 needs attention.
func Band(score int) string {
	switch {
	case score >= 80:
		return BandStrong
	case score >= 65:
		return BandGood
	case score >= 50:
		return BandRoom
	}
	return BandAttention
}

// SectionScores are the overall score's parts, each 0–100 or nil when the
// report could not assess it.
type SectionScores struct {
	Title        *int `json:"title"`
	Description  *int `json:"description"`
	Photos       *int `json:"photos"`
	Amenities    *int `json:"amenities"`
	Pricing      *int `json:"pricing"`
	Reviews      *int `json:"reviews"`
	Availability *int `json:"availability"`
}

func (s *SectionScores) field(key string) **int {
	switch key {
	case "title":
		return &s.Title
	case "description":
		return &s.Description
	case "photos":
		return &s.Photos
	case "amenities":
		return &s.Amenities
	case "pricing":
		return &s.Pricing
	case "reviews":
		return &s.Reviews
	case "availability":
		return &s.Availability
	}
	return nil
}

// Get returns the score of a section key, nil when not assessed.
func (s SectionScores) Get(key string) *int {
	if f := s.field(key); f != nil {
		return *f
	}
	return nil
}

// MinSectionsForOverall is how many of the seven sections must be assessed
// for one overall score: a title alone (or a title and a typed description)
// scored "85 Strong" says nothing about the listing.
const MinSectionsForOverall = 4

// ListingScoreName is the overall score's one name on every screen, PDF
// and e-mail (SPEC's "AI optimization score" card shows it under this name:
// no model takes part in any score).
const ListingScoreName = "Listing score"

// Overall is the report's one score.
type Overall struct {
	// Score is nil when fewer than MinSectionsForOverall sections could be
	// assessed (Band is then BandNotAssessed).
	Score       *int          `json:"overall_score"`
	Band        string        `json:"overall_band"`
	Sections    SectionScores `json:"section_scores"`
	Explanation string        `json:"-"`
}

// OverallInput is what the overall score reads.
type OverallInput struct {
	Title       TitleAnalysis
	Description DescriptionAnalysis
	Photos      PhotoAudit
	Amenities   AmenityAnalysis
	Scores      CompetitiveScores
	Pricing     PricingAnalysis
	Reviews     ReviewAnalysis
	Gaps        BookingGapAnalysis
}

// findingScore grades an area the analyses do not score by its worst
// finding: nothing or information 90, low 80, medium 60, high 35.
func findingScore(fs Findings) int {
	switch fs.Worst() {
	case SeverityHigh:
		return 35
	case SeverityMedium:
		return 60
	case SeverityLow:
		return 80
	}
	return 90
}

// FormulaOverall says how the overall score is made, in the report.
var FormulaOverall = func() string {
	var parts []string
	for _, w := range SectionWeights {
		parts = append(parts, fmt.Sprintf("%s %d%%", strings.ToLower(w.Name), w.Weight))
	}
	return "Weighted mean of the sections assessed (weights renormalized): " + strings.Join(parts, ", ") +
		". At least " + fmt.Sprint(MinSectionsForOverall) + " sections must be assessed for an overall score. Title, description and photos use their analysis scores; amenities the amenity score; reviews the experience score; pricing and availability their most serious finding (none 90, low 80, medium 60, high 35). " +
		"Each section counts what its formula gives; no action changes a score. " +
		"Bands: 80+ strong, 65–79 good, 50–64 room to grow, under 50 needs attention."
}()

// ScoreOverall computes the section scores and the overall score.
func ScoreOverall(in OverallInput) Overall {
	var o Overall
	set := func(key string, ok bool, v int) {
		if !ok {
			return
		}
		*o.Sections.field(key) = &v
	}
	set("title", strings.TrimSpace(in.Title.Title) != "", in.Title.Score)
	// A description that could not be read (description.missing says so)
	// is not assessed: its 0 would be a number for nothing read.
	set("description", !in.Description.NotAssessed && !in.Description.Findings.Has("description.missing"), in.Description.Score)
	set("photos", !in.Photos.NotAssessed && !in.Scores.Visual.NotAssessed, in.Scores.Visual.Value)
	set("amenities", in.Amenities.Read && !in.Amenities.Partial && !in.Scores.Amenity.NotAssessed, in.Scores.Amenity.Value)
	set("pricing", in.Pricing.Scored(), findingScore(in.Pricing.Findings))
	set("reviews", (in.Reviews.Rating > 0 || in.Reviews.Analyzed > 0) && !in.Scores.Experience.NotAssessed, in.Scores.Experience.Value)
	set("availability", in.Gaps.Status == "calendar", findingScore(in.Gaps.Findings))

	total, weights := 0.0, 0
	var parts, missing []string
	for _, w := range SectionWeights {
		v := o.Sections.Get(w.Key)
		if v == nil {
			missing = append(missing, strings.ToLower(w.Name))
			continue
		}
		total += float64(*v * w.Weight)
		weights += w.Weight
		parts = append(parts, fmt.Sprintf("%s %d", strings.ToLower(w.Name), *v))
	}
	if weights == 0 {
		o.Band = BandNotAssessed
		o.Explanation = "No part of the listing could be assessed, so there is no overall score."
		return o
	}
	if n := len(parts); n < MinSectionsForOverall {
		o.Band = BandNotAssessed
		o.Explanation = fmt.Sprintf("Not assessed: only %d of the %d sections could be assessed (%s), too few for one score of the whole listing; each is scored on its own. Not assessed: %s.",
			n, len(SectionWeights), joinList(parts), joinList(missing))
		return o
	}
	score := int(math.Round(total / float64(weights)))
	o.Score = &score
	o.Band = Band(score)
	o.Explanation = fmt.Sprintf("Overall %d/100 (%s) from %s.", score, strings.ToLower(o.Band), joinList(parts))
	if len(missing) > 0 {
		o.Explanation += fmt.Sprintf(" Not assessed, so left out: %s.", joinList(missing))
	}
	o.Explanation += " " + FormulaOverall
	return o
}
