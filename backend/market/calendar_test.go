package market

import (
	"context"
	"errors"
	"fmt"
	"github.com/listinglift/listinglift/backend/sqlitedb"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestCalendarMonthsFixture sums the Testville calendar: 101 has
// 2024-01-02 (not available, no price) and 2024-01-03 (available, $150);
// 102 has 2024-01-02 (available, $1,000); the other listings have none.
func TestCalendarMonthsFixture(t *testing.T) {
	ctx := context.Background()
	db, _ := openTestDB(t)
	stats := importFixture(t, db, fixtureDir)
	jan := func(listings, nights, unavailable, priced int, median float64, pricedListings int, first string) CalendarMonth {
		return CalendarMonth{Month: "2024-01", First: first, Last: "2024-01-03", Listings: listings, Nights: nights,
			Unavailable: unavailable, Priced: priced, MedianPrice: median, PricedListings: pricedListings}
	}
	tests := []struct {
		name string
		ids  []string
		want []CalendarMonth
	}{
		{"two listings: the median of $150 and $1,000", []string{"101", "102"}, []CalendarMonth{jan(2, 3, 1, 2, 575, 2, "2024-01-02")}},
		{"one listing", []string{"101"}, []CalendarMonth{jan(1, 2, 1, 1, 150, 1, "2024-01-02")}},
		{"repeated, unknown and malformed ids are ignored", []string{"101", " 101", "999", "abc", "", "-5"}, []CalendarMonth{jan(1, 2, 1, 1, 150, 1, "2024-01-02")}},
		{"listings without a calendar", []string{"105", "106"}, []CalendarMonth{}},
		{"no ids", nil, []CalendarMonth{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := db.CalendarMonths(ctx, stats.Market, stats.Snapshot, tt.ids)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
	for _, m := range []struct{ name, snapshot string }{{"Nowhere", stats.Snapshot}, {stats.Market, "2023-01-01"}} {
		if _, err := db.CalendarMonths(ctx, m.name, m.snapshot, []string{"101"}); !errors.Is(err, ErrNoMarket) {
			t.Errorf("CalendarMonths(%q, %q) error = %v, want ErrNoMarket", m.name, m.snapshot, err)
		}
	}
}

// TestCalendarMonthsBuckets imports a snapshot whose calendar crosses month
// and year boundaries and checks every sum and median by hand.
func TestCalendarMonthsBuckets(t *testing.T) {
	ctx := context.Background()
	db, _ := openTestDB(t)
	dir := filepath.Join(t.TempDir(), "insideairbnb-testville-pa-2024-12-30")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join(fixtureDir, "listings.csv"), filepath.Join(dir, "listings.csv"), false)
	var cal strings.Builder
	cal.WriteString("listing_id,date,available,price,adjusted_price,minimum_nights,maximum_nights\n")
	row := func(id int, date, avail, price string) {
		fmt.Fprintf(&cal, "%d,%s,%s,%s,,1,30\n", id, date, avail, price)
	}
	// 101: 2024-12-30 and -31 booked at $100 and $200; January 1–3 open at
	// $300 except the 2nd, unpriced.
	row(101, "2024-12-30", "f", "$100.00")
	row(101, "2024-12-31", "f", "$200.00")
	row(101, "2025-01-01", "t", "$300.00")
	row(101, "2025-01-02", "t", "")
	row(101, "2025-01-03", "t", "$300.00")
	// 105: 2024-12-31 open at $50; 2025-01-31 and 2025-02-01 blocked, unpriced.
	row(105, "2024-12-31", "t", "$50.00")
	row(105, "2025-01-31", "f", "")
	row(105, "2025-02-01", "f", "")
	// 108: 2024-12-31 booked at $400, January 5 booked at $90.
	row(108, "2024-12-31", "f", "$400.00")
	row(108, "2025-01-05", "f", "$90.00")
	if err := os.WriteFile(filepath.Join(dir, "calendar.csv"), []byte(cal.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	stats := importFixture(t, db, dir)
	if stats.Snapshot != "2024-12-30" || stats.CalendarDays != 10 {
		t.Fatalf("stats = %+v", stats)
	}

	got, err := db.CalendarMonths(ctx, stats.Market, stats.Snapshot, []string{"101", "105", "108"})
	if err != nil {
		t.Fatal(err)
	}
	want := []CalendarMonth{
		// December: 101 averages $150, 105 $50, 108 $400 → the middle one.
		{Month: "2024-12", First: "2024-12-30", Last: "2024-12-31", Listings: 3, Nights: 4, Unavailable: 3, Priced: 4, MedianPrice: 150, PricedListings: 3},
		// January: 101 averages $300 over its 2 priced nights, 108 $90; 105
		// prices nothing → the mean of the middle two.
		{Month: "2025-01", First: "2025-01-01", Last: "2025-01-31", Listings: 3, Nights: 5, Unavailable: 2, Priced: 3, MedianPrice: 195, PricedListings: 2},
		// February: no prices.
		{Month: "2025-02", First: "2025-02-01", Last: "2025-02-01", Listings: 1, Nights: 1, Unavailable: 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n %+v\nwant\n %+v", got, want)
	}

	// One listing: its own average.
	got, err = db.CalendarMonths(ctx, stats.Market, stats.Snapshot, []string{"108"})
	if err != nil || len(got) != 2 || got[0].MedianPrice != 400 || got[1].MedianPrice != 90 || got[1].Listings != 1 {
		t.Errorf("108 alone = %+v, %v", got, err)
	}
}

// TestCalendarMonthsMigrationBackfills: a database imported before
// calendar_months existed gets it filled when it is opened.
func TestCalendarMonthsMigrationBackfills(t *testing.T) {
	ctx := context.Background()
	db, path := openTestDB(t)
	stats := importFixture(t, db, fixtureDir)
	want, err := db.CalendarMonths(ctx, stats.Market, stats.Snapshot, []string{"101", "102"})
	if err != nil {
		t.Fatal(err)
	}
	// Back to the schema before migration 2.
	if _, err := db.sql.ExecContext(ctx, `DROP TABLE calendar_months; DELETE FROM schema_migrations WHERE version = 2`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := db.CalendarMonths(ctx, stats.Market, stats.Snapshot, []string{"101", "102"})
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("after the migration: %+v, %v; want %+v", got, err, want)
	}
}

// TestCalendarMonthsPlan holds the query to index searches: json_each is
// the only table scanned (listings and calendar_months are searched by
// index), and the raw calendar is not read at all.
func TestCalendarMonthsPlan(t *testing.T) {
	db, _ := openTestDB(t)
	importFixture(t, db, fixtureDir)
	plan, err := sqlitedb.QueryPlan(context.Background(), db.sql, `SELECT cm.month, COUNT(*) FROM `+selectedMonths+` GROUP BY cm.month`, 1, "[101]")
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(plan, "\n")
	for _, want := range []string{"SEARCH l USING COVERING INDEX listings_id_market", "SEARCH cm USING PRIMARY KEY (listing_ref=?)"} {
		if !strings.Contains(all, want) {
			t.Errorf("plan lacks %q:\n%s", want, all)
		}
	}
	for _, line := range plan {
		if strings.HasPrefix(line, "SCAN") && !strings.Contains(line, "VIRTUAL TABLE") || strings.Contains(line, "calendar ") {
			t.Errorf("plan step %q", line)
		}
	}
}

// BenchmarkCalendarMonths sums the calendars of a known Albany listing's
// comparables (about 300) by month.
func BenchmarkCalendarMonths(b *testing.B) {
	dir := albanyDir(b)
	ctx := context.Background()
	db, _ := openTestDB(b)
	if _, err := Import(ctx, db, dir); err != nil {
		b.Fatal(err)
	}
	self, err := db.Listing(ctx, albanyListing)
	if err != nil {
		b.Fatal(err)
	}
	c, err := db.Comparables(ctx, Query{Lat: self.Lat, Lng: self.Lng, RoomType: self.RoomType, Bedrooms: self.Bedrooms, ExcludeID: self.ID})
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]string, len(c.Listings))
	for i, l := range c.Listings {
		ids[i] = l.ID
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := db.CalendarMonths(ctx, c.Market, c.Snapshot, ids); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(ids)), "listings")
}
