package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"sync"
	"time"
)

// recorder keeps every call's latency and outcome, per call name.
type recorder struct {
	mu    sync.Mutex
	calls map[string]*series
	order []string
}

type series struct {
	took   []time.Duration
	errors int
	first  time.Time
	last   time.Time
	sample string // one error, to say what went wrong
}

func newRecorder() *recorder { return &recorder{calls: map[string]*series{}} }

// add records one call of name that started at start and took took; err
// non-nil counts it as an error.
func (r *recorder) add(name string, start time.Time, took time.Duration, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.calls[name]
	if s == nil {
		s = &series{first: start}
		r.calls[name] = s
		r.order = append(r.order, name)
	}
	if start.Before(s.first) {
		s.first = start
	}
	if end := start.Add(took); end.After(s.last) {
		s.last = end
	}
	if err != nil {
		s.errors++
		if s.sample == "" {
			s.sample = err.Error()
		}
		return
	}
	s.took = append(s.took, took)
}

// summary is one call's figures.
type summary struct {
	Name          string
	OK, Errors    int
	P50, P95, P99 time.Duration
	Max           time.Duration
	PerSecond     float64 // successful calls over the span from the first start to the last end
	Sample        string
}

// percentile is the nearest-rank percentile p (0–100) of sorted.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

func (r *recorder) summaries() []summary {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []summary
	for _, name := range r.order {
		s := r.calls[name]
		sorted := slices.Clone(s.took)
		sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
		sum := summary{Name: name, OK: len(sorted), Errors: s.errors, Sample: s.sample,
			P50: percentile(sorted, 50), P95: percentile(sorted, 95), P99: percentile(sorted, 99), Max: percentile(sorted, 100)}
		if span := s.last.Sub(s.first); span > 0 {
			sum.PerSecond = float64(len(sorted)) / span.Seconds()
		}
		out = append(out, sum)
	}
	return out
}

func (r *recorder) summary(name string) summary {
	for _, s := range r.summaries() {
		if s.Name == name {
			return s
		}
	}
	return summary{Name: name}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

// print writes the table of every call.
func (r *recorder) print(w io.Writer) {
	fmt.Fprintf(w, "  %-34s %6s %6s %9s %9s %9s %9s %9s\n", "call", "ok", "errors", "p50 ms", "p95 ms", "p99 ms", "max ms", "req/s")
	for _, s := range r.summaries() {
		fmt.Fprintf(w, "  %-34s %6d %6d %9s %9s %9s %9s %9.0f\n", s.Name, s.OK, s.Errors, ms(s.P50), ms(s.P95), ms(s.P99), ms(s.Max), s.PerSecond)
		if s.Sample != "" {
			fmt.Fprintf(w, "  %-34s first error: %s\n", "", s.Sample)
		}
	}
}
