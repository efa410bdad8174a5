package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Premium deliverables: the PDF's key is written by the job before the
// order completes; the e-mail's state is written after.

func testSetPDF(t *testing.T, s store.Store) {
	ctx := context.Background()
	o := paid(t, s)
	if err := s.SetPDF(ctx, o.ID, "reports/"+o.ID+".pdf"); err != nil {
		t.Fatalf("SetPDF: %v", err)
	}
	if got := get(t, s, o.ID); got.PDFPath != "reports/"+o.ID+".pdf" {
		t.Errorf("pdfPath %q", got.PDFPath)
	}
	if _, err := s.Complete(ctx, o.ID, []byte(`{"package_type":"premium"}`), t0.Add(time.Hour)); err != nil {
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

func testSetEmailDelivery(t *testing.T, s store.Store) {
	ctx := context.Background()
	o := paid(t, s)
	if got := get(t, s, o.ID); got.Email != (domain.EmailDelivery{}) {
		t.Errorf("a new order has e-mail state %+v", got.Email)
	}
	if _, err := s.Complete(ctx, o.ID, []byte(`{"package_type":"premium"}`), t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	sent := t0.Add(2 * time.Hour)
	for _, d := range []domain.EmailDelivery{
		{Status: domain.DeliveryPending},
		{Status: domain.DeliveryPending, Attempts: 2, LastError: "SendGrid answered 503"},
		{Status: domain.DeliverySent, Attempts: 3, SentAt: &sent},
	} {
		if err := s.SetEmailDelivery(ctx, o.ID, d); err != nil {
			t.Fatalf("SetEmailDelivery(%+v): %v", d, err)
		}
		got := get(t, s, o.ID).Email
		if got.Status != d.Status || got.Attempts != d.Attempts || got.LastError != d.LastError || (got.SentAt == nil) != (d.SentAt == nil) {
			t.Errorf("after %+v read %+v", d, got)
		} else if got.SentAt != nil {
			if msg := timeDiff(*got.SentAt, *d.SentAt); msg != "" {
				t.Errorf("sentAt %s", msg)
			}
		}
	}
	if got := get(t, s, o.ID); got.Status != domain.StatusCompleted {
		t.Errorf("e-mail state changed the order's status to %q", got.Status)
	}
	for name, d := range map[string]domain.EmailDelivery{
		"unknown status":    {Status: "bounced"},
		"sent without time": {Status: domain.DeliverySent},
		"negative attempts": {Status: domain.DeliveryPending, Attempts: -1},
	} {
		wantCode(t, name, s.SetEmailDelivery(ctx, o.ID, d), domain.CodeInvalid)
	}
	if err := s.SetEmailDelivery(ctx, "no-such-optimization", domain.EmailDelivery{Status: domain.DeliveryPending}); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
}
