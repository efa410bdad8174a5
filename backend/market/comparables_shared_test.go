package market

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/listinglift/listinglift/backend/market/markettest"
	"github.com/listinglift/listinglift/backend/numfmt"
)

// Comparables in every snapshot format (issue 29): for a listing of each
// room type in each shared snapshot, the comparables are exactly what an
// independent pass over the CSV finds with the rule the data allows —
// bedrooms ±1 where the file has a bedrooms column (Albany, Antwerp), room
// type alone where it has neither bedrooms nor capacity (the summary files
// of Asheville and Zurich, where only a couple of names say "Studio") — and
// the result says what it matched on. An entire home in Antwerp, Asheville
// or Zurich has at least 100 comparables.
func TestComparablesInEverySharedSnapshot(t *testing.T) {
	for _, tc := range []struct {
		folder, name, snapshot string
		detailed               bool
		minEntire              int
	}{
		{markettest.AlbanyName, "Albany, New York, United States", "2025-10-05", true, 50},
		{markettest.AntwerpName, "Antwerp, Belgium", "2024-06-29", true, 100},
		{markettest.AshevilleName, "Asheville, North Carolina, United States", "2022-09-21", false, 100},
		{markettest.ZurichName, "Zurich, Switzerland", "2024-09-27", false, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := markettest.SharedDir(t, tc.folder)
			// Only the listings file: comparables read nothing else, and
			// Antwerp's calendar alone is a million rows.
			dir := filepath.Join(t.TempDir(), tc.folder)
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			copyFile(t, filepath.Join(src, "listings.csv.gz"), filepath.Join(dir, "listings.csv.gz"), false)
			ctx := context.Background()
			db, _ := openTestDB(t)
			if _, err := Import(ctx, db, dir, WithName(tc.name), WithSnapshot(tc.snapshot)); err != nil {
				t.Fatal(err)
			}
			rows := csvListings(t, filepath.Join(dir, "listings.csv.gz"))
			perType := map[string]int{}
			for _, r := range rows {
				perType[r.roomType]++
			}
			for _, roomType := range []string{RoomEntire, RoomPrivate, RoomShared, RoomHotel} {
				if perType[roomType] == 0 {
					continue
				}
				t.Run(roomType, func(t *testing.T) {
					// The probe: the file's first listing of this room type
					// with its most common bedroom count where the file has
					// one (a typical listing, not a 9-bedroom private room);
					// in a summary file, a page's 2 bedrooms for 4 guests.
					beds := map[int]int{}
					for _, r := range rows {
						if r.roomType == roomType && r.bedrooms >= 0 && r.guests > 0 {
							beds[r.bedrooms]++
						}
					}
					typical := -1
					for n, k := range beds {
						if typical < 0 || k > beds[typical] || (k == beds[typical] && n < typical) {
							typical = n
						}
					}
					var self csvListing
					for _, r := range rows {
						if r.roomType == roomType && (!tc.detailed || (r.bedrooms == typical && r.guests > 0)) {
							self = r
							break
						}
					}
					q := Query{Lat: self.lat, Lng: self.lng, RoomType: roomType, Bedrooms: 2, Guests: 4, ExcludeID: self.id}
					if tc.detailed {
						q.Bedrooms, q.Guests = self.bedrooms, self.guests
					}
					c, err := db.Comparables(ctx, q)
					if err != nil {
						t.Fatal(err)
					}
					// The independent count from the CSV.
					var want []string
					for _, r := range rows {
						if r.id == self.id || r.roomType != roomType || haversineKm(self.lat, self.lng, r.lat, r.lng) > DefaultRadiusKm {
							continue
						}
						if tc.detailed && (r.bedrooms < 0 || r.bedrooms < q.Bedrooms-1 || r.bedrooms > q.Bedrooms+1) {
							continue
						}
						want = append(want, r.id)
					}
					slices.Sort(want)
					var got []string
					for _, l := range c.Listings {
						got = append(got, l.ID)
					}
					slices.Sort(got)
					t.Logf("%s near listing %s: %d comparables of %d %s listings; %s", tc.name, self.id, len(got), perType[roomType], roomType, c.Summary())
					if !slices.Equal(got, want) {
						t.Errorf("%d comparables; the CSV gives %d with the same rule", len(got), len(want))
					}
					if roomType == RoomEntire && len(got) < tc.minEntire {
						t.Errorf("an entire home has %d comparables; want at least %d (%d entire homes in the file)", len(got), tc.minEntire, perType[roomType])
					}
					if perType[roomType] >= 100 && len(got) < 20 {
						t.Errorf("%d comparables of %d %s listings: a filter the data cannot satisfy?", len(got), perType[roomType], roomType)
					}
					wantOn := roomType + ", within 15 km; the market data has no bedroom or guest counts for most listings"
					if tc.detailed {
						wantOn = fmt.Sprintf("%s, %d–%d bedrooms, within 15 km", roomType, max(q.Bedrooms-1, 0), q.Bedrooms+1)
					}
					if on := c.MatchedOn(); on != wantOn {
						t.Errorf("matched on %q, want %q", on, wantOn)
					}
					if s, w := c.Summary(), "Matched on: "+wantOn+"; "+numfmt.Thousands(len(want))+" listing"; s != w && s != w+"s" {
						t.Errorf("summary %q, want %q(s)", s, w)
					}
				})
			}
		})
	}
}

// csvListing is a listings row as the test reads it, apart from the importer.
type csvListing struct {
	id, roomType     string
	lat, lng         float64
	bedrooms, guests int // -1 / 0 when the file does not give them
}

// csvListings reads the rows the importer keeps: a whole-number id (a
// spreadsheet's 1.23E+17 is not one), listed once, with a position.
func csvListings(t *testing.T, path string) []csvListing {
	var out []csvListing
	seen := map[string]bool{}
	readCSV(t, path, func(col map[string]int, rec []string) {
		id := rec[col["id"]]
		if _, err := strconv.ParseInt(id, 10, 64); err != nil || seen[id] {
			return
		}
		seen[id] = true
		r := csvListing{id: id, roomType: rec[col["room_type"]], bedrooms: -1}
		var err1, err2 error
		r.lat, err1 = strconv.ParseFloat(rec[col["latitude"]], 64)
		r.lng, err2 = strconv.ParseFloat(rec[col["longitude"]], 64)
		if err1 != nil || err2 != nil {
			return
		}
		if i, ok := col["bedrooms"]; ok {
			if n, err := strconv.Atoi(rec[i]); err == nil {
				r.bedrooms = n
			}
		}
		if i, ok := col["accommodates"]; ok {
			r.guests, _ = strconv.Atoi(rec[i])
		}
		out = append(out, r)
	})
	return out
}
