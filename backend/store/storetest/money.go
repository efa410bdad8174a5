package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// The money steps (store.Change through Apply, and DeleteUnpaid): the
// refund of a paid order, the expiry of an unpaid one, the Basic → Premium
// upgrade. Each applies once, whatever races it.

func apply(t *testing.T, s store.Aggregates, id string, c store.Change) bool {
	t.Helper()
	ok, err := s.Apply(context.Background(), id, c)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	return ok
}

// testCheckoutOpenedThenExpired: an open checkout's page is kept for Resume
// checkout; its expiry ends the order "expired" (not failed) and forgets
// the page; a late payment reopens it, counted once.
func testCheckoutOpenedThenExpired(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	o := add(t, s, pending(uid, t0))
	closes := t0.Add(30 * time.Minute)
	if !apply(t, s, o.ID, store.CheckoutOpened("https://checkout.stripe.com/c/pay/cs_1", closes)) {
		t.Fatal("CheckoutOpened did not apply to a pending order")
	}
	got := get(t, s, o.ID)
	if got.CheckoutURL != "https://checkout.stripe.com/c/pay/cs_1" || got.CheckoutExpiresAt == nil || !got.CheckoutExpiresAt.Equal(closes) {
		t.Errorf("open checkout: url %q expires %v", got.CheckoutURL, got.CheckoutExpiresAt)
	}
	if !apply(t, s, o.ID, store.ExpireUnpaid("Checkout was not completed.", closes)) {
		t.Fatal("ExpireUnpaid did not apply")
	}
	if apply(t, s, o.ID, store.ExpireUnpaid("again", closes)) {
		t.Error("ExpireUnpaid applied twice")
	}
	got = get(t, s, o.ID)
	if got.Status != domain.StatusExpired || got.FailureReason != "Checkout was not completed." || got.CheckoutURL != "" || got.CompletedAt == nil {
		t.Errorf("expired order: %s %q url %q completedAt %v", got.Status, got.FailureReason, got.CheckoutURL, got.CompletedAt)
	}
	if first, err := s.MarkPaid(ctx, o.ID, closes.Add(time.Minute)); err != nil || !first {
		t.Fatalf("MarkPaid of an expired order = %v, %v", first, err)
	}
	got = get(t, s, o.ID)
	if got.Status != domain.StatusProcessing || got.FailureReason != "" || got.CompletedAt != nil {
		t.Errorf("expired then paid: %s %q %v; want reopened", got.Status, got.FailureReason, got.CompletedAt)
	}
	if c, err := s.GetCustomer(ctx, uid); err != nil || c.TotalOptimizations != 1 {
		t.Errorf("purchases after expired-then-paid: %+v %v; want 1", c, err)
	}
	p := paid(t, s)
	if apply(t, s, p.ID, store.ExpireUnpaid("x", t0)) || apply(t, s, p.ID, store.CheckoutOpened("u", t0)) {
		t.Error("a paid order was expired or given a checkout page")
	}
	if _, err := s.Apply(ctx, "no-such-optimization", store.ExpireUnpaid("x", t0)); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("Apply to an unknown id: %v", err)
	}
}

// testRefundedOnce: a failed paid order is refunded once, keeps its reason,
// and the host's e-mail about it is due.
func testRefundedOnce(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	if _, err := s.Fail(ctx, o.ID, "We could not prepare your report.", t0); err != nil {
		t.Fatal(err)
	}
	at := t0.Add(time.Hour)
	if !apply(t, s, o.ID, store.Refunded(domain.Refund{ID: "re_1", Amount: 19.99, RefundedAt: at}, true)) ||
		apply(t, s, o.ID, store.Refunded(domain.Refund{ID: "re_2", Amount: 19.99, RefundedAt: at}, true)) {
		t.Fatal("the refund did not apply exactly once")
	}
	got := get(t, s, o.ID)
	if got.Status != domain.StatusRefunded || got.Refund == nil || got.Refund.Amount != 19.99 || !got.Refund.RefundedAt.Equal(at) ||
		got.Refund.ID != "re_1" || got.FailureReason != "We could not prepare your report." {
		t.Errorf("refunded order: %s %+v %q", got.Status, got.Refund, got.FailureReason)
	}
	if got.Email.Status != domain.DeliveryPending {
		t.Errorf("e-mail after a refund with notify: %+v; want pending", got.Email)
	}
	unpaid := add(t, s, pending(newCustomer(t, s), t0))
	if apply(t, s, unpaid.ID, store.Refunded(domain.Refund{Amount: 4.99, RefundedAt: at}, false)) {
		t.Error("an unpaid order was refunded")
	}
}

// testUpgradeOnce: a completed Basic order is upgraded once; the Basic report stays until the Premium one is stored,
// which makes the order Premium at the full price with its e-mail due. A
// failed upgrade keeps the Basic report and records the refund.
func testUpgradeOnce(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s) // Basic, $4.99 (pending() is Basic)
	if apply(t, s, o.ID, store.UpgradeOpened("cs_up_0", "u", 15)) {
		t.Error("an unfinished order was offered an upgrade")
	}
	if _, err := s.Complete(ctx, o.ID, []byte(`{"plan":"basic"}`), t0, false); err != nil {
		t.Fatal(err)
	}
	if !apply(t, s, o.ID, store.UpgradeOpened("cs_up_1", "https://checkout.stripe.com/c/pay/cs_up_1", 15)) {
		t.Fatal("UpgradeOpened did not apply to a completed Basic order")
	}
	if !apply(t, s, o.ID, store.UpgradePaidBy("cs_up_1", 15, t0)) || apply(t, s, o.ID, store.UpgradePaidBy("cs_up_1", 15, t0)) {
		t.Fatal("the upgrade payment did not apply exactly once")
	}
	if found, err := s.FindOptimizationBySession(ctx, "cs_up_1"); err != nil || found.ID != o.ID {
		t.Errorf("FindOptimizationBySession(the upgrade's session) = %v, %v; want the upgraded order", found, err)
	}
	got := get(t, s, o.ID)
	if !got.Upgrading() || got.PlanType != domain.PlanBasic || string(got.Results) != `{"plan":"basic"}` || got.Status != domain.StatusCompleted {
		t.Errorf("paid upgrade: upgrade %+v plan %s results %s status %s", got.Upgrade, got.PlanType, got.Results, got.Status)
	}
	done := store.UpgradeCompleted([]byte(upgradedReport), "reports/"+o.ID+".pdf", false, t0, true)
	if !apply(t, s, o.ID, done) || apply(t, s, o.ID, done) {
		t.Fatal("the upgrade completion did not apply exactly once")
	}
	got = get(t, s, o.ID)
	if got.PlanType != domain.PlanPremium || got.Amount != 19.99 || string(got.Results) != upgradedReport ||
		got.PDFPath != "reports/"+o.ID+".pdf" || got.Upgrade.Status != domain.UpgradeCompleted || got.Email.Status != domain.DeliveryPending {
		t.Errorf("upgraded order: plan %s amount %v results %s pdf %q upgrade %+v e-mail %+v",
			got.PlanType, got.Amount, got.Results, got.PDFPath, got.Upgrade, got.Email)
	}
	if apply(t, s, o.ID, store.UpgradePaidBy("cs_up_2", 15, t0)) {
		t.Error("a Premium order took a second upgrade payment")
	}

	// A failed upgrade: the Basic report stays, the refund is recorded once.
	b := paid(t, s)
	if _, err := s.Complete(ctx, b.ID, []byte(`{"plan":"basic"}`), t0, false); err != nil {
		t.Fatal(err)
	}
	apply(t, s, b.ID, store.UpgradePaidBy("cs_up_3", 15, t0))
	if apply(t, s, b.ID, store.UpgradeRefunded(domain.Refund{Amount: 15, RefundedAt: t0}, true)) {
		t.Error("an upgrade was refunded before it failed")
	}
	if !apply(t, s, b.ID, store.UpgradeFailed("We could not prepare the Premium report.")) {
		t.Fatal("UpgradeFailed did not apply")
	}
	if !apply(t, s, b.ID, store.UpgradeRefunded(domain.Refund{ID: "re_up", Amount: 15, RefundedAt: t0}, true)) ||
		apply(t, s, b.ID, store.UpgradeRefunded(domain.Refund{ID: "re_up2", Amount: 15, RefundedAt: t0}, true)) {
		t.Error("the upgrade refund did not apply exactly once")
	}
	got = get(t, s, b.ID)
	if got.PlanType != domain.PlanBasic || got.Amount != 4.99 || string(got.Results) != `{"plan":"basic"}` || got.Status != domain.StatusCompleted ||
		got.Upgrade.Status != domain.UpgradeRefunded || got.Upgrade.Refund == nil || got.Upgrade.Refund.ID != "re_up" {
		t.Errorf("failed upgrade: plan %s amount %v results %s status %s upgrade %+v", got.PlanType, got.Amount, got.Results, got.Status, got.Upgrade)
	}
}

// testDeleteUnpaid: Remove deletes an unpaid order (gone from the list, its
// session free again) and refuses a paid one.
func testDeleteUnpaid(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	o := add(t, s, pending(uid, t0))
	sid := newSessionID()
	if err := s.SetCheckoutSession(ctx, o.ID, sid); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.DeleteUnpaid(ctx, o.ID); err != nil || !ok {
		t.Fatalf("DeleteUnpaid = %v, %v", ok, err)
	}
	if _, err := s.GetOptimization(ctx, o.ID); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("deleted order still read: %v", err)
	}
	if _, err := s.FindOptimizationBySession(ctx, sid); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("deleted order still found by session: %v", err)
	}
	if p, err := s.ListOptimizations(ctx, uid, 1, nil); err != nil || p.Total != 0 || len(p.Items) != 0 {
		t.Errorf("list after delete: %+v %v", p, err)
	}
	other := add(t, s, pending(uid, t0))
	if err := s.SetCheckoutSession(ctx, other.ID, sid); err != nil {
		t.Errorf("the deleted order's session is still taken: %v", err)
	}
	p := paid(t, s)
	if ok, err := s.DeleteUnpaid(ctx, p.ID); err != nil || ok {
		t.Errorf("DeleteUnpaid of a paid order = %v, %v; want false", ok, err)
	}
	get(t, s, p.ID)
	if _, err := s.DeleteUnpaid(ctx, "no-such-optimization"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("DeleteUnpaid of an unknown id: %v", err)
	}
}

// testConcurrentMoneySteps: ten racing refunds of one order record one;
// ten racing upgrade payments, then completions, of another apply once
// each (webhook redeliveries and the success page's check at once).
func testConcurrentMoneySteps(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	wins := race(t, 10, func(i int) (bool, error) {
		return s.Apply(ctx, o.ID, store.Refunded(domain.Refund{ID: "re_" + string(rune('a'+i)), Amount: 4.99, RefundedAt: t0}, true))
	})
	if len(wins) != 1 {
		t.Fatalf("%d of 10 racing refunds applied; want 1", len(wins))
	}
	if got := get(t, s, o.ID); got.Refund == nil || got.Refund.ID != "re_"+string(rune('a'+wins[0])) {
		t.Errorf("refund kept: %+v; want the winner's", got.Refund)
	}
	b := paid(t, s)
	if _, err := s.Complete(ctx, b.ID, []byte(`{"plan":"basic"}`), t0, false); err != nil {
		t.Fatal(err)
	}
	if n := len(race(t, 10, func(int) (bool, error) { return s.Apply(ctx, b.ID, store.UpgradePaidBy("cs_up", 15, t0)) })); n != 1 {
		t.Fatalf("%d of 10 racing upgrade payments applied; want 1", n)
	}
	done := store.UpgradeCompleted([]byte(upgradedReport), "", false, t0, true)
	if n := len(race(t, 10, func(int) (bool, error) { return s.Apply(ctx, b.ID, done) })); n != 1 {
		t.Fatalf("%d of 10 racing upgrade completions applied; want 1", n)
	}
	if got := get(t, s, b.ID); got.Amount != 19.99 || got.PlanType != domain.PlanPremium {
		t.Errorf("after racing upgrades: %s $%v; want premium $19.99 once", got.PlanType, got.Amount)
	}
}
