package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Account deletion: DeleteCustomerOptimizations, then DeleteCustomer.

// accountFixture is a customer with one order in each settled state (and
// checkout sessions on two of them), and a neighbour with orders of their own.
type accountFixture struct {
	uid, other string
	ids        []string // the customer's orders
	sessions   []string // their checkout sessions (one an upgrade's)
	otherIDs   []string
}

func newAccountFixture(t *testing.T, s store.Aggregates) accountFixture {
	t.Helper()
	ctx := context.Background()
	f := accountFixture{uid: newCustomer(t, s), other: newCustomer(t, s)}
	keep := func(o *domain.Optimization) *domain.Optimization { f.ids = append(f.ids, o.ID); return o }

	open := keep(add(t, s, pending(f.uid, t0))) // unpaid, checkout open
	sid := newSessionID()
	if err := s.SetCheckoutSession(ctx, open.ID, sid); err != nil {
		t.Fatal(err)
	}
	f.sessions = append(f.sessions, sid)
	expired := keep(add(t, s, pending(f.uid, t0.Add(time.Minute))))
	apply(t, s, expired.ID, store.ExpireUnpaid("Checkout not completed", t0))

	basic := keep(add(t, s, pending(f.uid, t0.Add(2*time.Minute)))) // completed, with an open upgrade
	markPaid(t, s, basic.ID)
	if _, err := s.Complete(ctx, basic.ID, []byte(`{"plan":"basic"}`), t0, false); err != nil {
		t.Fatal(err)
	}
	up := newSessionID()
	apply(t, s, basic.ID, store.UpgradeOpened(up, "https://checkout.example/"+up, 15))
	f.sessions = append(f.sessions, up)

	premium := pending(f.uid, t0.Add(3*time.Minute)) // completed Premium with its PDF
	premium.PlanType, premium.Amount = domain.PlanPremium, 19.99
	p := keep(add(t, s, premium))
	markPaid(t, s, p.ID)
	if err := s.SetPDF(ctx, p.ID, "reports/"+p.ID+".pdf"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Complete(ctx, p.ID, []byte(upgradedReport), t0, true); err != nil {
		t.Fatal(err)
	}

	refunded := keep(add(t, s, pending(f.uid, t0.Add(4*time.Minute)))) // failed, then refunded
	markPaid(t, s, refunded.ID)
	if _, err := s.Fail(ctx, refunded.ID, "The listing could not be read.", t0); err != nil {
		t.Fatal(err)
	}
	apply(t, s, refunded.ID, store.Refunded(domain.Refund{ID: "re_1", Amount: 4.99, RefundedAt: t0}, true))

	for i := range 2 {
		f.otherIDs = append(f.otherIDs, add(t, s, pending(f.other, t0.Add(time.Duration(i)*time.Minute))).ID)
	}
	return f
}

func markPaid(t *testing.T, s store.Aggregates, id string) {
	t.Helper()
	if first, err := s.MarkPaid(context.Background(), id, t0.Add(time.Minute)); err != nil || !first {
		t.Fatalf("MarkPaid(%s) = %v, %v", id, first, err)
	}
}

// testDeleteCustomerOptimizations: every order of the customer goes, with
// its sessions; the neighbour's stay; a second call deletes nothing.
func testDeleteCustomerOptimizations(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	f := newAccountFixture(t, s)
	n, err := s.DeleteCustomerOptimizations(ctx, f.uid)
	if err != nil || n != len(f.ids) {
		t.Fatalf("DeleteCustomerOptimizations = %d, %v; want %d, nil", n, err, len(f.ids))
	}
	for _, id := range f.ids {
		if _, err := s.GetOptimization(ctx, id); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("order %s still read after deletion: %v", id, err)
		}
	}
	for _, sid := range f.sessions {
		if o, err := s.FindOptimizationBySession(ctx, sid); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("session %s still finds an order after deletion: %v, %v", sid, o, err)
		}
	}
	if p, err := s.ListOptimizations(ctx, f.uid, 1, nil); err != nil || p.Total != 0 || len(p.Items) != 0 {
		t.Errorf("list after deletion: %+v, %v", p, err)
	}
	// The deleted order's session is free again (a new order may take it).
	again := add(t, s, pending(f.other, t0))
	if err := s.SetCheckoutSession(ctx, again.ID, f.sessions[0]); err != nil {
		t.Errorf("the deleted order's session is still taken: %v", err)
	}
	// The neighbour's orders and both customer records are untouched.
	for _, id := range f.otherIDs {
		if o := get(t, s, id); o.CustomerUID != f.other {
			t.Errorf("neighbour's order %s now names %s", id, o.CustomerUID)
		}
	}
	if p, err := s.ListOptimizations(ctx, f.other, 1, nil); err != nil || p.Total != len(f.otherIDs)+1 {
		t.Errorf("neighbour's list: %+v, %v; want %d orders", p, err, len(f.otherIDs)+1)
	}
	for _, uid := range []string{f.uid, f.other} {
		if _, err := s.GetCustomer(ctx, uid); err != nil {
			t.Errorf("customer %s: %v; DeleteCustomerOptimizations must leave the record", uid, err)
		}
	}
	// Idempotent: nothing left, nothing deleted, no error; likewise for a
	// customer who never had an order, or no record at all.
	for _, uid := range []string{f.uid, newCustomer(t, s), "no-such-customer-" + domain.NewID()} {
		if n, err := s.DeleteCustomerOptimizations(ctx, uid); err != nil || n != 0 {
			t.Errorf("DeleteCustomerOptimizations(%s) again = %d, %v; want 0, nil", uid, n, err)
		}
	}
}

// testDeleteCustomerOptimizationsRefusesUnsettled: money not yet settled by
// a report or a refund blocks the deletion of every order of the customer.
func testDeleteCustomerOptimizationsRefusesUnsettled(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	cases := []struct {
		name    string
		arrange func(t *testing.T, id string)
		refused bool
	}{
		{"paid, report being made", func(t *testing.T, id string) { markPaid(t, s, id) }, true},
		{"paid, failed, refund not made", func(t *testing.T, id string) {
			markPaid(t, s, id)
			if _, err := s.Fail(ctx, id, "The listing could not be read.", t0); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"upgrade paid, Premium report being made", func(t *testing.T, id string) {
			markPaid(t, s, id)
			if _, err := s.Complete(ctx, id, []byte(`{"plan":"basic"}`), t0, false); err != nil {
				t.Fatal(err)
			}
			apply(t, s, id, store.UpgradePaidBy(newSessionID(), 15, t0))
		}, true},
		{"unpaid, checkout failed", func(t *testing.T, id string) {
			if _, err := s.FailUnpaid(ctx, id, "Your payment did not go through.", t0); err != nil {
				t.Fatal(err)
			}
		}, false},
		{"paid and completed", func(t *testing.T, id string) {
			markPaid(t, s, id)
			if _, err := s.Complete(ctx, id, []byte(`{"plan":"basic"}`), t0, false); err != nil {
				t.Fatal(err)
			}
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			uid := newCustomer(t, s)
			sibling := add(t, s, pending(uid, t0))
			o := add(t, s, pending(uid, t0.Add(time.Minute)))
			tc.arrange(t, o.ID)
			n, err := s.DeleteCustomerOptimizations(ctx, uid)
			if !tc.refused {
				if err != nil || n != 2 {
					t.Fatalf("DeleteCustomerOptimizations = %d, %v; want 2, nil", n, err)
				}
				return
			}
			if domain.ErrorCode(err) != domain.CodeConflict || n != 0 {
				t.Fatalf("DeleteCustomerOptimizations = %d, %v; want 0 and domain.CodeConflict", n, err)
			}
			if domain.ErrorMessage(err) != store.ErrUnsettled.Message {
				t.Errorf("refusal says %q; want %q", domain.ErrorMessage(err), store.ErrUnsettled.Message)
			}
			get(t, s, o.ID) // nothing deleted: neither the unsettled order
			get(t, s, sibling.ID)
			if _, err := s.DeleteCustomer(ctx, uid); domain.ErrorCode(err) != domain.CodeConflict {
				t.Errorf("DeleteCustomer with orders left = %v; want domain.CodeConflict", err)
			}
		})
	}
}

// testDeleteCustomerAfterOptimizations: the customer record goes last, and
// only once its orders are gone; a second call finds nothing to delete.
func testDeleteCustomerAfterOptimizations(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	f := newAccountFixture(t, s)
	if ok, err := s.DeleteCustomer(ctx, f.uid); domain.ErrorCode(err) != domain.CodeConflict || ok {
		t.Fatalf("DeleteCustomer before its orders = %v, %v; want false and domain.CodeConflict", ok, err)
	}
	if _, err := s.GetCustomer(ctx, f.uid); err != nil {
		t.Fatalf("refused DeleteCustomer deleted the record: %v", err)
	}
	if _, err := s.DeleteCustomerOptimizations(ctx, f.uid); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		want bool
	}{{"first", true}, {"again (a retry)", false}}
	for _, step := range steps {
		if ok, err := s.DeleteCustomer(ctx, f.uid); err != nil || ok != step.want {
			t.Errorf("DeleteCustomer %s = %v, %v; want %v, nil", step.name, ok, err, step.want)
		}
	}
	if _, err := s.GetCustomer(ctx, f.uid); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("deleted customer still read: %v", err)
	}
	// No new order can name the deleted customer.
	if _, err := s.AddOptimization(ctx, pending(f.uid, t0)); err == nil {
		t.Error("AddOptimization for a deleted customer succeeded")
	}
	// The neighbour is untouched; an unknown uid is nothing to delete.
	if _, err := s.GetCustomer(ctx, f.other); err != nil {
		t.Errorf("neighbour's record: %v", err)
	}
	for _, id := range f.otherIDs {
		get(t, s, id)
	}
	if ok, err := s.DeleteCustomer(ctx, "no-such-customer-"+domain.NewID()); err != nil || ok {
		t.Errorf("DeleteCustomer of an unknown uid = %v, %v; want false, nil", ok, err)
	}
}

// testDeleteCustomerOptimizationsMany: more orders than one batch of
// deletes (Firestore's adapter deletes in transactions of 100) all go.
func testDeleteCustomerOptimizationsMany(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	const many = 205
	for i := range many {
		add(t, s, pending(uid, t0.Add(time.Duration(i)*time.Second)))
	}
	if n, err := s.DeleteCustomerOptimizations(ctx, uid); err != nil || n != many {
		t.Fatalf("DeleteCustomerOptimizations = %d, %v; want %d, nil", n, err, many)
	}
	if p, err := s.ListOptimizations(ctx, uid, 1, nil); err != nil || p.Total != 0 {
		t.Errorf("list after deletion: %+v, %v", p, err)
	}
	if ok, err := s.DeleteCustomer(ctx, uid); err != nil || !ok {
		t.Errorf("DeleteCustomer = %v, %v; want true, nil", ok, err)
	}
}
