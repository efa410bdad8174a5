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

// Premium deliverables: the PDF's key is written by the job before the
// order completes; the e-mail's state is written after.

func testSetPDF(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	if err := s.SetPDF(ctx, o.ID, "reports/"+o.ID+".pdf"); err != nil {
		t.Fatalf("SetPDF: %v", err)
	}
	if got := get(t, s, o.ID); got.PDFPath != "reports/"+o.ID+".pdf" {
		t.Errorf("pdfPath %q", got.PDFPath)
	}
	if _, err := s.Complete(ctx, o.ID, []byte(premiumReport), t0.Add(time.Hour), false); err != nil {
		t.Fatal(err)
	}
	// A late job does not move a finished order's PDF.
	if err := s.SetPDF(ctx, o.ID, "reports/other.pdf"); err != nil {
		t.Errorf("SetPDF after completion: %v", err)
	}
	if got := get(t, s, o.ID); got.PDFPath != "reports/"+o.ID+".pdf" {
		t.Errorf("pdfPath after a late write %q", got.PDFPath)
	}
	wantCode(t, "empty path", s.SetPDF(ctx, o.ID, " "), domain.CodeInvalid)
	if err := s.SetPDF(ctx, "no-such-optimization", "reports/x.pdf"); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
}

func testSetEmailDelivery(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	if got := get(t, s, o.ID); got.Email != (domain.EmailDelivery{}) {
		t.Errorf("a new order has e-mail state %+v", got.Email)
	}
	// Premium: the completion itself marks the e-mail due.
	if _, err := s.Complete(ctx, o.ID, []byte(premiumReport), t0.Add(time.Hour), true); err != nil {
		t.Fatal(err)
	}
	if got := get(t, s, o.ID).Email; got != (domain.EmailDelivery{Status: domain.DeliveryPending}) {
		t.Fatalf("after a completion with the e-mail due, e-mail state %+v; want pending", got)
	}
	sent := t0.Add(2 * time.Hour)
	prev := domain.EmailDelivery{Status: domain.DeliveryPending}
	for _, d := range []domain.EmailDelivery{
		{Status: domain.DeliveryPending, Attempts: 1, LastError: "SendGrid answered 503"},
		{Status: domain.DeliveryPending, Attempts: 2, LastError: "SendGrid answered 503"},
		{Status: domain.DeliverySent, Attempts: 3, SentAt: &sent},
	} {
		applied, err := s.UpdateEmailDelivery(ctx, o.ID, prev, d)
		if err != nil || !applied {
			t.Fatalf("UpdateEmailDelivery(%+v → %+v) = %v, %v; want applied", prev, d, applied, err)
		}
		got := get(t, s, o.ID).Email
		if got.Status != d.Status || got.Attempts != d.Attempts || got.LastError != d.LastError || (got.SentAt == nil) != (d.SentAt == nil) {
			t.Errorf("after %+v read %+v", d, got)
		} else if got.SentAt != nil {
			if msg := timeDiff(*got.SentAt, *d.SentAt); msg != "" {
				t.Errorf("sentAt %s", msg)
			}
		}
		prev = d
	}
	if got := get(t, s, o.ID); got.Status != domain.StatusCompleted {
		t.Errorf("e-mail state changed the order's status to %q", got.Status)
	}
	for name, d := range map[string]domain.EmailDelivery{
		"unknown status":    {Status: "bounced"},
		"sent without time": {Status: domain.DeliverySent},
		"negative attempts": {Status: domain.DeliveryPending, Attempts: -1},
	} {
		_, err := s.UpdateEmailDelivery(ctx, o.ID, prev, d)
		wantCode(t, name, err, domain.CodeInvalid)
	}
	if _, err := s.UpdateEmailDelivery(ctx, "no-such-optimization", domain.EmailDelivery{}, domain.EmailDelivery{Status: domain.DeliveryPending}); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
}

// testStaleEmailRunCannotOverwriteSent: two deliveries of the e-mail job
// read the same pending state; one sends and records "sent"; the other,
// stale, must not write its older state over it (the host would be e-mailed
// again, or the dashboard say the e-mail failed).
func testStaleEmailRunCannotOverwriteSent(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	if _, err := s.Complete(ctx, o.ID, []byte(premiumReport), t0, true); err != nil {
		t.Fatal(err)
	}
	read := get(t, s, o.ID).Email // both runs read this
	sent := t0.Add(time.Minute)
	if ok, err := s.UpdateEmailDelivery(ctx, o.ID, read, domain.EmailDelivery{Status: domain.DeliverySent, Attempts: 1, SentAt: &sent}); err != nil || !ok {
		t.Fatalf("first run: %v, %v", ok, err)
	}
	for _, stale := range []domain.EmailDelivery{
		{Status: domain.DeliveryPending, Attempts: 1, LastError: "timeout"},
		{Status: domain.DeliveryFailed, Attempts: 1, LastError: "refused"},
		{Status: domain.DeliverySent, Attempts: 1, SentAt: &sent},
	} {
		if ok, err := s.UpdateEmailDelivery(ctx, o.ID, read, stale); err != nil || ok {
			t.Errorf("stale run writing %+v = %v, %v; want not applied", stale, ok, err)
		}
	}
	if got := get(t, s, o.ID).Email; got.Status != domain.DeliverySent || got.Attempts != 1 {
		t.Errorf("e-mail state after stale runs: %+v; want sent after 1 attempt", got)
	}
}

// testCompleteMarksEmailDueOnlyOnce: a repeated completion (a retried job
// whose first commit went through) does not reset the e-mail's state.
func testCompleteMarksEmailDueOnlyOnce(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	if first, err := s.Complete(ctx, o.ID, []byte(`{"a":1}`), t0, true); err != nil || !first {
		t.Fatalf("Complete = %v, %v", first, err)
	}
	sent := t0.Add(time.Minute)
	if ok, err := s.UpdateEmailDelivery(ctx, o.ID, domain.EmailDelivery{Status: domain.DeliveryPending}, domain.EmailDelivery{Status: domain.DeliverySent, Attempts: 1, SentAt: &sent}); err != nil || !ok {
		t.Fatal(ok, err)
	}
	if first, err := s.Complete(ctx, o.ID, []byte(`{"a":2}`), t0, true); err != nil || first {
		t.Fatalf("second Complete = %v, %v; want false, nil", first, err)
	}
	if got := get(t, s, o.ID).Email; got.Status != domain.DeliverySent {
		t.Errorf("a repeated completion reset the e-mail to %+v", got)
	}
	basic := paid(t, s)
	if _, err := s.Complete(ctx, basic.ID, []byte(`{"a":1}`), t0, false); err != nil {
		t.Fatal(err)
	}
	if got := get(t, s, basic.ID).Email; got != (domain.EmailDelivery{}) {
		t.Errorf("a completion without an e-mail due set e-mail state %+v", got)
	}
}

// testFailUnpaid: an expired or refused checkout fails the order only while
// nobody has paid for it.
func testFailUnpaid(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	o := add(t, s, pending(uid, t0))
	if ok, err := s.FailUnpaid(ctx, o.ID, "Checkout was not completed.", t0); err != nil || !ok {
		t.Fatalf("FailUnpaid of an unpaid order = %v, %v; want true", ok, err)
	}
	p := paid(t, s)
	if ok, err := s.FailUnpaid(ctx, p.ID, "Checkout was not completed.", t0); err != nil || ok {
		t.Fatalf("FailUnpaid of a paid order = %v, %v; want false, nil", ok, err)
	}
	if got := get(t, s, p.ID); got.Status != domain.StatusProcessing || got.FailureReason != "" {
		t.Errorf("paid order after FailUnpaid: %s %q", got.Status, got.FailureReason)
	}
	_, err := s.FailUnpaid(ctx, p.ID, " ", t0)
	wantCode(t, "FailUnpaid without a reason", err, domain.CodeInvalid)
	if _, err := s.FailUnpaid(ctx, "no-such-optimization", "x", t0); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
}

// testAbandonRacesPayment: an "expired" or "payment failed" event racing
// the payment of the same order. Whatever the interleaving, a paid order is
// never left failed with "you have not been charged".
func testAbandonRacesPayment(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	for round := range 10 {
		o := add(t, s, pending(uid, t0.Add(time.Duration(round)*time.Second)))
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); _, _ = s.MarkPaid(ctx, o.ID, t0) }()
		go func() { defer wg.Done(); _, _ = s.FailUnpaid(ctx, o.ID, "You have not been charged.", t0) }()
		wg.Wait()
		got := get(t, s, o.ID)
		if got.PaidAt != nil && got.Status == domain.StatusFailed {
			t.Fatalf("round %d: a paid order was marked failed %q", round, got.FailureReason)
		}
	}
}

// testPaymentAfterAbandonReopens: the money of an order already failed as
// unpaid arrives after all (events delivered late or out of order). The
// host has paid, so the order is reopened for its report, never left
// failed with "you have not been charged".
func testPaymentAfterAbandonReopens(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	o := add(t, s, pending(uid, t0))
	if ok, err := s.FailUnpaid(ctx, o.ID, "Checkout was not completed. You have not been charged.", t0); err != nil || !ok {
		t.Fatal(ok, err)
	}
	if first, err := s.MarkPaid(ctx, o.ID, t0.Add(time.Minute)); err != nil || !first {
		t.Fatalf("MarkPaid after abandon = %v, %v; want the payment recorded", first, err)
	}
	got := get(t, s, o.ID)
	if got.Status != domain.StatusProcessing || got.FailureReason != "" || got.CompletedAt != nil || got.PaidAt == nil || got.Stage != domain.StagePaid {
		t.Errorf("order after a late payment: status %s, reason %q, completedAt %v, paidAt %v, stage %s; want reopened, processing",
			got.Status, got.FailureReason, got.CompletedAt, got.PaidAt, got.Stage)
	}
	c, err := s.GetCustomer(ctx, uid)
	if err != nil || c.TotalOptimizations != 1 {
		t.Errorf("customer after a late payment: %+v, %v; want 1 purchase", c, err)
	}
}
