package cloudtasks

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/listinglift/listinglift/backend/logging"
)

// SweepHandler is POST /internal/sweep, which Cloud Scheduler calls every
// few minutes with an OIDC token of the same service account and audience
// the task endpoint accepts (v; nil accepts anything: development only).
// It runs sweep and answers 200, or 500 so Cloud Scheduler records the
// failed run (the alert on stuck orders watches those).
func SweepHandler(sweep func(context.Context) error, v TokenVerifier, log *slog.Logger) http.Handler {
	return scheduled(job{what: "sweep", failed: "sweep failed", done: "swept"}, sweep, v, log)
}

// WatchRunHandler is POST /internal/watch, which Cloud Scheduler calls
// hourly with the sweep's token (v): it runs the watch scheduler (queue
// the watches due now, orders.QueueDueWatches) and answers 200, or 500
// so Cloud Scheduler records the failed run. A failed run is a sweep
// failure for the alerts (the `sweep` field says which).
func WatchRunHandler(run func(context.Context) error, v TokenVerifier, log *slog.Logger) http.Handler {
	return scheduled(job{what: "watch", failed: "watch run failed", done: "watches queued", attrs: []any{"sweep", "watch"}}, run, v, log)
}

// job is what a scheduled endpoint says: its name in refusals, its failure
// line (an ERROR sweep_failed, with attrs) and its answer when done.
type job struct {
	what, failed, done string
	attrs              []any
}

// scheduled is an endpoint Cloud Scheduler calls: the token checked, run
// run, 200 or 500 so Cloud Scheduler records a failed run.
func scheduled(j job, run func(context.Context) error, v TokenVerifier, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		l := logger(ctx, log)
		if !admit(w, r, v, l, j.what) {
			return
		}
		if err := run(ctx); err != nil {
			l.Error(j.failed, append([]any{logging.Event(logging.EventSweepFailed), "err", err}, j.attrs...)...)
			http.Error(w, j.failed, http.StatusInternalServerError)
			return
		}
		writeText(w, http.StatusOK, j.done)
	})
}
