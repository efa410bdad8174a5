package writing

import (
	"errors"
	"log/slog"
	"sync"
	"time"
)

// Circuit breaker defaults: after DefaultBreakerFailures orders in a row
// on which the model could not be reached (a transport error, a 5xx, a
// 429, a time-out), orders skip it for DefaultBreakerCooldown, so an
// outage costs each report nothing rather than the model's whole budget;
// then one order probes it.
const (
	DefaultBreakerFailures = 5
	DefaultBreakerCooldown = 2 * time.Minute
)

// breaker is closed (the model is asked), open (orders skip it until
// openUntil) or half-open (one probe order is out; the others skip).
type breaker struct {
	mu        sync.Mutex
	threshold int
	cooldown  time.Duration
	now       func() time.Time
	log       *slog.Logger

	failures  int // consecutive failed orders
	open      bool
	openUntil time.Time
	probing   bool
	skips     int // orders skipped since the circuit last opened
}

// allow reports whether an order may ask the model; when it may not,
// skips is the count of orders skipped in this outage, this one included.
func (b *breaker) allow() (ok bool, skips int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case !b.open:
		return true, 0
	case !b.probing && !b.now().Before(b.openUntil):
		b.probing = true // half-open: this order is the probe
		b.log.Info("gemini circuit half-open; probing", "event", "gemini_circuit_probe", "skipped", b.skips)
		return true, 0
	}
	b.skips++
	return false, b.skips
}

// record notes an order's outcome: unreachable is true when the model
// could not be reached; any answer (even one that fails the checks)
// closes the circuit.
func (b *breaker) record(unreachable bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !unreachable {
		if b.open {
			b.log.Info("gemini circuit closed", "event", "gemini_circuit_closed", "skipped", b.skips)
		}
		b.failures, b.open, b.probing, b.skips = 0, false, false, 0
		return
	}
	b.failures++
	switch {
	case b.probing:
		b.probing, b.openUntil = false, b.now().Add(b.cooldown)
		b.log.Warn("gemini circuit probe failed; open again", "event", "gemini_circuit_reopen", "cooldown", b.cooldown.String(), "skipped", b.skips)
	case !b.open && b.failures >= b.threshold:
		b.open, b.openUntil = true, b.now().Add(b.cooldown)
		b.log.Error("gemini circuit open", "event", "gemini_circuit_open", "failures", b.failures, "cooldown", b.cooldown.String())
	}
}

// unreachable reports errors that say the model is down or overloaded —
// the ones the breaker counts — rather than a bad request or answer.
func unreachable(err error) bool {
	return err != nil && (errors.Is(err, errAttemptTimeout) || (retryable(err) && !errors.Is(err, errNoCopy) && !errors.Is(err, errMalformed)))
}
