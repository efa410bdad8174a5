package ingest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/airbnb"
	"github.com/listinglift/listinglift/backend/listing/listingtest"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/safehttptest"
)

// routed sends every request to the fixture server, keeping path and query,
// through the real safe client (allowed to reach that server by the test
// seam). Production fetches canonical https URLs on the platforms' hosts.
type routed struct {
	base   *url.URL
	client *safehttp.Client
	seen   atomic.Int64
}

func (r *routed) Do(ctx context.Context, req safehttp.Request) (*safehttp.Response, error) {
	u, err := url.Parse(req.URL)
	if err != nil {
		return nil, err
	}
	r.seen.Add(1)
	u.Scheme, u.Host = r.base.Scheme, r.base.Host
	req.URL = u.String()
	return r.client.Do(ctx, req)
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type fixtureSite struct {
	srv     *httptest.Server
	fetcher *routed
	release chan struct{}
}

func newSite(t *testing.T) *fixtureSite {
	t.Helper()
	pages := map[string][]byte{
		"/rooms/48123456": readFile(t, "../airbnb/testdata/current.html"),
		"/rooms/22334455": readFile(t, "../airbnb/testdata/older.html"),
		// The same page as listing 6 (its own address rewritten, as a
		// real page names itself): its API calls fail.
		"/rooms/6":                           bytes.ReplaceAll(readFile(t, "../airbnb/testdata/current.html"), []byte("48123456"), []byte("6")),
		"/4417281":                           readFile(t, "../vrbo/testdata/listing.html"),
		"/hotel/jp/machiya-gion-hanare.html": readFile(t, "../booking/testdata/property.html"),
		// A region page served for a hotel link (pagecheck_test.go).
		"/hotel/mx/hotel-tlaxcala.html": bookingRegion,
	}
	calendar, reviews := readFile(t, "../airbnb/testdata/calendar.json"), readFile(t, "../airbnb/testdata/reviews.json")
	site := &fixtureSite{release: make(chan struct{})}
	site.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if b, ok := pages[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(b)
			return
		}
		switch {
		case strings.HasPrefix(r.URL.Path, "/api/v3/PdpAvailabilityCalendar/"):
			if strings.Contains(r.URL.RawQuery, "48123456") {
				w.Write(calendar)
				return
			}
			http.Error(w, "{}", http.StatusInternalServerError)
		case strings.HasPrefix(r.URL.Path, "/api/v3/StaysPdpReviewsQuery/"):
			if strings.Contains(r.URL.RawQuery, "U3RheUxpc3Rpbmc6NDgxMjM0NTY") {
				w.Write(reviews)
				return
			}
			http.Error(w, "{}", http.StatusForbidden)
		case r.URL.Path == "/rooms/404":
			http.NotFound(w, r)
		case r.URL.Path == "/rooms/403":
			http.Error(w, "Forbidden", http.StatusForbidden)
		case r.URL.Path == "/rooms/429":
			http.Error(w, "Too Many Requests", http.StatusTooManyRequests)
		case r.URL.Path == "/rooms/500":
			http.Error(w, "oops", http.StatusInternalServerError)
		case r.URL.Path == "/rooms/1":
			fmt.Fprint(w, `<html><head><title>Access Denied</title></head><body><div id="px-captcha"></div></body></html>`)
		case r.URL.Path == "/hotel/pt/waf.html":
			w.WriteHeader(http.StatusAccepted)
			fmt.Fprint(w, `<script src="https://x.token.awswaf.com/challenge.js"></script>`)
		case r.URL.Path == "/rooms/2":
			select {
			case <-site.release:
			case <-r.Context().Done():
			}
		case r.URL.Path == "/rooms/3":
			http.Redirect(w, r, "/s/homes?refinement_paths=/homes", http.StatusFound)
		case r.URL.Path == "/rooms/4":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		case r.URL.Path == "/rooms/5":
			fmt.Fprint(w, `<html><body>nothing here</body></html>`)
		case r.URL.Path == "/rooms/7":
			// A removed listing's shell: its query answered 403, its
			// title is the site's slogan.
			fmt.Fprintf(w, `<html><head><title>Airbnb | Vacation rentals, cabins, beach houses, &amp; more</title>
<meta property="og:url" content="https://www.airbnb.com/rooms/7"></head><body>
<script id="data-deferred-state-0" type="application/json">%s</script></body></html>`, errorState("U3RheUxpc3Rpbmc6Nw==", 403))
		case r.URL.Path == "/rooms/8":
			// Compressed bytes the client never asked for, as a bot wall
			// answers.
			w.Write(deflated(t, []byte(`<html><head><title>Bot or Not?</title></head><body>`+strings.Repeat("checking ", 200)+`</body></html>`)))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(func() { close(site.release); site.srv.Close() })
	base, _ := url.Parse(site.srv.URL)
	site.fetcher = &routed{base: base, client: safehttptest.Allowing(t, safehttp.Options{Timeout: 500 * time.Millisecond}, site.srv)}
	return site
}

func (s *fixtureSite) reader(deep bool) *Reader {
	return NewReader(s.fetcher, Options{
		DeepReads: deep, CalendarMonths: 2,
		AirbnbAPI: airbnb.APIOptions{BaseURL: "https://www.airbnb.com"}, // routed to the fixture like the page
		Now:       func() time.Time { return time.Date(2026, 5, 17, 12, 0, 0, 0, time.UTC) },
	})
}

func TestReadAirbnbWithDeepReads(t *testing.T) {
	site := newSite(t)
	l, err := site.reader(true).Read(context.Background(), "https://fr.airbnb.ca/rooms/48123456?utm_source=newsletter")
	if err != nil {
		t.Fatal(err)
	}
	tg, _ := listing.ParseURL("https://www.airbnb.com/rooms/48123456")
	listingtest.CheckInvariants(t, l, tg)
	if l.Title != "Sunny Alfama loft ☀️ river view & terrace" || l.Sources["title"] != listing.SourceEmbedded {
		t.Errorf("title %q from %q", l.Title, l.Sources["title"])
	}
	if len(l.Calendar) != 61 || l.Sources["calendar"] != listing.SourceAPI {
		t.Errorf("calendar: %d days from %q", len(l.Calendar), l.Sources["calendar"])
	}
	if len(l.Reviews) != 3 || l.Reviews[0].Language != "fr" || l.Sources["reviews"] != listing.SourceAPI {
		t.Errorf("reviews: %+v", l.Reviews)
	}
	if len(l.Warnings) != 0 {
		t.Errorf("warnings %q", l.Warnings)
	}
	resp := l.ScrapeResponse()
	if !resp.Success || resp.Title != l.Title || resp.Description != l.Description || resp.Error != "" {
		t.Errorf("scrape response %+v", resp)
	}
}

// TestDeepReadFailuresAreWarnings: a report must work without the
// calendar and reviews, so their failures never fail the read.
func TestDeepReadFailuresAreWarnings(t *testing.T) {
	site := newSite(t)
	l, err := site.reader(true).Read(context.Background(), "https://www.airbnb.com/rooms/6")
	if err != nil {
		t.Fatal(err)
	}
	if l.Title == "" || len(l.Calendar) != 0 || len(l.Reviews) != 0 {
		t.Errorf("title %q calendar %d reviews %d", l.Title, len(l.Calendar), len(l.Reviews))
	}
	want := []string{WarnCalendar, WarnReviews}
	if fmt.Sprint(l.Warnings) != fmt.Sprint(want) {
		t.Errorf("warnings %q, want %q", l.Warnings, want)
	}
	// The older page has no API key: no requests, same warnings.
	before := site.fetcher.seen.Load()
	l, err = site.reader(true).Read(context.Background(), "https://www.airbnb.com/rooms/22334455")
	if err != nil {
		t.Fatal(err)
	}
	if site.fetcher.seen.Load() != before+1 {
		t.Errorf("%d requests for a page without an API key, want only the page", site.fetcher.seen.Load()-before)
	}
	for _, w := range want {
		if !contains(l.Warnings, w) {
			t.Errorf("warnings %q lack %q", l.Warnings, w)
		}
	}
}

func TestReadOtherPlatforms(t *testing.T) {
	site := newSite(t)
	r := site.reader(true)
	for _, tc := range []struct{ url, title string }{
		{"https://www.vrbo.com/4417281ha?unitId=1", ""}, // 404 on the fixture: the ha id is another page
		{"https://www.vrbo.com/4417281", "Seaside Escape – Gulf-view home w/ private pool 🌊"},
		{"https://www.booking.com/hotel/jp/machiya-gion-hanare.ja.html?aid=1", "Machiya Gion Hanare"},
	} {
		l, err := r.Read(context.Background(), tc.url)
		if tc.title == "" {
			if domain.ErrorCode(err) != domain.CodeNotFound {
				t.Errorf("%s: err %v, want not found", tc.url, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.url, err)
			continue
		}
		if l.Title != tc.title || len(l.Calendar) != 0 {
			t.Errorf("%s: title %q calendar %d (deep reads are Airbnb only)", tc.url, l.Title, len(l.Calendar))
		}
	}
}

func TestReadFailuresMapToClientMessages(t *testing.T) {
	site := newSite(t)
	r := site.reader(false)
	tests := []struct {
		url  string
		code domain.Code
		msg  string
	}{
		{"https://www.example.com/rooms/1", domain.CodeInvalid, "Unsupported listing URL."},
		{"https://www.airbnb.com/users/show/1", domain.CodeInvalid, "doesn't point to a listing"},
		{"https://www.airbnb.com/rooms/404", domain.CodeNotFound, MsgNotFound},
		{"https://www.airbnb.com/rooms/403", domain.CodeUnavailable, MsgBlocked},
		{"https://www.airbnb.com/rooms/429", domain.CodeUnavailable, MsgBlocked},
		{"https://www.airbnb.com/rooms/1", domain.CodeUnavailable, MsgBlocked},
		{"https://www.booking.com/hotel/pt/waf.html", domain.CodeUnavailable, MsgBlocked},
		{"https://www.airbnb.com/rooms/2", domain.CodeUnavailable, MsgTimeout},
		{"https://www.airbnb.com/rooms/3", domain.CodeNotFound, MsgNotFound},
		{"https://www.airbnb.com/rooms/4", domain.CodeInvalid, MsgDestination},
		{"https://www.airbnb.com/rooms/5", domain.CodeUnavailable, MsgFailed},
		{"https://www.airbnb.com/rooms/7", domain.CodeNotFound, MsgNotFound},
		{"https://www.airbnb.com/rooms/8", domain.CodeUnavailable, MsgBlocked},
		{"https://www.airbnb.com/s/Lisbon/homes", domain.CodeInvalid, "a search page, not one listing"},
		{"https://www.airbnb.com/rooms/500", domain.CodeUnavailable, MsgFailed},
	}
	for _, tt := range tests {
		_, err := r.Read(context.Background(), tt.url)
		var de *domain.Error
		if !errors.As(err, &de) {
			t.Errorf("%s: err %v is not a domain error", tt.url, err)
			continue
		}
		if de.Code != tt.code || !strings.Contains(de.Message, tt.msg) {
			t.Errorf("%s: %s %q, want %s %q", tt.url, de.Code, de.Message, tt.code, tt.msg)
		}
	}
}

func TestLooksBlocked(t *testing.T) {
	for page, want := range map[string]bool{
		`<html><title>Access Denied</title>`:                                true,
		`<script src="https://geo.captcha-delivery.com/captcha/"></script>`: true,
		`<div class="g-recaptcha">`:                                         true,
		`<html><title>Sunny loft</title></html>`:                            false,
		``:                                                                  false,
	} {
		if got := LooksBlocked([]byte(page)); got != want {
			t.Errorf("LooksBlocked(%q) = %v", page, got)
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
