package writing

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/listinglift/listinglift/backend/logging"
)

// modelContext bounds the model's attempts: Total, and what is left of
// ctx's deadline minus Margin, so the job keeps time for the work after
// the copy. left is the time the model gets; short is true when the
// caller's deadline leaves it less than MinTime, too little to ask.
func (g *Gemini) modelContext(ctx context.Context) (mctx context.Context, cancel context.CancelFunc, left time.Duration, short bool) {
	left = g.cfg.Total
	if d, ok := ctx.Deadline(); ok {
		if rest := time.Until(d) - g.cfg.Margin; rest < left {
			left, short = max(rest, 0), rest < g.cfg.MinTime
		}
	}
	mctx, cancel = context.WithTimeout(ctx, left)
	return mctx, cancel, left, short
}

// failed records a write in which the model gave no usable answer: every
// part is the built-in writer's. The log line names the reason (never the
// listing's text) and the running counts, for an operator.
func (g *Gemini) failed(req Request, reason string, err error) {
	rate, n, alert := g.stats.add(true)
	g.cfg.Logger.Warn("copy model failed; built-in copy used", logging.Event(logging.EventCopyFallback), "reason", reason, "err", err.Error(),
		"listing", listingRef(req), "fallbacks", rate.fallbacks, "writes", rate.writes, "window_rate", fmt.Sprintf("%.2f", rate.window), "window", n)
	g.alert(alert, rate, n)
}

// answered records a write the model answered; rejections are the parts
// the fact checker refused, by part, each with why.
func (g *Gemini) answered(req Request, c Copy, rejections map[string]error) {
	fellBack := len(rejections) > 0
	rate, n, alert := g.stats.add(fellBack)
	if !fellBack {
		g.cfg.Logger.Info("copy model answered; its copy passed the fact checks", "writers", fmt.Sprint(c.Writers), "listing", listingRef(req),
			"fallbacks", rate.fallbacks, "writes", rate.writes, "window_rate", fmt.Sprintf("%.2f", rate.window), "window", n)
	}
	if fellBack {
		parts := make([]string, 0, len(rejections))
		reasons := make([]string, 0, len(rejections))
		for p := range rejections {
			parts = append(parts, p)
		}
		sort.Strings(parts)
		for _, p := range parts {
			reasons = append(reasons, p+": "+checkName(rejections[p]))
		}
		g.cfg.Logger.Warn("copy model answer failed the fact checks; built-in copy used for those parts", logging.Event(logging.EventCopyFallback), "reason", strings.Join(reasons, "; "),
			"parts", strings.Join(parts, ","), "writers", fmt.Sprint(c.Writers), "listing", listingRef(req),
			"fallbacks", rate.fallbacks, "writes", rate.writes, "window_rate", fmt.Sprintf("%.2f", rate.window), "window", n)
	}
	g.alert(alert, rate, n)
}

// alert logs the ERROR line the fallback-rate alert matches, once each
// time the rate crosses the threshold.
func (g *Gemini) alert(crossed bool, rate fallbackRate, n int) {
	if crossed {
		g.cfg.Logger.Error("copy model fallback rate high", logging.Event(logging.EventCopyFallbackRateHigh), "window_rate", fmt.Sprintf("%.2f", rate.window), "window", n,
			"threshold", FallbackAlertRate, "fallbacks", rate.fallbacks, "writes", rate.writes)
	}
}

// checkName is the kind of check an error failed, without the copy it
// quotes: the sentinel's words before the detail ("names an amenity the
// listing does not have").
func checkName(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	for e := errors.Unwrap(err); e != nil; e = errors.Unwrap(e) {
		msg = e.Error()
	}
	if i := strings.Index(msg, ":"); i > 0 {
		msg = msg[:i]
	}
	return msg
}

// listingRef names the listing in a log line by its site and id, never
// its text.
func listingRef(req Request) string {
	if req.Listing == nil {
		return ""
	}
	return string(req.Listing.Platform) + ":" + req.Listing.ID
}

// fallbackStats counts writes and the ones that fell back, in all and
// over the last FallbackWindow.
type fallbackStats struct {
	mu        sync.Mutex
	writes    int
	fallbacks int
	recent    []bool
	alerting  bool
}

type fallbackRate struct {
	writes, fallbacks int
	window            float64
}

// add records one write; crossed is true when the window's rate has just
// passed FallbackAlertRate (with at least half a window of writes).
func (s *fallbackStats) add(fellBack bool) (r fallbackRate, n int, crossed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writes++
	if fellBack {
		s.fallbacks++
	}
	s.recent = append(s.recent, fellBack)
	if len(s.recent) > FallbackWindow {
		s.recent = s.recent[1:]
	}
	bad := 0
	for _, b := range s.recent {
		if b {
			bad++
		}
	}
	n = len(s.recent)
	r = fallbackRate{writes: s.writes, fallbacks: s.fallbacks, window: float64(bad) / float64(n)}
	high := n >= FallbackWindow/2 && r.window > FallbackAlertRate
	crossed = high && !s.alerting
	s.alerting = high
	return r, n, crossed
}
