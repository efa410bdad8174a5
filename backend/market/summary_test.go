package market

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Inside Airbnb's summary format: a folder without a date imports once the
// date is given; bedrooms are read from the listing names, so comparables
// still match on them; a damaged id is skipped with its reason; reviews
// without text are kept as dates with empty text.
func TestImportSummaryFormat(t *testing.T) {
	ctx := context.Background()
	db, _ := openTestDB(t)
	dir := "testdata/summary-format"
	if _, err := Import(ctx, db, dir, WithName("Summerville, New York, United States")); err == nil || !strings.Contains(err.Error(), "--snapshot YYYY-MM-DD") {
		t.Fatalf("import without a date: %v; want the --snapshot advice", err)
	}
	stats, err := Import(ctx, db, dir, WithName("Summerville, New York, United States"), WithSnapshot("2025-06-01"))
	if err != nil {
		t.Fatal(err)
	}
	if stats.Snapshot != "2025-06-01" || stats.Listings != 5 || stats.Reviews != 4 || stats.SkippedRows != 1 ||
		stats.Skipped["listing with an id that is not a whole number (a spreadsheet may have turned it into 4.98554E+17)"] != 1 {
		t.Fatalf("stats %+v", stats)
	}
	c, err := db.Comparables(ctx, Query{Lat: 42.65, Lng: -73.75, RoomType: "Entire home/apt", Bedrooms: 2, Guests: 4})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range c.Listings {
		ids = append(ids, l.ID)
	}
	// 1–3 bedrooms from the names: 7001 (2), 7002 (3), 7004 (1); not the studio 7003, nor the private room.
	if c.Basis != BasisBedrooms || strings.Join(ids, ",") != "7001,7002,7004" {
		t.Errorf("comparables %v basis %q; want 7001,7002,7004 on bedrooms", ids, c.Basis)
	}
	revs, err := db.Reviews(ctx, "7001", 0)
	if err != nil || len(revs) != 3 || revs[0].Text != "" {
		t.Errorf("reviews of 7001: %+v %v", revs, err)
	}
}

// Without bedroom counts anywhere, comparables match on capacity when the
// data has it, else on room type alone, and say which.
func TestComparablesBasisFollowsTheData(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, header, rows, basis string
	}{
		{"guests", "id,latitude,longitude,room_type,accommodates\n", "1,42.65,-73.75,Entire home/apt,4\n2,42.651,-73.751,Entire home/apt,8\n3,42.652,-73.752,Entire home/apt,5\n", BasisGuests},
		{"room type", "id,latitude,longitude,room_type\n", "1,42.65,-73.75,Entire home/apt\n2,42.651,-73.751,Entire home/apt\n", BasisRoomType},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "listings.csv"), []byte(tc.header+tc.rows), 0o644); err != nil {
				t.Fatal(err)
			}
			db, _ := openTestDB(t)
			if _, err := Import(ctx, db, dir, WithName("Testplace, New York, United States"), WithSnapshot("2025-01-01")); err != nil {
				t.Fatal(err)
			}
			c, err := db.Comparables(ctx, Query{Lat: 42.65, Lng: -73.75, RoomType: "Entire home/apt", Bedrooms: 2, Guests: 4})
			if err != nil {
				t.Fatal(err)
			}
			if c.Basis != tc.basis {
				t.Errorf("basis %q, want %q", c.Basis, tc.basis)
			}
			if tc.basis == BasisGuests && (len(c.Listings) != 2 || c.MinGuests != 3 || c.MaxGuests != 5) {
				t.Errorf("on guests: %d listings, %d–%d guests; want 2 within 3–5", len(c.Listings), c.MinGuests, c.MaxGuests)
			}
		})
	}
}
