// Package seam is the one door through which tests may loosen the safe
// fetcher's address policy. It is internal to safehttp, so only packages
// under backend/safehttp can reach it: safehttptest (which refuses to run
// outside a test binary) and e2esite (compiled only with the e2e build
// tag). No environment variable or configuration value reaches it, and
// TestProductionServerHasNoSeam proves the release server links neither.
package seam

import "net/netip"

// Hooks loosen or observe a client's dialing, for tests only.
type Hooks struct {
	// Allow reports addresses (with port) the client may connect to even
	// though the policy refuses them: the fixture servers of a test.
	Allow func(netip.AddrPort) bool
	// OnDial is called with every address the client is about to connect
	// to, after the policy allowed it.
	OnDial func(network, address string)
}

// Install is set by package safehttp when it initializes. It returns a copy
// of client (a *safehttp.Client) with h installed. It is typed with any
// because this package cannot import safehttp without a cycle.
var Install func(client any, h Hooks) any
