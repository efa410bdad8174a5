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
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// unclearCommit applies the first Complete and then reports the error a
// commit whose outcome is unknown gives (deadline, UNAVAILABLE).
type unclearCommit struct {
	store.Fulfilment
	once atomic.Bool
}

func (u *unclearCommit) Complete(ctx context.Context, id string, results json.RawMessage, at time.Time, emailDue bool) (bool, error) {
	first, err := u.Fulfilment.Complete(ctx, id, results, at, emailDue)
	if err == nil && u.once.CompareAndSwap(false, true) {
		return false, errors.New("rpc error: code = Unavailable desc = the commit's outcome is unknown")
	}
	return first, err
}

// recordingQueue keeps what was enqueued, refusing repeated names as the
// real queues do.
type recordingQueue struct {
	mu   sync.Mutex
	jobs []jobs.Job
}

func (q *recordingQueue) Enqueue(_ context.Context, j jobs.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, have := range q.jobs {
		if have.Name == j.Name {
			return jobs.ErrDuplicate
		}
	}
	q.jobs = append(q.jobs, j)
	return nil
}

type fixedReport struct{}

func (fixedReport) Report(context.Context, *domain.Optimization, func(context.Context, domain.Stage)) (*orders.Outcome, error) {
	return &orders.Outcome{Results: json.RawMessage(`{"package_type":"premium","title":"Loft"}`)}, nil
}

// TestEmailIsNotLostWhenTheCompletionsOutcomeIsUnclear: the report's
// commit went through but the job was told it failed; the retry finds the
// order finished, and the e-mail the completion made due is still queued
// and sent, once.
func TestEmailIsNotLostWhenTheCompletionsOutcomeIsUnclear(t *testing.T) {
	storetable.Run(t, func(t *testing.T, sq store.Aggregates) {
		ctx := context.Background()
		st := sq
		st.Fulfilment = &unclearCommit{Fulfilment: sq.Fulfilment}
		q := &recordingQueue{}
		var sent atomic.Int32
		mailer := mail.SenderFunc(func(context.Context, mail.Message) error { sent.Add(1); return nil })
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: q, Reporter: fixedReport{}, Mailer: mailer, PublicURL: "http://localhost:8080"})

		o := paidOrder(t, sq, time.Now(), domain.PlanPremium)
		job := jobs.ForOptimization(o.ID)
		if err := svc.Run(ctx, job, jobs.Attempt{Number: 1}); err == nil {
			t.Fatal("the first attempt saw its completion fail and should ask for a retry")
		}
		if len(q.jobs) != 0 {
			t.Fatalf("queued before the retry: %v", q.jobs)
		}
		if err := svc.Run(ctx, job, jobs.Attempt{Number: 2}); err != nil {
			t.Fatalf("retry: %v", err)
		}
		if len(q.jobs) != 1 || q.jobs[0].Name != jobs.EmailFor(o.ID).Name {
			t.Fatalf("after the retry the queue holds %v; want the e-mail job", q.jobs)
		}
		for i := 1; i <= 2; i++ { // delivered twice: sent once
			if err := svc.Handle(ctx, q.jobs[0], jobs.Attempt{Number: i}); err != nil {
				t.Fatal(err)
			}
		}
		got, _ := sq.GetOptimization(ctx, o.ID)
		if sent.Load() != 1 || got.Email.Status != domain.DeliverySent {
			t.Errorf("e-mails sent %d, state %+v; want one, sent", sent.Load(), got.Email)
		}
	})
}

// TestJobsCarryTheTrace: a job queued by another job (the report job
// queues the e-mail) keeps the trace and request id of the request that
// started it all, so one order's logs read as one story.
func TestJobsCarryTheTrace(t *testing.T) {
	storetable.Run(t, func(t *testing.T, sq store.Aggregates) {
		ctx := context.Background()
		q := &recordingQueue{}
		mailer := mail.SenderFunc(func(context.Context, mail.Message) error { return nil })
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(sq), Queue: q, Reporter: fixedReport{}, Mailer: mailer})
		o := paidOrder(t, sq, time.Now(), domain.PlanPremium)
		job := jobs.ForOptimization(o.ID)
		job.Trace, job.RequestID = "105445aa7843bc8bf206b12000100000/7;o=1", "req-42"
		if err := svc.Handle(ctx, job, jobs.Attempt{Number: 1, Final: true}); err != nil {
			t.Fatal(err)
		}
		if len(q.jobs) != 1 || q.jobs[0].Trace != job.Trace || q.jobs[0].RequestID != "req-42" {
			t.Errorf("queued %+v; want the e-mail job with the report job's trace and request id", q.jobs)
		}
	})
}

func (q *recordingQueue) names() []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	var n []string
	for _, j := range q.jobs {
		n = append(n, j.Name)
	}
	return n
}

func (q *recordingQueue) has(name string) bool {
	for _, n := range q.names() {
		if n == name {
			return true
		}
	}
	return false
}
