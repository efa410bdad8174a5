package orders_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// fakePayments is a payments.Provider of function fields (nil: the call
// fails the test).
type fakePayments struct {
	t        *testing.T
	refund   func(sessionID, key string) (*payments.Refund, error)
	session  func(id string) (*payments.Session, error)
	expire   func(id string) error
	checkout func(payments.CheckoutRequest) (*payments.Session, error)
}

func (f *fakePayments) CreateCheckout(_ context.Context, r payments.CheckoutRequest) (*payments.Session, error) {
	if f.checkout == nil {
		f.t.Fatal("unexpected CreateCheckout")
	}
	return f.checkout(r)
}
func (f *fakePayments) GetSession(_ context.Context, id string) (*payments.Session, error) {
	if f.session == nil {
		f.t.Fatal("unexpected GetSession")
	}
	return f.session(id)
}
func (f *fakePayments) ParseWebhook([]byte, string) (*payments.Event, error) {
	f.t.Fatal("unexpected ParseWebhook")
	return nil, nil
}
func (f *fakePayments) Refund(_ context.Context, sessionID, key string) (*payments.Refund, error) {
	if f.refund == nil {
		f.t.Fatal("unexpected Refund")
	}
	return f.refund(sessionID, key)
}
func (f *fakePayments) ExpireSession(_ context.Context, id string) error {
	if f.expire == nil {
		f.t.Fatal("unexpected ExpireSession")
	}
	return f.expire(id)
}

// reporterFunc is an orders.Reporter of one function.
type reporterFunc func(ctx context.Context, o *domain.Optimization) (*orders.Outcome, error)

func (f reporterFunc) Report(ctx context.Context, o *domain.Optimization, _ func(context.Context, domain.Stage)) (*orders.Outcome, error) {
	return f(ctx, o)
}

// paidWithSession is paidOrder with a checkout session recorded.
func paidWithSession(t *testing.T, st store.Aggregates, at time.Time, plan domain.Plan) *domain.Optimization {
	t.Helper()
	o := paidOrder(t, st, at, plan)
	if err := st.SetCheckoutSession(context.Background(), o.ID, "cs_"+o.ID); err != nil {
		t.Fatal(err)
	}
	return o
}

func getOrder(t *testing.T, st store.Aggregates, id string) *domain.Optimization {
	t.Helper()
	o, err := st.GetOptimization(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

var failing = reporterFunc(func(context.Context, *domain.Optimization) (*orders.Outcome, error) {
	return nil, domain.Errorf(domain.CodeNotFound, "We couldn't find that listing.")
})

// A refund the provider refuses once is retried by its job and then
// recorded once; the host's e-mail is queued once.
func TestRefundRetriedUntilItGoesThrough(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		q, c := &recordingQueue{}, newClock()
		var calls atomic.Int32
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			if calls.Add(1) == 1 {
				return nil, domain.Errorf(domain.CodeUnavailable, "Stripe is down")
			}
			return &payments.Refund{ID: "re_1", Amount: 499, Status: "succeeded"}, nil
		}}
		mailer := mail.SenderFunc(func(context.Context, mail.Message) error { return nil })
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: failing, Mailer: mailer, Now: c.Now})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)

		_ = svc.Run(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1}) // permanent: failed at once
		if got := getOrder(t, st, o.ID); got.Status != domain.StatusFailed || !q.has("refund-"+o.ID) {
			t.Fatalf("after a permanent failure: %s, queue %v; want failed with refund-%s queued", got.Status, q.names(), o.ID)
		}
		if err := svc.Handle(ctx, jobs.RefundFor(o.ID), jobs.Attempt{Number: 1}); err == nil {
			t.Fatal("a refund the provider refused reported success (no retry)")
		}
		if got := getOrder(t, st, o.ID); got.Status != domain.StatusFailed || got.Refund != nil {
			t.Fatalf("after a refused refund: %s %+v", got.Status, got.Refund)
		}
		if err := svc.Handle(ctx, jobs.RefundFor(o.ID), jobs.Attempt{Number: 2}); err != nil {
			t.Fatal(err)
		}
		got := getOrder(t, st, o.ID)
		if got.Status != domain.StatusRefunded || got.Refund == nil || got.Refund.ID != "re_1" || got.Refund.Amount != 4.99 || got.Email.Status != domain.DeliveryPending {
			t.Fatalf("after the retry: %s %+v e-mail %+v", got.Status, got.Refund, got.Email)
		}
		if !q.has("email-" + o.ID) {
			t.Errorf("the refund e-mail was not queued: %v", q.names())
		}
		if err := svc.Handle(ctx, jobs.RefundFor(o.ID), jobs.Attempt{Number: 3}); err != nil || calls.Load() != 2 {
			t.Errorf("a third delivery: %v, %d provider calls; want nothing more", err, calls.Load())
		}
	})
}

// After a restart (a new service over the same store), a paid order left
// failed without its refund — the refund job was never queued — gets it
// when its report job is delivered again or its page is looked at.
func TestRefundAfterRestart(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		o := paidWithSession(t, st, c.Now(), domain.PlanPremium)
		if _, err := st.Fail(ctx, o.ID, "We could not prepare your report.", c.Now()); err != nil {
			t.Fatal(err)
		}
		var keys []string
		pay := &fakePayments{t: t, refund: func(_, key string) (*payments.Refund, error) {
			keys = append(keys, key)
			return &payments.Refund{ID: "re_2", Amount: 1999}, nil
		}}
		q := &recordingQueue{}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: failing, Now: c.Now})
		if err := svc.Handle(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 2}); err != nil {
			t.Fatal(err)
		}
		if !q.has("refund-" + o.ID) {
			t.Fatalf("redelivered report job did not queue the refund: %v", q.names())
		}
		// The page's look (Reconcile) queues it too when the job was lost.
		q2 := &recordingQueue{}
		svc2 := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q2, Reporter: failing, Now: c.Now})
		svc2.Reconcile(ctx, getOrder(t, st, o.ID))
		if !q2.has("refund-" + o.ID) {
			t.Fatalf("Reconcile did not queue the refund: %v", q2.names())
		}
		if err := svc2.Handle(ctx, jobs.RefundFor(o.ID), jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		if got := getOrder(t, st, o.ID); got.Status != domain.StatusRefunded || len(keys) != 1 || keys[0] != "refund-"+o.ID {
			t.Errorf("after restart: %s, provider keys %v", got.Status, keys)
		}
	})
}

// Payments off: a failed order is marked refunded at once, no provider.
func TestRefundWithPaymentsOff(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		c := newClock()
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: &recordingQueue{}, Reporter: failing, Now: c.Now})
		o := paidOrder(t, st, c.Now(), domain.PlanBasic)
		_ = svc.Run(context.Background(), jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1, Final: true})
		got := getOrder(t, st, o.ID)
		if got.Status != domain.StatusRefunded || got.Refund == nil || got.Refund.ID != "" || got.Refund.Amount != 4.99 {
			t.Errorf("payments off: %s %+v; want refunded without a provider id", got.Status, got.Refund)
		}
	})
}

// An expired checkout paid after all is reopened and its job queued.
func TestReopenAfterLatePayment(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c, q := newClock(), &recordingQueue{}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: &fakePayments{t: t}, Queue: q, Reporter: failing, Now: c.Now})
		if _, err := st.UpsertCustomer(ctx, domain.Login{UID: "host-1", Email: "host@example.com", At: c.Now()}); err != nil {
			t.Fatal(err)
		}
		o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: "host-1", CustomerEmail: "host@example.com",
			ListingURL: "https://www.airbnb.com/rooms/1", PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending, CreatedAt: c.Now()})
		if err != nil {
			t.Fatal(err)
		}
		session := &payments.Session{ID: "cs_late", ClientReferenceID: o.ID, Status: "expired", PaymentStatus: "unpaid"}
		if err := svc.HandleEvent(ctx, &payments.Event{ID: "evt_1", Type: payments.EventCheckoutSessionExpired, Session: session}); err != nil {
			t.Fatal(err)
		}
		if got := getOrder(t, st, o.ID); got.Status != domain.StatusExpired || got.FailureReason != orders.MsgExpired {
			t.Fatalf("after expiry: %s %q", got.Status, got.FailureReason)
		}
		paid := *session
		paid.Status, paid.PaymentStatus = "complete", "paid"
		if err := svc.HandleEvent(ctx, &payments.Event{ID: "evt_2", Type: payments.EventCheckoutCompleted, Session: &paid}); err != nil {
			t.Fatal(err)
		}
		if got := getOrder(t, st, o.ID); got.Status != domain.StatusProcessing || !q.has("report-"+o.ID) {
			t.Errorf("late payment: %s, queue %v; want reopened and queued", got.Status, q.names())
		}
	})
}

// Two upgrade sessions of one order paid at once: one upgrades it, the
// other's payment is refunded; the upgrade job runs once.
func TestUpgradeRace(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c, q := newClock(), &recordingQueue{}
		var mu sync.Mutex
		var refunded []string
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			mu.Lock()
			defer mu.Unlock()
			refunded = append(refunded, sid+" "+key)
			return &payments.Refund{ID: "re_" + sid, Amount: 1500}, nil
		}}
		premium := reporterFunc(func(_ context.Context, o *domain.Optimization) (*orders.Outcome, error) {
			return &orders.Outcome{Results: json.RawMessage(`{"package_type":"` + string(o.PlanType) + `"}`)}, nil
		})
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: premium, Now: c.Now})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if _, err := st.Complete(ctx, o.ID, json.RawMessage(`{"package_type":"basic"}`), c.Now(), false); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for _, sid := range []string{"cs_up_a", "cs_up_b"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := &payments.Session{ID: sid, Status: "complete", PaymentStatus: "paid", AmountTotal: 1500,
					Metadata: map[string]string{payments.MetaOptimizationID: o.ID, payments.MetaPurpose: payments.PurposeUpgrade}}
				if err := svc.HandleEvent(ctx, &payments.Event{ID: "evt_" + sid, Type: payments.EventCheckoutCompleted, Session: s}); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		got := getOrder(t, st, o.ID)
		if !got.Upgrading() || len(refunded) != 1 || refunded[0] == got.Upgrade.SessionID+" refund-"+got.Upgrade.SessionID {
			t.Fatalf("after two upgrade payments: upgrade %+v, refunds %v; want one paid, the other refunded", got.Upgrade, refunded)
		}
		if err := svc.Handle(ctx, jobs.UpgradeFor(o.ID, got.Upgrade.SessionID), jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		if err := svc.Handle(ctx, jobs.UpgradeFor(o.ID, got.Upgrade.SessionID), jobs.Attempt{Number: 2}); err != nil {
			t.Fatal(err)
		}
		got = getOrder(t, st, o.ID)
		if got.PlanType != domain.PlanPremium || got.Amount != 19.99 || string(got.Results) != `{"package_type":"premium"}` {
			t.Errorf("upgraded: %s $%v %s", got.PlanType, got.Amount, got.Results)
		}
		// The upgrade adds Premium's Watch (issue 45), from the upgrade on.
		if w := got.Watch; w == nil || w.State != domain.WatchActive || w.Weeks != 12 || w.DueAt == nil || !w.DueAt.Equal(c.Now().Add(7*24*time.Hour)) {
			t.Errorf("the upgraded report's watch: %+v; want active, 12 weeks, the first check a week after the upgrade", w)
		}
	})
}

// A failed upgrade keeps the Basic report and refunds the difference.
func TestFailedUpgradeRefundsTheDifference(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c, q := newClock(), &recordingQueue{}
		var keys []string
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			keys = append(keys, sid+" "+key)
			return &payments.Refund{ID: "re_up", Amount: 1500}, nil
		}}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: failing, Now: c.Now})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if _, err := st.Complete(ctx, o.ID, json.RawMessage(`{"package_type":"basic"}`), c.Now(), false); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Apply(ctx, o.ID, store.UpgradePaidBy("cs_up", 15, c.Now())); err != nil {
			t.Fatal(err)
		}
		if err := svc.Handle(ctx, jobs.UpgradeFor(o.ID, "cs_up"), jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		if !q.has("refund-" + o.ID + "-upgrade-cs_up") {
			t.Fatalf("the upgrade refund was not queued: %v", q.names())
		}
		if err := svc.Handle(ctx, jobs.UpgradeRefundFor(o.ID, "cs_up"), jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		got := getOrder(t, st, o.ID)
		if got.PlanType != domain.PlanBasic || string(got.Results) != `{"package_type":"basic"}` || got.Status != domain.StatusCompleted ||
			got.Upgrade.Status != domain.UpgradeRefunded || got.Upgrade.Refund == nil || len(keys) != 1 || keys[0] != "cs_up refund-upgrade-cs_up" {
			t.Errorf("failed upgrade: %s %s %s upgrade %+v keys %v", got.PlanType, got.Results, got.Status, got.Upgrade, keys)
		}
	})
}

// A partial refund at Stripe leaves the order; a full one refunds it; an
// upgrade's refunded charge leaves it too.
func TestChargeRefundedEvent(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: &fakePayments{t: t}, Queue: &recordingQueue{}, Reporter: failing, Now: c.Now})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		ev := func(id string, full bool, meta map[string]string) *payments.Event {
			return &payments.Event{ID: id, Type: payments.EventChargeRefunded, Charge: &payments.Charge{ID: "ch_1",
				Metadata: meta, Refunded: full, AmountRefunded: 200, RefundID: "re_x"}}
		}
		for _, e := range []*payments.Event{
			ev("evt_partial", false, map[string]string{payments.MetaOptimizationID: o.ID}),
			ev("evt_upgrade", true, map[string]string{payments.MetaOptimizationID: o.ID, payments.MetaPurpose: payments.PurposeUpgrade}),
			ev("evt_foreign", true, map[string]string{}),
			ev("evt_unknown", true, map[string]string{payments.MetaOptimizationID: "noSuchOrder12345"}),
		} {
			if err := svc.HandleEvent(ctx, e); err != nil {
				t.Errorf("%s: %v", e.ID, err)
			}
		}
		if got := getOrder(t, st, o.ID); got.Status != domain.StatusProcessing || got.Refund != nil {
			t.Fatalf("after partial/upgrade/foreign refunds: %s %+v", got.Status, got.Refund)
		}
		if err := svc.HandleEvent(ctx, ev("evt_full", true, map[string]string{payments.MetaOptimizationID: o.ID})); err != nil {
			t.Fatal(err)
		}
		if got := getOrder(t, st, o.ID); got.Status != domain.StatusRefunded || got.Refund == nil || got.Refund.ID != "re_x" {
			t.Errorf("after a full refund: %s %+v", got.Status, got.Refund)
		}
	})
}

// Remove: a paid order is refused; an unpaid one's checkout is closed
// first, and a checkout paid meanwhile stops the removal.
func TestRemove(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		var expired []string
		pay := &fakePayments{t: t, expire: func(id string) error {
			expired = append(expired, id)
			if id == "cs_paid_meanwhile" {
				return domain.Errorf(domain.CodeConflict, "This checkout was just paid.")
			}
			return nil
		}}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: &recordingQueue{}, Reporter: failing, Now: c.Now})
		p := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if err := svc.Remove(ctx, "host-1", p.ID); domain.ErrorCode(err) != domain.CodeConflict {
			t.Errorf("remove of a paid order: %v; want conflict", err)
		}
		add := func(sid string) *domain.Optimization {
			o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: "host-1", CustomerEmail: "host@example.com",
				ListingURL: "https://www.airbnb.com/rooms/1", PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending, CreatedAt: c.Now()})
			if err != nil {
				t.Fatal(err)
			}
			if err := st.SetCheckoutSession(ctx, o.ID, sid); err != nil {
				t.Fatal(err)
			}
			return o
		}
		racing := add("cs_paid_meanwhile")
		if err := svc.Remove(ctx, "host-1", racing.ID); domain.ErrorCode(err) != domain.CodeConflict {
			t.Errorf("remove of a checkout paid meanwhile: %v", err)
		}
		getOrder(t, st, racing.ID)
		open := add("cs_open")
		if err := svc.Remove(ctx, "someone-else", open.ID); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("another host's remove: %v; want not found", err)
		}
		if err := svc.Remove(ctx, "host-1", open.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := st.GetOptimization(ctx, open.ID); !errors.Is(err, domain.ErrNotFound) || expired[len(expired)-1] != "cs_open" {
			t.Errorf("removed: %v, expired %v", err, expired)
		}
	})
}

// Events and jobs for an order deleted with its account (or removed)
// recreate nothing and fail nothing: a job is dropped, an unpaid session's
// event is dropped, and a payment that arrives all the same is refunded.
func TestEventsAndJobsForADeletedOrder(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		var refunds []string
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			refunds = append(refunds, sid+" "+key)
			return &payments.Refund{ID: "re_stray", Amount: 499, Status: "succeeded"}, nil
		}}
		q := &recordingQueue{}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: failing, Now: c.Now})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if _, err := st.Complete(ctx, o.ID, []byte(`{"plan":"basic"}`), c.Now(), false); err != nil {
			t.Fatal(err)
		}
		if n, err := st.DeleteCustomerOptimizations(ctx, "host-1"); err != nil || n != 1 {
			t.Fatalf("DeleteCustomerOptimizations = %d, %v", n, err)
		}
		if ok, err := st.DeleteCustomer(ctx, "host-1"); err != nil || !ok {
			t.Fatalf("DeleteCustomer = %v, %v", ok, err)
		}

		for _, job := range []jobs.Job{jobs.ForOptimization(o.ID), jobs.EmailFor(o.ID), jobs.RefundFor(o.ID), jobs.UpgradeFor(o.ID, "cs_x"), jobs.UpgradeRefundFor(o.ID, "cs_x")} {
			if err := svc.Handle(ctx, job, jobs.Attempt{Number: 1}); err != nil {
				t.Errorf("job %s for a deleted order: %v; want it dropped", job.Name, err)
			}
		}
		session := func(status string) *payments.Session {
			return &payments.Session{ID: "cs_" + o.ID, ClientReferenceID: o.ID, PaymentStatus: status, AmountTotal: 499,
				Metadata: payments.Order{OptimizationID: o.ID, CustomerUID: "host-1", CustomerEmail: "host@example.com",
					Plan: domain.PlanBasic, ListingURL: "https://www.airbnb.com/rooms/1"}.Metadata()}
		}
		cases := []struct {
			typ, payment string
			refunds      int
		}{
			{payments.EventCheckoutSessionExpired, "unpaid", 0},
			{payments.EventAsyncPaymentFailed, "unpaid", 0},
			{payments.EventCheckoutCompleted, "unpaid", 0},
			{payments.EventCheckoutCompleted, "paid", 1},
			// The same session's payment reported again: recorded as refunded
			// (issue 28), so Stripe is not asked again.
			{payments.EventAsyncPaymentSucceeded, "paid", 1},
			{payments.EventCheckoutCompleted, "paid", 1},
		}
		for i, tc := range cases {
			ev := &payments.Event{ID: "evt_" + string(rune('a'+i)), Type: tc.typ, Session: session(tc.payment)}
			if err := svc.HandleEvent(ctx, ev); err != nil {
				t.Errorf("%s (%s): %v", tc.typ, tc.payment, err)
			}
			if len(refunds) != tc.refunds {
				t.Errorf("after %s (%s): refunds %v; want %d", tc.typ, tc.payment, refunds, tc.refunds)
			}
		}
		for _, r := range refunds {
			if r != "cs_"+o.ID+" refund-cs_"+o.ID {
				t.Errorf("refund %q; want the session's, with its idempotency key", r)
			}
		}
		if r, err := st.GetStrayRefund(ctx, "cs_"+o.ID); err != nil || r.Refund == nil || r.Refund.ID != "re_stray" ||
			r.OptimizationID != o.ID || r.Reason != orders.StrayDeletedOrder || r.Amount != 4.99 {
			t.Errorf("stray refund record: %+v, %v; want the session's, refunded once", r, err)
		}
		if _, err := st.GetCustomer(ctx, "host-1"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("the deleted customer was recreated: %v", err)
		}
		if p, err := st.ListOptimizations(ctx, "host-1", 1, nil); err != nil || p.Total != 0 {
			t.Errorf("orders recreated for the deleted customer: %+v, %v", p, err)
		}
		if len(q.jobs) != 0 {
			t.Errorf("jobs queued for a deleted order: %v", q.jobs)
		}
	})
}
