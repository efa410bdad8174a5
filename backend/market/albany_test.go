package market

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/market/markettest"
)

// albanyListing is a known Albany listing: a 2-bedroom entire rental unit
// in the Third Ward with a price, 365 calendar days and reviews.
const albanyListing = "2992450"

// TestAlbany imports Inside Airbnb's Albany snapshot once and checks the
// importer and the queries against counts taken from the files themselves.
func TestAlbany(t *testing.T) {
	markettest.WholeSnapshot(t)
	dir := albanyDir(t)
	ctx := context.Background()
	db, path := openTestDB(t)
	stats, err := Import(ctx, db, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("imported %+v", stats)

	t.Run("counts match the files", func(t *testing.T) {
		want := ImportStats{
			Market:       "Albany, New York, United States",
			Snapshot:     "2025-10-05",
			Currency:     "USD",
			Listings:     countRows(t, filepath.Join(dir, "listings.csv.gz")),
			CalendarDays: countRows(t, filepath.Join(dir, "calendar.csv.gz")),
			Reviews:      countRows(t, filepath.Join(dir, "reviews.csv.gz")),
		}
		if want.Listings != 461 {
			t.Errorf("the listings file has %d rows; the data README says 461", want.Listings)
		}
		sameCounts(t, stats, want)
		for table, n := range map[string]int{"listings": want.Listings, "calendar": want.CalendarDays, "reviews": want.Reviews} {
			if got := count(t, db, `SELECT count(*) FROM `+table); got != n {
				t.Errorf("%s has %d rows, want %d", table, got, n)
			}
		}
	})

	t.Run("no reviewer names anywhere", func(t *testing.T) {
		assertNoReviewers(t, db, path, reviewerNames(t, dir, 25)...)
	})

	t.Run("comparables", func(t *testing.T) {
		self, err := db.Listing(ctx, albanyListing)
		if err != nil {
			t.Fatal(err)
		}
		if self.RoomType != RoomEntire || self.Bedrooms != 2 || self.Price != 93 {
			t.Fatalf("listing %s = %+v; the test expects a 2-bedroom entire home at $93", albanyListing, self)
		}
		c, err := db.Comparables(ctx, Query{
			Lat: self.Lat, Lng: self.Lng, RoomType: self.RoomType, Bedrooms: self.Bedrooms, ExcludeID: self.ID,
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Listings) == 0 {
			t.Fatal("no comparables")
		}
		var ids []string
		for i, l := range c.Listings {
			d := haversineKm(self.Lat, self.Lng, l.Lat, l.Lng)
			switch {
			case l.ID == self.ID:
				t.Errorf("the listing itself is among its comparables")
			case l.RoomType != self.RoomType:
				t.Errorf("%s: room type %q", l.ID, l.RoomType)
			case l.Bedrooms < 1 || l.Bedrooms > 3:
				t.Errorf("%s: %d bedrooms, want 1–3", l.ID, l.Bedrooms)
			case d > 15 || l.DistanceKm != d:
				t.Errorf("%s: %.3f km away (reported %.3f), want ≤ 15", l.ID, d, l.DistanceKm)
			case i > 0 && l.DistanceKm < c.Listings[i-1].DistanceKm:
				t.Errorf("%s: not nearest first", l.ID)
			}
			ids = append(ids, l.ID)
		}
		// Nothing the index prefilter dropped: the same filter run over the
		// raw file finds exactly the same listings.
		want := bruteForceComparables(t, dir, self)
		slices.Sort(ids)
		if !reflect.DeepEqual(ids, want) {
			t.Errorf("comparables differ from a scan of the file:\n got %d %v\nwant %d %v", len(ids), ids, len(want), want)
		}
		t.Logf("%d comparables within %.0f km, nearest %.2f km, farthest %.2f km",
			len(c.Listings), c.RadiusKm, c.Listings[0].DistanceKm, c.Listings[len(c.Listings)-1].DistanceKm)
	})

	t.Run("calendar months match the file", func(t *testing.T) {
		self, err := db.Listing(ctx, albanyListing)
		if err != nil {
			t.Fatal(err)
		}
		c, err := db.Comparables(ctx, Query{Lat: self.Lat, Lng: self.Lng, RoomType: self.RoomType, Bedrooms: self.Bedrooms, ExcludeID: self.ID})
		if err != nil {
			t.Fatal(err)
		}
		in := map[string]bool{}
		var ids []string
		for _, l := range c.Listings {
			in[l.ID] = true
			ids = append(ids, l.ID)
		}
		got, err := db.CalendarMonths(ctx, c.Market, c.Snapshot, ids)
		if err != nil {
			t.Fatal(err)
		}
		// The same sums over the raw file.
		byMonth := map[string]*CalendarMonth{}
		listings := map[string]map[string]bool{}
		readCSV(t, filepath.Join(dir, "calendar.csv.gz"), func(col map[string]int, rec []string) {
			id, date := rec[col["listing_id"]], rec[col["date"]]
			if !in[id] {
				return
			}
			m := byMonth[date[:7]]
			if m == nil {
				m = &CalendarMonth{Month: date[:7], First: date, Last: date}
				byMonth[date[:7]], listings[date[:7]] = m, map[string]bool{}
			}
			m.First, m.Last = min(m.First, date), max(m.Last, date)
			m.Nights++
			if rec[col["available"]] == "f" {
				m.Unavailable++
			}
			if rec[col["price"]] != "" {
				m.Priced++
			}
			listings[date[:7]][id] = true
		})
		want := []CalendarMonth{}
		for month, m := range byMonth {
			m.Listings = len(listings[month])
			want = append(want, *m)
		}
		sort.Slice(want, func(i, j int) bool { return want[i].Month < want[j].Month })
		if !reflect.DeepEqual(got, want) {
			t.Errorf("calendar months differ from the file:\n got %+v\nwant %+v", got, want)
		}
		// 2025-10-05 to 2026-10-05: 13 calendar months, no prices in 2025.
		if len(got) != 13 || got[0].First != "2025-10-05" || got[0].Priced != 0 {
			t.Errorf("%d months from %s", len(got), got[0].First)
		}
		t.Logf("%d comparables' calendars: %+v", len(ids), got[0])
	})

	t.Run("a point far away has no market", func(t *testing.T) {
		_, err := db.Comparables(ctx, Query{Lat: 48.8566, Lng: 2.3522, RoomType: RoomEntire, Bedrooms: 2}) // Paris
		if !errors.Is(err, ErrNoMarket) {
			t.Errorf("error = %v, want ErrNoMarket", err)
		}
	})

	t.Run("calendar and reviews of a listing in the data", func(t *testing.T) {
		days, err := db.Calendar(ctx, albanyListing)
		if err != nil {
			t.Fatal(err)
		}
		wantDays, wantReviews := 0, []string{}
		readCSV(t, filepath.Join(dir, "calendar.csv.gz"), func(col map[string]int, rec []string) {
			if rec[col["listing_id"]] == albanyListing {
				wantDays++
			}
		})
		readCSV(t, filepath.Join(dir, "reviews.csv.gz"), func(col map[string]int, rec []string) {
			if rec[col["listing_id"]] == albanyListing {
				wantReviews = append(wantReviews, rec[col["date"]])
			}
		})
		if len(days) != wantDays || days[0].Date != "2025-10-05" ||
			!sort.SliceIsSorted(days, func(i, j int) bool { return days[i].Date < days[j].Date }) {
			t.Errorf("calendar: %d days from %s, want %d in date order from 2025-10-05", len(days), days[0].Date, wantDays)
		}
		reviews, err := db.Reviews(ctx, albanyListing, 0)
		if err != nil {
			t.Fatal(err)
		}
		var dates []string
		for _, r := range reviews {
			dates = append(dates, r.Date)
		}
		sort.Sort(sort.Reverse(sort.StringSlice(wantReviews)))
		if !reflect.DeepEqual(dates, wantReviews) {
			t.Errorf("review dates %v, want newest first %v", dates, wantReviews)
		}
		if strings.Contains(reviews[len(reviews)-1].Text, "<br") {
			t.Errorf("review text keeps HTML line breaks: %q", reviews[len(reviews)-1].Text)
		}
	})

	t.Run("re-import gives the same counts", func(t *testing.T) {
		again, err := Import(ctx, db, dir)
		if err != nil {
			t.Fatal(err)
		}
		sameCounts(t, again, stats)
		for table, n := range map[string]int{"markets": 1, "listings": stats.Listings, "calendar": stats.CalendarDays, "reviews": stats.Reviews} {
			if got := count(t, db, `SELECT count(*) FROM `+table); got != n {
				t.Errorf("%s has %d rows after re-import, want %d", table, got, n)
			}
		}
		months := count(t, db, `SELECT count(*) FROM (SELECT DISTINCT listing_ref, substr(date, 1, 7) FROM calendar)`)
		if got := count(t, db, `SELECT count(*) FROM calendar_months`); got != months || months == 0 {
			t.Errorf("calendar_months has %d rows after re-import, want %d", got, months)
		}
	})
}

// reviewerNames returns up to n reviewer names from the reviews file that
// appear nowhere in the text we do store (review text, listing cells), so
// finding one in the database can only mean a reviewer name was stored.
// Multi-word names are used: single first names ("Michael") also occur in
// review text.
func reviewerNames(t *testing.T, dir string, n int) []string {
	var text strings.Builder
	var candidates []string
	seen := map[string]bool{}
	readCSV(t, filepath.Join(dir, "reviews.csv.gz"), func(col map[string]int, rec []string) {
		text.WriteString(rec[col["comments"]])
		text.WriteByte('\n')
		if name := rec[col["reviewer_name"]]; strings.Count(name, " ") == 1 && len(name) >= 8 && !seen[name] {
			seen[name] = true
			candidates = append(candidates, name)
		}
	})
	readCSV(t, filepath.Join(dir, "listings.csv.gz"), func(_ map[string]int, rec []string) {
		text.WriteString(strings.Join(rec, "\n"))
	})
	stored := text.String()
	var names []string
	for _, name := range candidates {
		if len(names) == n {
			break
		}
		if !strings.Contains(stored, name) {
			names = append(names, name)
		}
	}
	if len(names) < 10 {
		t.Fatalf("found only %d reviewer names to look for; the check would prove little", len(names))
	}
	return names
}

// bruteForceComparables applies the comparables rule to every row of the
// listings file: same room type, bedrooms within ±1, within 15 km, not
// itself. It returns the ids sorted.
func bruteForceComparables(t *testing.T, dir string, self *Listing) []string {
	var ids []string
	readCSV(t, filepath.Join(dir, "listings.csv.gz"), func(col map[string]int, rec []string) {
		beds, err := strconv.Atoi(rec[col["bedrooms"]])
		lat, _ := strconv.ParseFloat(rec[col["latitude"]], 64)
		lng, _ := strconv.ParseFloat(rec[col["longitude"]], 64)
		if rec[col["id"]] != self.ID && rec[col["room_type"]] == self.RoomType && err == nil &&
			beds >= self.Bedrooms-1 && beds <= self.Bedrooms+1 && haversineKm(self.Lat, self.Lng, lat, lng) <= 15 {
			ids = append(ids, rec[col["id"]])
		}
	})
	slices.Sort(ids)
	return ids
}
