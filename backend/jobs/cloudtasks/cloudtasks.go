// Package cloudtasks is the production jobs.Queue: each job becomes a named
// Cloud Tasks HTTP task that POSTs the job as JSON to the service's task
// endpoint (POST /internal/tasks/generate-report) with an OIDC token, and
// Handler is that endpoint's body.
//
// Naming the task after the job (jobs.NameFor) makes Cloud Tasks refuse a
// second enqueue of the same order with AlreadyExists, reported as
// jobs.ErrDuplicate. Cloud Tasks remembers the names of finished and deleted
// tasks for about an hour (up to 9 days for queues made with queue.yaml), so
// this guards against a burst of duplicates (webhook retries, the success
// page's fallback), not forever: the store's exactly-once MarkPaid is what
// keeps a later duplicate from enqueueing.
//
// Locally, cloud-tasks-emulator (scripts/lib.sh start_cloud_tasks_emulator)
// speaks the same gRPC API; set Options.EmulatorHost to its address.
package cloudtasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"google.golang.org/protobuf/types/known/durationpb"
	"net/url"
	"regexp"
	"time"

	cloudtasks "cloud.google.com/go/cloudtasks/apiv2"
	"cloud.google.com/go/cloudtasks/apiv2/cloudtaskspb"
	gax "github.com/googleapis/gax-go/v2"
	"google.golang.org/api/option"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/listinglift/listinglift/backend/jobs"
)

// Options configure a Queue.
type Options struct {
	// Queue is the queue's resource name:
	// projects/PROJECT/locations/LOCATION/queues/QUEUE.
	Queue string
	// TargetURL receives the tasks, e.g.
	// https://api.example.com/internal/tasks/generate-report. It must be
	// https unless EmulatorHost is set (the emulator calls local servers).
	TargetURL string
	// ServiceAccountEmail is the identity Cloud Tasks mints each task's
	// OIDC token for (the enqueuing identity needs
	// iam.serviceAccounts.actAs on it). Empty: no token is attached, which
	// only suits the emulator or an endpoint that checks nothing.
	ServiceAccountEmail string
	// Audience of the OIDC token; empty means TargetURL. The endpoint's
	// verifier must expect the same value.
	Audience string
	// EmulatorHost (host:port) selects cloud-tasks-emulator: plain gRPC,
	// no credentials. Empty in production.
	EmulatorHost string
}

// Queue enqueues jobs as Cloud Tasks HTTP tasks.
type Queue struct {
	client   *cloudtasks.Client
	queue    string
	target   string
	account  string
	audience string
}

var _ jobs.Queue = (*Queue)(nil)

var (
	queueName = regexp.MustCompile(`^projects/[^/]+/locations/[^/]+/queues/[A-Za-z0-9-]{1,100}$`)
	// Cloud Tasks task ids: letters, digits, hyphens, underscores, at most
	// 500 characters.
	taskID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,500}$`)
)

// New connects to Cloud Tasks (with Application Default Credentials) or,
// with opts.EmulatorHost, to the emulator.
func New(ctx context.Context, opts Options) (*Queue, error) {
	if !queueName.MatchString(opts.Queue) {
		return nil, fmt.Errorf("cloudtasks: queue %q is not projects/P/locations/L/queues/Q", opts.Queue)
	}
	u, err := url.Parse(opts.TargetURL)
	if err != nil || u.Host == "" || (u.Scheme != "https" && (u.Scheme != "http" || opts.EmulatorHost == "")) {
		return nil, fmt.Errorf("cloudtasks: target URL %q must be an absolute https URL", opts.TargetURL)
	}
	q := &Queue{
		queue:    opts.Queue,
		target:   opts.TargetURL,
		account:  opts.ServiceAccountEmail,
		audience: opts.Audience,
	}
	if q.audience == "" {
		q.audience = q.target
	}
	var copts []option.ClientOption
	var conn *grpc.ClientConn
	if opts.EmulatorHost != "" {
		conn, err = grpc.NewClient(opts.EmulatorHost, grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			return nil, fmt.Errorf("cloudtasks: emulator %s: %w", opts.EmulatorHost, err)
		}
		copts = append(copts, option.WithGRPCConn(conn), option.WithoutAuthentication(), option.WithTelemetryDisabled())
	}
	q.client, err = cloudtasks.NewClient(ctx, copts...)
	if err != nil {
		if conn != nil {
			_ = conn.Close()
		}
		return nil, fmt.Errorf("cloudtasks: client: %w", err)
	}
	return q, nil
}

// Close releases the connection (the emulator's too: the client owns a
// connection passed to it).
func (q *Queue) Close() error { return q.client.Close() }

// TaskName is the task resource name of job in this queue.
func (q *Queue) TaskName(job jobs.Job) string { return q.queue + "/tasks/" + job.Name }

// createRetry retries CreateTask twice when Cloud Tasks is briefly
// unavailable, then gives up with that error. A retry after a first call that
// did create the task gets AlreadyExists, i.e. jobs.ErrDuplicate, which
// callers treat as success — the right outcome.
var createRetry = gax.WithRetry(func() gax.Retryer {
	return &unavailableRetry{left: 2, backoff: gax.Backoff{Initial: 200 * time.Millisecond, Max: time.Second, Multiplier: 2}}
})

type unavailableRetry struct {
	left    int
	backoff gax.Backoff
}

func (r *unavailableRetry) Retry(err error) (time.Duration, bool) {
	if r.left == 0 || status.Code(err) != codes.Unavailable {
		return 0, false
	}
	r.left--
	return r.backoff.Pause(), true
}

// Enqueue creates the job's task: POST TargetURL with the job as JSON and,
// when a service account is configured, an OIDC token for it.
func (q *Queue) Enqueue(ctx context.Context, job jobs.Job) error {
	if !taskID.MatchString(job.Name) {
		return fmt.Errorf("cloudtasks: job name %q is not a valid task id (letters, digits, - and _, at most 500)", job.Name)
	}
	body, err := json.Marshal(job)
	if err != nil {
		return fmt.Errorf("cloudtasks: encode job %s: %w", job.Name, err)
	}
	req := &cloudtaskspb.HttpRequest{
		Url:        q.target,
		HttpMethod: cloudtaskspb.HttpMethod_POST,
		Headers:    map[string]string{"Content-Type": "application/json"},
		Body:       body,
	}
	if job.Trace != "" {
		// Cloud Run then records the task's request in the queuing
		// request's trace.
		req.Headers["X-Cloud-Trace-Context"] = job.Trace
	}
	if q.account != "" {
		req.AuthorizationHeader = &cloudtaskspb.HttpRequest_OidcToken{OidcToken: &cloudtaskspb.OidcToken{
			ServiceAccountEmail: q.account,
			Audience:            q.audience,
		}}
	}
	_, err = q.client.CreateTask(ctx, &cloudtaskspb.CreateTaskRequest{
		Parent: q.queue,
		Task: &cloudtaskspb.Task{
			Name:        q.TaskName(job),
			MessageType: &cloudtaskspb.Task_HttpRequest{HttpRequest: req},
			// How long Cloud Tasks waits for the handler's answer: past
			// the job's budget and the server's write timeout (jobs
			// timing), so a final attempt's recorded failure is heard.
			DispatchDeadline: durationpb.New(jobs.DispatchDeadline),
		},
	}, createRetry)
	switch {
	case err == nil:
		return nil
	case status.Code(err) == codes.AlreadyExists:
		return fmt.Errorf("cloudtasks: enqueue %s: %w", job.Name, jobs.ErrDuplicate)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("cloudtasks: enqueue %s (the task may or may not exist): %w", job.Name, err)
	default:
		return fmt.Errorf("cloudtasks: enqueue %s in %s: %w", job.Name, q.queue, err)
	}
}
