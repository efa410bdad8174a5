package report

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

// With a market imported from Inside Airbnb's summary format, the report
// compares on the bedrooms read from the listing names and never counts
// the summary's text-less reviews as review texts.
func TestSummaryFormatMarket(t *testing.T) {
	ctx := context.Background()
	db, err := market.Open(ctx, filepath.Join(t.TempDir(), "market.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := market.Import(ctx, db, "../market/testdata/summary-format",
		market.WithName("Summerville, New York, United States"), market.WithSnapshot("2025-06-01")); err != nil {
		t.Fatal(err)
	}
	l := &listing.Listing{Platform: listing.Airbnb, ID: "7001", URL: "https://www.airbnb.com/rooms/7001",
		Title: "Sunny 2BR flat downtown", Description: "A bright flat.", RoomType: "Entire home/apt", Bedrooms: 2, Capacity: 4,
		Location: listing.Location{City: "Summerville", Lat: 42.65, Lng: -73.75},
		Sources: map[string]string{listing.FieldTitle: listing.SourceEmbedded, listing.FieldDescription: listing.SourceEmbedded,
			listing.FieldRoomType: listing.SourceEmbedded, listing.FieldBedrooms: listing.SourceEmbedded, listing.FieldCoordinates: listing.SourceEmbedded}}
	r, err := Generate(ctx, Input{Listing: l, Plan: domain.PlanPremium, Market: db})
	if err != nil {
		t.Fatal(err)
	}
	var reviews string
	for _, ds := range r.DataSources {
		if ds.Name == "Reviews" {
			reviews = ds.Detail
		}
	}
	if !strings.HasPrefix(reviews, "0 review texts and 3 review dates without text") {
		t.Errorf("reviews data source %q; want the dates not counted as texts", reviews)
	}
	if strings.Contains(reviews, "3 review texts") {
		t.Errorf("text-less reviews counted as texts: %q", reviews)
	}
}
