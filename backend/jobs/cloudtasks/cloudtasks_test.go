package cloudtasks_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/cloudtasks"
)

const queueName = "projects/demo-listinglift/locations/us-central1/queues/reports"

func TestNewValidatesOptions(t *testing.T) {
	cases := []struct {
		name string
		opts cloudtasks.Options
		want string // in the error; "" = accepted
	}{
		{"production", cloudtasks.Options{Queue: queueName, TargetURL: targetURL, ServiceAccountEmail: account}, ""},
		{"emulator with a local http target", cloudtasks.Options{Queue: queueName, TargetURL: "http://127.0.0.1:8080/internal/tasks/generate-report", EmulatorHost: "127.0.0.1:1"}, ""},
		{"queue id only", cloudtasks.Options{Queue: "reports", TargetURL: targetURL, EmulatorHost: "127.0.0.1:1"}, "queue"},
		{"queue with a trailing slash", cloudtasks.Options{Queue: queueName + "/", TargetURL: targetURL, EmulatorHost: "127.0.0.1:1"}, "queue"},
		{"http target in production", cloudtasks.Options{Queue: queueName, TargetURL: "http://api.example.test/internal/tasks/generate-report"}, "https"},
		{"relative target", cloudtasks.Options{Queue: queueName, TargetURL: "/internal/tasks/generate-report", EmulatorHost: "127.0.0.1:1"}, "https"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == "" && tc.opts.EmulatorHost == "" {
				// Building a production client needs credentials; only the
				// validation is under test here.
				tc.opts.EmulatorHost = "127.0.0.1:1"
			}
			q, err := cloudtasks.New(context.Background(), tc.opts)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				_ = q.Close()
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

func TestEnqueueRejectsInvalidTaskID(t *testing.T) {
	q, err := cloudtasks.New(context.Background(), cloudtasks.Options{Queue: queueName, TargetURL: targetURL, EmulatorHost: "127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	for _, name := range []string{"", "report/x", "report.x", "ré", strings.Repeat("a", 501)} {
		err := q.Enqueue(context.Background(), jobs.Job{Name: name, OptimizationID: "x"})
		if err == nil || errors.Is(err, jobs.ErrDuplicate) {
			t.Errorf("name %q: err = %v, want a validation error", name, err)
		}
	}
	if got := q.TaskName(jobs.ForOptimization("Abc")); got != queueName+"/tasks/report-Abc" {
		t.Errorf("TaskName = %q", got)
	}
}

// An unreachable service is an error with context, not ErrDuplicate.
func TestEnqueueUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	q, err := cloudtasks.New(context.Background(), cloudtasks.Options{Queue: queueName, TargetURL: targetURL, EmulatorHost: addr})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = q.Enqueue(ctx, jobs.ForOptimization("Abc"))
	if err == nil || errors.Is(err, jobs.ErrDuplicate) || !strings.Contains(err.Error(), "report-Abc") {
		t.Fatalf("err = %v, want a failure naming the job", err)
	}
	t.Log(err)
}
