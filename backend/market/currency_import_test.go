package market

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/market/markettest"
	"github.com/listinglift/listinglift/backend/numfmt"
)

// A market imported by hand is named after its folder, in whatever case the
// operator typed it (issue 43: "asheville" printed "median 145", no
// currency). Wherever the listings lie in a catalogued area, the market
// takes the catalog's written name and its country's currency, so every
// figure of the report carries the right sign.
func TestHandImportNamesAndPricesTheMarket(t *testing.T) {
	markettest.WholeSnapshot(t)
	for _, tc := range []struct {
		folder, snapshot string
		dirs             []string // folder names an operator might use
		given            []string // --name values meaning the same market
		wantName, want   string   // the catalog's name and the currency
		sign             string   // how numfmt.Money writes 145 in it
	}{
		{markettest.AshevilleName, "2022-09-21", []string{"asheville", "ASHEVILLE", "Asheville", markettest.AshevilleName},
			[]string{"asheville", "Asheville-NC"}, "Asheville, North Carolina, United States", "USD", "$145"},
		{markettest.AntwerpName, "2024-06-29", []string{"Antwerp", "antwerp", "ANTWERP", markettest.AntwerpName},
			[]string{"antwerp"}, "Antwerp, Flemish Region, Belgium", "EUR", "€145"},
		{markettest.ZurichName, "2024-09-27", []string{"zurich", "Zurich", markettest.ZurichName},
			[]string{"ZURICH"}, "Zurich, Zürich, Switzerland", "CHF", "CHF 145"},
		{markettest.AlbanyName, "2025-10-05", []string{"albany", "Albany"},
			[]string{"albany-ny"}, "Albany, New York, United States", "USD", "$145"},
	} {
		src := markettest.SharedDir(t, tc.folder)
		type run struct {
			dir  string
			opts []ImportOption
		}
		var runs []run
		for _, d := range tc.dirs {
			runs = append(runs, run{d, []ImportOption{WithSnapshot(tc.snapshot)}})
		}
		for _, n := range tc.given {
			runs = append(runs, run{"data-" + n, []ImportOption{WithName(n), WithSnapshot(tc.snapshot)}})
		}
		for _, r := range runs {
			t.Run(tc.wantName+"/"+r.dir, func(t *testing.T) {
				// Only the listings: the name and currency come from them.
				dir := filepath.Join(t.TempDir(), r.dir)
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join(src, "listings.csv.gz"), filepath.Join(dir, "listings.csv.gz")); err != nil {
					t.Fatal(err)
				}
				ctx := context.Background()
				db, _ := openTestDB(t)
				stats, err := Import(ctx, db, dir, r.opts...)
				if err != nil {
					t.Fatal(err)
				}
				if stats.Market != tc.wantName || stats.Currency != tc.want {
					t.Errorf("imported as %q in %q; want %q in %s", stats.Market, stats.Currency, tc.wantName, tc.want)
				}
				ms, err := db.Markets(ctx)
				if err != nil || len(ms) != 1 || ms[0].Name != tc.wantName || ms[0].Currency != tc.want {
					t.Fatalf("Markets() = %+v, %v; want one %q in %s", ms, err, tc.wantName, tc.want)
				}
				b := ms[0].Bounds
				c, err := db.Comparables(ctx, Query{Lat: (b.MinLat + b.MaxLat) / 2, Lng: (b.MinLng + b.MaxLng) / 2, RoomType: RoomEntire, Bedrooms: 1})
				if err != nil {
					t.Fatal(err)
				}
				if c.Market != tc.wantName || c.Currency != tc.want {
					t.Errorf("comparables of %q in %q; want %q in %s", c.Market, c.Currency, tc.wantName, tc.want)
				}
				if got := numfmt.Money(145, c.Currency); got != tc.sign {
					t.Errorf("a median of 145 reads %q, want %q", got, tc.sign)
				}
			})
		}
	}
}

// CurrencyFor decides from where the listings lie first: a name typed
// wrong cannot move Antwerp's prices out of euros; outside every catalogued
// area only the name's country can say, and with none it says none (an
// import then refuses: TestImportErrors "no currency").
func TestCurrencyFor(t *testing.T) {
	antwerp := Bounds{MinLat: 51.15, MinLng: 4.32, MaxLat: 51.30, MaxLng: 4.48}
	nowhere := Bounds{MinLat: -10.1, MinLng: -30.1, MaxLat: -10.0, MaxLng: -30.0} // the South Atlantic
	for _, tc := range []struct {
		name string
		b    Bounds
		want string
	}{
		{"antwerp", antwerp, "EUR"},
		{"Antwerp, Somewhere, United States", antwerp, "EUR"}, // the area wins over a mistyped country
		{"Testville, Pennsylvania, United States", nowhere, "USD"},
		{"Lisbon, Lisbon, Portugal", nowhere, "EUR"},
		{"testville", nowhere, ""},
		{"", nowhere, ""},
	} {
		if got := CurrencyFor(tc.name, tc.b); got != tc.want {
			t.Errorf("CurrencyFor(%q, %+v) = %q, want %q", tc.name, tc.b, got, tc.want)
		}
	}
}

// The refusal names what to do, and is ErrNoCurrency.
func TestImportRefusesUnknownCurrency(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "atlantis")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	body := "id,latitude,longitude,room_type,last_scraped\n1,-10,-30,Private room,2024-01-01\n"
	if err := os.WriteFile(filepath.Join(dir, "listings.csv"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	db, _ := openTestDB(t)
	_, err := Import(context.Background(), db, dir)
	if !errors.Is(err, ErrNoCurrency) || !strings.Contains(err.Error(), `--name "City, Region, Country"`) {
		t.Fatalf("error = %v; want ErrNoCurrency naming --name", err)
	}
	if ms, _ := db.Markets(context.Background()); len(ms) != 0 {
		t.Errorf("a refused import left markets %+v", ms)
	}
	// Named with its country, it goes in.
	if _, err := Import(context.Background(), db, dir, WithName("Atlantis, Atlantic, Portugal")); err != nil {
		t.Fatal(err)
	}
}

// Comparables from any source name their currency: set, or from where the
// listings lie, or (with no coordinates) the market's name.
func TestComparablesPriceCurrency(t *testing.T) {
	inAntwerp := []Listing{{Lat: 51.21, Lng: 4.40}, {Lat: 51.23, Lng: 4.42}}
	for _, tc := range []struct {
		name string
		c    *Comparables
		want string
	}{
		{"set by a live search", &Comparables{Market: "Airbnb", Currency: "BRL", Listings: inAntwerp}, "BRL"},
		{"a snapshot named by hand", &Comparables{Market: "antwerp", Listings: inAntwerp}, "EUR"},
		{"no coordinates, a named country", &Comparables{Market: "Albany, New York, United States", Listings: []Listing{{}}}, "USD"},
		{"nothing says", &Comparables{Market: "somewhere", Listings: []Listing{{Lat: -10, Lng: -30}}}, ""},
		{"a live search that did not say", &Comparables{Market: "Airbnb", Source: SourceLive, Listings: inAntwerp}, ""},
		{"none", nil, ""},
	} {
		if got := tc.c.PriceCurrency(); got != tc.want {
			t.Errorf("%s: PriceCurrency() = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// Prices whose currency nothing tells are withheld, never shown bare; any
// other comparables come back as they are.
func TestWithoutUnnamedPrices(t *testing.T) {
	priced := []Listing{{Lat: -10, Lng: -30, Price: 145}, {Lat: -10.01, Lng: -30, Price: 0, Rating: 4.9}}
	for _, tc := range []struct {
		name     string
		c        *Comparables
		withheld bool
	}{
		{"currency unknown", &Comparables{Market: "somewhere", Listings: priced}, true},
		{"currency set", &Comparables{Market: "somewhere", Currency: "BRL", Listings: priced}, false},
		{"named country", &Comparables{Market: "Somewhere, Portugal", Listings: priced}, false},
		{"no prices to hide", &Comparables{Market: "somewhere", Listings: []Listing{{Lat: -10, Lng: -30}}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.c.WithoutUnnamedPrices()
			if (got != tc.c) != tc.withheld {
				t.Fatalf("withheld %v, want %v", got != tc.c, tc.withheld)
			}
			if !tc.withheld {
				return
			}
			for _, l := range got.Listings {
				if l.Price != 0 {
					t.Errorf("a price of %v is still shown", l.Price)
				}
			}
			if got.Listings[1].Rating != 4.9 || len(got.Missing) != 1 || !strings.Contains(got.Missing[0], "currency") {
				t.Errorf("withheld comparables %+v", got)
			}
			if tc.c.Listings[0].Price != 145 {
				t.Error("the caller's comparables were changed")
			}
		})
	}
}
