package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/listinglift/listinglift/backend/sharelink"
	"github.com/listinglift/listinglift/backend/watchlink"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/authtest"
	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/payments/paymentstest"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/sqlite"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// paidEnv is the paid flow end to end inside one test: the real API on a
// real SQLite store, real ID tokens from the Auth emulator, Stripe Checkout
// on stripe-mock (or payments off), the local job queue driven by hand, and
// the report pipeline reading the fixture listing from a local site.
type paidEnv struct {
	site     *listingSite
	url      string
	store    store.Aggregates
	jobsDB   *sqlite.Store // the local job queue's (SQLite only; the records may be on Firestore)
	emu      authtest.Env
	queue    *localqueue.Queue
	orders   *orders.Service
	blobs    blob.Store
	links    *blob.Signer
	reporter *flakyReporter
	clock    *testClock
}

type paidOptions struct {
	payments    payments.Provider // nil: payments off
	maxAttempts int
	store       func(store.Aggregates) store.Aggregates // wraps the store the orders see
	// Premium deliverables: the PDF renderer and the mailer (nil: none).
	pdf    orders.PDFRenderer
	mailer mail.Sender
	queue  func(jobs.Queue) jobs.Queue // wraps the queue the orders use
	blobs  func(blob.Store) blob.Store // wraps the PDF storage the orders write
	// sessions reads the session cookies (nil: the env's own Firebase client)
	sessions auth.Sessions
}

// testClock is a settable clock shared by the queue and the orders.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// flakyReporter runs the real pipeline, failing (or stalling) on demand.
type flakyReporter struct {
	real     orders.Reporter
	failures atomic.Int64 // this many calls fail before one succeeds; <0: all fail
	calls    atomic.Int64
	failWith error
}

func (f *flakyReporter) Report(ctx context.Context, o *domain.Optimization, progress func(context.Context, domain.Stage)) (*orders.Outcome, error) {
	f.calls.Add(1)
	if n := f.failures.Load(); n != 0 {
		if n > 0 {
			f.failures.Add(-1)
		}
		progress(ctx, domain.StageReadingListing)
		return nil, f.failWith
	}
	return f.real.Report(ctx, o, progress)
}

func stripeMock(t *testing.T) payments.Provider {
	t.Helper()
	s, err := payments.NewStripe(payments.StripeOptions{SecretKey: paymentstest.SecretKey,
		WebhookSecret: paymentstest.WebhookSecret, APIURL: paymentstest.MockURL(t),
		Logger: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newPaidEnv(t *testing.T, st store.Aggregates, o paidOptions) *paidEnv {
	t.Helper()
	emu, v := realParts(t)
	// The job queue is the local one, on SQLite whichever store keeps the
	// records (in production it is Cloud Tasks).
	jobsDB, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "jobs.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { jobsDB.Close() })
	site, reader := newListingSite(t)
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	clock := &testClock{now: time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)}
	if o.maxAttempts == 0 {
		o.maxAttempts = 3
	}
	q := localqueue.New(jobsDB, localqueue.Options{MaxAttempts: o.maxAttempts, Now: clock.Now, Logger: log,
		Lease: time.Minute, BackoffBase: time.Second})
	var ordersStore store.Aggregates = st
	if o.store != nil {
		ordersStore = o.store(st)
	}
	blobs, err := local.New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var pdfStore blob.Store = blobs
	if o.blobs != nil {
		pdfStore = o.blobs(blobs)
	}
	links := &blob.Signer{Secret: []byte("test-secret-of-at-least-thirty-two-bytes"), Now: clock.Now, TTL: time.Hour}
	// The Lisbon fixture's market (offer_market_test.go): Premium delivers its list there, so
	// it is offered (report.OfferFor), as in the demo.
	pipe := orders.Pipeline{Listings: reader, Market: lisbonMarket{}, PDF: o.pdf, Blobs: pdfStore, Logger: log, Originals: st}
	rep := &flakyReporter{real: pipe, failWith: errors.New("listing site timed out")}
	var queue jobs.Queue = q
	if o.queue != nil {
		queue = o.queue(q)
	}
	svc := orders.New(orders.Deps{Stores: orders.StoresOf(ordersStore), Payments: o.payments, Queue: queue, Reporter: rep, Mailer: o.mailer, Blobs: pdfStore, PDF: o.pdf,
		PublicURL: "http://localhost:8080", SupportEmail: "support@listinglift.app", Now: clock.Now, Logger: log, MailAttempts: 4,
		Checker: pipe, WatchLinks: watchlink.Signer{Secret: links.Secret, Now: clock.Now},
		Shares: &sharelink.Signer{Secret: links.Secret, Now: clock.Now}})
	sessions, _ := v.(auth.Sessions)
	if o.sessions != nil {
		sessions = o.sessions
	}
	url := serve(t, Deps{Logger: log, Customers: st, OrderReads: st, Deleted: st, Auth: v, Sessions: sessions, Orders: svc, Listings: reader, Market: lisbonMarket{}, Now: clock.Now, Blobs: blobs, Links: links})
	return &paidEnv{site: site, url: url, blobs: blobs, links: links, store: st, jobsDB: jobsDB, emu: emu, queue: q, orders: svc, reporter: rep, clock: clock}
}

// send makes a JSON request and decodes the JSON answer.
func (e *paidEnv) send(t *testing.T, method, path, token string, body any, hdr ...string) (int, map[string]any) {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = strings.NewReader(string(b))
	default:
		j, _ := json.Marshal(b)
		r = strings.NewReader(string(j))
	}
	req, _ := http.NewRequest(method, e.url+path, r)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	raw, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s %s: %d, body is not JSON: %q", method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, out
}

func (e *paidEnv) signUp(t *testing.T) authtest.User {
	t.Helper()
	u := e.emu.SignUp(t, "Host")
	if code, _ := e.send(t, "POST", "/api/me", u.IDToken, nil); code != 200 {
		t.Fatalf("POST /api/me: %d", code)
	}
	return u
}

const fixtureListing = "https://www.airbnb.com/rooms/48123456"

func checkoutBody(plan, listingURL string) map[string]any {
	return map[string]any{"delivery_type": plan, "form_data": map[string]any{
		"listingUrl": listingURL, "email": "someone-else@example.com", "title": "Loft", "description": "Nice"}}
}

// checkout places an order and returns its id and session id.
func (e *paidEnv) checkout(t *testing.T, u authtest.User, plan string) (string, string) {
	t.Helper()
	code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, checkoutBody(plan, fixtureListing))
	if code != 200 {
		t.Fatalf("create-checkout-session: %d %v", code, out)
	}
	id, _ := out["optimization_id"].(string)
	sid, _ := out["session_id"].(string)
	return id, sid
}

// webhook delivers a signed event.
func (e *paidEnv) webhook(t *testing.T, eventID, typ string, session paymentstest.SessionObject) int {
	t.Helper()
	payload := paymentstest.Event(eventID, typ, session, "")
	code, _ := e.send(t, "POST", "/api/stripe/webhook", "", payload, "Stripe-Signature",
		paymentstest.Sign(payload, paymentstest.WebhookSecret, time.Now()))
	return code
}

// drain runs due jobs until none is left (moving the clock past backoffs).
func (e *paidEnv) drain(t *testing.T) {
	t.Helper()
	for range 20 {
		worked, err := e.queue.RunOne(context.Background(), e.orders.Handle)
		if err != nil {
			t.Fatal(err)
		}
		if !worked {
			at, ok, _ := e.jobsDB.NextJobAt(context.Background())
			if !ok {
				return
			}
			e.clock.Add(at.Sub(e.clock.Now()) + time.Millisecond)
		}
	}
	t.Fatal("the queue did not drain")
}

func (e *paidEnv) get(t *testing.T, id string) *domain.Optimization {
	t.Helper()
	o, err := e.store.GetOptimization(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestCheckoutRecordsTheOrderAtTheServersPrice(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u := e.signUp(t)
		for _, tc := range []struct {
			plan   string
			amount float64
		}{{"basic", 4.99}, {"premium", 19.99}} {
			body := checkoutBody(tc.plan, "https://www.airbnb.com/rooms/48123456?check_in=2026-12-01&utm_source=x")
			body["amount"], body["price"] = 0.01, 0.01 // the client has no say in the price
			code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, body)
			if code != 200 {
				t.Fatalf("%s: %d %v", tc.plan, code, out)
			}
			if url, _ := out["checkout_url"].(string); !strings.HasPrefix(url, "https://checkout.stripe.com/") {
				t.Errorf("checkout_url %v", out["checkout_url"])
			}
			o := e.get(t, out["optimization_id"].(string))
			if o.Status != domain.StatusPending || o.Amount != tc.amount || string(o.PlanType) != tc.plan ||
				o.StripeSessionID != out["session_id"] || !strings.HasPrefix(o.StripeSessionID, "cs_") ||
				o.ListingURL != fixtureListing || o.CustomerEmail != u.Email || o.ListingTitle != "Loft" || o.PaidAt != nil {
				t.Errorf("%s: recorded %+v", tc.plan, o)
			}
			// Not a purchase yet: an abandoned checkout must not fill the
			// customer's list of orders.
			c, _ := e.store.GetCustomer(context.Background(), u.UID)
			if strings.Contains(strings.Join(c.OptimizationIDs, ","), o.ID) || c.TotalOptimizations != 0 {
				t.Errorf("customer before payment %+v", c)
			}
		}
	})
}

func TestCheckoutRefusesBadOrders(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u := e.signUp(t)
		cases := []struct {
			name string
			body any
			want string
		}{
			{"no url", checkoutBody("basic", ""), "Please fill in all required fields"},
			{"not a listing site", checkoutBody("basic", "https://example.com/rooms/1"), "Airbnb"},
			{"unknown plan", checkoutBody("gold", fixtureListing), "Basic or the Premium"},
			{"not JSON", "{", "valid JSON"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, tc.body)
				if code != 400 || !strings.Contains(fmt.Sprint(out["error"]), tc.want) {
					t.Errorf("%d %v, want 400 mentioning %q", code, out, tc.want)
				}
			})
		}
		page, _ := e.store.ListOptimizations(context.Background(), u.UID, 1, nil)
		if page.Total != 0 {
			t.Errorf("refused orders were recorded: %d", page.Total)
		}
	})
}

// TestCheckoutRefusesAListingItCannotRead: we never charge for a listing we
// cannot read. A listing that does not exist is refused before anything is
// recorded or any Checkout Session made (422, with the reason the host can
// act on); the read is shared with the form's look-up, so a page the form
// just read is not fetched again; a site that blocks us right now does not
// stop the order (the report job reads again, with retries).
func TestCheckoutRefusesAListingItCannotRead(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u := e.signUp(t)
		code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, checkoutBody("premium", "https://www.airbnb.com/rooms/999999"))
		if code != 422 || out["success"] != false || !strings.Contains(fmt.Sprint(out["error"]), "find") || out["session_id"] != nil {
			t.Errorf("a listing that does not exist: %d %v, want 422 with the reason", code, out)
		}
		// A page that is not the listing (the site's search page for the link).
		code, out = e.send(t, "POST", "/api/create-checkout-session", u.IDToken, checkoutBody("premium", "https://www.airbnb.com/rooms/777"))
		if code != 422 || out["error"] != ingest.MsgNotListingPage {
			t.Errorf("a search page for a listing link: %d %v, want 422 with the reason", code, out)
		}
		if code, out := e.send(t, "POST", "/api/scrape", "", map[string]string{"url": "https://www.airbnb.com/rooms/777"}); code != 422 || out["error"] != ingest.MsgNotListingPage {
			t.Errorf("scrape of a search page: %d %v", code, out)
		}
		page, _ := e.store.ListOptimizations(context.Background(), u.UID, 1, nil)
		if page.Total != 0 {
			t.Errorf("an order for a listing we cannot read was recorded: %d", page.Total)
		}

		if code, out := e.send(t, "POST", "/api/scrape", "", map[string]string{"url": fixtureListing}); code != 200 || out["success"] != true {
			t.Fatalf("scrape: %d %v", code, out)
		}
		hits := e.site.hits.Load()
		if code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, checkoutBody("basic", fixtureListing)); code != 200 {
			t.Fatalf("a readable listing: %d %v", code, out)
		}
		if n := e.site.hits.Load() - hits; n != 0 {
			t.Errorf("checkout fetched the page the form had just read %d more times", n)
		}
		// A site that refuses us for now: TestBlockedListingContinuesWithTypedDetails.
	})
}

// The same event delivered ten times at once, and a second event for the
// same session, pay the order once, count it once and queue one job.
func TestWebhookPaysExactlyOnce(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "basic")
		paid := paymentstest.PaidSession(sid, id, payments.Order{OptimizationID: id, CustomerUID: u.UID, Plan: domain.PlanBasic, ListingURL: fixtureListing}.Metadata())

		var wg sync.WaitGroup
		codes := make(chan int, 11)
		for range 10 {
			wg.Add(1)
			go func() { defer wg.Done(); codes <- e.webhook(t, "evt_same", payments.EventCheckoutCompleted, paid) }()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- e.webhook(t, "evt_other", payments.EventAsyncPaymentSucceeded, paid)
		}()
		wg.Wait()
		close(codes)
		for c := range codes {
			if c != 200 {
				t.Errorf("delivery answered %d", c)
			}
		}
		o := e.get(t, id)
		if o.PaidAt == nil || o.Status != domain.StatusProcessing || o.Stage != domain.StageQueued {
			t.Errorf("after payment: %+v", o)
		}
		c, _ := e.store.GetCustomer(context.Background(), u.UID)
		if c.TotalOptimizations != 1 || len(c.OptimizationIDs) != 1 || c.OptimizationIDs[0] != id {
			t.Errorf("totalOptimizations %d, optimizationIds %v; want 1 and [%s] (appended once, at payment)", c.TotalOptimizations, c.OptimizationIDs, id)
		}
		js, err := e.jobsDB.JobState(context.Background(), jobs.NameFor(id))
		if err != nil || js.Attempts != 0 {
			t.Fatalf("job %+v %v", js, err)
		}
		if again, _ := e.store.RecordEvent(context.Background(), "evt_same", time.Now()); again {
			t.Error("the processed event id was not recorded")
		}

		e.drain(t)
		if n := e.reporter.calls.Load(); n != 1 {
			t.Errorf("the report ran %d times, want 1", n)
		}
		o = e.get(t, id)
		if o.Status != domain.StatusCompleted || o.CompletedAt == nil || len(o.Results) == 0 {
			t.Fatalf("after the job: %+v", o)
		}
		code, out := e.send(t, "GET", "/api/get-optimization-result/"+sid, u.IDToken, nil)
		data, _ := out["data"].(map[string]any)
		if code != 200 || out["success"] != true || out["status"] != "completed" || data["package_type"] != "basic" ||
			data["optimized_title"] == "" || data["title_suggestions"] == nil {
			t.Errorf("result: %d %v", code, out)
		}
		// A late redelivery changes nothing and queues nothing.
		if code := e.webhook(t, "evt_same", payments.EventCheckoutCompleted, paid); code != 200 {
			t.Errorf("redelivery: %d", code)
		}
		if worked, _ := e.queue.RunOne(context.Background(), e.orders.Handle); worked {
			t.Error("a redelivered event queued another job")
		}
	})
}

func TestWebhookEventsOutOfOrder(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u := e.signUp(t)
		meta := func(id string) map[string]string {
			return payments.Order{OptimizationID: id, CustomerUID: u.UID, Plan: domain.PlanBasic, ListingURL: fixtureListing}.Metadata()
		}

		// A delayed payment method: the success event can overtake the
		// (unpaid) completion; neither order of arrival pays twice or un-pays.
		id, sid := e.checkout(t, u, "basic")
		paid := paymentstest.PaidSession(sid, id, meta(id))
		unpaid := paid
		unpaid.PaymentStatus = "unpaid"
		if e.webhook(t, "evt_a1", payments.EventAsyncPaymentSucceeded, paid) != 200 ||
			e.webhook(t, "evt_a2", payments.EventCheckoutCompleted, unpaid) != 200 ||
			e.webhook(t, "evt_a3", payments.EventAsyncPaymentFailed, unpaid) != 200 {
			t.Fatal("a delivery was refused")
		}
		if o := e.get(t, id); o.PaidAt == nil || o.Status != domain.StatusProcessing {
			t.Errorf("paid order moved: %+v", o)
		}

		// Completion (unpaid) then failure of the delayed payment: failed,
		// with a reason, never paid.
		id2, sid2 := e.checkout(t, u, "premium")
		unpaid2 := paymentstest.PaidSession(sid2, id2, meta(id2))
		unpaid2.PaymentStatus = "unpaid"
		e.webhook(t, "evt_b1", payments.EventCheckoutCompleted, unpaid2)
		if o := e.get(t, id2); o.PaidAt != nil || o.Status != domain.StatusPending {
			t.Errorf("unpaid completion: %+v", o)
		}
		e.webhook(t, "evt_b2", payments.EventAsyncPaymentFailed, unpaid2)
		if o := e.get(t, id2); o.Status != domain.StatusFailed || o.FailureReason != orders.MsgPaymentFailed {
			t.Errorf("failed payment: %+v", o)
		}
		// A checkout left to expire says so.
		id3, sid3 := e.checkout(t, u, "basic")
		expired := paymentstest.PaidSession(sid3, id3, meta(id3))
		expired.Status, expired.PaymentStatus = "expired", "unpaid"
		e.webhook(t, "evt_c1", payments.EventCheckoutSessionExpired, expired)
		if o := e.get(t, id3); o.Status != domain.StatusExpired || o.FailureReason != orders.MsgExpired {
			t.Errorf("expired checkout: %+v", o)
		}
		c, _ := e.store.GetCustomer(context.Background(), u.UID)
		if c.TotalOptimizations != 1 {
			t.Errorf("totalOptimizations %d, want 1", c.TotalOptimizations)
		}
		// Unknown events are acknowledged and ignored.
		payload := paymentstest.Event("evt_d1", "customer.created", map[string]string{"id": "cus_1", "object": "customer"}, "")
		if code, _ := e.send(t, "POST", "/api/stripe/webhook", "", payload, "Stripe-Signature", paymentstest.Sign(payload, paymentstest.WebhookSecret, time.Now())); code != 200 {
			t.Errorf("unknown event: %d", code)
		}
	})
}

func TestWebhookBadSignatureChangesNothing(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "basic")
		payload := paymentstest.Event("evt_forged", payments.EventCheckoutCompleted, paymentstest.PaidSession(sid, id, nil), "")
		for name, sig := range map[string]string{
			"other secret": paymentstest.Sign(payload, "whsec_attacker", time.Now()),
			"stale":        paymentstest.Sign(payload, paymentstest.WebhookSecret, time.Now().Add(-time.Hour)),
			"future-dated": paymentstest.Sign(payload, paymentstest.WebhookSecret, time.Now().Add(time.Hour)),
			"missing":      "",
		} {
			code, out := e.send(t, "POST", "/api/stripe/webhook", "", payload, "Stripe-Signature", sig)
			if code != 400 || out["success"] != false {
				t.Errorf("%s: %d %v, want 400", name, code, out)
			}
		}
		if o := e.get(t, id); o.PaidAt != nil || o.Status != domain.StatusPending {
			t.Errorf("forged event changed the order: %+v", o)
		}
		if _, err := e.jobsDB.JobState(context.Background(), jobs.NameFor(id)); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("forged event queued a job: %v", err)
		}
		if fresh, _ := e.store.RecordEvent(context.Background(), "evt_forged", time.Now()); !fresh {
			t.Error("forged event was recorded as processed")
		}
	})
}

func pay(t *testing.T, e *paidEnv, u authtest.User, id, sid string) {
	t.Helper()
	if code := e.webhook(t, "evt_"+id, payments.EventCheckoutCompleted, paymentstest.PaidSession(sid, id, nil)); code != 200 {
		t.Fatalf("webhook: %d", code)
	}
}

// A worker that dies mid-job (its lease runs out) and a failing attempt are
// both retried; the report is stored once.
func TestJobDiesMidwayAndIsRetried(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), maxAttempts: 4})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "premium")
		pay(t, e, u, id, sid)

		// Attempt 1: the worker claims the job and dies (never finishes it).
		if c, err := e.jobsDB.ClaimJob(context.Background(), e.clock.Now(), time.Minute); err != nil || c == nil {
			t.Fatalf("claim: %+v %v", c, err)
		}
		if worked, _ := e.queue.RunOne(context.Background(), e.orders.Handle); worked {
			t.Fatal("a leased job was run by a second worker")
		}
		e.clock.Add(time.Minute + time.Second) // the lease expires
		// Attempt 2 fails; attempt 3 succeeds.
		e.reporter.failures.Store(1)
		e.drain(t)
		js, _ := e.jobsDB.JobState(context.Background(), jobs.NameFor(id))
		o := e.get(t, id)
		if o.Status != domain.StatusCompleted || js.Attempts != 3 || js.DoneAt == nil || e.reporter.calls.Load() != 2 {
			t.Errorf("order %s after retries; job %+v; reporter calls %d", o.Status, js, e.reporter.calls.Load())
		}
	})
}

func TestJobFailingEveryAttemptFailsTheOrderWithItsReason(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), maxAttempts: 3})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "basic")
		pay(t, e, u, id, sid)
		e.reporter.failures.Store(-1)
		e.reporter.failWith = &domain.Error{Code: domain.CodeUnavailable, Message: "The listing site did not answer.", Err: errors.New("timeout")}
		e.drain(t)
		o := e.get(t, id)
		// The last attempt failed the order and refunded it (its own job,
		// drained too), on stripe-mock with the idempotency key.
		if o.Status != domain.StatusRefunded || !strings.Contains(o.FailureReason, "The listing site did not answer.") ||
			!strings.HasPrefix(o.FailureReason, orders.MsgReportFailed) || e.reporter.calls.Load() != 3 || o.Refund == nil {
			t.Fatalf("order %+v after %d attempts", o, e.reporter.calls.Load())
		}
		code, out := e.send(t, "GET", "/api/get-optimization-result/"+id, u.IDToken, nil)
		refund, _ := out["refund"].(map[string]any)
		if code != 200 || out["success"] != false || out["status"] != "refunded" || out["error"] != o.FailureReason ||
			out["order_id"] != id || out["amount"] != 4.99 || refund == nil || refund["amount"] != o.Refund.Amount || refund["refunded_at"] == nil {
			t.Errorf("result: %d %v", code, out)
		}
	})
}

// A listing taken down between checkout and the report is not retried: the
// host learns at once.
func TestPermanentFailureIsNotRetried(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), maxAttempts: 5})
		u := e.signUp(t)
		id, sid := e.checkout(t, u, "basic")
		e.site.gone.Store(true)
		pay(t, e, u, id, sid)
		e.drain(t)
		o := e.get(t, id)
		if o.Status != domain.StatusRefunded || !strings.Contains(o.FailureReason, "find that listing") || e.reporter.calls.Load() != 1 {
			t.Errorf("order %+v after %d attempts", o, e.reporter.calls.Load())
		}
	})
}

func TestResultIsTheOwnersOnly(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		owner, other := e.signUp(t), e.signUp(t)
		id, sid := e.checkout(t, owner, "premium")
		for _, key := range []string{id, sid} {
			code, out := e.send(t, "GET", "/api/get-optimization-result/"+key, owner.IDToken, nil)
			if code != 200 || out["status"] != "pending" || out["package_type"] != "premium" || out["paid"] != false {
				t.Errorf("owner by %s: %d %v", key, code, out)
			}
			code, out = e.send(t, "GET", "/api/get-optimization-result/"+key, other.IDToken, nil)
			if code != 404 || out["success"] != false {
				t.Errorf("other host by %s: %d %v", key, code, out)
			}
		}
		if code, _ := e.send(t, "GET", "/api/get-optimization-result/cs_test_nobody", owner.IDToken, nil); code != 404 {
			t.Errorf("unknown session: %d", code)
		}
		pay(t, e, owner, id, sid)
		code, out := e.send(t, "GET", "/api/get-optimization-result/"+sid, owner.IDToken, nil)
		if code != 200 || out["status"] != "processing" || out["stage"] != "queued" || out["progress"] != float64(10) || out["paid"] != true {
			t.Errorf("queued: %d %v", code, out)
		}
	})
}

// stripeAPI stands in for Stripe where stripe-mock cannot: it answers a
// session read with a paid session (stripe-mock's are always unpaid).
func paidSessionAPI(t *testing.T, reads *atomic.Int64) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reads.Add(1)
		id := strings.TrimPrefix(r.URL.Path, "/v1/checkout/sessions/")
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": id, "object": "checkout.session", "status": "complete",
			"payment_status": "paid", "client_reference_id": nil, "metadata": map[string]string{}})
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// The webhook is late: the success page's poll asks Stripe and fulfils the
// paid session through the same once-only path; the webhook then changes
// nothing.
func TestSuccessPagePollFulfilsWhenTheWebhookIsLate(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		var reads atomic.Int64
		base := paidSessionAPI(t, &reads)
		provider, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_x", WebhookSecret: paymentstest.WebhookSecret, APIURL: base})
		if err != nil {
			t.Fatal(err)
		}
		e := newPaidEnv(t, records, paidOptions{payments: provider})
		u := e.signUp(t)
		o, err := e.store.AddOptimization(context.Background(), domain.Optimization{CustomerUID: u.UID, CustomerEmail: u.Email,
			ListingURL: fixtureListing, PlanType: domain.PlanBasic, Amount: 4.99, Status: domain.StatusPending, CreatedAt: e.clock.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.store.SetCheckoutSession(context.Background(), o.ID, "cs_test_late"); err != nil {
			t.Fatal(err)
		}
		code, out := e.send(t, "GET", "/api/get-optimization-result/cs_test_late", u.IDToken, nil)
		if code != 200 || out["status"] != "processing" || out["stage"] != "queued" || reads.Load() != 1 {
			t.Fatalf("first poll: %d %v (reads %d)", code, out, reads.Load())
		}
		// Polls within the throttle do not ask again.
		e.send(t, "GET", "/api/get-optimization-result/cs_test_late", u.IDToken, nil)
		if reads.Load() != 1 {
			t.Errorf("Stripe asked %d times", reads.Load())
		}
		if code := e.webhook(t, "evt_late", payments.EventCheckoutCompleted, paymentstest.PaidSession("cs_test_late", o.ID, nil)); code != 200 {
			t.Errorf("late webhook: %d", code)
		}
		c, _ := e.store.GetCustomer(context.Background(), u.UID)
		if c.TotalOptimizations != 1 {
			t.Errorf("totalOptimizations %d", c.TotalOptimizations)
		}
		e.drain(t)
		if got := e.get(t, o.ID); got.Status != domain.StatusCompleted || e.reporter.calls.Load() != 1 {
			t.Errorf("%+v, %d reports", got, e.reporter.calls.Load())
		}
	})
}

// failingAdds is a store whose order recording fails (SPEC §8: the payment
// redirect goes ahead anyway).
type failingAdds struct{ store.Purchases }

func (failingAdds) AddOptimization(context.Context, domain.Optimization) (*domain.Optimization, error) {
	return nil, errors.New("firestore: deadline exceeded")
}

func TestOrderRecordedAtPaymentWhenRecordingFailedBeforeCheckout(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		var broken atomic.Bool
		broken.Store(true)
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t), store: func(st store.Aggregates) store.Aggregates {
			st.Purchases = switchable{st.Purchases, &broken}
			return st
		}})
		u := e.signUp(t)
		code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, checkoutBody("premium", fixtureListing))
		if code != 200 || out["checkout_url"] == nil || out["optimization_id"] != nil {
			t.Fatalf("checkout with recording down: %d %v", code, out)
		}
		broken.Store(false)
		sid := out["session_id"].(string)
		meta := payments.Order{CustomerUID: u.UID, CustomerEmail: u.Email, Plan: domain.PlanPremium, ListingURL: fixtureListing}.Metadata()
		if code := e.webhook(t, "evt_rec", payments.EventCheckoutCompleted, paymentstest.PaidSession(sid, "", meta)); code != 200 {
			t.Fatalf("webhook: %d", code)
		}
		o, err := e.store.FindOptimizationBySession(context.Background(), sid)
		if err != nil || o.CustomerUID != u.UID || o.PlanType != domain.PlanPremium || o.Amount != 19.99 || o.PaidAt == nil {
			t.Fatalf("order recorded at payment: %+v %v", o, err)
		}
		e.drain(t)
		if got := e.get(t, o.ID); got.Status != domain.StatusCompleted {
			t.Errorf("%+v", got)
		}
		c, _ := e.store.GetCustomer(context.Background(), u.UID)
		if c.TotalOptimizations != 1 || len(c.OptimizationIDs) != 1 {
			t.Errorf("customer %+v", c)
		}
	})
}

// switchable fails AddOptimization while broken is set.
type switchable struct {
	store.Purchases
	broken *atomic.Bool
}

func (s switchable) AddOptimization(ctx context.Context, o domain.Optimization) (*domain.Optimization, error) {
	if s.broken.Load() {
		return failingAdds{}.AddOptimization(ctx, o)
	}
	return s.Purchases.AddOptimization(ctx, o)
}

// Payments off (local only): no checkout URL; /api/optimize fulfils the
// recorded order now and answers SPEC §3's optimize data.
func TestPaymentsOffOptimizesDirectly(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{})
		u := e.signUp(t)
		code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, checkoutBody("basic", fixtureListing))
		if code != 200 || out["checkout_url"] != nil {
			t.Fatalf("create-checkout-session: %d %v", code, out)
		}
		id := out["optimization_id"].(string)
		body := map[string]any{"url": fixtureListing, "title": "", "description": "", "email": u.Email, "reviews": "",
			"wants_pdf": false, "wants_email": false, "image_url": "", "optimization_id": id}
		code, out = e.send(t, "POST", "/api/optimize", u.IDToken, body)
		data, _ := out["data"].(map[string]any)
		if code != 200 || out["success"] != true || data == nil {
			t.Fatalf("optimize: %d %v", code, out)
		}
		titles, _ := data["title_suggestions"].([]any)
		if len(titles) != 3 || data["optimized_title"] == "" || data["optimized_description"] == "" {
			t.Errorf("data %v", data)
		}
		if s, _ := data["suggested_amenities"].(string); s != "" && !strings.Contains(s, "\n") && len(strings.Fields(s)) > 8 {
			t.Errorf("suggested_amenities should be newline-separated: %q", s)
		}
		o := e.get(t, id)
		if o.Status != domain.StatusCompleted || o.PaidAt == nil {
			t.Errorf("order %+v", o)
		}
		// Another host cannot fulfil it; the webhook does not exist.
		other := e.signUp(t)
		if code, _ := e.send(t, "POST", "/api/optimize", other.IDToken, body); code != 404 {
			t.Errorf("other host: %d", code)
		}
		if code, _ := e.send(t, "POST", "/api/stripe/webhook", "", "{}"); code != 404 {
			t.Errorf("webhook with payments off: %d", code)
		}
	})
}

// A report the host's input made impossible (here: the listing's address is
// private, as the safe client says) is a 4xx with the message /api/scrape
// gives for it, not a 502; a failure on our side stays a 5xx.
func TestPaymentsOffHostFailuresAre4xx(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		for _, tc := range []struct {
			name    string
			failure error
			status  int
			message string
		}{
			{"private address", &domain.Error{Code: domain.CodeInvalid, Message: ingest.MsgDestination}, 400, ingest.MsgDestination},
			{"listing gone", &domain.Error{Code: domain.CodeNotFound, Message: ingest.MsgNotFound}, 404, ingest.MsgNotFound},
			{"our fault", errors.New("listing site timed out"), 502, ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				e := newPaidEnv(t, records, paidOptions{})
				u := e.signUp(t)
				code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, checkoutBody("basic", fixtureListing))
				if code != 200 {
					t.Fatalf("create-checkout-session: %d %v", code, out)
				}
				id := out["optimization_id"].(string)
				e.reporter.failWith = tc.failure
				e.reporter.failures.Store(-1)
				code, out = e.send(t, "POST", "/api/optimize", u.IDToken, map[string]any{"url": fixtureListing, "email": u.Email, "optimization_id": id})
				if code != tc.status || out["success"] != false {
					t.Fatalf("optimize: %d %v, want %d", code, out, tc.status)
				}
				if tc.message != "" && out["error"] != tc.message {
					t.Errorf("message %q, want the same as /api/scrape's: %q", out["error"], tc.message)
				}
				if o := e.get(t, id); o.Status != domain.StatusFailed && o.Status != domain.StatusRefunded {
					t.Errorf("order %s, want it ended without a report", o.Status)
				}
			})
		}
	})
}

func TestOptimizeIsOffWhenPaymentsAreOn(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u := e.signUp(t)
		id, _ := e.checkout(t, u, "basic")
		code, _ := e.send(t, "POST", "/api/optimize", u.IDToken, map[string]any{"url": fixtureListing, "email": u.Email, "optimization_id": id})
		if code != 404 {
			t.Errorf("optimize with payments on: %d", code)
		}
		if o := e.get(t, id); o.PaidAt != nil || o.Status != domain.StatusPending {
			t.Errorf("optimize fulfilled an unpaid order: %+v", o)
		}
	})
}

// A loop placing orders is stopped before it fills the store and Stripe
// with sessions; other hosts are not affected.
func TestOrdersAreRateLimitedPerHost(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{payments: stripeMock(t)})
		u, other := e.signUp(t), e.signUp(t)
		// Distinct orders (each its own typed title): the same order sent
		// again reuses its open checkout (orders.Start) and is no new order.
		order := func(i int) map[string]any {
			b := checkoutBody("basic", fixtureListing)
			b["form_data"].(map[string]any)["title"] = fmt.Sprintf("Loft %d", i+1)
			return b
		}
		for i := range ordersBurst {
			if code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, order(i)); code != 200 {
				t.Fatalf("order %d: %d %v", i+1, code, out)
			}
		}
		code, out := e.send(t, "POST", "/api/create-checkout-session", u.IDToken, order(ordersBurst))
		if code != 429 || !strings.Contains(fmt.Sprint(out["error"]), "Too many orders") {
			t.Errorf("order over the limit: %d %v", code, out)
		}
		if code, _ := e.send(t, "POST", "/api/create-checkout-session", other.IDToken, checkoutBody("basic", fixtureListing)); code != 200 {
			t.Errorf("another host was limited: %d", code)
		}
		page, _ := e.store.ListOptimizations(context.Background(), u.UID, 1, nil)
		if page.Total != ordersBurst {
			t.Errorf("%d orders recorded, want %d", page.Total, ordersBurst)
		}
	})
}

// The direct path's wants_pdf and wants_email pick the cheapest plan that
// includes them (the plan table's), as the form asks for a plan's.
func TestPlanIncluding(t *testing.T) {
	for _, tc := range []struct {
		pdf, email bool
		want       domain.Plan
	}{
		{false, false, domain.PlanBasic},
		{true, false, domain.PlanPremium},
		{false, true, domain.PlanPremium},
		{true, true, domain.PlanPremium},
	} {
		if got := planIncluding(tc.pdf, tc.email); got != tc.want {
			t.Errorf("planIncluding(%v, %v) = %s, want %s", tc.pdf, tc.email, got, tc.want)
		}
	}
}
