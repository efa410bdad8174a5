// Package safehttptest lets tests point a safehttp.Client at local fixture
// servers, which the production policy refuses (loopback, any port).
//
// Why this cannot be turned on in production: the only way to loosen the
// policy is safehttp/internal/seam, which Go lets only safehttp's own tree
// import; this package takes a testing.TB and panics unless
// testing.Testing() reports a test binary (the tree's other user, e2esite,
// exists only in the e2e build). No environment variable, flag or
// configuration value reaches the seam.
package safehttptest

import (
	"context"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"sync"
	"testing"

	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/internal/seam"
)

// Seam says what a test client may reach beyond the policy.
type Seam struct {
	// Allow lists "ip:port" addresses (the test's fixture servers) the
	// client may connect to. Nothing else is loosened.
	Allow []string
	// OnDial, when set, is told every address the client connects to.
	OnDial func(network, address string)
}

// New returns a client with o's settings and s's exceptions.
func New(tb testing.TB, o safehttp.Options, s Seam) *safehttp.Client {
	tb.Helper()
	if !testing.Testing() {
		panic("safehttptest: used outside a test binary")
	}
	allow := map[netip.AddrPort]bool{}
	for _, a := range s.Allow {
		ap, err := netip.ParseAddrPort(a)
		if err != nil {
			tb.Fatalf("safehttptest: allow %q: %v", a, err)
		}
		allow[ap] = true
	}
	var mu sync.Mutex
	h := seam.Hooks{
		Allow: func(ap netip.AddrPort) bool {
			mu.Lock()
			defer mu.Unlock()
			return allow[ap]
		},
		OnDial: s.OnDial,
	}
	return seam.Install(safehttp.New(o), h).(*safehttp.Client)
}

// Allowing returns a client that may reach exactly the given test servers.
func Allowing(tb testing.TB, o safehttp.Options, servers ...*httptest.Server) *safehttp.Client {
	tb.Helper()
	var s Seam
	for _, srv := range servers {
		u, err := url.Parse(srv.URL)
		if err != nil {
			tb.Fatal(err)
		}
		s.Allow = append(s.Allow, u.Host)
	}
	return New(tb, o, s)
}

// Routed is a fetcher that sends every request to one test server, keeping
// path and query: a listing's page, its calendar and its comparables'
// search, all answered by srv as the sites would.
type Routed struct {
	base   *url.URL
	client *safehttp.Client
}

// RouteTo returns a Routed fetcher for srv through a client that may reach
// only srv (Allowing).
func RouteTo(tb testing.TB, o safehttp.Options, srv *httptest.Server) Routed {
	tb.Helper()
	base, err := url.Parse(srv.URL)
	if err != nil {
		tb.Fatal(err)
	}
	return Routed{base: base, client: Allowing(tb, o, srv)}
}

// Do implements ingest.Fetcher.
func (r Routed) Do(ctx context.Context, req safehttp.Request) (*safehttp.Response, error) {
	u, err := url.Parse(req.URL)
	if err != nil {
		return nil, err
	}
	u.Scheme, u.Host = r.base.Scheme, r.base.Host
	req.URL = u.String()
	return r.client.Do(ctx, req)
}
