package market

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// The fixture's expected outcome, worked out by hand from testdata (see
// the comments in each row's test below).
var fixtureWant = ImportStats{
	Market:   "Testville, Pennsylvania, United States",
	Snapshot: "2024-01-02",
	Currency: "USD", // the name's country: Testville lies in no catalogued area
	Listings: 6,     // 101, 102, 105, 106, 107, 108
	// 2 calendar days of 101 and 1 of 102
	CalendarDays: 3,
	Reviews:      3,
	// listings: 103 (no latitude), 101 again, 104 (no room type), 109 (short
	// row); calendar: a repeated day, a bad date, listing 999, "maybe";
	// reviews: listing 999, no date
	SkippedRows: 10,
	Skipped: map[string]int{
		"listing without valid coordinates": 2, "listing listed twice": 1, "listing without a known room type": 1,
		"calendar day listed twice": 1, "calendar day with a bad date or availability": 2, "calendar day of a listing not in listings": 1,
		"review of a listing not in listings": 1, "review with a bad date": 1,
	},
	// 102's price "call me", 105's pre-2021 amenities
	BadCells: 2,
}

func importFixture(t *testing.T, db *DB, dir string, opts ...ImportOption) ImportStats {
	t.Helper()
	stats, err := Import(context.Background(), db, dir, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return stats
}

// sameCounts compares everything but the files read and the duration.
func sameCounts(t *testing.T, got, want ImportStats) {
	t.Helper()
	got.Files, got.Duration, want.Files, want.Duration = nil, 0, nil, 0
	if !reflect.DeepEqual(got, want) {
		t.Errorf("stats\n got %+v\nwant %+v", got, want)
	}
}

func TestImportFixture(t *testing.T) {
	ctx := context.Background()
	db, path := openTestDB(t)
	stats := importFixture(t, db, fixtureDir)
	sameCounts(t, stats, fixtureWant)
	if want := []string{"listings.csv", "calendar.csv", "reviews.csv"}; !reflect.DeepEqual(stats.Files, want) {
		t.Errorf("files = %q, want %q", stats.Files, want)
	}
	if stats.Duration <= 0 {
		t.Errorf("duration = %v", stats.Duration)
	}

	t.Run("listing fields", func(t *testing.T) {
		got, err := db.Listing(ctx, "101")
		if err != nil {
			t.Fatal(err)
		}
		want := &Listing{
			ID: "101", Name: "Cozy loft, \"downtown\"\nwith a view", Neighborhood: "Old Town",
			Lat: 40, Lng: -75, PropertyType: "Entire loft", RoomType: RoomEntire,
			Accommodates: 4, Bedrooms: 2, Beds: 2, Baths: 1.5, Price: 1234,
			Amenities: []string{"Wifi", "Hot tub", "Chef’s kitchen"},
			Rating:    4.9, Cleanliness: 5, ReviewCount: 3, Superhost: true,
			EstimatedOccupancyNights: 120, EstimatedRevenue: 148080, Availability365: 200,
			MinimumNights: 2, InstantBookable: true, ResponseRate: 98, AcceptanceRate: 0,
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("listing 101\n got %+v\nwant %+v", got, want)
		}
		// A bad price, a half bath from bathrooms_text, an unknown bedroom count.
		got, err = db.Listing(ctx, "102")
		if err != nil {
			t.Fatal(err)
		}
		if got.Price != 0 || got.Baths != 0.5 || got.Bedrooms != -1 || got.RoomType != RoomPrivate ||
			got.ResponseRate != 100 || got.AcceptanceRate != 87 || got.Superhost || len(got.Amenities) != 0 {
			t.Errorf("listing 102 = %+v", got)
		}
		if l, err := db.Listing(ctx, "105"); err != nil || l.Amenities == nil || len(l.Amenities) != 0 {
			t.Errorf("listing 105 with unparseable amenities = %+v, %v; want an empty list", l, err)
		}
	})

	t.Run("not in the data", func(t *testing.T) {
		for _, id := range []string{"103", "999", "", "abc"} {
			if _, err := db.Listing(ctx, id); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("Listing(%q) error = %v, want ErrNotFound", id, err)
			}
			if _, err := db.Calendar(ctx, id); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("Calendar(%q) error = %v, want ErrNotFound", id, err)
			}
			if _, err := db.Reviews(ctx, id, 0); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("Reviews(%q) error = %v, want ErrNotFound", id, err)
			}
		}
	})

	t.Run("calendar in date order", func(t *testing.T) {
		days, err := db.Calendar(ctx, "101")
		if err != nil {
			t.Fatal(err)
		}
		if len(days) != 2 || days[0].Date != "2024-01-02" || days[0].Available || days[0].Price != nil ||
			days[1].Date != "2024-01-03" || !days[1].Available || days[1].MinNights != 2 ||
			days[1].Price == nil || days[1].Price.Amount != 150 {
			t.Errorf("calendar 101 = %+v", days)
		}
		days, err = db.Calendar(ctx, "106")
		if err != nil || days == nil || len(days) != 0 {
			t.Errorf("calendar of a listing without days = %#v, %v; want an empty list", days, err)
		}
	})

	t.Run("reviews newest first without reviewers", func(t *testing.T) {
		reviews, err := db.Reviews(ctx, "101", 0)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range reviews {
			got = append(got, r.Date+" "+r.Language+" "+r.Text)
		}
		want := []string{
			"2024-01-01 en Second review of the same day.",
			"2024-01-01 en Lovely loft.\nGreat host, \"highly\" recommend!",
			"2023-06-01 fr Séjour parfait, très propre et bien situé. Merci pour tout !",
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("reviews\n got %q\nwant %q", got, want)
		}
		if two, err := db.Reviews(ctx, "101", 2); err != nil || len(two) != 2 || two[0] != reviews[0] {
			t.Errorf("Reviews(limit 2) = %+v, %v", two, err)
		}
		assertNoReviewers(t, db, path, "Zebulon Quixotic", "Marigold Fennimore", "Zebulon", "Fennimore")
	})

	t.Run("markets", func(t *testing.T) {
		ms, err := db.Markets(ctx)
		if err != nil || len(ms) != 1 {
			t.Fatalf("Markets = %+v, %v", ms, err)
		}
		m := ms[0]
		wantBounds := Bounds{MinLat: 40, MinLng: -75.002, MaxLat: 40.18, MaxLng: -75}
		if m.Name != fixtureWant.Market || m.Snapshot != "2024-01-02" || m.Bounds != wantBounds ||
			m.Listings != 6 || m.CalendarDays != 3 || m.Reviews != 3 || time.Since(m.ImportedAt) > time.Hour {
			t.Errorf("market = %+v", m)
		}
	})
}

// assertNoReviewers checks the schema has no reviewer column and that none
// of names occurs anywhere in the database's bytes.
func assertNoReviewers(t *testing.T, db *DB, path string, names ...string) {
	t.Helper()
	rows, err := db.sql.Query(`SELECT m.name || '.' || p.name FROM sqlite_schema m, pragma_table_info(m.name) p WHERE m.type = 'table'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var col string
		if err := rows.Scan(&col); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(strings.ToLower(col), "reviewer") {
			t.Errorf("column %s stores reviewers", col)
		}
	}
	data := dbBytes(t, path)
	for _, n := range names {
		if bytes.Contains(data, []byte(n)) {
			t.Errorf("reviewer name %q is in the database file", n)
		}
	}
}

func TestImportGzip(t *testing.T) {
	tests := []struct {
		name string
		ext  string // file name extension
		gz   bool   // content gzipped
	}{
		{"gzip by name", ".csv.gz", true},
		{"gzip by magic bytes", ".csv", true},
		{"plain", ".csv", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), filepath.Base(fixtureDir))
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{"listings", "calendar", "reviews"} {
				copyFile(t, filepath.Join(fixtureDir, f+".csv"), filepath.Join(dir, f+tt.ext), tt.gz)
			}
			db, _ := openTestDB(t)
			sameCounts(t, importFixture(t, db, dir), fixtureWant)
		})
	}
}

// TestImportPrefersDetailedFiles: Inside Airbnb publishes a summary
// listings.csv beside the detailed listings.csv.gz; the .gz wins.
func TestImportPrefersDetailedFiles(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, filepath.Join(fixtureDir, "listings.csv"), filepath.Join(dir, "listings.csv.gz"), true)
	if err := os.WriteFile(filepath.Join(dir, "listings.csv"), []byte("id,name\n1,summary\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	db, _ := openTestDB(t)
	stats := importFixture(t, db, dir, WithName("Testville, Pennsylvania, United States"))
	if stats.Listings != fixtureWant.Listings || !reflect.DeepEqual(stats.Files, []string{"listings.csv.gz"}) {
		t.Errorf("stats = %+v", stats)
	}
}

func TestImportNamesAndSnapshot(t *testing.T) {
	ctx := context.Background()
	// No date in the folder name: the snapshot is the earliest last_scraped
	// of an imported listing.
	dir := filepath.Join(t.TempDir(), "springfield-pa")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join(fixtureDir, "listings.csv"), filepath.Join(dir, "listings.csv"), false)

	tests := []struct {
		name               string
		opts               []ImportOption
		wantName, wantSnap string
	}{
		{"inferred", nil, "Springfield, Pennsylvania, United States", "2024-01-02"},
		{"overridden", []ImportOption{WithName("Springfield, Oregon, United States"), WithSnapshot("2024-02-01")},
			"Springfield, Oregon, United States", "2024-02-01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, _ := openTestDB(t)
			stats := importFixture(t, db, dir, tt.opts...)
			if stats.Market != tt.wantName || stats.Snapshot != tt.wantSnap || stats.CalendarDays != 0 || stats.Reviews != 0 {
				t.Errorf("stats = %+v; want %q at %s with no calendar or reviews", stats, tt.wantName, tt.wantSnap)
			}
		})
	}
	db, _ := openTestDB(t)
	if _, err := Import(ctx, db, dir, WithSnapshot("01/02/2024")); err == nil || !strings.Contains(err.Error(), "YYYY-MM-DD") {
		t.Errorf("bad WithSnapshot: error = %v", err)
	}
}

func TestImportErrors(t *testing.T) {
	tests := []struct {
		name  string
		dir   string
		files map[string]string // written into a temp dir when dir is ""
		want  []string          // substrings of the error
	}{
		{"missing required columns", "testdata/missing-columns", nil, []string{"missing required column(s) latitude, room_type"}},
		{"no listings file", "", map[string]string{"calendar.csv": "listing_id,date,available\n"}, []string{"listings", "no such file"}},
		{"empty listings file", "", map[string]string{"listings.csv": ""}, []string{"no header row"}},
		{"no usable listing", "", map[string]string{"listings.csv": "id,latitude,longitude,room_type\nx,1,2,Private room\n"}, []string{"no usable listings"}},
		{"calendar without dates", "", map[string]string{
			"listings.csv": "id,latitude,longitude,room_type,last_scraped\n1,40,-75,Private room,2024-01-01\n",
			"calendar.csv": "listing_id,available\n1,t\n",
		}, []string{"calendar.csv: missing required column(s) date"}},
		{"no snapshot date", "", map[string]string{"listings.csv": "id,latitude,longitude,room_type\n1,40,-75,Private room\n"}, []string{"--snapshot YYYY-MM-DD"}},
		// Outside every catalogued area, under a name with no country:
		// nothing says what its prices are in, and a report would print
		// them as bare figures.
		{"no currency", "", map[string]string{"listings.csv": "id,latitude,longitude,room_type,last_scraped\n1,40,-75,Private room,2024-01-01\n"},
			[]string{"currency", "outside every catalogued market", `"Somewhere"`, "--name"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tt.dir
			if dir == "" {
				dir = filepath.Join(t.TempDir(), "somewhere")
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				for name, body := range tt.files {
					if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			db, _ := openTestDB(t)
			_, err := Import(context.Background(), db, dir)
			if err == nil {
				t.Fatal("import succeeded")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if n := count(t, db, `SELECT count(*) FROM markets`) + count(t, db, `SELECT count(*) FROM listings`); n != 0 {
				t.Errorf("a failed import left %d rows", n)
			}
		})
	}
}

func TestReimportReplaces(t *testing.T) {
	db, _ := openTestDB(t)
	first := importFixture(t, db, fixtureDir, withBatchSize(2))
	second := importFixture(t, db, fixtureDir)
	sameCounts(t, second, first)
	for table, want := range map[string]int{"markets": 1, "listings": 6, "calendar": 3, "calendar_months": 2, "reviews": 3} {
		if n := count(t, db, `SELECT count(*) FROM `+table); n != want {
			t.Errorf("%s has %d rows after re-import, want %d", table, n, want)
		}
	}
}

// TestFailedReimportKeepsTheMarket breaks a re-import midway (a gzip
// calendar cut short, after the listings and several calendar batches are
// written) and checks queries still see the old snapshot, whole, and that
// nothing of the failed import is left.
func TestFailedReimportKeepsTheMarket(t *testing.T) {
	ctx := context.Background()
	db, _ := openTestDB(t)
	before := importFixture(t, db, fixtureDir)

	dir := t.TempDir()
	copyFile(t, filepath.Join(fixtureDir, "listings.csv"), filepath.Join(dir, "listings.csv"), false)
	var cal strings.Builder
	cal.WriteString("listing_id,date,available\n")
	day := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 40000 {
		fmt.Fprintf(&cal, "101,%s,%c\n", day.AddDate(0, 0, i).Format(time.DateOnly), "tf"[i%2])
	}
	gz := gzipBytes(t, []byte(cal.String()))
	if err := os.WriteFile(filepath.Join(dir, "calendar.csv.gz"), gz[:len(gz)/2], 0o644); err != nil {
		t.Fatal(err)
	}

	partial, err := Import(ctx, db, dir, WithName(before.Market), WithSnapshot("2024-06-01"), withBatchSize(100))
	if err == nil {
		t.Fatal("import of a truncated calendar succeeded")
	}
	if partial.CalendarDays < 1000 {
		t.Fatalf("the import failed after %d calendar days; the test needs it to fail after several batches", partial.CalendarDays)
	}
	ms, err := db.Markets(ctx)
	if err != nil || len(ms) != 1 || ms[0].Snapshot != before.Snapshot || ms[0].CalendarDays != before.CalendarDays {
		t.Errorf("markets after a failed re-import = %+v, %v; want the old snapshot", ms, err)
	}
	for table, want := range map[string]int{"markets": 1, "listings": 6, "calendar": 3, "calendar_months": 2, "reviews": 3} {
		if n := count(t, db, `SELECT count(*) FROM `+table); n != want {
			t.Errorf("%s has %d rows after a failed re-import, want %d", table, n, want)
		}
	}
	if days, err := db.Calendar(ctx, "101"); err != nil || len(days) != 2 {
		t.Errorf("calendar 101 = %d days, %v; want the old 2", len(days), err)
	}
}

func TestImportCancelled(t *testing.T) {
	db, _ := openTestDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Import(ctx, db, fixtureDir); !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v, want context.Canceled", err)
	}
	if n := count(t, db, `SELECT count(*) FROM markets`); n != 0 {
		t.Errorf("a cancelled import left %d markets", n)
	}
}

func TestOpenTwiceMigratesOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "market.db")
	files, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("migrations %q: %v", files, err)
	}
	for range 2 {
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, `SELECT count(*) FROM schema_migrations`); n != len(files) {
			t.Errorf("schema_migrations has %d rows, want %d", n, len(files))
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestMemoryDB(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sameCounts(t, importFixture(t, db, fixtureDir, withBatchSize(1)), fixtureWant)
	if _, err := db.Listing(ctx, "101"); err != nil {
		t.Error(err)
	}
}
