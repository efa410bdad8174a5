package orders_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// tasksQueue behaves as Cloud Tasks does for what issue 28 is about: a
// task is tried up to 5 times with backoff 10, 20, 40, 80 s (about 150 s
// in all), then dropped; its name is refused (ErrDuplicate) while the task
// exists and for an hour after it ended. With hold, tasks stay queued and
// never run (workers busy with a backlog). It answers Pending as GetTask
// does.
type tasksQueue struct {
	c    *clock
	hold bool

	mu      sync.Mutex
	waiting []jobs.Job
	ended   map[string]time.Time // name → when its task ended
	sent    []string
}

func newTasksQueue(c *clock) *tasksQueue { return &tasksQueue{c: c, ended: map[string]time.Time{}} }

func (q *tasksQueue) Enqueue(_ context.Context, j jobs.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, w := range q.waiting {
		if w.Name == j.Name {
			return jobs.ErrDuplicate
		}
	}
	if at, ok := q.ended[j.Name]; ok && q.c.Now().Sub(at) < time.Hour {
		return jobs.ErrDuplicate
	}
	q.waiting = append(q.waiting, j)
	q.sent = append(q.sent, j.Name)
	return nil
}

func (q *tasksQueue) Pending(_ context.Context, name string) (bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, w := range q.waiting {
		if w.Name == name {
			return true, nil
		}
	}
	return false, nil
}

func (q *tasksQueue) Backlog(_ context.Context, limit int) (jobs.Backlog, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return jobs.Backlog{Tasks: min(len(q.waiting), limit), Capped: len(q.waiting) > limit}, nil
}

// drain runs every queued task (and those they queue) to its end, each
// through its attempts, the clock moving by the backoff between them.
func (q *tasksQueue) drain(t *testing.T, h jobs.Handler) {
	t.Helper()
	for !q.hold {
		q.mu.Lock()
		if len(q.waiting) == 0 {
			q.mu.Unlock()
			return
		}
		j := q.waiting[0]
		q.mu.Unlock()
		for n, wait := 1, 10*time.Second; n <= 5; n, wait = n+1, wait*2 {
			if h(context.Background(), j, jobs.Attempt{Number: n, Final: n == 5}) == nil {
				break
			}
			if n < 5 {
				q.c.Add(wait)
			}
		}
		q.mu.Lock()
		q.waiting = q.waiting[1:]
		q.ended[j.Name] = q.c.Now()
		q.mu.Unlock()
	}
}

// TestStripeOutageRefundMadeOnceWhenItRecovers (issue 28, finding 1):
// Stripe refuses refunds for 10 minutes, longer than every attempt of the
// refund's task; the task is dropped and its name refused for an hour.
// The refund stays owed on the order, and the sweeper sends it again
// under a fresh name once Stripe is back: made exactly once, and the
// host's refund e-mail goes once.
func TestStripeOutageRefundMadeOnceWhenItRecovers(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		q := newTasksQueue(c)
		start := c.Now()
		var mu sync.Mutex
		var made, refused int
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			mu.Lock()
			defer mu.Unlock()
			if c.Now().Before(start.Add(10 * time.Minute)) {
				refused++
				return nil, domain.Errorf(domain.CodeUnavailable, "Stripe is unavailable")
			}
			made++
			return &payments.Refund{ID: "re_" + key, Amount: 499, Status: "succeeded"}, nil
		}}
		mailer := &capture{}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: failing, Mailer: mailer, Now: c.Now})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if err := q.Enqueue(ctx, jobs.ForOptimization(o.ID)); err != nil {
			t.Fatal(err)
		}
		q.drain(t, svc.Handle) // the listing is gone: failed, refund queued, its 5 attempts refused
		if got := getOrder(t, st, o.ID); got.Status != domain.StatusFailed || refused != 5 {
			t.Fatalf("during the outage: %s, %d refusals; want failed, every attempt refused", got.Status, refused)
		}
		// Nobody has the order's page open; the sweeper runs every 5 minutes
		// for an hour and a half.
		for range 18 {
			c.Add(5 * time.Minute)
			if _, err := svc.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
			q.drain(t, svc.Handle)
		}
		got := getOrder(t, st, o.ID)
		if got.Status != domain.StatusRefunded || got.Refund == nil || made != 1 {
			t.Fatalf("after Stripe recovered: %s refund %+v, %d refunds made (queued %v); want refunded exactly once",
				got.Status, got.Refund, made, q.sent)
		}
		if late := got.Refund.RefundedAt.Sub(start); late > 30*time.Minute {
			t.Errorf("refunded %s after the failure; want within the first sweeps after Stripe recovered", late)
		}
		if len(mailer.sent) != 1 || got.Email.Status != domain.DeliverySent {
			t.Errorf("refund e-mails sent: %d (delivery %+v); want one", len(mailer.sent), got.Email)
		}
	})
}

// TestTwoUpgradesOfOneOrder (issue 28, finding 2): the first upgrade
// fails and is refunded; a second, paid within the hour, makes the
// Premium report. Each has its own job and its own refund key.
func TestTwoUpgradesOfOneOrder(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		q := newTasksQueue(c)
		var keys []string
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			keys = append(keys, sid+" "+key)
			return &payments.Refund{ID: "re_" + sid, Amount: 1500}, nil
		}}
		runs := 0
		premium := reporterFunc(func(_ context.Context, o *domain.Optimization) (*orders.Outcome, error) {
			runs++
			if runs == 1 {
				return nil, domain.Errorf(domain.CodeNotFound, "We couldn't find that listing.")
			}
			return &orders.Outcome{Results: json.RawMessage(`{"package_type":"premium"}`)}, nil
		})
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: premium, Now: c.Now})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if _, err := st.Complete(ctx, o.ID, json.RawMessage(`{"package_type":"basic"}`), c.Now(), false); err != nil {
			t.Fatal(err)
		}
		upgrade := func(sid string) {
			t.Helper()
			s := &payments.Session{ID: sid, Status: "complete", PaymentStatus: "paid", AmountTotal: 1500,
				Metadata: map[string]string{payments.MetaOptimizationID: o.ID, payments.MetaPurpose: payments.PurposeUpgrade}}
			if err := svc.HandleEvent(ctx, &payments.Event{ID: "evt_" + sid, Type: payments.EventCheckoutCompleted, Session: s}); err != nil {
				t.Fatal(err)
			}
			q.drain(t, svc.Handle)
		}
		upgrade("cs_up_first")
		if got := getOrder(t, st, o.ID); got.Upgrade == nil || got.Upgrade.Status != domain.UpgradeRefunded || got.PlanType != domain.PlanBasic {
			t.Fatalf("first upgrade: %+v %s; want refunded, Basic kept", got.Upgrade, got.PlanType)
		}
		c.Add(10 * time.Minute)
		upgrade("cs_up_second")
		got := getOrder(t, st, o.ID)
		if got.PlanType != domain.PlanPremium || got.Upgrade.Status != domain.UpgradeCompleted || got.Upgrade.SessionID != "cs_up_second" {
			t.Fatalf("second upgrade: %s upgrade %+v (queued %v); want Premium through the second session", got.PlanType, got.Upgrade, q.sent)
		}
		if len(keys) != 1 || keys[0] != "cs_up_first refund-upgrade-cs_up_first" {
			t.Errorf("refunds %v; want the first upgrade's, keyed by its session", keys)
		}
	})
}

// TestSecondUpgradeRefundHasItsOwnKey (issue 28, finding 2): two
// upgrades of one order both fail; each refund uses its own session's
// idempotency key (a reused key would make Stripe refuse the second).
func TestSecondUpgradeRefundHasItsOwnKey(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		q := newTasksQueue(c)
		var keys []string
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			keys = append(keys, sid+" "+key)
			return &payments.Refund{ID: "re_" + sid, Amount: 1500}, nil
		}}
		logs := newLogRecords()
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: failing, Now: c.Now, Logger: slog.New(logs)})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if _, err := st.Complete(ctx, o.ID, json.RawMessage(`{"package_type":"basic"}`), c.Now(), false); err != nil {
			t.Fatal(err)
		}
		for _, sid := range []string{"cs_a", "cs_b"} {
			s := &payments.Session{ID: sid, Status: "complete", PaymentStatus: "paid", AmountTotal: 1500,
				Metadata: map[string]string{payments.MetaOptimizationID: o.ID, payments.MetaPurpose: payments.PurposeUpgrade}}
			if err := svc.HandleEvent(ctx, &payments.Event{ID: "evt_" + sid, Type: payments.EventCheckoutCompleted, Session: s}); err != nil {
				t.Fatal(err)
			}
			q.drain(t, svc.Handle)
			c.Add(5 * time.Minute)
		}
		got := getOrder(t, st, o.ID)
		if got.Upgrade.Status != domain.UpgradeRefunded || got.Upgrade.SessionID != "cs_b" ||
			len(keys) != 2 || keys[0] != "cs_a refund-upgrade-cs_a" || keys[1] != "cs_b refund-upgrade-cs_b" {
			t.Errorf("two failed upgrades: %+v, refunds %v; want each refunded with its own key", got.Upgrade, keys)
		}
		// The listing was gone: the host's to fix, not ours to alert on.
		if n := logs.count(slog.LevelError, ""); n != 0 || logs.count(slog.LevelWarn, "upgrade failed on the host's input; refunding the difference") != 2 {
			t.Errorf("host-caused upgrade failures logged %d ERROR lines; want WARN only", n)
		}
	})
}

// TestBacklogIsNotRefunded (issue 28, finding 4): 200 paid orders wait
// behind slow workers, their tasks still queued. For three hours of
// sweeps no order is failed or refunded, and none is sent twice.
func TestBacklogIsNotRefunded(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		q := newTasksQueue(c)
		q.hold = true
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: &fakePayments{t: t}, Queue: q, Reporter: fixedReport{}, Now: c.Now})
		var ids []string
		for range 200 {
			o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
			if err := q.Enqueue(ctx, jobs.ForOptimization(o.ID)); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, o.ID)
			c.Add(time.Second)
		}
		for range 18 {
			c.Add(10 * time.Minute)
			if _, err := svc.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
		}
		for _, id := range ids {
			if got := getOrder(t, st, id); got.Status != domain.StatusProcessing || got.Refund != nil {
				t.Fatalf("order %s is %s (refund %+v) while its task waits in the queue", id, got.Status, got.Refund)
			}
		}
		if len(q.sent) != 200 {
			t.Errorf("%d tasks sent for 200 waiting orders; want each once", len(q.sent))
		}
	})
}

// TestNewerStuckOrdersAreNotHidden (issue 28, finding 4): 150 older
// orders wait in the queue; 50 newer ones lost their task. One sweep
// sends the 50 again: the older ones do not fill its page.
func TestNewerStuckOrdersAreNotHidden(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		q := newTasksQueue(c)
		q.hold = true
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: &fakePayments{t: t}, Queue: q, Reporter: fixedReport{}, Now: c.Now})
		lost := map[string]bool{}
		for i := range 200 {
			o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
			if i < 150 {
				if err := q.Enqueue(ctx, jobs.ForOptimization(o.ID)); err != nil {
					t.Fatal(err)
				}
			} else {
				lost[o.ID] = true
			}
			c.Add(time.Second)
		}
		c.Add(20 * time.Minute)
		if _, err := svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		sentAgain := 0
		for _, name := range q.sent[150:] {
			for id := range lost {
				if name == fmt.Sprintf("report-%s-1", id) {
					sentAgain++
				}
			}
		}
		if sentAgain != 50 || len(q.sent) != 200 {
			t.Errorf("one sweep sent %d of the 50 lost orders again (%d tasks in all); want all 50, and none of the waiting", sentAgain, len(q.sent))
		}
	})
}

// TestRefundWithdrawsRechecks (issue 28, finding 6): when a bought report
// is refunded, its free re-checks go with it: no PDF, no share link.
func TestRefundWithdrawsRechecks(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: &fakePayments{t: t}, Queue: &recordingQueue{}, Reporter: fixedReport{}, Now: c.Now})
		o := paidWithSession(t, st, c.Now(), domain.PlanPremium)
		if _, err := st.Complete(ctx, o.ID, json.RawMessage(`{"package_type":"premium"}`), c.Now(), false); err != nil {
			t.Fatal(err)
		}
		r, err := st.AddRecheck(ctx, o.ID, store.RecheckAllowed(3, 30*24*time.Hour, c.Now()), domain.Optimization{
			CustomerUID: "host-1", CustomerEmail: "host@example.com", ListingURL: o.ListingURL, PlanType: domain.PlanPremium,
			Status: domain.StatusProcessing, CreatedAt: c.Now(), PaidAt: ptr(c.Now())})
		if err != nil || r == nil {
			t.Fatalf("re-check: %v, %v", r, err)
		}
		if _, err := st.Complete(ctx, r.ID, json.RawMessage(`{"package_type":"premium"}`), c.Now(), false); err != nil {
			t.Fatal(err)
		}
		if !store.Shareable(getOrder(t, st, r.ID)) {
			t.Fatal("the re-check is not shareable before the refund")
		}
		ev := &payments.Event{ID: "evt_refund", Type: payments.EventChargeRefunded, Charge: &payments.Charge{ID: "ch_1",
			Metadata: map[string]string{payments.MetaOptimizationID: o.ID}, Refunded: true, AmountRefunded: 1999, RefundID: "re_1"}}
		if err := svc.HandleEvent(ctx, ev); err != nil {
			t.Fatal(err)
		}
		got := getOrder(t, st, r.ID)
		if store.Shareable(got) || !store.Refused(got) || got.WithdrawnAt == nil {
			t.Errorf("re-check after its report's refund: shareable %v, refused %v; want withdrawn", store.Shareable(got), store.Refused(got))
		}
	})
}

func ptr[T any](v T) *T { return &v }

// logRecords is a slog.Handler keeping every record, for tests that
// assert what an operator's alert would see.
type logRecords struct {
	mu   *sync.Mutex
	recs *[]slog.Record
}

func newLogRecords() logRecords { return logRecords{mu: &sync.Mutex{}, recs: &[]slog.Record{}} }

func (l logRecords) Enabled(context.Context, slog.Level) bool { return true }
func (l logRecords) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	*l.recs = append(*l.recs, r.Clone())
	return nil
}
func (l logRecords) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l logRecords) WithGroup(string) slog.Handler      { return l }

// count is how many records of level had message msg.
func (l logRecords) count(level slog.Level, msg string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, r := range *l.recs {
		if r.Level == level && (msg == "" || r.Message == msg) {
			n++
		}
	}
	return n
}

// TestRefundOwedPastAnHourAlerts (issue 28, finding 1): a refund Stripe
// refuses for over an hour is logged at ERROR with the stable message the
// alert matches, while the sweeper keeps sending it.
func TestRefundOwedPastAnHourAlerts(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		q := newTasksQueue(c)
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			return nil, domain.Errorf(domain.CodeUnavailable, "Stripe is unavailable")
		}}
		logs := newLogRecords()
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: failing, Now: c.Now, Logger: slog.New(logs)})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if err := q.Enqueue(ctx, jobs.ForOptimization(o.ID)); err != nil {
			t.Fatal(err)
		}
		q.drain(t, svc.Handle)
		for i := range 16 { // 80 minutes of sweeps
			c.Add(5 * time.Minute)
			if _, err := svc.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
			q.drain(t, svc.Handle)
			if i == 9 && logs.count(slog.LevelError, orders.LogOwedOverdue) != 0 {
				t.Fatalf("%q logged before the refund was owed an hour", orders.LogOwedOverdue)
			}
		}
		if logs.count(slog.LevelError, orders.LogOwedOverdue) == 0 {
			t.Errorf("a refund owed for 80 minutes logged no %q", orders.LogOwedOverdue)
		}
		if n := logs.count(slog.LevelWarn, "owed work sent again"); n < 3 {
			t.Errorf("the refund was sent again %d times in 80 minutes; want one per SweepAfter", n)
		}
	})
}

// TestStrayRefundOncePerSession (issue 28, finding 6): a second upgrade
// payment is recorded as stray and refunded; Stripe refusing once makes
// the webhook fail (delivered again), and every later delivery finds it
// refunded and asks Stripe nothing.
func TestStrayRefundOncePerSession(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		var calls []string
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			calls = append(calls, sid+" "+key)
			if len(calls) == 1 {
				return nil, domain.Errorf(domain.CodeUnavailable, "Stripe is unavailable")
			}
			return &payments.Refund{ID: "re_" + sid, Amount: 1500}, nil
		}}
		q := newTasksQueue(c)
		q.hold = true
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: fixedReport{}, Now: c.Now})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if _, err := st.Complete(ctx, o.ID, json.RawMessage(`{"package_type":"basic"}`), c.Now(), false); err != nil {
			t.Fatal(err)
		}
		event := func(sid, evt string) error {
			s := &payments.Session{ID: sid, Status: "complete", PaymentStatus: "paid", AmountTotal: 1500,
				Metadata: map[string]string{payments.MetaOptimizationID: o.ID, payments.MetaPurpose: payments.PurposeUpgrade}}
			return svc.HandleEvent(ctx, &payments.Event{ID: evt, Type: payments.EventCheckoutCompleted, Session: s})
		}
		if err := event("cs_first", "evt_1"); err != nil {
			t.Fatal(err)
		}
		if err := event("cs_second", "evt_2"); err == nil {
			t.Fatal("a stray refund Stripe refused answered the webhook 200: it would not be delivered again")
		}
		for i := range 3 {
			if err := event("cs_second", fmt.Sprintf("evt_2_again_%d", i)); err != nil {
				t.Fatal(err)
			}
		}
		if len(calls) != 2 || calls[1] != "cs_second refund-cs_second" {
			t.Errorf("Stripe refund calls %v; want the refused one and one more, keyed by the session", calls)
		}
		r, err := st.GetStrayRefund(ctx, "cs_second")
		if err != nil || r.Refund == nil || r.Reason != orders.StraySecondUpgrade || r.OptimizationID != o.ID {
			t.Fatalf("stray record %+v, %v", r, err)
		}
		if got := getOrder(t, st, o.ID); got.Upgrade == nil || got.Upgrade.SessionID != "cs_first" || !got.Upgrading() {
			t.Errorf("the order's upgrade: %+v; want the first session's, paid", got.Upgrade)
		}
	})
}

// TestStrayRefundMadeBySweeper: a stray refund whose webhook deliveries
// ended before Stripe came back is made by the sweeper.
func TestStrayRefundMadeBySweeper(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		down := true
		calls := 0
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			calls++
			if down {
				return nil, domain.Errorf(domain.CodeUnavailable, "Stripe is unavailable")
			}
			return &payments.Refund{ID: "re_" + sid, Amount: 499}, nil
		}}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: newTasksQueue(c), Reporter: fixedReport{}, Now: c.Now})
		s := &payments.Session{ID: "cs_gone", ClientReferenceID: "GoneOrder12345678901", PaymentStatus: "paid", AmountTotal: 499,
			Metadata: payments.Order{OptimizationID: "GoneOrder12345678901", CustomerUID: "host-9", Plan: domain.PlanBasic,
				ListingURL: "https://www.airbnb.com/rooms/1"}.Metadata()}
		if err := svc.HandleEvent(ctx, &payments.Event{ID: "evt_gone", Type: payments.EventCheckoutCompleted, Session: s}); err == nil {
			t.Fatal("a refused stray refund answered the webhook 200")
		}
		down = false
		c.Add(20 * time.Minute)
		res, err := svc.Sweep(ctx)
		if err != nil || len(res.Strays) != 1 {
			t.Fatalf("sweep: %+v, %v; want the stray refund made", res, err)
		}
		if r, _ := st.GetStrayRefund(ctx, "cs_gone"); r == nil || r.Refund == nil || calls != 2 {
			t.Errorf("stray record %+v after %d calls", r, calls)
		}
		if res, _ := svc.Sweep(ctx); len(res.Strays) != 0 || calls != 2 {
			t.Errorf("a second sweep refunded again (%d calls)", calls)
		}
	})
}

// TestLostUpgradeJobSentAgain (issue 28, finding 1): a paid upgrade whose
// task was lost is owed on the order; the sweeper sends it again under a
// fresh name with its session, and the Premium report is made.
func TestLostUpgradeJobSentAgain(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		q := newTasksQueue(c)
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: &fakePayments{t: t}, Queue: q, Reporter: fixedReport{}, Now: c.Now})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if _, err := st.Complete(ctx, o.ID, json.RawMessage(`{"package_type":"basic"}`), c.Now(), false); err != nil {
			t.Fatal(err)
		}
		s := &payments.Session{ID: "cs_up_lost", Status: "complete", PaymentStatus: "paid", AmountTotal: 1500,
			Metadata: map[string]string{payments.MetaOptimizationID: o.ID, payments.MetaPurpose: payments.PurposeUpgrade}}
		if err := svc.HandleEvent(ctx, &payments.Event{ID: "evt_up", Type: payments.EventCheckoutCompleted, Session: s}); err != nil {
			t.Fatal(err)
		}
		q.mu.Lock()
		q.waiting = nil // the task is lost (a queue purged, a deploy that dropped it)
		q.mu.Unlock()
		c.Add(5 * time.Minute)
		if res, _ := svc.Sweep(ctx); len(res.Requeued) != 0 {
			t.Fatalf("sent again 5 minutes after its payment: %+v", res)
		}
		c.Add(11 * time.Minute)
		res, err := svc.Sweep(ctx)
		if err != nil || len(res.Requeued) != 1 || q.sent[len(q.sent)-1] != "upgrade-"+o.ID+"-cs_up_lost-1" {
			t.Fatalf("sweep: %+v, %v, queued %v; want upgrade-%s-cs_up_lost-1", res, err, q.sent, o.ID)
		}
		q.drain(t, svc.Handle)
		if got := getOrder(t, st, o.ID); got.PlanType != domain.PlanPremium || got.Upgrade.Status != domain.UpgradeCompleted {
			t.Errorf("after the sweep: %s %+v; want Premium", got.PlanType, got.Upgrade)
		}
	})
}
