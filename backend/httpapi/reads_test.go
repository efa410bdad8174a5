package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// countingStore counts the store reads a page costs: each read call, and
// the documents it returned (what Firestore bills: at least one per query,
// even an empty one).
type countingStore struct {
	store.Aggregates
	mu    sync.Mutex
	calls map[string]int
	docs  int
}

func (c *countingStore) count(name string, docs int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.calls == nil {
		c.calls = map[string]int{}
	}
	c.calls[name]++
	c.docs += max(docs, 1)
}

// reset starts a page's count and returns the previous one.
func (c *countingStore) reset() (map[string]int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	calls, docs := c.calls, c.docs
	c.calls, c.docs = map[string]int{}, 0
	return calls, docs
}

func (c *countingStore) GetCustomer(ctx context.Context, uid string) (*domain.Customer, error) {
	c.count("GetCustomer", 1)
	return c.Aggregates.GetCustomer(ctx, uid)
}

func (c *countingStore) GetOptimization(ctx context.Context, id string) (*domain.Optimization, error) {
	c.count("GetOptimization", 1)
	return c.Aggregates.GetOptimization(ctx, id)
}

func (c *countingStore) FindOptimizationBySession(ctx context.Context, sid string) (*domain.Optimization, error) {
	c.count("FindOptimizationBySession", 1)
	return c.Aggregates.FindOptimizationBySession(ctx, sid)
}

func (c *countingStore) ListOptimizations(ctx context.Context, uid string, page int, after *domain.PageCursor) (*domain.OptimizationPage, error) {
	p, err := c.Aggregates.ListOptimizations(ctx, uid, page, after)
	n := 1
	if p != nil {
		n = len(p.Items) + 1 // the page and its count
	}
	c.count("ListOptimizations", n)
	return p, err
}

func (c *countingStore) ListReportScores(ctx context.Context, uid string, limit int) ([]domain.Optimization, error) {
	l, err := c.Aggregates.ListReportScores(ctx, uid, limit)
	c.count("ListReportScores", len(l))
	return l, err
}

func (c *countingStore) CustomerDeleted(ctx context.Context, uid string) (bool, error) {
	c.count("CustomerDeleted", 1)
	return c.Aggregates.CustomerDeleted(ctx, uid)
}

func (c *countingStore) RechecksOf(ctx context.Context, id string) ([]domain.Optimization, error) {
	l, err := c.Aggregates.RechecksOf(ctx, id)
	c.count("RechecksOf", len(l))
	return l, err
}

func (c *countingStore) UnsettledOrder(ctx context.Context, uid string) (string, error) {
	c.count("UnsettledOrder", 1)
	return c.Aggregates.UnsettledOrder(ctx, uid)
}

func (c *countingStore) StrayRefundsOf(ctx context.Context, id string) ([]domain.StrayRefund, error) {
	l, err := c.Aggregates.StrayRefundsOf(ctx, id)
	c.count("StrayRefundsOf", len(l))
	return l, err
}

// routed is the store with every aggregate read through c.
func (c *countingStore) routed() store.Aggregates {
	return store.Aggregates{Customers: c, Orders: c, Purchases: c, Fulfilment: c, OwedWork: c, Rechecks: c, Deletions: c, Closer: c}
}

func summary(calls map[string]int) string {
	var parts []string
	for name, n := range calls {
		parts = append(parts, fmt.Sprintf("%s %d", name, n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// TestReadsPerPage counts the store reads of the pages a host keeps
// loading — the results page's poll (by order id and by Checkout Session
// id), the dashboard (its orders and its listings) and the server-drawn
// report page — and prints them (`make bench` shows these lines). It
// holds the one budget that the results poll by order id reads the order
// once, not a session query first: the poll runs every few seconds.
func TestReadsPerPage(t *testing.T) {
	st := &countingStore{Aggregates: storetable.SQLite(t)}
	e := newPaidEnv(t, st.routed(), paidOptions{payments: stripeMock(t)})
	u := e.signUp(t)
	id, sid := e.checkout(t, u, "basic")
	pay(t, e, u, id, sid)
	e.drain(t)
	for i := range 9 { // a dashboard of ten orders, the paid report newest
		if _, err := st.AddOptimization(context.Background(), domain.Optimization{CustomerUID: u.UID, CustomerEmail: "host@example.com",
			ListingURL: fmt.Sprintf("https://www.airbnb.com/rooms/%d", 52000000+i), PlanType: domain.PlanBasic, Amount: 4.99,
			Status: domain.StatusPending, CreatedAt: e.clock.Now().Add(-time.Duration(i+1) * time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	cookie := e.session(t, u.IDToken)

	type page struct {
		name string
		load func()
	}
	api := func(paths ...string) func() {
		return func() {
			for _, p := range paths {
				if code, out := e.send(t, "GET", p, u.IDToken, nil); code != 200 {
					t.Fatalf("GET %s: %d %v", p, code, out)
				}
			}
		}
	}
	pages := []page{
		{"result poll by order id", api("/api/get-optimization-result/" + id)},
		{"result poll by session id", api("/api/get-optimization-result/" + sid)},
		{"dashboard (orders + listings)", api("/api/optimizations", "/api/listings")},
		{"report page (server-drawn)", func() {
			if resp, _ := e.page(t, "/payment-success?session_id="+id, cookie); resp.StatusCode != http.StatusOK {
				t.Fatalf("report page: %d", resp.StatusCode)
			}
		}},
	}
	for _, p := range pages {
		st.reset()
		p.load()
		calls, docs := st.reset()
		n := 0
		for _, c := range calls {
			n += c
		}
		fmt.Printf("reads-per-page: %-32s %2d reads, %2d documents (%s)\n", p.name, n, docs, summary(calls))
		if p.name == "result poll by order id" && calls["FindOptimizationBySession"] > 0 {
			t.Errorf("the results poll by order id queried by session first: %s", summary(calls))
		}
	}
}
