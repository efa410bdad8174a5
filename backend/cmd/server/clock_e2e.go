//go:build e2e

package main

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"
)

// clock, in the e2e test build only, is the wall clock moved forward by
// what the browser tests ask (POST /__e2e/clock): a watch's weeks pass in
// seconds. The release build has the wall clock alone (clock.go).
type clock struct {
	mu     *sync.Mutex
	offset *time.Duration
}

func newClock() clock { return clock{mu: &sync.Mutex{}, offset: new(time.Duration)} }

func (c clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(*c.offset)
}

func (c clock) advance(d time.Duration) time.Time {
	c.mu.Lock()
	*c.offset += d
	c.mu.Unlock()
	return c.Now()
}

// e2eControls serves, in the e2e build, what the browser tests move:
//
//	POST /__e2e/clock {"advance": "168h"}: the server's clock goes forward;
//	POST /__e2e/watch-run: the watch scheduler's run, now (the local
//	server's ticker does it every minute).
func e2eControls(h http.Handler, c clock, flow *paidFlow, log *slog.Logger) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /__e2e/clock", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Advance string `json:"advance"`
		}
		d, err := time.Duration(0), json.NewDecoder(r.Body).Decode(&req)
		if err == nil {
			d, err = time.ParseDuration(req.Advance)
		}
		if err != nil || d < 0 {
			http.Error(w, `send {"advance": "168h"}`, http.StatusBadRequest)
			return
		}
		now := c.advance(d)
		log.Warn("e2e clock moved forward", "by", d.String(), "now", now)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"now": now})
	})
	mux.HandleFunc("POST /__e2e/watch-run", func(w http.ResponseWriter, r *http.Request) {
		n, err := flow.orders.QueueDueWatches(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"queued": n})
	})
	mux.Handle("/", h)
	return mux
}
