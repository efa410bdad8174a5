package cloudtasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/oidc"
)

// TokenVerifier decides whether a task request really comes from Cloud
// Tasks; *oidc.Verifier (backend/oidc) checks the request's OIDC token.
type TokenVerifier interface {
	Verify(ctx context.Context, r *http.Request) error
}

// Cloud Tasks request headers (https://cloud.google.com/tasks/docs/creating-http-target-tasks#handler).
const (
	headerQueue      = "X-CloudTasks-QueueName"
	headerTask       = "X-CloudTasks-TaskName"
	headerRetryCount = "X-CloudTasks-TaskRetryCount"     // 0 on the first attempt
	headerExecCount  = "X-CloudTasks-TaskExecutionCount" // responses received, not counting 5xx dispatch failures
)

const maxTaskBody = 64 << 10

// statusRetry asks Cloud Tasks to try the task again. Every non-2xx answer
// is retried with the queue's retry config; 500 is used rather than 503
// because Cloud Tasks also treats 503 and 429 as "the worker is overloaded"
// and slows the whole queue down (system throttling, Retry-After honoured),
// which one failing report should not do to everyone else's.
const statusRetry = http.StatusInternalServerError

// Handler is the body of POST /internal/tasks/generate-report: it checks
// the request with v, decodes the job and runs h, answering so that Cloud
// Tasks does the right thing next:
//
//   - 401 when v refuses the request (logged with event=task_token_refused,
//     the endpoint and the reason; ERROR when the token is Google's but
//     names another audience or account: refusalLevel; the job does not
//     run). Cloud Tasks retries it like any failure, so a
//     misconfigured audience or service account shows up as repeated
//     refusals — and once the queue's attempts run out the task is gone
//     with its order unfinished: alert on these log entries.
//   - 200 when h succeeds: the task is done.
//   - 500 when h fails and attempts remain: Cloud Tasks retries after the
//     queue's backoff.
//   - 200 when h fails on the final attempt: h has recorded the failure
//     (jobs.Handler's contract) and there is nothing left to retry.
//   - 200 for a malformed task (a body that is not a job): it can never
//     succeed, so it is acknowledged and logged as an error instead of being
//     retried until the queue gives up.
//
// The attempt number comes from X-CloudTasks-TaskRetryCount (0-based, so
// attempt = count+1; Cloud Tasks counts every dispatch, including ones that
// failed before reaching us) and is Final when it reaches maxAttempts. The
// queue's retry config must therefore allow at least maxAttempts attempts —
// set max_attempts equal to maxAttempts — and must not set max_retry_duration:
// if Cloud Tasks gave up first, no attempt would be Final and the failure
// would never be recorded. Handler panics if maxAttempts < 1.
//
// A nil v accepts every request. That is for local development only (the
// emulator, or a hand-made curl); production must pass a verifier, and
// Handler logs a warning when it is built without one.
//
// log may be nil: then each request logs to logging.FromContext.
func Handler(h jobs.Handler, maxAttempts int, v TokenVerifier, log *slog.Logger) http.Handler {
	return BoundedHandler(h, maxAttempts, v, log, nil)
}

// statusBusy is the answer of an instance already running as many jobs as
// it may (slots): 503 with Retry-After, which Cloud Tasks takes as "this
// worker is overloaded" and retries later, slowing the queue's dispatches
// (system throttling) — what a full instance wants.
const statusBusy = http.StatusServiceUnavailable

// busyRetryAfter is the Retry-After of a busy answer, in seconds: about
// one job's time, when a slot is likely free again.
const busyRetryAfter = "30"

// bounded says whether a job of this kind holds a slot: the report jobs
// (a first report, a re-check, an upgrade's Premium report) read pages,
// decode photos and draw PDFs. Refunds and e-mails are small and must not
// wait behind reports — and an e-mail counts its attempts itself
// (orders' MailAttempts), which busy answers would use up.
func bounded(job jobs.Job) bool {
	switch job.Kind() {
	case jobs.KindReport, jobs.KindUpgrade, jobs.KindWatch: // a watch's week reads as a re-check does
		return true
	}
	return false
}

// BoundedHandler is Handler with at most slots.Size() report jobs running
// at once on this instance (nil slots: no bound). A delivery that finds
// every slot taken is not run: it is answered 503 (busy) and Cloud Tasks
// delivers it again later, possibly to another instance. Nothing about the
// order is touched by a busy answer, but Cloud Tasks counts it among the
// queue's attempts (X-CloudTasks-TaskRetryCount counts every dispatch), so
// a busy answer must never be given to the final attempt: that would end
// the task with its order unfinished and unrecorded. The final attempt is
// therefore always run — in a free slot, or over the bound when there is
// none (logged: the instance then runs one job more than its bound, for
// the few seconds to minutes of one job).
func BoundedHandler(h jobs.Handler, maxAttempts int, v TokenVerifier, log *slog.Logger, slots *jobs.Slots) http.Handler {
	if maxAttempts < 1 {
		panic(fmt.Sprintf("cloudtasks.Handler: maxAttempts = %d, want ≥ 1", maxAttempts))
	}
	if v == nil {
		logger(context.Background(), log).Warn("task endpoint built without a token verifier: it accepts unauthenticated requests (local development only)")
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		l := logger(ctx, log).With("queue", r.Header.Get(headerQueue), "task", r.Header.Get(headerTask))
		if !admit(w, r, v, l, "task") {
			return
		}

		job, err := decodeJob(w, r)
		if err != nil {
			var tooBig *http.MaxBytesError
			if !errors.As(err, &tooBig) && !errors.Is(err, errMalformed) {
				// The body did not arrive whole: let Cloud Tasks send it again.
				l.Warn("task body could not be read", "error", err.Error())
				http.Error(w, "retry", statusRetry)
				return
			}
			l.Error("dropping malformed task: it can never succeed", "error", err.Error())
			writeText(w, http.StatusOK, "dropped: malformed task")
			return
		}

		attempt := attemptOf(r, maxAttempts, l)
		l = l.With("job", job.Name, "optimization_id", job.OptimizationID,
			"attempt", attempt.Number, "max_attempts", maxAttempts, "final", attempt.Final,
			"execution_count", r.Header.Get(headerExecCount))
		if slots != nil && bounded(job) {
			switch {
			case slots.TryTake():
				defer slots.Release()
			case !attempt.Final:
				l.Info("task not run: this instance runs as many report jobs as it may; Cloud Tasks will deliver it again",
					"jobs_running", slots.InUse(), "job_slots", slots.Size())
				w.Header().Set("Retry-After", busyRetryAfter)
				http.Error(w, "busy; retry later", statusBusy)
				return
			default:
				l.Warn("running a final attempt over this instance's report job bound: a final attempt is never refused",
					"jobs_running", slots.InUse(), "job_slots", slots.Size())
			}
		}
		err = h(ctx, job, attempt)
		switch {
		case err == nil:
			l.Info("task done")
			writeText(w, http.StatusOK, "done")
		case !attempt.Final:
			l.Warn("task failed; Cloud Tasks will retry", "error", err.Error())
			http.Error(w, "failed; retry", statusRetry)
		default:
			l.Error("task failed on its final attempt", "error", err.Error())
			writeText(w, http.StatusOK, "failed on the final attempt; recorded")
		}
	})
}

// admit lets through a POST whose token v accepts (any, with a nil v:
// development only) and answers anything else itself: 401 with the
// reason logged, or 405.
func admit(w http.ResponseWriter, r *http.Request, v TokenVerifier, l *slog.Logger, what string) bool {
	if v != nil {
		if err := v.Verify(r.Context(), r); err != nil {
			l.Log(r.Context(), refusalLevel(err), what+" request refused", logging.Event(logging.EventTaskTokenRefused),
				"endpoint", r.URL.Path, "reason", err.Error(), "remote_addr", r.RemoteAddr)
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return false
		}
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return false
	}
	return true
}

// refusalLevel is ERROR for a refusal that means our own deploy is wrong
// and work is being lost: a token Google signed that names another
// audience or account (or is out of date), or signing keys we cannot
// fetch (then every task and sweep is refused). Those are what a wrong
// --oidc-token-audience or service account on the queue's tasks or on
// Cloud Scheduler's sweep produces, and docs/DEPLOY.md §15 alerts on them.
// A request with no token, or one not signed by Google, is what anyone on
// the internet can send to the public run.app address: WARNING, so a
// stranger cannot page the on-call.
func refusalLevel(err error) slog.Level {
	for _, deployed := range []error{oidc.ErrAudience, oidc.ErrEmail, oidc.ErrEmailNotVerified,
		oidc.ErrIssuer, oidc.ErrExpired, oidc.ErrNotYetValid, oidc.ErrKeys} {
		if errors.Is(err, deployed) {
			return slog.LevelError
		}
	}
	return slog.LevelWarn
}

var errMalformed = errors.New("malformed task body")

func decodeJob(w http.ResponseWriter, r *http.Request) (jobs.Job, error) {
	var job jobs.Job
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxTaskBody))
	if err != nil {
		return job, err
	}
	if err := json.Unmarshal(body, &job); err != nil {
		return job, fmt.Errorf("%w: %v", errMalformed, err)
	}
	if job.Name == "" || job.OptimizationID == "" {
		return job, fmt.Errorf("%w: name and optimization_id are required", errMalformed)
	}
	return job, nil
}

// attemptOf reads the attempt from the retry count header. Without one (a
// request that did not come through Cloud Tasks) it is the first attempt.
func attemptOf(r *http.Request, maxAttempts int, l *slog.Logger) jobs.Attempt {
	n := 1
	if s := r.Header.Get(headerRetryCount); s != "" {
		retries, err := strconv.Atoi(s)
		if err != nil || retries < 0 {
			l.Warn("unreadable "+headerRetryCount+"; taking it as the first attempt", "value", s)
		} else {
			n = min(retries, 1<<20) + 1
		}
	}
	return jobs.Attempt{Number: n, Final: n >= maxAttempts}
}

func logger(ctx context.Context, l *slog.Logger) *slog.Logger {
	if l != nil {
		return l
	}
	return logging.FromContext(ctx)
}

func writeText(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(code)
	_, _ = io.WriteString(w, msg+"\n")
}
