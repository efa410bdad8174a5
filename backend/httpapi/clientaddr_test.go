package httpapi

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"testing/fstest"
)

// hostingPolicy is production behind Firebase Hosting: Cloud Run's front
// end appends one X-Forwarded-For entry, and the edge (here 35.191.0.0/16)
// names the client in Fastly-Client-IP.
var hostingPolicy = ClientAddrPolicy{ProxyHops: 1, EdgeHeader: "Fastly-Client-IP",
	EdgePeers: []netip.Prefix{netip.MustParsePrefix("35.191.0.0/16")}}

// request builds a request as Cloud Run hands it over: X-Forwarded-For is
// whatever the caller sent plus the address the front end saw.
func request(sent, seen, edgeHeader string) *http.Request {
	r := httptest.NewRequest("POST", "/api/scrape", strings.NewReader(`{"url":"https://www.airbnb.com/rooms/48123456"}`))
	r.Header.Set("Content-Type", "application/json")
	r.RemoteAddr = "169.254.1.1:5555" // Cloud Run's own front end
	xff := seen
	if sent != "" {
		xff = sent + ", " + seen
	}
	r.Header.Set("X-Forwarded-For", xff)
	if edgeHeader != "" {
		r.Header.Set("Fastly-Client-IP", edgeHeader)
	}
	return r
}

func TestClientAddrPolicy(t *testing.T) {
	cases := []struct {
		name              string
		sent, seen, fastl string
		want              string
	}{
		{"through Hosting", "203.0.113.7", "35.191.4.9", "203.0.113.7", "203.0.113.7"},
		{"through Hosting, IPv6 client", "2001:db8::7", "35.191.4.9", "2001:db8::7", "2001:db8::7"},
		{"through Hosting, header lists a chain", "", "35.191.4.9", "203.0.113.8, 10.0.0.1", "203.0.113.8"},
		{"through Hosting, header garbage", "", "35.191.4.9", "not-an-ip", "35.191.4.9"},
		{"direct, forged header", "", "198.51.100.5", "203.0.113.99", "198.51.100.5"},
		{"direct, forged header and X-Forwarded-For prefix", "35.191.4.9, 203.0.113.99", "198.51.100.5", "203.0.113.99", "198.51.100.5"},
		{"direct, no header", "", "198.51.100.5", "", "198.51.100.5"},
	}
	for _, c := range cases {
		if got := hostingPolicy.Of(request(c.sent, c.seen, c.fastl)); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	// Without an edge configured the header is never read.
	if got := (ClientAddrPolicy{ProxyHops: 1}).Of(request("", "35.191.4.9", "203.0.113.7")); got != "35.191.4.9" {
		t.Errorf("no edge configured: %q", got)
	}
}

// TestRateLimitBucketsBehindHosting: through the Hosting edge every
// request comes from one of a few edge addresses; two hosts there still
// get a bucket each, and a caller of the public run.app URL cannot pick a
// fresh bucket by forging the edge's header.
func TestRateLimitBucketsBehindHosting(t *testing.T) {
	_, reader := newListingSite(t)
	h, err := NewServer(Deps{Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), Listings: reader, ClientAddr: hostingPolicy,
		Web: fstest.MapFS{"index.html": {Data: []byte(indexHTML)}}})
	if err != nil {
		t.Fatal(err)
	}
	status := func(r *http.Request) int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec.Code
	}
	for i := range scrapeBurst {
		if got := status(request("203.0.113.1", "35.191.4.9", "203.0.113.1")); got != 200 {
			t.Fatalf("host A's request %d through Hosting: %d", i+1, got)
		}
	}
	if got := status(request("203.0.113.1", "35.191.4.9", "203.0.113.1")); got != 429 {
		t.Errorf("host A over its limit: %d, want 429", got)
	}
	if got := status(request("203.0.113.2", "35.191.4.9", "203.0.113.2")); got != 200 {
		t.Errorf("host B behind the same edge address was limited with A: %d", got)
	}

	// Directly on run.app: a new forged header (and forged prefix) on every
	// request still lands in the caller's own bucket.
	for i := range scrapeBurst {
		if got := status(request("", "198.51.100.5", "")); got != 200 {
			t.Fatalf("direct request %d: %d", i+1, got)
		}
	}
	for _, forged := range []string{"203.0.113.50", "203.0.113.51"} {
		if got := status(request("35.191.4.9, "+forged, "198.51.100.5", forged)); got != 429 {
			t.Errorf("direct caller forging %s escaped its limit: %d", forged, got)
		}
	}
}
