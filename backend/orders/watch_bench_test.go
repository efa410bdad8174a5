package orders_test

// make bench's Watch figures (issue 45), run by scripts/bench-watch.sh with
// WATCH_BENCH=1 and skipped otherwise (they sleep through tens of seconds
// of simulated Firestore and Cloud Tasks latency, which a unit-test run
// has no business waiting for):
//
//   - TestWatchFanOutBench: the hourly scheduler run
//     (Service.QueueDueWatches) over 10,000 due watches, against a store
//     that answers each page of due watches after a Firestore query's
//     latency and a queue whose every CreateTask takes what Cloud Tasks
//     takes; then the run doubled, and two runs overlapping.
//   - TestWatchWeekCostBench: what one watched week costs — store
//     documents read and written (counted at the store's interface over
//     the real SQLite store), queue calls, requests to the listing's site
//     and its photo CDN (counted by a local copy of the site serving the
//     Airbnb fixture page, its calendar and reviews, and the live
//     comparables' search), copy-model calls and e-mails — for a week
//     where the host changed the listing and one where nothing changed.
//
// The lines they print (watch-fanout:, watch-week-cost:) are the bench's
// report; the timings are reported here, and the script checks the run
// against the scheduler's deadline.

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/listing/airbnb"
	"github.com/listinglift/listinglift/backend/listing/airbnb/airbnbtest"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/livemarket"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/safehttptest"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
	"github.com/listinglift/listinglift/backend/watchlink"
	"github.com/listinglift/listinglift/backend/writing"
)

// Latencies the fan-out is measured with.
const (
	// dueQueryLatency is one Firestore query of a page of 500 due
	// watches, projected to id and due time (a round trip from Cloud Run
	// plus the documents' transfer).
	dueQueryLatency = 40 * time.Millisecond
	// createTaskLatency is one Cloud Tasks CreateTask call, including the
	// ones it refuses as ALREADY_EXISTS.
	createTaskLatency = 25 * time.Millisecond
	// schedulerDeadline is the Cloud Scheduler job's attempt deadline
	// (its maximum for an HTTP target; docs/DEPLOY.md).
	schedulerDeadline = 600 * time.Second
)

func watchBenchOnly(t *testing.T) {
	t.Helper()
	if os.Getenv("WATCH_BENCH") != "1" {
		t.Skip("WATCH_BENCH=1 not set: a bench figure that waits out simulated Firestore and Cloud Tasks latency; " +
			"make bench runs it (scripts/bench-watch.sh)")
	}
}

// dueWatchStore is the store as the scheduler's run sees it: the due
// watches, in the order and pages DueWatches promises, each page after
// latency. Anything else the run might read is not there (the nil
// aggregates panic), so the figures are the run's whole store cost.
type dueWatchStore struct {
	store.Rechecks
	latency time.Duration
	watches []domain.WatchDue // every active watch, earliest due first, id on ties

	mu     sync.Mutex
	pages  int
	billed int // documents billed: one per watch returned, one for an empty page
}

func dueLess(a, b domain.WatchDue) bool {
	if !a.DueAt.Equal(b.DueAt) {
		return a.DueAt.Before(b.DueAt)
	}
	return a.ID < b.ID
}

func (s *dueWatchStore) DueWatches(ctx context.Context, before time.Time, after *domain.WatchDue, limit int) ([]domain.WatchDue, error) {
	select {
	case <-time.After(s.latency):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	i := 0
	if after != nil {
		i = sort.Search(len(s.watches), func(i int) bool { return dueLess(*after, s.watches[i]) })
	}
	var page []domain.WatchDue
	for ; i < len(s.watches) && len(page) < limit && !s.watches[i].DueAt.After(before); i++ {
		page = append(page, s.watches[i])
	}
	s.mu.Lock()
	s.pages++
	s.billed += max(len(page), 1)
	s.mu.Unlock()
	return page, nil
}

// cloudTasksQueue takes latency for every CreateTask and refuses a name
// it already has, as Cloud Tasks does (ALREADY_EXISTS).
type cloudTasksQueue struct {
	latency time.Duration

	mu               sync.Mutex
	names            map[string]bool
	calls, refused   int
	inFlight, widest int
}

func newCloudTasksQueue() *cloudTasksQueue {
	return &cloudTasksQueue{latency: createTaskLatency, names: map[string]bool{}}
}

func (q *cloudTasksQueue) Enqueue(ctx context.Context, j jobs.Job) error {
	q.mu.Lock()
	q.calls++
	q.inFlight++
	q.widest = max(q.widest, q.inFlight)
	q.mu.Unlock()
	defer func() { q.mu.Lock(); q.inFlight--; q.mu.Unlock() }()
	select {
	case <-time.After(q.latency):
	case <-ctx.Done():
		return ctx.Err()
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.names[j.Name] {
		q.refused++
		return fmt.Errorf("cloud tasks: create %s: %w", j.Name, jobs.ErrDuplicate)
	}
	q.names[j.Name] = true
	return nil
}

func (q *cloudTasksQueue) created() int { q.mu.Lock(); defer q.mu.Unlock(); return len(q.names) }

// TestWatchFanOutBench: 10,000 watches due at once (the hour after a
// marketing push sold 10,000 Premium reports the same week) are all
// queued by one hourly run, each once, named for the ISO week it is due
// in; the watches not yet due are left alone; the same run again (Cloud
// Scheduler's doubled delivery) creates nothing, and neither does a run
// overlapping another.
func TestWatchFanOutBench(t *testing.T) {
	watchBenchOnly(t)
	const due, notYet = 10_000, 1_000
	// Monday 05:00 UTC: the watches fell due over the last ten hours, so
	// some are in the ISO week that ended at midnight; many share a due
	// time (a batch of reports completed in the same minute).
	now := time.Date(2026, 11, 30, 5, 0, 0, 0, time.UTC)
	st := &dueWatchStore{latency: dueQueryLatency}
	want := map[string]bool{}
	for i := range due {
		w := domain.WatchDue{ID: fmt.Sprintf("w%05d", (i*7919)%due), DueAt: now.Add(-time.Duration(i%600) * time.Minute)}
		st.watches = append(st.watches, w)
		want[jobs.WatchFor(w.ID, domain.ISOWeek(w.DueAt)).Name] = true
	}
	for i := range notYet {
		st.watches = append(st.watches, domain.WatchDue{ID: fmt.Sprintf("n%05d", i), DueAt: now.Add(time.Duration(i+1) * time.Minute)})
	}
	sort.Slice(st.watches, func(i, j int) bool { return dueLess(st.watches[i], st.watches[j]) })
	weeks := map[string]int{}
	for name := range want {
		weeks[name[len(name)-len("2026-W49"):]]++
	}

	var logs syncBuffer
	q := newCloudTasksQueue()
	svc := orders.New(orders.Deps{Stores: orders.Stores{Rechecks: st}, Queue: q, Now: func() time.Time { return now },
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	ctx := context.Background()

	start := time.Now()
	queued, err := svc.QueueDueWatches(ctx)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if queued != due || q.created() != due {
		t.Fatalf("one run over %d due watches queued %d (%d tasks created); want every one\nlog:\n%s", due, queued, q.created(), logs.Bytes())
	}
	for name := range want {
		if !q.names[name] {
			t.Fatalf("no task %s: a due watch was not queued", name)
		}
	}
	if q.refused != 0 {
		t.Errorf("the first run was refused %d names; want none (each watch queued once)", q.refused)
	}
	fmt.Printf("watch-fanout: %d due watches (%d more not yet due, left alone): %d tasks created (weeks %s) in %.1f s\n",
		due, notYet, q.created(), weekList(weeks), took.Seconds())
	fmt.Printf("watch-fanout: store: %d pages of due watches read (%d a page, %v each), %d documents billed; queue: %d CreateTask calls (%v each, at most %d at once)\n",
		st.pages, orders.DefaultWatchPage, dueQueryLatency, st.billed, q.calls, createTaskLatency, q.widest)
	fmt.Printf("watch-fanout-check: wall_s=%.2f budget_s=%.0f deadline_s=%.0f\n",
		took.Seconds(), orders.DefaultWatchRunBudget.Seconds(), schedulerDeadline.Seconds())

	// The run delivered again (Cloud Scheduler retries an attempt it saw
	// fail, and may deliver twice): the week's names are taken.
	pages, calls := st.pages, q.calls
	start = time.Now()
	again, err := svc.QueueDueWatches(ctx)
	tookAgain := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if again != 0 || q.created() != due {
		t.Errorf("the doubled run queued %d (tasks now %d); want 0 new tasks", again, q.created())
	}
	fmt.Printf("watch-fanout: the run doubled: %d tasks created, %d CreateTask calls refused as already there, %d pages read, in %.1f s\n",
		again, q.calls-calls, st.pages-pages, tookAgain.Seconds())

	// Two runs at once on an empty queue (an overlapping manual
	// `listinglift watch run --now`): each week's task once between them.
	q2 := newCloudTasksQueue()
	svc2 := orders.New(orders.Deps{Stores: orders.Stores{Rechecks: st}, Queue: q2, Now: func() time.Time { return now },
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	var both [2]int
	var wg sync.WaitGroup
	start = time.Now()
	for i := range both {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := svc2.QueueDueWatches(ctx)
			if err != nil {
				t.Error(err)
			}
			both[i] = n
		}()
	}
	wg.Wait()
	tookBoth := time.Since(start)
	if both[0]+both[1] != due || q2.created() != due {
		t.Errorf("two overlapping runs queued %d + %d (%d tasks); want %d between them", both[0], both[1], q2.created(), due)
	}
	fmt.Printf("watch-fanout: two runs overlapping: %d + %d tasks created (%d in all), in %.1f s\n", both[0], both[1], q2.created(), tookBoth.Seconds())
}

func weekList(weeks map[string]int) string {
	var parts []string
	for w, n := range weeks {
		parts = append(parts, fmt.Sprintf("%s: %d", w, n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// --- one watched week ---

// weekStore counts what a watch task costs at the store's interface, in
// Firestore's billing units: a document read per get (a missing
// document too), a read and, when the change applied, a write per Apply
// (its transaction reads the order, then updates it). The rest is nil: a
// call the task makes that is not counted here panics, so no read goes
// uncounted.
type weekStore struct {
	store.Orders
	real store.Aggregates

	mu            sync.Mutex
	calls         map[string]int
	reads, writes int
}

func (c *weekStore) count(name string, reads, writes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[name]++
	c.reads += reads
	c.writes += writes
}

func (c *weekStore) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls, c.reads, c.writes = map[string]int{}, 0, 0
}

func (c *weekStore) summary() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var parts []string
	for name, n := range c.calls {
		parts = append(parts, fmt.Sprintf("%s %d", name, n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

func (c *weekStore) GetOptimization(ctx context.Context, id string) (*domain.Optimization, error) {
	c.count("GetOptimization", 1, 0)
	return c.real.GetOptimization(ctx, id)
}

func (c *weekStore) CustomerDeleted(ctx context.Context, uid string) (bool, error) {
	c.count("CustomerDeleted", 1, 0)
	return c.real.CustomerDeleted(ctx, uid)
}

func (c *weekStore) Apply(ctx context.Context, id string, change store.Change) (bool, error) {
	applied, err := c.real.Apply(ctx, id, change)
	w := 0
	if applied {
		w = 1
	}
	c.count("Apply", 1, w)
	return applied, err
}

// countingQueue counts the task's own Enqueue calls.
type countingQueue struct{ n atomic.Int64 }

func (q *countingQueue) Enqueue(context.Context, jobs.Job) error { q.n.Add(1); return nil }

// countingWriter is the copy model's seat: the built-in writer, counted.
type countingWriter struct{ n atomic.Int64 }

func (w *countingWriter) Write(ctx context.Context, r writing.Request) (writing.Copy, error) {
	w.n.Add(1)
	return writing.Builtin{}.Write(ctx, r)
}

const watchedListing = "48123456"

// listingSite is a local copy of what a watched Airbnb listing's check
// reaches: the listing page (backend/listing/airbnb/testdata/current.html,
// with the host's edits), its calendar and reviews, the live comparables'
// search and calendars (airbnbtest, as the fixture site serves them), and
// the photo CDN. It counts what it is asked, by kind.
type listingSite struct {
	srv *httptest.Server

	mu    sync.Mutex
	hits  map[string]int
	edits [][2]string
}

func newListingSite(t *testing.T) *listingSite {
	t.Helper()
	read := func(p string) []byte {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	page := read("../listing/airbnb/testdata/current.html")
	calendar, reviews := read("../listing/airbnb/testdata/calendar.json"), read("../listing/airbnb/testdata/reviews.json")
	var photo bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, 1200, 800))
	for i := range img.Pix {
		img.Pix[i] = uint8((i*7 + i/1200*3) % 251)
	}
	if err := png.Encode(&photo, img); err != nil {
		t.Fatal(err)
	}
	own := func(r *http.Request) bool {
		v := r.URL.Query().Get("variables")
		return strings.Contains(v, `"`+watchedListing+`"`) || strings.Contains(v, base64.StdEncoding.EncodeToString([]byte("StayListing:"+watchedListing)))
	}
	s := &listingSite{hits: map[string]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /rooms/"+watchedListing, func(w http.ResponseWriter, r *http.Request) {
		s.hit("listing page")
		s.mu.Lock()
		body := page
		for _, e := range s.edits {
			body = bytes.ReplaceAll(body, []byte(e[0]), []byte(e[1]))
		}
		s.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(body)
	})
	(&airbnbtest.Server{}).Routes(mux, func(w http.ResponseWriter, r *http.Request) {
		if !own(r) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(calendar)
	})
	mux.HandleFunc("GET /api/v3/StaysPdpReviewsQuery/", func(w http.ResponseWriter, r *http.Request) {
		if !own(r) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(reviews)
	})
	mux.HandleFunc("GET /im/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(photo.Bytes())
	})
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch p := r.URL.Path; {
		case p == "/rooms/"+watchedListing:
			// counted by its handler
		case strings.HasPrefix(p, "/api/v3/PdpAvailabilityCalendar/") && own(r):
			s.hit("listing's calendar")
		case strings.HasPrefix(p, "/api/v3/PdpAvailabilityCalendar/"):
			s.hit("comparables' calendars")
		case strings.HasPrefix(p, "/api/v3/StaysPdpReviewsQuery/"):
			s.hit("reviews")
		case strings.HasPrefix(p, "/api/v3/StaysSearch/"):
			s.hit("comparables' search")
		case p == "/":
			s.hit("home page (the search's API key)")
		case strings.HasPrefix(p, "/im/"):
			s.hit("photos (CDN)")
		default:
			s.hit("other " + p)
		}
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *listingSite) hit(kind string) { s.mu.Lock(); s.hits[kind]++; s.mu.Unlock() }

func (s *listingSite) edit(from, to string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.edits = append(s.edits, [2]string{from, to})
}

// take returns the requests counted since the last take.
func (s *listingSite) take() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.hits
	s.hits = map[string]int{}
	return h
}

// TestWatchWeekCostBench: the cost of one watched week, through the real
// pipeline (orders.Pipeline.Check: the listing page and its calendar and
// reviews through ingest, the live comparables through livemarket, the
// photos measured) and the real SQLite store, counted where each cost is
// paid: the store's interface, the queue, the listing's site. A week where
// the host retitled the listing e-mails them; a week where nothing changed
// does not.
func TestWatchWeekCostBench(t *testing.T) {
	watchBenchOnly(t)
	ctx := context.Background()
	clock := &testClock{t: time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)}
	site := newListingSite(t)
	fetch := safehttptest.RouteTo(t, safehttp.Options{MaxBodyBytes: 15 << 20}, site.srv)
	writer := &countingWriter{}
	// As cmd/server wires it (buildPaidFlow), with the test's clock.
	pipe := orders.Pipeline{
		Listings: ingest.NewReader(fetch, ingest.Options{DeepReads: true, Now: clock.Now}),
		Live: livemarket.Platforms{Airbnb: livemarket.New(airbnb.NewAPI(fetch, airbnb.APIOptions{}), livemarket.Options{Now: clock.Now}),
			Booking: livemarket.NewBooking(fetch, livemarket.BookingOptions{})},
		Photos: report.PhotoFetcherFunc(func(ctx context.Context, u string) ([]byte, error) {
			resp, err := fetch.Do(ctx, safehttp.Request{URL: u})
			if err != nil {
				return nil, err
			}
			return resp.Body, nil
		}),
		Writer: writer,
	}
	links := watchlink.Signer{Secret: []byte(strings.Repeat("s", 32)), Now: clock.Now}
	mails := &capture{}

	// The bought Premium report of the listing, made through the same
	// pipeline; its completion starts the watch.
	st := storetable.SQLite(t)
	if _, err := st.UpsertCustomer(ctx, domain.Login{UID: "host-1", Email: "host@example.com", At: clock.Now()}); err != nil {
		t.Fatal(err)
	}
	o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: "host-1", CustomerEmail: "host@example.com",
		ListingURL: "https://www.airbnb.com/rooms/" + watchedListing, PlanType: domain.PlanPremium, Amount: 19.99,
		Status: domain.StatusPending, CreatedAt: clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.MarkPaid(ctx, o.ID, clock.Now()); err != nil {
		t.Fatal(err)
	}
	bought := orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: &recordingQueue{}, Reporter: pipe, Checker: pipe, Mailer: mails,
		WatchLinks: links, Now: clock.Now, PublicURL: "https://app.test", SupportEmail: "help@app.test"})
	if err := bought.Handle(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1}); err != nil {
		t.Fatal(err)
	}
	if got := getOrder(t, st, o.ID); got.Status != domain.StatusCompleted || got.Watch == nil || got.Watch.State != domain.WatchActive {
		t.Fatalf("the bought report: %s (%q), watch %+v; want completed and watched", got.Status, got.FailureReason, got.Watch)
	}
	reportHits, reportModel := site.take(), writer.n.Swap(0)

	counted := &weekStore{real: st}
	queue := &countingQueue{}
	svc := orders.New(orders.Deps{Stores: orders.Stores{Orders: counted, Deleted: counted}, Queue: queue, Checker: pipe, Mailer: mails,
		WatchLinks: links, Now: clock.Now, PublicURL: "https://app.test", SupportEmail: "help@app.test"})

	for _, wk := range []struct {
		name   string
		edit   [2]string // the host's edit of the page before the week's check
		notice domain.WatchNotice
		mails  int
	}{
		{name: "nothing changed"},
		{name: "the host retitled the listing", edit: [2]string{"Sunny Alfama loft", "Bright Alfama loft"}, notice: domain.NoticeChanges, mails: 1},
	} {
		clock.Add(7 * 24 * time.Hour)
		if wk.edit[0] != "" {
			site.edit(wk.edit[0], wk.edit[1])
		}
		w := getOrder(t, st, o.ID).Watch
		if w.DueAt == nil || w.DueAt.After(clock.Now()) {
			t.Fatalf("%s: the watch is due %v at %v; want due", wk.name, w.DueAt, clock.Now())
		}
		job := jobs.WatchFor(o.ID, domain.ISOWeek(*w.DueAt))
		counted.reset()
		site.take()
		queue.n.Store(0)
		sentBefore := len(mails.sent)

		if err := svc.Handle(ctx, job, jobs.Attempt{Number: 1}); err != nil {
			t.Fatalf("%s: %v", wk.name, err)
		}
		hits, model, sent := site.take(), writer.n.Swap(0), len(mails.sent)-sentBefore
		reads, writes, calls, enq := counted.reads, counted.writes, counted.summary(), queue.n.Load()
		c := getOrder(t, st, o.ID).Watch.Week(jobs.WeekOf(job))
		if c == nil || c.Failed != "" {
			t.Fatalf("%s: the week %s: %+v; want it recorded, read fine", wk.name, jobs.WeekOf(job), c)
		}
		if c.Notice != wk.notice || sent != wk.mails {
			t.Errorf("%s: notice %q, %d e-mails (changes %+v); want notice %q, %d e-mails", wk.name, c.Notice, sent, c.Changes, wk.notice, wk.mails)
		}
		if hits["listing page"] != 1 {
			t.Errorf("%s: the listing page was fetched %d times; want once", wk.name, hits["listing page"])
		}
		if model != 0 {
			t.Errorf("%s: %d copy-model calls; want none (a week's check uses the built-in writer)", wk.name, model)
		}

		// The same task delivered again (Cloud Tasks' at-least-once).
		counted.reset()
		site.take()
		if err := svc.Handle(ctx, job, jobs.Attempt{Number: 2}); err != nil {
			t.Fatalf("%s, delivered again: %v", wk.name, err)
		}
		againHits, againSent := site.take(), len(mails.sent)-sentBefore-sent

		fmt.Printf("watch-week-cost: %s, %s: store document reads %d, writes %d (%s); queue calls by the task %d; "+
			"listing site requests %d (%s); photo CDN requests %d; copy-model calls %d; e-mails %d (notice %q)\n",
			c.Week, wk.name, reads, writes, calls, enq, total(hits, true), hitList(hits, true), hits["photos (CDN)"], model, sent, c.Notice)
		fmt.Printf("watch-week-cost:   its task delivered again (Cloud Tasks delivers at least once): store document reads %d, writes %d; listing site requests %d; e-mails %d\n",
			counted.reads, counted.writes, total(againHits, false), againSent)
	}
	fmt.Printf("watch-week-cost: plus each week's share of the hourly run (the fan-out above): 1 CreateTask and 1 document read of its page of due watches\n")
	fmt.Printf("watch-week-cost: for comparison, the bought report: listing site requests %d (%s); photo CDN requests %d; copy-model calls %d\n",
		total(reportHits, true), hitList(reportHits, true), reportHits["photos (CDN)"], reportModel)
	fmt.Printf("watch-week-cost: the comparables' search and calendars are cached per area, listing shape and day in one instance (livemarket): " +
		"counted here uncached, as a week checked on a day no other report or check of its area ran on that instance; the search's API key is read once an instance\n")
}

// total counts the requests of hits, without the photo CDN's when
// siteOnly.
func total(hits map[string]int, siteOnly bool) int {
	n := 0
	for k, v := range hits {
		if !siteOnly || k != "photos (CDN)" {
			n += v
		}
	}
	return n
}

func hitList(hits map[string]int, siteOnly bool) string {
	var parts []string
	for k, v := range hits {
		if !siteOnly || k != "photos (CDN)" {
			parts = append(parts, fmt.Sprintf("%s %d", k, v))
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}
