package livemarket_test

import (
	"context"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/listing/airbnb/airbnbtest"
	"github.com/listinglift/listinglift/backend/livemarket"
)

// BenchmarkMarketStep is the whole live market step for the Lisbon fixture
// listing — the search widening until 15 comparables and the nearest 20
// calendars — against the fake Airbnb site answering every call after
// 150 ms, as a distant site does, with a fresh cache each time. Target: the
// step's 20 s budget (livemarket.DefaultBudget), with nothing missing.
func BenchmarkMarketStep(b *testing.B) {
	fake := &airbnbtest.Server{Latency: 150 * time.Millisecond}
	var calls int64
	for b.Loop() {
		src := site(b, fake, livemarket.Options{})
		before := fake.Calls.Load()
		start := time.Now()
		c, err := src.Comparables(context.Background(), lisbon)
		took := time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		if took > livemarket.DefaultBudget || len(c.Missing) > 0 {
			b.Errorf("market step took %v (budget %v), missing %v", took, livemarket.DefaultBudget, c.Missing)
		}
		calls = fake.Calls.Load() - before
	}
	b.ReportMetric(float64(calls), "calls/op")
}
