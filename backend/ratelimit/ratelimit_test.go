package ratelimit

import (
	"fmt"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func TestBurstThenRefill(t *testing.T) {
	c := &clock{t: time.Unix(1000, 0)}
	l := New(6, 3, 100, c.now) // one token every 10 s, bursts of 3
	for i := range 3 {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("request %d of the burst refused", i+1)
		}
	}
	ok, wait := l.Allow("a")
	if ok || wait != 10*time.Second {
		t.Fatalf("4th request: ok=%v wait=%v, want refused with 10s", ok, wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Fatal("another client is limited by the first one's use")
	}
	c.advance(5 * time.Second)
	if ok, wait := l.Allow("a"); ok || wait != 5*time.Second {
		t.Fatalf("half refilled: ok=%v wait=%v", ok, wait)
	}
	c.advance(5 * time.Second)
	if ok, _ := l.Allow("a"); !ok {
		t.Fatal("a token should have refilled after 10 s")
	}
	c.advance(time.Hour)
	for i := range 3 {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("after an idle hour, burst request %d refused (bucket must cap at burst)", i+1)
		}
	}
	if ok, _ := l.Allow("a"); ok {
		t.Fatal("the bucket grew past its burst while idle")
	}
}

func TestBoundedMemory(t *testing.T) {
	c := &clock{t: time.Unix(1000, 0)}
	l := New(60, 5, 50, c.now)
	for i := range 1000 {
		l.Allow(fmt.Sprintf("client-%d", i))
		c.advance(10 * time.Millisecond)
	}
	if n := len(l.buckets); n > 50 {
		t.Fatalf("%d buckets kept, limit 50", n)
	}
	// A client that is still being limited keeps its bucket when others come.
	for range 5 {
		l.Allow("hot")
	}
	if ok, _ := l.Allow("hot"); ok {
		t.Fatal("hot client not limited")
	}
	for i := range 20 {
		l.Allow(fmt.Sprintf("new-%d", i))
	}
	if ok, _ := l.Allow("hot"); ok {
		t.Fatal("eviction forgot a client that is being limited right now")
	}
}
