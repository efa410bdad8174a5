package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/safehttptest"
)

// listingSite stands in for the listing sites: it serves the Airbnb fixture
// page, and the real safe client reaches it through the test seam.
type listingSite struct {
	hits    atomic.Int64
	release chan struct{} // when non-nil, pages wait for it
	gone    atomic.Bool   // the listing was taken down: its page is 404
	retitle atomic.Value  // a string: the host's new title, served from then on
	// improved: the host also added 3 photos and ticked air conditioning
	// (served from then on).
	improved atomic.Bool
}

// morePhotos are three photos the host added after the report: the
// fixture's last photo, then three more of the same form.
var morePhotos = func() []byte {
	last := `"baseUrl":"https://a0.muscache.com/im/pictures/miso/Hosting-48123456/original/1a2b3c4d-0004.jpeg","accessibilityLabel":"","orientation":"LANDSCAPE","imageMetadata":{"__typename":"ImageMetadata","isProfessional":true}}`
	out := last
	for i := 5; i <= 7; i++ {
		out += fmt.Sprintf(`,{"__typename":"Image","id":"150000000%d","baseUrl":"https://a0.muscache.com/im/pictures/miso/Hosting-48123456/original/1a2b3c4d-000%d.jpeg","accessibilityLabel":"Room %d","orientation":"LANDSCAPE","imageMetadata":{"__typename":"ImageMetadata","isProfessional":true}}`, i, i, i)
	}
	return []byte(out)
}()

// newTitle is the fixture listing's title after the host rewrote it.
const newTitle = "Alfama loft with river-view terrace, tram at the door"

func newListingSite(t testing.TB) (*listingSite, *ingest.Reader) {
	t.Helper()
	page, err := os.ReadFile("../listing/airbnb/testdata/current.html")
	if err != nil {
		t.Fatal(err)
	}
	sparse, err := os.ReadFile("../listing/airbnb/testdata/sparse.html")
	if err != nil {
		t.Fatal(err)
	}
	// The other demo listings, at the paths cmd/fixturesite serves them.
	others := map[string]string{"/rooms/22334455": "airbnb/testdata/older.html", "/4417281": "vrbo/testdata/listing.html",
		"/hotel/jp/machiya-gion-hanare.html": "booking/testdata/property.html"}
	otherPages := map[string][]byte{}
	for path, file := range others {
		b, err := os.ReadFile("../listing/" + file)
		if err != nil {
			t.Fatal(err)
		}
		otherPages[path] = b
	}
	site := &listingSite{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		site.hits.Add(1)
		if site.release != nil {
			<-site.release
		}
		switch {
		case r.URL.Path == "/rooms/48123456" && !site.gone.Load():
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			body := page
			if title, _ := site.retitle.Load().(string); title != "" {
				body = bytes.ReplaceAll(page, []byte("Sunny Alfama loft ☀️ river view & terrace"), []byte(title))
				body = bytes.ReplaceAll(body, []byte("Sunny Alfama loft ☀️ river view &amp; terrace"), []byte(title))
			}
			if site.improved.Load() {
				last := []byte(`"baseUrl":"https://a0.muscache.com/im/pictures/miso/Hosting-48123456/original/1a2b3c4d-0004.jpeg","accessibilityLabel":"","orientation":"LANDSCAPE","imageMetadata":{"__typename":"ImageMetadata","isProfessional":true}}`)
				body = bytes.ReplaceAll(body, last, morePhotos)
				body = bytes.ReplaceAll(body, []byte(`"title":"Air conditioning","subtitle":"","available":false,"icon":"SYSTEM_NO_AIR_CONDITIONING"`),
					[]byte(`"title":"Air conditioning","subtitle":"","available":true,"icon":"SYSTEM_AIR_CONDITIONING"`))
			}
			_, _ = w.Write(body)
		case r.URL.Path == "/rooms/50000001":
			// A page read only from its summary tags (title, a preview),
			// naming this listing (as the fixture site serves it).
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(bytes.ReplaceAll(sparse, []byte("48123456"), []byte("50000001")))
		case otherPages[r.URL.Path] != nil:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write(otherPages[r.URL.Path])
		case r.URL.Path == "/rooms/403":
			http.Error(w, "denied", http.StatusForbidden)
		case r.URL.Path == "/rooms/777":
			// The site answers a listing link with its search page.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write([]byte(`<html><head><title>Lisbon · Stays</title><link rel="canonical" href="https://www.airbnb.com/s/Lisbon/homes"></head></html>`))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return site, ingest.NewReader(safehttptest.RouteTo(t, safehttp.Options{}, srv), ingest.Options{})
}

func scrapeServer(t *testing.T, reader ListingReader) http.Handler {
	t.Helper()
	h, err := NewServer(Deps{
		Logger:   slog.New(slog.NewJSONHandler(io.Discard, nil)),
		Listings: reader,
		Web:      fstest.MapFS{"index.html": {Data: []byte(indexHTML)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func postScrape(h http.Handler, body, ip string) (int, map[string]any, http.Header) {
	req := httptest.NewRequest("POST", "/api/scrape", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if strings.Contains(ip, ":") {
		req.RemoteAddr = "[" + ip + "]:5555"
	} else {
		req.RemoteAddr = ip + ":5555"
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out, rec.Header()
}

func TestScrape(t *testing.T) {
	site, reader := newListingSite(t)
	h := scrapeServer(t, reader)

	cases := []struct {
		name, body string
		status     int
		errHas     string
	}{
		{"empty", `{"url":""}`, 400, "Please enter a listing URL."},
		{"not json", `{"url":`, 400, "valid JSON"},
		{"unsupported site", `{"url":"https://example.com/rooms/1"}`, 400, "Airbnb"},
		{"not a url", `{"url":"hello there"}`, 400, "listing's link"},
		{"private address", `{"url":"http://169.254.169.254/latest/meta-data"}`, 400, "Airbnb"},
		{"missing listing", `{"url":"https://www.airbnb.com/rooms/999"}`, 404, "couldn't find that listing"},
		{"blocked", `{"url":"https://www.airbnb.com/rooms/403"}`, 503, "blocked"},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, body, _ := postScrape(h, tc.body, fmt.Sprintf("10.0.0.%d", i))
			if status != tc.status || body["success"] != false || !strings.Contains(fmt.Sprint(body["error"]), tc.errHas) {
				t.Errorf("got %d %v, want %d with an error containing %q", status, body, tc.status, tc.errHas)
			}
		})
	}

	before := site.hits.Load()
	status, body, _ := postScrape(h, `{"url":"https://www.airbnb.co.uk/rooms/48123456?utm_source=x&adults=2"}`, "10.0.1.1")
	if status != 200 || body["success"] != true || body["error"] != "" {
		t.Fatalf("scrape: %d %v", status, body)
	}
	if body["title"] == "" || body["description"] == "" || body["listing"].(map[string]any)["id"] != "48123456" {
		t.Errorf("scrape response lacks title, description or listing: %v", body)
	}
	// The same listing by another URL form comes from the cache.
	_, again, _ := postScrape(h, `{"url":"https://www.airbnb.com/rooms/48123456"}`, "10.0.1.2")
	if again["cached"] != true || site.hits.Load() != before+1 {
		t.Errorf("second scrape of the same listing fetched again (hits %d→%d, cached=%v)", before, site.hits.Load(), again["cached"])
	}
}

// Concurrent scrapes of one listing fetch its page once.
func TestScrapeCoalescesConcurrentReads(t *testing.T) {
	site, reader := newListingSite(t)
	site.release = make(chan struct{})
	h := scrapeServer(t, reader)
	var wg sync.WaitGroup
	results := make(chan int, 5)
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, _, _ := postScrape(h, `{"url":"https://www.airbnb.com/rooms/48123456"}`, fmt.Sprintf("10.0.2.%d", i))
			results <- status
		}()
	}
	time.Sleep(200 * time.Millisecond) // let all five reach the flight
	close(site.release)
	wg.Wait()
	close(results)
	for s := range results {
		if s != 200 {
			t.Errorf("status %d", s)
		}
	}
	if n := site.hits.Load(); n != 1 {
		t.Errorf("listing page fetched %d times, want 1", n)
	}
}

func TestScrapeRateLimitPerClient(t *testing.T) {
	_, reader := newListingSite(t)
	h := scrapeServer(t, reader)
	for i := range scrapeBurst {
		if status, _, _ := postScrape(h, `{"url":"https://www.airbnb.com/rooms/48123456"}`, "10.0.3.1"); status != 200 {
			t.Fatalf("request %d within the burst: %d", i+1, status)
		}
	}
	status, body, hdr := postScrape(h, `{"url":"https://www.airbnb.com/rooms/48123456"}`, "10.0.3.1")
	if status != 429 || !strings.Contains(fmt.Sprint(body["error"]), "Too many") || hdr.Get("Retry-After") == "" {
		t.Errorf("over the limit: %d %v Retry-After=%q", status, body, hdr.Get("Retry-After"))
	}
	if status, _, _ := postScrape(h, `{"url":"https://www.airbnb.com/rooms/48123456"}`, "10.0.3.2"); status != 200 {
		t.Errorf("another client was limited too: %d", status)
	}
	// An IPv6 client cannot escape by rotating addresses within its /64.
	for i := range scrapeBurst {
		postScrape(h, `{"url":"https://www.airbnb.com/rooms/48123456"}`, fmt.Sprintf("2001:db8:1:2::%x", i+1))
	}
	if status, _, _ := postScrape(h, `{"url":"https://www.airbnb.com/rooms/48123456"}`, "2001:db8:1:2::ffff"); status != 429 {
		t.Errorf("fresh address in the same /64 got %d, want 429", status)
	}
	if status, _, _ := postScrape(h, `{"url":"https://www.airbnb.com/rooms/48123456"}`, "2001:db8:1:3::1"); status != 200 {
		t.Errorf("another /64 was limited too: %d", status)
	}
}

// Only JSON bodies: a cross-site text/plain or form POST is refused.
func TestScrapeNeedsJSON(t *testing.T) {
	_, reader := newListingSite(t)
	h := scrapeServer(t, reader)
	for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded", ""} {
		req := httptest.NewRequest("POST", "/api/scrape", strings.NewReader(`{"url":"https://www.airbnb.com/rooms/48123456"}`))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusUnsupportedMediaType || !strings.Contains(rec.Body.String(), "JSON") {
			t.Errorf("Content-Type %q: %d %s", ct, rec.Code, rec.Body.String())
		}
	}
}

func TestClientIP(t *testing.T) {
	cases := []struct {
		remote string
		xff    []string
		hops   int
		want   string
	}{
		{"1.2.3.4:80", nil, 0, "1.2.3.4"},
		{"1.2.3.4:80", []string{"9.9.9.9"}, 0, "1.2.3.4"},           // no proxy trusted: header ignored
		{"10.0.0.1:80", []string{"6.6.6.6, 5.5.5.5"}, 1, "5.5.5.5"}, // forged left entry ignored
		{"10.0.0.1:80", []string{"6.6.6.6", "5.5.5.5, 7.7.7.7"}, 2, "5.5.5.5"},
		{"10.0.0.1:80", []string{"5.5.5.5"}, 3, "10.0.0.1"}, // fewer entries than hops
		{"[::1]:80", nil, 0, "::1"},
	}
	for _, tc := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := (ClientAddrPolicy{ProxyHops: tc.hops}).Of(r); got != tc.want {
			t.Errorf("clientIP(%s, %v, %d) = %q, want %q", tc.remote, tc.xff, tc.hops, got, tc.want)
		}
	}
}

// coverageMarket is market data that covers every listing with 20
// comparables in "Lisbon, Portugal".
type coverageMarket struct{}

func (coverageMarket) Comparables(_ context.Context, q market.Query) (*market.Comparables, error) {
	c := &market.Comparables{Market: "Lisbon, Portugal", Snapshot: "2026-03-01"}
	for i := range 20 {
		c.Listings = append(c.Listings, market.Listing{ID: fmt.Sprint(i), Lat: q.Lat, Lng: q.Lng, Price: 100})
	}
	return c, nil
}
func (coverageMarket) Listing(context.Context, string) (*market.Listing, error) {
	return nil, domain.Errorf(domain.CodeNotFound, "not in the data")
}
func (coverageMarket) Calendar(context.Context, string) ([]market.CalendarDay, error) {
	return nil, nil
}
func (coverageMarket) Reviews(context.Context, string, int) ([]market.Review, error) { return nil, nil }

// The scrape answer says what a report will cover before the host pays:
// the market data and its comparables, or that there is none and why.
func TestScrapeSaysWhatTheReportWillCover(t *testing.T) {
	_, reader := newListingSite(t)
	const lisbon = `{"url":"https://www.airbnb.com/rooms/48123456"}`
	for _, tc := range []struct {
		name   string
		market report.Market
		want   map[string]any
	}{
		{"market data", coverageMarket{}, map[string]any{"market": "inside_airbnb", "market_name": "Lisbon, Portugal", "comparables": 20.0}},
		{"none", nil, map[string]any{"market": "none", "note": report.MsgNoMarket, "comparables": 0.0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := NewServer(Deps{Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), Listings: reader, Market: tc.market,
				Web: fstest.MapFS{"index.html": {Data: []byte(indexHTML)}}})
			if err != nil {
				t.Fatal(err)
			}
			status, body, _ := postScrape(h, lisbon, "10.9.0.1")
			cov, _ := body["coverage"].(map[string]any)
			if status != 200 || cov == nil {
				t.Fatalf("%d %v", status, body)
			}
			for k, v := range tc.want {
				if cov[k] != v {
					t.Errorf("coverage.%s = %v, want %v", k, cov[k], v)
				}
			}
			if cov["photos"].(float64) < 1 || cov["reviews"] != true {
				t.Errorf("coverage of the page: %v", cov)
			}
		})
	}
}
