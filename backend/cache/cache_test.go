package cache

import (
	"fmt"
	"testing"
	"time"
)

func TestExpiryAndLRU(t *testing.T) {
	now := time.Unix(0, 0)
	c := New[int](2, time.Minute, func() time.Time { return now })
	c.Set("a", 1)
	c.Set("b", 2)
	if v, ok := c.Get("a"); !ok || v != 1 {
		t.Fatalf("a = %v %v", v, ok)
	}
	c.Set("c", 3) // evicts b, the least recently used
	if _, ok := c.Get("b"); ok {
		t.Error("b should have been evicted")
	}
	if _, ok := c.Get("a"); !ok {
		t.Error("a was used recently and must stay")
	}
	now = now.Add(time.Minute)
	if _, ok := c.Get("a"); ok {
		t.Error("a is a minute old and must have expired")
	}
	if c.Len() != 1 {
		t.Errorf("expired entry not dropped on read: len %d", c.Len())
	}
	c.Set("c", 30)
	if v, _ := c.Get("c"); v != 30 || c.Len() != 1 {
		t.Errorf("overwrite: %v, len %d", v, c.Len())
	}
}

func TestBounded(t *testing.T) {
	c := New[string](100, time.Hour, nil)
	for i := range 1000 {
		c.Set(fmt.Sprint(i), "x")
	}
	if c.Len() != 100 {
		t.Errorf("len %d, want 100", c.Len())
	}
	if _, ok := c.Get("999"); !ok {
		t.Error("newest entry missing")
	}
}
