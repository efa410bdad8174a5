package store

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// The watch's life (issue 45), decided once in watch.go for both adapters
// (their contract cases run the same Changes on a real store): which
// orders may carry a watch, what each step does to it, what it leaves
// alone, and what the scheduler and the host then see.

const week = 7 * 24 * time.Hour

var (
	wT0     = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC) // a Monday, ISO week 2026-W49
	wPaidAt = wT0.Add(-time.Hour)
)

// premium is a completed, paid Premium report: Watchable.
func premium() *domain.Optimization {
	paid := wPaidAt
	return &domain.Optimization{ID: "o1", PlanType: domain.PlanPremium, Status: domain.StatusCompleted, PaidAt: &paid}
}

// watched is premium with a watch started at wT0 for weeks weeks (first
// check due a week later), then changed by fs.
func watched(weeks int, fs ...func(*domain.Watch)) *domain.Optimization {
	o := premium()
	due := wT0.Add(week)
	o.Watch = &domain.Watch{State: domain.WatchActive, StartedAt: wT0, Weeks: weeks, DueAt: &due, Checks: []domain.WatchWeek{}}
	for _, f := range fs {
		f(o.Watch)
	}
	return o
}

// checked is a week read at at (n weeks after the start), with the mail
// state mail.
func checked(n int, failed string, notice domain.WatchNotice, mail domain.WatchMail) func(*domain.Watch) {
	return func(w *domain.Watch) {
		at := wT0.Add(time.Duration(n) * week)
		w.Checks = append(w.Checks, domain.WatchWeek{Week: domain.ISOWeek(at), CheckedAt: at, Failed: failed, Notice: notice, Mail: mail})
		due := at.Add(week)
		w.DueAt = &due
		if failed != "" {
			w.FailedInRow++
		} else {
			w.FailedInRow = 0
		}
	}
}

func state(s domain.WatchState, ended domain.WatchEnd) func(*domain.Watch) {
	return func(w *domain.Watch) {
		w.State, w.Ended = s, ended
		if s != domain.WatchActive {
			w.DueAt = nil
		}
	}
}

// weekAt is a week's check read at at: read fine, or failed with failed,
// with changes changes.
func weekAt(at time.Time, failed string, changes int) domain.WatchWeek {
	c := domain.WatchWeek{Week: domain.ISOWeek(at), CheckedAt: at, Failed: failed}
	for i := range changes {
		c.Changes = append(c.Changes, domain.WatchChange{Kind: domain.ChangeTitle, What: fmt.Sprintf("change %d", i)})
	}
	return c
}

func facts(title string) *domain.WatchFacts { return &domain.WatchFacts{Title: title} }

func TestWatchable(t *testing.T) {
	with := func(f func(*domain.Optimization)) *domain.Optimization { o := premium(); f(o); return o }
	for _, tc := range []struct {
		name string
		o    *domain.Optimization
		want bool
	}{
		{"a completed, paid Premium report", premium(), true},
		{"a Basic report", with(func(o *domain.Optimization) { o.PlanType = domain.PlanBasic }), false},
		{"a re-check of a Premium report", with(func(o *domain.Optimization) { o.RecheckOf = "o0" }), false},
		{"still being made", with(func(o *domain.Optimization) { o.Status = domain.StatusProcessing }), false},
		{"failed", with(func(o *domain.Optimization) { o.Status = domain.StatusFailed }), false},
		{"unpaid", with(func(o *domain.Optimization) { o.PaidAt = nil }), false},
		{"refunded", with(func(o *domain.Optimization) { o.Status, o.Refund = domain.StatusRefunded, &domain.Refund{ID: "re_1"} }), false},
	} {
		if got := Watchable(tc.o); got != tc.want {
			t.Errorf("%s: Watchable = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestWatchChanges runs each Change on an order in a given state: whether
// it applies, and the watch it leaves (a Change that does not apply must
// leave the order exactly as it was).
func TestWatchChanges(t *testing.T) {
	late := wT0.Add(3*week + 2*time.Hour) // a first check that ran two weeks late
	for _, tc := range []struct {
		name   string
		o      *domain.Optimization
		change Change
		want   bool
		check  func(t *testing.T, w *domain.Watch)
	}{
		// Starting.
		{"start on a Watchable report", premium(), WatchStarted(wT0, 12, week), true, func(t *testing.T, w *domain.Watch) {
			if w.State != domain.WatchActive || w.Weeks != 12 || w.Left() != 12 || !w.StartedAt.Equal(wT0) ||
				w.DueAt == nil || !w.DueAt.Equal(wT0.Add(week)) || w.Checks == nil || len(w.Checks) != 0 {
				t.Errorf("started watch %+v; want active, 12 weeks left, the first check due a week after the start", w)
			}
		}},
		{"start twice", watched(12), WatchStarted(wT0.Add(time.Hour), 12, week), false, nil},
		{"start with no weeks (Basic's 0)", premium(), WatchStarted(wT0, 0, week), false, nil},
		{"start on a Basic report", func() *domain.Optimization { o := premium(); o.PlanType = domain.PlanBasic; return o }(), WatchStarted(wT0, 12, week), false, nil},

		// A week recorded.
		{"a week with changes", watched(12), WatchWeekRecorded(weekAt(wT0.Add(week), "", 2), facts("new"), false, week), true, func(t *testing.T, w *domain.Watch) {
			c := w.Checks[0]
			if len(w.Checks) != 1 || c.Notice != domain.NoticeChanges || c.Mail != domain.WatchMailDue || len(c.Changes) != 2 {
				t.Errorf("checks %+v; want one week owing its e-mail about 2 changes", w.Checks)
			}
			if w.Last == nil || w.Last.Title != "new" || w.Left() != 11 || !w.DueAt.Equal(wT0.Add(2*week)) {
				t.Errorf("last %+v, left %d, due %v; want the week's facts kept, 11 left, due a week on", w.Last, w.Left(), w.DueAt)
			}
		}},
		{"a week without changes: no e-mail", watched(12), WatchWeekRecorded(weekAt(wT0.Add(week), "", 0), facts("same"), false, week), true, func(t *testing.T, w *domain.Watch) {
			if c := w.Checks[0]; c.Notice != "" || c.Mail != "" {
				t.Errorf("week %+v; want no notice and no e-mail", c)
			}
		}},
		{"the caller's notice and mail are not trusted", watched(12), WatchWeekRecorded(func() domain.WatchWeek {
			c := weekAt(wT0.Add(week), "", 0)
			c.Notice, c.Mail = domain.NoticeRemoved, domain.WatchMailSent
			return c
		}(), facts("same"), false, week), true, func(t *testing.T, w *domain.Watch) {
			if c := w.Checks[0]; c.Notice != "" || c.Mail != "" || c.MailedAt != nil {
				t.Errorf("week %+v; the Change decides the notice, not its caller", c)
			}
		}},
		{"the same week again (a retried task)", watched(12, checked(1, "", "", "")), WatchWeekRecorded(weekAt(wT0.Add(week+time.Hour), "", 3), facts("x"), false, week), false, nil},
		{"a week that ran late: due a week after it", watched(12), WatchWeekRecorded(weekAt(late, "", 0), facts("x"), false, week), true, func(t *testing.T, w *domain.Watch) {
			if !w.DueAt.Equal(late.Add(week)) {
				t.Errorf("due %v; want a week after the late check, %v (not a backlog of weeks at once)", w.DueAt, late.Add(week))
			}
		}},
		{"a week run a little late keeps the weekday and hour", watched(12), WatchWeekRecorded(weekAt(wT0.Add(week+3*time.Hour), "", 0), facts("x"), false, week), true, func(t *testing.T, w *domain.Watch) {
			if !w.DueAt.Equal(wT0.Add(2 * week)) {
				t.Errorf("due %v; want %v", w.DueAt, wT0.Add(2*week))
			}
		}},
		{"a failed week keeps the last good read", watched(12, func(w *domain.Watch) { w.Last = facts("good") }), WatchWeekRecorded(weekAt(wT0.Add(week), "The page did not load.", 0), nil, false, week), true, func(t *testing.T, w *domain.Watch) {
			if w.Last == nil || w.Last.Title != "good" || w.FailedInRow != 1 || w.Checks[0].Notice != "" || w.Left() != 11 {
				t.Errorf("watch %+v; want the last good read kept, 1 failed in a row, no e-mail, the week used", w)
			}
		}},
		{"the third failed week in a row owes one e-mail", watched(12, checked(1, "down", "", ""), checked(2, "down", "", "")), WatchWeekRecorded(weekAt(wT0.Add(3*week), "down", 0), nil, false, week), true, func(t *testing.T, w *domain.Watch) {
			if c := w.Checks[2]; c.Notice != domain.NoticeUnreadable || c.Mail != domain.WatchMailDue || w.FailedInRow != 3 || w.State != domain.WatchActive {
				t.Errorf("third failed week %+v (in a row %d, %s); want an unreadable notice due, still active", c, w.FailedInRow, w.State)
			}
		}},
		{"the fourth failed week in a row: no second e-mail", watched(12, checked(1, "down", "", ""), checked(2, "down", "", ""), checked(3, "down", domain.NoticeUnreadable, domain.WatchMailSent)), WatchWeekRecorded(weekAt(wT0.Add(4*week), "down", 0), nil, false, week), true, func(t *testing.T, w *domain.Watch) {
			if c := w.Checks[3]; c.Notice != "" || c.Mail != "" {
				t.Errorf("fourth failed week %+v; want no e-mail (the host was told once)", c)
			}
		}},
		{"a good read resets the failures", watched(12, checked(1, "down", "", ""), checked(2, "down", "", "")), WatchWeekRecorded(weekAt(wT0.Add(3*week), "", 0), facts("back"), false, week), true, func(t *testing.T, w *domain.Watch) {
			if w.FailedInRow != 0 || w.Checks[2].Notice != "" {
				t.Errorf("in a row %d, notice %q; want 0 and none", w.FailedInRow, w.Checks[2].Notice)
			}
		}},
		{"the listing removed ends the watch with an e-mail", watched(12), WatchWeekRecorded(weekAt(wT0.Add(week), "The listing is no longer on Airbnb.", 0), nil, true, week), true, func(t *testing.T, w *domain.Watch) {
			if w.State != domain.WatchEnded || w.Ended != domain.WatchEndRemoved || w.DueAt != nil || w.Checks[0].Notice != domain.NoticeRemoved || w.Checks[0].Mail != domain.WatchMailDue {
				t.Errorf("watch %+v; want ended (removed), nothing due, the removal's e-mail due", w)
			}
		}},
		{"the last week completes the watch", watched(2, checked(1, "", "", "")), WatchWeekRecorded(weekAt(wT0.Add(2*week), "", 1), facts("x"), false, week), true, func(t *testing.T, w *domain.Watch) {
			if w.State != domain.WatchEnded || w.Ended != domain.WatchEndCompleted || w.DueAt != nil || w.Left() != 0 || w.Checks[1].Mail != domain.WatchMailDue {
				t.Errorf("watch %+v; want ended (completed), nothing due, the last week's e-mail still due", w)
			}
		}},
		{"a week on a paused watch", watched(12, state(domain.WatchPaused, "")), WatchWeekRecorded(weekAt(wT0.Add(week), "", 1), facts("x"), false, week), false, nil},
		{"a week on a stopped watch", watched(12, state(domain.WatchStopped, "")), WatchWeekRecorded(weekAt(wT0.Add(week), "", 1), facts("x"), false, week), false, nil},
		{"a week after every week is used", watched(1, checked(1, "", "", ""), state(domain.WatchEnded, domain.WatchEndCompleted)), WatchWeekRecorded(weekAt(wT0.Add(2*week), "", 1), facts("x"), false, week), false, nil},
		{"a week on a refunded order", func() *domain.Optimization {
			o := watched(12)
			o.Status, o.Refund = domain.StatusRefunded, &domain.Refund{ID: "re_1"}
			return o
		}(), WatchWeekRecorded(weekAt(wT0.Add(week), "", 1), facts("x"), false, week), false, nil},
		{"a week on an order without a watch", premium(), WatchWeekRecorded(weekAt(wT0.Add(week), "", 1), facts("x"), false, week), false, nil},

		// The week's e-mail.
		{"mail sent", watched(12, checked(1, "", domain.NoticeChanges, domain.WatchMailDue)), WatchMailSent(domain.ISOWeek(wT0.Add(week)), wT0.Add(week+time.Minute)), true, func(t *testing.T, w *domain.Watch) {
			if c := w.Checks[0]; c.Mail != domain.WatchMailSent || c.MailedAt == nil || !c.MailedAt.Equal(wT0.Add(week+time.Minute)) {
				t.Errorf("week %+v; want sent at %v", c, wT0.Add(week+time.Minute))
			}
		}},
		{"mail sent twice", watched(12, checked(1, "", domain.NoticeChanges, domain.WatchMailSent)), WatchMailSent(domain.ISOWeek(wT0.Add(week)), wT0.Add(2*week)), false, nil},
		{"mail sent for a week owing none", watched(12, checked(1, "", "", "")), WatchMailSent(domain.ISOWeek(wT0.Add(week)), wT0.Add(week)), false, nil},
		{"mail sent for a week not checked", watched(12), WatchMailSent("2026-W50", wT0.Add(week)), false, nil},
		{"mail withheld while the watch may mail", watched(12, checked(1, "", domain.NoticeChanges, domain.WatchMailDue)), WatchMailWithheld(domain.ISOWeek(wT0.Add(week))), false, nil},
		{"mail withheld: paused before it went", watched(12, checked(1, "", domain.NoticeChanges, domain.WatchMailDue), state(domain.WatchPaused, "")), WatchMailWithheld(domain.ISOWeek(wT0.Add(week))), true, func(t *testing.T, w *domain.Watch) {
			if c := w.Checks[0]; c.Mail != domain.WatchMailWithheld || c.MailedAt != nil {
				t.Errorf("week %+v; want the e-mail withheld", c)
			}
		}},
		{"mail withheld: stopped before it went", watched(12, checked(1, "", domain.NoticeChanges, domain.WatchMailDue), state(domain.WatchStopped, "")), WatchMailWithheld(domain.ISOWeek(wT0.Add(week))), true, nil},
		{"mail withheld after it was sent", watched(12, checked(1, "", domain.NoticeChanges, domain.WatchMailSent), state(domain.WatchPaused, "")), WatchMailWithheld(domain.ISOWeek(wT0.Add(week))), false, nil},
		{"mail dropped while the watch may mail (the account being deleted)", watched(12, checked(1, "", domain.NoticeChanges, domain.WatchMailDue)), WatchMailDropped(domain.ISOWeek(wT0.Add(week))), true, func(t *testing.T, w *domain.Watch) {
			if c := w.Checks[0]; c.Mail != domain.WatchMailWithheld {
				t.Errorf("week %+v; want the e-mail given up", c)
			}
		}},
		{"mail dropped after it was sent", watched(12, checked(1, "", domain.NoticeChanges, domain.WatchMailSent)), WatchMailDropped(domain.ISOWeek(wT0.Add(week))), false, nil},

		// The host's controls.
		{"pause", watched(12), WatchPaused(wT0.Add(time.Hour)), true, func(t *testing.T, w *domain.Watch) {
			if w.State != domain.WatchPaused || w.DueAt != nil || w.PausedAt == nil || !w.PausedAt.Equal(wT0.Add(time.Hour)) {
				t.Errorf("watch %+v; want paused at %v with nothing due", w, wT0.Add(time.Hour))
			}
		}},
		{"pause twice (the e-mail's link clicked again)", watched(12, state(domain.WatchPaused, "")), WatchPaused(wT0.Add(2 * time.Hour)), false, nil},
		{"pause a stopped watch", watched(12, state(domain.WatchStopped, "")), WatchPaused(wT0), false, nil},
		{"pause an ended watch", watched(1, state(domain.WatchEnded, domain.WatchEndCompleted)), WatchPaused(wT0), false, nil},
		{"stop an active watch", watched(12), WatchStopped(wT0.Add(time.Hour)), true, func(t *testing.T, w *domain.Watch) {
			if w.State != domain.WatchStopped || w.DueAt != nil || w.StoppedAt == nil {
				t.Errorf("watch %+v; want stopped with nothing due", w)
			}
		}},
		{"stop a paused watch", watched(12, state(domain.WatchPaused, "")), WatchStopped(wT0.Add(time.Hour)), true, nil},
		{"stop twice (the unsubscribe clicked again)", watched(12, state(domain.WatchStopped, "")), WatchStopped(wT0), false, nil},
		{"stop a refunded watch", watched(12, state(domain.WatchEnded, domain.WatchEndRefunded)), WatchStopped(wT0), false, nil},
		{"stop with no watch", premium(), WatchStopped(wT0), false, nil},
		{"resume a paused watch: due a week after its last check", watched(12, checked(1, "", "", ""), state(domain.WatchPaused, "")), WatchResumed(wT0.Add(week+time.Hour), week), true, func(t *testing.T, w *domain.Watch) {
			if w.State != domain.WatchActive || w.DueAt == nil || !w.DueAt.Equal(wT0.Add(2*week)) {
				t.Errorf("watch %+v; want active, due %v", w, wT0.Add(2*week))
			}
		}},
		{"resume long after: due at once", watched(12, checked(1, "", "", ""), state(domain.WatchStopped, "")), WatchResumed(wT0.Add(5*week), week), true, func(t *testing.T, w *domain.Watch) {
			if w.DueAt == nil || !w.DueAt.Equal(wT0.Add(5*week)) {
				t.Errorf("due %v; want at once, %v", w.DueAt, wT0.Add(5*week))
			}
		}},
		{"restart after the listing was removed", watched(12, checked(1, "gone", domain.NoticeRemoved, domain.WatchMailSent), state(domain.WatchEnded, domain.WatchEndRemoved)), WatchResumed(wT0.Add(3*week), week), true, func(t *testing.T, w *domain.Watch) {
			if w.State != domain.WatchActive || w.Ended != "" || w.FailedInRow != 0 || w.Left() != 11 {
				t.Errorf("watch %+v; want active again with 11 weeks left, no end, no failures counted", w)
			}
		}},
		{"resume an active watch", watched(12), WatchResumed(wT0, week), false, nil},
		{"resume a completed watch", watched(1, checked(1, "", "", ""), state(domain.WatchEnded, domain.WatchEndCompleted)), WatchResumed(wT0.Add(2*week), week), false, nil},
		{"resume a stopped watch with no weeks left", watched(1, checked(1, "", "", ""), state(domain.WatchStopped, "")), WatchResumed(wT0.Add(2*week), week), false, nil},
		{"resume a refunded watch", func() *domain.Optimization {
			o := watched(12, state(domain.WatchEnded, domain.WatchEndRefunded))
			o.Status, o.Refund = domain.StatusRefunded, &domain.Refund{ID: "re_1"}
			return o
		}(), WatchResumed(wT0, week), false, nil},

		// A refund ends it.
		{"refund ends the watch and withholds its e-mail", watched(12, checked(1, "", domain.NoticeChanges, domain.WatchMailDue)), Refunded(domain.Refund{ID: "re_1", Amount: 19.99, RefundedAt: wT0.Add(8 * 24 * time.Hour)}, true), true, func(t *testing.T, w *domain.Watch) {
			if w.State != domain.WatchEnded || w.Ended != domain.WatchEndRefunded || w.DueAt != nil || w.Checks[0].Mail != domain.WatchMailWithheld {
				t.Errorf("watch %+v; want ended (refunded), nothing due, the week's e-mail withheld", w)
			}
		}},
		{"refund a paused watch", watched(12, state(domain.WatchPaused, "")), Refunded(domain.Refund{ID: "re_1", RefundedAt: wT0}, false), true, func(t *testing.T, w *domain.Watch) {
			if w.State != domain.WatchEnded || w.Ended != domain.WatchEndRefunded {
				t.Errorf("watch %+v; want ended (refunded)", w)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			before := fmt.Sprintf("%+v", *o)
			if o.Watch != nil {
				before += fmt.Sprintf("%+v", *o.Watch)
			}
			if got := tc.change(o); got != tc.want {
				t.Fatalf("applied = %v, want %v (watch %+v)", got, tc.want, o.Watch)
			}
			if !tc.want {
				after := fmt.Sprintf("%+v", *o)
				if o.Watch != nil {
					after += fmt.Sprintf("%+v", *o.Watch)
				}
				if after != before {
					t.Errorf("a Change that did not apply changed the order:\n%s\n%s", before, after)
				}
				return
			}
			if o.Watch == nil {
				t.Fatal("no watch after the change")
			}
			if WatchDueAt(o.Watch) != nil && o.Watch.State != domain.WatchActive {
				t.Errorf("a %s watch is due (%v)", o.Watch.State, WatchDueAt(o.Watch))
			}
			if tc.check != nil {
				tc.check(t, o.Watch)
			}
		})
	}
}

// TestMailableAndRestartable: which watches may e-mail the host about a
// week and which the host may resume, by state.
func TestMailableAndRestartable(t *testing.T) {
	refunded := watched(12, state(domain.WatchEnded, domain.WatchEndRefunded))
	refunded.Status, refunded.Refund = domain.StatusRefunded, &domain.Refund{ID: "re_1"}
	for _, tc := range []struct {
		name                  string
		o                     *domain.Optimization
		mailable, restartable bool
	}{
		{"no watch", premium(), false, false},
		{"active", watched(12), true, false},
		{"paused", watched(12, state(domain.WatchPaused, "")), false, true},
		{"stopped", watched(12, state(domain.WatchStopped, "")), false, true},
		{"stopped with no weeks left", watched(1, checked(1, "", "", ""), state(domain.WatchStopped, "")), false, false},
		{"ended: completed (its last week's e-mail)", watched(1, checked(1, "", "", ""), state(domain.WatchEnded, domain.WatchEndCompleted)), true, false},
		{"ended: the listing removed", watched(12, state(domain.WatchEnded, domain.WatchEndRemoved)), true, true},
		{"ended: refunded", refunded, false, false},
	} {
		if got := Mailable(tc.o); got != tc.mailable {
			t.Errorf("%s: Mailable = %v, want %v", tc.name, got, tc.mailable)
		}
		if got := Restartable(tc.o); got != tc.restartable {
			t.Errorf("%s: Restartable = %v, want %v", tc.name, got, tc.restartable)
		}
	}
}

// TestWatchDueAt: the due time the adapters index is the watch's only
// while it is active, whatever DueAt a watch in another state carries.
func TestWatchDueAt(t *testing.T) {
	due := wT0
	for _, tc := range []struct {
		name string
		w    *domain.Watch
		want bool
	}{
		{"no watch", nil, false},
		{"active", &domain.Watch{State: domain.WatchActive, DueAt: &due}, true},
		{"active, nothing due", &domain.Watch{State: domain.WatchActive}, false},
		{"paused with a stale due time", &domain.Watch{State: domain.WatchPaused, DueAt: &due}, false},
		{"stopped with a stale due time", &domain.Watch{State: domain.WatchStopped, DueAt: &due}, false},
		{"ended with a stale due time", &domain.Watch{State: domain.WatchEnded, Ended: domain.WatchEndRefunded, DueAt: &due}, false},
	} {
		if got := WatchDueAt(tc.w); (got != nil) != tc.want || got != nil && !got.Equal(due) {
			t.Errorf("%s: WatchDueAt = %v, want due: %v", tc.name, got, tc.want)
		}
	}
}

// TestCheckWatchFits: a watch fits beside its report in one Firestore
// document, or the write is refused as invalid on both adapters.
func TestCheckWatchFits(t *testing.T) {
	report := func(n int) []byte { return []byte(`{"overall_score":61,"body":"` + strings.Repeat("r", n) + `"}`) }
	big := func(n int) *domain.Optimization {
		o := watched(12)
		o.Watch.Last = &domain.WatchFacts{Description: strings.Repeat("d", n)}
		return o
	}
	for _, tc := range []struct {
		name    string
		o       *domain.Optimization
		results []byte
		ok      bool
	}{
		{"no watch", premium(), report(900 << 10), true},
		{"a 12-week watch with its facts beside a large report", func() *domain.Optimization {
			o := big(20_000)
			for n := 1; n <= 12; n++ {
				checked(n, "", domain.NoticeChanges, domain.WatchMailSent)(o.Watch)
			}
			return o
		}(), report(700 << 10), true},
		{"a watch that leaves the report no room", big(100 << 10), report(900 << 10), false},
		{"a watch over a document on its own", big(1 << 20), nil, false},
	} {
		tc.o.Results = tc.results
		err := CheckWatchFits(tc.o)
		if (err == nil) != tc.ok {
			t.Errorf("%s: CheckWatchFits = %v, want ok %v", tc.name, err, tc.ok)
		}
		if err != nil && domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("%s: refused as %q (%v); want %q", tc.name, domain.ErrorCode(err), err, domain.CodeInvalid)
		}
	}
}

// TestTwelveWeeks lives one watch through its weeks with the real
// Changes, doubled as a doubled scheduler run and retried tasks would:
// an e-mail owed only on weeks with changes, each week recorded once, a
// pause in the middle skipping nothing it should not, and the end.
func TestTwelveWeeks(t *testing.T) {
	o := premium()
	if !WatchStarted(wT0, 12, week)(o) || WatchStarted(wT0, 12, week)(o) {
		t.Fatal("the watch did not start exactly once")
	}
	mails := 0
	for n := 1; o.Watch.State != domain.WatchEnded; n++ {
		if n > 20 {
			t.Fatal("the watch never ended")
		}
		if n == 5 { // the host pauses for a week, then resumes
			if !WatchPaused(wT0.Add(4*week+time.Hour))(o) || WatchDueAt(o.Watch) != nil {
				t.Fatal("pause: not applied, or still due")
			}
			if !WatchResumed(wT0.Add(5*week+time.Hour), week)(o) {
				t.Fatal("resume did not apply")
			}
		}
		at := *o.Watch.DueAt
		changes := 0
		if n%3 == 0 {
			changes = 1
		}
		c := weekAt(at, "", changes)
		if !WatchWeekRecorded(c, facts(fmt.Sprint(n)), false, week)(o) {
			t.Fatalf("week %d not recorded", n)
		}
		if WatchWeekRecorded(c, facts("again"), false, week)(o) {
			t.Fatalf("week %d recorded twice", n)
		}
		got := o.Watch.Week(c.Week)
		if (got.Mail == domain.WatchMailDue) != (changes > 0) {
			t.Errorf("week %d (%d changes): mail %q", n, changes, got.Mail)
		}
		if got.Mail == domain.WatchMailDue {
			if !WatchMailSent(c.Week, at.Add(time.Minute))(o) || WatchMailSent(c.Week, at.Add(2*time.Minute))(o) {
				t.Errorf("week %d: its e-mail not sent exactly once", n)
			}
			mails++
		}
	}
	if w := o.Watch; w.Used() != 12 || w.Left() != 0 || w.Ended != domain.WatchEndCompleted || WatchDueAt(w) != nil || mails != 4 {
		t.Errorf("after the weeks: used %d, left %d, ended %q, due %v, %d e-mails; want 12, 0, completed, none, 4 (weeks 3, 6, 9, 12)",
			w.Used(), w.Left(), w.Ended, WatchDueAt(w), mails)
	}
}
