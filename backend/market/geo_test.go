package market

import (
	"errors"
	"math"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
)

func TestHaversineKm(t *testing.T) {
	tests := []struct {
		name                   string
		lat1, lng1, lat2, lng2 float64
		want, tolerance        float64
	}{
		{"same point", 42.65, -73.75, 42.65, -73.75, 0, 1e-9},
		{"one degree of latitude", 0, 0, 1, 0, 111.19, 0.01},
		{"one degree of longitude at the equator", 0, 0, 0, 1, 111.19, 0.01},
		{"Albany to New York City", 42.6526, -73.7562, 40.7128, -74.0060, 216.6, 1},
		{"Paris to London", 48.8566, 2.3522, 51.5074, -0.1278, 343.5, 1},
		{"antipodes", 0, 0, 0, 180, math.Pi * earthRadiusKm, 0.01},
	}
	for _, tt := range tests {
		if got := haversineKm(tt.lat1, tt.lng1, tt.lat2, tt.lng2); math.Abs(got-tt.want) > tt.tolerance {
			t.Errorf("%s: %.3f km, want %.3f ± %.3f", tt.name, got, tt.want, tt.tolerance)
		}
	}
}

// TestAroundHoldsTheRadius checks the prefilter box never cuts off a point
// within the radius: points on the circle of radius km, all round it, lie
// inside the box.
func TestAroundHoldsTheRadius(t *testing.T) {
	const km = 15
	for _, lat := range []float64{0, 42.65, -33.9, 64.1, 80, 89.9} {
		b := around(lat, 10, km)
		for bearing := 0.0; bearing < 360; bearing += 0.5 {
			pLat, pLng := destination(lat, 10, bearing, km)
			if pLat < b.MinLat-1e-9 || pLat > b.MaxLat+1e-9 || pLng < b.MinLng-1e-9 || pLng > b.MaxLng+1e-9 {
				t.Errorf("lat %v: the point %v km away at bearing %v° (%.6f, %.6f) is outside the box %+v",
					lat, km, bearing, pLat, pLng, b)
			}
		}
	}
}

// destination is the point km from (lat, lng) along the initial bearing.
func destination(lat, lng, bearing, km float64) (float64, float64) {
	const rad = math.Pi / 180
	r, φ, λ, θ := km/earthRadiusKm, lat*rad, lng*rad, bearing*rad
	φ2 := math.Asin(math.Sin(φ)*math.Cos(r) + math.Cos(φ)*math.Sin(r)*math.Cos(θ))
	λ2 := λ + math.Atan2(math.Sin(θ)*math.Sin(r)*math.Cos(φ), math.Cos(r)-math.Sin(φ)*math.Sin(φ2))
	return φ2 / rad, λ2 / rad
}

func TestQueryNormalized(t *testing.T) {
	tests := []struct {
		name    string
		in      Query
		want    Query
		invalid bool
	}{
		{"defaults", Query{Lat: 42, Lng: -73, RoomType: "Entire place", Bedrooms: 2},
			Query{Lat: 42, Lng: -73, RoomType: RoomEntire, Bedrooms: 2, BedroomSlack: 1, RadiusKm: 15}, false},
		{"explicit", Query{Lat: 42, Lng: -73, RoomType: RoomPrivate, BedroomSlack: 2, RadiusKm: 5},
			Query{Lat: 42, Lng: -73, RoomType: RoomPrivate, BedroomSlack: 2, RadiusKm: 5}, false},
		{"exact bedrooms", Query{Lat: 42, Lng: -73, RoomType: RoomEntire, Bedrooms: 3, BedroomSlack: -1},
			Query{Lat: 42, Lng: -73, RoomType: RoomEntire, Bedrooms: 3, BedroomSlack: 0, RadiusKm: 15}, false},
		{"NaN radius", Query{Lat: 42, Lng: -73, RoomType: RoomEntire, RadiusKm: math.NaN()},
			Query{Lat: 42, Lng: -73, RoomType: RoomEntire, BedroomSlack: 1, RadiusKm: 15}, false},
		{"no room type", Query{Lat: 42, Lng: -73}, Query{}, true},
		{"latitude out of range", Query{Lat: 91, Lng: -73, RoomType: RoomEntire}, Query{}, true},
		{"NaN longitude", Query{Lat: 42, Lng: math.NaN(), RoomType: RoomEntire}, Query{}, true},
		{"negative bedrooms", Query{Lat: 42, Lng: -73, RoomType: RoomEntire, Bedrooms: -1}, Query{}, true},
	}
	for _, tt := range tests {
		got, err := tt.in.normalized()
		if tt.invalid {
			var de *domain.Error
			if !errors.As(err, &de) || de.Code != domain.CodeInvalid {
				t.Errorf("%s: error %v, want a domain invalid error", tt.name, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s: %+v, %v; want %+v", tt.name, got, err, tt.want)
		}
	}
}
