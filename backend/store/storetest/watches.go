package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Watch (issue 45): a bought Premium report's weekly watch is state on its
// order, changed only through Apply, and found by the scheduler through
// DueWatches, which reads the due time the adapters mirror beside it.

// weekly is the watch's period in these cases (plans.WatchEvery).
const weekly = 7 * 24 * time.Hour

// watchBase is a start time in decade (1970, 1980, …), one decade per
// case: DueWatches is global, and a backend is shared by every case and
// by earlier runs (the Firestore emulator keeps what a run left), so each
// case's watches fall in a stretch of its own decade, at random (two runs
// of a case overlap about once in 10^5), each case pages from there (an
// after with no id) and keeps only its own orders where it can. A zone
// other than UTC: the stores answer in UTC. (Microseconds, as stored, so
// that due times compare exactly; the round trip adds nanoseconds where
// it checks them.)
func watchBase(decade int) time.Time {
	minutes := rand.Int64N(9 * 365 * 24 * 60)
	return time.Date(decade, 1, 1, 0, 0, 0, 0, time.FixedZone("CET", 3600)).
		Add(time.Duration(minutes)*time.Minute + 123456*time.Microsecond)
}

// only is the watches of ids among due, in due's order.
func only(due []domain.WatchDue, ids ...string) []domain.WatchDue {
	out := []domain.WatchDue{}
	for _, d := range due {
		if slices.Contains(ids, d.ID) {
			out = append(out, d)
		}
	}
	return out
}

// from is the cursor that starts a page at the watches due at at: no
// order's id, so none due then is skipped.
func from(at time.Time) *domain.WatchDue { return &domain.WatchDue{DueAt: at} }

// watchable adds a completed, paid Premium report of uid: what a watch is
// started on.
func watchable(t *testing.T, s store.Aggregates, uid string, at time.Time) *domain.Optimization {
	t.Helper()
	ctx := context.Background()
	o := pending(uid, at)
	o.PlanType, o.Amount = domain.PlanPremium, 19.99
	o.StripeSessionID = newSessionID()
	added := add(t, s, o)
	if first, err := s.MarkPaid(ctx, added.ID, at.Add(time.Minute)); err != nil || !first {
		t.Fatalf("MarkPaid: %v, %v", first, err)
	}
	if done, err := s.Complete(ctx, added.ID, json.RawMessage(`{"overall_score":61,"title":"Sunny loft"}`), at.Add(2*time.Minute), true); err != nil || !done {
		t.Fatalf("Complete: %v, %v", done, err)
	}
	return added
}

// mustApply applies c to id and fails unless it applied as want says.
func mustApply(t *testing.T, s store.Aggregates, what, id string, c store.Change, want bool) {
	t.Helper()
	if ok, err := s.Apply(context.Background(), id, c); err != nil || ok != want {
		t.Fatalf("%s: applied %v, %v; want %v", what, ok, err, want)
	}
}

// dueFrom pages through DueWatches from at (inclusive) up to before, limit
// at a time, and returns every watch found, failing on a page longer than
// limit or a walk that does not end.
func dueFrom(t *testing.T, s store.Aggregates, at, before time.Time, limit int) (all []domain.WatchDue, pages []int) {
	t.Helper()
	after := from(at)
	for range 1000 {
		page, err := s.DueWatches(context.Background(), before, after, limit)
		if err != nil {
			t.Fatalf("DueWatches(before %v, after %+v, %d): %v", before, after, limit, err)
		}
		if len(page) > limit {
			t.Fatalf("DueWatches gave %d watches for a limit of %d", len(page), limit)
		}
		all, pages = append(all, page...), append(pages, len(page))
		if len(page) < limit {
			return all, pages
		}
		last := page[len(page)-1]
		after = &last
	}
	t.Fatal("DueWatches' pages did not end")
	return nil, nil
}

func dueIDs(ds []domain.WatchDue) []string {
	out := []string{}
	for _, d := range ds {
		out = append(out, d.ID)
	}
	return out
}

// utcMicro is w as a read returns it: every time in UTC at microsecond
// precision.
func utcMicro(w domain.Watch) domain.Watch {
	m := func(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }
	p := func(t *time.Time) *time.Time {
		if t == nil {
			return nil
		}
		v := m(*t)
		return &v
	}
	w.StartedAt, w.DueAt, w.PausedAt, w.StoppedAt = m(w.StartedAt), p(w.DueAt), p(w.PausedAt), p(w.StoppedAt)
	w.Checks = slices.Clone(w.Checks)
	for i := range w.Checks {
		w.Checks[i].CheckedAt, w.Checks[i].MailedAt = m(w.Checks[i].CheckedAt), p(w.Checks[i].MailedAt)
	}
	return w
}

// watchDiff compares two watches as the API would show them (their JSON)
// and the instants' zone: "" when they match.
func watchDiff(got, want *domain.Watch) string {
	if (got == nil) != (want == nil) {
		return fmt.Sprintf("watch %+v, want %+v", got, want)
	}
	if got == nil {
		return ""
	}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(utcMicro(*want))
	if string(g) != string(w) {
		return fmt.Sprintf("watch\n got %s\nwant %s", g, w)
	}
	if got.StartedAt.Location() != time.UTC || len(got.Checks) > 0 && got.Checks[0].CheckedAt.Location() != time.UTC {
		return "a watch's time is not in UTC"
	}
	return ""
}

func ptr[T any](v T) *T { return &v }

// testWatchRoundTrip: a watch with every field set, as its weeks record
// it, comes back the same from every read of its order — the one read,
// the dashboard's list, the listings' scores (ListReportScores'
// projection), the session's look-up, the sweeper's and the deletion's
// reads — and its due time is the scheduler's.
func testWatchRoundTrip(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	base := watchBase(1970)
	uid := newCustomer(t, s)
	o := watchable(t, s, uid, base)

	// The same Changes, on a copy read back, give the watch each read must
	// return (the Changes are the contract's, decided in package store).
	local := get(t, s, o.ID)
	step := func(what string, c store.Change) {
		t.Helper()
		mustApply(t, s, what, o.ID, c, true)
		if !c(local) {
			t.Fatalf("%s did not apply to the copy", what)
		}
	}
	step("WatchStarted", store.WatchStarted(base.Add(3*time.Minute+321*time.Nanosecond), 12, weekly))
	week1 := base.Add(weekly + 3*time.Minute + 17*time.Second)
	step("week 1", store.WatchWeekRecorded(domain.WatchWeek{
		Week: domain.ISOWeek(week1), CheckedAt: week1, Score: ptr(61), Price: ptr(182.5), MarketMedian: ptr(170.0),
		Currency: "EUR", Comparables: 14, Band: domain.BandHigh,
	}, &domain.WatchFacts{
		Score: ptr(61), Sections: map[string]int{"photos": 70, "title": 55}, High: []string{"Add a photo of the bathroom"},
		Title: "Sunny loft «Mar»", Description: "Two rooms near the beach.\nÜnïcode too.", Words: 9,
		Photos: []string{"https://a0.muscache.com/1.jpg", "https://a0.muscache.com/2.jpg"}, Amenities: []string{"Wifi", "Kitchen"},
		Price: ptr(182.5), Currency: "EUR", Median: ptr(170.0), Band: domain.BandHigh, PriceCount: 14,
		Comparables: []string{"https://www.airbnb.com/rooms/2"}, ReviewCount: 31, Complaints: []string{"noise"},
	}, false, weekly))
	week2 := week1.Add(weekly)
	step("week 2", store.WatchWeekRecorded(domain.WatchWeek{
		Week: domain.ISOWeek(week2), CheckedAt: week2, Score: ptr(67), Price: ptr(160.0), MarketMedian: ptr(171.25),
		Currency: "EUR", Comparables: 15, Band: domain.BandMiddle,
		Changes: []domain.WatchChange{
			{Kind: domain.ChangeScore, What: "Your listing score rose from 61 to 67.", Before: "61", After: "67"},
			{Kind: domain.ChangePrice, What: "Your nightly price changed.", Before: "€182.50", After: "€160.00"},
		},
	}, &domain.WatchFacts{Score: ptr(67), Title: "Sunny loft «Mar»", Price: ptr(160.0), Currency: "EUR"}, false, weekly))
	step("WatchMailSent", store.WatchMailSent(domain.ISOWeek(week2), week2.Add(time.Minute+999*time.Nanosecond)))
	want := local.Watch
	if want == nil || len(want.Checks) != 2 || want.DueAt == nil || want.Checks[1].Mail != domain.WatchMailSent {
		t.Fatalf("the Changes left %+v; the case needs two weeks, the second's e-mail sent, the next due", want)
	}

	check := func(what string, got *domain.Watch) {
		t.Helper()
		if d := watchDiff(got, want); d != "" {
			t.Errorf("%s: %s", what, d)
		}
	}
	check("GetOptimization", get(t, s, o.ID).Watch)
	if found, err := s.FindOptimizationBySession(ctx, o.StripeSessionID); err != nil {
		t.Errorf("FindOptimizationBySession: %v", err)
	} else {
		check("FindOptimizationBySession", found.Watch)
	}
	if p, err := s.ListOptimizations(ctx, uid, 1, nil); err != nil || len(p.Items) != 1 {
		t.Errorf("ListOptimizations: %+v, %v", p, err)
	} else {
		check("ListOptimizations", p.Items[0].Watch)
	}
	if scores, err := s.ListReportScores(ctx, uid, 10); err != nil || len(scores) != 1 {
		t.Errorf("ListReportScores: %+v, %v", scores, err)
	} else {
		check("ListReportScores", scores[0].Watch)
		var r map[string]json.RawMessage
		if err := json.Unmarshal(scores[0].Results, &r); err != nil || len(r) != len(store.ReportScoreFields) {
			t.Errorf("ListReportScores' results %s: the projection keeps only %v", scores[0].Results, store.ReportScoreFields)
		}
	}
	if owed, err := s.OwedDeliveries(ctx, base.Add(time.Hour), 1000); err != nil {
		t.Errorf("OwedDeliveries: %v", err)
	} else if m := mine(owed, uid); len(m) != 1 {
		t.Errorf("OwedDeliveries found %v; want the report whose e-mail is due", keys(m))
	} else {
		check("OwedDeliveries", m[o.ID].Watch)
	}

	due, _ := dueFrom(t, s, base, base.Add(4*weekly), 10)
	if due = only(due, o.ID); len(due) != 1 || due[0].ID != o.ID || timeDiff(due[0].DueAt, want.DueAt.Truncate(time.Microsecond)) != "" {
		t.Errorf("DueWatches = %+v; want %s due %v", due, o.ID, want.DueAt.UTC())
	}

	// A watch too big for the order's Firestore document is refused on
	// both stores (docrules' room beside the report), and nothing changes.
	huge := store.Change(func(o *domain.Optimization) bool {
		o.Watch.Last.Description = strings.Repeat("x", 1<<20)
		return true
	})
	if _, err := s.Apply(ctx, o.ID, huge); domain.ErrorCode(err) != domain.CodeInvalid {
		t.Errorf("Apply of a watch over 1 MiB: %v; want %s (Firestore would refuse the document)", err, domain.CodeInvalid)
	}
	check("after the refused write", get(t, s, o.ID).Watch)

	// The deletion answers with the order as read, its watch included, and
	// the watch goes with the order: nothing of it is due any more.
	deleted, err := s.DeleteCustomerOptimizationsPage(ctx, uid, 10)
	if err != nil || len(deleted) != 1 {
		t.Fatalf("DeleteCustomerOptimizationsPage: %d orders, %v; want the watched one", len(deleted), err)
	}
	check("DeleteCustomerOptimizationsPage", deleted[0].Watch)
	if due, _ := dueFrom(t, s, base, base.Add(4*weekly), 10); len(only(due, o.ID)) != 0 {
		t.Errorf("DueWatches after the order's deletion = %+v; want none", due)
	}
}

// testDueWatchesPaging: the scheduler pages through every due watch,
// earliest due first (equal times: id ascending), limit at a time, each
// once, up to before: 25 due with a limit of 10 (the fan-out of 10,000
// in small).
func testDueWatchesPaging(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	base := watchBase(1980)
	uid := newCustomer(t, s)
	type w struct {
		id  string
		due time.Time
	}
	var all []w
	for i := range 25 {
		o := watchable(t, s, uid, base)
		// Pairs started in the same minute: equal due times, ordered by id.
		started := base.Add(time.Duration(24-i/2) * time.Minute)
		mustApply(t, s, "WatchStarted", o.ID, store.WatchStarted(started, 12, weekly), true)
		all = append(all, w{o.ID, started.Add(weekly)})
	}
	slices.SortFunc(all, func(a, b w) int {
		if c := a.due.Compare(b.due); c != 0 {
			return c
		}
		return strings.Compare(a.id, b.id)
	})
	var wantIDs []string
	for _, x := range all {
		wantIDs = append(wantIDs, x.id)
	}
	first, last := all[0].due, all[len(all)-1].due

	got, pages := dueFrom(t, s, first, last, 10)
	if !slices.Equal(dueIDs(got), wantIDs) || !slices.Equal(pages, []int{10, 10, 5}) {
		t.Errorf("DueWatches in pages of 10 = %v (pages %v)\nwant %v (pages [10 10 5])", dueIDs(got), pages, wantIDs)
	}
	for i, d := range got {
		if i < len(all) && timeDiff(d.DueAt, all[i].due) != "" {
			t.Errorf("watch %s: due %s", d.ID, timeDiff(d.DueAt, all[i].due))
		}
	}
	// before is inclusive and cuts the rest: due at or before the 13th's.
	cut := all[12].due
	n := 13
	for n < len(all) && all[n].due.Equal(cut) {
		n++
	}
	if got, _ := dueFrom(t, s, first, cut, 10); !slices.Equal(dueIDs(got), wantIDs[:n]) {
		t.Errorf("DueWatches up to %v = %v; want the first %d: %v", cut.UTC(), dueIDs(got), n, wantIDs[:n])
	}
	if got, _ := dueFrom(t, s, first, first.Add(-time.Microsecond), 10); len(got) != 0 {
		t.Errorf("DueWatches before any is due = %v; want none", dueIDs(got))
	}
	if got, err := s.DueWatches(ctx, last, from(first), 0); err != nil || len(got) != 0 {
		t.Errorf("DueWatches with a limit of 0 = %v, %v; want none", dueIDs(got), err)
	}
	// A page after a cursor whose time ties with the next: the tie's other
	// order comes, the cursor's own does not.
	page, err := s.DueWatches(ctx, last, &domain.WatchDue{ID: wantIDs[0], DueAt: all[0].due}, 2)
	if err != nil || !slices.Equal(dueIDs(page), wantIDs[1:3]) {
		t.Errorf("DueWatches after %s = %v, %v; want %v", wantIDs[0], dueIDs(page), err, wantIDs[1:3])
	}
}

// testDueWatchesOnlyActive: a paused, stopped, ended (every week used, the
// listing removed) or refunded watch is never due, whatever its history;
// resumed, it is due again; a week recorded moves the due time a week on.
func testDueWatchesOnlyActive(t *testing.T, s store.Aggregates) {
	base := watchBase(1990)
	uid := newCustomer(t, s)
	start := func(name string, weeks int) string {
		o := watchable(t, s, uid, base)
		mustApply(t, s, "WatchStarted "+name, o.ID, store.WatchStarted(base, weeks, weekly), true)
		return o.ID
	}
	week := func(at time.Time, removed bool) store.Change {
		return store.WatchWeekRecorded(domain.WatchWeek{Week: domain.ISOWeek(at), CheckedAt: at, Score: ptr(60)},
			&domain.WatchFacts{Score: ptr(60)}, removed, weekly)
	}
	firstDue := base.Add(weekly)
	active, paused, stopped := start("active", 12), start("paused", 12), start("stopped", 12)
	completed, removed, refunded := start("completed", 1), start("removed", 12), start("refunded", 12)
	mustApply(t, s, "WatchPaused", paused, store.WatchPaused(base.Add(time.Hour)), true)
	mustApply(t, s, "WatchStopped", stopped, store.WatchStopped(base.Add(time.Hour)), true)
	mustApply(t, s, "its only week", completed, week(firstDue, false), true)
	mustApply(t, s, "the listing removed", removed, week(firstDue, true), true)
	mustApply(t, s, "Refunded", refunded, store.Refunded(domain.Refund{ID: "re_" + domain.NewID(), Amount: 19.99, RefundedAt: base.Add(time.Hour)}, false), true)

	horizon := base.Add(4 * weekly) // every due time below is within
	mine := []string{active, paused, stopped, completed, removed, refunded}
	due, _ := dueFrom(t, s, base, horizon, 10)
	due = only(due, mine...)
	if !slices.Equal(dueIDs(due), []string{active}) {
		t.Fatalf("DueWatches = %v; want only the active watch %s (not paused %s, stopped %s, completed %s, removed %s, refunded %s)",
			dueIDs(due), active, paused, stopped, completed, removed, refunded)
	}
	for id, state := range map[string]domain.WatchState{paused: domain.WatchPaused, stopped: domain.WatchStopped,
		completed: domain.WatchEnded, removed: domain.WatchEnded, refunded: domain.WatchEnded} {
		if w := get(t, s, id).Watch; w == nil || w.State != state || w.DueAt != nil {
			t.Errorf("watch of %s = %+v; want %s with nothing due", id, w, state)
		}
	}
	if w := get(t, s, refunded).Watch; w.Ended != domain.WatchEndRefunded {
		t.Errorf("a refund ended the watch as %q; want %q", w.Ended, domain.WatchEndRefunded)
	}

	// A week recorded: due a week later, found there and not before.
	mustApply(t, s, "week 1", active, week(firstDue.Add(time.Hour), false), true)
	if due, _ := dueFrom(t, s, base, firstDue.Add(weekly-time.Microsecond), 10); len(only(due, mine...)) != 0 {
		t.Errorf("DueWatches before the second week = %v; want none", dueIDs(due))
	}
	if due, _ := dueFrom(t, s, base, horizon, 10); len(only(due, mine...)) != 1 || timeDiff(only(due, mine...)[0].DueAt, firstDue.Add(weekly)) != "" {
		t.Errorf("DueWatches after week 1 = %+v; want %s due %v", due, active, firstDue.Add(weekly).UTC())
	}
	// Resumed (the paused) and restarted (the removed listing): due again.
	resumeAt := base.Add(3 * weekly)
	mustApply(t, s, "WatchResumed paused", paused, store.WatchResumed(resumeAt, weekly), true)
	mustApply(t, s, "WatchResumed removed", removed, store.WatchResumed(resumeAt, weekly), true)
	mustApply(t, s, "WatchResumed refunded", refunded, store.WatchResumed(resumeAt, weekly), false)
	due, _ = dueFrom(t, s, base, horizon, 10)
	got := dueIDs(only(due, mine...))
	slices.Sort(got)
	want := []string{active, paused, removed}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("DueWatches after resuming = %v; want the active, the resumed and the restarted %v", dueIDs(due), want)
	}
}

// testConcurrentWatchSteps: a doubled scheduler run and retried tasks
// record a week once and send its e-mail once, and a refund racing a
// week's record leaves the watch ended with no e-mail owed, in whichever
// order they commit.
func testConcurrentWatchSteps(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	base := watchBase(2000)
	uid := newCustomer(t, s)
	a := watchable(t, s, uid, base)
	mustApply(t, s, "WatchStarted", a.ID, store.WatchStarted(base, 12, weekly), true)
	at := base.Add(weekly)
	wk := domain.ISOWeek(at)
	record := func(i int) store.Change {
		return store.WatchWeekRecorded(domain.WatchWeek{Week: wk, CheckedAt: at.Add(time.Duration(i) * time.Second), Score: ptr(60 + i),
			Changes: []domain.WatchChange{{Kind: domain.ChangeScore, What: fmt.Sprintf("run %d", i)}}}, &domain.WatchFacts{Score: ptr(60 + i)}, false, weekly)
	}
	wins := race(t, 8, func(i int) (bool, error) { return s.Apply(ctx, a.ID, record(i)) })
	if len(wins) != 1 {
		t.Fatalf("%d of 8 racing runs of week %s recorded it; want 1", len(wins), wk)
	}
	w := get(t, s, a.ID).Watch
	if len(w.Checks) != 1 || *w.Checks[0].Score != 60+wins[0] || w.Checks[0].Mail != domain.WatchMailDue || w.Left() != 11 {
		t.Fatalf("after the race: %+v; want the winner's week (score %d) alone, its e-mail due, 11 weeks left", w.Checks, 60+wins[0])
	}
	sent := race(t, 8, func(i int) (bool, error) {
		return s.Apply(ctx, a.ID, store.WatchMailSent(wk, at.Add(time.Duration(i)*time.Minute)))
	})
	if len(sent) != 1 {
		t.Fatalf("%d of 8 racing tasks recorded week %s's e-mail sent; want 1", len(sent), wk)
	}

	// A refund racing the week's record.
	b := watchable(t, s, uid, base)
	mustApply(t, s, "WatchStarted", b.ID, store.WatchStarted(base, 12, weekly), true)
	refund := store.Refunded(domain.Refund{ID: "re_" + domain.NewID(), Amount: 19.99, RefundedAt: at}, false)
	race(t, 6, func(i int) (bool, error) {
		if i%2 == 0 {
			return s.Apply(ctx, b.ID, refund)
		}
		return s.Apply(ctx, b.ID, record(i))
	})
	w = get(t, s, b.ID).Watch
	if w.State != domain.WatchEnded || w.Ended != domain.WatchEndRefunded || w.DueAt != nil || len(w.Checks) > 1 {
		t.Errorf("after a refund raced the week: %+v; want ended (refunded), nothing due, the week at most once", w)
	}
	for _, c := range w.Checks {
		if c.Mail == domain.WatchMailDue || c.Mail == domain.WatchMailSent {
			t.Errorf("week %s of a refunded watch: e-mail %q; want withheld", c.Week, c.Mail)
		}
	}
	if due, _ := dueFrom(t, s, base, base.Add(4*weekly), 10); len(only(due, b.ID)) != 0 {
		t.Errorf("the refunded watch is still due: %+v", only(due, b.ID))
	}
}
