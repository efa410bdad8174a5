//go:build !e2e

package main

import (
	"log/slog"
	"net/http"
	"time"
)

// clock is the server's time: the wall clock in the release build
// (clock_e2e.go has the e2e build's, which tests move forward).
type clock struct{}

func newClock() clock { return clock{} }

func (clock) Now() time.Time { return time.Now() }

// e2eControls: the release build serves no test controls.
func e2eControls(h http.Handler, _ clock, _ *paidFlow, _ *slog.Logger) http.Handler { return h }
