package orders_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/logging/alertcheck"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// The tests named TestAlertLines… run the code paths docs/DEPLOY.md §15
// alerts on, with the service's own JSON logger, and check the metric's
// filter matches a line they really write (alertcheck evaluates it; what
// they capture also feeds backend/deploy's check that every metric has
// such a line). The lines are the same on every store, so they run on
// SQLite; what the paths do to the store is tested on both elsewhere.

// syncBuffer is the service's stdout, written by concurrent jobs.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}

func serviceLog(out *syncBuffer) *slog.Logger {
	return logging.NewService(out, slog.LevelInfo, logging.Service{Name: "listinglift", Version: "test"})
}

// alertQueue keeps what is sent (nothing runs) and answers the sweeper's
// questions as Cloud Tasks would: pending, the backlog, or an error.
type alertQueue struct {
	mu      sync.Mutex
	sent    []jobs.Job
	pending bool
	backlog jobs.Backlog
	askErr  error
}

func (q *alertQueue) Enqueue(_ context.Context, j jobs.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.sent = append(q.sent, j)
	return nil
}

func (q *alertQueue) Pending(context.Context, string) (bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.pending, q.askErr
}

func (q *alertQueue) Backlog(context.Context, int) (jobs.Backlog, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.backlog, q.askErr
}

// A paid report that fails for a reason of ours on its last attempt is
// refunded: order_failed, then refund_made when the refund job runs — or,
// when Stripe answers charge_already_refunded (refunded from its
// dashboard), refund_made_elsewhere, counted with the refunds too.
func TestAlertLinesFailedOrderRefunded(t *testing.T) {
	for _, c := range []struct {
		name      string
		refund    func(sid, key string) (*payments.Refund, error)
		event     string
		elsewhere bool
	}{
		{"refunded", func(string, string) (*payments.Refund, error) { return &payments.Refund{ID: "re_1", Amount: 499}, nil },
			logging.EventRefundMade, false},
		{"refunded elsewhere", func(sid, _ string) (*payments.Refund, error) {
			return nil, fmt.Errorf("payments: refund session %s: %w", sid, payments.ErrAlreadyRefunded)
		}, logging.EventRefundMadeElsewhere, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := storetable.SQLite(t)
			var out syncBuffer
			clock := newClock()
			q := newTasksQueue(clock)
			ours := reporterFunc(func(context.Context, *domain.Optimization) (*orders.Outcome, error) {
				return nil, errors.New("the analysis crashed")
			})
			svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: &fakePayments{t: t, refund: c.refund}, Queue: q, Reporter: ours,
				Now: clock.Now, Logger: serviceLog(&out)})
			o := paidWithSession(t, st, clock.Now(), domain.PlanBasic)
			if err := q.Enqueue(context.Background(), jobs.ForOptimization(o.ID)); err != nil {
				t.Fatal(err)
			}
			q.drain(t, svc.Handle)
			if got := getOrder(t, st, o.ID); got.Status != domain.StatusRefunded || got.Refund == nil || got.Refund.Elsewhere != c.elsewhere {
				t.Fatalf("order %s (refund %+v), want refunded (elsewhere: %v)", got.Status, got.Refund, c.elsewhere)
			}
			if !bytes.Contains(out.Bytes(), []byte(`"event":"`+c.event+`"`)) {
				t.Fatalf("no %s line:\n%s", c.event, out.Bytes())
			}
			alertcheck.Expect(t, out.Bytes(), "listinglift_failed_orders", "listinglift_refunds")
		})
	}
}

// A refund Stripe keeps refusing is sent again by the sweeper
// (stuck_order_resent) and, owed past an hour, alerted (money_owed).
func TestAlertLinesRefundOwed(t *testing.T) {
	st := storetable.SQLite(t)
	var out syncBuffer
	c := newClock()
	q := newTasksQueue(c)
	pay := &fakePayments{t: t, refund: func(string, string) (*payments.Refund, error) {
		return nil, domain.Errorf(domain.CodeUnavailable, "Stripe is unavailable")
	}}
	svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Reporter: failing, Now: c.Now, Logger: serviceLog(&out)})
	o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
	if err := q.Enqueue(context.Background(), jobs.ForOptimization(o.ID)); err != nil {
		t.Fatal(err)
	}
	q.drain(t, svc.Handle)
	for range 16 { // 80 minutes of sweeps
		c.Add(5 * time.Minute)
		if _, err := svc.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		q.drain(t, svc.Handle)
	}
	alertcheck.Expect(t, out.Bytes(), "listinglift_stuck_orders", "listinglift_money_owed")
}

// A paid report whose task is lost is sent again, then given up and
// refunded; one whose task still waits in the queue past the deadline is
// a backlog (paid_order_waiting); the queue's own state is reported.
func TestAlertLinesSweep(t *testing.T) {
	ctx := context.Background()
	run := func(t *testing.T, q *alertQueue, steps ...time.Duration) []byte {
		t.Helper()
		st := storetable.SQLite(t)
		var out syncBuffer
		c := newClock()
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: q, Reporter: fixedReport{}, Now: c.Now, GiveUpAfter: 50 * time.Minute, Logger: serviceLog(&out)})
		paidOrder(t, st, c.Now(), domain.PlanBasic)
		for _, d := range steps {
			c.Add(d)
			if _, err := svc.Sweep(ctx); err != nil {
				t.Fatal(err)
			}
		}
		return out.Bytes()
	}
	t.Run("lost task", func(t *testing.T) {
		out := run(t, &alertQueue{}, 16*time.Minute, 40*time.Minute)
		alertcheck.Expect(t, out, "listinglift_stuck_orders", "listinglift_refunds")
		if !bytes.Contains(out, []byte(`"event":"stuck_order_resent"`)) || !bytes.Contains(out, []byte(`"event":"stuck_order_given_up"`)) {
			t.Errorf("want the order sent again, then given up:\n%s", out)
		}
	})
	t.Run("still queued", func(t *testing.T) {
		alertcheck.Expect(t, run(t, &alertQueue{pending: true}, 51*time.Minute), "listinglift_money_owed")
	})
	t.Run("oldest task over an hour", func(t *testing.T) {
		q := &alertQueue{backlog: jobs.Backlog{Tasks: 3, Oldest: newClock().Now().Add(-time.Hour)}}
		alertcheck.Expect(t, run(t, q, 16*time.Minute), "listinglift_queue_backlog")
	})
	t.Run("backlog", func(t *testing.T) {
		q := &alertQueue{backlog: jobs.Backlog{Tasks: 250, Oldest: newClock().Now()}}
		alertcheck.Expect(t, run(t, q, time.Minute), "listinglift_queue_backlog")
	})
	t.Run("cannot ask the queue", func(t *testing.T) {
		q := &alertQueue{askErr: errors.New("rpc error: code = PermissionDenied desc = cloudtasks.tasks.get")}
		alertcheck.Expect(t, run(t, q, 16*time.Minute), "listinglift_queue_backlog")
	})
}

// alertDeliveryEnv is newDeliveryEnv with the service's JSON logger.
func alertDeliveryEnv(t *testing.T, mailer mail.Sender, out *syncBuffer) *deliveryEnv {
	t.Helper()
	lb, err := local.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if mailer == nil {
		mailer = &capture{}
	}
	e := &deliveryEnv{st: storetable.SQLite(t), q: &recordingQueue{}, blobs: &flakyBlobs{Store: lb}, mail: &capture{},
		clock: &testClock{t: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}, logs: &bytes.Buffer{}}
	pipe := orders.Pipeline{Listings: fixtureReader{loadFixture(t, "albany-house")}, PDF: fakePDF, Blobs: e.blobs}
	e.svc = orders.New(orders.Deps{Stores: orders.StoresOf(e.st), Queue: e.q, Reporter: pipe, Mailer: mailer, Blobs: e.blobs, PDF: fakePDF,
		PublicURL: "http://localhost:8080", Now: e.clock.Now, Logger: serviceLog(out)})
	return e
}

// E-mails: an address the provider refuses for good is given up
// (email_given_up); our key refused keeps it due (mail_credentials_refused)
// and, still owed after four re-sends, deliverable_still_owed; a PDF the
// repair job could not store on its last attempt, pdf_still_owed.
func TestAlertLinesDeliveries(t *testing.T) {
	ctx := context.Background()
	t.Run("address refused", func(t *testing.T) {
		var out syncBuffer
		e := alertDeliveryEnv(t, mail.SenderFunc(func(context.Context, mail.Message) error {
			return mail.Permanent(errors.New("550 no such mailbox"))
		}), &out)
		o := paidOrder(t, e.st, e.clock.Now(), domain.PlanPremium)
		if err := e.svc.Run(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		_ = e.run(t, jobs.EmailFor(o.ID).Name, jobs.Attempt{Number: 1})
		alertcheck.Expect(t, out.Bytes(), "listinglift_email_failures")
	})
	t.Run("our key refused", func(t *testing.T) {
		var out syncBuffer
		e := alertDeliveryEnv(t, mail.SenderFunc(func(context.Context, mail.Message) error {
			return mail.Misconfigured(errors.New("sendgrid: 401 Unauthorized"))
		}), &out)
		o := paidOrder(t, e.st, e.clock.Now(), domain.PlanPremium)
		if err := e.svc.Run(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		_ = e.run(t, jobs.EmailFor(o.ID).Name, jobs.Attempt{Number: 5, Final: true})
		for range 5 {
			e.clock.Add(16 * time.Minute)
			if _, err := e.svc.SweepDeliveries(ctx, e.clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		alertcheck.Expect(t, out.Bytes(), "listinglift_owed_deliverables")
		for _, ev := range []string{logging.EventMailCredentialsRefused, logging.EventDeliverableStillOwed} {
			if !bytes.Contains(out.Bytes(), []byte(`"event":"`+ev+`"`)) {
				t.Errorf("no %s line:\n%s", ev, out.Bytes())
			}
		}
	})
	t.Run("PDF storage down", func(t *testing.T) {
		var out syncBuffer
		e := alertDeliveryEnv(t, nil, &out)
		o := e.completeWithStorageDown(t)
		_ = e.run(t, jobs.PDFFor(o.ID).Name, jobs.Attempt{Number: 5, Final: true})
		alertcheck.Expect(t, out.Bytes(), "listinglift_owed_deliverables")
		if !bytes.Contains(out.Bytes(), []byte(`"event":"`+logging.EventPDFStillOwed+`"`)) {
			t.Errorf("no pdf_still_owed line:\n%s", out.Bytes())
		}
	})
}
