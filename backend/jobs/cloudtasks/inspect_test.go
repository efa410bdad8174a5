package cloudtasks_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/cloudtasks"
)

// Pending is GetTask: true while the task is queued or running, false once
// it finished (its name still refused for a while) and for a name never
// used; Backlog lists what waits (issue 28: the sweeper leaves waiting
// work alone).
func TestEmulatorPendingAndBacklog(t *testing.T) {
	e := emulator(t)
	release := make(chan struct{})
	ep := newEndpoint(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	q := newQueue(t, e, cloudtasks.Options{TargetURL: ep.target()})
	var _ jobs.Inspector = q
	ctx := context.Background()
	job := jobs.ForOptimization("Pend" + unique())
	if err := q.Enqueue(ctx, job); err != nil {
		t.Fatal(err)
	}
	if p, err := q.Pending(ctx, job.Name); err != nil || !p {
		t.Fatalf("Pending of a queued task = %v, %v; want true", p, err)
	}
	if p, err := q.Pending(ctx, "report-Never"+unique()); err != nil || p {
		t.Errorf("Pending of a name never used = %v, %v; want false", p, err)
	}
	if b, err := q.Backlog(ctx, 1000); err != nil || b.Tasks < 1 || b.Oldest.IsZero() {
		t.Errorf("Backlog = %+v, %v; want the waiting task counted and dated", b, err)
	}
	close(release)
	ep.wait(t, 1, 10*time.Second)
	deadline := time.Now().Add(10 * time.Second)
	for {
		p, err := q.Pending(ctx, job.Name)
		// The emulator, while it removes a task it has just dispatched, now
		// and then answers GetTask with a message that does not decode
		// (Internal: "cannot parse invalid wire-format data"); the poll asks
		// again. Any other error, or that one past the deadline, fails.
		if status.Code(errors.Unwrap(err)) == codes.Internal && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !p {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the task is still pending 10 s after it was answered")
		}
		time.Sleep(50 * time.Millisecond)
	}
}
