package livemarket_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/listinglift/listinglift/backend/listing/airbnb/airbnbtest"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/livemarket"
	"github.com/listinglift/listinglift/backend/livemarket/bookingtest"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/safehttptest"
)

// bookingSite stands in for www.booking.com: /searchresults.html answers
// with one saved real page and status, and records the query it was asked.
type bookingSite struct {
	page   []byte
	status int
	calls  atomic.Int32
	query  atomic.Value // url.Values of the last call
}

func (b *bookingSite) start(t *testing.T, o livemarket.BookingOptions) *livemarket.BookingSource {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/searchresults.html", func(w http.ResponseWriter, r *http.Request) {
		b.calls.Add(1)
		b.query.Store(r.URL.Query())
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(b.status)
		_, _ = w.Write(b.page)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	o.BaseURL = srv.URL
	if o.Now == nil {
		o.Now = now
	}
	return livemarket.NewBooking(safehttptest.Allowing(t, safehttp.Options{}, srv), o)
}

// nice is a Booking.com listing's query near the saved Nice search's point.
var nice = market.Query{Lat: 43.7102, Lng: 7.262, RoomType: "Entire home/apt", Bedrooms: 1, Guests: 2, Platform: "booking"}

// TestBookingSourceReadsTheSearchPage: the live Booking.com search asks
// for the map search around the listing for the standard stay, and reads
// the real Nice results page it gets to its 25 properties priced in
// euros; a second report the same day reuses the answer.
func TestBookingSourceReadsTheSearchPage(t *testing.T) {
	site := &bookingSite{page: listingtest.RealPage(t, "booking-search/booking-2026-listingproof-searchresults-fr-nice-latlong-dated.worker.html"), status: http.StatusOK}
	src := site.start(t, livemarket.BookingOptions{})
	c, err := src.Comparables(context.Background(), nice)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Listings) != 25 || c.Currency != "EUR" || c.Market != livemarket.BookingMarketName || !c.Live() {
		t.Fatalf("%d comparables in %q from %q (live %v)", len(c.Listings), c.Currency, c.Market, c.Live())
	}
	q := site.query.Load().(interface{ Get(string) string })
	for k, want := range map[string]string{"dest_type": "latlong", "latitude": "43.71020", "longitude": "7.26200",
		"checkin": "2026-12-09", "checkout": "2026-12-12", "group_adults": "2", "no_rooms": "1"} {
		if got := q.Get(k); got != want {
			t.Errorf("search asked %s=%q, want %q", k, got, want)
		}
	}
	if _, err := src.Comparables(context.Background(), nice); err != nil || site.calls.Load() != 1 {
		t.Errorf("second search the same day: err %v, %d calls to the site", err, site.calls.Load())
	}
}

// TestBookingSourceChallengeIsUnavailable: Booking.com's real bot
// challenge (HTTP 202) is ErrUnavailable with its reason, not a failure
// and not zero comparables; it is not cached, so a later report tries
// again.
func TestBookingSourceChallengeIsUnavailable(t *testing.T) {
	site := &bookingSite{page: listingtest.RealPage(t, "not-listings/booking-2026-listingproof-search-challenge-202.html"), status: http.StatusAccepted}
	src := site.start(t, livemarket.BookingOptions{})
	for range 2 {
		c, err := src.Comparables(context.Background(), nice)
		if !errors.Is(err, livemarket.ErrUnavailable) || c != nil {
			t.Fatalf("comparables %v, err %v; want ErrUnavailable", c, err)
		}
	}
	if n := site.calls.Load(); n != 2 {
		t.Errorf("%d calls; an unavailable answer must not be cached", n)
	}
}

// TestBookingSourceThroughTheGuard: the production client refuses a
// search host on a private address, and a search without a map position
// is not sent at all.
func TestBookingSourceThroughTheGuard(t *testing.T) {
	site := &bookingSite{page: []byte("<html></html>"), status: http.StatusOK}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) { site.calls.Add(1) })
	srv := httptest.NewServer(mux)
	defer srv.Close()
	src := livemarket.NewBooking(safehttp.New(safehttp.Options{}), livemarket.BookingOptions{BaseURL: srv.URL, Now: now})
	if _, err := src.Comparables(context.Background(), nice); !errors.Is(err, safehttp.ErrBlocked) {
		t.Errorf("err = %v, want the safe client's refusal", err)
	}
	if _, err := src.Comparables(context.Background(), market.Query{Platform: "booking"}); err == nil {
		t.Error("a search without a position was answered")
	}
	if n := site.calls.Load(); n != 0 {
		t.Errorf("%d calls reached a loopback server", n)
	}
}

// TestPlatformsRouteBySite: a Booking.com listing's live search goes to
// Booking.com's search, any other to Airbnb's.
func TestPlatformsRouteBySite(t *testing.T) {
	bs := &bookingSite{page: listingtest.RealPage(t, "booking-search/booking-2026-listingproof-searchresults-fr-paris-latlong-dated.tab.html"), status: http.StatusOK}
	p := livemarket.Platforms{Airbnb: nil, Booking: bs.start(t, livemarket.BookingOptions{})}
	c, err := p.Comparables(context.Background(), nice)
	if err != nil || c.Market != livemarket.BookingMarketName {
		t.Fatalf("booking listing: %v, %v", c, err)
	}
	p.Airbnb = site(t, &airbnbtest.Server{}, livemarket.Options{})
	q := lisbon
	q.Platform = "airbnb"
	if c, err := p.Comparables(context.Background(), q); err != nil || c.Market != livemarket.MarketName {
		t.Fatalf("airbnb listing: %v, %v", c, err)
	}
	if bs.calls.Load() != 1 {
		t.Errorf("%d Booking.com searches; want 1", bs.calls.Load())
	}
}

// TestFixtureBookingSearchReads: the fixture site's made-up Booking.com
// search (bookingtest) is read by the same parser as the real pages: a
// Kyoto search gives its 25 properties priced in yen for the stay asked.
func TestFixtureBookingSearchReads(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /searchresults.html", bookingtest.Handler)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	src := livemarket.NewBooking(safehttptest.Allowing(t, safehttp.Options{}, srv), livemarket.BookingOptions{BaseURL: srv.URL, Now: now})
	c, err := src.Comparables(context.Background(), market.Query{Lat: 35.0037, Lng: 135.7752, RoomType: "Entire home/apt", Platform: "booking"})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Listings) != bookingtest.Count || c.Currency != "JPY" || c.StayCheckin != "2026-12-09" || c.StayCheckout != "2026-12-12" {
		t.Fatalf("%d comparables in %q for %s–%s", len(c.Listings), c.Currency, c.StayCheckin, c.StayCheckout)
	}
	for _, l := range c.Listings {
		if l.Price <= 0 || l.Currency != "JPY" || l.DistanceKm > 2.5 {
			t.Errorf("comparable %+v", l)
		}
	}
}
