package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Deletion is final (issue 28): the tombstone, the write paths that refuse
// a tombstoned uid, and the deletion pre-check reading what Unsettled needs
// (deletionsSuite, at the end; the account's deletes are in accounts.go).

// testTombstoneMarksOnce: a uid is deleted once marked, a second mark is
// harmless, and a neighbour is not deleted.
func testTombstoneMarksOnce(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid, other := newCustomer(t, s), newCustomer(t, s)
	if deleted, err := s.CustomerDeleted(ctx, uid); err != nil || deleted {
		t.Fatalf("CustomerDeleted before the mark = %v, %v; want false", deleted, err)
	}
	for i := range 2 {
		if err := s.MarkCustomerDeleted(ctx, uid, t0.Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatalf("MarkCustomerDeleted #%d: %v", i+1, err)
		}
	}
	if deleted, err := s.CustomerDeleted(ctx, uid); err != nil || !deleted {
		t.Errorf("CustomerDeleted after the mark = %v, %v; want true", deleted, err)
	}
	if deleted, err := s.CustomerDeleted(ctx, other); err != nil || deleted {
		t.Errorf("the neighbour reads deleted: %v, %v", deleted, err)
	}
	// A uid that never signed in may be marked (a deletion retried after
	// the customer record went) and is then refused a first sign-in.
	never := newUID(t)
	if err := s.MarkCustomerDeleted(ctx, never, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpsertCustomer(ctx, domain.Login{UID: never, Email: "x@example.com", At: t0}); !errors.Is(err, store.ErrAccountDeleted) {
		t.Errorf("first sign-in of a tombstoned uid: %v; want ErrAccountDeleted", err)
	}
}

// testTombstoneRefusesWrites: after the tombstone, every write that
// creates or changes the customer's records refuses with ErrAccountDeleted
// and changes nothing; the neighbour's writes go on; deleting the records
// still works (the deletion itself runs after the tombstone).
func testTombstoneRefusesWrites(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid, other := newCustomer(t, s), newCustomer(t, s)
	unpaid := add(t, s, pending(uid, t0))                    // a checkout started before the deletion
	done := completedPaid(t, s)                              // a bought report of another customer, re-checked below
	mineDone := add(t, s, pending(uid, t0.Add(time.Minute))) // the customer's bought report
	markPaid(t, s, mineDone.ID)
	if _, err := s.Complete(ctx, mineDone.ID, []byte(`{"plan":"basic"}`), t0.Add(2*time.Minute), false); err != nil {
		t.Fatal(err)
	}
	mineDone = get(t, s, mineDone.ID)
	before, err := s.GetCustomer(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.MarkCustomerDeleted(ctx, uid, t0); err != nil {
		t.Fatal(err)
	}

	sid := newSessionID()
	refusals := map[string]error{}
	_, refusals["UpsertCustomer"] = s.UpsertCustomer(ctx, domain.Login{UID: uid, Email: "new@example.com", DisplayName: "Again", At: t0.Add(time.Hour)})
	_, refusals["AddOptimization"] = s.AddOptimization(ctx, pending(uid, t0.Add(time.Hour)))
	refusals["SetCheckoutSession"] = s.SetCheckoutSession(ctx, unpaid.ID, sid)
	refusals["AppendCustomerOptimization"] = s.AppendCustomerOptimization(ctx, uid, unpaid.ID)
	_, refusals["MarkPaid"] = s.MarkPaid(ctx, unpaid.ID, t0.Add(time.Hour))
	day := mineDone.PaidAt.Add(24 * time.Hour)
	_, refusals["AddRecheck"] = s.AddRecheck(ctx, mineDone.ID, store.RecheckAllowed(recheckLimit, recheckWindow, day), recheckOf(mineDone, day))
	for name, err := range refusals {
		if !errors.Is(err, store.ErrAccountDeleted) {
			t.Errorf("%s for a deleted account: %v; want ErrAccountDeleted", name, err)
		}
		if domain.ErrorCode(err) != domain.CodeUnauthorized || domain.ErrorMessage(err) != store.ErrAccountDeleted.Message {
			t.Errorf("%s: code %q message %q; want the host's 401 message", name, domain.ErrorCode(err), domain.ErrorMessage(err))
		}
	}

	// Nothing changed: the profile, the orders, the count, the session.
	after, err := s.GetCustomer(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	if after.Email != before.Email || after.DisplayName != before.DisplayName || after.TotalOptimizations != before.TotalOptimizations ||
		len(after.OptimizationIDs) != len(before.OptimizationIDs) {
		t.Errorf("customer changed by refused writes: %+v → %+v", before, after)
	}
	if o := get(t, s, unpaid.ID); o.PaidAt != nil || o.StripeSessionID != "" || o.Status != domain.StatusPending {
		t.Errorf("the unpaid order changed: paid %v session %q status %s", o.PaidAt, o.StripeSessionID, o.Status)
	}
	if o, err := s.FindOptimizationBySession(ctx, sid); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("the refused session finds %v, %v", o, err)
	}
	if o := get(t, s, mineDone.ID); o.Rechecks != 0 {
		t.Errorf("the refused re-check was counted: %d", o.Rechecks)
	}
	if p, err := s.ListOptimizations(ctx, uid, 1, nil); err != nil || p.Total != 2 {
		t.Errorf("orders after refused writes: %+v, %v; want the 2 there were", p, err)
	}

	// The neighbour is not affected.
	if _, err := s.UpsertCustomer(ctx, domain.Login{UID: other, Email: "o@example.com", At: t0.Add(time.Hour)}); err != nil {
		t.Errorf("neighbour's sign-in: %v", err)
	}
	if r, err := s.AddRecheck(ctx, done.ID, store.RecheckAllowed(recheckLimit, recheckWindow, done.PaidAt.Add(time.Hour)), recheckOf(done, done.PaidAt.Add(time.Hour))); err != nil || r == nil {
		t.Errorf("another customer's re-check: %v, %v", r, err)
	}

	// The deletion itself still runs.
	if n, err := s.DeleteCustomerOptimizations(ctx, uid); err != nil || n != 2 {
		t.Fatalf("DeleteCustomerOptimizations after the tombstone = %d, %v; want 2", n, err)
	}
	if ok, err := s.DeleteCustomer(ctx, uid); err != nil || !ok {
		t.Fatalf("DeleteCustomer after the tombstone = %v, %v", ok, err)
	}
	if _, err := s.GetCustomer(ctx, uid); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("customer after deletion: %v", err)
	}
	// And stays deleted: a late sign-in or order does not bring it back.
	if _, err := s.UpsertCustomer(ctx, domain.Login{UID: uid, Email: "late@example.com", At: t0.Add(2 * time.Hour)}); !errors.Is(err, store.ErrAccountDeleted) {
		t.Errorf("sign-in after deletion: %v; want ErrAccountDeleted", err)
	}
	if _, err := s.GetCustomer(ctx, uid); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("customer recreated after deletion: %v", err)
	}
}

// testFailedRecheckDoesNotBlockDeletion: a free re-check whose job failed
// owes no refund (nothing was paid), so it does not hold the deletion
// back (issue 28: Firestore's pre-check read it without recheckOf).
func testFailedRecheckDoesNotBlockDeletion(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := completedPaid(t, s)
	day := o.PaidAt.Add(24 * time.Hour)
	r := recheckOf(o, day)
	r.Status, r.PaidAt = domain.StatusProcessing, &day // as orders.Recheck stores it: granted, free
	rc, err := s.AddRecheck(ctx, o.ID, store.RecheckAllowed(recheckLimit, recheckWindow, day), r)
	if err != nil || rc == nil {
		t.Fatalf("AddRecheck: %v, %v", rc, err)
	}
	if ok, err := s.Fail(ctx, rc.ID, "The listing could not be read.", day); err != nil || !ok {
		t.Fatalf("Fail(re-check) = %v, %v", ok, err)
	}
	if got := get(t, s, rc.ID); store.Unsettled(got) {
		t.Fatalf("the failed re-check reads unsettled: %+v", got)
	}
	if id, err := s.UnsettledOrder(ctx, o.CustomerUID); err != nil || id != "" {
		t.Errorf("UnsettledOrder with a failed free re-check = %q, %v; want none", id, err)
	}
	n, err := s.DeleteCustomerOptimizations(ctx, o.CustomerUID)
	if err != nil || n != 2 {
		t.Fatalf("DeleteCustomerOptimizations with a failed free re-check = %d, %v; want 2, nil", n, err)
	}
	if ok, err := s.DeleteCustomer(ctx, o.CustomerUID); err != nil || !ok {
		t.Errorf("DeleteCustomer = %v, %v", ok, err)
	}
}

// testDeleteCustomerOptimizationsPage: page by page, every order of the
// customer goes and is handed back with its checkout sessions (its own,
// its upgrade's), so the caller can close them; the neighbour's stay; an
// unsettled order refuses its page, deleting nothing of it.
func testDeleteCustomerOptimizationsPage(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	f := newAccountFixture(t, s)
	gone := map[string]bool{}
	sessions := map[string]bool{}
	for range len(f.ids) + 1 {
		page, err := s.DeleteCustomerOptimizationsPage(ctx, f.uid, 2)
		if err != nil {
			t.Fatalf("DeleteCustomerOptimizationsPage: %v", err)
		}
		if len(page) > 2 {
			t.Fatalf("a page of 2 deleted %d", len(page))
		}
		if len(page) == 0 {
			break
		}
		for _, o := range page {
			if o.CustomerUID != f.uid || gone[o.ID] {
				t.Errorf("deleted %s of %s (again: %v)", o.ID, o.CustomerUID, gone[o.ID])
			}
			gone[o.ID] = true
			sessions[o.StripeSessionID] = true
			if o.Upgrade != nil {
				sessions[o.Upgrade.SessionID] = true
			}
			if _, err := s.GetOptimization(ctx, o.ID); !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("order %s still read after its page was deleted: %v", o.ID, err)
			}
		}
	}
	if len(gone) != len(f.ids) {
		t.Errorf("deleted %d orders; want %d", len(gone), len(f.ids))
	}
	for _, sid := range f.sessions {
		if !sessions[sid] {
			t.Errorf("session %s was not handed back with its order", sid)
		}
		if o, err := s.FindOptimizationBySession(ctx, sid); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("session %s still finds an order: %v, %v", sid, o, err)
		}
	}
	if p, err := s.ListOptimizations(ctx, f.other, 1, nil); err != nil || p.Total != len(f.otherIDs) {
		t.Errorf("neighbour's orders: %+v, %v", p, err)
	}

	// A paid order whose report is being made refuses its page.
	uid := newCustomer(t, s)
	busy := add(t, s, pending(uid, t0))
	markPaid(t, s, busy.ID)
	if id, err := s.UnsettledOrder(ctx, uid); err != nil || id != busy.ID {
		t.Errorf("UnsettledOrder = %q, %v; want %s", id, err, busy.ID)
	}
	if id, err := s.UnsettledOrder(ctx, f.other); err != nil || id != "" {
		t.Errorf("UnsettledOrder of a customer with unpaid orders = %q, %v; want none", id, err)
	}
	if page, err := s.DeleteCustomerOptimizationsPage(ctx, uid, 10); !errors.Is(err, store.ErrUnsettled) || len(page) != 0 {
		t.Errorf("page with an unsettled order: %d deleted, %v; want ErrUnsettled", len(page), err)
	}
	if o := get(t, s, busy.ID); o.PaidAt == nil {
		t.Error("the unsettled order changed")
	}
}

// testTombstoneRacesWrites: sign-ins, new orders and checkout sessions
// racing the tombstone either commit before it (and the deletion after it
// finds them) or are refused; none lands after the deletion, so nothing of
// the customer is left.
func testTombstoneRacesWrites(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	unpaid := add(t, s, pending(uid, t0))
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, 32)
	for i := range 4 {
		wg.Add(3)
		go func() {
			defer wg.Done()
			<-start
			_, err := s.UpsertCustomer(ctx, domain.Login{UID: uid, Email: "x@example.com", At: t0.Add(time.Duration(i) * time.Second)})
			errs <- err
		}()
		go func() {
			defer wg.Done()
			<-start
			_, err := s.AddOptimization(ctx, pending(uid, t0.Add(time.Duration(i)*time.Minute)))
			errs <- err
		}()
		go func() {
			defer wg.Done()
			<-start
			if i == 0 {
				errs <- s.SetCheckoutSession(ctx, unpaid.ID, newSessionID())
			} else {
				errs <- s.AppendCustomerOptimization(ctx, uid, unpaid.ID)
			}
		}()
	}
	close(start)
	if err := s.MarkCustomerDeleted(ctx, uid, t0); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil && !errors.Is(err, store.ErrAccountDeleted) && domain.ErrorCode(err) != domain.CodeConflict {
			t.Errorf("a write racing the tombstone failed otherwise than refused: %v", err)
		}
	}
	for {
		page, err := s.DeleteCustomerOptimizationsPage(ctx, uid, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
	}
	if _, err := s.DeleteCustomer(ctx, uid); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetCustomer(ctx, uid); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("customer after the deletion: %v", err)
	}
	if p, err := s.ListOptimizations(ctx, uid, 1, nil); err != nil || p.Total != 0 {
		t.Errorf("orders after the deletion: %+v, %v", p, err)
	}
}

// testUnfinishedDeletions: a tombstone is unfinished until
// FinishCustomerDeletion, found by UnfinishedDeletions once written before
// the cut, oldest first; finishing twice, or a uid with no tombstone, is
// harmless. (Other cases' tombstones, and earlier runs' on a kept
// emulator, may be listed too: only this case's uids are judged.)
func testUnfinishedDeletions(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	a, b := newCustomer(t, s), newCustomer(t, s)
	at := t0.Add(-90 * 24 * time.Hour)
	for i, uid := range []string{a, b} {
		if err := s.MarkCustomerDeleted(ctx, uid, at.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	ours := func(before time.Time) []string {
		t.Helper()
		uids, err := s.UnfinishedDeletions(ctx, before, 1000)
		if err != nil {
			t.Fatalf("UnfinishedDeletions: %v", err)
		}
		var got []string
		for _, u := range uids {
			if u == a || u == b {
				got = append(got, u)
			}
		}
		return got
	}
	if got := ours(at.Add(30 * time.Second)); len(got) != 1 || got[0] != a {
		t.Errorf("unfinished before a minute = %v; want only the older (%s)", got, a)
	}
	if got := ours(at.Add(2 * time.Minute)); len(got) != 2 || got[0] != a || got[1] != b {
		t.Errorf("unfinished = %v; want [%s %s], oldest first", got, a, b)
	}
	for range 2 {
		if err := s.FinishCustomerDeletion(ctx, a, at.Add(time.Hour)); err != nil {
			t.Fatalf("FinishCustomerDeletion: %v", err)
		}
	}
	if got := ours(at.Add(2 * time.Minute)); len(got) != 1 || got[0] != b {
		t.Errorf("after finishing %s, unfinished = %v; want [%s]", a, got, b)
	}
	if deleted, err := s.CustomerDeleted(ctx, a); err != nil || !deleted {
		t.Errorf("a finished deletion's uid reads deleted = %v, %v; want true (the tombstone stays)", deleted, err)
	}
	if err := s.FinishCustomerDeletion(ctx, newUID(t), at); err != nil {
		t.Errorf("finishing a uid with no tombstone: %v", err)
	}
}

// deletionsSuite is the Deletions contract: deletion is final (issue
// 28): the account's deletes and the tombstone.
func deletionsSuite() suite {
	return suite{"Deletions", []contractCase{
		{"DeleteCustomerOptimizations", testDeleteCustomerOptimizations},
		{"DeleteCustomerOptimizationsRefusesUnsettled", testDeleteCustomerOptimizationsRefusesUnsettled},
		{"DeleteCustomerAfterOptimizations", testDeleteCustomerAfterOptimizations},
		{"DeleteCustomerOptimizationsMany", testDeleteCustomerOptimizationsMany},
		{"TombstoneMarksOnce", testTombstoneMarksOnce},
		{"TombstoneRefusesEveryCustomerWrite", testTombstoneRefusesWrites},
		{"FailedRecheckDoesNotBlockDeletion", testFailedRecheckDoesNotBlockDeletion},
		{"DeleteCustomerOptimizationsPage", testDeleteCustomerOptimizationsPage},
		{"TombstoneRacesWrites", testTombstoneRacesWrites},
		{"UnfinishedDeletions", testUnfinishedDeletions},
	}}
}
