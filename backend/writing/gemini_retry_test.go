package writing

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// recordWaits makes g record its waits between attempts instead of
// sleeping them.
func recordWaits(g *Gemini) *[]time.Duration {
	var waits []time.Duration
	g.wait = func(_ context.Context, d time.Duration) error {
		waits = append(waits, d)
		return nil
	}
	return &waits
}

// TestGeminiHonoursRetryAfter: a 429 or 503 with a Retry-After (delay
// seconds or an HTTP date) is retried after that wait, not the backoff;
// one asking for more than the model's budget falls back at once, without
// waiting or asking again.
func TestGeminiHonoursRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	good := geminitest.Answer(geminiOutput{Titles: goodTitles[:3], Description: goodDescription, AmenityCopy: "Wifi and a kitchen."})
	for _, c := range []struct {
		name     string
		code     int
		value    string
		wantWait time.Duration // 0: no retry
		calls    int
		note     string
	}{
		{"429 seconds", http.StatusTooManyRequests, "7", 7 * time.Second, 2, ""},
		{"503 HTTP date", http.StatusServiceUnavailable, now.Add(10 * time.Second).Format(http.TimeFormat), 10 * time.Second, 2, ""},
		{"429 past date", http.StatusTooManyRequests, now.Add(-time.Minute).Format(http.TimeFormat), 0, 2, ""},
		{"429 beyond the budget", http.StatusTooManyRequests, "120", -1, 1, "asked to retry after 2m0s, more than the 45s left"},
		{"503 date beyond the budget", http.StatusServiceUnavailable, now.Add(time.Hour).Format(http.TimeFormat), -1, 1, "asked to retry after 1h0m0s"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := geminitest.New(t, geminitest.RetryAfter(c.code, c.value, good))
			g := newWriter(t, f, GeminiConfig{Timeout: 2 * time.Second, Backoff: 300 * time.Millisecond, Now: func() time.Time { return now }})
			waits := recordWaits(g)
			req := request(loft(), BasicTitles)
			out, err := g.Write(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if f.Calls() != c.calls {
				t.Errorf("%d calls, want %d", f.Calls(), c.calls)
			}
			if c.wantWait < 0 {
				if len(*waits) != 0 {
					t.Errorf("waited %v before falling back", *waits)
				}
				assertFallback(t, out, req, c.note)
				return
			}
			if len(*waits) != 1 || (*waits)[0] != c.wantWait {
				t.Errorf("waits = %v, want [%s] (the server's, not the 300ms backoff)", *waits, c.wantWait)
			}
			if out.Writers[PartDescription] != NameGemini {
				t.Errorf("writers = %v", out.Writers)
			}
		})
	}
}

// Without a Retry-After the backoff applies.
func TestGeminiBackoffWithoutRetryAfter(t *testing.T) {
	f := geminitest.New(t, geminitest.Sequence(geminitest.Error(http.StatusTooManyRequests, "RESOURCE_EXHAUSTED"),
		geminitest.Answer(geminiOutput{Titles: goodTitles[:3], Description: goodDescription, AmenityCopy: "Wifi and a kitchen."})))
	g := newWriter(t, f, GeminiConfig{Timeout: 2 * time.Second, Backoff: 300 * time.Millisecond})
	waits := recordWaits(g)
	if _, err := g.Write(context.Background(), request(loft(), BasicTitles)); err != nil {
		t.Fatal(err)
	}
	if len(*waits) != 1 || (*waits)[0] < 300*time.Millisecond || (*waits)[0] > 450*time.Millisecond {
		t.Errorf("waits = %v, want one backoff of 300–450ms", *waits)
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"0", 0, true},
		{" 30 ", 30 * time.Second, true},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{"Sunday, 01-Mar-26 12:01:00 GMT", time.Minute, true}, // RFC 850, which HTTP still allows
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{"", 0, false},
		{"soon", 0, false},
		{"-5", 0, false},
	} {
		got, ok := parseRetryAfter(c.in, now)
		if got != c.want || ok != c.ok {
			t.Errorf("parseRetryAfter(%q) = %s, %v; want %s, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// The wrapped transport leaves the caller's client alone.
func TestWithRetryAfterKeepsTheClient(t *testing.T) {
	c := &http.Client{Timeout: time.Second}
	w := withRetryAfter(c, time.Now)
	if c.Transport != nil || w.Timeout != time.Second || w == c {
		t.Errorf("client changed: %+v / %+v", c, w)
	}
}
