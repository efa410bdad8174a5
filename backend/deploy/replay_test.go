package deploy

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/httpapi"
)

// The Cloud Build replay: cloudbuild.yaml run on a clean copy of the
// repository (the files `gcloud builds submit` uploads: tracked and
// untracked-but-not-ignored), step by step in an order its waitFor allows,
// with stand-ins for the tools that reach Google (gcloud, docker, npm,
// firebase) and the real go, bash and listinglift for the rest.
//
// The gate (go-test) runs as late as the dependencies allow: every step that
// may run concurrently with it has finished first, so whatever such a step
// writes is what the gate would read in the worst real interleaving. Each
// step's writes are measured (the workspace hashed before and after it), and
// two steps that may run at the same time must not write what the other
// reads. The gate runs the step's own commands, narrowed from ./... to the
// package that checks the deployment files (./backend/deploy/...) so the
// replay stays fast; LISTINGLIFT_REPLAY_PACKAGES=./... runs the whole
// suite. Nothing written by a concurrent step can reach any package anyway:
// the concurrency check above forbids every write the gate could read.

// replayGate is the step whose success the replay is about.
const replayGate = "go-test"

func TestCloudBuildReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the replay copies the repository and runs the build's go steps (not in -short)")
	}
	if os.Getenv("LISTINGLIFT_BUILD_REPLAY") != "" {
		t.Skip("SKIP: already inside a replay's gate")
	}
	for _, tool := range []string{"git", "bash", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("SKIP: %s is not installed", tool)
		}
	}
	cb := loadCloudBuild(t)
	for _, domain := range []string{"auth.example.com", ""} {
		name := domain
		if name == "" {
			name = "default auth domain"
		}
		t.Run(name, func(t *testing.T) {
			values := exampleValues(t, cb)
			values["_AUTH_DOMAIN"] = domain
			r := replayBuild(t, cb, values)

			for _, v := range r.conflicts {
				t.Error(v)
			}
			for _, id := range r.order {
				if err := r.failed[id]; err != nil {
					t.Errorf("step %s failed: %v\n%s", id, err, tail(r.output[id], 40))
				}
			}
			if len(r.failed) > 0 {
				return
			}
			// The release: the new revision deployed without traffic,
			// checked at its tagged URL, then given every request, the
			// older revision's tag removed, and only then Hosting.
			calls := r.calls(t)
			deploy := callIndex(calls, "gcloud run deploy listinglift ", "--no-traffic", "--tag=c-abc1234")
			check := callIndex(calls, "curl ", "https://c-abc1234---listinglift-123456789012.us-central1.run.app/api/health")
			move := callIndex(calls, "gcloud run services update-traffic listinglift ", "--to-tags=c-abc1234=100")
			untag := callIndex(calls, "gcloud run services update-traffic listinglift ", "--remove-tags=c-0ld0000")
			hosting := callIndex(calls, "firebase deploy --only hosting")
			if deploy < 0 || check < 0 || move < 0 || untag < 0 || hosting < 0 ||
				!(deploy < check && check < move && move < untag && move < hosting) {
				t.Errorf("release calls out of order or missing (deploy %d, health check %d, traffic %d, untag %d, hosting %d):\n%s",
					deploy, check, move, untag, hosting, strings.Join(calls, "\n"))
			}
			if strings.Contains(calls[untag], "c-abc1234") {
				t.Errorf("the new revision's own tag is removed: %s", calls[untag])
			}
			// Hosting received the server's policy for the deployed domain.
			want := httpapi.SecurityPolicy{Production: true, AuthDomain: domain}
			if domain == "" {
				want.AuthDomain = httpapi.DefaultHostingAuthDomain
			}
			deployed := r.hostingConfig(t)
			if got := deployed.header("**", "Content-Security-Policy"); got != want.ContentSecurityPolicy() {
				t.Errorf("Hosting was deployed with Content-Security-Policy\n %q\nwant the server's for %s\n %q",
					got, want.AuthDomain, want.ContentSecurityPolicy())
			}
		})
	}
}

type replay struct {
	dir       string // the clean copy: the build's /workspace
	bin       string // the stand-ins, first on PATH
	logDir    string // what the stand-ins record
	order     []string
	writes    map[string][]string
	failed    map[string]error
	output    map[string]string
	conflicts []string
}

func replayBuild(t *testing.T, cb cloudBuild, values map[string]string) *replay {
	t.Helper()
	r := &replay{
		dir: cleanCopy(t), logDir: t.TempDir(),
		writes: map[string][]string{}, failed: map[string]error{}, output: map[string]string{},
	}
	bin := standIns(t)
	r.bin = bin
	env := append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"REPLAY_LOG="+r.logDir,
		"LISTINGLIFT_BUILD_REPLAY=1",
		"REPLAY_VERSION="+values["SHORT_SHA"],
		// The copy lives in a new folder each run: -trimpath keeps the
		// go build cache's keys independent of it.
		"GOFLAGS=-trimpath",
	)
	r.order = replayOrder(t, cb, replayGate)
	steps := map[string]buildStep{}
	for _, s := range cb.Steps {
		steps[s.ID] = s
	}
	for _, id := range r.order {
		s := steps[id]
		before, start := snapshot(t, r.dir), time.Now()
		if err := r.run(t, s, values, env); err != nil {
			r.failed[id] = err
		}
		t.Logf("step %-20s %5.1fs %v", id, time.Since(start).Seconds(), r.failed[id])
		r.writes[id] = changed(before, snapshot(t, r.dir))
		if r.failed[id] != nil && id != replayGate {
			break // later steps would wait for it; the gate's failure is the finding
		}
	}
	r.conflicts = concurrencyConflicts(t, cb, r.writes)
	return r
}

// run executes one step as Cloud Build would: substitutions expanded in
// its arguments, its entrypoint (or its image's) run in the workspace.
func (r *replay) run(t *testing.T, s buildStep, values map[string]string, env []string) error {
	t.Helper()
	entry := s.Entrypoint
	if entry == "" {
		switch {
		case strings.HasPrefix(s.Name, "docker:"):
			entry = "docker"
		case strings.Contains(s.Name, "cloud-sdk"):
			entry = "gcloud"
		default:
			t.Fatalf("step %s: no entrypoint and image %s has no known default", s.ID, s.Name)
		}
	}
	var args []string
	for _, a := range s.Args {
		v, err := substitute(a, values)
		if err != nil {
			t.Fatalf("step %s: %v", s.ID, err)
		}
		if s.ID == replayGate {
			v = strings.ReplaceAll(v, "./...", replayPackages())
		}
		args = append(args, v)
	}
	// A stand-in, never the real tool of that name (exec.Command would
	// look it up on this process's PATH, not the step's).
	if p := filepath.Join(r.bin, entry); fileExists(p) {
		entry = p
	}
	cmd := exec.CommandContext(t.Context(), entry, args...)
	cmd.WaitDelay = 5 * time.Second
	cmd.Dir = r.dir
	cmd.Env = append(append([]string{}, env...), s.Env...)
	out, err := cmd.CombinedOutput()
	r.output[s.ID] = string(out)
	return err
}

func replayPackages() string {
	if p := os.Getenv("LISTINGLIFT_REPLAY_PACKAGES"); p != "" {
		return p
	}
	return "./backend/deploy/..."
}

// replayOrder is a topological order of the steps in which the gate runs
// only once nothing else can: every step that may overlap it has run first.
func replayOrder(t *testing.T, cb cloudBuild, gate string) []string {
	t.Helper()
	done := map[string]bool{}
	var order []string
	ready := func(s buildStep) bool {
		for _, d := range cb.deps(s.ID) {
			if !done[d] {
				return false
			}
		}
		return true
	}
	for len(order) < len(cb.Steps) {
		pick := ""
		for _, s := range cb.Steps {
			if done[s.ID] || !ready(s) {
				continue
			}
			if s.ID != gate {
				pick = s.ID
				break
			}
			pick = gate // only if no other step is ready
		}
		if pick == "" {
			t.Fatal("cloudbuild.yaml: the steps' waitFor form a cycle")
		}
		done[pick] = true
		order = append(order, pick)
	}
	return order
}

// deps lists the steps id waits for directly (Cloud Build's rules: no
// waitFor waits for every earlier step, "-" for none).
func (cb cloudBuild) deps(id string) []string {
	for i, s := range cb.Steps {
		if s.ID != id {
			continue
		}
		switch {
		case len(s.WaitFor) == 0:
			var out []string
			for _, e := range cb.Steps[:i] {
				out = append(out, e.ID)
			}
			return out
		case len(s.WaitFor) == 1 && s.WaitFor[0] == "-":
			return nil
		}
		return s.WaitFor
	}
	return nil
}

// concurrent reports whether Cloud Build may run a and b at the same time.
func (cb cloudBuild) concurrent(a, b string) bool {
	return a != b && !cb.before(a, b) && !cb.before(b, a)
}

// concurrencyConflicts names every write one step makes that a step which
// may run at the same time reads or writes too.
func concurrencyConflicts(t *testing.T, cb cloudBuild, writes map[string][]string) []string {
	t.Helper()
	var out []string
	for _, a := range cb.Steps {
		for _, b := range cb.Steps {
			if !cb.concurrent(a.ID, b.ID) {
				continue
			}
			for _, f := range writes[a.ID] {
				if slices.Contains(writes[b.ID], f) {
					if a.ID < b.ID { // once per pair
						out = append(out, fmt.Sprintf("steps %s and %s may run at the same time and both write %s", a.ID, b.ID, f))
					}
				} else if stepReads(t, b, f) {
					out = append(out, fmt.Sprintf("step %s writes %s while step %s, which may run at the same time, reads it", a.ID, f, b.ID))
				}
			}
		}
	}
	return out
}

// stepReads says whether step s reads workspace file f: the gate reads
// everything (tests open files anywhere in the repository), docker build
// its context (what .dockerignore lets through), go its module's sources,
// firebase deploy its configuration, and any step the paths its commands
// name.
func stepReads(t *testing.T, s buildStep, f string) bool {
	script := s.script()
	switch {
	case s.ID == replayGate:
		return true
	case strings.Contains(script, "docker build"):
		return !dockerignored(dockerignorePatterns(t), f)
	case (s.Entrypoint == "go" || strings.Contains(script, "go run ")) &&
		(f == "go.mod" || f == "go.sum" || strings.HasPrefix(f, "backend/")):
		return true
	case strings.Contains(script, "firebase deploy") && !strings.Contains(script, "--config") && f == "firebase.json":
		return true
	}
	for p := f; p != "." && p != "/"; p = filepath.Dir(p) {
		named := regexp.MustCompile(`(^|[\s"'=:])` + regexp.QuoteMeta(p) + `($|[\s"'/])`)
		if named.MatchString(script) {
			return true
		}
	}
	return false
}

// cleanCopy copies what `gcloud builds submit` uploads (the files git
// tracks or would track: .gitignore's exclusions left out) to a new folder.
func cleanCopy(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Skipf("SKIP: git cannot list the repository's files: %v", err)
	}
	dst := t.TempDir()
	for _, rel := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		src := filepath.Join(root, rel)
		info, err := os.Lstat(src)
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the working tree: not uploaded
		}
		if err != nil {
			t.Fatal(err)
		}
		if !info.Mode().IsRegular() {
			continue
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, b, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// snapshot hashes every file in the workspace.
func snapshot(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	out := map[string][32]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = sha256.Sum256(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// changed lists the files created, changed or removed between two snapshots.
func changed(before, after map[string][32]byte) []string {
	var out []string
	for f, h := range after {
		if old, ok := before[f]; !ok || old != h {
			out = append(out, f)
		}
	}
	for f := range before {
		if _, ok := after[f]; !ok {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// calls are the stand-ins' calls, in order.
func (r *replay) calls(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(r.logDir, "calls.log"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// callIndex is the index of the first call that starts with prefix and
// holds every part; -1 when none does.
func callIndex(calls []string, prefix string, parts ...string) int {
	for i, c := range calls {
		if !strings.HasPrefix(c, prefix) {
			continue
		}
		all := true
		for _, p := range parts {
			all = all && strings.Contains(c, p)
		}
		if all {
			return i
		}
	}
	return -1
}

// hostingConfig is the Firebase configuration the deploy-hosting step's
// firebase deploy was given (the stand-in keeps a copy).
func (r *replay) hostingConfig(t *testing.T) firebaseJSON {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(r.logDir, "hosting-config.json"))
	if err != nil {
		t.Fatalf("no firebase deploy --only hosting was run: %v", err)
	}
	var f firebaseJSON
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatalf("the configuration Hosting was deployed with: %v", err)
	}
	return f
}

// standInScript stands in for gcloud, docker, npm and firebase: it records
// each call and leaves in the workspace what the real tool would (a copied
// file, the web app taken out of the image, the installed Firebase CLI), and
// answers the look-ups the steps make as a healthy project would.
const standInScript = `#!/usr/bin/env bash
tool=$(basename "$0")
echo "$tool $*" >> "$REPLAY_LOG/calls.log"
case "$tool $1 $2" in
"gcloud storage cp")
  [[ $4 == gs://* ]] || { mkdir -p "$(dirname "$4")"; echo "copied from $3" > "$4"; } ;;
"gcloud firestore databases")
  [[ $3 == describe ]] && printf 'POINT_IN_TIME_RECOVERY_ENABLED\tDELETE_PROTECTION_ENABLED\n' ;;
"gcloud run services")
  # The service exists; its traffic carries the new revision's tag and
  # an older revision's.
  [[ $3 == describe && $* == *status.traffic.tag* ]] && echo "c-0ld0000;c-$REPLAY_VERSION" ;;
"curl "*)
  # The new revision's health check: it answers with the build's version.
  [[ -n $REPLAY_HEALTH_DOWN ]] && { echo "curl: (22) The requested URL returned error: 503" >&2; exit 22; }
  echo '{"status":"ok","version":"'"$REPLAY_VERSION"'"}' ;;
"docker create"*)
  echo replay-container ;;
"docker cp"*)
  mkdir -p "$3" && echo '<!doctype html><div id="root"></div>' > "$3/index.html" ;;
"docker build"*)
  cat > /dev/null ;;
"npm ci"*)
  prefix=.
  while [[ $# -gt 0 ]]; do [[ $1 == --prefix ]] && prefix=$2; shift; done
  mkdir -p "$prefix/node_modules/.bin" && ln -sf "$STANDIN" "$prefix/node_modules/.bin/firebase" ;;
"firebase deploy"*)
  config=firebase.json
  args=("$@")
  for ((i = 0; i < ${#args[@]}; i++)); do [[ ${args[i]} == --config ]] && config=${args[i+1]}; done
  [[ " $* " == *" --only hosting "* ]] && cp "$config" "$REPLAY_LOG/hosting-config.json" ;;
esac
exit 0
`

func standIns(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	script := filepath.Join(bin, "standin")
	if err := os.WriteFile(script, []byte(standInScript), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("STANDIN", script)
	for _, tool := range []string{"gcloud", "docker", "npm", "firebase", "curl"} {
		if err := os.Symlink(script, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	return bin
}

// tail is the last n lines of s, indented under the failure.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return "    " + strings.Join(lines, "\n    ")
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
