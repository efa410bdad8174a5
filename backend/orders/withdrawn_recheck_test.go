package orders_test

import (
	"context"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// Re-checks still running when their bought report is refunded are not
// e-mailed with the Premium report (nor owe it to the delivery sweeper),
// whichever way the refund came: an operator's `listinglift orders
// refund`, which withdraws the re-checks at once (not when Stripe's
// charge.refunded echo arrives), or a refund recorded on the report whose
// re-checks were not withdrawn yet (the echo's handler stopped between the
// two). The e-mail job reads the order again before it sends.
func TestRechecksOfARefundedReportAreNotEmailed(t *testing.T) {
	for _, how := range []string{"operator refund", "refund recorded, re-checks not yet withdrawn"} {
		t.Run(how, func(t *testing.T) {
			storetable.Run(t, func(t *testing.T, st store.Aggregates) {
				ctx := context.Background()
				c := newClock()
				mc := &capture{}
				pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
					return &payments.Refund{ID: "re_" + key, Amount: 1999, Status: "succeeded"}, nil
				}}
				svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: &recordingQueue{}, Reporter: fixedReport{}, Mailer: mc, Now: c.Now, PublicURL: "https://app.test"})
				host := orders.Customer{UID: "host-1", Email: "host@example.com"}
				o := paidWithSession(t, st, c.Now(), domain.PlanPremium)
				if _, err := st.Complete(ctx, o.ID, []byte(`{"package_type":"premium","title":"Loft","overall_score":49}`), c.Now(), false); err != nil {
					t.Fatal(err)
				}
				var running []string
				for range orders.RecheckLimit {
					r, err := svc.Recheck(ctx, host, o.ID)
					if err != nil {
						t.Fatal(err)
					}
					running = append(running, r.ID)
				}

				switch how {
				case "operator refund":
					if _, err := svc.Refund(ctx, o.ID); err != nil {
						t.Fatal(err)
					}
					// Withdrawn now, with no webhook yet.
					for _, id := range running {
						if r, _ := st.GetOptimization(ctx, id); r.WithdrawnAt == nil {
							t.Errorf("re-check %s not withdrawn by the operator's refund", id)
						}
					}
				default:
					if _, err := st.Apply(ctx, o.ID, store.Refunded(domain.Refund{ID: "re_1", Amount: 19.99, RefundedAt: c.Now()}, false)); err != nil {
						t.Fatal(err)
					}
				}

				// The running re-checks finish (their e-mail made due, as
				// the report job's completion does) and their e-mail and
				// PDF jobs run.
				for _, id := range running {
					if _, err := st.Complete(ctx, id, []byte(recheckResults), c.Now(), true); err != nil {
						t.Fatal(err)
					}
					for _, job := range []jobs.Job{jobs.EmailFor(id), jobs.PDFFor(id)} {
						if err := svc.Handle(ctx, job, jobs.Attempt{Number: 1}); err != nil {
							t.Errorf("%s: %v", job.Name, err)
						}
					}
				}
				if len(mc.sent) != 0 {
					t.Errorf("%d e-mails sent for the re-checks of a refunded report (first: %q); want none", len(mc.sent), mc.sent[0].Subject)
				}
				for _, id := range running {
					r, err := st.GetOptimization(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					if r.WithdrawnAt == nil || r.Owes() || r.Email.Status == domain.DeliveryPending || r.OwedAt != nil {
						t.Errorf("re-check %s after its e-mail job: withdrawn %v, owes %v, e-mail %+v, owedAt %v; want withdrawn, owing nothing",
							id, r.WithdrawnAt, r.Owes(), r.Email, r.OwedAt)
					}
				}
				owed, err := st.OwedDeliveries(ctx, c.Now().Add(1e15), 50)
				if err != nil {
					t.Fatal(err)
				}
				for _, w := range owed {
					if w.RecheckOf != "" {
						t.Errorf("the delivery sweeper would still send re-check %s", w.ID)
					}
				}
			})
		})
	}
}
