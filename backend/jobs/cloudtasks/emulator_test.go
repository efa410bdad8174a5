package cloudtasks_test

// Tests against cloud-tasks-emulator (github.com/aertje/cloud-tasks-emulator
// v1.2.0), which `make test` starts (scripts/lib.sh
// start_cloud_tasks_emulator). What the emulator does, read from its source
// and checked here:
//
//   - It dispatches HTTP tasks itself, to the task's URL, so a local
//     httptest server receives them; method, body and our headers arrive
//     as given, plus User-Agent Google-Cloud-Tasks and the X-CloudTasks-*
//     headers: QueueName and TaskName (short ids, as in production),
//     TaskRetryCount (dispatches so far − 1: 0 on the first attempt, as in
//     production), TaskExecutionCount (responses received so far) and
//     TaskETA.
//   - It retries any non-2xx answer with the queue's RetryConfig (minimum
//     backoff doubled per attempt, up to max_attempts), and stops at the
//     first 2xx. Queues made with -queue get max_attempts 100 and a 100 ms
//     minimum backoff; tests that count attempts make their own queue.
//   - It remembers every task name it has seen until it exits (production:
//     about an hour), so a name is refused with AlreadyExists even after its
//     task ran.
//   - With an OIDC token in the task it signs a real RS256 JWT: iss is
//     http://cloud-tasks-emulator, or the -openid-issuer URL, which then
//     serves /.well-known/openid-configuration and /jwks; aud is the task's
//     audience or, when empty, its URL; email is whatever service account
//     the task names, email_verified true, valid 5 minutes. The signing key
//     is hard-coded in the emulator (public), so its tokens prove nothing
//     outside tests; our verifier accepts them only when told to trust
//     that issuer and key set, which production never is.

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	ctapi "cloud.google.com/go/cloudtasks/apiv2"
	"cloud.google.com/go/cloudtasks/apiv2/cloudtaskspb"
	"google.golang.org/api/option"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/cloudtasks"
	"github.com/listinglift/listinglift/backend/oidc"
)

const defaultQueue = "projects/demo-listinglift/locations/us-central1/queues/reports"

type emulatorEnv struct {
	Host   string // host:port of the gRPC API
	Queue  string // the queue created at start
	Issuer string // -openid-issuer URL, "" when not started with one
}

// emulator returns the emulator the test script started, or skips the test
// with the reason when there is none (a plain `go test` outside make test).
func emulator(t *testing.T) emulatorEnv {
	t.Helper()
	host := os.Getenv("CLOUD_TASKS_EMULATOR_HOST")
	if host == "" {
		t.Skip("CLOUD_TASKS_EMULATOR_HOST is not set: run through `make test`, which starts cloud-tasks-emulator " +
			"(or: source scripts/lib.sh && start_cloud_tasks_emulator LOG)")
	}
	e := emulatorEnv{Host: host, Queue: os.Getenv("CLOUD_TASKS_QUEUE"), Issuer: os.Getenv("CLOUD_TASKS_EMULATOR_OIDC_ISSUER")}
	if e.Queue == "" {
		e.Queue = defaultQueue
	}
	return e
}

// unique is a suffix that keeps task and queue names of this run apart from
// earlier runs against the same emulator (it never forgets a task name).
func unique() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// delivery is one request the emulator made to the task endpoint, and our
// answer.
type delivery struct {
	Method, Path string
	Header       http.Header
	Body         []byte
	Status       int
}

// endpoint is an httptest server on 127.0.0.1 whose /internal/tasks/
// generate-report runs next and records every delivery.
type endpoint struct {
	*httptest.Server
	mu         sync.Mutex
	deliveries []delivery
	arrived    chan struct{}
}

func newEndpoint(t *testing.T, next http.Handler) *endpoint {
	t.Helper()
	ep := &endpoint{arrived: make(chan struct{}, 100)}
	ep.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(strings.NewReader(string(body)))
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sw, r)
		ep.mu.Lock()
		ep.deliveries = append(ep.deliveries, delivery{r.Method, r.URL.Path, r.Header.Clone(), body, sw.status})
		ep.mu.Unlock()
		ep.arrived <- struct{}{}
	}))
	t.Cleanup(ep.Close)
	return ep
}

func (ep *endpoint) target() string { return ep.URL + "/internal/tasks/generate-report" }

// wait waits for n deliveries in all and returns them.
func (ep *endpoint) wait(t *testing.T, n int, timeout time.Duration) []delivery {
	t.Helper()
	deadline := time.After(timeout)
	for {
		ep.mu.Lock()
		got := append([]delivery(nil), ep.deliveries...)
		ep.mu.Unlock()
		if len(got) >= n {
			return got
		}
		select {
		case <-ep.arrived:
		case <-deadline:
			t.Fatalf("%d deliveries after %s, want %d", len(got), timeout, n)
		}
	}
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) { w.status = code; w.ResponseWriter.WriteHeader(code) }

func newQueue(t *testing.T, e emulatorEnv, opts cloudtasks.Options) *cloudtasks.Queue {
	t.Helper()
	opts.EmulatorHost = e.Host
	if opts.Queue == "" {
		opts.Queue = e.Queue
	}
	q, err := cloudtasks.New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = q.Close() })
	return q
}

// A task enqueued reaches the endpoint with the job as its JSON body, the
// Cloud Tasks headers and an OIDC token our verifier accepts when it trusts
// the emulator's issuer; the job handler runs once, on attempt 1.
func TestEmulatorDeliversTask(t *testing.T) {
	e := emulator(t)
	rec := &recorder{}
	// The verifier's audience is the server's URL, known once it runs.
	var (
		mu       sync.Mutex
		verifier cloudtasks.TokenVerifier
	)
	ep := newEndpoint(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		v := verifier
		mu.Unlock()
		cloudtasks.Handler(rec.handle, 3, v, slog.New(slog.DiscardHandler)).ServeHTTP(w, r)
	}))
	if e.Issuer != "" {
		v, err := oidc.NewVerifier(oidc.Options{
			Audience: ep.target(), Email: account,
			Issuers: []string{e.Issuer}, JWKSURL: e.Issuer + "/jwks",
		})
		if err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		verifier = v
		mu.Unlock()
	} else {
		t.Log("CLOUD_TASKS_EMULATOR_OIDC_ISSUER is not set: the emulator's token is decoded but not verified")
	}
	q := newQueue(t, e, cloudtasks.Options{TargetURL: ep.target(), ServiceAccountEmail: account})

	job := jobs.ForOptimization("Deliver" + unique())
	if err := q.Enqueue(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	d := ep.wait(t, 1, 10*time.Second)[0]

	if d.Method != http.MethodPost || d.Path != "/internal/tasks/generate-report" {
		t.Errorf("request %s %s", d.Method, d.Path)
	}
	if ct := d.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	var got jobs.Job
	if err := json.Unmarshal(d.Body, &got); err != nil || got != job {
		t.Errorf("body %s (%v), want job %+v", d.Body, err, job)
	}
	for h, want := range map[string]string{
		"X-CloudTasks-TaskName":           job.Name,
		"X-CloudTasks-QueueName":          e.Queue[strings.LastIndex(e.Queue, "/")+1:],
		"X-CloudTasks-TaskRetryCount":     "0",
		"X-CloudTasks-TaskExecutionCount": "0",
		"User-Agent":                      "Google-Cloud-Tasks",
	} {
		if v := d.Header.Get(h); v != want {
			t.Errorf("%s = %q, want %q", h, v, want)
		}
	}
	claims := unverifiedClaims(t, d.Header.Get("Authorization"))
	if claims["email"] != account || claims["aud"] != ep.target() || claims["email_verified"] != true {
		t.Errorf("token claims %v: want email %s, aud %s (the target URL when no audience is set), email_verified", claims, account, ep.target())
	}
	if d.Status != http.StatusOK {
		t.Errorf("endpoint answered %d", d.Status)
	}
	calls := rec.Calls()
	if len(calls) != 1 || calls[0].Job != job || calls[0].Attempt != (jobs.Attempt{Number: 1}) {
		t.Errorf("handler calls %+v", calls)
	}
}

// A second enqueue of the same job is refused with jobs.ErrDuplicate, both
// while the first is queued and after it ran.
func TestEmulatorDuplicateName(t *testing.T) {
	e := emulator(t)
	ep := newEndpoint(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	q := newQueue(t, e, cloudtasks.Options{TargetURL: ep.target()})
	ctx := context.Background()

	job := jobs.ForOptimization("Dup" + unique())
	if err := q.Enqueue(ctx, job); err != nil {
		t.Fatal(err)
	}
	if err := q.Enqueue(ctx, job); !errors.Is(err, jobs.ErrDuplicate) {
		t.Fatalf("second enqueue: %v, want jobs.ErrDuplicate", err)
	}
	ep.wait(t, 1, 10*time.Second)
	if err := q.Enqueue(ctx, job); !errors.Is(err, jobs.ErrDuplicate) {
		t.Fatalf("enqueue after the task ran: %v, want jobs.ErrDuplicate", err)
	}
	if err := q.Enqueue(ctx, jobs.ForOptimization("Other"+unique())); err != nil {
		t.Fatalf("another job: %v", err)
	}
	time.Sleep(300 * time.Millisecond)
	if n := len(ep.wait(t, 2, 10*time.Second)); n != 2 {
		t.Errorf("%d deliveries, want 2 (the duplicate must not run)", n)
	}
}

// Retries: a failing job is answered 500 and delivered again with the retry
// count going up; its third attempt is Final and is acknowledged, so the
// emulator stops even though the queue would allow five.
func TestEmulatorRetriesUntilFinal(t *testing.T) {
	e := emulator(t)
	queue := makeQueue(t, e, "retries-"+unique(), 5)
	rec := &recorder{fail: func(jobs.Attempt) error { return errors.New("listing site timed out") }}
	ep := newEndpoint(t, cloudtasks.Handler(rec.handle, 3, nil, slog.New(slog.DiscardHandler)))
	q := newQueue(t, e, cloudtasks.Options{Queue: queue, TargetURL: ep.target()})

	job := jobs.ForOptimization("Retry" + unique())
	if err := q.Enqueue(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	ds := ep.wait(t, 3, 15*time.Second)
	time.Sleep(time.Second) // a fourth delivery would come within 800 ms
	ds = ep.wait(t, 3, time.Second)
	if len(ds) != 3 {
		t.Fatalf("%d deliveries, want 3 (the final attempt's 200 ends the task)", len(ds))
	}
	for i, d := range ds {
		wantStatus := http.StatusInternalServerError
		if i == 2 {
			wantStatus = http.StatusOK
		}
		if d.Status != wantStatus {
			t.Errorf("delivery %d answered %d, want %d", i+1, d.Status, wantStatus)
		}
		if got := d.Header.Get("X-CloudTasks-TaskRetryCount"); got != strconv.Itoa(i) {
			t.Errorf("delivery %d: retry count %q, want %d", i+1, got, i)
		}
		if got := d.Header.Get("X-CloudTasks-TaskExecutionCount"); got != strconv.Itoa(i) {
			t.Errorf("delivery %d: execution count %q, want %d", i+1, got, i)
		}
	}
	want := []jobs.Attempt{{Number: 1}, {Number: 2}, {Number: 3, Final: true}}
	calls := rec.Calls()
	for i := range want {
		if i >= len(calls) || calls[i].Attempt != want[i] {
			t.Fatalf("attempts %+v, want %+v", calls, want)
		}
	}
}

// makeQueue creates a queue in the emulator with quick retries (100 ms
// minimum backoff, doubling) and maxAttempts attempts.
func makeQueue(t *testing.T, e emulatorEnv, id string, maxAttempts int32) string {
	t.Helper()
	conn, err := grpc.NewClient(e.Host, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ctapi.NewClient(context.Background(), option.WithGRPCConn(conn), option.WithoutAuthentication())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	parent := e.Queue[:strings.Index(e.Queue, "/queues/")]
	name := parent + "/queues/" + id
	_, err = c.CreateQueue(context.Background(), &cloudtaskspb.CreateQueueRequest{
		Parent: parent,
		Queue: &cloudtaskspb.Queue{Name: name, RetryConfig: &cloudtaskspb.RetryConfig{
			MaxAttempts: maxAttempts,
			MinBackoff:  durationpb.New(100 * time.Millisecond),
			MaxBackoff:  durationpb.New(time.Second),
		}},
	})
	if err != nil {
		t.Fatalf("create queue %s: %v", name, err)
	}
	return name
}

// unverifiedClaims decodes a bearer token's payload without checking it.
func unverifiedClaims(t *testing.T, authorization string) map[string]any {
	t.Helper()
	tok, ok := strings.CutPrefix(authorization, "Bearer ")
	parts := strings.Split(tok, ".")
	if !ok || len(parts) != 3 {
		t.Fatalf("Authorization %q is not a bearer JWT", authorization)
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}
