//go:build e2e

package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
)

// startProfiler, in the e2e test build only, serves Go's profiles
// (/debug/pprof/…) on PPROF_ADDR, a loopback address, so `make bench`'s
// load run can see where the time goes. Unset, nothing listens. The release
// build has no profiler at all (profile.go).
func startProfiler(getenv func(string) string, log *slog.Logger) error {
	addr := getenv("PPROF_ADDR")
	if addr == "" {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("PPROF_ADDR=%s: the profiler listens on a loopback address only (127.0.0.1:PORT)", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("PPROF_ADDR=%s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	go func() { _ = http.Serve(ln, mux) }()
	log.Warn("profiler listening (e2e build)", "addr", ln.Addr().String())
	return nil
}
