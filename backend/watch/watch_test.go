package watch

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/report"
)

func ip(n int) *int         { return &n }
func fp(v float64) *float64 { return &v }

var at = time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)

// base is a week's facts as a Premium report of a listing with a market
// gives them.
func base() domain.WatchFacts {
	return domain.WatchFacts{
		Score:       ip(72),
		Sections:    map[string]int{"title": 80, "description": 64, "photos": 70, "amenities": 75, "pricing": 60, "reviews": 88},
		High:        []string{"Only 12 of your 24 photos have a caption."},
		Title:       "Sunny loft near the beach",
		Description: "A bright loft with a view of the sea.\n\nTwo minutes from the beach.",
		Words:       15,
		Photos:      []string{"https://a0.muscache.com/im/pictures/1.jpg?im_w=720", "https://a0.muscache.com/im/pictures/2.jpg?im_w=720", "https://a0.muscache.com/im/pictures/3.jpg?im_w=720"},
		Amenities:   []string{"Wifi", "Kitchen", "Washer", "Air conditioning"},
		Price:       fp(120), Currency: "USD", Median: fp(130), Band: domain.BandMiddle, PriceCount: 40,
		Comparables:       []string{"https://www.airbnb.com/rooms/1", "https://www.airbnb.com/rooms/2", "https://www.airbnb.com/rooms/3"},
		ComparablesSource: "live",
		ReviewCount:       40, ReviewTexts: 40, Complaints: []string{"wifi"},
	}
}

// clone is a deep copy, through JSON as the store keeps it.
func clone(t *testing.T, f domain.WatchFacts) domain.WatchFacts {
	t.Helper()
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var out domain.WatchFacts
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestWeekChanges(t *testing.T) {
	type want struct {
		kind          domain.ChangeKind
		what          string // a part of What
		before, after string
	}
	cases := []struct {
		name   string
		change func(prev, cur *domain.WatchFacts)
		want   []want // nil: no change
	}{
		{"nothing changed", func(p, c *domain.WatchFacts) {}, nil},

		{"score rose 5", func(p, c *domain.WatchFacts) { c.Score = ip(77) },
			[]want{{domain.ChangeScore, "Your listing score rose from 72 to 77.", "72/100", "77/100"}}},
		{"score fell 5", func(p, c *domain.WatchFacts) { c.Score = ip(67) },
			[]want{{domain.ChangeScore, "Your listing score fell from 72 to 67.", "72/100", "67/100"}}},
		{"score moved 4: no change", func(p, c *domain.WatchFacts) { c.Score = ip(76) }, nil},
		{"score not assessed this week: no change", func(p, c *domain.WatchFacts) { c.Score = nil }, nil},
		{"score not assessed last week: no change", func(p, c *domain.WatchFacts) { p.Score = nil; c.Score = ip(90) }, nil},
		{"section moved 5", func(p, c *domain.WatchFacts) { c.Sections["photos"] = 65 },
			[]want{{domain.ChangeSection, "Your Photos score fell from 70 to 65.", "70/100", "65/100"}}},
		{"section moved 4: no change", func(p, c *domain.WatchFacts) { c.Sections["photos"] = 74 }, nil},
		{"section newly assessed: no change", func(p, c *domain.WatchFacts) { c.Sections["availability"] = 20 }, nil},

		{"new HIGH finding", func(p, c *domain.WatchFacts) {
			c.High = append(c.High, "Your nightly price is above 90% of comparable listings.")
		},
			[]want{{domain.ChangeFindingNew, "new high-priority finding", "", "Your nightly price is above 90% of comparable listings."}}},
		{"HIGH finding resolved", func(p, c *domain.WatchFacts) { c.High = nil },
			[]want{{domain.ChangeFindingResolved, "no longer applies", "Only 12 of your 24 photos have a caption.", ""}}},
		{"a finding's figures moved: the same finding", func(p, c *domain.WatchFacts) { c.High = []string{"Only 11 of your 24 photos have a caption."} }, nil},

		{"title edited", func(p, c *domain.WatchFacts) { c.Title = "Sunny loft, 2 min to the beach" },
			[]want{{domain.ChangeTitle, "The title on your listing page changed.", "Sunny loft near the beach", "Sunny loft, 2 min to the beach"}}},
		{"title spaced differently: no change", func(p, c *domain.WatchFacts) { c.Title = "Sunny  loft near the beach " }, nil},
		{"title not read: no change", func(p, c *domain.WatchFacts) { c.Title = "" }, nil},

		{"description grew", func(p, c *domain.WatchFacts) { c.Description += " Fast wifi for work."; c.Words = 19 },
			[]want{{domain.ChangeDescription, "from 15 words to 19 words", "15 words", "19 words"}}},
		{"description reworded", func(p, c *domain.WatchFacts) {
			c.Description = strings.Replace(c.Description, "bright", "sunny", 1)
		}, []want{{domain.ChangeDescription, "reworded; it is still 15 words long", "15 words", "15 words"}}},
		{"description not read this week: no change", func(p, c *domain.WatchFacts) { c.Description, c.Words = "", 0 }, nil},

		{"photo added", func(p, c *domain.WatchFacts) {
			c.Photos = append(c.Photos, "https://a0.muscache.com/im/pictures/4.jpg")
		},
			[]want{{domain.ChangePhotos, "now shows 4 photos; last week it showed 3 photos", "3 photos", "4 photos"}}},
		{"photo dropped", func(p, c *domain.WatchFacts) { c.Photos = c.Photos[:2] },
			[]want{{domain.ChangePhotos, "now shows 2 photos", "3 photos", "2 photos"}}},
		{"photos replaced", func(p, c *domain.WatchFacts) {
			c.Photos = []string{c.Photos[0], "https://a0.muscache.com/im/pictures/8.jpg", "https://a0.muscache.com/im/pictures/9.jpg"}
		}, []want{{domain.ChangePhotos, "2 photos of your listing were replaced", "3 photos", "3 photos, 2 replaced"}}},
		{"one photo replaced", func(p, c *domain.WatchFacts) { c.Photos[1] = "https://a0.muscache.com/im/pictures/7.jpg" },
			[]want{{domain.ChangePhotos, "1 photo of your listing was replaced with a new one.", "3 photos", "3 photos, 1 replaced"}}},
		{"photos served at another size: no change", func(p, c *domain.WatchFacts) {
			for i := range c.Photos {
				c.Photos[i] = strings.Replace(c.Photos[i], "im_w=720", "im_w=1200", 1)
			}
		}, nil},
		{"photos reordered: no change", func(p, c *domain.WatchFacts) { c.Photos[0], c.Photos[2] = c.Photos[2], c.Photos[0] }, nil},
		{"photos not read this week: no change", func(p, c *domain.WatchFacts) { c.Photos = nil }, nil},

		{"amenity removed", func(p, c *domain.WatchFacts) { c.Amenities = []string{"Wifi", "Kitchen", "Air conditioning"} },
			[]want{{domain.ChangeAmenities, "Amenities on your listing page changed: removed Washer.", "4 amenities", "3 amenities"}}},
		{"amenities added and removed", func(p, c *domain.WatchFacts) {
			c.Amenities = []string{"Wifi", "Kitchen", "Pool", "Hot tub", "Air conditioning"}
		},
			[]want{{domain.ChangeAmenities, "changed: added Pool, Hot tub; removed Washer.", "4 amenities", "5 amenities"}}},
		{"amenity written in another case: no change", func(p, c *domain.WatchFacts) { c.Amenities[0] = "WiFi" }, nil},

		{"price rose", func(p, c *domain.WatchFacts) { c.Price = fp(135) },
			[]want{{domain.ChangePrice, "Your nightly price rose from $120 to $135.", "$120", "$135"}}},
		{"price in euros", func(p, c *domain.WatchFacts) { p.Currency, c.Currency = "EUR", "EUR"; c.Price = fp(99) },
			[]want{{domain.ChangePrice, "fell from €120 to €99", "€120", "€99"}}},
		{"price moved by cents: no change", func(p, c *domain.WatchFacts) { c.Price = fp(120.3) }, nil},
		{"price in another currency: no change", func(p, c *domain.WatchFacts) { c.Currency = "EUR"; c.Price = fp(110); c.Median = fp(120) }, nil},
		{"price not read: no change", func(p, c *domain.WatchFacts) { c.Price = nil; c.Band = "" }, nil},

		{"median rose 5%", func(p, c *domain.WatchFacts) { p.Median = fp(120); c.Median = fp(126) },
			[]want{{domain.ChangeMarketMedian, "rose 5%, from $120 to $126", "$120", "$126"}}},
		{"median moved 4%: no change", func(p, c *domain.WatchFacts) { p.Median = fp(125); c.Median = fp(130) }, nil},
		{"median from another source: no change", func(p, c *domain.WatchFacts) { p.ComparablesSource = "inside_airbnb"; c.Median = fp(200) }, nil},

		{"band moved", func(p, c *domain.WatchFacts) { c.Band = domain.BandHigh },
			[]want{{domain.ChangeBand, "moved from the middle third to the top third", "middle third", "top third"}}},
		{"band unknown this week: no change", func(p, c *domain.WatchFacts) { c.Band = "" }, nil},

		{"comparables appeared and left", func(p, c *domain.WatchFacts) {
			c.Comparables = []string{"https://www.airbnb.com/rooms/2", "https://www.airbnb.com/rooms/3", "https://www.airbnb.com/rooms/4", "https://www.airbnb.com/rooms/5"}
		}, []want{{domain.ChangeComparables, "2 new listings appeared among the comparable listings near yours, and 1 left them.",
			"https://www.airbnb.com/rooms/1", "https://www.airbnb.com/rooms/4 https://www.airbnb.com/rooms/5"}}},
		{"a comparable appeared", func(p, c *domain.WatchFacts) { c.Comparables = append(c.Comparables, "https://www.airbnb.com/rooms/4") },
			[]want{{domain.ChangeComparables, "1 new listing appeared among the comparable listings near yours.", "", "https://www.airbnb.com/rooms/4"}}},
		{"comparables left", func(p, c *domain.WatchFacts) { c.Comparables = c.Comparables[:1] },
			[]want{{domain.ChangeComparables, "2 listings are no longer among the comparable listings near yours.", "https://www.airbnb.com/rooms/2 https://www.airbnb.com/rooms/3", ""}}},
		{"many comparables replaced: the first five addresses, then how many more", func(p, c *domain.WatchFacts) {
			c.Comparables = nil
			for i := range 8 {
				c.Comparables = append(c.Comparables, fmt.Sprintf("https://x/%d", i))
			}
		}, []want{{domain.ChangeComparables, "8 new listings appeared among the comparable listings near yours, and 3 left them.",
			"https://www.airbnb.com/rooms/1 https://www.airbnb.com/rooms/2 https://www.airbnb.com/rooms/3",
			"https://x/0 https://x/1 https://x/2 https://x/3 https://x/4 and 3 more"}}},
		{"comparables from another source: no change", func(p, c *domain.WatchFacts) {
			c.ComparablesSource = "inside_airbnb"
			c.Comparables = []string{"https://www.airbnb.com/rooms/9"}
		}, nil},
		{"no comparables read this week: no change", func(p, c *domain.WatchFacts) { c.Comparables = nil }, nil},

		{"new reviews with a new repeated complaint", func(p, c *domain.WatchFacts) {
			c.ReviewCount, c.ReviewTexts, c.Complaints = 43, 43, []string{"wifi", "noise"}
		}, []want{{domain.ChangeReviews, "3 new reviews, and guests now repeatedly complain about noise", "40 reviews", "43 reviews; repeated complaints: wifi, noise"}}},
		{"two new complaints", func(p, c *domain.WatchFacts) {
			c.ReviewCount, c.ReviewTexts, c.Complaints = 41, 41, []string{"noise", "wifi", "check-in"}
		}, []want{{domain.ChangeReviews, "Your listing has 1 new review, and guests now repeatedly complain about noise and check-in.", "40 reviews", "41 reviews; repeated complaints: noise, wifi, check-in"}}},
		{"a complaint that was one already: no change", func(p, c *domain.WatchFacts) { c.ReviewCount = 44 }, nil},
		{"a new complaint without new reviews: no change", func(p, c *domain.WatchFacts) { c.Complaints = []string{"wifi", "noise"} }, nil},
		{"no review texts read last week: no change", func(p, c *domain.WatchFacts) {
			p.ReviewTexts, p.Complaints = 0, nil
			c.ReviewCount, c.Complaints = 43, []string{"wifi", "noise"}
		}, nil},

		{"several at once, in order", func(p, c *domain.WatchFacts) { c.Price = fp(150); c.Title = "New title"; c.Score = ip(60) },
			[]want{{domain.ChangeScore, "fell from 72 to 60", "72/100", "60/100"},
				{domain.ChangeTitle, "title", "Sunny loft near the beach", "New title"},
				{domain.ChangePrice, "rose from $120 to $150", "$120", "$150"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			prev, cur := clone(t, base()), clone(t, base())
			tc.change(&prev, &cur)
			w := Week("2026-W50", at, &prev, cur)
			if len(w.Changes) != len(tc.want) {
				t.Fatalf("%d changes, want %d: %+v", len(w.Changes), len(tc.want), w.Changes)
			}
			for i, c := range w.Changes {
				wt := tc.want[i]
				if c.Kind != wt.kind || !strings.Contains(c.What, wt.what) || c.Before != wt.before || c.After != wt.after {
					t.Errorf("change %d = %+v\nwant kind %s, What containing %q, %q → %q", i, c, wt.kind, wt.what, wt.before, wt.after)
				}
				if !oneSentence(c.What) {
					t.Errorf("What is not one plain sentence: %q", c.What)
				}
			}
		})
	}
}

// oneSentence: a capital first, one full stop at the end, no line break.
func oneSentence(s string) bool {
	if s == "" || strings.ContainsAny(s, "\n\r") || !strings.HasSuffix(s, ".") {
		return false
	}
	if r := []rune(s)[0]; strings.ToUpper(string(r)) != string(r) {
		return false
	}
	return !strings.Contains(strings.TrimSuffix(s, "."), ". ")
}

func TestFirstWeekHasFiguresOnly(t *testing.T) {
	cur := base()
	w := Week("2026-W49", at, nil, cur)
	if len(w.Changes) != 0 {
		t.Errorf("first week has changes: %+v", w.Changes)
	}
	if w.Week != "2026-W49" || !w.CheckedAt.Equal(at) || w.Notice != "" || w.Mail != "" {
		t.Errorf("week = %+v", w)
	}
	if w.Score == nil || *w.Score != 72 || w.Price == nil || *w.Price != 120 || w.MarketMedian == nil || *w.MarketMedian != 130 ||
		w.Currency != "USD" || w.Comparables != 40 || w.Band != domain.BandMiddle {
		t.Errorf("figures = score %v price %v median %v %s comparables %d band %q", w.Score, w.Price, w.MarketMedian, w.Currency, w.Comparables, w.Band)
	}
	// The week's figures are its own: changing the facts after does not
	// change the recorded week.
	*cur.Score, *cur.Price = 1, 1
	if *w.Score != 72 || *w.Price != 120 {
		t.Error("the week shares its figures with the facts")
	}
}

func TestWeekWithoutFigures(t *testing.T) {
	w := Week("2026-W49", at, nil, domain.WatchFacts{Title: "A flat"})
	if w.Score != nil || w.Price != nil || w.MarketMedian != nil || w.Comparables != 0 || w.Band != "" || w.Currency != "" {
		t.Errorf("a week with no figures read shows some: %+v", w)
	}
}

func TestBand(t *testing.T) {
	for _, c := range []struct {
		p    *float64
		want string
	}{
		{nil, ""}, {fp(0), domain.BandLow}, {fp(33.2), domain.BandLow}, {fp(33.3), domain.BandMiddle},
		{fp(66.6), domain.BandMiddle}, {fp(66.7), domain.BandHigh}, {fp(100), domain.BandHigh},
	} {
		if got := Band(c.p); got != c.want {
			t.Errorf("Band(%v) = %q, want %q", fmtp(c.p), got, c.want)
		}
	}
}

// premium is a Premium report as Generate leaves it, with a market.
func premium() *report.Result {
	return &report.Result{
		OverallScore:        ip(71),
		SectionScores:       analysis.SectionScores{Title: ip(80), Photos: ip(60), Pricing: ip(55)},
		OriginalTitle:       " Sunny loft ",
		OriginalDescription: "A bright loft.\n\nNear the sea.",
		ImageURLs:           []string{"https://x/1.jpg", "https://x/2.jpg"},
		Amenities:           []string{"Wifi", "Kitchen"},
		Actions: []analysis.Action{
			{Area: "photos", Priority: analysis.High, Finding: "Only 2 photos."},
			{Area: "title", Priority: analysis.Medium, Finding: "The title is short."},
		},
		PricingAnalysis: analysis.PricingAnalysis{Status: analysis.PricingCompared, Price: fp(120), Currency: "EUR",
			Comparables: 38, P50: fp(118), Percentile: fp(70)},
		MarketAnalysisData: &report.MarketAnalysis{Available: true, Source: "live", Currency: "EUR", PriceP50: 119,
			PricePercentile: fp(10), List: []report.Comparable{{URL: "https://www.airbnb.com/rooms/1"}, {URL: ""}, {URL: "https://www.airbnb.com/rooms/2"}}},
		ReviewAnalysis: analysis.ReviewAnalysis{ReviewCount: 57, Texts: 50, Complaints: []string{"noise"}},
		Listing:        &report.ListingRead{Facts: []report.ReadFact{{Key: "photos", Status: report.FactRead}, {Key: "amenities", Status: report.FactRead}}},
	}
}

func TestFacts(t *testing.T) {
	got := Facts(premium())
	want := domain.WatchFacts{
		Score:    ip(71),
		Sections: map[string]int{"title": 80, "photos": 60, "pricing": 55},
		High:     []string{"Only 2 photos."},
		Title:    "Sunny loft", Description: "A bright loft.\n\nNear the sea.", Words: 6,
		Photos: []string{"https://x/1.jpg", "https://x/2.jpg"}, Amenities: []string{"Wifi", "Kitchen"},
		// The market section's median, the pricing section's percentile
		// (the one the report states) and count of priced comparables.
		Price: fp(120), Currency: "EUR", Median: fp(119), Band: domain.BandHigh, PriceCount: 38,
		Comparables:       []string{"https://www.airbnb.com/rooms/1", "https://www.airbnb.com/rooms/2"},
		ComparablesSource: "live",
		ReviewCount:       57, ReviewTexts: 50, Complaints: []string{"noise"},
	}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		t.Errorf("Facts =\n%s\nwant\n%s", g, w)
	}
}

func TestFactsLeaveOutWhatWasNotReadWhole(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(r *report.Result)
		check func(f domain.WatchFacts) bool // true: right
	}{
		{"a lazy gallery's photos", func(r *report.Result) { r.Listing.Facts[0].Status = report.FactPartial },
			func(f domain.WatchFacts) bool { return f.Photos == nil && f.Amenities != nil }},
		{"the most popular facilities only", func(r *report.Result) { r.Listing.Facts[1].Status = report.FactPartial },
			func(f domain.WatchFacts) bool { return f.Amenities == nil && f.Photos != nil }},
		{"a description preview", func(r *report.Result) { r.DescriptionAnalysis.NotAssessed = true },
			func(f domain.WatchFacts) bool { return f.Description == "" && f.Words == 0 }},
		{"no price read: no band", func(r *report.Result) { r.PricingAnalysis.Price = nil },
			func(f domain.WatchFacts) bool { return f.Price == nil && f.Band == "" && f.Median != nil }},
		{"the market in another currency: its median not taken", func(r *report.Result) {
			r.MarketAnalysisData.Currency = "USD"
		}, func(f domain.WatchFacts) bool { return f.Median != nil && *f.Median == 118 && f.Currency == "EUR" }},
		{"no market section: the pricing section's median and percentile", func(r *report.Result) { r.MarketAnalysisData = nil },
			func(f domain.WatchFacts) bool {
				return f.Median != nil && *f.Median == 118 && f.Band == domain.BandHigh && f.Comparables == nil && f.ComparablesSource == ""
			}},
		{"no percentile in pricing: the market's", func(r *report.Result) { r.PricingAnalysis.Percentile = nil },
			func(f domain.WatchFacts) bool { return f.Band == domain.BandLow }},
		{"no comparables' prices: no median, no count", func(r *report.Result) {
			r.PricingAnalysis.P50, r.PricingAnalysis.Comparables, r.MarketAnalysisData.PriceP50 = nil, 0, 0
		}, func(f domain.WatchFacts) bool { return f.Median == nil && f.PriceCount == 0 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := premium()
			c.edit(r)
			if f := Facts(r); !c.check(f) {
				b, _ := json.Marshal(f)
				t.Errorf("facts: %s", b)
			}
		})
	}
	if f := Facts(nil); !reflect.DeepEqual(f, domain.WatchFacts{}) {
		t.Errorf("Facts(nil) = %+v", f)
	}
}

func fmtp(p *float64) string {
	if p == nil {
		return "nil"
	}
	return strconv.FormatFloat(*p, 'f', -1, 64)
}
