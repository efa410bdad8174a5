package main

import (
	"errors"
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	var ten []time.Duration
	for i := 1; i <= 10; i++ {
		ten = append(ten, time.Duration(i)*time.Millisecond)
	}
	for _, tc := range []struct {
		in   []time.Duration
		p    float64
		want time.Duration
	}{
		{nil, 50, 0},
		{ten[:1], 99, time.Millisecond},
		{ten, 50, 5 * time.Millisecond},
		{ten, 95, 10 * time.Millisecond},
		{ten, 90, 9 * time.Millisecond},
		{ten, 100, 10 * time.Millisecond},
		{ten, 1, time.Millisecond},
	} {
		if got := percentile(tc.in, tc.p); got != tc.want {
			t.Errorf("percentile(%d values, %v) = %v, want %v", len(tc.in), tc.p, got, tc.want)
		}
	}
}

func TestRecorderCountsErrorsApartAndRate(t *testing.T) {
	r := newRecorder()
	t0 := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	for i := 0; i < 100; i++ {
		r.add("GET /api/optimizations", t0.Add(time.Duration(i)*10*time.Millisecond), 10*time.Millisecond, nil)
	}
	r.add("GET /api/optimizations", t0, time.Second, errors.New("500 Internal Server Error"))
	s := r.summary("GET /api/optimizations")
	if s.OK != 100 || s.Errors != 1 || s.Sample != "500 Internal Server Error" {
		t.Fatalf("summary %+v", s)
	}
	// 100 successes between t0 and t0+1 s.
	if s.PerSecond < 99 || s.PerSecond > 101 {
		t.Errorf("rate %.1f/s, want 100", s.PerSecond)
	}
	if s.P99 != 10*time.Millisecond {
		t.Errorf("an error's time counted in the latencies: p99 %v", s.P99)
	}
}

func TestAuthTiming(t *testing.T) {
	for _, tc := range []struct {
		values []string
		want   time.Duration
		ok     bool
	}{
		{[]string{"auth;dur=12.5"}, 12500 * time.Microsecond, true},
		{[]string{"db;dur=3, auth;desc=\"sign-in\";dur=0.4"}, 400 * time.Microsecond, true},
		{[]string{"db;dur=3", "auth;dur=7"}, 7 * time.Millisecond, true},
		{[]string{"db;dur=3"}, 0, false},
		{[]string{"auth;dur=-1"}, 0, false},
		{nil, 0, false},
	} {
		got, ok := authTiming(tc.values)
		if got != tc.want || ok != tc.ok {
			t.Errorf("authTiming(%q) = %v %v, want %v %v", tc.values, got, ok, tc.want, tc.ok)
		}
	}
}
