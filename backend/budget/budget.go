// Package budget divides a report job's time among its stages. The job
// has one deadline (jobs.ReportBudget from its start); each optional stage
// gets a share of what is left of it when the stage starts, so a slow
// photo server, live search or copy model shortens its own stage and the
// report says what it left out, instead of using up the job's time and
// failing (and refunding) a paid order. The shares are decided here, in
// one place; the stages apply them where they start.
package budget

import (
	"context"
	"time"
)

// The shares, of the time left when each stage starts. With the 75 s
// budget and nothing slow, every stage ends well inside its share; with
// every stage slow the job still ends in time: the tail's 15 s are kept
// from the start, the page gets what it needs (its client's own limit,
// 20 s), and each optional stage below leaves most of what is left to the
// ones after it. The copy model comes last and gets what is left, less
// its writer's margin (writing.GeminiConfig.Margin).
const (
	// Tail is kept, from the start, for what comes after the report is
	// made: rendering the PDF, uploading it and storing the report
	// (15 s of 75).
	Tail = 0.2
	// DeepReads is the Airbnb calendar and review reads (also bounded by
	// ingest.Options.DeepReadTimeout).
	DeepReads = 0.25
	// Live is today's search around the listing (also bounded by
	// livemarket.Options.Budget).
	Live = 0.4
	// Photos is fetching and measuring Premium's photos, which have no
	// limit of their own (each fetch has its client's).
	Photos = 0.4
)

// Left is the time until ctx's deadline; ok is false when ctx has none.
func Left(ctx context.Context) (left time.Duration, ok bool) {
	d, ok := ctx.Deadline()
	if !ok {
		return 0, false
	}
	return max(time.Until(d), 0), true
}

// Share returns a context for a stage that may use share of the time left
// before ctx's deadline, and at most limit (0: no limit of its own).
// Without a deadline on ctx the stage has limit alone (none when 0). The
// stage's context ends before ctx's, so a stage that runs out can tell
// its own time limit (its context done, ctx not) from the job's end.
func Share(ctx context.Context, share float64, limit time.Duration) (context.Context, context.CancelFunc) {
	d := limit
	if left, ok := Left(ctx); ok {
		if s := time.Duration(float64(left) * share); d <= 0 || s < d {
			d = s
		}
	}
	if d <= 0 && limit <= 0 {
		if _, ok := ctx.Deadline(); !ok {
			return context.WithCancel(ctx)
		}
	}
	return context.WithTimeout(ctx, d)
}

// OutOfTime reports whether a stage run with stage (from Share) under
// parent stopped at its own share: the stage's time is up, the job's is
// not.
func OutOfTime(parent, stage context.Context) bool {
	return stage.Err() == context.DeadlineExceeded && parent.Err() == nil
}
