package cloudtasks_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/cloudtasks"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/logging/alertcheck"
	"github.com/listinglift/listinglift/backend/oidc"
	"github.com/listinglift/listinglift/backend/oidc/oidctest"
)

// A wrong audience on Cloud Tasks' tokens or on Cloud Scheduler's sweep
// is noticed: one verifier guards both endpoints (as the server builds
// them), and a Google-signed token for another audience or account is
// refused with an ERROR line, naming its endpoint, that the §15 alert
// listinglift_task_token_refusals matches. A request without a token (what
// anyone on the internet can send) is a WARNING the alert does not match.
func TestAlertLinesTaskTokenRefused(t *testing.T) {
	iss := oidctest.NewIssuer(t)
	v, err := oidc.NewVerifier(oidc.Options{Audience: targetURL, Email: account, JWKSURL: iss.JWKSURL})
	if err != nil {
		t.Fatal(err)
	}
	wrongAudience := oidctest.Claims("https://listinglift-old.a.run.app/internal/tasks/generate-report", account)
	otherAccount := oidctest.Claims(targetURL, "someone@else.iam.gserviceaccount.com")
	for _, ep := range []struct {
		path string
		h    func(*slog.Logger) http.Handler
		body string
	}{
		{"/internal/tasks/generate-report", func(l *slog.Logger) http.Handler {
			return cloudtasks.Handler(func(context.Context, jobs.Job, jobs.Attempt) error { return nil }, 3, v, l)
		}, jobBody(t, jobs.ForOptimization("Opt1"))},
		{"/internal/sweep", func(l *slog.Logger) http.Handler {
			return cloudtasks.SweepHandler(func(context.Context) error { return nil }, v, l)
		}, ""},
	} {
		send := func(token string) []byte {
			var out bytes.Buffer
			h := ep.h(logging.NewService(&out, slog.LevelInfo, logging.Service{Name: "listinglift", Version: "test"}))
			r := httptest.NewRequest(http.MethodPost, ep.path, strings.NewReader(ep.body))
			if token != "" {
				r.Header.Set("Authorization", "Bearer "+token)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != http.StatusUnauthorized {
				t.Errorf("%s answered %d, want 401", ep.path, w.Code)
			}
			return out.Bytes()
		}
		for _, claims := range []map[string]any{wrongAudience, otherAccount} {
			out := send(iss.Token(t, claims))
			alertcheck.Expect(t, out, "listinglift_task_token_refusals")
			if !strings.Contains(string(out), `"endpoint":"`+ep.path+`"`) {
				t.Errorf("the refusal does not name its endpoint %s:\n%s", ep.path, out)
			}
		}
		if out := send(""); slices.Contains(alertcheck.Matching(t, out), "listinglift_task_token_refusals") {
			t.Errorf("a request without a token (anyone's) alerts:\n%s", out)
		} else if !strings.Contains(string(out), `"event":"task_token_refused"`) {
			t.Errorf("a refusal without a token carries no event:\n%s", out)
		}
	}
}

// A sweep that fails is answered 500 (Cloud Scheduler's own alert sees the
// failed attempt) and logged with event sweep_failed (the stuck-orders
// alert).
func TestAlertLinesSweepFailed(t *testing.T) {
	var out bytes.Buffer
	log := logging.NewService(&out, slog.LevelInfo, logging.Service{Name: "listinglift", Version: "test"})
	h := cloudtasks.SweepHandler(func(context.Context) error { return errors.New("store down") }, nil, log)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/internal/sweep", nil))
	if w.Code != http.StatusInternalServerError {
		t.Errorf("failed sweep answered %d", w.Code)
	}
	alertcheck.Expect(t, out.Bytes(), "listinglift_stuck_orders")
	var line map[string]any
	for _, l := range bytes.Split(out.Bytes(), []byte("\n")) {
		if json.Unmarshal(l, &line) == nil && line["event"] == logging.EventSweepFailed {
			return
		}
	}
	t.Errorf("no sweep_failed line:\n%s", out.String())
}
