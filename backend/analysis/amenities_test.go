package analysis

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/market"
)

func TestCanonicalAmenity(t *testing.T) {
	for name, want := range map[string]string{
		"Wifi": "wifi", "Wifi – 300 Mbps": "wifi", "Fast wifi – 500 Mbps": "wifi", "Pocket wifi": "",
		"Free dryer – In unit": "dryer", "Hair dryer": "hair_dryer", "Dishwasher": "dishwasher",
		"Free washer – In building": "washer", "Window AC unit": "air_conditioning", "Central air conditioning": "air_conditioning",
		"Private hot tub": "hot_tub", "Shared outdoor pool": "pool", "Pool table": "",
		"Free parking on premises": "free_parking", "Paid parking on premises": "paid_parking", "Free street parking": "street_parking",
		"Self check-in": "self_check_in", "Keypad": "self_check_in", "Lockbox": "self_check_in",
		"Dedicated workspace": "workspace", "EV charger": "ev_charger", "Pack ’n play/Travel crib": "crib",
		"Coffee maker: Keurig coffee machine": "coffee_maker", "Lake view": "view", "Private patio or balcony": "outdoor_space",
		"Carbon monoxide alarm": "co_alarm", "TV with standard cable": "tv", "Pets allowed": "pets", "Cottage cheese": "",
	} {
		if got := CanonicalAmenity(name); got != want {
			t.Errorf("CanonicalAmenity(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestListingFeatures(t *testing.T) {
	l := loft()
	l.HouseRules.PetsAllowed = no()
	l.Description += " Pets welcome! Free parking in the driveway."
	f := ListingFeatures(l)
	if !f.Has("wifi") || !f.Has("workspace") || !f.Has("view") || !f.Has("outdoor_space") {
		t.Errorf("features = %v", f)
	}
	if f.Has("air_conditioning") {
		t.Error("an amenity listed as not included counts as a feature")
	}
	if f.Has("pets") {
		t.Error("the house rules say no pets, yet pets is a feature")
	}
	if ev := f["free_parking"]; !strings.HasPrefix(ev, "listing text") {
		t.Errorf("free parking evidence = %q", ev)
	}
}

// house is a 3-bedroom house with only wifi and a kitchen.
func house() *listing.Listing {
	return &listing.Listing{Title: "Family house", PropertyType: "Entire home", RoomType: "Entire home/apt", Bedrooms: 3, Capacity: 6,
		Amenities: []listing.Amenity{{Name: "Wifi", Available: true}, {Name: "Kitchen", Available: true}},
		Sources:   map[string]string{listing.FieldAmenities: "x", listing.FieldBedrooms: "x"}}
}

// marketComps: revenues 1000…8000; every comparable has wifi, the four
// cheapest a kitchen, the 6000 one free parking, the two best (7000 and
// 8000, the top quartile: at least the third quartile 6250) a hot tub and
// free parking.
func marketComps() []market.Listing {
	var cs []market.Listing
	for i := 1; i <= 8; i++ {
		c := market.Listing{ID: string(rune('0' + i)), EstimatedRevenue: float64(i * 1000), Amenities: []string{"Wifi"}}
		if i <= 4 {
			c.Amenities = append(c.Amenities, "Kitchen")
		}
		if i == 6 {
			c.Amenities = append(c.Amenities, "Free parking on premises")
		}
		if i >= 7 {
			c.Amenities = append(c.Amenities, "Hot tub", "Free parking on premises")
		}
		cs = append(cs, c)
	}
	return cs
}

func TestBestPerformers(t *testing.T) {
	best, rest, by := BestPerformers(marketComps())
	if by != "estimated revenue" || len(best) != 2 || best[0] != 6 || best[1] != 7 || len(rest) != 6 {
		t.Errorf("best %v rest %v by %q", best, rest, by)
	}
	// Fewer than 8 with revenue: occupancy ranks instead; fewer than 8 of
	// that: no best performers.
	cs := marketComps()[:7]
	if best, _, by := BestPerformers(cs); best != nil || by != "" {
		t.Errorf("7 comparables: best %v by %q", best, by)
	}
	cs = marketComps()
	for i := range cs {
		cs[i].EstimatedRevenue = 0
		cs[i].EstimatedOccupancyNights = 10 * (i + 1)
	}
	if best, _, by := BestPerformers(cs); len(best) != 2 || by != "estimated occupancy" {
		t.Errorf("occupancy: best %v by %q", best, by)
	}
}

// TestAnalyzeAmenitiesWithMarket hand-checks shares and ranks (see
// marketComps): standard amenities (≥ half of all) are kitchen and wifi,
// both present; the listing's 2 amenities rank (1 below + 5 ties/2)/8 =
// 43.75; the best performers all have free parking, a hot tub and wifi.
// Hot tub ranks 10 + 10·1 + 5·(1 − 0) = 25; free parking 10 + 10·1 +
// 5·(1 − 0.17) = 24.15; then self check-in 8+3, air conditioning 7+3 and
// smoke alarm 7+3 (ties by name).
func TestAnalyzeAmenitiesWithMarket(t *testing.T) {
	l := placed(house(), 42.66, -73.79) // Albany: heating and air conditioning expected
	a := AnalyzeAmenities(l, ListingFeatures(l), GuestProfile{}, marketComps())
	m := a.Market
	if m == nil || m.Comparables != 8 || m.BestPerformers != 2 || m.RankedBy != "estimated revenue" {
		t.Fatalf("market = %+v", m)
	}
	if strings.Join(m.Standard, ",") != "Kitchen,Wifi" || m.StandardCoverage != 1 || m.CountPercentile != 43.8 {
		t.Errorf("standard %q coverage %v count percentile %v", m.Standard, m.StandardCoverage, m.CountPercentile)
	}
	var common []string
	for _, s := range m.CommonAmongBest {
		common = append(common, s.Amenity)
	}
	if strings.Join(common, ",") != "Free parking on premises,Hot tub,Wifi" {
		t.Errorf("common among best = %q", common)
	}
	fp := m.CommonAmongBest[0]
	if fp.ShareBest != 1 || fp.ShareRest != 0.17 || fp.ShareAll != 0.38 || fp.Listing {
		t.Errorf("free parking share = %+v", fp)
	}
	var got []string
	for _, s := range a.Suggestions {
		got = append(got, s.Amenity)
	}
	if strings.Join(got, ",") != "Hot tub,Free parking on premises,Self check-in,Air conditioning,Smoke alarm" {
		t.Errorf("suggestions = %q", got)
	}
	if a.Suggestions[0].Rank != 25 || a.Suggestions[1].Rank != 24.15 || a.Suggestions[0].Source != "market" {
		t.Errorf("ranks %v %v source %q", a.Suggestions[0].Rank, a.Suggestions[1].Rank, a.Suggestions[0].Source)
	}
	if !strings.Contains(a.Suggestions[0].Evidence, "100% of the 2 best-performing comparables") {
		t.Errorf("evidence = %q", a.Suggestions[0].Evidence)
	}
	if a.Findings.Worst() != SeverityHigh || !a.Findings.Has("amenities.market_gap") {
		t.Errorf("findings = %+v", a.Findings)
	}
	// 13 expected for a house, and a crib and a high chair for one that
	// sleeps 6 in 3 bedrooms (FamilyHomeGuests): 15, 2 present.
	if len(a.Expected) != 15 || a.ExpectedCoverage != 0.13 {
		t.Errorf("expected %d coverage %v", len(a.Expected), a.ExpectedCoverage)
	}
}

func TestAnalyzeAmenitiesFeasibility(t *testing.T) {
	l := loft() // an apartment without parking
	l.HouseRules.PetsAllowed = no()
	a := AnalyzeAmenities(l, ListingFeatures(l), GuestProfile{}, nil)
	for _, s := range a.Suggestions {
		switch s.Key {
		case "pool", "hot_tub", "bbq", "ev_charger", "pets":
			t.Errorf("suggested %s for an apartment without parking that forbids pets", s.Key)
		}
	}
	if len(a.Suggestions) != MaxSuggestions || a.Market != nil {
		t.Errorf("%d suggestions, market %v", len(a.Suggestions), a.Market)
	}
	if !strings.Contains(strings.Join(a.NotIncluded, ","), "Air conditioning") {
		t.Errorf("not included = %q", a.NotIncluded)
	}
}

func TestAnalyzeAmenitiesUnread(t *testing.T) {
	l := &listing.Listing{Title: "Cabin", PropertyType: "Entire cabin", Sources: map[string]string{}}
	a := AnalyzeAmenities(l, ListingFeatures(l), GuestProfile{}, nil)
	if a.Read || !a.Findings.Has("amenities.unread") {
		t.Errorf("read %v findings %+v", a.Read, a.Findings)
	}
	for _, s := range a.Suggestions {
		if !strings.HasPrefix(s.Reason, "We could not read your amenity list") {
			t.Errorf("reason %q does not say the list was unread", s.Reason)
		}
	}
	// With a market: the list not read has no share of the market's
	// standard amenities (it once said "it has 0% of" them).
	a = AnalyzeAmenities(l, ListingFeatures(l), GuestProfile{}, marketComps())
	if a.Market == nil || strings.Contains(a.Explanation, "it has 0%") || strings.Contains(a.Explanation, "Against") {
		t.Errorf("market %v, explanation %q", a.Market != nil, a.Explanation)
	}
}
