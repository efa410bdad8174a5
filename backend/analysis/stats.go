package analysis

import (
	"math"
	"sort"
)

// Quantile returns the q-quantile (0 ≤ q ≤ 1) of values with linear
// interpolation between order statistics (Hyndman & Fan type 7, the default
// of R and NumPy). values need not be sorted; it returns false when empty.
func Quantile(values []float64, q float64) (float64, bool) {
	if len(values) == 0 {
		return 0, false
	}
	s := append([]float64(nil), values...)
	sort.Float64s(s)
	return quantileSorted(s, q), true
}

func quantileSorted(s []float64, q float64) float64 {
	if len(s) == 1 {
		return s[0]
	}
	h := q * float64(len(s)-1)
	lo := math.Floor(h)
	hi := math.Ceil(h)
	return s[int(lo)] + (h-lo)*(s[int(hi)]-s[int(lo)])
}

// PercentileRank is the share of values below v, counting ties as half:
// 100·(below + equal/2)/n (the "mid-rank" percentile). A value above every
// comparable is near 100, the median is 50. It returns false when empty.
func PercentileRank(values []float64, v float64) (float64, bool) {
	if len(values) == 0 {
		return 0, false
	}
	below, equal := 0, 0
	for _, x := range values {
		switch {
		case x < v:
			below++
		case x == v:
			equal++
		}
	}
	return 100 * (float64(below) + float64(equal)/2) / float64(len(values)), true
}

// Mean returns the arithmetic mean, false when empty.
func Mean(values []float64) (float64, bool) {
	if len(values) == 0 {
		return 0, false
	}
	s := 0.0
	for _, v := range values {
		s += v
	}
	return s / float64(len(values)), true
}
