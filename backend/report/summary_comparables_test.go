package report

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market/markettest"
	"github.com/listinglift/listinglift/backend/numfmt"
)

// A listing placed in a summary-format market (Asheville, Zurich) that is
// itself in the data: the report compares it with every listing of its room
// type within 15 km — the data has no bedroom or guest counts, whatever one
// or two names saying "Studio" suggest — says so, and its "the listing
// itself is in the market data" line agrees with the count and names only
// the figures a summary row has.
func TestSummaryMarketComparables(t *testing.T) {
	for _, tc := range []struct {
		folder, name, snapshot, id string
		lat, lng                   float64
		want                       int    // from the market package's independent pass over the CSV
		currency, sign             string // Inside Airbnb's prices are the country's own currency
	}{
		{markettest.AshevilleName, "Asheville, North Carolina, United States", "2022-09-21", "108061", 35.6067, -82.55563, 1962, "USD", "$"},
		{markettest.ZurichName, "Zurich, Switzerland", "2024-09-27", "73282", 47.37167, 8.51948, 2272, "CHF", "CHF "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := markettest.SharedDir(t, tc.folder)
			ctx := context.Background()
			db := importListingsOnly(t, src, tc.name, tc.snapshot)
			l := &listing.Listing{Platform: listing.Airbnb, ID: tc.id, URL: "https://www.airbnb.com/rooms/" + tc.id,
				Title: "Bright 2-bedroom home", Description: "A bright home.", RoomType: "Entire home/apt", Bedrooms: 2, Capacity: 4,
				Location: listing.Location{Lat: tc.lat, Lng: tc.lng},
				Sources: map[string]string{listing.FieldTitle: listing.SourceEmbedded, listing.FieldDescription: listing.SourceEmbedded,
					listing.FieldRoomType: listing.SourceEmbedded, listing.FieldBedrooms: listing.SourceEmbedded, listing.FieldCoordinates: listing.SourceEmbedded}}
			r, err := Generate(ctx, Input{Listing: l, Plan: domain.PlanPremium, Market: db})
			if err != nil {
				t.Fatal(err)
			}
			m := r.MarketAnalysisData
			if m == nil || !m.Available || m.Comparables != tc.want {
				t.Fatalf("market analysis %+v; want %d comparables", m, tc.want)
			}
			if m.Currency != tc.currency {
				t.Errorf("market currency %q, want %q", m.Currency, tc.currency)
			}
			all, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			if tc.currency != "USD" && strings.Contains(string(all), "$") {
				t.Errorf("a %s market's report writes a figure in dollars", tc.currency)
			}
			if !strings.Contains(string(all), tc.sign) {
				t.Errorf("no figure of the report is written in %s (%q)", tc.currency, tc.sign)
			}
			if wantBasis := "Entire home/apt, within 15 km; the market data has no bedroom or guest counts for most listings"; m.Basis != wantBasis {
				t.Errorf("basis %q, want %q", m.Basis, wantBasis)
			}
			var self string
			for _, ds := range r.DataSources {
				if ds.Name == "Inside Airbnb (this listing)" {
					self = ds.Detail
				}
			}
			if want := "The listing itself is in the market data (Entire home/apt); it is not counted among its own comparables (" + numfmt.Thousands(tc.want) + " listings)"; !strings.HasPrefix(self, want) {
				t.Errorf("this listing's data source %q; want it to start %q", self, want)
			}
			if strings.Contains(self, "estimated occupancy and revenue") {
				t.Errorf("%q names estimates a summary file does not have", self)
			}

			// A page without a bedroom count, not itself in the data: the
			// match on room type does not need the count.
			other := *l
			other.ID, other.URL, other.Bedrooms, other.Sources = "", "", 0, map[string]string{listing.FieldRoomType: listing.SourceEmbedded, listing.FieldCoordinates: listing.SourceEmbedded}
			r, err = Generate(ctx, Input{Listing: &other, Plan: domain.PlanPremium, Market: db})
			if err != nil {
				t.Fatal(err)
			}
			if m := r.MarketAnalysisData; m == nil || !m.Available || m.Comparables != tc.want+1 {
				t.Errorf("without a bedroom count: market analysis %+v; want %d comparables (the listing's own row now counts)", m, tc.want+1)
			}
		})
	}
}
