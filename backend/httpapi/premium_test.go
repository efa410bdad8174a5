package httpapi

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/pdfreport"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// realPDF is the production renderer (its own tests check the content).
func realPDF(r *report.Result) ([]byte, error) { return pdfreport.Render(r, pdfreport.Options{}) }

// mailbox is a mail.Sender that fails the first failures sends with err.
type mailbox struct {
	mu       sync.Mutex
	sent     []mail.Message
	calls    int
	failures int // <0: always
	err      error
}

func (m *mailbox) Send(_ context.Context, msg mail.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	if m.failures != 0 {
		if m.failures > 0 {
			m.failures--
		}
		return m.err
	}
	m.sent = append(m.sent, msg)
	return nil
}

func premiumOrder(t *testing.T, e *paidEnv) (string, string, string) {
	t.Helper()
	u := e.signUp(t)
	id, sid := e.checkout(t, u, "premium")
	pay(t, e, u, id, sid)
	e.drain(t)
	return u.IDToken, id, sid
}

// A Premium order ends with its PDF kept, a working owner-only link in the
// results, and one e-mail with the PDF attached.
func TestPremiumOrderDeliversPDFAndEmail(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		box := &mailbox{}
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), pdf: realPDF, mailer: box})
		token, id, sid := premiumOrder(t, e)

		o := e.get(t, id)
		if o.Status != domain.StatusCompleted || o.PDFPath != "reports/"+id+".pdf" || o.Email.Status != domain.DeliverySent || o.Email.SentAt == nil {
			t.Fatalf("order %+v", o)
		}
		if len(box.sent) != 1 || box.sent[0].To != o.CustomerEmail || len(box.sent[0].Attachments) != 1 ||
			!bytes.HasPrefix(box.sent[0].Attachments[0].Data, []byte("%PDF")) {
			t.Fatalf("mail: %d sent %+v", len(box.sent), box.sent)
		}

		code, out := e.send(t, "GET", "/api/get-optimization-result/"+sid, token, nil)
		data, _ := out["data"].(map[string]any)
		link, _ := data["pdf_download_url"].(string)
		if code != 200 || !strings.HasPrefix(link, "/api/reports/"+id+"/pdf?token=") {
			t.Fatalf("result: %d, pdf_download_url %q", code, link)
		}
		// A plain link: no ID token needed.
		resp, body := fetch(t, e.url+link)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(body, []byte("%PDF")) ||
			!strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") || resp.Header.Get("Cache-Control") != "private, no-store" {
			t.Errorf("download: %d %v %q", resp.StatusCode, resp.Header, body)
		}
		// Someone else's link, a tampered one, and an expired one are refused
		// alike.
		other := e.signUp(t)
		otherToken, _ := e.links.Sign(id, other.UID)
		for name, u := range map[string]string{
			"another user's token": "/api/reports/" + id + "/pdf?token=" + otherToken,
			"tampered":             strings.Replace(link, "token=", "token=x", 1),
			"no token":             "/api/reports/" + id + "/pdf",
			"another order":        strings.Replace(link, id, "someotherorder123456", 1),
		} {
			if resp, _ := fetch(t, e.url+u); resp.StatusCode != 404 {
				t.Errorf("%s: %d, want 404", name, resp.StatusCode)
			}
		}
		e.clock.Add(2 * time.Hour)
		if resp, _ := fetch(t, e.url+link); resp.StatusCode != 404 {
			t.Errorf("expired link: %d, want 404", resp.StatusCode)
		}
		// A fresh read gives a fresh link.
		_, out = e.send(t, "GET", "/api/get-optimization-result/"+sid, token, nil)
		fresh := out["data"].(map[string]any)["pdf_download_url"].(string)
		if resp, _ := fetch(t, e.url+fresh); resp.StatusCode != 200 {
			t.Errorf("fresh link: %d", resp.StatusCode)
		}
	})
}

func fetch(t *testing.T, u string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

// Mail trouble never fails the report: temporary failures are retried, a
// refused address is recorded as failed, a provider unreachable for all of
// the job's attempts leaves the e-mail due (with its last error) for the
// delivery sweeper, and the order stays completed with its report.
func TestEmailFailuresNeverFailTheReport(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		cases := []struct {
			name       string
			failures   int
			err        error
			wantStatus domain.DeliveryStatus
			wantCalls  int
		}{
			{"retried until sent", 2, mail.Temporary(errors.New("SendGrid answered 503")), domain.DeliverySent, 3},
			{"refused address", -1, mail.Permanent(errors.New("SendGrid answered 400: invalid email")), domain.DeliveryFailed, 1},
			{"never reachable", -1, mail.Temporary(errors.New("SendGrid answered 500")), domain.DeliveryPending, 4},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				box := &mailbox{failures: tc.failures, err: tc.err}
				e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), pdf: realPDF, mailer: box, maxAttempts: 6})
				_, id, _ := premiumOrder(t, e)
				o := e.get(t, id)
				if o.Status != domain.StatusCompleted || len(o.Results) == 0 {
					t.Errorf("the report did not survive the mail failure: %+v", o)
				}
				if o.Email.Status != tc.wantStatus || box.calls != tc.wantCalls || o.Email.Attempts != tc.wantCalls {
					t.Errorf("delivery %+v after %d sends; want %s after %d", o.Email, box.calls, tc.wantStatus, tc.wantCalls)
				}
				if tc.wantStatus != domain.DeliverySent && !strings.Contains(o.Email.LastError, "SendGrid answered") {
					t.Errorf("the failure is not recorded: %q", o.Email.LastError)
				}
				js, _ := e.jobsDB.JobState(context.Background(), jobs.EmailFor(id).Name)
				if js == nil || js.DoneAt == nil {
					t.Errorf("e-mail job %+v", js)
				}
			})
		}
	})
}

// Basic orders get neither a PDF nor an e-mail.
func TestBasicOrderHasNoDeliverables(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		box := &mailbox{}
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), pdf: realPDF, mailer: box})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "basic")
		pay(t, e, u, id, sid)
		e.drain(t)
		o := e.get(t, id)
		if o.Status != domain.StatusCompleted || o.PDFPath != "" || o.Email.Status != domain.DeliveryNone || box.calls != 0 {
			t.Errorf("basic order %+v, %d mails", o, box.calls)
		}
		_, out := e.send(t, "GET", "/api/get-optimization-result/"+sid, u.IDToken, nil)
		if link := out["data"].(map[string]any)["pdf_download_url"]; link != "" {
			t.Errorf("basic pdf_download_url %v", link)
		}
	})
}

// failingQueue refuses e-mail jobs while broken, like a queue outage.
type failingQueue struct {
	jobs.Queue
	broken bool
}

func (q *failingQueue) Enqueue(ctx context.Context, j jobs.Job) error {
	if q.broken && j.Kind() == jobs.KindEmail {
		return errors.New("queue unavailable")
	}
	return q.Queue.Enqueue(ctx, j)
}

// An e-mail that could not be queued when the report completed is queued by
// the next look at the report, and sent.
func TestPendingEmailIsQueuedAgain(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		box := &mailbox{}
		var q *failingQueue
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), pdf: realPDF, mailer: box,
			queue: func(inner jobs.Queue) jobs.Queue { q = &failingQueue{Queue: inner, broken: true}; return q }})
		token, id, sid := premiumOrder(t, e)
		if o := e.get(t, id); o.Status != domain.StatusCompleted || o.Email.Status != domain.DeliveryPending || len(box.sent) != 0 {
			t.Fatalf("with the queue down: %+v, %d mails", o.Email, len(box.sent))
		}
		q.broken = false
		e.clock.Add(time.Minute)
		e.send(t, "GET", "/api/get-optimization-result/"+sid, token, nil)
		e.drain(t)
		if o := e.get(t, id); o.Email.Status != domain.DeliverySent || len(box.sent) != 1 {
			t.Errorf("after the look: %+v, %d mails", o.Email, len(box.sent))
		}
	})
}
