package market

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
)

func TestComparablesFixture(t *testing.T) {
	ctx := context.Background()
	db, _ := openTestDB(t)
	importFixture(t, db, fixtureDir)

	// Listing 101 sits at (40, -75); 105 is 1 km north with 1 bedroom, 108
	// 10 km north with 2, 106 20 km north with 3, 107 0.3 km away with 4
	// bedrooms and 102 is a private room of unknown size.
	at101 := Query{Lat: 40, Lng: -75, RoomType: "Entire place", Bedrooms: 2, ExcludeID: "101"}
	tests := []struct {
		name       string
		q          func(Query) Query
		want       []string
		minB, maxB int
	}{
		{"defaults", func(q Query) Query { return q }, []string{"105", "108"}, 1, 3},
		{"exact bedrooms", func(q Query) Query { q.BedroomSlack = -1; return q }, []string{"108"}, 2, 2},
		{"wider slack", func(q Query) Query { q.BedroomSlack = 2; return q }, []string{"107", "105", "108"}, 0, 4},
		{"small radius", func(q Query) Query { q.RadiusKm = 5; return q }, []string{"105"}, 1, 3},
		{"large radius", func(q Query) Query { q.RadiusKm = 25; return q }, []string{"105", "108", "106"}, 1, 3},
		{"itself when not excluded", func(q Query) Query { q.ExcludeID = ""; return q }, []string{"101", "105", "108"}, 1, 3},
		{"private rooms of unknown size are not comparables", func(q Query) Query { q.RoomType = "Private room"; q.Bedrooms = 1; return q }, []string{}, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := tt.q(at101)
			c, err := db.Comparables(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			got := []string{}
			for _, l := range c.Listings {
				got = append(got, l.ID)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("comparables = %q, want %q", got, tt.want)
			}
			wantRadius := q.RadiusKm
			if wantRadius == 0 {
				wantRadius = DefaultRadiusKm
			}
			if c.Market != fixtureWant.Market || c.Snapshot != "2024-01-02" || c.RadiusKm != wantRadius ||
				c.MinBedrooms != tt.minB || c.MaxBedrooms != tt.maxB || c.RoomType != NormalizeRoomType(q.RoomType) {
				t.Errorf("comparables header = %+v", c)
			}
		})
	}

	c, err := db.Comparables(ctx, at101)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{1.0, 10.0} {
		if d := c.Listings[i].DistanceKm; math.Abs(d-want) > 0.01 {
			t.Errorf("%s is %.3f km away, want %.1f", c.Listings[i].ID, d, want)
		}
	}
}

func TestComparablesCoverage(t *testing.T) {
	ctx := context.Background()
	db, _ := openTestDB(t)
	importFixture(t, db, fixtureDir) // listings between 40.00 and 40.18 N

	// A second market just north: 40.25–40.40 N.
	north := t.TempDir()
	if err := os.WriteFile(filepath.Join(north, "listings.csv"), []byte(
		"id,latitude,longitude,room_type,bedrooms\n201,40.25,-75,Entire home/apt,2\n202,40.40,-75,Entire home/apt,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	importFixture(t, db, north, WithName("Northville, Pennsylvania, United States"), WithSnapshot("2024-03-01"))

	tests := []struct {
		name string
		lat  float64
		want string // market, "" for ErrNoMarket
	}{
		{"inside the first", 40.1, fixtureWant.Market},
		{"3 km past the first's box", 40.207, fixtureWant.Market},
		{"inside the second", 40.3, "Northville, Pennsylvania, United States"},
		// 40.206 and 40.222 are within 5 km of both boxes; the centres are
		// 40.09 and 40.325.
		{"between both, nearer the first's centre", 40.206, fixtureWant.Market},
		{"between both, nearer the second's centre", 40.222, "Northville, Pennsylvania, United States"},
		{"8 km past the second", 40.472, ""},
		{"far away", 41, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := db.Comparables(ctx, Query{Lat: tt.lat, Lng: -75, RoomType: RoomEntire, Bedrooms: 2})
			if tt.want == "" {
				if !errors.Is(err, ErrNoMarket) {
					t.Fatalf("error = %v, want ErrNoMarket", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Market != tt.want {
				t.Errorf("market = %q, want %q", c.Market, tt.want)
			}
		})
	}
}

func TestErrNoMarketIsActionable(t *testing.T) {
	db, _ := openTestDB(t)
	_, err := db.Comparables(context.Background(), Query{Lat: 48.8566, Lng: 2.3522, RoomType: RoomEntire, Bedrooms: 1})
	if !errors.Is(err, ErrNoMarket) {
		t.Fatalf("error = %v, want ErrNoMarket", err)
	}
	if domain.ErrorCode(err) != domain.CodeNotFound || domain.ErrorMessage(err) != "We have no market data for this area yet." {
		t.Errorf("code %q, message %q", domain.ErrorCode(err), domain.ErrorMessage(err))
	}
}

func TestDecodeStrings(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		bad  bool
	}{
		{`[]`, []string{}, false},
		{`["Wifi"]`, []string{"Wifi"}, false},
		{`["Wifi","Hot tub"]`, []string{"Wifi", "Hot tub"}, false},
		{`["Chef’s \"pro\" kitchen","a\\b","\u003cTV\u003e"]`, []string{`Chef’s "pro" kitchen`, `a\b`, "<TV>"}, false},
		// Not json.Marshal's shape: the slow path still reads it.
		{`[ "Wifi" , "TV" ]`, []string{"Wifi", "TV"}, false},
		{`["a\/b"]`, []string{"a/b"}, false},
		{`null`, []string{}, false},
		{`[`, nil, true},
		{`["unterminated]`, nil, true},
		{`[1]`, nil, true},
	}
	for _, tt := range tests {
		got, err := decodeStrings(tt.in)
		if tt.bad != (err != nil) || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("decodeStrings(%s) = %q, %v; want %q (bad %v)", tt.in, got, err, tt.want, tt.bad)
		}
	}
}

// The fast path must agree with encoding/json on whatever json.Marshal
// writes, tricky characters included.
func TestDecodeStringsRoundTrip(t *testing.T) {
	in := []string{"", "plain", `quote " and \ backslash`, "<html> & stuff", "tab\tnew\nline", "\u2028\u2029", "emoji 😀", "\x00ctl", "bad \xff utf8"}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	got, err := decodeStrings(string(b))
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("decodeStrings(%s) = %q, %v; want %q", b, got, err, want)
	}
}
