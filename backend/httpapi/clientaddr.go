package httpapi

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ClientAddrPolicy decides which address a request comes from, for the
// per-address rate limits.
//
// Behind Cloud Run's front end the connection's peer is Google's; the
// front end appends the address it saw to X-Forwarded-For, which a caller
// cannot forge (anything the caller sends stands further left). So with
// ProxyHops = 1 the rightmost entry is the caller — on the public run.app
// URL. Behind Firebase Hosting it is not: Hosting's edge is that caller,
// X-Forwarded-For arrives as "<client>, <edge>", and every visitor would
// share the few edge addresses' buckets. Raising ProxyHops would reach
// "<client>", but then anyone calling run.app directly could choose their
// own bucket by sending a forged prefix.
//
// So the edge's own client-address header (EdgeHeader, e.g.
// Fastly-Client-IP, which Hosting's CDN sets) is believed only when the
// hop Cloud Run saw — the address ProxyHops selects — is one of the edge's
// (EdgePeers). A direct caller's hop is its own address, never the edge's,
// so its copy of the header is ignored, and the decision needs no secret
// Hosting could not send. With no EdgeHeader the edge is not trusted at all.
type ClientAddrPolicy struct {
	ProxyHops  int            // TRUSTED_PROXY_HOPS
	EdgeHeader string         // EDGE_CLIENT_IP_HEADER ("" = no edge)
	EdgePeers  []netip.Prefix // EDGE_PEER_RANGES: the edge's addresses as Cloud Run sees them
}

// Of is the address r comes from.
func (p ClientAddrPolicy) Of(r *http.Request) string {
	hop := p.hop(r)
	if p.EdgeHeader == "" || !p.fromEdge(hop) {
		return hop
	}
	// The edge may list several addresses; the first is the client's.
	v, _, _ := strings.Cut(r.Header.Get(p.EdgeHeader), ",")
	if a, err := netip.ParseAddr(strings.TrimSpace(v)); err == nil {
		return a.Unmap().String()
	}
	return hop
}

// hop is the address the trusted proxies saw: the ProxyHops-th entry from
// the right of X-Forwarded-For, or the connection's peer.
func (p ClientAddrPolicy) hop(r *http.Request) string {
	if p.ProxyHops > 0 {
		var parts []string
		for _, h := range r.Header.Values("X-Forwarded-For") {
			for _, part := range strings.Split(h, ",") {
				if part = strings.TrimSpace(part); part != "" {
					parts = append(parts, part)
				}
			}
		}
		if i := len(parts) - p.ProxyHops; i >= 0 && i < len(parts) {
			return parts[i]
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (p ClientAddrPolicy) fromEdge(hop string) bool {
	a, err := netip.ParseAddr(hop)
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, pre := range p.EdgePeers {
		if pre.Contains(a) {
			return true
		}
	}
	return false
}
