package orders_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// A paid session whose order was never recorded (SPEC §8), delivered
// several times at once, records exactly one order: the record and its
// claim on the session are one transaction, so no delivery leaves a second
// record behind (before: a pending or "recorded twice" failed row on the
// host's dashboard).
func TestUnrecordedPaymentIsRecordedOnce(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		c := newClock()
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: &fakePayments{t: t}, Queue: &recordingQueue{}, Reporter: fixedReport{}, Now: c.Now})
		meta := payments.Order{CustomerUID: "host-1", CustomerEmail: "host@example.com", Plan: domain.PlanBasic,
			ListingURL: "https://www.airbnb.com/rooms/1"}
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ev := &payments.Event{ID: fmt.Sprintf("evt_%d", i), Type: payments.EventCheckoutCompleted, Session: &payments.Session{
					ID: "cs_test_unrecorded", PaymentStatus: "paid", AmountTotal: 499, Metadata: meta.Metadata()}}
				if err := svc.HandleEvent(ctx, ev); err != nil {
					t.Errorf("delivery %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		page, err := st.ListOptimizations(ctx, "host-1", 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if page.Total != 1 || len(page.Items) != 1 {
			t.Fatalf("%d orders recorded for one payment; want 1: %+v", page.Total, page.Items)
		}
		o, err := st.GetOptimization(ctx, page.Items[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		if o.StripeSessionID != "cs_test_unrecorded" || o.PaidAt == nil || o.Status != domain.StatusProcessing {
			t.Errorf("the recorded order: session %q paid %v status %s", o.StripeSessionID, o.PaidAt, o.Status)
		}
	})
}
