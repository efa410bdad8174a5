package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/authtest"
	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/deletion"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

// recordingPayments is a payments.Provider that remembers every Checkout
// Session it creates and which were expired, so a test can count the ones
// still payable. Creating one takes a few milliseconds, as Stripe's round
// trip does, which leaves room for a deletion to run in between.
type recordingPayments struct {
	payments.Provider // nil: any other call fails the test by panicking

	mu       sync.Mutex
	n        int
	sessions map[string]*recordedSession
}

type recordedSession struct {
	order   payments.Order
	expired bool
}

func newRecordingPayments() *recordingPayments {
	return &recordingPayments{sessions: map[string]*recordedSession{}}
}

func (p *recordingPayments) CreateCheckout(ctx context.Context, req payments.CheckoutRequest) (*payments.Session, error) {
	time.Sleep(time.Duration(rand.IntN(8)) * time.Millisecond)
	p.mu.Lock()
	p.n++
	id := fmt.Sprintf("cs_test_race_%d_%d", time.Now().UnixNano(), p.n)
	p.sessions[id] = &recordedSession{order: req.Order}
	p.mu.Unlock()
	time.Sleep(time.Duration(rand.IntN(8)) * time.Millisecond)
	return &payments.Session{ID: id, URL: "https://checkout.stripe.test/" + id, ClientReferenceID: req.Order.OptimizationID,
		Metadata: req.Order.Metadata(), Status: "open", PaymentStatus: "unpaid", ExpiresAt: time.Now().Add(30 * time.Minute)}, nil
}

func (p *recordingPayments) ExpireSession(ctx context.Context, id string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	s, ok := p.sessions[id]
	if !ok {
		return &domain.Error{Code: domain.CodeNotFound, Message: "No such checkout session.", Err: errors.New(id)}
	}
	s.expired = true
	return nil
}

// payable lists uid's sessions that were created and never expired.
func (p *recordingPayments) payable(uid string) (open []string, created int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for id, s := range p.sessions {
		if s.order.CustomerUID != uid {
			continue
		}
		created++
		if !s.expired {
			open = append(open, id)
		}
	}
	sort.Strings(open)
	return open, created
}

// nopQueue accepts jobs and runs none (no order is paid in the race).
type nopQueue struct{}

func (nopQueue) Enqueue(context.Context, jobs.Job) error { return nil }

// raceInstance is one server process: its own store connection, token
// cache and orders service, on the shared SQLite file.
type raceInstance struct {
	url   string
	store *sqlite.Store
}

// deleteRaceTrials is how many times TestDeleteAccountRacingCheckouts runs
// its race: a few in `make test`; LISTINGLIFT_DELETE_RACE_TRIALS=20 for
// the acceptance run of issue 28.
func deleteRaceTrials(t *testing.T) int {
	if v := os.Getenv("LISTINGLIFT_DELETE_RACE_TRIALS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("LISTINGLIFT_DELETE_RACE_TRIALS=%q: want a whole number from 1", v)
		}
		return n
	}
	return 3
}

// Deletion is final (issue 28, finding 7): DELETE /api/me racing four
// checkouts, on two server instances sharing one SQLite file (each with
// its own token cache: instance B verified the host's token before the
// deletion), leaves no record of the host and no payable Checkout Session;
// and afterwards instance B, whose cache still holds the token, refuses it
// rather than recreate the profile or an order.
//
// Run the acceptance's 20 trials with
//
//	LISTINGLIFT_DELETE_RACE_TRIALS=20 go test ./backend/httpapi -run TestDeleteAccountRacingCheckouts
//
// (with the Auth emulator, as make test starts it).
func TestDeleteAccountRacingCheckouts(t *testing.T) {
	emu := authtest.Emulator(t)
	path := filepath.Join(t.TempDir(), "shared.db")
	blobs, err := local.New(filepath.Join(t.TempDir(), "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	pay := newRecordingPayments()
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	instance := func() raceInstance {
		st, err := sqlite.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		v, err := auth.NewFirebase(context.Background(), emu.ProjectID, emu.Host)
		if err != nil {
			t.Fatal(err)
		}
		a := st.Aggregates()
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(a), Payments: pay, Queue: nopQueue{}, Reporter: &flakyReporter{},
			PublicURL: "http://localhost:8080", Logger: log})
		return raceInstance{url: serve(t, Deps{Logger: log, Customers: a, OrderReads: a, Deleted: a, Auth: v, Orders: svc, Blobs: blobs,
			Deletion: &deletion.Deleter{Store: a, Blobs: blobs, Payments: pay, Users: v}}), store: st}
	}
	a, b := instance(), instance()
	on := func(in raceInstance) *apiEnv { return &apiEnv{url: in.url, store: in.store.Aggregates(), emu: emu} }
	checkout := func(in raceInstance, token string, i int) (int, map[string]any) {
		return on(in).call(t, "POST", "/api/create-checkout-session", token,
			fmt.Sprintf(`{"delivery_type":"basic","form_data":{"listingUrl":"https://www.airbnb.com/rooms/%d"}}`, 48123456+i))
	}

	answered := map[int]int{} // the racing checkouts' statuses, over all trials
	defer func() {
		pay.mu.Lock()
		total := len(pay.sessions)
		pay.mu.Unlock()
		t.Logf("%d sessions created in all; racing checkouts answered %v", total, answered)
	}()
	for trial := range deleteRaceTrials(t) {
		u := emu.SignUp(t, "Host")
		if status, body := on(a).call(t, "POST", "/api/me", u.IDToken, "{}"); status != 200 {
			t.Fatalf("trial %d: sign-in on A: %d %v", trial, status, body)
		}
		// B verifies (and caches) the token before the deletion, with an
		// order of its own.
		if status, body := checkout(b, u.IDToken, 0); status != 200 {
			t.Fatalf("trial %d: checkout on B before the deletion: %d %v", trial, status, body)
		}

		var wg sync.WaitGroup
		start := make(chan struct{})
		statuses := make([]int, 5)
		for i := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				time.Sleep(time.Duration(rand.IntN(6)) * time.Millisecond)
				in := a
				if i%2 == 1 {
					in = b
				}
				statuses[i], _ = checkout(in, u.IDToken, i+1)
			}()
		}
		var delBody map[string]any
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			time.Sleep(time.Duration(rand.IntN(6)) * time.Millisecond)
			statuses[4], delBody = on(a).call(t, "DELETE", "/api/me", u.IDToken, "")
		}()
		close(start)
		wg.Wait()
		for _, st := range statuses[:4] {
			answered[st]++
		}
		if statuses[4] != 200 {
			t.Fatalf("trial %d: DELETE /api/me: %d %v", trial, statuses[4], delBody)
		}

		// After the deletion, instance B (whose cache holds the token)
		// refuses it, creating nothing.
		for _, c := range []struct{ method, path, body string }{
			{"POST", "/api/me", "{}"}, {"GET", "/api/optimizations", ""},
		} {
			if status, body := on(b).call(t, c.method, c.path, u.IDToken, c.body); status != 401 {
				t.Errorf("trial %d: %s %s on B after the deletion: %d %v; want 401", trial, c.method, c.path, status, body)
			}
		}
		if status, body := checkout(b, u.IDToken, 9); status != 401 {
			t.Errorf("trial %d: checkout on B after the deletion: %d %v; want 401", trial, status, body)
		}

		// Nothing of the host is left, on either connection, and no
		// session they could still pay.
		for name, in := range map[string]raceInstance{"A": a, "B": b} {
			if c, err := in.store.GetCustomer(context.Background(), u.UID); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("trial %d: customer record on %s after the deletion: %+v, %v", trial, name, c, err)
			}
			if p, err := in.store.ListOptimizations(context.Background(), u.UID, 1, nil); err != nil || p.Total != 0 {
				t.Errorf("trial %d: orders left on %s after the deletion: %d, %v", trial, name, p.Total, err)
			}
		}
		if open, created := pay.payable(u.UID); len(open) > 0 {
			t.Errorf("trial %d: %d of %d checkout sessions still payable after the deletion: %v (checkouts answered %v)",
				trial, len(open), created, open, statuses[:4])
		}
	}
}
