package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Owed money work (issue 28): the sweeper's queries, and the records it
// and the refunds keep.

// tOwed is far from the other cases' times, so the global owed queries
// return few of their orders.
var tOwed = time.Date(2003, 6, 1, 12, 0, 0, 0, time.UTC)

// owedOf runs OwedOrders(kind) to the end, a page of size at a time, and
// keeps uid's orders in the order returned.
func owedOf(t *testing.T, s store.Aggregates, kind store.Work, before time.Time, uid string, size int) []domain.Optimization {
	t.Helper()
	var out []domain.Optimization
	var after *domain.Optimization
	for range 1000 {
		page, err := s.OwedOrders(context.Background(), kind, before, after, size)
		if err != nil {
			t.Fatalf("OwedOrders(%s): %v", kind, err)
		}
		for _, o := range page {
			if o.CustomerUID == uid {
				out = append(out, o)
			}
		}
		if len(page) < size {
			return out
		}
		after = &page[len(page)-1]
	}
	t.Fatalf("OwedOrders(%s) did not end", kind)
	return nil
}

func ids(os []domain.Optimization) []string {
	out := []string{}
	for _, o := range os {
		out = append(out, o.ID)
	}
	return out
}

// testOwedOrdersByKind: each kind of owed work is found by its own query,
// and only orders that owe it, sent before the cut.
func testOwedOrdersByKind(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	paidAt := func(at time.Time) *domain.Optimization {
		t.Helper()
		o := add(t, s, pending(uid, at))
		if _, err := s.MarkPaid(ctx, o.ID, at); err != nil {
			t.Fatal(err)
		}
		return o
	}
	fail := func(o *domain.Optimization) {
		t.Helper()
		if _, err := s.Fail(ctx, o.ID, "We could not prepare your report.", tOwed.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	complete := func(o *domain.Optimization) {
		t.Helper()
		if _, err := s.Complete(ctx, o.ID, []byte(`{"plan":"basic"}`), tOwed, false); err != nil {
			t.Fatal(err)
		}
	}
	report := paidAt(tOwed)
	late := paidAt(tOwed.Add(3 * time.Hour)) // sent after the cut
	refund := paidAt(tOwed)
	fail(refund)
	refunded := paidAt(tOwed)
	fail(refunded)
	apply(t, s, refunded.ID, store.Refunded(domain.Refund{ID: "re_1", Amount: 4.99, RefundedAt: tOwed}, false))
	unpaid := add(t, s, pending(uid, tOwed))
	if _, err := s.FailUnpaid(ctx, unpaid.ID, "Your payment did not go through.", tOwed); err != nil {
		t.Fatal(err)
	}
	done := paidAt(tOwed)
	complete(done)
	// A free re-check that failed owes no refund.
	orig := paidAt(tOwed)
	complete(orig)
	r := recheckOf(orig, tOwed)
	r.Status, r.PaidAt, r.LastSentAt = domain.StatusProcessing, &tOwed, &tOwed
	rc, err := s.AddRecheck(ctx, orig.ID, store.RecheckAllowed(recheckLimit, 100*365*24*time.Hour, tOwed), r)
	if err != nil || rc == nil {
		t.Fatalf("AddRecheck = %v, %v", rc, err)
	}
	fail(rc)

	if got := get(t, s, report.ID).LastSentAt; got == nil || !got.Equal(tOwed) {
		t.Errorf("MarkPaid's lastSentAt = %v; want the payment time %v", got, tOwed)
	}
	cut := tOwed.Add(time.Hour)
	for _, tc := range []struct {
		kind store.Work
		want []string
		owed []store.Work
	}{
		{store.WorkReport, []string{report.ID}, []store.Work{store.WorkReport}},
		{store.WorkRefund, []string{refund.ID}, []store.Work{store.WorkRefund}},
	} {
		got := owedOf(t, s, tc.kind, cut, uid, 100)
		gotIDs, wantIDs := map[string]store.Work{}, map[string]store.Work{}
		for _, o := range got {
			gotIDs[o.ID] = store.Owed(&o)
		}
		for i, id := range tc.want {
			wantIDs[id] = tc.owed[i]
		}
		if len(gotIDs) != len(wantIDs) {
			t.Errorf("OwedOrders(%s) = %v; want %v (not late %s, refunded %s, unpaid %s, done %s, re-check %s)",
				tc.kind, gotIDs, wantIDs, late.ID, refunded.ID, unpaid.ID, done.ID, rc.ID)
			continue
		}
		for id, w := range wantIDs {
			if gotIDs[id] != w {
				t.Errorf("OwedOrders(%s) = %v; want %v", tc.kind, gotIDs, wantIDs)
			}
		}
	}
	if got := owedOf(t, s, store.WorkReport, tOwed.Add(4*time.Hour), uid, 100); len(got) != 2 {
		t.Errorf("with a later cut: %v; want the late order too", ids(got))
	}
}

// testOwedUpgrades: paid upgrades not yet stored or refunded are found by
// the upgrade's status (a nested field), the failed one owing its refund.
func testOwedUpgrades(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	completed := func() *domain.Optimization {
		t.Helper()
		o := add(t, s, pending(uid, tOwed))
		if _, err := s.MarkPaid(ctx, o.ID, tOwed); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Complete(ctx, o.ID, []byte(`{"plan":"basic"}`), tOwed, false); err != nil {
			t.Fatal(err)
		}
		return o
	}
	upgrading, upFailed, upDone, plain := completed(), completed(), completed(), completed()
	for _, o := range []*domain.Optimization{upgrading, upFailed, upDone} {
		apply(t, s, o.ID, store.UpgradePaidBy(newSessionID(), 15, tOwed.Add(time.Minute)))
	}
	apply(t, s, upFailed.ID, store.UpgradeFailed("We could not prepare the Premium report."))
	apply(t, s, upDone.ID, store.UpgradeCompleted([]byte(upgradedReport), "", false, tOwed.Add(2*time.Minute), false))
	got := map[string]store.Work{}
	for _, o := range owedOf(t, s, store.WorkUpgrade, tOwed.Add(time.Hour), uid, 100) {
		got[o.ID] = store.Owed(&o)
	}
	if len(got) != 2 || got[upgrading.ID] != store.WorkUpgrade || got[upFailed.ID] != store.WorkUpgradeRefund {
		t.Errorf("OwedOrders(upgrade) = %v; want %s owing its upgrade and %s its refund (not %s done, %s never upgraded)",
			got, upgrading.ID, upFailed.ID, upDone.ID, plain.ID)
	}
	if o := get(t, s, upgrading.ID); o.LastSentAt == nil || !o.LastSentAt.Equal(tOwed.Add(time.Minute)) {
		t.Errorf("UpgradePaidBy's lastSentAt = %v; want the upgrade's payment", o.LastSentAt)
	}
	if got := owedOf(t, s, store.WorkUpgrade, tOwed.Add(time.Minute), uid, 100); len(got) != 0 {
		t.Errorf("before the cut: %v; want none", ids(got))
	}
}

// testOwedOrdersPaging: pages walk (lastSentAt, id) without skipping or
// repeating, equal times included; a send (store.Resent) moves an order
// to the back, its count and job name kept.
func testOwedOrdersPaging(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	var want []string
	for _, d := range []time.Duration{0, time.Minute, time.Minute, time.Minute, 2 * time.Minute, 3 * time.Minute} {
		o := add(t, s, pending(uid, tOwed))
		if _, err := s.MarkPaid(ctx, o.ID, tOwed.Add(d)); err != nil {
			t.Fatal(err)
		}
		want = append(want, o.ID)
	}
	slices.Sort(want[1:4]) // equal times go by id
	cut := tOwed.Add(time.Hour)
	if got := ids(owedOf(t, s, store.WorkReport, cut, uid, 2)); !same(got, want) {
		t.Errorf("pages of 2 = %v; want %v", got, want)
	}
	first := want[0]
	if !apply(t, s, first, store.Resent(store.WorkReport, 0, "report-"+first+"-1", tOwed.Add(10*time.Minute))) {
		t.Fatal("Resent did not apply")
	}
	if apply(t, s, first, store.Resent(store.WorkReport, 0, "report-"+first+"-1", tOwed.Add(10*time.Minute))) {
		t.Error("a second Resent with the same count applied (two sweepers sent it)")
	}
	o := get(t, s, first)
	if o.Requeues != 1 || o.RequeuedAt == nil || o.LastSentAt == nil || !o.LastSentAt.Equal(tOwed.Add(10*time.Minute)) || o.LastJob != "report-"+first+"-1" {
		t.Errorf("after Resent: requeues %d at %v, last sent %v %q", o.Requeues, o.RequeuedAt, o.LastSentAt, o.LastJob)
	}
	if got := ids(owedOf(t, s, store.WorkReport, cut, uid, 2)); !same(got, append(want[1:], first)) {
		t.Errorf("after a send: %v; want %v", got, append(want[1:], first))
	}
}

func same(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// testRechecksWithdrawn: a report's re-checks are found by it, and
// withdrawing one is kept (once), its share ended.
func testRechecksWithdrawn(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := completedPaid(t, s)
	var made []string
	for i := range 2 {
		r, err := s.AddRecheck(ctx, o.ID, store.RecheckAllowed(recheckLimit, recheckWindow, t0.Add(time.Duration(i+3)*time.Minute)), recheckOf(o, t0.Add(time.Duration(i+3)*time.Minute)))
		if err != nil || r == nil {
			t.Fatalf("AddRecheck = %v, %v", r, err)
		}
		made = append(made, r.ID)
	}
	got, err := s.RechecksOf(ctx, o.ID)
	if err != nil || len(got) != 2 || !(got[0].ID == made[0] && got[1].ID == made[1] || got[0].ID == made[1] && got[1].ID == made[0]) {
		t.Fatalf("RechecksOf = %v, %v; want %v", ids(got), err, made)
	}
	if none, err := s.RechecksOf(ctx, made[0]); err != nil || len(none) != 0 {
		t.Errorf("RechecksOf a re-check = %v, %v; want none", ids(none), err)
	}
	if apply(t, s, o.ID, store.Withdrawn(t0)) {
		t.Error("Withdrawn applied to a bought report")
	}
	if !apply(t, s, made[0], store.Withdrawn(t0.Add(time.Hour))) || apply(t, s, made[0], store.Withdrawn(t0.Add(2*time.Hour))) {
		t.Error("Withdrawn did not apply exactly once")
	}
	if r := get(t, s, made[0]); r.WithdrawnAt == nil || !r.WithdrawnAt.Equal(t0.Add(time.Hour)) || !store.Refused(r) {
		t.Errorf("withdrawn re-check: %v", r.WithdrawnAt)
	}
	if r := get(t, s, made[1]); r.WithdrawnAt != nil || store.Refused(r) {
		t.Errorf("the other re-check was withdrawn too")
	}
}

// testStrayRefundOnce: a stray payment is recorded once per session, its
// refund recorded once; the owed ones and an order's are found.
func testStrayRefundOnce(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	order := domain.NewID()
	sid := newSessionID()
	r := domain.StrayRefund{SessionID: sid, OptimizationID: order, Amount: 15, Reason: "a second upgrade payment", CreatedAt: tOwed}
	if ok, err := s.AddStrayRefund(ctx, r); err != nil || !ok {
		t.Fatalf("first AddStrayRefund = %v, %v", ok, err)
	}
	again := r
	again.Reason, again.Amount = "another", 99
	if ok, err := s.AddStrayRefund(ctx, again); err != nil || ok {
		t.Errorf("second AddStrayRefund = %v, %v; want false", ok, err)
	}
	got, err := s.GetStrayRefund(ctx, sid)
	if err != nil || got.Reason != r.Reason || got.Amount != 15 || got.OptimizationID != order || !got.CreatedAt.Equal(tOwed) || got.Refund != nil {
		t.Fatalf("GetStrayRefund = %+v, %v; want the first record, owed", got, err)
	}
	owed := func(before time.Time) bool {
		t.Helper()
		list, err := s.OwedStrayRefunds(ctx, before, 1000)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range list {
			if x.SessionID == sid {
				return true
			}
		}
		return false
	}
	if !owed(tOwed.Add(time.Minute)) || owed(tOwed) {
		t.Error("OwedStrayRefunds: want it owed after its creation only")
	}
	made := domain.Refund{ID: "re_stray", Amount: 15, RefundedAt: tOwed.Add(time.Hour)}
	if ok, err := s.StrayRefunded(ctx, sid, made); err != nil || !ok {
		t.Fatalf("StrayRefunded = %v, %v", ok, err)
	}
	if ok, err := s.StrayRefunded(ctx, sid, domain.Refund{ID: "re_other"}); err != nil || ok {
		t.Errorf("second StrayRefunded = %v, %v; want false", ok, err)
	}
	if got, _ := s.GetStrayRefund(ctx, sid); got.Refund == nil || got.Refund.ID != "re_stray" || !got.Refund.RefundedAt.Equal(made.RefundedAt) {
		t.Errorf("refund recorded = %+v", got.Refund)
	}
	if owed(tOwed.Add(time.Minute)) {
		t.Error("a refunded stray payment is still owed")
	}
	if list, err := s.StrayRefundsOf(ctx, order); err != nil || len(list) != 1 || list[0].SessionID != sid {
		t.Errorf("StrayRefundsOf = %+v, %v", list, err)
	}
	if list, err := s.StrayRefundsOf(ctx, domain.NewID()); err != nil || len(list) != 0 {
		t.Errorf("StrayRefundsOf another order = %+v, %v", list, err)
	}
	_, err = s.GetStrayRefund(ctx, newSessionID())
	wantCode(t, "GetStrayRefund of an unknown session", err, domain.CodeNotFound)
	_, err = s.StrayRefunded(ctx, newSessionID(), made)
	wantCode(t, "StrayRefunded of an unknown session", err, domain.CodeNotFound)
}

// owedWorkSuite is the OwedWork contract: the sweepers' work (issue
// 28): stuck jobs, owed refunds, upgrades and deliveries, stray refunds.
func owedWorkSuite() suite {
	return suite{"OwedWork", []contractCase{
		{"StuckOrders", testStuckOrders},
		{"ClaimRequeue", testClaimRequeue},
		{"ConcurrentClaimRequeue", testConcurrentClaimRequeue},
		{"OwedOrdersByKind", testOwedOrdersByKind},
		{"OwedUpgrades", testOwedUpgrades},
		{"OwedOrdersPaging", testOwedOrdersPaging},
		{"StrayRefundOnce", testStrayRefundOnce},
		{"OwedDeliveries", testOwedDeliveries},
	}}
}
