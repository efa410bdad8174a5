package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store/docrules"
)

// The watch's life (issue 45), as Changes on the order it belongs to:
// decided here once for both adapters and run inside Apply's transaction,
// so a doubled scheduler run, a retried task and a host's click racing
// each other end in one state. Every one is idempotent: a repeat changes
// nothing and reports false.

// Watchable reports whether o may carry a watch: a completed Premium
// report the host bought (no re-check) whose money is still ours.
func Watchable(o *domain.Optimization) bool {
	return o.Status == domain.StatusCompleted && o.PlanType == domain.PlanPremium && o.RecheckOf == "" && !Refused(o) && o.PaidAt != nil
}

// WatchStarted starts o's watch at at with weeks weekly checks, the first
// due every after at, once: on a Watchable order with no watch yet.
func WatchStarted(at time.Time, weeks int, every time.Duration) Change {
	return func(o *domain.Optimization) bool {
		if o.Watch != nil || weeks <= 0 || !Watchable(o) {
			return false
		}
		due := at.Add(every)
		o.Watch = &domain.Watch{State: domain.WatchActive, StartedAt: at, Weeks: weeks, DueAt: &due, Checks: []domain.WatchWeek{}}
		return true
	}
}

// WatchWeekRecorded records one week's check on an active watch, once per
// ISO week (check.Week): the check, and facts as the next week's "before"
// (nil for a week whose listing could not be read, which keeps the last).
// The next check is due every after this one was (or after now, when the
// check ran late by more than that). The watch ends when its weeks are
// used (completed) or when removed (the listing is no longer on its site);
// the third failed week in a row owes the host one e-mail, as does a
// week with changes and a removal. A watch that is not active, or that
// already has the week, is left alone.
func WatchWeekRecorded(check domain.WatchWeek, facts *domain.WatchFacts, removed bool, every time.Duration) Change {
	return func(o *domain.Optimization) bool {
		w := o.Watch
		if w == nil || w.State != domain.WatchActive || w.Week(check.Week) != nil || w.Left() == 0 || !Watchable(o) {
			return false
		}
		check.Notice, check.Mail, check.MailedAt = "", "", nil
		if check.Failed != "" {
			w.FailedInRow++
			if w.FailedInRow == 3 {
				check.Notice = domain.NoticeUnreadable
			}
		} else {
			w.FailedInRow = 0
			if facts != nil {
				f := *facts
				w.Last = &f
			}
			if len(check.Changes) > 0 {
				check.Notice = domain.NoticeChanges
			}
		}
		if removed {
			check.Notice = domain.NoticeRemoved
		}
		if check.Notice != "" {
			check.Mail = domain.WatchMailDue
		}
		w.Checks = append(w.Checks, check)
		switch {
		case removed:
			w.State, w.Ended, w.DueAt = domain.WatchEnded, domain.WatchEndRemoved, nil
		case w.Left() == 0:
			w.State, w.Ended, w.DueAt = domain.WatchEnded, domain.WatchEndCompleted, nil
		default:
			next := check.CheckedAt.Add(every)
			if w.DueAt != nil && w.DueAt.Add(every).After(check.CheckedAt) {
				next = w.DueAt.Add(every) // keep the weekday and hour
			}
			w.DueAt = &next
		}
		return true
	}
}

// Mailable reports whether o's watch may e-mail the host about a week:
// active, or ended by its last week or by the listing's removal (that
// week's e-mail says so) — never paused, stopped or refunded.
func Mailable(o *domain.Optimization) bool {
	w := o.Watch
	if w == nil || Refused(o) {
		return false
	}
	return w.State == domain.WatchActive || w.State == domain.WatchEnded && (w.Ended == domain.WatchEndCompleted || w.Ended == domain.WatchEndRemoved)
}

// WatchMailSent records that week's e-mail went at at, once.
func WatchMailSent(week string, at time.Time) Change {
	return func(o *domain.Optimization) bool {
		c := weekOwingMail(o, week)
		if c == nil {
			return false
		}
		c.Mail, c.MailedAt = domain.WatchMailSent, &at
		return true
	}
}

// WatchMailWithheld gives up week's e-mail because the watch may no longer
// e-mail (Mailable): paused, stopped or refunded before it went.
func WatchMailWithheld(week string) Change {
	return func(o *domain.Optimization) bool {
		c := weekOwingMail(o, week)
		if c == nil || Mailable(o) {
			return false
		}
		c.Mail = domain.WatchMailWithheld
		return true
	}
}

// WatchMailDropped gives up week's e-mail whatever the watch's state: the
// account is being deleted, or the provider refused the message for good.
func WatchMailDropped(week string) Change {
	return func(o *domain.Optimization) bool {
		c := weekOwingMail(o, week)
		if c == nil {
			return false
		}
		c.Mail = domain.WatchMailWithheld
		return true
	}
}

func weekOwingMail(o *domain.Optimization, week string) *domain.WatchWeek {
	if o.Watch == nil {
		return nil
	}
	c := o.Watch.Week(week)
	if c == nil || c.Mail != domain.WatchMailDue {
		return nil
	}
	return c
}

// WatchPaused pauses an active watch at at: no check is due until it is
// resumed.
func WatchPaused(at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.Watch == nil || o.Watch.State != domain.WatchActive {
			return false
		}
		o.Watch.State, o.Watch.DueAt, o.Watch.PausedAt = domain.WatchPaused, nil, &at
		return true
	}
}

// WatchStopped stops an active or paused watch at at (the e-mail's
// unsubscribe): nothing is checked or sent; the host may restart it
// while weeks remain.
func WatchStopped(at time.Time) Change {
	return func(o *domain.Optimization) bool {
		if o.Watch == nil || (o.Watch.State != domain.WatchActive && o.Watch.State != domain.WatchPaused) {
			return false
		}
		o.Watch.State, o.Watch.DueAt, o.Watch.StoppedAt = domain.WatchStopped, nil, &at
		return true
	}
}

// Restartable reports whether o's watch may be resumed or restarted: paused
// or stopped, or ended because the listing left its site (the host may
// have listed it again), with weeks left, on an order that is still
// Watchable.
func Restartable(o *domain.Optimization) bool {
	w := o.Watch
	if w == nil || w.Left() == 0 || !Watchable(o) {
		return false
	}
	return w.State == domain.WatchPaused || w.State == domain.WatchStopped || w.State == domain.WatchEnded && w.Ended == domain.WatchEndRemoved
}

// WatchResumed makes a Restartable watch active again at at: the next
// check is due a week after the last one (or after the start), or at once
// when that has passed.
func WatchResumed(at time.Time, every time.Duration) Change {
	return func(o *domain.Optimization) bool {
		if !Restartable(o) {
			return false
		}
		w := o.Watch
		last := w.StartedAt
		if n := len(w.Checks); n > 0 {
			last = w.Checks[n-1].CheckedAt
		}
		due := last.Add(every)
		if due.Before(at) {
			due = at
		}
		w.State, w.Ended, w.DueAt, w.FailedInRow = domain.WatchActive, "", &due, 0
		return true
	}
}

// endWatch ends o's watch for a refund (Refunded; an upgrade refunded
// never had one: it stayed Basic, not Watchable): no
// check is due and no e-mail owed is sent.
func endWatch(o *domain.Optimization) {
	w := o.Watch
	if w == nil || w.State == domain.WatchEnded && w.Ended == domain.WatchEndRefunded {
		return
	}
	w.State, w.Ended, w.DueAt = domain.WatchEnded, domain.WatchEndRefunded, nil
	for i := range w.Checks {
		if w.Checks[i].Mail == domain.WatchMailDue {
			w.Checks[i].Mail = domain.WatchMailWithheld
		}
	}
}

// WatchDueAt is the due time both adapters keep beside the watch, in a
// field of its own indexed alone (Store.DueWatches): the watch's DueAt
// while it is active, else nil, so a paused, stopped or ended watch is
// never in the scheduler's index whatever its DueAt says.
func WatchDueAt(w *domain.Watch) *time.Time {
	if w == nil || w.State != domain.WatchActive || w.DueAt == nil {
		return nil
	}
	return w.DueAt
}

// CheckWatchFits refuses (docrules.Refusal: domain.CodeInvalid) an
// order whose watch would not fit in its Firestore document beside its
// report: the report may use docrules.MaxReportBytes and the order's
// other fields docrules.OtherFieldsAllowance, so the watch gets what the
// report leaves. Both adapters run it on every write of a watch, so SQLite
// refuses what Firestore would. The watch's JSON is measured (times as
// text, longer than Firestore's 8 bytes): an overestimate, never an under.
func CheckWatchFits(o *domain.Optimization) error {
	if o.Watch == nil {
		return nil
	}
	reportBytes := 0
	if r := bytes.TrimSpace(o.Results); len(r) > 0 && !bytes.Equal(r, []byte("null")) {
		n, err := docrules.CheckReport(r)
		if err != nil {
			return docrules.Refusal(err)
		}
		reportBytes = n
	}
	raw, err := json.Marshal(o.Watch)
	if err != nil {
		return fmt.Errorf("encode the watch: %w", err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return fmt.Errorf("decode the watch: %w", err)
	}
	size, err := docrules.Value("watch", v, 1)
	if err != nil {
		return docrules.Refusal(err)
	}
	size += len("watch") + 1
	if room := docrules.MaxDocumentBytes - docrules.OtherFieldsAllowance - reportBytes; size > room {
		return docrules.Refusal(&docrules.Violation{Path: "watch", Rule: fmt.Sprintf(
			"the watch takes %d bytes; beside a %d-byte report it must fit in %d", size, reportBytes, room)})
	}
	return nil
}
