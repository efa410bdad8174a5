package analysis

import (
	"github.com/listinglift/listinglift/backend/numfmt"
)

// Distribution is how one figure spreads over the comparable listings
// (quartiles by linear interpolation, as Quantile) and, when the listing's
// own figure is known, where it falls (percentile rank with ties counted
// half, as PercentileRank).
type Distribution struct {
	// Comparables is how many comparables have the figure; the quartiles
	// are over them.
	Comparables int     `json:"comparables"`
	P25         float64 `json:"p25"`
	P50         float64 `json:"p50"`
	P75         float64 `json:"p75"`
	// Listing is the listing's own figure, when known; ListingPercentile
	// its rank among the comparables (0–100) and Position "below",
	// "within" or "above" their middle half.
	Listing           *float64 `json:"listing,omitempty"`
	ListingPercentile *float64 `json:"listing_percentile,omitempty"`
	Position          string   `json:"position,omitempty"`
	Explanation       string   `json:"explanation"`
}

// Distribute computes the quartiles of values (rounded to cents) and, when
// self is not nil, the listing's percentile rank (one decimal) and
// position. It returns nil with fewer than MinComparables values: too few
// to say how the market spreads. The explanation is the caller's to write.
func Distribute(values []float64, self *float64) *Distribution {
	if len(values) < MinComparables {
		return nil
	}
	p25, _ := Quantile(values, 0.25)
	p50, _ := Quantile(values, 0.5)
	p75, _ := Quantile(values, 0.75)
	d := &Distribution{Comparables: len(values), P25: numfmt.Round2(p25), P50: numfmt.Round2(p50), P75: numfmt.Round2(p75)}
	if self != nil {
		v := *self
		d.Listing = &v
		r, _ := PercentileRank(values, v)
		d.ListingPercentile = ptr(round1(r))
		d.Position = position(v, p25, p75)
	}
	return d
}

// position says where v sits against the middle half of comparables:
// "below" P25, "above" P75, else "within".
func position(v, p25, p75 float64) string {
	switch {
	case v < p25:
		return "below"
	case v > p75:
		return "above"
	}
	return "within"
}
