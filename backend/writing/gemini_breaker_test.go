package writing

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// fakeClock is a clock the test moves.
type fakeClock struct{ t atomic.Int64 }

func (c *fakeClock) now() time.Time          { return time.Unix(0, c.t.Load()) }
func (c *fakeClock) advance(d time.Duration) { c.t.Add(int64(d)) }

// TestGeminiCircuitBreaker: after N orders in a row on which the model
// cannot be reached, orders skip it (no call, built-in copy, a note)
// until the cool-down passes; the circuit opening is logged once with
// its event; then one probe order asks again: a failed probe opens it
// again, a good one closes it.
func TestGeminiCircuitBreaker(t *testing.T) {
	var down atomic.Bool
	down.Store(true)
	good := geminiOutput{Titles: goodTitles[:3], Description: goodDescription, AmenityCopy: "Wifi and a kitchen."}
	var hang atomic.Bool
	arrived := make(chan struct{}, 1) // the hung call reached the model
	f := geminitest.New(t, func(n int, w http.ResponseWriter, r *http.Request) {
		if hang.Load() {
			select {
			case arrived <- struct{}{}:
			default:
			}
			<-r.Context().Done()
			return
		}
		if down.Load() {
			geminitest.WriteError(w, http.StatusServiceUnavailable, "UNAVAILABLE")
			return
		}
		geminitest.Write(w, good)
	})
	clock := &fakeClock{}
	clock.advance(time.Hour)
	var logs bytes.Buffer
	g := newWriter(t, f, GeminiConfig{Timeout: time.Second, Attempts: 1, Backoff: time.Millisecond, Logger: logTo(&logs),
		BreakerFailures: 3, BreakerCooldown: time.Minute, Now: clock.now})
	req := request(loft(), BasicTitles)
	write := func() Copy {
		t.Helper()
		c, err := g.Write(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	skipped := func(c Copy) bool {
		return strings.Contains(strings.Join(c.Notes, " "), "Gemini was skipped: it failed on the last 3 reports; ListingLift's template writer wrote all copy.")
	}

	for i := 1; i <= 3; i++ {
		if c := write(); skipped(c) || f.Calls() != i {
			t.Fatalf("order %d: skipped %v with %d calls; the first 3 failures ask the model", i, skipped(c), f.Calls())
		}
	}
	for i := 0; i < 4; i++ {
		clock.advance(10 * time.Second)
		c := write()
		if !skipped(c) {
			t.Errorf("order during the cool-down: notes %q", c.Notes)
		}
		assertFallback(t, c, req, "Gemini was skipped")
	}
	if f.Calls() != 3 {
		t.Errorf("%d calls while the circuit is open, want 3", f.Calls())
	}
	if n := strings.Count(logs.String(), `msg="gemini circuit open"`); n != 1 || !strings.Contains(logs.String(), "event=gemini_circuit_open") {
		t.Errorf("circuit-open lines: %d, want 1 with event=gemini_circuit_open:\n%s", n, logs.String())
	}
	if !strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("the circuit opening is not at ERROR:\n%s", logs.String())
	}

	// Cool-down over, the model still down: the probe fails, open again.
	clock.advance(time.Minute)
	if c := write(); skipped(c) || f.Calls() != 4 {
		t.Fatalf("the probe did not ask the model: %d calls, notes %q", f.Calls(), c.Notes)
	}
	if c := write(); !skipped(c) || f.Calls() != 4 {
		t.Errorf("after a failed probe: %d calls, notes %q", f.Calls(), c.Notes)
	}
	// Next cool-down, the model back. A probe whose caller gives up says
	// nothing of the model: the next order probes.
	down.Store(false)
	clock.advance(time.Minute)
	hang.Store(true)
	cancelled, cancel := context.WithCancel(context.Background())
	// The caller gives up once the model has the call (counted), not
	// after a fixed time: on a busy machine the call could otherwise
	// reach the model after the count below and be counted twice.
	go func() {
		select {
		case <-arrived:
		case <-time.After(10 * time.Second):
		}
		cancel()
	}()
	if _, err := g.Write(cancelled, req); err == nil {
		t.Fatal("a cancelled order wrote copy")
	}
	hang.Store(false)
	calls := f.Calls()
	if c := write(); c.Writers[PartDescription] != NameGemini || f.Calls() != calls+1 {
		t.Fatalf("probe: %d calls, writers %v, notes %q", f.Calls()-calls, c.Writers, c.Notes)
	}
	if c := write(); c.Writers[PartDescription] != NameGemini || f.Calls() != calls+2 {
		t.Errorf("after the circuit closed: %d calls, writers %v", f.Calls(), c.Writers)
	}
	if !strings.Contains(logs.String(), "event=gemini_circuit_closed") {
		t.Errorf("no closing line:\n%s", logs.String())
	}
}

// Answers the model gave, however bad, and requests it refused (400) say
// the model is reachable: they never open the circuit.
func TestGeminiCircuitIgnoresBadAnswers(t *testing.T) {
	for name, respond := range map[string]geminitest.Responder{
		"400":       geminitest.Error(http.StatusBadRequest, "INVALID_ARGUMENT"),
		"malformed": geminitest.Answer("not json"),
		"blocked":   geminitest.Blocked(),
	} {
		t.Run(name, func(t *testing.T) {
			f := geminitest.New(t, respond)
			g := newWriter(t, f, GeminiConfig{Timeout: time.Second, Attempts: 1, BreakerFailures: 2})
			for i := 0; i < 4; i++ {
				if _, err := g.Write(context.Background(), request(loft(), BasicTitles)); err != nil {
					t.Fatal(err)
				}
			}
			if f.Calls() != 4 {
				t.Errorf("%d calls, want 4: the circuit opened", f.Calls())
			}
		})
	}
}
