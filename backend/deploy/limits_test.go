package deploy

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/memlimit"
)

// runStep runs one build step as Cloud Build would (substitutions
// expanded, its entrypoint in dir) with the replay's stand-ins first on
// PATH and extra environment; it returns the step's output, its error and
// the stand-ins' calls. An extra "PATH=dir" puts dir before the stand-ins.
func runStep(t *testing.T, cb cloudBuild, id string, values map[string]string, extra ...string) (string, error, []string) {
	t.Helper()
	r := &replay{dir: t.TempDir(), logDir: t.TempDir(), output: map[string]string{}}
	r.bin = standIns(t)
	path := r.bin + string(os.PathListSeparator) + os.Getenv("PATH")
	var rest []string
	for _, e := range extra {
		if dir, ok := strings.CutPrefix(e, "PATH="); ok {
			path = dir + string(os.PathListSeparator) + path
		} else {
			rest = append(rest, e)
		}
	}
	env := append(os.Environ(), "PATH="+path, "REPLAY_LOG="+r.logDir, "REPLAY_VERSION="+values["SHORT_SHA"])
	err := r.run(t, cb.step(t, id), values, append(env, rest...))
	var calls []string
	if b, rerr := os.ReadFile(filepath.Join(r.logDir, "calls.log")); rerr == nil {
		calls = strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	}
	return r.output[id], err, calls
}

// The queue's dispatch limit is the build's substitution, in both the
// create and the update (a number here would undo an operator's raise on
// the next build), and the fleet can take what it dispatches: at most
// _MAX_INSTANCES × _JOB_WORKERS report jobs run at once, the rest are
// answered busy.
func TestQueueDispatchesAreASubstitution(t *testing.T) {
	cb := loadCloudBuild(t)
	q := cb.step(t, "tasks-queue").script()
	if n := strings.Count(q, "--max-concurrent-dispatches=${_MAX_DISPATCHES}"); n != 2 {
		t.Errorf("tasks-queue sets --max-concurrent-dispatches=${_MAX_DISPATCHES} %d times, want in both create and update", n)
	}
	if m := regexp.MustCompile(`--max-concurrent-dispatches=\d`).FindString(q); m != "" {
		t.Errorf("tasks-queue hard-codes %s: the next build would reset an operator's raise", m)
	}
	atoi := func(name string) int {
		n, err := strconv.Atoi(cb.Substitutions[name])
		if err != nil {
			t.Fatalf("%s=%q: %v", name, cb.Substitutions[name], err)
		}
		return n
	}
	env, _ := runSettings(t, cb)
	if env["JOB_WORKERS"] != cb.Substitutions["_JOB_WORKERS"] {
		t.Errorf("deploy-run sets JOB_WORKERS=%q, want the substitution _JOB_WORKERS (%s)", env["JOB_WORKERS"], cb.Substitutions["_JOB_WORKERS"])
	}
	if d, fleet := atoi("_MAX_DISPATCHES"), atoi("_MAX_INSTANCES")*atoi("_JOB_WORKERS"); d > fleet {
		t.Errorf("_MAX_DISPATCHES=%d exceeds what the instances run at once (%d): deliveries beyond it are answered busy", d, fleet)
	}
	if !strings.Contains(sectionOf(t, "## 7."), "_MAX_DISPATCHES") {
		t.Error("docs/DEPLOY.md §7 does not tell operators to raise _MAX_DISPATCHES")
	}
}

// Secrets are pinned to versions the build is given, and the build refuses
// to start without them or with "latest".
func TestSecretsPinnedToVersions(t *testing.T) {
	cb := loadCloudBuild(t)
	for _, a := range cb.step(t, "deploy-run").Args {
		if v, ok := strings.CutPrefix(a, "--set-secrets="); ok {
			if !regexp.MustCompile(`:\$\{_[A-Z_]+_VERSION\}$`).MatchString(v) {
				t.Errorf("%s: want SECRET:${_…_VERSION}, a pinned version", a)
			}
		}
	}
	values := exampleValues(t, cb)
	if out, err, _ := runStep(t, cb, "check-substitutions", values); err != nil {
		t.Fatalf("check-substitutions refuses the example values: %v\n%s", err, out)
	}
	for name, bad := range map[string]string{"_LINK_SECRET_VERSION": "latest", "_STRIPE_KEY_VERSION": "", "_GEMINI_KEY_VERSION": "latest"} {
		v := exampleValues(t, cb)
		v[name] = bad
		out, err, _ := runStep(t, cb, "check-substitutions", v)
		if err == nil || !strings.Contains(out, name) {
			t.Errorf("%s=%q: check-substitutions passed or did not name it (%v):\n%s", name, bad, err, out)
		}
	}
	// No Gemini key version: the deploy leaves the Gemini secret out.
	values["_GEMINI_KEY_VERSION"] = ""
	out, err, calls := runStep(t, cb, "deploy-run", values)
	if err != nil {
		t.Fatalf("deploy-run without Gemini: %v\n%s", err, out)
	}
	if i := callIndex(calls, "gcloud run deploy "); i < 0 || strings.Contains(calls[i], "GEMINI_API_KEY") || !strings.Contains(calls[i], "LINK_SECRET=link-secret:1") {
		t.Errorf("deploy without _GEMINI_KEY_VERSION: want no Gemini secret and the others kept:\n%s", strings.Join(calls, "\n"))
	}
}

// A new revision that does not answer its health check never gets traffic:
// check-revision fails the build (so move-traffic, which waits for it,
// never runs), and the first deploy, which cannot hold traffic back, is
// the only one without --no-traffic.
func TestReleaseChecksTheRevisionBeforeTraffic(t *testing.T) {
	cb := loadCloudBuild(t)
	values := exampleValues(t, cb)
	for _, order := range [][2]string{{"deploy-run", "check-revision"}, {"check-revision", "move-traffic"},
		{"move-traffic", "deploy-hosting"}, {"move-traffic", "schedules"}} {
		if !cb.before(order[0], order[1]) {
			t.Errorf("step %s does not wait for %s", order[1], order[0])
		}
	}
	out, err, calls := runStep(t, cb, "check-revision", values, "REPLAY_HEALTH_DOWN=1", "PATH="+sleepless(t))
	if err == nil || !strings.Contains(out, "traffic stays on the revision serving now") {
		t.Errorf("check-revision with the new revision down: err %v, want a failure saying traffic stays:\n%s", err, out)
	}
	if n := len(calls); n < 3 {
		t.Errorf("check-revision tried the health URL %d times before giving up, want it to wait for a slow start", n)
	}
	if _, err, _ := runStep(t, cb, "check-revision", values); err != nil {
		t.Errorf("check-revision with the new revision healthy: %v", err)
	}
	// A new service (describe fails): the deploy takes traffic at once.
	out, err, calls = runStep(t, cb, "deploy-run", values, "PATH="+failingDescribe(t))
	if err != nil {
		t.Fatalf("first deploy-run: %v\n%s", err, out)
	}
	if !strings.Contains(out, "first deploy") || callIndex(calls, "gcloud run deploy listinglift ") < 0 || strings.Contains(strings.Join(calls, "\n"), "--no-traffic") {
		t.Errorf("first deploy: want it to take traffic and say so:\n%s\n%s", out, strings.Join(calls, "\n"))
	}
}

// The instance's memory holds what the deploy lets it run: the server's
// memory plan for --memory, --concurrency and JOB_WORKERS leaves the market
// cache room (it would refuse to start otherwise), and the shutdown budget
// ends before Cloud Run's SIGKILL.
func TestDeployMemoryAndShutdownFit(t *testing.T) {
	cb := loadCloudBuild(t)
	script := cb.step(t, "deploy-run").script()
	for _, want := range []string{"--memory=${_MEMORY}", "--concurrency=${_CONCURRENCY}"} {
		if !strings.Contains(script, want) {
			t.Errorf("deploy-run lacks %s", want)
		}
	}
	env, secrets := runSettings(t, cb)
	if env["REQUEST_CONCURRENCY"] != cb.Substitutions["_CONCURRENCY"] {
		t.Errorf("REQUEST_CONCURRENCY=%q, want --concurrency's _CONCURRENCY (%s)", env["REQUEST_CONCURRENCY"], cb.Substitutions["_CONCURRENCY"])
	}
	merged := map[string]string{}
	for k, v := range env {
		merged[k] = v
	}
	for k := range secrets {
		merged[k] = "value-of-secret-0123456789abcdef0123456789abcdef"
	}
	c, err := config.Load(func(k string) string { return merged[k] })
	if err != nil {
		t.Fatal(err)
	}
	mem := cb.Substitutions["_MEMORY"]
	gi, ok := strings.CutSuffix(mem, "Gi")
	n, err := strconv.Atoi(gi)
	if !ok || err != nil {
		t.Fatalf("_MEMORY=%q: want whole Gi", mem)
	}
	b, err := memlimit.Plan(int64(n)<<30, memlimit.Shape{Requests: c.RequestConcurrency, Jobs: c.JobWorkers, Decodes: c.PhotoDecodes, CacheMax: int64(c.MarketCacheMB) << 20})
	if err != nil {
		t.Fatalf("the deploy's instance cannot start: %v", err)
	}
	if b.CacheBytes < 128<<20 {
		t.Errorf("the market cache gets %d MB of the deploy's %s: too little for a big city's file", b.CacheBytes>>20, mem)
	}
	if c.ShutdownTimeout >= config.CloudRunGrace {
		t.Errorf("SHUTDOWN_TIMEOUT %s is not under Cloud Run's %s grace", c.ShutdownTimeout, config.CloudRunGrace)
	}
}

// Cloud Tasks and Cloud Scheduler reach /internal/ at the service's own
// run.app address, so Hosting need not (and does not) forward it.
func TestInternalCallersUseRunApp(t *testing.T) {
	cb := loadCloudBuild(t)
	runApp := regexp.MustCompile(`^https://\$\{_SERVICE\}-\$PROJECT_NUMBER\.\$\{_REGION\}\.run\.app/internal/`)
	found := 0
	for _, s := range []string{cb.step(t, "schedules").script(), cb.step(t, "deploy-run").script()} {
		for _, m := range regexp.MustCompile(`(?:--uri=|TASKS_TARGET_URL=)(\S+)`).FindAllStringSubmatch(s, -1) {
			if strings.Contains(m[1], "/internal/") {
				found++
				if !runApp.MatchString(m[1]) {
					t.Errorf("%s calls %s: want the service's run.app address", m[0], m[1])
				}
			}
		}
	}
	if found != 3 {
		t.Errorf("found %d callers of /internal/ (want the sweep, the watch run and TASKS_TARGET_URL)", found)
	}
}

// sectionOf is the text of docs/DEPLOY.md's section whose heading starts
// with heading.
func sectionOf(t *testing.T, heading string) string {
	t.Helper()
	doc := string(read(t, "docs/DEPLOY.md"))
	i := strings.Index(doc, "\n"+heading)
	if i < 0 {
		t.Fatalf("docs/DEPLOY.md has no section %q", heading)
	}
	rest := doc[i+1:]
	if j := strings.Index(rest, "\n## "); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// sleepless is a folder with a sleep that returns at once.
func sleepless(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "sleep"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// failingDescribe is a folder with a gcloud that answers "no such service"
// to describe and records the rest like the stand-in.
func failingDescribe(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	script := "#!/usr/bin/env bash\n[[ $* == *'services describe'* ]] && exit 1\necho \"gcloud $*\" >> \"$REPLAY_LOG/calls.log\"\n"
	if err := os.WriteFile(filepath.Join(dir, "gcloud"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("SKIP: no bash")
	}
	return dir
}
