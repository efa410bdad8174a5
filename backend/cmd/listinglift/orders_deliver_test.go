package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

// premiumReport is a stored Premium report the PDF renderer can draw.
const premiumReport = `{"package_type":"premium","title":"Sunny loft by the river","overall_score":62,"overall_band":"Room to grow","pdf_download_url":""}`

// TestOrdersResendAndRepdf: support makes the PDF of a Premium order that
// completed without it (storage was down) from its stored report, which
// queues the e-mail that waited for it; and sends a delivered report's
// e-mail again. Orders with nothing to send are refused with a reason.
func TestOrdersResendAndRepdf(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, blobs := filepath.Join(dir, "ll.db"), filepath.Join(dir, "blobs")
	getenv := env(map[string]string{"SQLITE_PATH": db, "BLOB_DIR": blobs, "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"})

	st, err := sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	if _, err := st.UpsertCustomer(ctx, domain.Login{UID: "host-1", Email: "host@example.com", At: now}); err != nil {
		t.Fatal(err)
	}
	order := func(plan domain.Plan, complete bool, emailDue bool, change store.Change) *domain.Optimization {
		o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: "host-1", CustomerEmail: "host@example.com",
			ListingURL: "https://www.airbnb.com/rooms/1", PlanType: plan, Amount: 19.99, Status: domain.StatusPending, CreatedAt: now})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.MarkPaid(ctx, o.ID, now); err != nil {
			t.Fatal(err)
		}
		if change != nil {
			if _, err := st.Apply(ctx, o.ID, change); err != nil {
				t.Fatal(err)
			}
		}
		if complete {
			if _, err := st.Complete(ctx, o.ID, []byte(premiumReport), now, emailDue); err != nil {
				t.Fatal(err)
			}
		}
		return o
	}
	owing := order(domain.PlanPremium, true, true, store.PDFOwed(now))
	delivered := order(domain.PlanPremium, true, true, nil)
	sent := now
	if ok, err := st.Apply(ctx, delivered.ID, store.EmailTried(domain.EmailDelivery{Status: domain.DeliveryPending},
		domain.EmailDelivery{Status: domain.DeliverySent, Attempts: 1, SentAt: &sent}, sent)); err != nil || !ok {
		t.Fatalf("mark sent: %v %v", ok, err)
	}
	basic := order(domain.PlanBasic, true, false, nil)
	running := order(domain.PlanPremium, false, false, nil)
	st.Close()

	out, _, err := runCLI(t, getenv, "orders", "repdf", owing.ID)
	if err != nil || !strings.Contains(out, blob.ReportKey(owing.ID)) {
		t.Fatalf("repdf: %v\n%s", err, out)
	}
	pdf, err := os.ReadFile(filepath.Join(blobs, filepath.FromSlash(blob.ReportKey(owing.ID))))
	if err != nil || !strings.HasPrefix(string(pdf), "%PDF") {
		t.Fatalf("stored PDF: %v (%.8q)", err, pdf)
	}

	out, _, err = runCLI(t, getenv, "orders", "resend", delivered.ID)
	if err != nil || !strings.Contains(out, "queued "+jobs.OwedName(jobs.KindEmail, delivered.ID, 1)) {
		t.Fatalf("resend: %v\n%s", err, out)
	}

	st, err = sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	got, _ := st.GetOptimization(ctx, owing.ID)
	if got.PDFPath != blob.ReportKey(owing.ID) || got.PDFDue {
		t.Errorf("after repdf: pdf %q, pdfDue %v", got.PDFPath, got.PDFDue)
	}
	// The e-mail waited for the PDF: queued now, under a fresh name.
	if js, err := st.JobState(ctx, jobs.OwedName(jobs.KindEmail, owing.ID, 1)); err != nil || js == nil {
		t.Errorf("the waiting e-mail was not queued after repdf: %+v %v", js, err)
	}
	got, _ = st.GetOptimization(ctx, delivered.ID)
	if got.Email.Status != domain.DeliveryPending || got.Email.Attempts != 1 {
		t.Errorf("after resend the e-mail is %+v; want pending again, its earlier try kept", got.Email)
	}
	if js, err := st.JobState(ctx, jobs.OwedName(jobs.KindEmail, delivered.ID, 1)); err != nil || js == nil {
		t.Errorf("resend queued no job: %+v %v", js, err)
	}

	for _, tc := range []struct{ verb, id, want string }{
		{"resend", basic.ID, "only Premium reports are e-mailed"},
		{"resend", running.ID, "no report or refund to e-mail yet"},
		{"repdf", basic.ID, "only Premium reports have a PDF"},
		{"repdf", running.ID, "not completed"},
	} {
		if _, _, err := runCLI(t, getenv, "orders", tc.verb, tc.id); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s of %s: %v; want %q", tc.verb, tc.id, err, tc.want)
		}
	}
}
