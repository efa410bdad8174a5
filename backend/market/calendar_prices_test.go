package market

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/market/markettest"
)

// TestCalendarPrices counts the listings whose calendar prices vary, on
// calendars written by hand.
func TestCalendarPrices(t *testing.T) {
	tests := []struct {
		name string
		rows []string // listing,date,available,price
		want CalendarPrices
		flat bool
	}{
		{"one flat price each", []string{"101,2024-12-30,f,$100.00", "101,2024-12-31,t,$100.00", "105,2024-12-30,t,$80.00", "105,2024-12-31,t,$80.00"},
			CalendarPrices{Priced: 2}, true},
		{"one listing charges more on one night", []string{"101,2024-12-30,f,$100.00", "101,2024-12-31,t,$120.00", "105,2024-12-30,t,$80.00"},
			CalendarPrices{Priced: 2, Varying: 1}, false},
		{"unpriced nights do not count as a second price", []string{"101,2024-12-30,f,$100.00", "101,2024-12-31,t,", "105,2024-12-30,t,"},
			CalendarPrices{Priced: 1}, true},
		{"no prices at all (2025 snapshots) is not flat: there is nothing to read", []string{"101,2024-12-30,f,", "105,2024-12-30,t,"},
			CalendarPrices{}, false},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			db, _ := openTestDB(t)
			dir := filepath.Join(t.TempDir(), "insideairbnb-testville-pa-2024-12-30")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			copyFile(t, filepath.Join(fixtureDir, "listings.csv"), filepath.Join(dir, "listings.csv"), false)
			var cal strings.Builder
			cal.WriteString("listing_id,date,available,price,adjusted_price,minimum_nights,maximum_nights\n")
			for _, r := range tt.rows {
				fmt.Fprintf(&cal, "%s,,1,30\n", r)
			}
			if err := os.WriteFile(filepath.Join(dir, "calendar.csv"), []byte(cal.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			stats := importFixture(t, db, dir)
			got, err := db.CalendarPrices(ctx, stats.Market, stats.Snapshot)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want || got.Flat() != tt.flat {
				t.Errorf("case %d: got %+v (flat %v), want %+v (flat %v)", i, got, got.Flat(), tt.want, tt.flat)
			}
			// The cached answer is the same.
			if again, err := db.CalendarPrices(ctx, stats.Market, stats.Snapshot); err != nil || again != got {
				t.Errorf("second call %+v, %v", again, err)
			}
			if _, err := db.CalendarPrices(ctx, "Nowhere", stats.Snapshot); !errors.Is(err, ErrNoMarket) {
				t.Errorf("unknown market: %v, want ErrNoMarket", err)
			}
		})
	}
}

// TestCalendarPricesRealSnapshots: Antwerp's 2,870 calendars each carry one
// flat price all year; Albany's 2025 calendar lists no prices, so it is not
// called flat either (there is nothing to read, and nothing is advised from
// it).
func TestCalendarPricesRealSnapshots(t *testing.T) {
	markettest.WholeSnapshot(t)
	albany := markettest.AlbanyDir(t)
	for _, tt := range []struct {
		dir  string
		flat bool
		want func(CalendarPrices) bool
	}{
		{filepath.Join(filepath.Dir(albany), "insideairbnb-antwerp-2024-06-29"), true, func(p CalendarPrices) bool { return p.Priced == 2870 && p.Varying == 0 }},
		{albany, false, func(p CalendarPrices) bool { return !p.Flat() }},
	} {
		t.Run(filepath.Base(tt.dir), func(t *testing.T) {
			if _, err := os.Stat(tt.dir); err != nil {
				t.Skipf("SKIP: the shared snapshot %s is not on this machine (tests read ../shared/data): %v", filepath.Base(tt.dir), err)
			}
			ctx := context.Background()
			db, _ := openTestDB(t)
			stats, err := Import(ctx, db, tt.dir)
			if err != nil {
				t.Fatal(err)
			}
			got, err := db.CalendarPrices(ctx, stats.Market, stats.Snapshot)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %+v", stats.Market, got)
			if got.Flat() != tt.flat || !tt.want(got) {
				t.Errorf("%s: %+v, flat %v", stats.Market, got, got.Flat())
			}
		})
	}
}
