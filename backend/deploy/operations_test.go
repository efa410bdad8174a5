package deploy

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/jobs"
)

// exactVersion is a tag that names one release (1.26.8, 509.0.0-slim,
// 27.3.1-cli), not a moving one (latest, slim, 1.26-bookworm).
var exactVersion = regexp.MustCompile(`:[^:/]*\d+\.\d+\.\d+[^:/]*$`)

// Builder images are pinned: a rebuild next month runs the same tools.
func TestBuilderImagesPinned(t *testing.T) {
	for _, s := range loadCloudBuild(t).Steps {
		if !exactVersion.MatchString(s.Name) || strings.HasSuffix(s.Name, ":latest") {
			t.Errorf("step %s runs %s: pin an exact version tag", s.ID, s.Name)
		}
	}
}

// The report queue is created by the deploy with max attempts equal to the
// JOB_MAX_ATTEMPTS Cloud Run gets (the server marks that attempt final and
// records the failure), and with no retry duration that could end retries
// first.
func TestQueueMatchesJobMaxAttempts(t *testing.T) {
	cb := loadCloudBuild(t)
	values := exampleValues(t, cb)
	env, _ := runSettings(t, cb)
	queue, err := substitute(cb.step(t, "tasks-queue").script(), values)
	if err != nil {
		t.Fatal(err)
	}
	want := "--max-attempts=" + env["JOB_MAX_ATTEMPTS"]
	if env["JOB_MAX_ATTEMPTS"] == "" || strings.Count(queue, want) != 2 {
		t.Errorf("tasks-queue must create and update the queue with %s (JOB_MAX_ATTEMPTS=%q): %s", want, env["JOB_MAX_ATTEMPTS"], queue)
	}
	if strings.Contains(queue, "--max-retry-duration") || !strings.Contains(queue, "--clear-max-retry-duration") {
		t.Error("tasks-queue must leave the retry duration unlimited (retries end by attempts only)")
	}
	if !strings.HasSuffix(env["CLOUD_TASKS_QUEUE"], "/queues/"+values["_QUEUE"]) || !strings.Contains(queue, "queues create "+values["_QUEUE"]) {
		t.Errorf("the queue created (%s) is not the one Cloud Run uses (%s)", values["_QUEUE"], env["CLOUD_TASKS_QUEUE"])
	}
	if !cloudBuildBefore(cb, "tasks-queue", "deploy-run") {
		t.Error("deploy-run does not wait for tasks-queue")
	}
	doc := string(read(t, "docs/DEPLOY.md"))
	if !strings.Contains(doc, "--max-attempts="+values["_JOB_MAX_ATTEMPTS"]) {
		t.Errorf("docs/DEPLOY.md's queue commands do not say --max-attempts=%s", values["_JOB_MAX_ATTEMPTS"])
	}
}

func cloudBuildBefore(cb cloudBuild, a, b string) bool { return cb.before(a, b) }

// Cloud Run's request timeout exceeds each task's dispatch deadline, which
// exceeds the server's write timeout, which exceeds a job's budget
// (backend/jobs checks the inner ones).
func TestCloudRunTimeoutOutlastsTheDispatchDeadline(t *testing.T) {
	cb := loadCloudBuild(t)
	var timeout time.Duration
	for _, a := range cb.step(t, "deploy-run").Args {
		if v, ok := strings.CutPrefix(a, "--timeout="); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(v, "s"))
			if err != nil {
				t.Fatalf("--timeout=%s", v)
			}
			timeout = time.Duration(n) * time.Second
		}
	}
	if timeout <= jobs.DispatchDeadline {
		t.Errorf("Cloud Run --timeout %s must exceed the tasks' dispatch deadline %s", timeout, jobs.DispatchDeadline)
	}
}

// The deploy waits for indexes before the new revision takes traffic,
// protects the database, expires webhook event ids, and schedules the
// sweep (with the task endpoint's identity) and the nightly export.
func TestDeployProtectsAndSchedules(t *testing.T) {
	cb := loadCloudBuild(t)
	values := exampleValues(t, cb)
	env, _ := runSettings(t, cb)
	for _, order := range [][2]string{{"deploy-firestore", "wait-indexes"}, {"wait-indexes", "deploy-run"},
		{"firestore-protection", "deploy-run"}, {"deploy-run", "schedules"}} {
		if !cb.before(order[0], order[1]) {
			t.Errorf("step %s does not wait for %s", order[1], order[0])
		}
	}
	if s := cb.step(t, "wait-indexes").script(); !strings.Contains(s, "gcloud firestore indexes composite list") || !strings.Contains(s, "READY") {
		t.Errorf("wait-indexes does not wait for READY indexes: %s", s)
	}
	// The protection is turned on by the operator when the database is
	// created (the build account may not change the database: that takes a
	// role that reads and writes documents too) and checked by the build.
	prot := cb.step(t, "firestore-protection").script()
	for _, want := range []string{"gcloud firestore databases describe", "POINT_IN_TIME_RECOVERY_ENABLED", "DELETE_PROTECTION_ENABLED", "exit 1"} {
		if !strings.Contains(prot, want) {
			t.Errorf("firestore-protection does not check the database's protection (%s)", want)
		}
	}
	if strings.Contains(prot, "databases update") {
		t.Error("firestore-protection changes the database: the build account may only read its settings")
	}
	create := false
	for _, c := range guideCommands(t) {
		if strings.Contains(c.text, "gcloud firestore databases create") && !strings.Contains(c.text, "--database=") {
			create = strings.Contains(c.text, "--enable-pitr") && strings.Contains(c.text, "--delete-protection")
		}
	}
	if !create {
		t.Error("docs/DEPLOY.md does not create the (default) database with --enable-pitr --delete-protection")
	}
	sched, err := substitute(cb.step(t, "schedules").script(), values)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"/internal/sweep", "--oidc-service-account-email=" + env["TASKS_SERVICE_ACCOUNT"],
		"--oidc-token-audience=" + env["TASKS_TARGET_URL"], // the audience the task endpoint's verifier accepts
		":exportDocuments", "gs://" + values["_BACKUP_BUCKET"] + "/firestore",
	} {
		if !strings.Contains(sched, want) {
			t.Errorf("schedules lacks %s", want)
		}
	}
}

// A custom auth domain reaches both the server (FIREBASE_AUTH_DOMAIN) and
// the policy Hosting sends (hosting-csp, before Hosting deploys), through a
// copy of firebase.json: the committed file is what the gate tests and
// deploy-firestore reads (TestCloudBuildReplay runs it all).
func TestAuthDomainReachesServerAndHosting(t *testing.T) {
	cb := loadCloudBuild(t)
	const copyFile = "firebase.hosting.json"
	if s := cb.step(t, "hosting-csp").script(); !strings.Contains(s, "hosting-csp --auth-domain=${_AUTH_DOMAIN} --file="+copyFile) ||
		!strings.Contains(s, "cp firebase.json "+copyFile) {
		t.Errorf("hosting-csp runs %q, want the policy written into a copy, %s", s, copyFile)
	}
	if s := cb.step(t, "deploy-hosting").script(); !strings.Contains(s, "--config "+copyFile) {
		t.Errorf("deploy-hosting runs %q, want it deployed from %s", s, copyFile)
	}
	for _, order := range [][2]string{{"go-test", "hosting-csp"}, {"hosting-csp", "deploy-hosting"}} {
		if !cb.before(order[0], order[1]) {
			t.Errorf("step %s does not wait for %s", order[1], order[0])
		}
	}
	if !strings.Contains(cb.step(t, "deploy-run").script(), "FIREBASE_AUTH_DOMAIN=${_AUTH_DOMAIN}") {
		t.Error("deploy-run does not pass _AUTH_DOMAIN to the server")
	}
}
