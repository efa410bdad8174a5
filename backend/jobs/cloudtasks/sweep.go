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
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		l := logger(ctx, log)
		if !admit(w, r, v, l, "sweep") {
			return
		}
		if err := sweep(ctx); err != nil {
			l.Error("sweep failed", logging.Event(logging.EventSweepFailed), "err", err)
			http.Error(w, "sweep failed", http.StatusInternalServerError)
			return
		}
		writeText(w, http.StatusOK, "swept")
	})
}

// WatchRunHandler is POST /internal/watch, which Cloud Scheduler calls
// hourly with the sweep's token (v): it runs the watch scheduler (queue
// the watches due now, orders.QueueDueWatches) and answers 200, or 500
// so Cloud Scheduler records the failed run. A failed run is a sweep
// failure for the alerts (the `sweep` field says which).
func WatchRunHandler(run func(context.Context) error, v TokenVerifier, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		l := logger(ctx, log)
		if !admit(w, r, v, l, "watch") {
			return
		}
		if err := run(ctx); err != nil {
			l.Error("watch run failed", logging.Event(logging.EventSweepFailed), "sweep", "watch", "err", err)
			http.Error(w, "watch run failed", http.StatusInternalServerError)
			return
		}
		writeText(w, http.StatusOK, "watches queued")
	})
}
