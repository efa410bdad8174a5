package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Deliverables owed (issue 28): the PDF and the e-mail still owed are found
// by OwedDeliveries after the queue gave up on their jobs.

// owedT0 is long before every other case's times: OwedDeliveries is global,
// and other cases share the backend, so this case's cut-offs see only its
// own orders (and mine filters by customer besides).
var owedT0 = time.Date(2001, 2, 3, 4, 5, 6, 789000, time.UTC)

func testOwedDeliveries(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	uid := newCustomer(t, s)
	at := func(m int) time.Time { return owedT0.Add(time.Duration(m) * time.Minute) }
	paidAt := func() *domain.Optimization {
		o := add(t, s, pending(uid, t0))
		if _, err := s.MarkPaid(ctx, o.ID, at(0)); err != nil {
			t.Fatal(err)
		}
		return o
	}
	apply := func(what, id string, c store.Change, want bool) {
		t.Helper()
		if ok, err := s.Apply(ctx, id, c); err != nil || ok != want {
			t.Fatalf("%s: applied %v, %v; want %v", what, ok, err, want)
		}
	}
	owed := func(before time.Time, limit int) map[string]domain.Optimization {
		t.Helper()
		got, err := s.OwedDeliveries(ctx, before, limit)
		if err != nil {
			t.Fatalf("OwedDeliveries: %v", err)
		}
		return mine(got, uid)
	}

	// A Premium report whose e-mail is due from its completion.
	mailDue := paidAt()
	if _, err := s.Complete(ctx, mailDue.ID, []byte(premiumReport), at(1), true); err != nil {
		t.Fatal(err)
	}
	// A Premium report completed without its PDF: owed before it completes.
	pdfDue := paidAt()
	apply("PDFOwed", pdfDue.ID, store.PDFOwed(at(2)), true)
	if _, err := s.Complete(ctx, pdfDue.ID, []byte(premiumReport), at(3), false); err != nil {
		t.Fatal(err)
	}
	// A Basic report: nothing owed.
	basic := paidAt()
	if _, err := s.Complete(ctx, basic.ID, []byte(`{"package_type":"basic"}`), at(1), false); err != nil {
		t.Fatal(err)
	}
	if got := get(t, s, basic.ID); got.OwedAt != nil || got.PDFDue {
		t.Errorf("a Basic report owes: owedAt %v, pdfDue %v", got.OwedAt, got.PDFDue)
	}
	if got := get(t, s, mailDue.ID); got.OwedAt == nil || timeDiff(*got.OwedAt, at(1)) != "" {
		t.Errorf("completed with the e-mail due: owedAt %v; want the completion's time %v", got.OwedAt, at(1))
	}
	if got := get(t, s, pdfDue.ID); !got.PDFDue || got.PDFPath != "" || got.OwedAt == nil {
		t.Errorf("completed without its PDF: pdfDue %v, pdfPath %q, owedAt %v", got.PDFDue, got.PDFPath, got.OwedAt)
	}

	m := owed(at(60), 1000)
	if len(m) != 2 || m[mailDue.ID].ID == "" || !m[pdfDue.ID].PDFDue {
		t.Fatalf("owed = %v; want the order owing its e-mail and the one owing its PDF (not the Basic %s)", keys(m), basic.ID)
	}
	if m := owed(at(2), 1000); len(m) != 1 || m[mailDue.ID].ID == "" {
		t.Errorf("owed before %v = %v; want only the e-mail owed since %v", at(2), keys(m), at(1))
	}
	if got, err := s.OwedDeliveries(ctx, at(60), 1); err != nil || len(got) != 1 || got[0].ID != mailDue.ID {
		t.Errorf("OwedDeliveries(limit 1) = %v, %v; want the oldest owed order %s", got, err, mailDue.ID)
	}

	// One sweeper claims a re-send; a second with the same count does not.
	apply("ClaimOwed", mailDue.ID, store.ClaimOwed(0, at(30)), true)
	apply("ClaimOwed again", mailDue.ID, store.ClaimOwed(0, at(30)), false)
	if got := get(t, s, mailDue.ID); got.OwedRequeues != 1 || got.OwedAt == nil || timeDiff(*got.OwedAt, at(30)) != "" {
		t.Errorf("after the claim: owedRequeues %d, owedAt %v; want 1, %v", got.OwedRequeues, got.OwedAt, at(30))
	}
	if m := owed(at(20), 1000); m[mailDue.ID].ID != "" {
		t.Errorf("an order just re-sent is owed again before its next turn: %v", keys(m))
	}

	// Sent: nothing owed any more, so the sweeper never reads it again.
	sent := at(31)
	apply("EmailTried", mailDue.ID, store.EmailTried(domain.EmailDelivery{Status: domain.DeliveryPending},
		domain.EmailDelivery{Status: domain.DeliverySent, Attempts: 1, SentAt: &sent}, sent), true)
	// The PDF made: nothing owed either.
	apply("PDFStored", pdfDue.ID, store.PDFStored("reports/"+pdfDue.ID+".pdf", at(32)), true)
	if got := get(t, s, pdfDue.ID); got.PDFDue || got.PDFPath != "reports/"+pdfDue.ID+".pdf" || got.OwedAt != nil {
		t.Errorf("after the repair: pdfDue %v, pdfPath %q, owedAt %v", got.PDFDue, got.PDFPath, got.OwedAt)
	}
	if m := owed(at(600), 1000); len(m) != 0 {
		t.Errorf("owed after delivery = %v; want none", keys(m))
	}

	// An operator's resend makes it owed again.
	apply("EmailDueAgain", mailDue.ID, store.EmailDueAgain(at(40)), true)
	apply("EmailDueAgain twice", mailDue.ID, store.EmailDueAgain(at(40)), false)
	if m := owed(at(600), 1000); len(m) != 1 || m[mailDue.ID].Email.Status != domain.DeliveryPending {
		t.Errorf("owed after a resend = %v; want the order again, its e-mail pending", m)
	}
}
