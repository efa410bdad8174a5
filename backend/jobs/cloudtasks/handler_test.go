package cloudtasks_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/cloudtasks"
	"github.com/listinglift/listinglift/backend/oidc"
	"github.com/listinglift/listinglift/backend/oidc/oidctest"
)

const (
	targetURL = "https://api.example.test/internal/tasks/generate-report"
	account   = "tasks-invoker@demo-listinglift.iam.gserviceaccount.com"
)

// recorder is a jobs.Handler that remembers its calls and fails while fail
// says so.
type recorder struct {
	mu    sync.Mutex
	calls []call
	fail  func(jobs.Attempt) error
}

type call struct {
	Job     jobs.Job
	Attempt jobs.Attempt
}

func (rec *recorder) handle(_ context.Context, job jobs.Job, a jobs.Attempt) error {
	rec.mu.Lock()
	rec.calls = append(rec.calls, call{job, a})
	rec.mu.Unlock()
	if rec.fail != nil {
		return rec.fail(a)
	}
	return nil
}

func (rec *recorder) Calls() []call {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([]call(nil), rec.calls...)
}

// logBuffer is a JSON log sink safe for concurrent handlers.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func newLogger() (*slog.Logger, *logBuffer) {
	b := &logBuffer{}
	return slog.New(slog.NewJSONHandler(b, nil)), b
}

func jobBody(t *testing.T, job jobs.Job) string {
	t.Helper()
	b, err := json.Marshal(job)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestHandlerStatusCodes(t *testing.T) {
	job := jobs.ForOptimization("Opt123")
	errBoom := errors.New("listing fetch failed")
	cases := []struct {
		name        string
		method      string
		body        string
		retryCount  string // X-CloudTasks-TaskRetryCount; "" = absent
		fail        bool
		wantStatus  int
		wantAttempt *jobs.Attempt // nil: the handler must not run
		wantLog     string
	}{
		{name: "success", body: jobBody(t, job), retryCount: "0",
			wantStatus: 200, wantAttempt: &jobs.Attempt{Number: 1}, wantLog: "task done"},
		{name: "retryable failure", body: jobBody(t, job), retryCount: "0", fail: true,
			wantStatus: 500, wantAttempt: &jobs.Attempt{Number: 1}, wantLog: "Cloud Tasks will retry"},
		{name: "retryable failure, second attempt", body: jobBody(t, job), retryCount: "1", fail: true,
			wantStatus: 500, wantAttempt: &jobs.Attempt{Number: 2}, wantLog: "Cloud Tasks will retry"},
		{name: "final failure is acknowledged", body: jobBody(t, job), retryCount: "2", fail: true,
			wantStatus: 200, wantAttempt: &jobs.Attempt{Number: 3, Final: true}, wantLog: "final attempt"},
		{name: "success on the final attempt", body: jobBody(t, job), retryCount: "2",
			wantStatus: 200, wantAttempt: &jobs.Attempt{Number: 3, Final: true}, wantLog: "task done"},
		{name: "past the final attempt (queue allows more)", body: jobBody(t, job), retryCount: "7", fail: true,
			wantStatus: 200, wantAttempt: &jobs.Attempt{Number: 8, Final: true}, wantLog: "final attempt"},
		{name: "no retry header: first attempt", body: jobBody(t, job),
			wantStatus: 200, wantAttempt: &jobs.Attempt{Number: 1}},
		{name: "unreadable retry header: first attempt", body: jobBody(t, job), retryCount: "x",
			wantStatus: 200, wantAttempt: &jobs.Attempt{Number: 1}, wantLog: "unreadable"},
		{name: "malformed JSON is dropped", body: `{"name":`, retryCount: "0",
			wantStatus: 200, wantLog: "dropping malformed task"},
		{name: "job without optimization id is dropped", body: `{"name":"report-x"}`, retryCount: "0",
			wantStatus: 200, wantLog: "dropping malformed task"},
		{name: "oversized body is dropped", body: `{"name":"` + strings.Repeat("a", 70<<10) + `"}`, retryCount: "0",
			wantStatus: 200, wantLog: "dropping malformed task"},
		{name: "GET is not allowed", method: http.MethodGet, wantStatus: 405},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recorder{}
			if tc.fail {
				rec.fail = func(jobs.Attempt) error { return errBoom }
			}
			log, logs := newLogger()
			h := cloudtasks.Handler(rec.handle, 3, nil, log)
			method := tc.method
			if method == "" {
				method = http.MethodPost
			}
			r := httptest.NewRequest(method, "/internal/tasks/generate-report", strings.NewReader(tc.body))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("X-CloudTasks-QueueName", "reports")
			r.Header.Set("X-CloudTasks-TaskName", job.Name)
			if tc.retryCount != "" {
				r.Header.Set("X-CloudTasks-TaskRetryCount", tc.retryCount)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tc.wantStatus {
				t.Errorf("status = %d, want %d (body %q)", w.Code, tc.wantStatus, w.Body.String())
			}
			calls := rec.Calls()
			switch {
			case tc.wantAttempt == nil && len(calls) != 0:
				t.Errorf("handler ran: %+v", calls)
			case tc.wantAttempt != nil && len(calls) != 1:
				t.Errorf("handler calls = %d, want 1", len(calls))
			case tc.wantAttempt != nil:
				if calls[0].Job != job || calls[0].Attempt != *tc.wantAttempt {
					t.Errorf("handler got %+v, want job %+v attempt %+v", calls[0], job, *tc.wantAttempt)
				}
			}
			if !strings.Contains(logs.String(), tc.wantLog) {
				t.Errorf("log lacks %q:\n%s", tc.wantLog, logs)
			}
		})
	}
}

func TestHandlerFinalFlagFollowsMaxAttempts(t *testing.T) {
	for _, max := range []int{1, 2, 5} {
		for retries := 0; retries <= max; retries++ {
			rec := &recorder{}
			h := cloudtasks.Handler(rec.handle, max, nil, slog.New(slog.DiscardHandler))
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(jobBody(t, jobs.ForOptimization("A1"))))
			r.Header.Set("X-CloudTasks-TaskRetryCount", strconv.Itoa(retries))
			h.ServeHTTP(httptest.NewRecorder(), r)
			got := rec.Calls()[0].Attempt
			want := jobs.Attempt{Number: retries + 1, Final: retries+1 >= max}
			if got != want {
				t.Errorf("max %d, retry count %d: attempt %+v, want %+v", max, retries, got, want)
			}
		}
	}
}

func TestHandlerPanicsWithoutAttempts(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("maxAttempts 0: no panic")
		}
	}()
	cloudtasks.Handler((&recorder{}).handle, 0, nil, nil)
}

func TestHandlerWarnsWithoutVerifier(t *testing.T) {
	log, logs := newLogger()
	cloudtasks.Handler((&recorder{}).handle, 3, nil, log)
	if !strings.Contains(logs.String(), "without a token verifier") {
		t.Errorf("no warning about the missing verifier:\n%s", logs)
	}
}

// The endpoint with the real OIDC verifier: good tokens run the job, every
// kind of bad token is answered 401 with its reason logged and the job not
// run.
func TestHandlerOIDC(t *testing.T) {
	iss := oidctest.NewIssuer(t)
	v, err := oidc.NewVerifier(oidc.Options{Audience: targetURL, Email: account, JWKSURL: iss.JWKSURL})
	if err != nil {
		t.Fatal(err)
	}
	good := oidctest.Claims(targetURL, account)
	edit := func(f func(map[string]any)) map[string]any {
		c := oidctest.Claims(targetURL, account)
		f(c)
		return c
	}
	cases := []struct {
		name       string
		auth       string
		wantStatus int
		wantReason string
	}{
		{"valid token", "Bearer " + iss.Token(t, good), 200, ""},
		{"no token", "", 401, oidc.ErrNoToken.Error()},
		{"malformed", "Bearer not-a-jwt", 401, oidc.ErrMalformed.Error()},
		{"wrong audience", "Bearer " + iss.Token(t, edit(func(c map[string]any) { c["aud"] = "https://other.example" })), 401, oidc.ErrAudience.Error()},
		{"other service account", "Bearer " + iss.Token(t, edit(func(c map[string]any) { c["email"] = "x@y.iam.gserviceaccount.com" })), 401, oidc.ErrEmail.Error()},
		{"email not verified", "Bearer " + iss.Token(t, edit(func(c map[string]any) { c["email_verified"] = false })), 401, oidc.ErrEmailNotVerified.Error()},
		{"expired", "Bearer " + iss.Token(t, edit(func(c map[string]any) { c["exp"] = 1_600_000_000; c["iat"] = 1_599_996_400 })), 401, oidc.ErrExpired.Error()},
		{"signed by another key", "Bearer " + oidctest.Sign(t, oidctest.TestKey(1), iss.KeyID, good), 401, oidc.ErrSignature.Error()},
		{"wrong issuer", "Bearer " + iss.Token(t, edit(func(c map[string]any) { c["iss"] = "https://evil.example" })), 401, oidc.ErrIssuer.Error()},
		{"alg none", "Bearer " + oidctest.Unsigned("none", iss.KeyID, good, nil), 401, oidc.ErrAlgorithm.Error()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recorder{}
			log, logs := newLogger()
			h := cloudtasks.Handler(rec.handle, 3, v, log)
			r := httptest.NewRequest(http.MethodPost, "/internal/tasks/generate-report",
				strings.NewReader(jobBody(t, jobs.ForOptimization("Opt1"))))
			if tc.auth != "" {
				r.Header.Set("Authorization", tc.auth)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tc.wantStatus {
				t.Fatalf("status = %d, want %d", w.Code, tc.wantStatus)
			}
			if tc.wantStatus != 200 {
				if n := len(rec.Calls()); n != 0 {
					t.Errorf("refused request ran the job (%d calls)", n)
				}
				if got := w.Header().Get("WWW-Authenticate"); !strings.Contains(got, "invalid_token") {
					t.Errorf("WWW-Authenticate = %q", got)
				}
				if !strings.Contains(logs.String(), tc.wantReason) {
					t.Errorf("log lacks the reason %q:\n%s", tc.wantReason, logs)
				}
				if _, tok, _ := strings.Cut(tc.auth, " "); len(tok) > 20 && strings.Contains(logs.String(), tok) {
					t.Error("the token was logged")
				}
			}
		})
	}
}
