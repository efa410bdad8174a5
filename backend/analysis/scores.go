package analysis

import (
	"fmt"
	"github.com/listinglift/listinglift/backend/numfmt"
	"math"
	"strings"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// ScoreComponent is one input of a competitive score.
type ScoreComponent struct {
	Name   string  `json:"name"`
	Value  float64 `json:"value"`  // 0–100
	Weight float64 `json:"weight"` // before renormalizing over the components present
	Basis  string  `json:"basis"`
}

// Score is a competitive score with its formula and inputs.
type Score struct {
	Value       int              `json:"value"` // 0–100
	Formula     string           `json:"formula"`
	Components  []ScoreComponent `json:"components"`
	Explanation string           `json:"explanation"`
	// NotAssessed: there was nothing to score; Value is a neutral 50 the
	// report never shows as the listing's (its section is null).
	NotAssessed bool `json:"not_assessed,omitempty"`
}

// CompetitiveScores are the four scores of SPEC §3. Each is a score the
// report already shows under another name, so that one thing has one
// number: market positioning is the listing score (the overall score), the
// amenity score the Amenities section, the visual score Photos and the
// experience score Reviews (CompetitiveSections).
type CompetitiveScores struct {
	MarketPositioning Score `json:"market_positioning"`
	Amenity           Score `json:"amenity_score"`
	Visual            Score `json:"visual_score"`
	Experience        Score `json:"experience_score"`
}

// CompetitiveSections name SPEC's competitive scores as the report shows
// them: the section whose score each one is ("" for the listing score).
var CompetitiveSections = []struct{ Key, Section string }{
	{"market_positioning", ""}, {"amenity_score", "amenities"}, {"visual_score", "photos"}, {"experience_score", "reviews"},
}

// WithListingScore sets market positioning to the listing score o, with
// its sections as components; a listing score not assessed is marked
// NotAssessed and its explanation says why (every screen shows o's band
// "Not assessed").
func (s *CompetitiveScores) WithListingScore(o Overall) {
	mp := Score{Formula: FormulaOverall, Components: []ScoreComponent{}, Explanation: o.Explanation}
	if o.Score != nil {
		mp.Value = *o.Score
	} else {
		// Not assessed is never a number: the 0 is flagged, as every
		// other score not assessed is, so nothing shows it as 0/100.
		mp.NotAssessed = true
	}
	for _, w := range SectionWeights {
		if v := o.Sections.Get(w.Key); v != nil {
			mp.Components = append(mp.Components, ScoreComponent{Name: strings.ToLower(w.Name), Value: float64(*v), Weight: float64(w.Weight) / 100, Basis: w.Name + " section score"})
		}
	}
	s.MarketPositioning = mp
}

// SameSiteAsMarket says whether the listing's ratings and review counts can
// be placed among the comparables': every market source (Inside Airbnb
// snapshots, Airbnb's search) is Airbnb's.
func SameSiteAsMarket(l *listing.Listing) bool { return l.Platform == listing.Airbnb }

// ScoreInput is what the scores are computed from.
type ScoreInput struct {
	Listing     *listing.Listing
	Title       TitleAnalysis
	Description DescriptionAnalysis
	Amenities   AmenityAnalysis
	Photos      PhotoAudit
	Reviews     ReviewAnalysis
	Comparables []market.Listing
}

// Score formulas, as shown in the report.
const (
	FormulaAmenity    = "With comparables: 50% the share of the market's standard amenities (those at least half of comparables list) the listing has, 30% the percentile of its amenity count among comparables, 20% the share of amenities expected for its kind and likely guests. Without comparables: the share of expected amenities × 100. When the amenity list could not be read whole, or in a language the catalogue knows, and there are no comparables: not assessed."
	FormulaVisual     = "The photo audit score: count 40, captions 15, rooms shown 30, cover photo 15; with Premium photo measurements, 70% that and 30% the measured quality (resolution 40, exposure 30, sharpness 30, less 5 per near-duplicate pair). Market data gives no photo counts for comparables, so this is not a market percentile."
	FormulaExperience = "Weighted mean of the components present: overall rating 35%, category ratings 25%, review sentiment 25% (with 3+ review texts), host responsiveness 15% (100 for a Superhost, else the response rate). Ratings are percentile ranks among comparables when at least 5 have them and they are on the listing's own site; otherwise the site's own scale maps to 0–100 (on a 5-point scale 4.0→0 and 5.0→100). With none of these read: not assessed."
)

// ComputeScores computes the four competitive scores.
func ComputeScores(in ScoreInput) CompetitiveScores {
	l := in.Listing
	var rated []market.Listing
	for _, c := range in.Comparables {
		if c.Rating > 0 && c.ReviewCount > 0 {
			rated = append(rated, c)
		}
	}
	// Ratings are compared with the comparables' only on the same site:
	// Booking.com's 9.2/10 and Vrbo's 10/10 are other guests on other
	// scales than Airbnb's 4.8.
	useMarket := len(rated) >= MinComparables && SameSiteAsMarket(l)
	rating := RatingOutOf5(l)
	rr := RulesFor(l).Rating

	var s CompetitiveScores
	// Market positioning is the listing score (ScoreOverall), set by
	// WithListingScore once the sections are scored: one score of the
	// whole listing, under one name, everywhere.

	// Amenity score.
	am := in.Amenities
	var ac []ScoreComponent
	if am.Market != nil && len(am.Market.Standard) > 0 {
		ac = append(ac,
			ScoreComponent{Name: "market standard amenities", Value: round1(100 * am.Market.StandardCoverage), Weight: 0.5,
				Basis: fmt.Sprintf("has %s of the %d amenities at least half of %d comparables list", pct(am.Market.StandardCoverage), len(am.Market.Standard), am.Market.Comparables)},
			ScoreComponent{Name: "amenity count", Value: am.Market.CountPercentile, Weight: 0.3,
				Basis: fmt.Sprintf("%d amenities against a comparable median of %.0f (percentile)", am.Count, am.Market.MedianCount)})
		if am.NotAssessed == "" && !am.Partial {
			// Expected amenities are only counted from a list read whole
			// in a language the catalogue knows (AmenityAnalysis.NotAssessed).
			ac = append(ac, ScoreComponent{Name: "expected amenities", Value: round1(100 * am.ExpectedCoverage), Weight: 0.2,
				Basis: fmt.Sprintf("has %s of the amenities expected for this kind of listing", pct(am.ExpectedCoverage))})
		}
	} else {
		ac = append(ac, ScoreComponent{Name: "expected amenities", Value: round1(100 * am.ExpectedCoverage), Weight: 1,
			Basis: fmt.Sprintf("has %s of the amenities expected for this kind of listing and its likely guests", pct(am.ExpectedCoverage))})
	}
	s.Amenity = weighted(ac, FormulaAmenity, -1)
	s.Amenity.Explanation = fmt.Sprintf("Amenities %d/100 from %s.", s.Amenity.Value, describe(s.Amenity.Components))
	// A list not read, or read only in part, is not scored, market or not:
	// the market's standard amenities cannot be checked against it.
	if !am.Read {
		s.Amenity = Score{Value: 50, Formula: FormulaAmenity, Components: []ScoreComponent{}, NotAssessed: true,
			Explanation: "Amenities not assessed: the amenity list could not be read."}
	} else if am.Partial {
		s.Amenity = Score{Value: 50, Formula: FormulaAmenity, Components: []ScoreComponent{}, NotAssessed: true,
			Explanation: "Amenities not assessed: only the page's short list of amenities was read."}
	} else if am.NotAssessed != "" && am.Market == nil {
		s.Amenity = Score{Value: 50, Formula: FormulaAmenity, Components: []ScoreComponent{}, NotAssessed: true,
			Explanation: "Amenities not assessed: " + strings.TrimSuffix(am.NotAssessed, ".") + "."}
	}

	// Visual score.
	s.Visual = Score{Value: in.Photos.PhotoScore(), Formula: FormulaVisual, Components: []ScoreComponent{
		{Name: "photo audit", Value: float64(in.Photos.PhotoScore()), Weight: 1, Basis: photoBasis(in.Photos)}}}
	s.Visual.Explanation = fmt.Sprintf("Photos %d/100: the photo audit's score (count, captions, rooms shown, cover photo", s.Visual.Value)
	if in.Photos.Quality != nil {
		s.Visual.Explanation += ", and measured resolution, exposure, sharpness and duplicates"
	}
	s.Visual.Explanation += ")."
	if in.Photos.NotAssessed {
		s.Visual = Score{Value: 50, Formula: FormulaVisual, Components: []ScoreComponent{}, NotAssessed: true,
			Explanation: "Photos not assessed: the photos could not be read."}
	}

	// Experience score.
	var ec []ScoreComponent
	if rating > 0 {
		ec = append(ec, ratingComponent(rr, "overall rating", rating, rated, func(c market.Listing) float64 { return c.Rating }, 0.35, useMarket))
	}
	if cat, basis, ok := categoryComponent(rr, l, rated, useMarket); ok {
		ec = append(ec, ScoreComponent{Name: "category ratings", Value: round1(cat), Weight: 0.25, Basis: basis})
	}
	if in.Reviews.Analyzed >= 3 {
		ec = append(ec, ScoreComponent{Name: "review sentiment", Value: float64(in.Reviews.SentimentScore), Weight: 0.25,
			Basis: fmt.Sprintf("%d of %d recent review texts positive", in.Reviews.Positive, in.Reviews.Analyzed)})
	}
	switch {
	case l.Superhost || l.Host.Superhost:
		ec = append(ec, ScoreComponent{Name: "host responsiveness", Value: 100, Weight: 0.15, Basis: "Superhost"})
	case l.Host.ResponseRate > 0:
		ec = append(ec, ScoreComponent{Name: "host responsiveness", Value: float64(l.Host.ResponseRate), Weight: 0.15,
			Basis: fmt.Sprintf("%d%% response rate", l.Host.ResponseRate)})
	}
	if len(ec) == 0 {
		s.Experience = Score{Value: 50, Formula: FormulaExperience, Components: []ScoreComponent{}, NotAssessed: true,
			Explanation: "Reviews not assessed: no rating, review text or host response data was read."}
	} else {
		s.Experience = weighted(ec, FormulaExperience, -1)
		s.Experience.Explanation = fmt.Sprintf("Reviews %d/100 from %s.", s.Experience.Value, describe(s.Experience.Components))
	}
	return s
}

// photoBasis says the photo audit's inputs ("27 photos, 6 captioned").
func photoBasis(a PhotoAudit) string {
	if a.Count == nil || a.Captioned == nil {
		return "photos not assessed"
	}
	return fmt.Sprintf("%d photos, %d captioned", *a.Count, *a.Captioned)
}

// ratingComponent is a percentile among rated comparables when useMarket,
// else the 4.0→0, 5.0→100 mapping.
// oneDecimal is v with one decimal ("4.0", "10.0").
func oneDecimal(v float64) string { return fmt.Sprintf("%.1f", v) }

func ratingComponent(rr RatingRules, name string, v float64, rated []market.Listing, get func(market.Listing) float64, w float64, useMarket bool) ScoreComponent {
	if useMarket {
		var vals []float64
		for _, c := range rated {
			if x := get(c); x > 0 {
				vals = append(vals, x)
			}
		}
		if len(vals) >= MinComparables {
			p, _ := PercentileRank(vals, numfmt.Round2(v))
			return ScoreComponent{Name: name, Value: round1(p), Weight: w,
				Basis: fmt.Sprintf("%.2f out of 5, percentile among %d rated comparables", v, len(vals))}
		}
	}
	// On the site's own scale, between where its ratings crowd (Airbnb's
	// 4.0 → 0 and 5.0 → 100: a linear 0–5 scale would say little).
	native := rr.OnScale(v)
	return ScoreComponent{Name: name, Value: round1(rr.Score(native)), Weight: w,
		Basis: fmt.Sprintf("%s (%s→0, %s→100)", rr.Format(native), oneDecimal(rr.Floor), oneDecimal(rr.Top))}
}

// categoryComponent averages the category ratings present, each as a
// percentile among comparables or on the 4–5 scale.
func categoryComponent(rr RatingRules, l *listing.Listing, rated []market.Listing, useMarket bool) (float64, string, bool) {
	r := l.Ratings
	scale := r.Scale
	if scale <= 0 {
		scale = 5
	}
	cats := []struct {
		v   float64
		get func(market.Listing) float64
	}{
		{r.Cleanliness, func(c market.Listing) float64 { return c.Cleanliness }},
		{r.Accuracy, func(c market.Listing) float64 { return c.Accuracy }},
		{r.CheckIn, func(c market.Listing) float64 { return c.CheckIn }},
		{r.Communication, func(c market.Listing) float64 { return c.Communication }},
		{r.Location, func(c market.Listing) float64 { return c.Location }},
		{r.Value, func(c market.Listing) float64 { return c.Value }},
	}
	var vals []float64
	fromMarket := false
	for _, c := range cats {
		if c.v <= 0 {
			continue
		}
		comp := ratingComponent(rr, "", c.v/scale*5, rated, c.get, 0, useMarket)
		if strings.Contains(comp.Basis, "percentile") {
			fromMarket = true
		}
		vals = append(vals, comp.Value)
	}
	if len(vals) == 0 {
		return 0, "", false
	}
	m, _ := Mean(vals)
	basis := fmt.Sprintf("mean of %d category ratings, each %s→0 and %s→100 out of %s", len(vals), oneDecimal(rr.Floor), oneDecimal(rr.Top), trimFloat(rr.Scale))
	if fromMarket {
		basis = fmt.Sprintf("mean of %d category ratings as percentiles among rated comparables", len(vals))
	}
	return m, basis, true
}

// weighted is the weighted mean of the components, weights renormalized.
func weighted(cs []ScoreComponent, formula string, fallback int) Score {
	sum, w := 0.0, 0.0
	for _, c := range cs {
		sum += c.Value * c.Weight
		w += c.Weight
	}
	v := fallback
	if w > 0 {
		v = int(math.Round(clamp(sum/w, 0, 100)))
	}
	return Score{Value: v, Formula: formula, Components: cs}
}

func describe(cs []ScoreComponent) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%s %.0f (%s)", c.Name, c.Value, c.Basis))
	}
	return joinList(parts)
}
