//go:build !e2e

package main

import "log/slog"

// startProfiler: the release build serves no profiles (profile_e2e.go has
// the e2e build's, for the load run).
func startProfiler(func(string) string, *slog.Logger) error { return nil }
