package watch_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/numfmt"
	"github.com/listinglift/listinglift/backend/racetest"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/watch"
)

// The real pages other people saved (../shared/real-pages), each read as a
// saved page is and reported on as a Premium order's weekly check is
// (report.Generate with the built-in writer, no market), then set against
// itself and against variants of the same listing made in memory — the
// host edited the title, took a photo down, removed an amenity, changed the
// price. Each must give exactly the change the host made, with its
// evidence, and the page against itself nothing: on Airbnb, Booking.com
// and Vrbo, in English, Portuguese, Spanish, Italian, French and Dutch.

var now = func() time.Time { return time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC) }

// variant is one edit a host makes on the page between two weeks, and the
// change the watch must report for it. edit reports false when the page
// has nothing to edit (no photos read, say); want is "" when the edit must
// not be reported (the page showed only part of the field, so the watch
// does not compare it).
type variant struct {
	name string
	// section is the score section the edit is judged in: the report may
	// judge the edited field anew (11 photos → 10 crosses a count the
	// Photos score weighs), and that section's score and the listing
	// score moving with it are the edit's own consequence, reported too.
	section string
	edit    func(l *listing.Listing) bool
	want    func(prev, cur domain.WatchFacts) (domain.ChangeKind, string, string)
}

// recase is a host's edit of a title that leaves its length and words as
// they were, so the title's judgement stays put: its last word
// capitalised (or, already so, lower-cased). False when the last word
// starts with no letter.
func recase(title string) (string, bool) {
	words := strings.Fields(title)
	if len(words) == 0 {
		return title, false
	}
	last := []rune(words[len(words)-1])
	if up := unicode.ToUpper(last[0]); up != last[0] {
		last[0] = up
	} else if low := unicode.ToLower(last[0]); low != last[0] {
		last[0] = low
	} else {
		return title, false
	}
	// The title's own spacing kept: only its last word is rewritten.
	i := strings.LastIndex(title, words[len(words)-1])
	return title[:i] + string(last) + title[i+len(words[len(words)-1]):], true
}

// priced gives a listing whose page showed no price (no dates chosen) the
// one a page with dates shows, so the price variant has a price to change;
// a page with its own price keeps it.
func priced(l *listing.Listing) {
	if l.Price == nil || l.Price.Amount <= 0 {
		l.Price = &listing.Price{Amount: 140, Currency: "EUR", Period: "night"}
	}
}

var variants = []variant{
	{"title edited", "title",
		func(l *listing.Listing) bool {
			t, ok := recase(l.Title)
			l.Title = t
			return ok
		},
		func(prev, cur domain.WatchFacts) (domain.ChangeKind, string, string) {
			return domain.ChangeTitle, prev.Title, cur.Title
		}},
	{"photo dropped", "photos",
		func(l *listing.Listing) bool {
			if len(l.Photos) < 2 {
				return false
			}
			l.Photos = slices.Delete(slices.Clone(l.Photos), 1, 2)
			return true
		},
		func(prev, cur domain.WatchFacts) (domain.ChangeKind, string, string) {
			if prev.Photos == nil {
				return "", "", "" // a partial gallery is not compared
			}
			return domain.ChangePhotos, fmt.Sprintf("%d photos", len(prev.Photos)), fmt.Sprintf("%d photos", len(prev.Photos)-1)
		}},
	{"amenity removed", "amenities",
		func(l *listing.Listing) bool {
			// The last available amenity on the list, as a host unticks
			// one: a minor one, so the scores stay put.
			for i := len(l.Amenities) - 1; i >= 0; i-- {
				if l.Amenities[i].Available {
					l.Amenities = slices.Delete(slices.Clone(l.Amenities), i, i+1)
					return true
				}
			}
			return false
		},
		func(prev, cur domain.WatchFacts) (domain.ChangeKind, string, string) {
			if prev.Amenities == nil {
				return "", "", ""
			}
			return domain.ChangeAmenities, fmt.Sprintf("%d amenities", len(prev.Amenities)), fmt.Sprintf("%d amenities", len(prev.Amenities)-1)
		}},
	{"price changed", "pricing",
		func(l *listing.Listing) bool {
			l.Price.Amount = l.Price.Amount + 25
			return true
		},
		func(prev, cur domain.WatchFacts) (domain.ChangeKind, string, string) {
			return domain.ChangePrice, moneyOf(prev), moneyOf(cur)
		}},
}

func moneyOf(f domain.WatchFacts) string {
	if f.Price == nil {
		return "(no price)"
	}
	return numfmt.Money(*f.Price, f.Currency)
}

// TestRealPagesWeekToWeek: every real listing page, as it is, then as each
// variant edits it.
func TestRealPagesWeekToWeek(t *testing.T) {
	racetest.WithoutRace(t, racetest.StepRealPages, "every real page and its variants reported on, week to week")
	listingtest.RealPagesDir(t) // skips the whole test, saying why, where ../shared is not beside the checkout
	for _, p := range listingtest.RealListings {
		name := strings.TrimSuffix(filepath.Base(p.File), filepath.Ext(p.File))
		t.Run(name, func(t *testing.T) {
			l, err := ingest.ReadSaved(listingtest.RealPage(t, p.File), p.URL, "")
			if err != nil {
				t.Fatalf("%s: %v", p.File, err)
			}
			priced(l)
			first := facts(t, l)
			if first.Title == "" || first.Score == nil || first.Price == nil {
				t.Fatalf("the page's report gives no title, score or price to watch: %+v", first)
			}

			// The same page read again a week later: figures, no change.
			again := facts(t, copyOf(t, l))
			w := watch.Week("2026-W50", now(), &first, again)
			if len(w.Changes) != 0 {
				t.Errorf("the page against itself: %d changes: %+v", len(w.Changes), w.Changes)
			}
			if w.Score == nil || *w.Score != *first.Score || w.Price == nil || *w.Price != *first.Price || w.Currency != first.Currency {
				t.Errorf("the week's figures are not the page's: score %v price %v %s", w.Score, w.Price, w.Currency)
			}

			for _, v := range variants {
				t.Run(v.name, func(t *testing.T) {
					edited := copyOf(t, l)
					if !v.edit(edited) {
						t.Skipf("%s: nothing on the page to edit", v.name)
					}
					cur := facts(t, edited)
					w := watch.Week("2026-W50", now(), &first, cur)
					checkWhat(t, w.Changes)
					kind, before, after := v.want(first, cur)
					if kind == "" {
						if len(w.Changes) != 0 {
							t.Errorf("a field the page shows only in part was compared: %+v", w.Changes)
						}
						t.Logf("%s: the page shows the field only in part: not compared", v.name)
						return
					}
					var own []domain.WatchChange
					for _, c := range w.Changes {
						switch {
						case c.Kind == kind:
							own = append(own, c)
						case c.Kind == domain.ChangeScore,
							c.Kind == domain.ChangeSection && strings.Contains(c.What, " "+analysis.ScoreName(v.section)+" score "):
							t.Logf("%s: its consequence: %s", v.name, c.What)
						default:
							t.Errorf("a change the edit did not make: [%s] %s (%q → %q)", c.Kind, c.What, c.Before, c.After)
						}
					}
					if len(own) != 1 {
						t.Fatalf("%d %s changes, want exactly one: %s", len(own), kind, describe(w.Changes))
					}
					c := own[0]
					if c.Before != before || c.After != after {
						t.Errorf("change = %s %q → %q, want %q → %q (%s)", c.Kind, c.Before, c.After, before, after, c.What)
					}
					t.Logf("%s: %s (%s → %s)", v.name, c.What, c.Before, c.After)
				})
			}
		})
	}
}

// facts are the watch's facts of l's Premium report.
func facts(t *testing.T, l *listing.Listing) domain.WatchFacts {
	t.Helper()
	r, err := report.Generate(context.Background(), report.Input{Listing: l, Plan: domain.PlanPremium, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return watch.Facts(r)
}

// copyOf is a deep copy of l, as a second read of the same page gives.
func copyOf(t *testing.T, l *listing.Listing) *listing.Listing {
	t.Helper()
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	var out listing.Listing
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

// checkWhat fails t for a change whose What is not one plain sentence.
func checkWhat(t *testing.T, cs []domain.WatchChange) {
	t.Helper()
	for _, c := range cs {
		if !watch.OneSentence(c.What) {
			t.Errorf("What is not one plain sentence: %q", c.What)
		}
	}
}

func describe(cs []domain.WatchChange) string {
	var s []string
	for _, c := range cs {
		s = append(s, fmt.Sprintf("[%s] %s (%q → %q)", c.Kind, c.What, c.Before, c.After))
	}
	return strings.Join(s, "; ")
}

// liveMarket is today's search around a listing (report.LiveMarket) as a
// fixed answer: comparables near the listing's own position, of its room
// type and size, priced around its price in its currency.
type liveMarket struct {
	currency string
	comps    []market.Listing
}

func (m liveMarket) Comparables(_ context.Context, q market.Query) (*market.Comparables, error) {
	out := make([]market.Listing, len(m.comps))
	for i, c := range m.comps {
		c.Lat, c.Lng = q.Lat+float64(i+1)*0.001, q.Lng
		c.RoomType, c.Bedrooms = q.RoomType, q.Bedrooms
		out[i] = c
	}
	return &market.Comparables{Market: "Test search", Snapshot: "2026-12-07", RadiusKm: 5, Listings: out,
		RoomType: q.RoomType, Source: market.SourceLive, Currency: m.currency}, nil
}

// around are 30 comparables priced from 60% to 147% of price, nearest
// first.
func around(price float64) []market.Listing {
	var out []market.Listing
	for i := range 30 {
		out = append(out, market.Listing{ID: fmt.Sprint(9000 + i), Name: fmt.Sprintf("Comparable %d", i+1),
			URL: fmt.Sprintf("https://www.airbnb.com/rooms/%d", 9000+i), Price: math.Round(price * (0.6 + 0.03*float64(i))),
			Rating: 4.7, ReviewCount: 20 + i, DistanceKm: float64(i+1) * 0.1})
	}
	return out
}

// TestRealPagesMarketWeekToWeek: the real listings whose report places
// them among today's comparables, week to week: the same market gives no
// change; two comparables replaced by others at the same prices gives
// exactly that (how many appeared and left, with their addresses); every
// price around the listing and the listing's own 10% up gives the price
// and the median moved, and nothing else (its place among them is the
// same).
func TestRealPagesMarketWeekToWeek(t *testing.T) {
	racetest.WithoutRace(t, racetest.StepRealPages, "every real page reported on with its market, week to week")
	listingtest.RealPagesDir(t) // skips the whole test, saying why, where ../shared is not beside the checkout
	compared := 0
	for _, p := range listingtest.RealListings {
		name := strings.TrimSuffix(filepath.Base(p.File), filepath.Ext(p.File))
		t.Run(name, func(t *testing.T) {
			l, err := ingest.ReadSaved(listingtest.RealPage(t, p.File), p.URL, "")
			if err != nil {
				t.Fatalf("%s: %v", p.File, err)
			}
			priced(l)
			cur := l.Price.Currency
			m := liveMarket{currency: cur, comps: around(l.Price.Amount)}
			first, note := marketFacts(t, l, m)
			if first.Median == nil || first.Band == "" {
				t.Skipf("the report did not place the listing among comparables: %s", note)
			}
			compared++
			if first.ComparablesSource != market.SourceLive || len(first.Comparables) != 30 || first.PriceCount != 30 {
				t.Fatalf("facts of the market: source %q, %d comparables, %d priced", first.ComparablesSource, len(first.Comparables), first.PriceCount)
			}

			same, _ := marketFacts(t, copyOf(t, l), m)
			if w := watch.Week("2026-W50", now(), &first, same); len(w.Changes) != 0 {
				t.Errorf("the same market: %s", describe(w.Changes))
			}

			swapped := liveMarket{currency: cur, comps: around(l.Price.Amount)}
			swapped.comps[3].URL, swapped.comps[7].URL = "https://www.airbnb.com/rooms/7001", "https://www.airbnb.com/rooms/7002"
			next, _ := marketFacts(t, copyOf(t, l), swapped)
			w := watch.Week("2026-W50", now(), &first, next)
			checkWhat(t, w.Changes)
			if len(w.Changes) != 1 || w.Changes[0].Kind != domain.ChangeComparables ||
				w.Changes[0].What != "2 new listings appeared among the comparable listings near yours, and 2 left them." ||
				w.Changes[0].After != "https://www.airbnb.com/rooms/7001 https://www.airbnb.com/rooms/7002" ||
				w.Changes[0].Before != "https://www.airbnb.com/rooms/9003 https://www.airbnb.com/rooms/9007" {
				t.Errorf("two comparables replaced: %s", describe(w.Changes))
			}

			up := copyOf(t, l)
			up.Price.Amount = math.Round(l.Price.Amount * 1.1)
			next, _ = marketFacts(t, up, liveMarket{currency: cur, comps: around(up.Price.Amount)})
			w = watch.Week("2026-W50", now(), &first, next)
			checkWhat(t, w.Changes)
			var kinds []domain.ChangeKind
			for _, c := range w.Changes {
				kinds = append(kinds, c.Kind)
			}
			if !slices.Equal(kinds, []domain.ChangeKind{domain.ChangePrice, domain.ChangeMarketMedian}) {
				t.Errorf("prices 10%% up: %s", describe(w.Changes))
			} else {
				t.Logf("%s; %s", w.Changes[0].What, w.Changes[1].What)
			}
		})
	}
	if compared < 3 {
		t.Errorf("only %d real pages were placed among comparables; the market changes are not tested on several", compared)
	}
}

// marketFacts are the watch's facts of l's Premium report with today's
// comparables from m, and the report's market note (why it has no market
// figures, when it has none).
func marketFacts(t *testing.T, l *listing.Listing, m liveMarket) (domain.WatchFacts, string) {
	t.Helper()
	r, err := report.Generate(context.Background(), report.Input{Listing: l, Plan: domain.PlanPremium, Now: now, Live: m})
	if err != nil {
		t.Fatal(err)
	}
	return watch.Facts(r), r.MarketAnalysisData.Note
}

// TestRealPagesTitleEditedOnThePage: the title edit made on the saved page
// itself (everywhere the page carries the title: its markup, its escaped
// attributes, its JSON), so the week's read goes through the page's reader
// as a live read does. The watch reports the title, before → after as the
// two reads give them; and, where the page's description carries the
// title too (a hotel's name on Booking.com), the description reworded —
// nothing else.
func TestRealPagesTitleEditedOnThePage(t *testing.T) {
	racetest.WithoutRace(t, racetest.StepRealPages, "every real page read and reported on twice")
	listingtest.RealPagesDir(t) // skips the whole test, saying why, where ../shared is not beside the checkout
	for _, p := range listingtest.RealListings {
		name := strings.TrimSuffix(filepath.Base(p.File), filepath.Ext(p.File))
		t.Run(name, func(t *testing.T) {
			page := listingtest.RealPage(t, p.File)
			l, err := ingest.ReadSaved(page, p.URL, "")
			if err != nil {
				t.Fatalf("%s: %v", p.File, err)
			}
			edited, ok := recase(l.Title)
			if !ok {
				t.Skipf("the title %q ends in no word to edit", l.Title)
			}
			changed := page
			for _, form := range []func(string) string{func(s string) string { return s }, html.EscapeString, jsonString} {
				changed = bytes.ReplaceAll(changed, []byte(form(l.Title)), []byte(form(edited)))
			}
			l2, err := ingest.ReadSaved(changed, p.URL, "")
			if err != nil {
				t.Fatalf("the edited page: %v", err)
			}
			if l2.Title != edited {
				t.Fatalf("the edited page reads as %q, want %q", l2.Title, edited)
			}
			first, cur := facts(t, l), facts(t, l2)
			w := watch.Week("2026-W50", now(), &first, cur)
			checkWhat(t, w.Changes)
			want := []domain.ChangeKind{domain.ChangeTitle}
			if strings.Contains(l.Description, l.Title) {
				want = append(want, domain.ChangeDescription)
			}
			var kinds []domain.ChangeKind
			var title domain.WatchChange
			for _, c := range w.Changes {
				switch {
				case c.Kind == domain.ChangeScore,
					c.Kind == domain.ChangeSection && strings.Contains(c.What, " "+analysis.ScoreName("title")+" score "):
					t.Logf("its consequence: %s", c.What) // the title judged anew, as in TestRealPagesWeekToWeek
					continue
				case c.Kind == domain.ChangeTitle:
					title = c
				}
				kinds = append(kinds, c.Kind)
			}
			if !slices.Equal(kinds, want) {
				t.Fatalf("changes %v, want %v: %s", kinds, want, describe(w.Changes))
			}
			if title.Before != first.Title || title.After != edited {
				t.Errorf("title %q → %q, want %q → %q", title.Before, title.After, first.Title, edited)
			}
			t.Logf("%s", describe(w.Changes))
		})
	}
}

// jsonString is s as a JSON string's inside, as Go writes it (&, <, >
// escaped).
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}
