package deploy

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/logging/alertcheck"
)

// alertPackages hold the TestAlertLines… tests: each runs the code paths
// its package logs alerting lines from, with the service's JSON logger,
// and leaves what it captured in $LISTINGLIFT_ALERT_LINES.
var alertPackages = []string{"./backend/orders", "./backend/jobs/cloudtasks", "./backend/writing", "./backend/httpapi"}

// cloudRunMetrics are §15's metrics on the service's own log entries;
// the others watch another resource and are checked against that
// resource's entries (TestSchedulerFailuresAlert).
func cloudRunMetrics(t *testing.T) (run, other []alertcheck.Metric) {
	t.Helper()
	ms, err := alertcheck.DeployMetrics("../../docs/DEPLOY.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if slices.Contains(alertcheck.Values(m.Expr, "resource.type"), "cloud_run_revision") {
			run = append(run, m)
		} else {
			other = append(other, m)
		}
	}
	return run, other
}

// Every log-based metric docs/DEPLOY.md §15 creates matches a line the
// code really writes: the packages' alert-line tests run their code paths
// (a report failing and refunded, the sweeper finding stuck, owed and
// waiting work, the queue's backlog, e-mails and PDFs still owed, the
// copy model falling back, a refused task token, a failed sweep, a 500),
// and here each metric's filter is applied to what they captured, as
// Cloud Logging would (alertcheck). Each event a filter names must be on
// such a line, every event logging names for alerts must be in a filter,
// and a filter may name no event the code does not define.
func TestEveryAlertMetricMatchesALineTheCodeWrites(t *testing.T) {
	if os.Getenv("LISTINGLIFT_BUILD_REPLAY") != "" {
		t.Skip("SKIP: inside a replay's gate (the outer run checks the alerts)")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("SKIP: the go tool is not on PATH")
	}
	run, _ := cloudRunMetrics(t)
	checkAlertPackagesListed(t)

	dir := t.TempDir()
	cmd := exec.CommandContext(t.Context(), goTool, append([]string{"test", "-count=1", "-run", "^TestAlertLines"}, alertPackages...)...)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), alertcheck.LinesDir+"="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		// Go on: what they captured says which metric has no line.
		t.Errorf("the alert-line tests failed: %v\n%s", err, out)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the alert-line tests captured nothing (%v)", err)
	}
	var captured []map[string]any
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		entries, err := alertcheck.Entries(b, alertcheck.CloudRun)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		captured = append(captured, entries...)
	}

	named := map[string]bool{}
	for _, m := range run {
		if !slices.ContainsFunc(captured, m.Expr.Match) {
			t.Errorf("metric %s matches no line the code writes (%s)", m.Name, m.Filter)
		}
		for _, ev := range alertcheck.Values(m.Expr, "jsonPayload.event") {
			named[ev] = true
			if !slices.Contains(logging.Events, ev) {
				t.Errorf("metric %s names event %q, which logging does not define (logging.Events)", m.Name, ev)
			}
			if !slices.ContainsFunc(captured, func(e map[string]any) bool {
				p, _ := e["jsonPayload"].(map[string]any)
				return p["event"] == ev && m.Expr.Match(e)
			}) {
				t.Errorf("metric %s: no captured line with event %q matches it (%s)", m.Name, ev, m.Filter)
			}
		}
	}
	for _, ev := range logging.Events {
		if !named[ev] {
			t.Errorf("event %q is logged for an alert, but no §15 metric names it", ev)
		}
	}
}

// checkAlertPackagesListed: a package whose tests capture alert lines is
// run by the test above.
func checkAlertPackagesListed(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir("../../backend", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.Contains(b, []byte("alertcheck."+"Expect(t,")) {
			pkg := "./" + filepath.ToSlash(strings.TrimPrefix(filepath.Dir(path), "../../"))
			if !slices.Contains(alertPackages, pkg) {
				t.Errorf("%s captures alert lines, but %s is not in alertPackages", path, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// schedulerEntry is a Cloud Scheduler execution log entry in the shape
// Scheduler writes (log cloudscheduler.googleapis.com/executions, one
// AttemptStarted and one AttemptFinished per attempt; a finished attempt
// that failed is an ERROR with the failure in jsonPayload.status and the
// target's answer in httpRequest.status).
func schedulerEntry(job, kind, severity, status string, httpStatus float64) map[string]any {
	payload := map[string]any{
		"@type":      "type.googleapis.com/google.cloud.scheduler.logging." + kind,
		"jobName":    "projects/listinglift-prod/locations/europe-west1/jobs/" + job,
		"targetType": "HTTP",
	}
	e := map[string]any{
		"logName": "projects/listinglift-prod/logs/cloudscheduler.googleapis.com%2Fexecutions",
		"resource": map[string]any{"type": "cloud_scheduler_job", "labels": map[string]any{
			"job_id": job, "location": "europe-west1", "project_id": "listinglift-prod"}},
		"severity":    severity,
		"jsonPayload": payload,
	}
	if kind == "AttemptFinished" {
		if status != "" {
			payload["status"] = status
		}
		e["httpRequest"] = map[string]any{"status": httpStatus}
	}
	return e
}

// A failed run of each scheduled job — the sweeper, the nightly export
// (Scheduler calls Firestore's export itself: this is the failed-export
// alert), the monthly market refresh — is matched by §15's Scheduler
// metric; a started or successful attempt, another project's job, and the
// service's own lines are not.
func TestSchedulerFailuresAlert(t *testing.T) {
	_, other := cloudRunMetrics(t)
	i := slices.IndexFunc(other, func(m alertcheck.Metric) bool {
		return slices.Contains(alertcheck.Values(m.Expr, "resource.type"), "cloud_scheduler_job")
	})
	if i < 0 {
		t.Fatal("docs/DEPLOY.md §15 has no metric on Cloud Scheduler's job failures")
	}
	m := other[i]
	cb := string(read(t, "cloudbuild.yaml"))
	for _, job := range []string{"listinglift-sweep", "listinglift-firestore-export", "listinglift-market-refresh"} {
		if !strings.Contains(cb, "upsert "+job+" ") {
			t.Errorf("cloudbuild.yaml's schedules step does not create %s", job)
		}
		for _, failed := range []struct {
			status string
			http   float64
		}{{"UNAUTHENTICATED", 401}, {"PERMISSION_DENIED", 403}, {"INTERNAL", 500}, {"DEADLINE_EXCEEDED", 0}} {
			if !m.Expr.Match(schedulerEntry(job, "AttemptFinished", "ERROR", failed.status, failed.http)) {
				t.Errorf("%s: a failed %s attempt (%s) is not matched by %s", m.Name, job, failed.status, m.Filter)
			}
		}
		if m.Expr.Match(schedulerEntry(job, "AttemptFinished", "INFO", "", 200)) {
			t.Errorf("%s matches a successful %s attempt", m.Name, job)
		}
		if m.Expr.Match(schedulerEntry(job, "AttemptStarted", "INFO", "", 0)) {
			t.Errorf("%s matches %s's attempt starting", m.Name, job)
		}
	}
	if m.Expr.Match(schedulerEntry("someone-elses-job", "AttemptFinished", "ERROR", "INTERNAL", 500)) {
		t.Errorf("%s matches a job that is not ours", m.Name)
	}
	own := []byte(`{"severity":"ERROR","message":"sweep failed","event":"sweep_failed"}`)
	entries, _ := alertcheck.Entries(own, alertcheck.CloudRun)
	if m.Expr.Match(entries[0]) {
		t.Errorf("%s matches the service's own lines", m.Name)
	}
	for _, o := range other {
		if o.Name != m.Name && !slices.Contains(alertcheck.Values(o.Expr, "resource.type"), "cloud_run_job") {
			t.Errorf("metric %s watches neither the service, Cloud Scheduler nor the market job: no test has its entries", o.Name)
		}
	}
}

// A market refresh that starts and fails is alerted: Cloud Run logs the
// failed execution at ERROR on the job's resource (its system log, as
// the job's history shows it); the job's ordinary output and other jobs
// are not counted.
func TestMarketRefreshFailureAlert(t *testing.T) {
	_, other := cloudRunMetrics(t)
	i := slices.IndexFunc(other, func(m alertcheck.Metric) bool {
		return slices.Contains(alertcheck.Values(m.Expr, "resource.type"), "cloud_run_job")
	})
	if i < 0 {
		t.Fatal("docs/DEPLOY.md §15 has no metric on the market refresh job's failures")
	}
	m := other[i]
	entry := func(job, severity, log, text string) map[string]any {
		return map[string]any{
			"logName": "projects/listinglift-prod/logs/" + log,
			"resource": map[string]any{"type": "cloud_run_job", "labels": map[string]any{
				"job_name": job, "location": "europe-west1", "project_id": "listinglift-prod"}},
			"labels":      map[string]any{"run.googleapis.com/execution_name": job + "-x7k2p"},
			"severity":    severity,
			"textPayload": text,
		}
	}
	failed := entry("listinglift-market-refresh", "ERROR", "run.googleapis.com%2Fvarlog%2Fsystem",
		"Execution listinglift-market-refresh-x7k2p has failed to complete, 0/1 tasks were a success.")
	if !m.Expr.Match(failed) {
		t.Errorf("%s does not match the market job's failed execution (%s)", m.Name, m.Filter)
	}
	if m.Expr.Match(entry("listinglift-market-refresh", "DEFAULT", "run.googleapis.com%2Fstdout", "lisbon: refreshed to 2026-09-21 (new)")) {
		t.Errorf("%s matches the job's ordinary output", m.Name)
	}
	if m.Expr.Match(entry("another-job", "ERROR", "run.googleapis.com%2Fvarlog%2Fsystem", "Execution another-job-x has failed to complete")) {
		t.Errorf("%s matches another job", m.Name)
	}
	if job := loadCloudBuild(t).step(t, "deploy-market-job").script(); !strings.Contains(job, "gcloud run jobs deploy listinglift-market-refresh ") {
		t.Error("cloudbuild.yaml does not deploy the job listinglift-market-refresh the metric watches")
	}
}

// The nightly export's body is JSON and the request says so: the schedules
// step, run with a stand-in gcloud, creates the job with
// --headers=Content-Type=application/json, and when the job exists updates
// it with the same header through --update-headers (gcloud's update
// refuses --headers).
func TestExportSendsJSONContentType(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("SKIP: bash is not installed")
	}
	cb := loadCloudBuild(t)
	step := cb.step(t, "schedules")
	if step.Entrypoint != "bash" || len(step.Args) != 2 || step.Args[0] != "-c" {
		t.Fatalf("schedules is not bash -c SCRIPT: %s %q", step.Entrypoint, step.Args)
	}
	script, err := substitute(step.Args[1], exampleValues(t, cb))
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	// gcloud records its arguments, one a line, and answers describe as
	// told (exists: 0, else 1).
	stand := "#!/usr/bin/env bash\n{ echo '--- call'; printf '%s\\n' \"$@\"; } >> \"$CALLS\"\n" +
		"[[ $1 == scheduler && $3 == describe && $EXISTS != 1 ]] && exit 1\nexit 0\n"
	if err := os.WriteFile(filepath.Join(bin, "gcloud"), []byte(stand), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, exists := range []string{"0", "1"} {
		calls := filepath.Join(t.TempDir(), "calls")
		cmd := exec.CommandContext(t.Context(), "bash", "-c", script)
		cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "CALLS="+calls, "EXISTS="+exists)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("schedules (job exists: %s): %v\n%s", exists, err, out)
		}
		b, err := os.ReadFile(calls)
		if err != nil {
			t.Fatal(err)
		}
		verb, flag := "create", "--headers=Content-Type=application/json"
		if exists == "1" {
			verb, flag = "update", "--update-headers=Content-Type=application/json"
		}
		found := false
		for _, c := range strings.Split(string(b), "--- call\n") {
			args := strings.Split(strings.TrimSpace(c), "\n")
			if len(args) < 5 || args[0] != "scheduler" || args[2] != verb {
				continue
			}
			if verb == "update" && slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--headers") }) {
				t.Errorf("gcloud scheduler jobs update is given --headers (it takes --update-headers): %q", args)
			}
			if args[4] == "listinglift-firestore-export" {
				found = true
				if !slices.Contains(args, flag) {
					t.Errorf("the export job is %sd without %s: %q", verb, flag, args)
				}
			}
		}
		if !found {
			t.Errorf("schedules does not %s listinglift-firestore-export:\n%s", verb, b)
		}
	}
}

// The 5xx alert counts the server's failures, not a full instance asking
// Cloud Tasks to deliver a report task later (503 busy, §7): that answer
// is part of the job bound's design, and a backlog it causes has its own
// alert. Any other 5xx, on the task endpoint or elsewhere, still counts.
func TestFiveXXLeavesOutBusyTaskAnswers(t *testing.T) {
	run, _ := cloudRunMetrics(t)
	i := slices.IndexFunc(run, func(m alertcheck.Metric) bool { return m.Name == "listinglift_5xx" })
	if i < 0 {
		t.Fatal("docs/DEPLOY.md §15 has no listinglift_5xx metric")
	}
	m := run[i]
	line := func(path string, status int) map[string]any {
		b := []byte(`{"severity":"INFO","message":"request","httpRequest":{"requestMethod":"POST","requestUrl":"` +
			path + `","status":` + strconv.Itoa(status) + `}}`)
		es, err := alertcheck.Entries(b, alertcheck.CloudRun)
		if err != nil || len(es) != 1 {
			t.Fatalf("entries: %v", err)
		}
		return es[0]
	}
	for _, c := range []struct {
		path   string
		status int
		counts bool
	}{
		{"/internal/tasks/generate-report", 503, false},
		{"/internal/tasks/generate-report", 500, true},
		{"/api/optimize", 503, true},
		{"/api/optimize", 500, true},
		{"/api/optimize", 200, false},
	} {
		if got := m.Expr.Match(line(c.path, c.status)); got != c.counts {
			t.Errorf("%s %d: counted by %s = %v, want %v", c.path, c.status, m.Name, got, c.counts)
		}
	}
}
