package cloudtasks_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/cloudtasks"
)

// A full instance answers a report delivery busy (503, Retry-After) without
// running it, so the order's job is not attempted; the final attempt is run
// all the same (Cloud Tasks counts the busy answer among the queue's
// attempts, so refusing the final one would end the task with its order
// unrecorded); small jobs (refunds, e-mails) are never held back.
func TestBoundedHandlerBusyInstance(t *testing.T) {
	const maxAttempts = 5
	release := make(chan struct{})
	var mu sync.Mutex
	ran := map[string][]jobs.Attempt{}
	started := make(chan string, 10)
	h := func(ctx context.Context, job jobs.Job, a jobs.Attempt) error {
		mu.Lock()
		ran[job.Name] = append(ran[job.Name], a)
		mu.Unlock()
		started <- job.Name
		if strings.HasPrefix(job.Name, "report-held") {
			<-release
		}
		return nil
	}
	log, logs := newLogger()
	slots := jobs.NewSlots(2)
	srv := httptest.NewServer(cloudtasks.BoundedHandler(h, maxAttempts, nil, log, slots))
	defer srv.Close()

	deliver := func(job jobs.Job, retryCount int) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(jobBody(t, job)))
		req.Header.Set("X-CloudTasks-TaskName", job.Name)
		req.Header.Set("X-CloudTasks-TaskRetryCount", strconv.Itoa(retryCount))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}

	// Two report jobs fill the instance's two slots and stay running.
	held := make(chan *http.Response, 2)
	for _, id := range []string{"held1", "held2"} {
		go func() { held <- deliver(jobs.ForOptimization(id), 0) }()
	}
	for range 2 {
		select {
		case <-started:
		case <-time.After(5 * time.Second):
			t.Fatal("the two held jobs did not start")
		}
	}

	busy := jobs.ForOptimization("busy")
	res := deliver(busy, 1)
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
		t.Errorf("third report job on a full instance: %d, Retry-After %q; want 503 with Retry-After", res.StatusCode, res.Header.Get("Retry-After"))
	}
	res = deliver(jobs.UpgradeFor("busy", "cs_1"), 0)
	if res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("an upgrade's report on a full instance: %d, want 503", res.StatusCode)
	}
	mu.Lock()
	if got := ran[busy.Name]; len(got) != 0 {
		t.Errorf("a job answered busy ran (attempts %+v): its order's attempt was used", got)
	}
	mu.Unlock()
	if !strings.Contains(logs.String(), "task not run") {
		t.Errorf("no log line says the task was not run:\n%s", logs)
	}

	// Refunds and e-mails are never held back by reports.
	for _, job := range []jobs.Job{jobs.RefundFor("small"), jobs.EmailFor("small")} {
		if res := deliver(job, 0); res.StatusCode != http.StatusOK {
			t.Errorf("%s on a full instance: %d, want 200", job.Name, res.StatusCode)
		}
	}

	// The final attempt runs even on a full instance, and is told it is final.
	final := jobs.ForOptimization("final")
	if res := deliver(final, maxAttempts-1); res.StatusCode != http.StatusOK {
		t.Errorf("final attempt on a full instance: %d, want 200 (run)", res.StatusCode)
	}
	mu.Lock()
	if got := ran[final.Name]; len(got) != 1 || !got[0].Final {
		t.Errorf("final attempt ran as %+v, want once, final", got)
	}
	mu.Unlock()
	if !strings.Contains(logs.String(), "over this instance's report job bound") {
		t.Errorf("running over the bound is not logged:\n%s", logs)
	}

	// Once a slot is free the busy job runs on its next delivery.
	close(release)
	for range 2 {
		if r := <-held; r.StatusCode != http.StatusOK {
			t.Errorf("held job: %d", r.StatusCode)
		}
	}
	if slots.InUse() != 0 {
		t.Errorf("%d slots still held after every job ended", slots.InUse())
	}
	if res := deliver(busy, 2); res.StatusCode != http.StatusOK {
		t.Errorf("the busy job's next delivery: %d, want 200", res.StatusCode)
	}
	mu.Lock()
	defer mu.Unlock()
	if got := ran[busy.Name]; len(got) != 1 || got[0] != (jobs.Attempt{Number: 3}) {
		t.Errorf("busy job ran as %+v, want once as attempt 3 (not final)", got)
	}
}
