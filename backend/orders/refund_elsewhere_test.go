package orders_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// A refund owed on a charge already refunded from Stripe's dashboard
// (Stripe answers charge_already_refunded) is not retried for ever: the
// refund job records it as a refund made elsewhere — the order refunded,
// owing nothing, so neither the queue nor the sweeper sends it again and
// nothing is logged at ERROR — with an event=refund_made_elsewhere line.
func TestRefundAlreadyMadeElsewhereStopsRetrying(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		logs := &syncBuffer{}
		calls := 0
		pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
			calls++
			return nil, fmt.Errorf("payments: refund session %s: %w", sid, payments.ErrAlreadyRefunded)
		}}
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: &recordingQueue{}, Reporter: fixedReport{}, Now: c.Now,
			Logger: slog.New(slog.NewJSONHandler(logs, nil))})
		o := paidWithSession(t, st, c.Now(), domain.PlanBasic)
		if _, err := st.Fail(ctx, o.ID, "We could not read the listing.", c.Now()); err != nil {
			t.Fatal(err)
		}
		got, _ := st.GetOptimization(ctx, o.ID)
		if store.Owed(got) != store.WorkRefund {
			t.Fatalf("the failed paid order owes %v, want its refund", store.Owed(got))
		}
		if err := svc.Handle(ctx, jobs.RefundFor(o.ID), jobs.Attempt{Number: 1}); err != nil {
			t.Fatalf("refund job on a charge refunded elsewhere: %v; want it settled", err)
		}
		got, err := st.GetOptimization(ctx, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != domain.StatusRefunded || got.Refund == nil || !got.Refund.Elsewhere || got.Refund.Amount != o.Amount {
			t.Errorf("after the refund job: status %s refund %+v; want refunded elsewhere, %v", got.Status, got.Refund, o.Amount)
		}
		if w := store.Owed(got); w != store.WorkNone {
			t.Errorf("the order still owes %v: the sweeper would send it again", w)
		}
		// A redelivery (or the sweeper's job) asks Stripe no more.
		if err := svc.Handle(ctx, jobs.Job{Name: jobs.RequeueName(o.ID, 1), OptimizationID: o.ID}, jobs.Attempt{Number: 1}); err != nil {
			t.Error(err)
		}
		if err := svc.Handle(ctx, jobs.RefundFor(o.ID), jobs.Attempt{Number: 2}); err != nil {
			t.Error(err)
		}
		if calls != 1 {
			t.Errorf("Stripe asked %d times; want once", calls)
		}
		out := string(logs.Bytes())
		if !strings.Contains(out, `"event":"refund_made_elsewhere"`) {
			t.Errorf("no event=refund_made_elsewhere line:\n%s", out)
		}
		if strings.Contains(out, `"level":"ERROR"`) {
			t.Errorf("logged at ERROR:\n%s", out)
		}
	})
}
