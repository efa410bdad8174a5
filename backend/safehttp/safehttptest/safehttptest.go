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
