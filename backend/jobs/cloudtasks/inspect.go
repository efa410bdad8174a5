package cloudtasks

import (
	"context"
	"errors"
	"fmt"

	"cloud.google.com/go/cloudtasks/apiv2/cloudtaskspb"
	"google.golang.org/api/iterator"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/listinglift/listinglift/backend/jobs"
)

var _ jobs.Inspector = (*Queue)(nil)

// Pending implements jobs.Inspector with GetTask: a task Cloud Tasks still
// holds is waiting, being dispatched or waiting for a retry; NotFound
// (never existed, or long gone) and FailedPrecondition (it ended within
// the hour) mean it is not. (A finished task's
// name stays reserved for about an hour, which is why the sweeper sends
// work again under fresh names rather than trusting AlreadyExists.)
func (q *Queue) Pending(ctx context.Context, name string) (bool, error) {
	if !taskID.MatchString(name) {
		return false, nil // never a task of ours
	}
	_, err := q.client.GetTask(ctx, &cloudtaskspb.GetTaskRequest{Name: q.queue + "/tasks/" + name})
	switch {
	case err == nil:
		return true, nil
	case status.Code(err) == codes.NotFound, status.Code(err) == codes.FailedPrecondition:
		// FailedPrecondition: "The task no longer exists, though a task
		// with this name existed recently" (completed or deleted).
		return false, nil
	default:
		return false, fmt.Errorf("cloudtasks: get task %s: %w", name, err)
	}
}

// Backlog implements jobs.Inspector by listing the queue's tasks (at most
// limit): the count and the oldest creation time. Cloud Monitoring's
// queue/depth metric says the same without the listing; this is what the
// sweep can log on its own.
func (q *Queue) Backlog(ctx context.Context, limit int) (jobs.Backlog, error) {
	var b jobs.Backlog
	it := q.client.ListTasks(ctx, &cloudtaskspb.ListTasksRequest{Parent: q.queue, PageSize: int32(min(limit, 1000))})
	for {
		t, err := it.Next()
		if errors.Is(err, iterator.Done) {
			return b, nil
		}
		if err != nil {
			return b, fmt.Errorf("cloudtasks: list tasks of %s: %w", q.queue, err)
		}
		if b.Tasks == limit {
			b.Capped = true
			return b, nil
		}
		b.Tasks++
		if c := t.GetCreateTime(); c != nil && (b.Oldest.IsZero() || c.AsTime().Before(b.Oldest)) {
			b.Oldest = c.AsTime()
		}
	}
}
