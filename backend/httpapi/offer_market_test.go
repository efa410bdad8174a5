package httpapi

import (
	"context"
	"fmt"
	"math"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/market"
)

// lisbonMarket is a market snapshot covering only the Lisbon fixture's
// neighbourhood (as the imported snapshots cover their own cities): 20
// comparable entire homes with prices and Inside Airbnb's occupancy
// estimates, so a report on the Lisbon fixture has market analytics and
// revenue in money (Premium delivers its list), and a listing elsewhere
// (Athens, Destin, Kyoto) has none.
type lisbonMarket struct{}

const lisbonLat, lisbonLng = 38.71139, -9.12957

func (lisbonMarket) Comparables(_ context.Context, q market.Query) (*market.Comparables, error) {
	if math.Abs(q.Lat-lisbonLat) > 0.2 || math.Abs(q.Lng-lisbonLng) > 0.2 {
		return nil, market.ErrNoMarket
	}
	// Named in a US-dollar country: the fixture page shows its price in USD (the guest's
	// currency), and a snapshot's currency is its country's (market.CurrencyOf).
	c := &market.Comparables{Market: "Lisbon test market, United States", Snapshot: "2026-09-20"}
	for i := range 20 {
		c.Listings = append(c.Listings, market.Listing{ID: fmt.Sprint(9000 + i), Lat: q.Lat + float64(i)*0.001, Lng: q.Lng,
			RoomType: "Entire home/apt", Bedrooms: 2, Price: float64(90 + 3*i), EstimatedOccupancyNights: 150 + 5*i})
	}
	return c, nil
}
func (lisbonMarket) Listing(context.Context, string) (*market.Listing, error) {
	return nil, domain.Errorf(domain.CodeNotFound, "not in the data")
}
func (lisbonMarket) Calendar(context.Context, string) ([]market.CalendarDay, error) { return nil, nil }
func (lisbonMarket) Reviews(context.Context, string, int) ([]market.Review, error) {
	return nil, nil
}
