package orders_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// TestStartTwiceReusesTheOpenCheckout is issue 43's double submit: the
// same host sending the same order again while its checkout is open gets
// that checkout back, not a second identical pending order; anything that
// makes it another order (another plan, listing or typed text, a checkout
// about to close, a host) opens a new checkout.
func TestStartTwiceReusesTheOpenCheckout(t *testing.T) {
	ctx := context.Background()
	host := orders.Customer{UID: "host-1", Email: "host@example.com"}
	first := orders.StartRequest{Plan: domain.PlanBasic, ListingURL: "https://www.airbnb.com/rooms/48123456", Title: "Loft"}
	cases := []struct {
		name   string
		who    orders.Customer
		again  orders.StartRequest
		wait   time.Duration // between the two submits
		reused bool
	}{
		{name: "the same order at once", who: host, again: first, reused: true},
		{name: "the same order 20 minutes later", who: host, again: first, wait: 20 * time.Minute, reused: true},
		{name: "its checkout about to close", who: host, again: first, wait: 59*time.Minute + 30*time.Second},
		{name: "another plan", who: host, again: orders.StartRequest{Plan: domain.PlanPremium, ListingURL: first.ListingURL, Title: first.Title}},
		{name: "another listing", who: host, again: orders.StartRequest{Plan: first.Plan, ListingURL: "https://www.airbnb.com/rooms/777", Title: first.Title}},
		{name: "another typed description", who: host, again: orders.StartRequest{Plan: first.Plan, ListingURL: first.ListingURL, Title: first.Title, Description: "Now with a balcony."}},
		{name: "another host", who: orders.Customer{UID: "host-2", Email: "two@example.com"}, again: first},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			storetable.Run(t, func(t *testing.T, st store.Aggregates) {
				c := newClock()
				made := 0
				pay := &fakePayments{t: t, checkout: func(r payments.CheckoutRequest) (*payments.Session, error) {
					made++
					id := fmt.Sprintf("cs_%d", made)
					return &payments.Session{ID: id, URL: "https://checkout.example/" + id, ExpiresAt: c.Now().Add(time.Hour)}, nil
				}}
				svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: &recordingQueue{}, Now: c.Now})
				one, err := svc.Start(ctx, host, first)
				if err != nil {
					t.Fatal(err)
				}
				c.Add(tc.wait)
				two, err := svc.Start(ctx, tc.who, tc.again)
				if err != nil {
					t.Fatal(err)
				}
				if got := two.CheckoutURL == one.CheckoutURL && two.Optimization.ID == one.Optimization.ID && two.SessionID == one.SessionID; got != tc.reused {
					t.Errorf("second submit: order %s at %s (session %s), first: %s at %s (%s); reused = %v, want %v",
						two.Optimization.ID, two.CheckoutURL, two.SessionID, one.Optimization.ID, one.CheckoutURL, one.SessionID, got, tc.reused)
				}
				wantSessions := 2
				if tc.reused {
					wantSessions = 1
				}
				if made != wantSessions {
					t.Errorf("checkout sessions made: %d, want %d", made, wantSessions)
				}
				page, err := st.ListOptimizations(ctx, host.UID, 1, nil)
				if err != nil {
					t.Fatal(err)
				}
				// host-1's pending orders: one per checkout made, unless
				// the second was another host's.
				want := wantSessions
				if tc.who != host {
					want = 1
				}
				if page.Total != want {
					t.Errorf("host-1's orders: %d, want %d", page.Total, want)
				}
			})
		})
	}
}

// TestStartTwiceAtOnceMakesOneOrder: a double click's two requests race;
// only one order and one checkout come of them.
func TestStartTwiceAtOnceMakesOneOrder(t *testing.T) {
	ctx := context.Background()
	host := orders.Customer{UID: "host-1", Email: "host@example.com"}
	req := orders.StartRequest{Plan: domain.PlanPremium, ListingURL: "https://www.airbnb.com/rooms/48123456"}
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		c := newClock()
		var mu sync.Mutex
		made := 0
		pay := &fakePayments{t: t, checkout: func(payments.CheckoutRequest) (*payments.Session, error) {
			mu.Lock()
			defer mu.Unlock()
			made++
			id := fmt.Sprintf("cs_%d", made)
			return &payments.Session{ID: id, URL: "https://checkout.example/" + id, ExpiresAt: c.Now().Add(time.Hour)}, nil
		}}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: &recordingQueue{}, Now: c.Now})
		urls := make([]string, 2)
		var wg sync.WaitGroup
		for i := range urls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s, err := svc.Start(ctx, host, req)
				if err != nil {
					t.Error(err)
					return
				}
				urls[i] = s.CheckoutURL
			}()
		}
		wg.Wait()
		if urls[0] != urls[1] || made != 1 {
			t.Errorf("two submits at once: checkouts %q, %d made; want one, shared", urls, made)
		}
	})
}
