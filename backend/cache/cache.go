// Package cache is a small in-memory LRU cache whose entries expire, for
// answers that are costly to make and fine to reuse for a while (a scraped
// listing page). Each server instance has its own.
package cache

import (
	"container/list"
	"sync"
	"time"
)

// Cache maps string keys to values of type V, holding at most max entries
// for at most ttl each.
type Cache[V any] struct {
	max int
	ttl time.Duration
	now func() time.Time

	mu    sync.Mutex
	order *list.List // front = most recently used
	items map[string]*list.Element
}

type entry[V any] struct {
	key     string
	value   V
	expires time.Time
}

// New returns an empty cache. now may be nil (time.Now).
func New[V any](max int, ttl time.Duration, now func() time.Time) *Cache[V] {
	if now == nil {
		now = time.Now
	}
	return &Cache[V]{max: max, ttl: ttl, now: now, order: list.New(), items: map[string]*list.Element{}}
}

// Get returns the value for key if it is there and fresh.
func (c *Cache[V]) Get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var zero V
	el, ok := c.items[key]
	if !ok {
		return zero, false
	}
	e := el.Value.(*entry[V])
	if !c.now().Before(e.expires) {
		c.order.Remove(el)
		delete(c.items, key)
		return zero, false
	}
	c.order.MoveToFront(el)
	return e.value, true
}

// Set stores value under key, evicting the least recently used entry when full.
func (c *Cache[V]) Set(key string, value V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.Remove(el)
	}
	c.items[key] = c.order.PushFront(&entry[V]{key: key, value: value, expires: c.now().Add(c.ttl)})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*entry[V]).key)
	}
}

// Len is the number of entries held, fresh or not.
func (c *Cache[V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
