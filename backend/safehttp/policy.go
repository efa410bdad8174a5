package safehttp

import (
	"net/netip"
	"strings"
)

// blocked lists every range a user-supplied URL must never reach, beyond
// what netip's own predicates (loopback, link-local, multicast, unspecified)
// already catch. Sources: the IANA IPv4 and IPv6 Special-Purpose Address
// Registries. Ranges that embed an IPv4 address (NAT64, 6to4, Teredo) are
// refused whole, because the embedded address could be a private one.
var blocked = mustPrefixes(
	// IPv4
	"0.0.0.0/8",       // "this network"
	"10.0.0.0/8",      // private
	"100.64.0.0/10",   // carrier-grade NAT (shared address space)
	"127.0.0.0/8",     // loopback
	"169.254.0.0/16",  // link-local, including 169.254.169.254 cloud metadata
	"172.16.0.0/12",   // private
	"192.0.0.0/24",    // IETF protocol assignments
	"192.0.2.0/24",    // documentation (TEST-NET-1)
	"192.88.99.0/24",  // 6to4 relay anycast (deprecated)
	"192.168.0.0/16",  // private
	"198.18.0.0/15",   // benchmarking
	"198.51.100.0/24", // documentation (TEST-NET-2)
	"203.0.113.0/24",  // documentation (TEST-NET-3)
	"224.0.0.0/4",     // multicast
	"240.0.0.0/4",     // reserved, including 255.255.255.255 broadcast
	// IPv6
	"::/96",          // unspecified, loopback and deprecated IPv4-compatible
	"::ffff:0:0/96",  // IPv4-mapped (we unmap first; this is belt and braces)
	"64:ff9b::/96",   // NAT64 well-known prefix
	"64:ff9b:1::/48", // local-use NAT64
	"100::/64",       // discard-only
	"2001::/23",      // IETF protocol assignments, Teredo included
	"2001:db8::/32",  // documentation
	"2002::/16",      // 6to4
	"3fff::/20",      // documentation
	"5f00::/16",      // segment routing SIDs
	"fc00::/7",       // unique local
	"fe80::/10",      // link-local
	"fec0::/10",      // site-local (deprecated)
	"ff00::/8",       // multicast
)

func mustPrefixes(ss ...string) []netip.Prefix {
	ps := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		ps[i] = netip.MustParsePrefix(s)
	}
	return ps
}

// IsPublic reports whether a is an address a user-supplied URL may reach:
// a global unicast address outside every special-purpose range. IPv4-mapped
// IPv6 addresses (::ffff:127.0.0.1) are judged as the IPv4 address they
// carry, and addresses with a zone are never public.
func IsPublic(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsValid() || a.Zone() != "" || !a.IsGlobalUnicast() {
		return false
	}
	for _, p := range blocked {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// allowedPort reports whether port is one a listing site answers on.
func allowedPort(port uint16) bool { return port == 80 || port == 443 }

// blockedName reports host names that only ever mean "this machine" or "this
// private network", refused before any DNS lookup. The dial-time address
// check is what actually protects us; refusing these early gives a clearer
// error and avoids leaking lookups of internal names.
func blockedName(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "" || !strings.Contains(host, ".") {
		// A single-label name is resolved through the search domains of
		// whatever network we run in: never a public site.
		return true
	}
	for _, suffix := range []string{"localhost", "local", "internal", "localdomain", "home.arpa", "lan", "intranet", "corp"} {
		if host == suffix || strings.HasSuffix(host, "."+suffix) {
			return true
		}
	}
	// Numeric spellings that some resolvers (getaddrinfo) turn into
	// addresses: 2130706433, 0x7f.1, 0177.0.0.1, 127.1. No real domain has a
	// numeric last label.
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" || strings.HasPrefix(last, "0x") || strings.Trim(last, "0123456789") == "" {
		if _, err := netip.ParseAddr(host); err != nil {
			return true
		}
	}
	return false
}
