package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// slowOnBadKeys stands in for Firestore's answer to a key it cannot hold
// (invalid UTF-8 is retried by the client until the request's deadline):
// any lookup with a key we would never issue hangs, and is noted.
type slowOnBadKeys struct {
	store.Orders
	mu   sync.Mutex
	seen []string
}

func (s *slowOnBadKeys) hang(key string) {
	if domain.ValidKey(key) {
		return
	}
	s.mu.Lock()
	s.seen = append(s.seen, key)
	s.mu.Unlock()
	time.Sleep(2 * time.Second)
}

func (s *slowOnBadKeys) GetOptimization(ctx context.Context, id string) (*domain.Optimization, error) {
	s.hang(id)
	return s.Orders.GetOptimization(ctx, id)
}

func (s *slowOnBadKeys) FindOptimizationBySession(ctx context.Context, key string) (*domain.Optimization, error) {
	s.hang(key)
	return s.Orders.FindOptimizationBySession(ctx, key)
}

// TestInvalidKeysAreNotFoundAtOnce: every route that takes an order id or
// a session id answers a key we never issue with 404 without asking the
// store (GET /api/get-optimization-result/%FF used to hang 8 s on
// Firestore, and GET /api/optimizations/%FF to answer 500). "At once" is
// that no store call is made (the stand-in would hang 2 s on each), not a
// timed assertion: a loaded CI machine cannot fail it.
func TestInvalidKeysAreNotFoundAtOnce(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		emu, v := realParts(t)

		sq := records
		slow := &slowOnBadKeys{Orders: sq.Orders}
		st := sq
		st.Orders = slow
		log := slog.New(slog.NewJSONHandler(io.Discard, nil))
		blobs, err := local.New(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		links := &blob.Signer{Secret: []byte("test-secret-of-at-least-thirty-two-bytes"), TTL: time.Hour}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Reporter: &flakyReporter{}, Logger: log}) // payments off: /api/optimize is on
		url := serve(t, Deps{Logger: log, Customers: st, OrderReads: st, Deleted: st, Auth: v, Orders: svc, Blobs: blobs, Links: links})
		u := emu.SignUp(t, "Host")

		pathKeys := []string{"%FF", "%00", "a%2Fb", "__name__", strings.Repeat("k", 1501), "id%0A", "%C3%BC", "a%20b", "%25"}
		bodyKeys := []string{"\xff", "a\x00b", "a/b", ".", "..", "__name__", strings.Repeat("k", 1501), "id\n", "ü"}
		type call struct{ method, path, body string }
		var calls []call
		for _, k := range pathKeys {
			calls = append(calls,
				call{"GET", "/api/optimizations/" + k, ""},
				call{"GET", "/api/get-optimization-result/" + k, ""},
				call{"GET", "/api/reports/" + k + "/pdf?token=" + "x", ""})
		}
		for _, k := range bodyKeys {
			b, _ := json.Marshal(map[string]string{"optimization_id": k, "listing_url": "https://www.airbnb.com/rooms/1", "email": "h@example.com", "package_type": "basic"})
			calls = append(calls, call{"POST", "/api/optimize", string(b)})
		}
		for _, c := range calls {
			req, _ := http.NewRequest(c.method, url+c.path, strings.NewReader(c.body))
			req.Header.Set("Authorization", "Bearer "+u.IDToken)
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var body map[string]any
			_ = json.NewDecoder(resp.Body).Decode(&body)
			resp.Body.Close()
			name := c.method + " " + c.path
			if len(name) > 80 {
				name = name[:80] + "…"
			}
			if resp.StatusCode != http.StatusNotFound || body["success"] != false {
				t.Errorf("%s %q → %d %v, want 404 {success:false}", name, c.body, resp.StatusCode, body)
			}
		}
		if len(slow.seen) > 0 {
			t.Errorf("the store was asked about keys we never issue: %q", slow.seen)
		}
	})
}
