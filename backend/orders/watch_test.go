package orders_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
	"github.com/listinglift/listinglift/backend/watchlink"
)

// listingPage is the watched listing as the site shows it this week: what
// the fake pipeline reads (the report, and each week's check).
type listingPage struct {
	mu        sync.Mutex
	title     string
	price     float64
	amenities []string
	down      error  // the read fails with this (the site blocks us, the listing is gone)
	onRead    func() // called as the page is read
	reads     int
}

func (p *listingPage) result() *report.Result {
	price := p.price
	r := &report.Result{PackageType: "premium", OriginalTitle: p.title, Title: p.title, Amenities: slices.Clone(p.amenities)}
	r.PricingAnalysis.Currency = "USD"
	r.PricingAnalysis.Price = &price
	return r
}

// Report is the bought report's read (orders.Reporter).
func (p *listingPage) Report(context.Context, *domain.Optimization, func(context.Context, domain.Stage)) (*orders.Outcome, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	b, err := report.Encode(p.result())
	return &orders.Outcome{Results: b}, err
}

// Check is a week's read (orders.WatchChecker).
func (p *listingPage) Check(context.Context, *domain.Optimization) (*report.Result, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.reads++
	if p.onRead != nil {
		p.onRead()
	}
	if p.down != nil {
		return nil, p.down
	}
	return p.result(), nil
}

func (p *listingPage) edit(f func(p *listingPage)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	f(p)
}

// watchEnv is a bought Premium report with its watch, on st, driven by an
// injected clock: a week passes, the scheduler runs (twice, as a doubled
// Cloud Scheduler call would), and every task queued runs twice (the
// second as Cloud Tasks' retry of the same task).
type watchEnv struct {
	t     *testing.T
	st    store.Aggregates
	clock *testClock
	page  *listingPage
	queue *recordingQueue
	mails *capture
	svc   *orders.Service
	host  orders.Customer
	order string
	ran   int // queue jobs already run
}

var blocked = &domain.Error{Code: domain.CodeUnavailable, Message: "Airbnb did not let us read this page right now."}

func newWatchEnv(t *testing.T, st store.Aggregates) *watchEnv {
	t.Helper()
	ctx := context.Background()
	e := &watchEnv{t: t, st: st, clock: &testClock{t: time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)},
		page:  &listingPage{title: "Sunny loft in Alfama", price: 120, amenities: []string{"Wifi", "Kitchen", "Washer"}},
		queue: &recordingQueue{}, mails: &capture{}, host: orders.Customer{UID: "host-1", Email: "host@example.com"}}
	pay := &fakePayments{t: t, refund: func(sid, key string) (*payments.Refund, error) {
		return &payments.Refund{ID: "re_" + key, Amount: 1999, Status: "succeeded"}, nil
	}}
	e.svc = orders.New(orders.Deps{Stores: orders.StoresOf(st), Payments: pay, Queue: e.queue, Reporter: e.page, Checker: e.page, Mailer: e.mails,
		WatchLinks: watchlink.Signer{Secret: []byte(strings.Repeat("s", 32)), Now: e.clock.Now},
		Now:        e.clock.Now, PublicURL: "https://app.test", SupportEmail: "help@app.test"})
	o := paidWithSession(t, st, e.clock.Now(), domain.PlanPremium)
	e.order = o.ID
	if err := e.svc.Handle(ctx, jobs.ForOptimization(o.ID), jobs.Attempt{Number: 1}); err != nil {
		t.Fatal(err)
	}
	e.runQueued() // the report e-mail
	if n := len(e.mails.sent); n != 1 {
		t.Fatalf("%d e-mails after the report; want its report e-mail", n)
	}
	e.mails.sent = nil
	w := e.watch()
	if w == nil || w.State != domain.WatchActive || w.Weeks != 12 || w.DueAt == nil || !w.DueAt.Equal(e.clock.Now().Add(7*24*time.Hour)) {
		t.Fatalf("the bought Premium report's watch: %+v; want active, 12 weeks, due a week after the report", w)
	}
	return e
}

func (e *watchEnv) watch() *domain.Watch {
	e.t.Helper()
	o, err := e.st.GetOptimization(context.Background(), e.order)
	if err != nil {
		e.t.Fatal(err)
	}
	return o.Watch
}

// week lets a week pass and runs what the scheduler queues; it returns
// the e-mails sent that week.
func (e *watchEnv) week() []mail.Message {
	e.t.Helper()
	e.clock.Add(7 * 24 * time.Hour)
	return e.run()
}

// run is the scheduler's doubled run now and every task it queued, twice.
func (e *watchEnv) run() []mail.Message {
	e.t.Helper()
	before := len(e.mails.sent)
	for range 2 {
		if _, err := e.svc.QueueDueWatches(context.Background()); err != nil {
			e.t.Fatal(err)
		}
	}
	e.runQueued()
	return slices.Clone(e.mails.sent[before:])
}

func (e *watchEnv) runQueued() {
	e.t.Helper()
	e.queue.mu.Lock()
	todo := slices.Clone(e.queue.jobs[e.ran:])
	e.ran = len(e.queue.jobs)
	e.queue.mu.Unlock()
	for _, job := range todo {
		for attempt := 1; attempt <= 2; attempt++ {
			if err := e.svc.Handle(context.Background(), job, jobs.Attempt{Number: attempt}); err != nil {
				e.t.Errorf("%s attempt %d: %v", job.Name, attempt, err)
			}
		}
	}
}

// linkToken is the token of the e-mail's link to action.
func linkToken(t *testing.T, m mail.Message, action string) string {
	t.Helper()
	found := regexp.MustCompile(`https://app\.test/watch\?action=` + action + `&(?:amp;)?token=([A-Za-z0-9_-]+)`).FindStringSubmatch(m.Text)
	if found == nil {
		t.Fatalf("the e-mail %q has no %s link:\n%s", m.Subject, action, m.Text)
	}
	return found[1]
}

// says fails unless the e-mail says each of want (its evidence).
func says(t *testing.T, m mail.Message, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(m.Text, w) || !strings.Contains(m.HTML, w) {
			t.Errorf("the e-mail %q does not say %q:\n%s", m.Subject, w, m.Text)
		}
	}
}

// TestWatchTwelveWeeks drives a Premium report's watch through its 12
// weeks with an injected clock, on SQLite and on Google's Firestore
// emulator: the host is e-mailed only in the weeks something changed
// (each e-mail with its before → after), once for the third unreadable
// week in a row, never while paused, and once per week however often the
// scheduler and the tasks run; the timeline has one row per week, and the
// watch ends after its twelfth.
func TestWatchTwelveWeeks(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		e := newWatchEnv(t, st)
		expectNone := func(week string, sent []mail.Message) {
			t.Helper()
			if len(sent) != 0 {
				t.Errorf("%s: %d e-mails (first %q); want none", week, len(sent), sent[0].Subject)
			}
		}
		expectOne := func(week string, sent []mail.Message) mail.Message {
			t.Helper()
			if len(sent) != 1 {
				t.Fatalf("%s: %d e-mails; want exactly one", week, len(sent))
			}
			if sent[0].To != "host@example.com" || sent[0].Unsubscribe == "" {
				t.Errorf("%s: e-mail to %q with unsubscribe %q; want the host, with its one-click link", week, sent[0].To, sent[0].Unsubscribe)
			}
			return sent[0]
		}

		expectNone("week 1 (nothing changed)", e.week())
		e.page.edit(func(p *listingPage) { p.title = "Sunny Alfama loft with river views" })
		m := expectOne("week 2 (the title changed)", e.week())
		says(t, m, "Sunny loft in Alfama", "Sunny Alfama loft with river views")
		expectNone("week 3 (nothing changed)", e.week())

		e.page.edit(func(p *listingPage) { p.down = blocked })
		expectNone("week 4 (unreadable, once)", e.week())
		expectNone("week 5 (unreadable, twice)", e.week())
		m = expectOne("week 6 (unreadable, the third week in a row)", e.week())
		says(t, m, "3 weeks")
		expectNone("week 7 (still unreadable: told once)", e.week())

		e.page.edit(func(p *listingPage) { p.down, p.price = nil, 95 })
		m = expectOne("week 8 (read again; the price changed)", e.week())
		says(t, m, "$120", "$95")

		// The host pauses from the e-mail's link: no check, no e-mail
		// while paused, however many weeks pass; the click again changes
		// nothing.
		pause := linkToken(t, m, "pause")
		for range 2 {
			o, err := e.svc.ControlWatchByToken(ctx, pause, orders.WatchPause)
			if err != nil || o.Watch.State != domain.WatchPaused {
				t.Fatalf("pause from the e-mail: %+v, %v", o, err)
			}
		}
		reads := e.page.reads
		e.page.edit(func(p *listingPage) { p.amenities = []string{"Wifi", "Kitchen"} })
		expectNone("paused, a week", e.week())
		expectNone("paused, two weeks", e.week())
		if e.page.reads != reads {
			t.Errorf("the listing was read %d times while paused; want none", e.page.reads-reads)
		}
		if w := e.watch(); w.Used() != 8 || w.Left() != 4 {
			t.Errorf("paused after 8 weeks: %d used, %d left; want 8 and 4 (a pause uses no weeks)", w.Used(), w.Left())
		}

		// Resumed from the dashboard: checked at the next run.
		if o, err := e.svc.ControlWatch(ctx, e.host, e.order, orders.WatchResume); err != nil || o.Watch.State != domain.WatchActive {
			t.Fatalf("resume: %+v, %v", o, err)
		}
		m = expectOne("week 9 (resumed; an amenity was removed)", e.run())
		says(t, m, "Washer")
		for w := 10; w <= 12; w++ {
			expectNone(fmt.Sprintf("week %d (nothing changed)", w), e.week())
		}
		expectNone("after the 12th week", e.week())
		expectNone("a month later", func() []mail.Message { e.clock.Add(30 * 24 * time.Hour); return e.run() }())

		w := e.watch()
		if w.State != domain.WatchEnded || w.Ended != domain.WatchEndCompleted || w.DueAt != nil || len(w.Checks) != 12 {
			t.Fatalf("after 12 weeks: state %s (%s), due %v, %d checks; want ended (completed), nothing due, 12 rows", w.State, w.Ended, w.DueAt, len(w.Checks))
		}
		weeks := map[string]bool{}
		for i, c := range w.Checks {
			if weeks[c.Week] {
				t.Errorf("week %s recorded twice", c.Week)
			}
			weeks[c.Week] = true
			failed := i >= 3 && i <= 6
			if (c.Failed != "") != failed {
				t.Errorf("row %d (%s): failed %q; want failed=%v", i+1, c.Week, c.Failed, failed)
			}
			if !failed && (c.Price == nil || c.Currency != "USD") {
				t.Errorf("row %d (%s): price %v %q; want the week's price", i+1, c.Week, c.Price, c.Currency)
			}
			if c.Mail == domain.WatchMailDue {
				t.Errorf("row %d (%s): an e-mail still due", i+1, c.Week)
			}
		}
		if _, err := e.svc.ControlWatch(ctx, e.host, e.order, orders.WatchResume); domain.ErrorCode(err) != domain.CodeConflict || !strings.Contains(err.Error(), orders.MsgWatchNoWeeksLeft) {
			t.Errorf("resume a watch with no weeks left: %v; want 409 %q", err, orders.MsgWatchNoWeeksLeft)
		}
	})
}

// TestWatchEndsAndSendsNothing: after a stop (the e-mail's one-click
// unsubscribe), a refund or the account's deletion, no week is checked
// and no e-mail goes — including one a week already owed when it
// happened.
func TestWatchEndsAndSendsNothing(t *testing.T) {
	for _, how := range []string{"stop", "refund", "account deleted"} {
		t.Run(how, func(t *testing.T) {
			storetable.Run(t, func(t *testing.T, st store.Aggregates) {
				ctx := context.Background()
				e := newWatchEnv(t, st)
				e.page.edit(func(p *listingPage) { p.title = "A new title" })
				// The week is checked and recorded, and owes its e-mail,
				// when the host's action lands before the e-mail goes.
				e.clock.Add(7 * 24 * time.Hour)
				if _, err := e.svc.QueueDueWatches(ctx); err != nil {
					t.Fatal(err)
				}
				e.queue.mu.Lock()
				job := e.queue.jobs[len(e.queue.jobs)-1]
				e.ran = len(e.queue.jobs)
				e.queue.mu.Unlock()
				withMailer := e.svc
				e.svc = orders.New(orders.Deps{Stores: orders.StoresOf(st), Queue: e.queue, Checker: e.page, Now: e.clock.Now}) // no mailer: the week is recorded, its e-mail left due
				if err := e.svc.Handle(ctx, job, jobs.Attempt{Number: 1}); err != nil {
					t.Fatal(err)
				}
				e.svc = withMailer
				if c := e.watch().Week(jobs.WeekOf(job)); c == nil || c.Mail != domain.WatchMailDue {
					t.Fatalf("the changed week: %+v; want recorded, its e-mail due", c)
				}

				switch how {
				case "stop":
					tok := watchlink.Signer{Secret: []byte(strings.Repeat("s", 32)), Now: e.clock.Now}.Token(e.order)
					if _, err := e.svc.ControlWatchByToken(ctx, tok, orders.WatchStop); err != nil {
						t.Fatal(err)
					}
				case "refund":
					if _, err := e.svc.Refund(ctx, e.order); err != nil {
						t.Fatal(err)
					}
				case "account deleted":
					if err := st.MarkCustomerDeleted(ctx, "host-1", e.clock.Now()); err != nil {
						t.Fatal(err)
					}
				}
				// The retried task, then weeks of scheduler runs.
				if err := e.svc.Handle(ctx, job, jobs.Attempt{Number: 2}); err != nil {
					t.Fatal(err)
				}
				reads := e.page.reads
				e.page.edit(func(p *listingPage) { p.title, p.price = "Another title", 80 })
				for range 3 {
					if sent := e.week(); len(sent) != 0 {
						t.Errorf("%d e-mails after %s (first %q); want none", len(sent), how, sent[0].Subject)
					}
				}
				if how == "account deleted" {
					if _, err := st.DeleteCustomerOptimizations(ctx, "host-1"); err != nil {
						t.Fatal(err)
					}
					if err := e.svc.Handle(ctx, job, jobs.Attempt{Number: 3}); err != nil {
						t.Errorf("a task of a deleted order: %v; want done", err)
					}
					return
				}
				if e.page.reads != reads {
					t.Errorf("the listing was read %d times after %s; want none", e.page.reads-reads, how)
				}
				w := e.watch()
				want := map[string]domain.WatchState{"stop": domain.WatchStopped, "refund": domain.WatchEnded}[how]
				if w.State != want || w.DueAt != nil {
					t.Errorf("after %s: state %s, due %v; want %s, nothing due", how, w.State, w.DueAt, want)
				}
				if c := w.Week(jobs.WeekOf(job)); c.Mail != domain.WatchMailWithheld {
					t.Errorf("the owed e-mail after %s: %s; want withheld", how, c.Mail)
				}
				if how == "refund" {
					if _, err := e.svc.ControlWatch(ctx, e.host, e.order, orders.WatchResume); domain.ErrorCode(err) != domain.CodeConflict || !strings.Contains(err.Error(), orders.MsgWatchRefunded) {
						t.Errorf("resume a refunded report's watch: %v; want 409 %q", err, orders.MsgWatchRefunded)
					}
				}
			})
		})
	}
}

// TestWatchLinksAndControls: an e-mail's link acts on its own watch only,
// a forged or foreign one on none; the host's controls answer what they
// did, and a Basic report has no watch to control.
func TestWatchLinksAndControls(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		e := newWatchEnv(t, st)
		for _, tok := range []string{"", "not-a-token", watchlink.Signer{Secret: []byte(strings.Repeat("x", 32))}.Token(e.order)} {
			if _, err := e.svc.ControlWatchByToken(ctx, tok, orders.WatchStop); !errors.Is(err, watchlink.ErrInvalid) {
				t.Errorf("stop with token %q: %v; want %q", tok, err, watchlink.MsgInvalid)
			}
		}
		if w := e.watch(); w.State != domain.WatchActive {
			t.Fatalf("a bad link changed the watch: %s", w.State)
		}
		stranger := orders.Customer{UID: "host-2", Email: "other@example.com"}
		if _, err := e.svc.ControlWatch(ctx, stranger, e.order, orders.WatchStop); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("another host's stop: %v; want not found", err)
		}
		o, err := e.svc.ControlWatch(ctx, e.host, e.order, orders.WatchStop)
		if err != nil || o.Watch.State != domain.WatchStopped {
			t.Fatalf("stop: %+v, %v", o, err)
		}
		if o, err = e.svc.ControlWatch(ctx, e.host, e.order, orders.WatchResume); err != nil || o.Watch.State != domain.WatchActive || !o.Watch.DueAt.Equal(e.clock.Now().Add(7*24*time.Hour)) {
			t.Fatalf("restart a stopped watch with weeks left: %+v, %v; want active, due a week after the start", o.Watch, err)
		}

		making := paidWithSession(t, st, e.clock.Now(), domain.PlanPremium) // paid, its report not made yet
		if _, err := e.svc.ControlWatch(ctx, e.host, making.ID, orders.WatchPause); domain.ErrorCode(err) != domain.CodeConflict || !strings.Contains(err.Error(), orders.MsgWatchNotReady) {
			t.Errorf("pause the watch of a report being made: %v; want 409 %q", err, orders.MsgWatchNotReady)
		}

		basic := paidWithSession(t, st, e.clock.Now(), domain.PlanBasic)
		if err := e.svc.Handle(ctx, jobs.ForOptimization(basic.ID), jobs.Attempt{Number: 1}); err != nil {
			t.Fatal(err)
		}
		if got, _ := st.GetOptimization(ctx, basic.ID); got.Watch != nil {
			t.Errorf("a Basic report has a watch: %+v", got.Watch)
		}
		if _, err := e.svc.ControlWatch(ctx, e.host, basic.ID, orders.WatchPause); domain.ErrorCode(err) != domain.CodeConflict || !strings.Contains(err.Error(), "Premium") {
			t.Errorf("pause a Basic report's watch: %v; want 409 saying Watch comes with Premium", err)
		}
	})
}

// TestWatchEndsWhenTheListingIsGone: a listing its site no longer has
// (404) ends the watch with one e-mail saying so; nothing is checked
// after it; the host may restart it (they may list it again) while weeks
// remain.
func TestWatchEndsWhenTheListingIsGone(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		e := newWatchEnv(t, st)
		e.page.edit(func(p *listingPage) {
			p.down = &domain.Error{Code: domain.CodeNotFound, Message: "Airbnb says this listing does not exist."}
		})
		sent := e.week()
		if len(sent) != 1 || !strings.Contains(sent[0].Subject, "no longer on Airbnb") {
			t.Fatalf("the week the listing was gone: %d e-mails %v; want one saying it is no longer on Airbnb", len(sent), sent)
		}
		w := e.watch()
		if w.State != domain.WatchEnded || w.Ended != domain.WatchEndRemoved || w.DueAt != nil || w.Left() != 11 {
			t.Fatalf("after the listing left: %s (%s), due %v, %d left; want ended (removed), nothing due, 11 left", w.State, w.Ended, w.DueAt, w.Left())
		}
		reads := e.page.reads
		for range 2 {
			if sent := e.week(); len(sent) != 0 {
				t.Errorf("%d e-mails after the watch ended", len(sent))
			}
		}
		if e.page.reads != reads {
			t.Errorf("the listing was read %d times after the watch ended", e.page.reads-reads)
		}
		e.page.edit(func(p *listingPage) { p.down = nil })
		o, err := e.svc.ControlWatch(ctx, e.host, e.order, orders.WatchResume)
		if err != nil || o.Watch.State != domain.WatchActive {
			t.Fatalf("restart after the listing came back: %+v, %v", o, err)
		}
		if sent := e.run(); len(sent) != 0 || e.watch().Used() != 2 {
			t.Errorf("the first week back: %d e-mails, %d weeks used; want a check (no change from the last read), no e-mail", len(sent), e.watch().Used())
		}
	})
}

// A week we could not check for a reason of our own (not the listing's) is
// retried by the queue, and on its final attempt recorded as not checked,
// saying so, so the watch moves on to the next week.
func TestWatchWeekOurFailure(t *testing.T) {
	storetable.Run(t, func(t *testing.T, st store.Aggregates) {
		ctx := context.Background()
		e := newWatchEnv(t, st)
		// The task cut off mid-read (the instance shutting down): the read
		// fails as an unreadable page would, but says nothing of the
		// listing — retried, not recorded.
		cut, cancel := context.WithCancel(ctx)
		e.page.edit(func(p *listingPage) { p.down, p.onRead = blocked, cancel })
		e.clock.Add(7 * 24 * time.Hour)
		if _, err := e.svc.QueueDueWatches(ctx); err != nil {
			t.Fatal(err)
		}
		e.queue.mu.Lock()
		cutJob := e.queue.jobs[len(e.queue.jobs)-1]
		e.queue.mu.Unlock()
		if err := e.svc.Handle(cut, cutJob, jobs.Attempt{Number: 1}); err == nil || e.watch().Used() != 0 {
			t.Fatalf("a task cut off mid-read: %v, %d weeks recorded; want a retry, none recorded", err, e.watch().Used())
		}
		e.clock.Add(-7 * 24 * time.Hour)

		e.page.edit(func(p *listingPage) { p.down, p.onRead = errors.New("market database closed"), nil })
		e.clock.Add(7 * 24 * time.Hour)
		if _, err := e.svc.QueueDueWatches(ctx); err != nil {
			t.Fatal(err)
		}
		e.queue.mu.Lock()
		job := e.queue.jobs[len(e.queue.jobs)-1]
		e.queue.mu.Unlock()
		if err := e.svc.Handle(ctx, job, jobs.Attempt{Number: 1}); err == nil {
			t.Fatal("our own failure was not retried")
		}
		if e.watch().Used() != 0 {
			t.Fatal("a retried attempt recorded the week")
		}
		if err := e.svc.Handle(ctx, job, jobs.Attempt{Number: 2, Final: true}); err != nil {
			t.Fatal(err)
		}
		w := e.watch()
		if c := w.Week(jobs.WeekOf(job)); c == nil || c.Failed != orders.MsgWatchCheckFailed || w.DueAt == nil || w.State != domain.WatchActive {
			t.Errorf("after the final attempt: %+v, due %v; want the week recorded as %q and the next one due", c, w.DueAt, orders.MsgWatchCheckFailed)
		}
	})
}
