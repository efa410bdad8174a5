package report

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/market/markettest"
	"github.com/listinglift/listinglift/backend/numfmt"
)

// csvRow is one listing as the test reads it from Inside Airbnb's CSV,
// independently of the market package's importer.
type csvRow struct {
	id, name, roomType string
	lat, lng           float64
	bedrooms, guests   int // -1 when the file has no such column or the cell is blank
	price, rating      float64
	reviews, amenities int
	superhost, instant bool
	stated             [2]bool // the superhost, Instant Book cell is filled
}

// readListingsCSV reads the rows an import keeps (a whole-number id, once,
// with a position and a room type).
func readListingsCSV(t *testing.T, path string) []csvRow {
	var out []csvRow
	seen := map[string]bool{}
	markettest.ReadCSV(t, path, func(col map[string]int, rec []string) {
		cell := func(name string) string {
			if i, ok := col[name]; ok {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		id := cell("id")
		if _, err := strconv.ParseInt(id, 10, 64); err != nil || seen[id] || cell("room_type") == "" {
			return
		}
		r := csvRow{id: id, name: cell("name"), roomType: cell("room_type"), bedrooms: -1, guests: -1}
		var err1, err2 error
		r.lat, err1 = strconv.ParseFloat(cell("latitude"), 64)
		r.lng, err2 = strconv.ParseFloat(cell("longitude"), 64)
		if err1 != nil || err2 != nil {
			return
		}
		seen[id] = true
		if n, err := strconv.Atoi(cell("bedrooms")); err == nil {
			r.bedrooms = n
		}
		if n, err := strconv.Atoi(cell("accommodates")); err == nil {
			r.guests = n
		}
		// Inside Airbnb writes "$1,234.00" whatever the city's currency.
		r.price, _ = strconv.ParseFloat(strings.NewReplacer("$", "", ",", "").Replace(cell("price")), 64)
		r.rating, _ = strconv.ParseFloat(cell("review_scores_rating"), 64)
		r.reviews, _ = strconv.Atoi(cell("number_of_reviews"))
		var am []string
		if json.Unmarshal([]byte(cell("amenities")), &am) == nil {
			r.amenities = len(am)
		}
		for i, name := range []string{"host_is_superhost", "instant_bookable"} {
			v := cell(name)
			r.stated[i] = v == "t" || v == "f"
			if i == 0 {
				r.superhost = v == "t"
			} else {
				r.instant = v == "t"
			}
		}
		out = append(out, r)
	})
	return out
}

// quantile is the linear-interpolation quantile (R's type 7), written here
// apart from the analysis package's.
func quantile(v []float64, q float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s) == 1 {
		return s[0]
	}
	h := q * float64(len(s)-1)
	lo := int(math.Floor(h))
	hi := int(math.Ceil(h))
	return s[lo] + (h-float64(lo))*(s[hi]-s[lo])
}

// rankOf is the mid-rank percentile of x among v, to one decimal.
func rankOf(v []float64, x float64) float64 {
	below, equal := 0, 0
	for _, y := range v {
		if y < x {
			below++
		} else if y == x {
			equal++
		}
	}
	return math.Round(1000*(float64(below)+float64(equal)/2)/float64(len(v))) / 10
}

func km(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	rad := math.Pi / 180
	dLat, dLng := (lat2-lat1)*rad, (lng2-lng1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}

func r2(v float64) float64 { return math.Round(v*100) / 100 }

// TestReportsForListingsPlacedInSharedMarkets (issue 29): an entire home
// placed in Antwerp, Asheville or Zurich is routed by the built-in
// catalogue to that city's market; its report writes prices in the city's
// currency, compares it with at least 100 listings, and every market figure
// it prints equals a computation made here from the CSV alone. Facts the
// file does not have (a summary file's superhosts, Instant Book, ratings)
// are left out, not printed as 0 %.
func TestReportsForListingsPlacedInSharedMarkets(t *testing.T) {
	cat, err := market.DefaultCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		folder, slug, snapshot, id string
		detailed                   bool
		currency, sign             string
	}{
		// "Apartment Roscam", an entire 1-bedroom home with 500+ reviews.
		{markettest.AntwerpName, "antwerp", "2024-06-29", "224682", true, "EUR", "€"},
		{markettest.AshevilleName, "asheville-nc", "2022-09-21", "108061", false, "USD", "$"},
		{markettest.ZurichName, "zurich", "2024-09-27", "283737", false, "CHF", "CHF "}, // "Best Location in Zurich Oldtown", CHF 159
	} {
		t.Run(tc.slug, func(t *testing.T) {
			src := markettest.SharedDir(t, tc.folder)
			rows := readListingsCSV(t, filepath.Join(src, "listings.csv.gz"))
			i := slices.IndexFunc(rows, func(r csvRow) bool { return r.id == tc.id })
			if i < 0 {
				t.Fatalf("listing %s not in %s", tc.id, tc.folder)
			}
			self := rows[i]
			if self.roomType != market.RoomEntire {
				t.Fatalf("listing %s is a %s", tc.id, self.roomType)
			}
			entry, ok := cat.Find(self.lat, self.lng)
			if !ok || entry.Slug != tc.slug {
				t.Fatalf("the catalogue routes %v,%v to %q (%v), want %q", self.lat, self.lng, entry.Slug, ok, tc.slug)
			}
			if got := market.CurrencyOf(entry.Name); got != tc.currency {
				t.Fatalf("catalogue entry %q gives currency %q, want %q", entry.Name, got, tc.currency)
			}

			ctx := context.Background()
			db := importListingsOnly(t, src, entry.Name, tc.snapshot)

			// The page as the host's listing would show it: its size, its
			// price in the city's currency, its rating and reviews.
			beds := self.bedrooms
			if !tc.detailed {
				beds = 2 // a summary file has no count; the page does
			}
			l := &listing.Listing{Platform: listing.Airbnb, ID: tc.id, URL: "https://www.airbnb.com/rooms/" + tc.id,
				Title: self.name, Description: "A home in the city.", RoomType: market.RoomEntire, Bedrooms: beds, Capacity: max(self.guests, 2),
				Location:    listing.Location{Lat: self.lat, Lng: self.lng},
				Price:       &listing.Price{Amount: self.price, Currency: tc.currency, Period: "night"},
				ReviewCount: self.reviews, Sources: map[string]string{}}
			fields := []string{listing.FieldTitle, listing.FieldDescription, listing.FieldRoomType, listing.FieldBedrooms,
				listing.FieldCoordinates, listing.FieldPrice, listing.FieldReviewCount}
			if self.rating > 0 {
				l.Ratings = listing.Ratings{Overall: self.rating, Scale: 5}
				fields = append(fields, listing.FieldRating)
			}
			for _, f := range fields {
				l.Set(f, listing.SourceEmbedded)
			}
			r, err := Generate(ctx, Input{Listing: l, Plan: domain.PlanPremium, Market: db, Now: clock})
			if err != nil {
				t.Fatal(err)
			}
			m := r.MarketAnalysisData
			if m == nil || !m.Available {
				t.Fatalf("no market analysis: %+v", m)
			}

			// The comparables, from the CSV.
			var comps []csvRow
			for _, c := range rows {
				if c.id == self.id || c.roomType != market.RoomEntire || km(self.lat, self.lng, c.lat, c.lng) > market.DefaultRadiusKm {
					continue
				}
				if tc.detailed && (c.bedrooms < 0 || c.bedrooms < beds-1 || c.bedrooms > beds+1) {
					continue
				}
				comps = append(comps, c)
			}
			var prices, ratings, reviews, amenities []float64
			superhosts, instant, stated := 0, 0, [2]int{}
			for _, c := range comps {
				if c.price > 0 {
					prices = append(prices, c.price)
				}
				if c.rating > 0 && c.reviews > 0 {
					ratings = append(ratings, c.rating)
				}
				reviews = append(reviews, float64(c.reviews))
				if c.amenities > 0 {
					amenities = append(amenities, float64(c.amenities))
				}
				if c.superhost {
					superhosts++
				}
				if c.instant {
					instant++
				}
				for k := range stated {
					if c.stated[k] {
						stated[k]++
					}
				}
			}
			t.Logf("%s: %d comparables, %d priced; %s", entry.Name, len(comps), len(prices), m.Explanation)
			if len(comps) < 100 {
				t.Errorf("%d comparables for an entire home; want at least 100", len(comps))
			}
			check := func(what string, got, want float64) {
				t.Helper()
				if math.Abs(got-want) > 1e-9 {
					t.Errorf("%s: report %v, CSV %v", what, got, want)
				}
			}
			check("comparables", float64(m.Comparables), float64(len(comps)))
			// Price quartiles are shown in whole units (analysis.PriceQuartiles).
			check("price 25th percentile", m.PriceP25, math.Round(quantile(prices, 0.25)))
			check("price median", m.PriceP50, math.Round(quantile(prices, 0.5)))
			check("price 75th percentile", m.PriceP75, math.Round(quantile(prices, 0.75)))
			check("median reviews", m.MedianReviews, r2(quantile(reviews, 0.5)))
			if p := m.PricePercentile; p == nil {
				t.Errorf("the listing's price was not placed among the comparables: %s", r.PricingAnalysis.Explanation)
			} else {
				check("price percentile", *p, rankOf(prices, self.price))
			}
			if p := m.ReviewPercentile; p == nil {
				t.Error("the listing's review count was not placed")
			} else {
				check("review percentile", *p, rankOf(reviews, float64(self.reviews)))
			}
			if len(ratings) > 0 {
				check("median rating", m.MedianRating, r2(quantile(ratings, 0.5)))
				if p := m.RatingPercentile; p == nil {
					t.Error("the listing's rating was not placed")
				} else {
					check("rating percentile", *p, rankOf(ratings, r2(self.rating)))
				}
			} else if m.MedianRating != 0 || m.RatingPercentile != nil {
				t.Errorf("a rating figure from a file without ratings: median %v, percentile %v", m.MedianRating, m.RatingPercentile)
			}
			if len(amenities) > 0 {
				check("median amenities", m.MedianAmenities, r2(quantile(amenities, 0.5)))
			} else if m.MedianAmenities != 0 {
				t.Errorf("median amenities %v from a file without amenities", m.MedianAmenities)
			}
			for k, got := range []*float64{m.SuperhostShare, m.InstantBookShare} {
				what, n := []string{"superhost share", "Instant Book share"}[k], []int{superhosts, instant}[k]
				switch {
				case 2*stated[k] <= len(comps) && got != nil:
					t.Errorf("%s %v printed from a file that does not say it for most listings", what, *got)
				case 2*stated[k] > len(comps) && got == nil:
					t.Errorf("%s left out though the file states it", what)
				case got != nil:
					check(what, *got, r2(float64(n)/float64(len(comps))))
				}
			}

			// Printed in the city's currency, and nowhere in another's.
			wantLine := "Nightly prices: 25th percentile " + numfmt.Money(m.PriceP25, tc.currency) + ", median " +
				numfmt.Money(m.PriceP50, tc.currency) + ", 75th percentile " + numfmt.Money(m.PriceP75, tc.currency) + "."
			if m.Currency != tc.currency || !strings.Contains(m.Explanation, wantLine) {
				t.Errorf("currency %q, explanation %q; want it to hold %q", m.Currency, m.Explanation, wantLine)
			}
			if !strings.Contains(r.PricingAnalysis.Explanation, numfmt.Money(self.price, tc.currency)) {
				t.Errorf("pricing explanation %q does not state the page's price in %s", r.PricingAnalysis.Explanation, tc.currency)
			}
			all, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			if tc.currency != "USD" && strings.Contains(string(all), "$") {
				i := strings.Index(string(all), "$")
				t.Errorf("a %s market's report writes a figure in dollars: …%s…", tc.currency, string(all)[max(i-80, 0):min(i+40, len(all))])
			}
			if !strings.Contains(string(all), tc.sign) {
				t.Errorf("no figure is written in %s", tc.currency)
			}
		})
	}
}

// importListingsOnly imports only the listings file of the shared snapshot
// in src as market name on snapshot day: the market figures read nothing
// else, and Antwerp's calendar alone is a million rows.
func importListingsOnly(t *testing.T, src, name, snapshot string) *market.DB {
	t.Helper()
	dir := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(src, "listings.csv.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "listings.csv.gz"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	db, err := market.Open(ctx, filepath.Join(t.TempDir(), "market.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := market.Import(ctx, db, dir, market.WithName(name), market.WithSnapshot(snapshot)); err != nil {
		t.Fatal(err)
	}
	return db
}
