package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// The report job's writes: SetStage, Complete and Fail. Both adapters also
// leave the stage alone when an order finishes and record Fail's time as
// completedAt (their documented choice); the cases hold them to it so the
// two stores answer the same.

// paid adds an optimization and records its payment, as the job finds it.
func paid(t *testing.T, s store.Aggregates) *domain.Optimization {
	t.Helper()
	o := add(t, s, pending(newCustomer(t, s), t0))
	if first, err := s.MarkPaid(context.Background(), o.ID, t0.Add(time.Minute)); err != nil || !first {
		t.Fatalf("MarkPaid: first=%v err=%v", first, err)
	}
	return o
}

func get(t *testing.T, s store.Aggregates, id string) *domain.Optimization {
	t.Helper()
	o, err := s.GetOptimization(context.Background(), id)
	if err != nil {
		t.Fatalf("GetOptimization: %v", err)
	}
	return o
}

// jobState is the part of an optimization the job writes.
type jobState struct {
	status      domain.Status
	stage       domain.Stage
	completedAt *time.Time
	results     string
	reason      string
}

func checkJobState(t *testing.T, what string, got *domain.Optimization, want jobState) {
	t.Helper()
	if got.Status != want.status || got.Stage != want.stage || got.FailureReason != want.reason {
		t.Errorf("%s: status %q stage %q failureReason %q; want %q %q %q",
			what, got.Status, got.Stage, got.FailureReason, want.status, want.stage, want.reason)
	}
	switch {
	case (got.CompletedAt == nil) != (want.completedAt == nil):
		t.Errorf("%s: completedAt = %v, want %v", what, got.CompletedAt, want.completedAt)
	case got.CompletedAt != nil:
		if msg := timeDiff(*got.CompletedAt, *want.completedAt); msg != "" {
			t.Errorf("%s: completedAt %s", what, msg)
		}
	}
	if msg := jsonDiff(got.Results, json.RawMessage(want.results)); msg != "" {
		t.Errorf("%s: results %s", what, msg)
	}
}

func testSetStage(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	for _, stage := range domain.Stages {
		if err := s.SetStage(ctx, o.ID, stage); err != nil {
			t.Fatalf("SetStage(%s): %v", stage, err)
		}
		checkJobState(t, "after SetStage("+string(stage)+")", get(t, s, o.ID),
			jobState{status: domain.StatusProcessing, stage: stage})
	}
	for _, stage := range []domain.Stage{"", "done", "PAID", "reading listing"} {
		wantCode(t, fmt.Sprintf("SetStage(%q)", stage), s.SetStage(ctx, o.ID, stage), domain.CodeInvalid)
	}
	checkJobState(t, "after invalid stages", get(t, s, o.ID),
		jobState{status: domain.StatusProcessing, stage: domain.StageSaving})
}

// A late or repeated job must not move a finished order backwards.
func testSetStageAfterFinish(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	done := t0.Add(time.Hour)
	for _, tc := range []struct {
		name   string
		finish func(id string) (bool, error)
		want   jobState
	}{
		{"completed", func(id string) (bool, error) { return s.Complete(ctx, id, json.RawMessage(sampleResults), done, false) },
			jobState{status: domain.StatusCompleted, stage: domain.StageWriting, completedAt: &done, results: sampleResults}},
		{"failed", func(id string) (bool, error) { return s.Fail(ctx, id, "The listing page is gone.", done) },
			jobState{status: domain.StatusFailed, stage: domain.StageWriting, completedAt: &done, reason: "The listing page is gone."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := paid(t, s)
			if err := s.SetStage(ctx, o.ID, domain.StageWriting); err != nil {
				t.Fatalf("SetStage: %v", err)
			}
			if first, err := tc.finish(o.ID); err != nil || !first {
				t.Fatalf("finishing: first=%v err=%v", first, err)
			}
			for _, stage := range []domain.Stage{domain.StageQueued, domain.StageSaving} {
				if err := s.SetStage(ctx, o.ID, stage); err != nil {
					t.Errorf("SetStage(%s) on a %s order: %v, want no error", stage, tc.name, err)
				}
			}
			checkJobState(t, "after SetStage on a "+tc.name+" order", get(t, s, o.ID), tc.want)
		})
	}
}

// Completing stores the report once; every later Complete or Fail changes
// nothing, whatever it carries.
func testCompleteExactlyOnce(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	if err := s.SetStage(ctx, o.ID, domain.StageSaving); err != nil {
		t.Fatalf("SetStage: %v", err)
	}
	done := t0.Add(time.Hour + 3*time.Microsecond)
	want := jobState{status: domain.StatusCompleted, stage: domain.StageSaving, completedAt: &done, results: sampleResults}

	first, err := s.Complete(ctx, o.ID, json.RawMessage(sampleResults), done, false)
	if err != nil || !first {
		t.Fatalf("first Complete: first=%v err=%v, want true", first, err)
	}
	checkJobState(t, "after Complete", get(t, s, o.ID), want)

	later := done.Add(time.Minute)
	for _, tc := range []struct {
		name string
		call func() (bool, error)
	}{
		{"Complete again with another report", func() (bool, error) {
			return s.Complete(ctx, o.ID, json.RawMessage(`{"package_type": "basic"}`), later, false)
		}},
		{"Complete again with the same report", func() (bool, error) {
			return s.Complete(ctx, o.ID, json.RawMessage(sampleResults), done, false)
		}},
		{"Fail after Complete", func() (bool, error) { return s.Fail(ctx, o.ID, "The job timed out.", later) }},
	} {
		if first, err := tc.call(); first || err != nil {
			t.Errorf("%s: first=%v err=%v, want false and no error", tc.name, first, err)
		}
		checkJobState(t, "after "+tc.name, get(t, s, o.ID), want)
	}
	// Paying again after the report is done changes nothing either.
	if first, err := s.MarkPaid(ctx, o.ID, later); first || err != nil {
		t.Errorf("MarkPaid after Complete: first=%v err=%v", first, err)
	}
	checkJobState(t, "after MarkPaid", get(t, s, o.ID), want)
}

// Failing records the reason once; a late success cannot overwrite it.
func testFailExactlyOnce(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	if err := s.SetStage(ctx, o.ID, domain.StageReadingListing); err != nil {
		t.Fatalf("SetStage: %v", err)
	}
	done := t0.Add(2 * time.Hour)
	const reason = "We could not read this listing page. Please contact support."
	want := jobState{status: domain.StatusFailed, stage: domain.StageReadingListing, completedAt: &done, reason: reason}

	first, err := s.Fail(ctx, o.ID, reason, done)
	if err != nil || !first {
		t.Fatalf("first Fail: first=%v err=%v, want true", first, err)
	}
	checkJobState(t, "after Fail", get(t, s, o.ID), want)

	later := done.Add(time.Minute)
	for _, tc := range []struct {
		name string
		call func() (bool, error)
	}{
		{"Fail again with another reason", func() (bool, error) { return s.Fail(ctx, o.ID, "Something else.", later) }},
		{"Complete after Fail", func() (bool, error) {
			return s.Complete(ctx, o.ID, json.RawMessage(sampleResults), later, false)
		}},
	} {
		if first, err := tc.call(); first || err != nil {
			t.Errorf("%s: first=%v err=%v, want false and no error", tc.name, first, err)
		}
		checkJobState(t, "after "+tc.name, get(t, s, o.ID), want)
	}
}

// testCompleteResultsRoundTrip: the report reads back as the same JSON
// value; an empty object is a report too, not "no report".
func testCompleteResultsRoundTrip(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	for _, tc := range []struct{ name, results string }{
		{"full report", sampleResults},
		{"empty object", `{}`},
		{"nested with spacing", " {\"a\" : {\"b\": [1, 2.5, \"três\", null, true]}}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := paid(t, s)
			done := t0.Add(time.Hour)
			if first, err := s.Complete(ctx, o.ID, json.RawMessage(tc.results), done, false); err != nil || !first {
				t.Fatalf("Complete: first=%v err=%v", first, err)
			}
			checkJobState(t, "GetOptimization", get(t, s, o.ID),
				jobState{status: domain.StatusCompleted, stage: domain.StagePaid, completedAt: &done, results: tc.results})
		})
	}
}

// Bad arguments are the caller's mistake (CodeInvalid) and change nothing.
func testJobWritesInvalid(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	for _, results := range []string{``, `  `, `null`, `["a"]`, `"text"`, `42`, `{"title": `, `{} {}`} {
		_, err := s.Complete(ctx, o.ID, json.RawMessage(results), t0, false)
		wantCode(t, fmt.Sprintf("Complete with results %q", results), err, domain.CodeInvalid)
	}
	for _, reason := range []string{"", " \n\t"} {
		_, err := s.Fail(ctx, o.ID, reason, t0)
		wantCode(t, fmt.Sprintf("Fail with reason %q", reason), err, domain.CodeInvalid)
	}
	checkJobState(t, "after invalid calls", get(t, s, o.ID), jobState{status: domain.StatusProcessing, stage: domain.StagePaid})
}

func testJobWritesUnknownID(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	for _, id := range []string{domain.NewID(), "no-such-optimization", ""} {
		for _, tc := range []struct {
			name string
			err  error
		}{
			{"SetStage", s.SetStage(ctx, id, domain.StageWriting)},
			{"Complete", second(s.Complete(ctx, id, json.RawMessage(sampleResults), t0, false))},
			{"Fail", second(s.Fail(ctx, id, "gone", t0))},
		} {
			if !errors.Is(tc.err, domain.ErrNotFound) {
				t.Errorf("%s(%q): %v, want domain.ErrNotFound", tc.name, id, tc.err)
			}
		}
	}
}

func second(_ bool, err error) error { return err }

// The job is delivered at least once: retries and duplicate deliveries may
// finish the same order at the same moment. Exactly one wins, and what is
// stored is the winner's.
func testConcurrentComplete(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	const n = 10
	wins := race(t, n, func(i int) (bool, error) {
		return s.Complete(ctx, o.ID, json.RawMessage(fmt.Sprintf(`{"attempt": %d}`, i)), t0.Add(time.Duration(i+1)*time.Second), false)
	})
	if len(wins) != 1 {
		t.Fatalf("%d of %d concurrent Complete calls reported true (%v), want exactly 1", len(wins), n, wins)
	}
	w := wins[0]
	done := t0.Add(time.Duration(w+1) * time.Second)
	checkJobState(t, fmt.Sprintf("after the race won by call %d", w), get(t, s, o.ID),
		jobState{status: domain.StatusCompleted, stage: domain.StagePaid, completedAt: &done, results: fmt.Sprintf(`{"attempt": %d}`, w)})
}

// A last attempt failing while a duplicate delivery succeeds: one of them
// finishes the order, never both, and the order is wholly the winner's.
func testConcurrentCompleteAndFail(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	const n = 10
	done := t0.Add(time.Hour)
	wins := race(t, n, func(i int) (bool, error) {
		if i%2 == 0 {
			return s.Complete(ctx, o.ID, json.RawMessage(fmt.Sprintf(`{"attempt": %d}`, i)), done, false)
		}
		return s.Fail(ctx, o.ID, fmt.Sprintf("attempt %d failed", i), done)
	})
	if len(wins) != 1 {
		t.Fatalf("%d of %d concurrent Complete and Fail calls reported true (%v), want exactly 1", len(wins), n, wins)
	}
	w := wins[0]
	want := jobState{status: domain.StatusCompleted, stage: domain.StagePaid, completedAt: &done, results: fmt.Sprintf(`{"attempt": %d}`, w)}
	if w%2 == 1 {
		want = jobState{status: domain.StatusFailed, stage: domain.StagePaid, completedAt: &done, reason: fmt.Sprintf("attempt %d failed", w)}
	}
	checkJobState(t, fmt.Sprintf("after the race won by call %d", w), get(t, s, o.ID), want)
}

// race runs call(0) … call(n-1) at once and returns the i of each call that
// reported true.
func race(t *testing.T, n int, call func(i int) (bool, error)) []int {
	t.Helper()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		wins  []int
		start = make(chan struct{})
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start // line them up so they overlap
			first, err := call(i)
			if err != nil {
				t.Errorf("call %d: %v", i, err)
			}
			if first {
				mu.Lock()
				wins = append(wins, i)
				mu.Unlock()
			}
		}()
	}
	close(start)
	wg.Wait()
	return wins
}

// fulfilmentSuite is the Fulfilment contract: the report job's
// record: its progress, its end, the PDF and the e-mail.
func fulfilmentSuite() suite {
	return suite{"Fulfilment", []contractCase{
		{"SetStage", testSetStage},
		{"SetStageAfterFinish", testSetStageAfterFinish},
		{"CompleteExactlyOnce", testCompleteExactlyOnce},
		{"FailExactlyOnce", testFailExactlyOnce},
		{"CompleteResultsRoundTrip", testCompleteResultsRoundTrip},
		{"JobWritesInvalid", testJobWritesInvalid},
		{"JobWritesUnknownID", testJobWritesUnknownID},
		{"CompleteRefusesWhatFirestoreRefuses", testCompleteRefusesWhatFirestoreRefuses},
		{"SetPDF", testSetPDF},
		{"SetEmailDelivery", testSetEmailDelivery},
		{"StaleEmailRunCannotOverwriteSent", testStaleEmailRunCannotOverwriteSent},
		{"CompleteMarksEmailDueOnlyOnce", testCompleteMarksEmailDueOnlyOnce},
		{"ConcurrentComplete", testConcurrentComplete},
		{"ConcurrentCompleteAndFail", testConcurrentCompleteAndFail},
		{"ReopenPaid", testReopenPaid},
	}}
}
