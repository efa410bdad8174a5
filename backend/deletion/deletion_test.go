package deletion_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/deletion"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

var t0 = time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)

// expirer is a payments.Provider whose ExpireSession answers from a table
// (missing: success), noting each call.
type expirer struct {
	payments.Provider
	mu     sync.Mutex
	answer map[string]error
	calls  []string
}

func (e *expirer) ExpireSession(_ context.Context, id string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.calls = append(e.calls, id)
	return e.answer[id]
}

type users struct{ deleted []string }

func (u *users) DeleteUser(_ context.Context, uid string) error {
	u.deleted = append(u.deleted, uid)
	return nil
}

func setup(t *testing.T, uid string, n int) (*sqlite.Store, []*domain.Optimization) {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, err := st.UpsertCustomer(ctx, domain.Login{UID: uid, Email: "h@example.com", At: t0}); err != nil {
		t.Fatal(err)
	}
	var out []*domain.Optimization
	for i := range n {
		o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: uid, CustomerEmail: "h@example.com",
			ListingURL: "https://www.airbnb.com/rooms/1", PlanType: domain.PlanBasic, Amount: 4.99,
			Status: domain.StatusPending, CreatedAt: t0.Add(time.Duration(i) * time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
		if err := st.SetCheckoutSession(ctx, o.ID, "cs_"+o.ID); err != nil {
			t.Fatal(err)
		}
		out = append(out, o)
	}
	return st, out
}

// Every open checkout is closed once its order is gone; one that Stripe
// will not close (down, or paid meanwhile) does not stop the deletion,
// which the logs name for an operator (or the webhook refunds).
func TestDeleteClosesCheckoutsAndGoesOnPastFailures(t *testing.T) {
	st, os := setup(t, "host-1", 3)
	pay := &expirer{answer: map[string]error{
		"cs_" + os[1].ID: &domain.Error{Code: domain.CodeUnavailable, Message: "Stripe is down."},
		"cs_" + os[2].ID: &domain.Error{Code: domain.CodeConflict, Message: "Paid."},
	}}
	u := &users{}
	d := deletion.Deleter{Store: st, Payments: pay, Users: u}
	n, err := d.Delete(context.Background(), "host-1", time.Minute)
	if err != nil || n.Orders != 3 {
		t.Fatalf("Delete = %+v, %v; want 3 orders", n, err)
	}
	count := map[string]int{}
	for _, c := range pay.calls {
		count[c]++
	}
	want := map[string]int{"cs_" + os[0].ID: 1, "cs_" + os[1].ID: 3, "cs_" + os[2].ID: 1} // the outage is tried three times
	for sid, k := range want {
		if count[sid] != k {
			t.Errorf("ExpireSession(%s) called %d times; want %d (calls %v)", sid, count[sid], k, pay.calls)
		}
	}
	if len(u.deleted) != 1 {
		t.Errorf("users deleted: %v", u.deleted)
	}
	if deleted, err := st.CustomerDeleted(context.Background(), "host-1"); err != nil || !deleted {
		t.Errorf("tombstone: %v, %v", deleted, err)
	}
}

// An unsettled order refuses the deletion before anything is written; a
// budget that runs out leaves the account closed and the next call
// finishes.
func TestDeleteRefusalsAndBudget(t *testing.T) {
	ctx := context.Background()
	st, os := setup(t, "host-1", 2)
	if _, err := st.MarkPaid(ctx, os[0].ID, t0); err != nil {
		t.Fatal(err)
	}
	u := &users{}
	d := deletion.Deleter{Store: st, Users: u}
	if _, err := d.Delete(ctx, "host-1", time.Minute); !errors.Is(err, store.ErrUnsettled) {
		t.Fatalf("with a paid report being made: %v; want ErrUnsettled", err)
	}
	if deleted, _ := st.CustomerDeleted(ctx, "host-1"); deleted {
		t.Fatal("a refused deletion wrote the tombstone")
	}
	if _, err := st.Complete(ctx, os[0].ID, []byte(`{"plan":"basic"}`), t0, false); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Delete(ctx, "host-1", 0); !errors.Is(err, deletion.ErrUnfinished) {
		t.Fatalf("with no budget: %v; want ErrUnfinished", err)
	}
	if deleted, _ := st.CustomerDeleted(ctx, "host-1"); !deleted {
		t.Fatal("an unfinished deletion did not close the account")
	}
	if n, err := d.Delete(ctx, "host-1", time.Minute); err != nil || n.Orders != 2 || len(u.deleted) != 1 {
		t.Fatalf("next call: %+v, %v, users %v; want 2 orders and the user deleted", n, err, u.deleted)
	}
}

func TestOpenCheckouts(t *testing.T) {
	paid := t0
	cases := []struct {
		name string
		o    domain.Optimization
		want []string
	}{
		{"unpaid, open", domain.Optimization{Status: domain.StatusPending, StripeSessionID: "cs_1"}, []string{"cs_1"}},
		{"unpaid, expired", domain.Optimization{Status: domain.StatusExpired, StripeSessionID: "cs_1"}, nil},
		{"paid", domain.Optimization{Status: domain.StatusCompleted, PaidAt: &paid, StripeSessionID: "cs_1"}, nil},
		{"open upgrade", domain.Optimization{Status: domain.StatusCompleted, PaidAt: &paid, StripeSessionID: "cs_1",
			Upgrade: &domain.Upgrade{Status: domain.UpgradeOpen, SessionID: "cs_up"}}, []string{"cs_up"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := deletion.OpenCheckouts(&tc.o)
			if len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) {
				t.Errorf("OpenCheckouts = %v; want %v", got, tc.want)
			}
		})
	}
}

// A deletion the host's request left part done (its budget ran out) is
// finished by the sweeper's FinishPending once it is FinishAfter old —
// not before, so the sweeper does not race the host's own request — and
// is then recorded finished, so the next sweep does not look at it again.
func TestFinishPendingFinishesWhatTheRequestLeft(t *testing.T) {
	ctx := context.Background()
	st, _ := setup(t, "host-1", 3)
	now := t0
	u := &users{}
	d := deletion.Deleter{Store: st, Users: u, Now: func() time.Time { return now }}
	if _, err := d.Delete(ctx, "host-1", 0); !errors.Is(err, deletion.ErrUnfinished) {
		t.Fatalf("with no budget: %v; want ErrUnfinished", err)
	}
	if done, err := d.FinishPending(ctx, time.Minute); err != nil || len(done) != 0 {
		t.Fatalf("right after the request: finished %v, %v; want nothing yet", done, err)
	}
	now = now.Add(deletion.FinishAfter + time.Second)
	done, err := d.FinishPending(ctx, time.Minute)
	if err != nil || len(done) != 1 || done[0] != "host-1" {
		t.Fatalf("FinishPending = %v, %v; want host-1 finished", done, err)
	}
	page, err := st.ListOptimizations(ctx, "host-1", 1, nil)
	if err != nil || len(page.Items) != 0 || len(u.deleted) != 1 {
		t.Fatalf("after finishing: %v orders (%v), users deleted %v; want none left and the user deleted", page, err, u.deleted)
	}
	if _, err := st.GetCustomer(ctx, "host-1"); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Errorf("the customer record: %v; want not found", err)
	}
	if left, err := st.UnfinishedDeletions(ctx, now.Add(time.Hour), 10); err != nil || len(left) != 0 {
		t.Errorf("unfinished after the sweep: %v, %v; want none", left, err)
	}
	if done, err := d.FinishPending(ctx, time.Minute); err != nil || len(done) != 0 || len(u.deleted) != 1 {
		t.Errorf("a second sweep finished %v (%v), users deleted %v; want nothing more", done, err, u.deleted)
	}
}
