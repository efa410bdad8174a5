package cloudtasks

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

type verifyFunc func(context.Context, *http.Request) error

func (f verifyFunc) Verify(ctx context.Context, r *http.Request) error { return f(ctx, r) }

// The endpoints Cloud Scheduler calls — the sweep and the hourly Watch run
// (issue 45) — run only for its token, and answer a failed run 500.
func TestScheduledHandlers(t *testing.T) {
	for path, handler := range map[string]func(func(context.Context) error, TokenVerifier) http.Handler{
		"/internal/sweep": func(run func(context.Context) error, v TokenVerifier) http.Handler { return SweepHandler(run, v, nil) },
		"/internal/watch": func(run func(context.Context) error, v TokenVerifier) http.Handler {
			return WatchRunHandler(run, v, nil)
		},
	} {
		t.Run(path, func(t *testing.T) { testScheduled(t, path, handler) })
	}
}

func testScheduled(t *testing.T, path string, handler func(func(context.Context) error, TokenVerifier) http.Handler) {
	var runs int
	var fail error
	sweep := func(context.Context) error { runs++; return fail }
	v := verifyFunc(func(_ context.Context, r *http.Request) error {
		if r.Header.Get("Authorization") != "Bearer scheduler" {
			return errors.New("not Cloud Scheduler's token")
		}
		return nil
	})
	h := handler(sweep, v)
	call := func(method, token string) int {
		r := httptest.NewRequest(method, path, nil)
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec.Code
	}
	if got := call("POST", ""); got != 401 || runs != 0 {
		t.Errorf("no token: %d, %d runs", got, runs)
	}
	if got := call("POST", "someone"); got != 401 || runs != 0 {
		t.Errorf("other token: %d, %d runs", got, runs)
	}
	if got := call("GET", "scheduler"); got != 405 || runs != 0 {
		t.Errorf("GET: %d, %d runs", got, runs)
	}
	if got := call("POST", "scheduler"); got != 200 || runs != 1 {
		t.Errorf("scheduler: %d, %d runs", got, runs)
	}
	fail = errors.New("store down")
	if got := call("POST", "scheduler"); got != 500 {
		t.Errorf("failed sweep answered %d, want 500 (Cloud Scheduler records the failure)", got)
	}
}
