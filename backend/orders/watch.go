package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/plans"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/reportmail"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/watch"
	"github.com/listinglift/listinglift/backend/watchlink"
)

// Watch (issue 45): a bought Premium report watches its listing for
// plans.WatchWeeks weeks. The watch is state on the order (domain.Watch),
// changed only through the store Changes of store/watch.go. The hourly
// scheduler (QueueDueWatches) queues each due watch as a task named for
// its ISO week; the task (RunWatch) reads the listing again through the
// report pipeline, records the week once, and e-mails the host only when
// the week owes a notice (something changed, the third unreadable week in
// a row, or the listing gone).

// WatchChecker reads a watched listing again for one week's check: the
// report pipeline as a re-check runs it, without the copy model (a week's
// copy is never shown) and without a PDF (Pipeline.Check).
type WatchChecker interface {
	Check(ctx context.Context, o *domain.Optimization) (*report.Result, error)
}

// WatchLinks seals and opens the tokens of a watch e-mail's pause and stop
// links (watchlink.Signer).
type WatchLinks interface {
	Token(optimizationID string) string
	Verify(token string) (string, error)
}

// Defaults of the watch's Deps.
const (
	// DefaultWatchPage is how many due watches one store read returns.
	DefaultWatchPage = 500
	// DefaultWatchRunBudget bounds one scheduler run: what is still due
	// when it is spent waits for the next hourly run (logged). Well
	// inside Cloud Scheduler's attempt deadline (docs/DEPLOY.md).
	DefaultWatchRunBudget = 4 * time.Minute
	// watchEnqueuers is how many tasks a run creates at once.
	watchEnqueuers = 16
)

// WatchAction is what a host asks of a watch.
type WatchAction string

const (
	WatchPause  WatchAction = "pause"
	WatchResume WatchAction = "resume"
	WatchStop   WatchAction = "stop"
)

// Messages of a watch the host cannot act on (409).
var (
	MsgWatchPremiumOnly = fmt.Sprintf("Watch comes with Premium. Upgrade this report to have your listing and its market checked every week for %d weeks.", plans.Includes(domain.PlanPremium).WatchWeeks)
	MsgWatchNoWeeksLeft = "This watch has checked all of its weeks."
	MsgWatchRefunded    = "This report was refunded, so its listing is no longer watched."
	MsgWatchNotReady    = "The watch starts once the report is ready."
)

// startWatch starts the watch of a completed order id whose plan includes
// one, with the bought report (results) as the first week's "before". It
// is idempotent (store.WatchStarted) and best effort where it is called
// after the completion: the report e-mail's job starts it too
// (RunEmail), so a failed write here is made good there.
func (s *Service) startWatch(ctx context.Context, id string, plan domain.Plan, results json.RawMessage) error {
	weeks := plans.Includes(plan).WatchWeeks
	if weeks == 0 {
		return nil
	}
	var facts *domain.WatchFacts
	if r, err := report.Decode(results); err == nil {
		f := watch.Facts(r)
		facts = &f
	}
	start := store.WatchStarted(s.d.Now(), weeks, plans.WatchEvery)
	started, err := s.d.Orders.Apply(ctx, id, func(o *domain.Optimization) bool {
		if !start(o) {
			return false
		}
		o.Watch.Last = facts
		return true
	})
	if err != nil {
		return fmt.Errorf("orders: start the watch of %s: %w", id, err)
	}
	if started {
		s.d.Logger.Info("watch started", "optimization", id, "weeks", weeks)
	}
	return nil
}

// QueueDueWatches is the watch scheduler's run (Cloud Scheduler, hourly;
// the local server's ticker; `listinglift watch run --now`): it queues a
// task for every watch due now, page by page, named for the order and the
// ISO week it is due in, so a doubled or overlapping run queues each
// week's check once (the queue refuses the name again). It stops when
// its budget is spent, and what is still due waits for the next run.
func (s *Service) QueueDueWatches(ctx context.Context) (queued int, err error) {
	now := s.d.Now()
	ctx, cancel := context.WithTimeout(ctx, s.d.WatchRunBudget)
	defer cancel()
	var after *domain.WatchDue
	due := 0
	for {
		page, err := s.d.Rechecks.DueWatches(ctx, now, after, s.d.WatchPage)
		if err != nil {
			return queued, fmt.Errorf("orders: due watches: %w", err)
		}
		due += len(page)
		n, err := s.queueWatches(ctx, page)
		queued += n
		if err != nil {
			if ctx.Err() != nil {
				s.d.Logger.Warn("watch run out of time; the rest waits for the next run", "queued", queued, "due_seen", due)
				return queued, nil
			}
			return queued, err
		}
		if len(page) < s.d.WatchPage {
			break
		}
		after = &page[len(page)-1]
	}
	if due > 0 {
		s.d.Logger.Info("due watches queued", "due", due, "queued", queued)
	}
	return queued, nil
}

// queueWatches queues page's tasks, watchEnqueuers at a time. A name the
// queue already has is that week's task, queued by an earlier run.
func (s *Service) queueWatches(ctx context.Context, page []domain.WatchDue) (int, error) {
	var (
		mu       sync.Mutex
		queued   int
		firstErr error
		wg       sync.WaitGroup
		slots    = make(chan struct{}, watchEnqueuers)
	)
	for _, d := range page {
		slots <- struct{}{}
		wg.Add(1)
		go func(d domain.WatchDue) {
			defer func() { <-slots; wg.Done() }()
			err := s.d.Queue.Enqueue(ctx, jobs.WatchFor(d.ID, domain.ISOWeek(d.DueAt)))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				queued++
			case errors.Is(err, jobs.ErrDuplicate):
			case firstErr == nil:
				firstErr = fmt.Errorf("orders: queue the watch of %s: %w", d.ID, err)
			}
		}(d)
	}
	wg.Wait()
	return queued, firstErr
}

// RunWatch is a watch task: one week's check of one watched listing. It is
// idempotent: a week is recorded once (store.WatchWeekRecorded), so a
// retried or doubled task only finishes what the first left — the
// week's e-mail, sent once (store.WatchMailSent).
//
// The listing is read through the report pipeline. A page that cannot be
// read (blocked, too slow, the site down) is the week's outcome, recorded
// with its reason and tried again next week, not a retry now; a listing
// its site no longer has ends the watch. Anything else (our store, our
// own failure) asks the queue for a retry, and on the final attempt the
// week is recorded as failed so the watch moves on.
func (s *Service) RunWatch(ctx context.Context, job jobs.Job, attempt jobs.Attempt) error {
	week := jobs.WeekOf(job)
	log := s.d.Logger.With("optimization", job.OptimizationID, "job", job.Name, "attempt", attempt.Number, "week", week)
	o, err := s.d.Orders.GetOptimization(ctx, job.OptimizationID)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		log.Info("watch task for an order that is gone (its account was deleted)")
		return nil
	}
	if err != nil {
		return fmt.Errorf("orders: watch %s: %w", job.Name, err)
	}
	w := o.Watch
	switch {
	case w == nil || week == "":
		return nil
	case w.Week(week) != nil:
		return s.mailWeek(ctx, log, o.ID, week) // recorded by an earlier run
	case w.State != domain.WatchActive || w.DueAt == nil || w.DueAt.After(s.d.Now()) || domain.ISOWeek(*w.DueAt) != week:
		log.Info("watch task no longer due", "state", w.State)
		return nil
	}

	check, facts, removed, err := s.checkWeek(ctx, o, week)
	if err != nil {
		if !attempt.Final {
			log.Warn("watch check failed; will retry", "err", err)
			return fmt.Errorf("orders: watch %s: %w", job.Name, err)
		}
		log.Error("watch check failed on its final attempt; the week is recorded as not checked", "err", err)
		check = domain.WatchWeek{Week: week, CheckedAt: s.d.Now(), Failed: MsgWatchCheckFailed}
	}
	applied, err := s.d.Orders.Apply(ctx, o.ID, store.WatchWeekRecorded(check, facts, removed, plans.WatchEvery))
	if err != nil {
		return fmt.Errorf("orders: watch %s: record the week: %w", job.Name, err)
	}
	if applied {
		log.Info("watch week checked", "changes", len(check.Changes), "failed", check.Failed != "", "removed", removed)
	}
	return s.mailWeek(ctx, log, o.ID, week)
}

// MsgWatchCheckFailed is a week we could not check for a reason of our own.
const MsgWatchCheckFailed = "We could not check your listing this week because of a problem on our side."

// checkWeek reads o's listing for week and compares it with the last
// week read. err is a failure of ours (to retry); a listing that could
// not be read is the week's Failed reason, and one its site no longer has
// is removed.
func (s *Service) checkWeek(ctx context.Context, o *domain.Optimization, week string) (check domain.WatchWeek, facts *domain.WatchFacts, removed bool, err error) {
	if s.d.Checker == nil {
		return check, nil, false, errors.New("no watch checker configured")
	}
	cctx, cancel := context.WithTimeout(ctx, s.d.JobBudget)
	defer cancel()
	r, err := s.d.Checker.Check(cctx, o)
	if ctx.Err() != nil {
		// The task itself was cut off (shutdown, the queue's deadline): a
		// failed read now says nothing about the listing.
		return check, nil, false, fmt.Errorf("watch check interrupted: %w", ctx.Err())
	}
	now := s.d.Now()
	switch code := domain.ErrorCode(err); {
	case err == nil:
		f := watch.Facts(r)
		return watch.Week(week, now, o.Watch.Last, f), &f, false, nil
	case code == domain.CodeNotFound:
		return domain.WatchWeek{Week: week, CheckedAt: now, Failed: domain.ErrorMessage(err)}, nil, true, nil
	case code == domain.CodeUnavailable || code == domain.CodeUnreadable || code == domain.CodeInvalid:
		return domain.WatchWeek{Week: week, CheckedAt: now, Failed: domain.ErrorMessage(err)}, nil, false, nil
	}
	return check, nil, false, err
}

// mailWeek sends the e-mail week owes on order id, once, if the watch may
// still e-mail (store.Mailable: not paused, stopped or refunded, the
// account not being deleted); otherwise the e-mail is withheld. A send
// that failed on our side asks for a retry.
func (s *Service) mailWeek(ctx context.Context, log *slog.Logger, id, week string) error {
	o, err := s.d.Orders.GetOptimization(ctx, id)
	if err != nil {
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return nil
		}
		return fmt.Errorf("orders: watch %s %s: %w", id, week, err)
	}
	if o.Watch == nil || s.d.Mailer == nil {
		return nil
	}
	c := o.Watch.Week(week)
	if c == nil || c.Mail != domain.WatchMailDue {
		return nil
	}
	deleted, err := s.d.Deleted.CustomerDeleted(ctx, o.CustomerUID)
	if err != nil {
		return fmt.Errorf("orders: watch %s %s: %w", id, week, err)
	}
	if deleted || !store.Mailable(o) {
		withhold := store.WatchMailWithheld(week)
		if deleted { // Mailable does not know of the deletion
			withhold = store.WatchMailDropped(week)
		}
		if _, err := s.d.Orders.Apply(ctx, id, withhold); err != nil {
			return fmt.Errorf("orders: watch %s %s: withhold the e-mail: %w", id, week, err)
		}
		log.Info("watch e-mail withheld", "state", o.Watch.State, "account_deleted", deleted)
		return nil
	}
	msg, err := reportmail.Watch(s.watchMailInput(o, *c))
	if err == nil {
		err = s.d.Mailer.Send(ctx, msg)
	}
	if err != nil {
		switch {
		case !mail.Retryable(err):
			log.Error("watch e-mail failed; giving up", logging.Event(logging.EventEmailGivenUp), "err", err)
			if _, err := s.d.Orders.Apply(ctx, id, store.WatchMailDropped(week)); err != nil {
				return fmt.Errorf("orders: watch %s %s: give up the e-mail: %w", id, week, err)
			}
			return nil
		case mail.IsConfig(err):
			log.Error(mail.MsgConfigRefused, logging.Event(logging.EventMailCredentialsRefused), "err", err)
		default:
			log.Warn("watch e-mail failed; will retry", "err", err)
		}
		return fmt.Errorf("orders: watch %s %s: e-mail: %w", id, week, err)
	}
	if _, err := s.d.Orders.Apply(ctx, id, store.WatchMailSent(week, s.d.Now())); err != nil {
		// Sent but not recorded: a retry may send it again, which is
		// better than a notice lost.
		return fmt.Errorf("orders: watch %s %s: record the e-mail: %w", id, week, err)
	}
	log.Info("watch e-mail sent", "notice", c.Notice, "changes", len(c.Changes))
	return nil
}

// watchMailInput is the e-mail of o's week c, with its one-click links.
func (s *Service) watchMailInput(o *domain.Optimization, c domain.WatchWeek) reportmail.WatchInput {
	in := reportmail.WatchInput{To: o.CustomerEmail, ListingTitle: o.ListingTitle, ListingURL: o.ListingURL,
		Week: c, Watch: *o.Watch, DashboardURL: s.d.PublicURL + "/dashboard", SupportEmail: s.d.SupportEmail}
	if o.Watch.Last != nil && o.Watch.Last.Title != "" {
		in.ListingTitle = o.Watch.Last.Title
	}
	if t, err := listing.ParseURL(o.ListingURL); err == nil {
		in.Platform = t.Platform.Name()
	}
	if s.d.WatchLinks != nil {
		tok := s.d.WatchLinks.Token(o.ID)
		in.PauseURL = s.d.PublicURL + "/watch?action=pause&token=" + tok
		in.StopURL = s.d.PublicURL + "/watch?action=stop&token=" + tok
		in.UnsubscribeURL = s.d.PublicURL + "/api/watch/unsubscribe?token=" + tok
	}
	return in
}

// ControlWatch is the host's Pause, Resume or Stop of the watch of their
// report id, from the dashboard. Acting again is no error (the watch is
// already so); a watch that cannot resume says why (CodeConflict).
func (s *Service) ControlWatch(ctx context.Context, c Customer, id string, action WatchAction) (*domain.Optimization, error) {
	o, err := s.Lookup(ctx, c.UID, id)
	if err != nil {
		return nil, err
	}
	return s.controlWatch(ctx, o, action)
}

// ControlWatchByToken is an e-mail link's Pause or Stop: the token names
// the order (watchlink); a bad token is watchlink.ErrInvalid (404).
func (s *Service) ControlWatchByToken(ctx context.Context, token string, action WatchAction) (*domain.Optimization, error) {
	if s.d.WatchLinks == nil {
		return nil, watchlink.ErrInvalid
	}
	id, err := s.d.WatchLinks.Verify(token)
	if err != nil {
		return nil, err
	}
	if action == WatchResume {
		return nil, domain.Errorf(domain.CodeInvalid, "Resume the watch from your dashboard.")
	}
	o, err := s.d.Orders.GetOptimization(ctx, id)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		err = watchlink.ErrInvalid // the order is gone: the same answer as a bad link
	}
	if err != nil {
		return nil, err
	}
	return s.controlWatch(ctx, o, action)
}

func (s *Service) controlWatch(ctx context.Context, o *domain.Optimization, action WatchAction) (*domain.Optimization, error) {
	if o.Watch == nil {
		switch {
		case store.Refused(o):
			return nil, domain.Errorf(domain.CodeConflict, "%s", MsgWatchRefunded)
		case plans.Includes(o.PlanType).WatchWeeks == 0 || o.RecheckOf != "":
			return nil, domain.Errorf(domain.CodeConflict, "%s", MsgWatchPremiumOnly)
		}
		return nil, domain.Errorf(domain.CodeConflict, "%s", MsgWatchNotReady)
	}
	now := s.d.Now()
	var change store.Change
	switch action {
	case WatchPause:
		change = store.WatchPaused(now)
	case WatchStop:
		change = store.WatchStopped(now)
	case WatchResume:
		change = store.WatchResumed(now, plans.WatchEvery)
	default:
		return nil, domain.Errorf(domain.CodeInvalid, "Choose pause, resume or stop.")
	}
	applied, err := s.d.Orders.Apply(ctx, o.ID, change)
	if err != nil {
		return nil, fmt.Errorf("orders: %s the watch of %s: %w", action, o.ID, err)
	}
	got, err := s.d.Orders.GetOptimization(ctx, o.ID)
	if err != nil {
		return nil, err
	}
	if applied {
		s.d.Logger.Info("watch changed by its host", "optimization", o.ID, "action", action, "state", got.Watch.State)
		return got, nil
	}
	if action == WatchResume && got.Watch.State != domain.WatchActive {
		switch {
		case store.Refused(got):
			return nil, domain.Errorf(domain.CodeConflict, "%s", MsgWatchRefunded)
		case got.Watch.Left() == 0:
			return nil, domain.Errorf(domain.CodeConflict, "%s", MsgWatchNoWeeksLeft)
		}
		return nil, domain.Errorf(domain.CodeConflict, "This watch cannot be resumed.")
	}
	return got, nil // already so, or over: the state says which
}
