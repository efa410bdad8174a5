package analysis

import (
	"reflect"
	"testing"
)

func TestDistribute(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	tests := []struct {
		name   string
		values []float64
		self   *float64
		want   *Distribution
	}{
		{"too few to describe", []float64{1, 2, 3, 4}, f(2), nil},
		{"empty", nil, nil, nil},
		// 10…50 (type 7): p25 = 20, p50 = 30, p75 = 40; 30 has 2 below and
		// 1 equal of 5: (2 + 0.5)/5 = 50.
		{"odd count, listing at the median", []float64{50, 10, 40, 20, 30}, f(30),
			&Distribution{Comparables: 5, P25: 20, P50: 30, P75: 40, Listing: f(30), ListingPercentile: f(50), Position: "within"}},
		// 1…8: h = 0.25·7 = 1.75 → 2 + 0.75 = 2.75; median 4.5; 6.25.
		{"even count interpolates", []float64{8, 7, 6, 5, 4, 3, 2, 1}, nil,
			&Distribution{Comparables: 8, P25: 2.75, P50: 4.5, P75: 6.25}},
		{"below the middle half", []float64{10, 20, 30, 40, 50}, f(5),
			&Distribution{Comparables: 5, P25: 20, P50: 30, P75: 40, Listing: f(5), ListingPercentile: f(0), Position: "below"}},
		// 45 has 4 of 5 below: 80.
		{"above the middle half", []float64{10, 20, 30, 40, 50}, f(45),
			&Distribution{Comparables: 5, P25: 20, P50: 30, P75: 40, Listing: f(45), ListingPercentile: f(80), Position: "above"}},
		{"on the 75th percentile is within", []float64{10, 20, 30, 40, 50}, f(40),
			&Distribution{Comparables: 5, P25: 20, P50: 30, P75: 40, Listing: f(40), ListingPercentile: f(70), Position: "within"}},
		// Ties count half: 2 below, 3 equal of 6 → (2 + 1.5)/6 = 58.33 → 58.3.
		{"ties count half, percentile to one decimal", []float64{1, 2, 3, 3, 3, 9}, f(3),
			&Distribution{Comparables: 6, P25: 2.25, P50: 3, P75: 3, Listing: f(3), ListingPercentile: f(58.3), Position: "within"}},
		// Quartiles are rounded to cents: 1/3 steps.
		{"rounded to cents", []float64{0, 1.0 / 3, 2.0 / 3, 1, 4.0 / 3}, nil,
			&Distribution{Comparables: 5, P25: 0.33, P50: 0.67, P75: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Distribute(tt.values, tt.self)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Distribute(%v, %v)\n got %+v\nwant %+v", tt.values, tt.self, got, tt.want)
			}
		})
	}
}

func TestDistributeDoesNotChangeItsInput(t *testing.T) {
	values := []float64{5, 1, 4, 2, 3}
	Distribute(values, nil)
	if !reflect.DeepEqual(values, []float64{5, 1, 4, 2, 3}) {
		t.Errorf("values reordered: %v", values)
	}
}
