package httpapi

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/deletion"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// hookedPayments runs during after each Checkout Session is made and
// before it is returned: what happens while Stripe answers.
type hookedPayments struct {
	*recordingPayments
	once   sync.Once
	during func()
}

func (h *hookedPayments) CreateCheckout(ctx context.Context, req payments.CheckoutRequest) (*payments.Session, error) {
	cs, err := h.recordingPayments.CreateCheckout(ctx, req)
	if err == nil && h.during != nil {
		h.once.Do(h.during)
	}
	return cs, err
}

// An upgrade whose checkout is made while the host's account is deleted
// (DELETE /api/me runs while Stripe answers, so the deletion cannot see
// the session and the order is gone when the upgrade records it) is not
// answered 200 with a link to pay: the host is told the account is gone
// (401), and the session is expired, so nobody can pay it. An upgrade
// asked for once the deletion has begun makes no session at all.
func TestUpgradeDuringAccountDeletion(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		emu, v := realParts(t)
		blobs, err := local.New(filepath.Join(t.TempDir(), "blobs"))
		if err != nil {
			t.Fatal(err)
		}
		pay := &hookedPayments{recordingPayments: newRecordingPayments()}
		log := slog.New(slog.NewJSONHandler(io.Discard, nil))
		svc := orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: nopQueue{}, Reporter: &flakyReporter{},
			PublicURL: "http://localhost:8080", Logger: log})
		e := &apiEnv{url: serve(t, Deps{Logger: log, Customers: st, OrderReads: st, Deleted: st, Auth: v, Orders: svc, Blobs: blobs,
			Deletion: &deletion.Deleter{Store: st, Blobs: blobs, Payments: pay, Users: v.(*auth.Firebase)}}), store: st, emu: emu}
		ctx := context.Background()

		u := emu.SignUp(t, "Host")
		if status, body := e.call(t, "POST", "/api/me", u.IDToken, "{}"); status != 200 {
			t.Fatalf("sign-in: %d %v", status, body)
		}
		// A real Basic report of the fixture listing (Premium is offered
		// for it), made by the pipeline.
		_, reader := newListingSite(t)
		rec, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: u.UID, CustomerEmail: "host@example.com",
			ListingURL: fixtureListing, PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending, CreatedAt: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		id := rec.ID
		out, err := orders.Pipeline{Listings: reader, Market: lisbonMarket{}, Logger: log, Originals: st}.
			Report(ctx, rec, func(context.Context, domain.Stage) {})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.MarkPaid(ctx, id, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Complete(ctx, id, out.Results, time.Now(), false); err != nil {
			t.Fatal(err)
		}
		o, err := st.GetOptimization(ctx, id)
		if err != nil || !store.Upgradable(o) || !orders.PremiumOffer(o).Premium {
			t.Fatalf("the seeded report is not upgradable: %v %+v", err, o)
		}

		var delStatus int
		var delBody map[string]any
		pay.during = func() { delStatus, delBody = e.call(t, "DELETE", "/api/me", u.IDToken, "") }
		status, body := e.call(t, "POST", "/api/create-upgrade-session", u.IDToken, fmt.Sprintf(`{"optimization_id":%q}`, id))
		if delStatus != 200 {
			t.Fatalf("DELETE /api/me during the upgrade's checkout: %d %v", delStatus, delBody)
		}
		if status == 200 || body["checkout_url"] != nil {
			t.Errorf("upgrade racing the deletion answered %d %v; want an error and no checkout link", status, body)
		}
		if status != 401 || body["error"] != store.ErrAccountDeleted.Message {
			t.Errorf("upgrade racing the deletion: %d %v; want 401 %q", status, body, store.ErrAccountDeleted.Message)
		}
		if open, created := pay.payable(u.UID); created != 1 || len(open) != 0 {
			t.Errorf("%d of %d upgrade sessions still payable after the deletion: %v", len(open), created, open)
		}
	})
}
