//go:build e2e

// Package e2esite exists only in the end-to-end test build of the server
// (go build -tags e2e): it sends every listing fetch to a local fixture site
// (cmd/fixturesite), so browser tests drive the real server, the real safe
// client and the real parsers with only the listing site itself faked.
//
// Production cannot turn it on: release builds do not use the e2e tag, so
// this package is not in the binary at all, and the server built with the
// tag refuses to start with APP_ENV=production.
package e2esite

import (
	"context"
	"fmt"
	"net/netip"
	"net/url"

	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/internal/seam"
)

// Routed fetches every URL from the fixture site at one loopback address,
// keeping path and query.
type Routed struct {
	site   *url.URL
	client *safehttp.Client
}

// New returns a fetcher for the fixture site at addr ("127.0.0.1:port").
// Only that address is let through the policy; every other check stays.
func New(addr string, o safehttp.Options) (*Routed, error) {
	ap, err := netip.ParseAddrPort(addr)
	if err != nil || !ap.Addr().IsLoopback() {
		return nil, fmt.Errorf("e2esite: %q must be a loopback ip:port", addr)
	}
	c := seam.Install(safehttp.New(o), seam.Hooks{Allow: func(a netip.AddrPort) bool { return a == ap }}).(*safehttp.Client)
	return &Routed{site: &url.URL{Scheme: "http", Host: addr}, client: c}, nil
}

// Do fetches req from the fixture site.
func (r *Routed) Do(ctx context.Context, req safehttp.Request) (*safehttp.Response, error) {
	u, err := url.Parse(req.URL)
	if err != nil {
		return nil, err
	}
	u.Scheme, u.Host = r.site.Scheme, r.site.Host
	req.URL = u.String()
	return r.client.Do(ctx, req)
}
