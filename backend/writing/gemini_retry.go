package writing

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// genai.APIError carries no response headers, so the Retry-After of a 429
// or a 503 is read by a wrapper around the HTTP client's transport and
// handed back through the attempt's context: each order reads its own
// response's header, whatever the others are doing.

type retryHintKey struct{}

// retryHint is the wait an attempt's response asked for, if any.
type retryHint struct {
	mu    sync.Mutex
	after time.Duration
	set   bool
}

func (h *retryHint) store(d time.Duration) {
	h.mu.Lock()
	h.after, h.set = d, true
	h.mu.Unlock()
}

func (h *retryHint) load() (time.Duration, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.after, h.set
}

// withRetryHint returns ctx carrying a fresh hint for one attempt.
func withRetryHint(ctx context.Context) (context.Context, *retryHint) {
	h := &retryHint{}
	return context.WithValue(ctx, retryHintKey{}, h), h
}

// retryAfterTransport records the Retry-After of 429 and 503 responses in
// the request context's retryHint.
type retryAfterTransport struct {
	base http.RoundTripper
	now  func() time.Time
}

func (t retryAfterTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	if err != nil || (resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable) {
		return resp, err
	}
	if h, ok := r.Context().Value(retryHintKey{}).(*retryHint); ok {
		if d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), t.now()); ok {
			h.store(d)
		}
	}
	return resp, nil
}

// withRetryAfter is c (or a default client) with its transport wrapped;
// c itself is not changed.
func withRetryAfter(c *http.Client, now func() time.Time) *http.Client {
	out := &http.Client{}
	if c != nil {
		*out = *c
	}
	base := out.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	out.Transport = retryAfterTransport{base: base, now: now}
	return out
}

// parseRetryAfter reads a Retry-After value: delay seconds ("120") or an
// HTTP date, as a wait from now (never negative).
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(v); err == nil {
		if s < 0 {
			return 0, false
		}
		return time.Duration(s) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}
