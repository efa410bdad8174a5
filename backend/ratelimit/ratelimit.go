// Package ratelimit keeps per-client token buckets in memory, so one client
// cannot make the API fetch listing pages (or anything costly) without end.
// Each Cloud Run instance limits on its own; that is enough to stop a single
// client hammering us, which is what it is for.
package ratelimit

import (
	"sync"
	"time"
)

// Limiter allows each key Burst requests at once and Rate more per second.
type Limiter struct {
	rate    float64 // tokens per second
	burst   float64
	maxKeys int
	now     func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// New returns a limiter of perMinute requests per key with bursts of burst.
// It keeps at most maxKeys buckets; when full, idle ones are dropped first.
func New(perMinute, burst, maxKeys int, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{
		rate: float64(perMinute) / 60, burst: float64(burst), maxKeys: maxKeys,
		now: now, buckets: map[string]*bucket{},
	}
}

// Allow takes a token for key. When none is left it reports false and how
// long until one will be.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= l.maxKeys {
			l.evict(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	return false, wait
}

// evict drops buckets that have refilled completely (they hold no state a
// new bucket would not), and if that frees nothing, the stalest half.
func (l *Limiter) evict(now time.Time) {
	full := time.Duration(l.burst / l.rate * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.last) >= full {
			delete(l.buckets, k)
		}
	}
	if len(l.buckets) < l.maxKeys {
		return
	}
	var cutoff time.Time
	for _, b := range l.buckets {
		if cutoff.IsZero() || b.last.Before(cutoff) {
			cutoff = b.last
		}
	}
	cutoff = cutoff.Add(now.Sub(cutoff) / 2)
	for k, b := range l.buckets {
		if b.last.Before(cutoff) || len(l.buckets) >= l.maxKeys {
			delete(l.buckets, k)
		}
	}
}
