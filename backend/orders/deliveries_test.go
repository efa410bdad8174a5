package orders_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/mail/sendgrid"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// flakyBlobs is a blob store whose writes fail while down (a storage
// outage); reads and deletes pass through.
type flakyBlobs struct {
	blob.Store
	down atomic.Bool
	puts atomic.Int32
}

func (f *flakyBlobs) Put(ctx context.Context, key string, data []byte, ct string) error {
	f.puts.Add(1)
	if f.down.Load() {
		return errors.New("storage: 503 Service Unavailable")
	}
	return f.Store.Put(ctx, key, data, ct)
}

// fakePDF renders a stand-in PDF naming the report's title, so a test can
// tell the attachment is this report's.
func fakePDF(r *report.Result) ([]byte, error) {
	return []byte("%PDF-1.7 stand-in for " + r.Title), nil
}

// testClock is a settable Now (its own type: sweep_test.go's belongs to
// the report sweeper's tests).
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// deliveryEnv is a Premium order's report job with a storage that fails,
// a mailer, a recording queue and a clock.
type deliveryEnv struct {
	st    store.Aggregates
	q     *recordingQueue
	blobs *flakyBlobs
	mail  *capture
	clock *testClock
	svc   *orders.Service
	logs  *bytes.Buffer
}

func newDeliveryEnv(t *testing.T, st store.Aggregates, mailer mail.Sender) *deliveryEnv {
	t.Helper()
	lb, err := local.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := &deliveryEnv{st: st, q: &recordingQueue{}, blobs: &flakyBlobs{Store: lb}, mail: &capture{},
		clock: &testClock{t: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}, logs: &bytes.Buffer{}}
	if mailer == nil {
		mailer = e.mail
	}
	pipe := orders.Pipeline{Listings: fixtureReader{loadFixture(t, "albany-house")}, PDF: fakePDF, Blobs: e.blobs}
	e.svc = orders.New(orders.Deps{Stores: orders.StoresOf(e.st), Queue: e.q, Reporter: pipe, Mailer: mailer, Blobs: e.blobs, PDF: fakePDF,
		PublicURL: "http://localhost:8080", Now: e.clock.Now, Logger: slog.New(slog.NewTextHandler(e.logs, nil))})
	return e
}

// run delivers the queued job name (as the queue would, attempt n).
func (e *deliveryEnv) run(t *testing.T, name string, attempt jobs.Attempt) error {
	t.Helper()
	for _, j := range e.q.jobs {
		if j.Name == name {
			return e.svc.Handle(context.Background(), j, attempt)
		}
	}
	t.Fatalf("job %s was never queued; queue: %v", name, e.q.names())
	return nil
}

func (e *deliveryEnv) order(t *testing.T, id string) *domain.Optimization {
	t.Helper()
	o, err := e.st.GetOptimization(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// completeWithStorageDown runs a paid Premium order's report job while
// storage refuses every write.
func (e *deliveryEnv) completeWithStorageDown(t *testing.T) *domain.Optimization {
	t.Helper()
	o := paidOrder(t, e.st, e.clock.Now(), domain.PlanPremium)
	e.blobs.down.Store(true)
	if err := e.svc.Run(context.Background(), jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1}); err != nil {
		t.Fatalf("report job: %v", err)
	}
	got := e.order(t, o.ID)
	if got.Status != domain.StatusCompleted || got.PDFPath != "" || !got.PDFDue {
		t.Fatalf("after a storage failure: status %s, pdf %q, pdfDue %v; want completed, owing its PDF", got.Status, got.PDFPath, got.PDFDue)
	}
	if e.blobs.puts.Load() < 2 {
		t.Errorf("storing the PDF was tried %d times in the job; want a few", e.blobs.puts.Load())
	}
	return got
}

// TestStorageFailureCompletesOwingThePDFAndTheRepairSendsIt: storage down
// while the report job stores the PDF → the order completes (the host has
// their report) owing its PDF; the e-mail waits; the repair job (pdf-<id>)
// fails while storage is down, then makes the PDF from the stored report
// once it is back; and the e-mail then goes, once, with the PDF attached.
func TestStorageFailureCompletesOwingThePDFAndTheRepairSendsIt(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		e := newDeliveryEnv(t, st, nil)
		o := e.completeWithStorageDown(t)
		if !e.q.has(jobs.PDFFor(o.ID).Name) || !e.q.has(jobs.EmailFor(o.ID).Name) {
			t.Fatalf("queued %v; want the PDF repair and the e-mail", e.q.names())
		}
		// The e-mail's job runs first: it waits for the PDF rather than go
		// without it.
		if err := e.run(t, jobs.EmailFor(o.ID).Name, jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		if len(e.mail.sent) != 0 {
			t.Fatalf("the e-mail went without waiting for the PDF")
		}
		// Storage still down: the repair fails and is retried.
		if err := e.run(t, jobs.PDFFor(o.ID).Name, jobs.Attempt{Number: 1}); err == nil {
			t.Fatal("the repair reported success while storage is down")
		}
		e.blobs.down.Store(false)
		e.clock.Add(20 * time.Second)
		if err := e.run(t, jobs.PDFFor(o.ID).Name, jobs.Attempt{Number: 2}); err != nil {
			t.Fatalf("repair after storage recovered: %v", err)
		}
		got := e.order(t, o.ID)
		if got.PDFPath != blob.ReportKey(o.ID) || got.PDFDue {
			t.Fatalf("after the repair: pdf %q, pdfDue %v", got.PDFPath, got.PDFDue)
		}
		stored, _, err := e.blobs.Get(context.Background(), got.PDFPath)
		if err != nil || !bytes.HasPrefix(stored, []byte("%PDF")) {
			t.Fatalf("stored PDF %q, %v", stored, err)
		}
		// The repair hands on to the e-mail under a fresh name.
		next := jobs.OwedName(jobs.KindEmail, o.ID, 1)
		for i := 1; i <= 2; i++ { // delivered twice: sent once
			if err := e.run(t, next, jobs.Attempt{Number: i}); err != nil {
				t.Fatal(err)
			}
		}
		if len(e.mail.sent) != 1 {
			t.Fatalf("%d e-mails sent; want 1", len(e.mail.sent))
		}
		att := e.mail.sent[0].Attachments
		if len(att) != 1 || !bytes.Equal(att[0].Data, stored) {
			t.Errorf("the e-mail's attachments %v; want the repaired PDF", att)
		}
		got = e.order(t, o.ID)
		if got.Email.Status != domain.DeliverySent || got.OwedAt != nil {
			t.Errorf("after sending: e-mail %+v, owedAt %v; want sent, nothing owed", got.Email, got.OwedAt)
		}
		if n, err := e.svc.SweepDeliveries(context.Background(), e.clock.Now().Add(time.Hour)); err != nil || len(n) != 0 {
			t.Errorf("a later sweep re-sent %v (%v); nothing is owed", n, err)
		}
	})
}

// TestSweeperRepairsThePDFAfterTheQueueGaveUp: storage down for longer
// than the repair job's attempts → the order still owes its PDF, and the
// delivery sweeper sends the repair again (pdf-<id>-1) once OwedRetryAfter
// has passed; that one makes it and the e-mail follows with it. Sweeping
// again before the e-mail's job ran does not send anything twice.
func TestSweeperRepairsThePDFAfterTheQueueGaveUp(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		e := newDeliveryEnv(t, st, nil)
		o := e.completeWithStorageDown(t)
		if err := e.run(t, jobs.PDFFor(o.ID).Name, jobs.Attempt{Number: 5, Final: true}); err == nil {
			t.Fatal("final repair attempt while down reported success")
		}
		if !strings.Contains(e.logs.String(), orders.MsgPDFStillOwed) {
			t.Errorf("no alert logged for the PDF still owed:\n%s", e.logs)
		}
		// Too soon: nothing.
		if got, err := e.svc.SweepDeliveries(ctx, e.clock.Now().Add(time.Minute)); err != nil || len(got) != 0 {
			t.Fatalf("early sweep re-sent %v, %v", got, err)
		}
		e.blobs.down.Store(false)
		e.clock.Add(16 * time.Minute)
		got, err := e.svc.SweepDeliveries(ctx, e.clock.Now())
		if err != nil || len(got) != 1 || got[0] != o.ID {
			t.Fatalf("sweep = %v, %v; want the order owing its PDF", got, err)
		}
		// The e-mail still waits (16 min < PDFWait): only the repair is sent.
		pdfAgain := jobs.OwedName(jobs.KindPDF, o.ID, 1)
		if !e.q.has(pdfAgain) || e.q.has(jobs.OwedName(jobs.KindEmail, o.ID, 1)) {
			t.Fatalf("queue %v; want %s alone", e.q.names(), pdfAgain)
		}
		if err := e.run(t, pdfAgain, jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		if again, err := e.svc.SweepDeliveries(ctx, e.clock.Now().Add(time.Minute)); err != nil || len(again) != 0 {
			t.Errorf("a sweep right after the repair re-sent %v, %v", again, err)
		}
		if err := e.run(t, jobs.OwedName(jobs.KindEmail, o.ID, 2), jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		if len(e.mail.sent) != 1 || len(e.mail.sent[0].Attachments) != 1 {
			t.Fatalf("e-mails %d (attachments of the first: %v); want one with the PDF", len(e.mail.sent), e.mail.sent)
		}
	})
}

// TestEmailDoesNotWaitForThePDFForever: storage stays down; after PDFWait
// the sweeper sends the e-mail without the PDF (it says the report is on
// the site), and keeps sending the repair.
func TestEmailDoesNotWaitForThePDFForever(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		e := newDeliveryEnv(t, st, nil)
		o := e.completeWithStorageDown(t)
		e.clock.Add(31 * time.Minute)
		if got, err := e.svc.SweepDeliveries(ctx, e.clock.Now()); err != nil || len(got) != 1 {
			t.Fatalf("sweep = %v, %v", got, err)
		}
		if !e.q.has(jobs.OwedName(jobs.KindPDF, o.ID, 1)) {
			t.Errorf("queue %v; want the repair again", e.q.names())
		}
		if err := e.run(t, jobs.OwedName(jobs.KindEmail, o.ID, 1), jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		if len(e.mail.sent) != 1 || len(e.mail.sent[0].Attachments) != 0 || !strings.Contains(e.mail.sent[0].Text, "full report is on the site") {
			t.Fatalf("sent %d e-mails; want one without the PDF that says where the report is", len(e.mail.sent))
		}
		got := e.order(t, o.ID)
		if got.Email.Status != domain.DeliverySent || !got.PDFDue || got.OwedAt == nil {
			t.Errorf("e-mail %+v, pdfDue %v, owedAt %v; want sent, the PDF still owed", got.Email, got.PDFDue, got.OwedAt)
		}
	})
}

// fakeSendGrid answers 401 (a revoked key) until fixed, then 202, and
// counts the messages it accepted.
type fakeSendGrid struct {
	*httptest.Server
	fixed    atomic.Bool
	refused  atomic.Int32
	accepted atomic.Int32
}

func newFakeSendGrid(t *testing.T) *fakeSendGrid {
	f := &fakeSendGrid{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !f.fixed.Load() {
			f.refused.Add(1)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"errors":[{"field":null,"message":"The provided authorization grant is invalid, expired, or revoked","help":null}]}`))
			return
		}
		f.accepted.Add(1)
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(f.Close)
	return f
}

// TestSendGridRefusingOurKeyKeepsTheEmailDue: SendGrid answers 401 for
// longer than the e-mail job's attempts (our key revoked, then replaced):
// the e-mail is never recorded failed, each refusal is alerted, and once
// SendGrid accepts again the sweeper's re-send delivers it exactly once.
func TestSendGridRefusingOurKeyKeepsTheEmailDue(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		sg := newFakeSendGrid(t)
		sender, err := sendgrid.New(sendgrid.Options{APIKey: "SG.test", From: "reports@listinglift.example", BaseURL: sg.URL,
			HTTPClient: &http.Client{Timeout: 5 * time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		e := newDeliveryEnv(t, st, sender)
		o := paidOrder(t, e.st, e.clock.Now(), domain.PlanPremium)
		if err := e.svc.Run(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 5; n++ {
			err := e.run(t, jobs.EmailFor(o.ID).Name, jobs.Attempt{Number: n, Final: n == 5})
			if n < 5 && err == nil {
				t.Errorf("attempt %d: refused, but no retry asked for", n)
			}
			if got := e.order(t, o.ID).Email; got.Status != domain.DeliveryPending {
				t.Fatalf("after refusal %d the e-mail is %q (%s); want still pending", n, got.Status, got.LastError)
			}
			e.clock.Add(time.Minute)
		}
		if sg.refused.Load() != 5 || sg.accepted.Load() != 0 {
			t.Fatalf("SendGrid saw %d refused, %d accepted", sg.refused.Load(), sg.accepted.Load())
		}
		if c := strings.Count(e.logs.String(), mail.MsgConfigRefused); c != 5 || !strings.Contains(e.logs.String(), "level=ERROR msg=\""+mail.MsgConfigRefused) {
			t.Errorf("alerts logged %d times; want an ERROR per refusal:\n%s", c, e.logs)
		}
		// Still refused at the first sweep: kept due again.
		e.clock.Add(16 * time.Minute)
		if got, err := e.svc.SweepDeliveries(ctx, e.clock.Now()); err != nil || len(got) != 1 {
			t.Fatalf("sweep = %v, %v", got, err)
		}
		if err := e.run(t, jobs.OwedName(jobs.KindEmail, o.ID, 1), jobs.Attempt{Number: 1}); err == nil {
			t.Error("still refused, but no retry asked for")
		}
		// The key is fixed; the next sweep's job sends it, once.
		sg.fixed.Store(true)
		e.clock.Add(16 * time.Minute)
		if got, err := e.svc.SweepDeliveries(ctx, e.clock.Now()); err != nil || len(got) != 1 {
			t.Fatalf("sweep after the fix = %v, %v", got, err)
		}
		next := jobs.OwedName(jobs.KindEmail, o.ID, 2)
		for i := 1; i <= 2; i++ {
			if err := e.run(t, next, jobs.Attempt{Number: i}); err != nil {
				t.Fatal(err)
			}
		}
		got := e.order(t, o.ID)
		if sg.accepted.Load() != 1 || got.Email.Status != domain.DeliverySent || got.Email.Attempts != 7 {
			t.Errorf("accepted %d, e-mail %+v; want sent once, after 7 tries", sg.accepted.Load(), got.Email)
		}
		e.clock.Add(time.Hour)
		if again, err := e.svc.SweepDeliveries(ctx, e.clock.Now()); err != nil || len(again) != 0 {
			t.Errorf("sweep after delivery re-sent %v, %v", again, err)
		}
	})
}

// TestUpgradeWithStorageDownOwesThePDF: an upgrade's Premium report made
// while storage refuses the PDF → the order becomes Premium owing its PDF
// in the same write (never a Premium order with neither a PDF nor the
// record that it is owed), the repair job is queued, and it stores the PDF
// once storage is back.
func TestUpgradeWithStorageDownOwesThePDF(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		e := newDeliveryEnv(t, st, nil)
		o := paidOrder(t, e.st, e.clock.Now(), domain.PlanBasic)
		if err := e.svc.Run(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1}); err != nil {
			t.Fatalf("basic report: %v", err)
		}
		if _, err := e.st.Apply(ctx, o.ID, store.UpgradePaidBy("", orders.UpgradeAmount(), e.clock.Now())); err != nil {
			t.Fatal(err)
		}
		e.blobs.down.Store(true)
		if err := e.svc.Handle(ctx, jobs.UpgradeFor(o.ID, ""), jobs.Attempt{Number: 1}); err != nil {
			t.Fatalf("upgrade job: %v", err)
		}
		got := e.order(t, o.ID)
		if got.PlanType != domain.PlanPremium || got.PDFPath != "" || !got.PDFDue || got.OwedAt == nil {
			t.Fatalf("after the upgrade with storage down: plan %s, pdf %q, pdfDue %v, owedAt %v; want Premium owing its PDF",
				got.PlanType, got.PDFPath, got.PDFDue, got.OwedAt)
		}
		if !e.q.has(jobs.PDFFor(o.ID).Name) {
			t.Fatalf("queued %v; want the PDF repair", e.q.names())
		}
		e.blobs.down.Store(false)
		if err := e.run(t, jobs.PDFFor(o.ID).Name, jobs.Attempt{Number: 1}); err != nil {
			t.Fatalf("repair: %v", err)
		}
		if got := e.order(t, o.ID); got.PDFPath != blob.ReportKey(o.ID) || got.PDFDue {
			t.Fatalf("after the repair: pdf %q, pdfDue %v", got.PDFPath, got.PDFDue)
		}
	})
}
