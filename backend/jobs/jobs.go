// Package jobs declares the work queue that turns a paid order into a
// report. Delivery is at least once: a job may run again after a crash, a
// lost lease or a retry, so handlers must be idempotent. Adapters: local (a
// durable queue kept in the SQLite store, worked in-process) and cloudtasks
// (named HTTP tasks delivered to POST /internal/tasks/generate-report).
package jobs

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Job is one unit of work: generate the report of one optimization.
type Job struct {
	// Name is deterministic (see NameFor), so enqueueing the same order
	// twice is refused by the queue instead of running it twice.
	Name           string `json:"name"`
	OptimizationID string `json:"optimization_id"`
	// Trace (an X-Cloud-Trace-Context value) and RequestID are the
	// request's that queued the job, so its logs join that request's in
	// Cloud Logging and Trace. Optional; the local queue does not keep them.
	Trace     string `json:"trace,omitempty"`
	RequestID string `json:"request_id,omitempty"`
}

// Kinds of job. The kind is the name's prefix, so the queues need not know
// about kinds and a task's name says what it is in every console.
const (
	KindReport = "report" // generate the report (and Premium's PDF)
	KindEmail  = "email"  // e-mail a finished Premium report
	// KindRefund refunds a paid order that ended without its report (or
	// a failed upgrade's difference); KindUpgrade makes the Premium
	// report of a paid Basic → Premium upgrade.
	KindRefund  = "refund"
	KindUpgrade = "upgrade"
	// KindWatch checks a watched listing for one week (issue 45).
	KindWatch = "watch"
)

// NameFor is the job name of an optimization's report job.
func NameFor(optimizationID string) string { return KindReport + "-" + optimizationID }

// ForOptimization is the report job of an optimization.
func ForOptimization(optimizationID string) Job {
	return Job{Name: NameFor(optimizationID), OptimizationID: optimizationID}
}

// EmailFor is the job that e-mails an optimization's finished report.
func EmailFor(optimizationID string) Job {
	return Job{Name: KindEmail + "-" + optimizationID, OptimizationID: optimizationID}
}

// RefundFor is the job that refunds an optimization's payment.
func RefundFor(optimizationID string) Job {
	return Job{Name: KindRefund + "-" + optimizationID, OptimizationID: optimizationID}
}

// UpgradeRefundFor is the job that refunds a failed upgrade's payment
// through Checkout Session session (refund-<id>-upgrade-<session>): an
// order upgraded twice (the first refunded) has two such refunds, so the
// session is part of the name.
func UpgradeRefundFor(optimizationID, session string) Job {
	return Job{Name: withSession(KindRefund+"-"+optimizationID+"-upgrade", session), OptimizationID: optimizationID}
}

// UpgradeFor is the job that makes an upgraded order's Premium report for
// the upgrade paid through session (upgrade-<id>-<session>).
func UpgradeFor(optimizationID, session string) Job {
	return Job{Name: withSession(KindUpgrade+"-"+optimizationID, session), OptimizationID: optimizationID}
}

// WatchFor is the job that checks optimization id's watched listing for
// ISO week week ("2026-W49"): watch-<id>-<week>, so a doubled scheduler
// run or a retried task queues and records one check per week.
func WatchFor(optimizationID, week string) Job {
	return Job{Name: KindWatch + "-" + optimizationID + "-" + week, OptimizationID: optimizationID}
}

// WeekOf is the ISO week a watch job checks (the end of its name:
// "2026-W49"), or "" for a job that is no watch job.
func WeekOf(job Job) string {
	const weekLen = len("2026-W49")
	if job.Kind() != KindWatch || len(job.Name) < weekLen {
		return ""
	}
	return job.Name[len(job.Name)-weekLen:]
}

// Again is job under its n-th fresh name (<name>-<n>): a queue refuses a
// name it has seen (Cloud Tasks for about an hour after the task ended),
// so work sent again after that needs a name of its own.
func Again(job Job, n int) Job {
	job.Name += "-" + strconv.Itoa(n)
	return job
}

// maxSession bounds the session's part of a name, far below Cloud Tasks'
// 500 characters (Stripe's Checkout Session ids are about 66).
const maxSession = 200

// withSession appends session to name, keeping only the characters a
// Cloud Tasks task id allows besides "-" (letters, digits, "_"), so the
// parts stay separable; no session (payments off) adds nothing.
func withSession(name, session string) string {
	b := make([]byte, 0, len(session))
	for i := 0; i < len(session) && len(b) < maxSession; i++ {
		c := session[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' {
			b = append(b, c)
		}
	}
	if len(b) == 0 {
		return name
	}
	return name + "-" + string(b)
}

// Kind is the job's kind: the part of its name before the first "-".
func (j Job) Kind() string {
	kind, _, _ := strings.Cut(j.Name, "-")
	return kind
}

// ErrDuplicate is returned by Enqueue when a job of that name was already
// enqueued: a task of that name exists, or existed recently (Cloud Tasks
// refuses a name for about an hour after its task ended, however it
// ended). It means "not queued now", never "done": work still owed stays
// on its order and is sent again under a fresh name (Again) by the
// sweeper.
var ErrDuplicate = errors.New("jobs: a job with this name was already enqueued")

// Queue accepts jobs.
type Queue interface {
	// Enqueue schedules job. A name already enqueued gives ErrDuplicate
	// (wrapped); other errors mean the job may not have been scheduled.
	Enqueue(ctx context.Context, job Job) error
}

// Inspector is what a queue can tell about its tasks, for the sweeper:
// an optional interface of a Queue (cloudtasks and localqueue have it).
type Inspector interface {
	// Pending reports whether a task named name is waiting, running or
	// waiting for a retry: not yet finished, given up or deleted.
	Pending(ctx context.Context, name string) (bool, error)
	// Backlog says how many tasks wait and since when the oldest, counting
	// at most limit of them (Capped when there were more).
	Backlog(ctx context.Context, limit int) (Backlog, error)
}

// Backlog is a queue's waiting work.
type Backlog struct {
	Tasks  int
	Oldest time.Time // creation (or first run) time of the oldest task; zero when none
	Capped bool      // more than Tasks are waiting
}

// Attempt says which delivery of a job this is.
type Attempt struct {
	Number int  // 1 for the first delivery
	Final  bool // no retry follows if this attempt fails
}

// Handler runs a job. A nil error finishes the job; an error asks for a
// retry unless the attempt is final, in which case the handler itself must
// leave a visible outcome (the order marked failed) before returning.
type Handler func(ctx context.Context, job Job, attempt Attempt) error

// Backoff is the delay before retry n (n ≥ 1 is the attempt that failed):
// base doubled per attempt, capped at max.
func Backoff(n int, base, max time.Duration) time.Duration {
	d := base
	for i := 1; i < n && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}
