package livemarket_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/listing/airbnb"
	"github.com/listinglift/listinglift/backend/listing/airbnb/airbnbtest"
	"github.com/listinglift/listinglift/backend/livemarket"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/safehttptest"
)

// now is a fixed day, so the stay and the calendars are the same each run.
func now() time.Time { return time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC) }

// lisbon is the Lisbon fixture listing's query (2 bedrooms, 4 guests).
var lisbon = market.Query{Lat: 38.71139, Lng: -9.12957, RoomType: "Entire home/apt", Bedrooms: 2, Guests: 4, ExcludeID: "48123456"}

// site starts the fake Airbnb search and returns a Source reading it
// through the real safe client, allowed to reach only that server.
func site(t testing.TB, fake *airbnbtest.Server, o livemarket.Options) *livemarket.Source {
	t.Helper()
	mux := http.NewServeMux()
	fake.Routes(mux, nil)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	client := safehttptest.Allowing(t, safehttp.Options{}, srv)
	if o.Now == nil {
		o.Now = now
	}
	return livemarket.New(airbnb.NewAPI(client, airbnb.APIOptions{BaseURL: srv.URL}), o)
}

func TestComparablesAnywhere(t *testing.T) {
	fake := &airbnbtest.Server{}
	src := site(t, fake, livemarket.Options{})
	c, err := src.Comparables(context.Background(), lisbon)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Listings) < livemarket.DefaultMinComparables || len(c.Listings) > livemarket.DefaultMaxComparables {
		t.Fatalf("%d comparables, want %d–%d", len(c.Listings), livemarket.DefaultMinComparables, livemarket.DefaultMaxComparables)
	}
	if !c.Live() || c.Market != livemarket.MarketName || c.Snapshot != "2026-11-25" || c.Currency != "USD" {
		t.Errorf("source %q market %q snapshot %q currency %q", c.Source, c.Market, c.Snapshot, c.Currency)
	}
	if c.StayCheckin != "2026-12-09" || c.StayCheckout != "2026-12-12" {
		t.Errorf("stay %s–%s, want 2026-12-09–2026-12-12 (14 days ahead, 3 nights)", c.StayCheckin, c.StayCheckout)
	}
	// The radius widened past the first (too few within 2 km) and stopped
	// once there were enough.
	if c.RadiusKm <= livemarket.Radii[0] || c.RadiusKm > market.DefaultRadiusKm {
		t.Errorf("radius %v km", c.RadiusKm)
	}
	last := 0.0
	for _, l := range c.Listings {
		if l.ID == lisbon.ExcludeID {
			t.Error("the listing itself is among its comparables")
		}
		if l.DistanceKm < last || l.DistanceKm > c.RadiusKm {
			t.Errorf("%s at %v km: not nearest first within %v km", l.ID, l.DistanceKm, c.RadiusKm)
		}
		last = l.DistanceKm
		if l.Bedrooms < 1 || l.Bedrooms > 3 || l.RoomType != market.RoomEntire {
			t.Errorf("%s: %d bedrooms, %s: not comparable with a 2-bedroom entire home", l.ID, l.Bedrooms, l.RoomType)
		}
		fake := airbnbtest.Find(mustID(t, l.ID))
		if fake == nil || l.Price != fake.Price || l.Rating != fake.Rating || l.ReviewCount != fake.ReviewCount || l.Name != fake.Name {
			t.Errorf("%s read as price %v rating %v reviews %d %q; the site shows %+v", l.ID, l.Price, l.Rating, l.ReviewCount, l.Name, fake)
		}
		if fake.Favorite != l.GuestFavorite || !strings.HasPrefix(l.URL, "https://www.airbnb.com/rooms/") {
			t.Errorf("%s: guest favorite %v (site %v), url %q", l.ID, l.GuestFavorite, fake.Favorite, l.URL)
		}
	}
	// Calendars of the nearest 20, by month from today, past nights left out.
	asked := min(livemarket.DefaultCalendars, len(c.Listings))
	if c.CalendarsAsked != asked || c.CalendarsRead != asked || len(c.Months) != livemarket.DefaultCalendarMonths {
		t.Fatalf("calendars %d/%d, want %d; months %+v", c.CalendarsRead, c.CalendarsAsked, asked, c.Months)
	}
	if m := c.Months[0]; m.Month != "2026-11" || m.First != "2026-11-25" || m.Listings != asked || m.Nights != asked*6 || m.Unavailable == 0 || m.Unavailable == m.Nights {
		t.Errorf("first month %+v: want %d listings × 6 nights from the 25th, some booked", m, asked)
	}
	if len(c.Missing) != 0 {
		t.Errorf("missing %v with every call answered", c.Missing)
	}
}

func mustID(t *testing.T, id string) int64 {
	t.Helper()
	var n int64
	for _, r := range id {
		if r < '0' || r > '9' {
			t.Fatalf("id %q is not numeric", id)
		}
		n = n*10 + int64(r-'0')
	}
	return n
}

func TestComparablesSayWhatIsMissing(t *testing.T) {
	fake := &airbnbtest.Server{FailEvery: 2} // every other search or calendar call refused
	src := site(t, fake, livemarket.Options{})
	c, err := src.Comparables(context.Background(), lisbon)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Listings) < 5 {
		t.Fatalf("%d comparables with half the calls answered", len(c.Listings))
	}
	joined := strings.Join(c.Missing, "; ")
	for _, want := range []string{"search pages could not be read", "comparables' calendars could not be read"} {
		if !strings.Contains(joined, want) {
			t.Errorf("missing %q, want it to say %q", joined, want)
		}
	}
	// A partial answer is not cached: the next report asks again.
	calls := fake.Calls.Load()
	if _, err := src.Comparables(context.Background(), lisbon); err != nil {
		t.Fatal(err)
	}
	if fake.Calls.Load() == calls {
		t.Error("a partial answer was reused from the cache")
	}
}

func TestComparablesCachedPerAreaAndDay(t *testing.T) {
	fake := &airbnbtest.Server{}
	day := now()
	src := site(t, fake, livemarket.Options{Now: func() time.Time { return day }})
	first, err := src.Comparables(context.Background(), lisbon)
	if err != nil {
		t.Fatal(err)
	}
	calls := fake.Calls.Load()
	again, err := src.Comparables(context.Background(), lisbon)
	if err != nil {
		t.Fatal(err)
	}
	if fake.Calls.Load() != calls || len(again.Listings) != len(first.Listings) {
		t.Errorf("same area, same day: %d more calls", fake.Calls.Load()-calls)
	}
	again.Listings[0].Price = -1 // the caller's copy
	if third, _ := src.Comparables(context.Background(), lisbon); third.Listings[0].Price == -1 {
		t.Error("the cache hands out its own copy")
	}
	day = day.AddDate(0, 0, 1)
	if _, err := src.Comparables(context.Background(), lisbon); err != nil {
		t.Fatal(err)
	}
	if fake.Calls.Load() == calls {
		t.Error("the next day reused yesterday's search")
	}
}

func TestComparablesWithinTimeBudget(t *testing.T) {
	// Every call takes 300 ms; four at a time the calendars alone would
	// take 1.5 s. The step stops at its 1 s budget with what it has.
	fake := &airbnbtest.Server{Latency: 300 * time.Millisecond}
	budget := time.Second
	src := site(t, fake, livemarket.Options{Budget: budget})
	start := time.Now()
	c, err := src.Comparables(context.Background(), lisbon)
	elapsed := time.Since(start)
	if elapsed > budget+500*time.Millisecond {
		t.Errorf("the market step took %v with a %v budget", elapsed, budget)
	}
	if err != nil {
		// Nothing read in time is an error the report words; fine too.
		t.Logf("no comparables within the budget: %v", err)
		return
	}
	if !strings.Contains(strings.Join(c.Missing, "; "), "time limit") {
		t.Errorf("a cut-short search does not say so: %v", c.Missing)
	}
}

func TestComparablesNeverReachPrivateAddresses(t *testing.T) {
	// The production client refuses the fake site on loopback: nothing is
	// fetched, and the search fails rather than reading anything.
	fake := &airbnbtest.Server{}
	mux := http.NewServeMux()
	fake.Routes(mux, nil)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	src := livemarket.New(airbnb.NewAPI(safehttp.New(safehttp.Options{}), airbnb.APIOptions{BaseURL: srv.URL}), livemarket.Options{Now: now})
	_, err := src.Comparables(context.Background(), lisbon)
	if !errors.Is(err, safehttp.ErrBlocked) {
		t.Fatalf("err = %v, want the safe client's refusal", err)
	}
	if n := fake.Calls.Load(); n != 0 {
		t.Errorf("%d calls reached a loopback server", n)
	}
}

func TestComparablesCancelled(t *testing.T) {
	src := site(t, &airbnbtest.Server{Latency: time.Second}, livemarket.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := src.Comparables(ctx, lisbon); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want the caller's deadline", err)
	}
}

// A caller with less time than the step's budget (a report job's share
// for the market) gets, before its own deadline, what was read by then and
// the limit said, or an error that is a deadline: never its deadline cut
// through the answer.
func TestComparablesWithinTheCallersTime(t *testing.T) {
	fake := &airbnbtest.Server{Latency: 300 * time.Millisecond}
	src := site(t, fake, livemarket.Options{}) // the 20 s budget
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	c, err := src.Comparables(ctx, lisbon)
	if ctx.Err() != nil {
		t.Fatalf("the answer came after the caller's deadline (err %v)", err)
	}
	if err != nil {
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want one saying the time ran out", err)
		}
		return
	}
	if missing := strings.Join(c.Missing, "; "); !strings.Contains(missing, "stopped at its 1s time limit") {
		t.Errorf("a search cut short by the caller's time does not say so: %v", c.Missing)
	}
}
