package orders_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// Deletion is final (issue 28): once an account's tombstone is written, a
// checkout is not started, one whose session was being made when the
// account went closes that session itself, and a payment that arrives all
// the same is refunded, never recorded.
func TestDeletedAccountStartsNoCheckoutAndKeepsNoPayment(t *testing.T) {
	ctx := context.Background()
	host := orders.Customer{UID: "host-1", Email: "host@example.com"}
	req := orders.StartRequest{Plan: domain.PlanBasic, ListingURL: "https://www.airbnb.com/rooms/48123456"}

	t.Run("checkout after the deletion", func(t *testing.T) {
		storetable.Run(t, func(t *testing.T, st store.Aggregates) {
			c := newClock()
			if err := st.MarkCustomerDeleted(ctx, host.UID, c.Now()); err != nil {
				t.Fatal(err)
			}
			svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: &fakePayments{t: t}, Queue: &recordingQueue{}, Now: c.Now})
			if _, err := svc.Start(ctx, host, req); !errors.Is(err, store.ErrAccountDeleted) {
				t.Fatalf("Start for a deleted account: %v; want ErrAccountDeleted, no checkout", err)
			}
			if _, err := st.GetCustomer(ctx, host.UID); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("the deleted customer was recreated: %v", err)
			}
		})
	})

	t.Run("account deleted while the session was made", func(t *testing.T) {
		storetable.Run(t, func(t *testing.T, st store.Aggregates) {
			c := newClock()
			var expired []string
			pay := &fakePayments{t: t, expire: func(id string) error { expired = append(expired, id); return nil }}
			pay.checkout = func(r payments.CheckoutRequest) (*payments.Session, error) {
				// DELETE /api/me runs meanwhile: tombstone, then the orders.
				if err := st.MarkCustomerDeleted(ctx, host.UID, c.Now()); err != nil {
					t.Fatal(err)
				}
				if _, err := st.DeleteCustomerOptimizationsPage(ctx, host.UID, 100); err != nil {
					t.Fatal(err)
				}
				return &payments.Session{ID: "cs_race", URL: "https://checkout.example/cs_race", ExpiresAt: c.Now().Add(time.Hour)}, nil
			}
			svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: &recordingQueue{}, Now: c.Now})
			started, err := svc.Start(ctx, host, req)
			if !errors.Is(err, store.ErrAccountDeleted) || started != nil {
				t.Fatalf("Start racing the deletion: %+v, %v; want ErrAccountDeleted and no checkout page", started, err)
			}
			if len(expired) != 1 || expired[0] != "cs_race" {
				t.Errorf("sessions expired: %v; want the one just made", expired)
			}
		})
	})

	t.Run("payment after the tombstone", func(t *testing.T) {
		storetable.Run(t, func(t *testing.T, st store.Aggregates) {
			c := newClock()
			var refunds []string
			pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
				refunds = append(refunds, sid)
				return &payments.Refund{ID: "re_stray", Amount: 499, Status: "succeeded"}, nil
			}}
			q := &recordingQueue{}
			svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: q, Now: c.Now})
			if _, err := st.UpsertCustomer(ctx, domain.Login{UID: host.UID, Email: host.Email, At: c.Now()}); err != nil {
				t.Fatal(err)
			}
			o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: host.UID, CustomerEmail: host.Email,
				ListingURL: req.ListingURL, PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending, CreatedAt: c.Now()})
			if err != nil {
				t.Fatal(err)
			}
			if err := st.SetCheckoutSession(ctx, o.ID, "cs_"+o.ID); err != nil {
				t.Fatal(err)
			}
			if err := st.MarkCustomerDeleted(ctx, host.UID, c.Now()); err != nil {
				t.Fatal(err)
			}
			meta := payments.Order{OptimizationID: o.ID, CustomerUID: host.UID, CustomerEmail: host.Email, Plan: domain.PlanBasic, ListingURL: req.ListingURL}
			ev := &payments.Event{ID: "evt_1", Type: payments.EventCheckoutCompleted, Session: &payments.Session{ID: "cs_" + o.ID,
				ClientReferenceID: o.ID, PaymentStatus: "paid", AmountTotal: 499, Metadata: meta.Metadata()}}
			if err := svc.HandleEvent(ctx, ev); err != nil {
				t.Fatalf("payment for a deleted account's order: %v; want it handled (refunded)", err)
			}
			// A session whose order was never recorded (SPEC §8) names the
			// deleted host: it is refunded too, nothing recorded.
			meta.OptimizationID = ""
			ev = &payments.Event{ID: "evt_2", Type: payments.EventCheckoutCompleted, Session: &payments.Session{ID: "cs_unrecorded",
				PaymentStatus: "paid", AmountTotal: 499, Metadata: meta.Metadata()}}
			if err := svc.HandleEvent(ctx, ev); err != nil {
				t.Fatalf("unrecorded payment for a deleted account: %v", err)
			}
			if len(refunds) != 2 || refunds[0] != "cs_"+o.ID || refunds[1] != "cs_unrecorded" {
				t.Errorf("refunds %v; want both payments refunded", refunds)
			}
			if got, err := st.GetOptimization(ctx, o.ID); err != nil || got.PaidAt != nil {
				t.Errorf("the deleted account's order was marked paid: %+v, %v", got, err)
			}
			if p, err := st.ListOptimizations(ctx, host.UID, 1, nil); err != nil || p.Total != 1 {
				t.Errorf("orders of the deleted account: %+v, %v; want only the one there was", p, err)
			}
			if len(q.jobs) != 0 {
				t.Errorf("jobs queued for a deleted account: %v", q.jobs)
			}
		})
	})
}
