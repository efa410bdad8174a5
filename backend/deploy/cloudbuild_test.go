package deploy

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/listinglift/listinglift/backend/config"
)

type cloudBuild struct {
	Substitutions map[string]string `yaml:"substitutions"`
	Steps         []buildStep       `yaml:"steps"`
	Images        []string          `yaml:"images"`
}

type buildStep struct {
	ID         string   `yaml:"id"`
	Name       string   `yaml:"name"`
	Entrypoint string   `yaml:"entrypoint"`
	Args       []string `yaml:"args"`
	WaitFor    []string `yaml:"waitFor"`
	Env        []string `yaml:"env"`
}

func (s buildStep) script() string {
	return strings.Join(append([]string{s.Entrypoint}, s.Args...), " ")
}

func loadCloudBuild(t *testing.T) cloudBuild {
	t.Helper()
	var cb cloudBuild
	if err := yaml.Unmarshal(read(t, "cloudbuild.yaml"), &cb); err != nil {
		t.Fatalf("cloudbuild.yaml: %v", err)
	}
	if len(cb.Steps) == 0 {
		t.Fatal("cloudbuild.yaml has no steps")
	}
	return cb
}

func (cb cloudBuild) step(t *testing.T, id string) buildStep {
	t.Helper()
	for _, s := range cb.Steps {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("cloudbuild.yaml has no step %q", id)
	return buildStep{}
}

// before reports whether step a finishes before step b starts, following
// Cloud Build's rules: no waitFor waits for every earlier step, "-" for
// none, otherwise for the steps named.
func (cb cloudBuild) before(a, b string) bool {
	index := map[string]int{}
	for i, s := range cb.Steps {
		index[s.ID] = i
	}
	var deps func(i int) []int
	deps = func(i int) []int {
		s := cb.Steps[i]
		switch {
		case len(s.WaitFor) == 0:
			out := make([]int, i)
			for j := range out {
				out[j] = j
			}
			return out
		case len(s.WaitFor) == 1 && s.WaitFor[0] == "-":
			return nil
		}
		var out []int
		for _, w := range s.WaitFor {
			if j, ok := index[w]; ok {
				out = append(out, j)
			}
		}
		return out
	}
	seen := map[int]bool{}
	stack := []int{index[b]}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range deps(i) {
			if j == index[a] {
				return true
			}
			if !seen[j] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return false
}

// The pipeline: check the settings, test, build, push, Firestore rules and
// indexes, Cloud Run, then Hosting; each step after the ones it needs.
func TestCloudBuildPipeline(t *testing.T) {
	cb := loadCloudBuild(t)
	for _, s := range cb.Steps {
		if s.ID == "" || s.Name == "" {
			t.Errorf("every step needs an id and an image: %+v", s)
		}
		for _, w := range s.WaitFor {
			if w != "-" && !slices.ContainsFunc(cb.Steps, func(o buildStep) bool { return o.ID == w }) {
				t.Errorf("step %s waits for unknown step %q", s.ID, w)
			}
		}
	}
	for _, order := range [][2]string{
		{"check-substitutions", "go-test"},
		{"go-test", "build-image"},
		{"market-db", "build-image"},
		{"build-image", "push-image"},
		{"push-image", "deploy-firestore"},
		{"firebase-tools", "deploy-firestore"},
		{"deploy-firestore", "deploy-run"},
		{"push-image", "deploy-run"},
		{"push-image", "web-assets"},
		{"deploy-run", "deploy-hosting"},
		{"web-assets", "deploy-hosting"},
		{"firebase-tools", "deploy-hosting"},
	} {
		cb.step(t, order[0])
		cb.step(t, order[1])
		if !cb.before(order[0], order[1]) {
			t.Errorf("step %s does not wait for %s", order[1], order[0])
		}
	}

	if s := cb.step(t, "go-test").script(); !strings.Contains(s, "go vet ./...") || !strings.Contains(s, "go test -short") {
		t.Errorf("go-test step runs %q, want go vet and go test -short", s)
	}
	image := "${_REGION}-docker.pkg.dev/$PROJECT_ID/${_REPO}/listinglift:$SHORT_SHA"
	for _, id := range []string{"build-image", "push-image", "deploy-run", "web-assets"} {
		if !strings.Contains(cb.step(t, id).script(), image) {
			t.Errorf("step %s does not use the image %s", id, image)
		}
	}
	if !slices.Contains(cb.Images, image) {
		t.Errorf("images: %v, want %s", cb.Images, image)
	}
	if s := cb.step(t, "build-image"); !strings.Contains(s.script(), "docker build") || !slices.Contains(s.Env, "DOCKER_BUILDKIT=1") {
		t.Errorf("build-image should run docker build with DOCKER_BUILDKIT=1 (the Dockerfile needs BuildKit): %+v", s)
	}
	if s := cb.step(t, "deploy-firestore").script(); !strings.Contains(s, "firebase deploy --only firestore:rules,firestore:indexes") {
		t.Errorf("deploy-firestore runs %q", s)
	}
	if s := cb.step(t, "deploy-hosting").script(); !strings.Contains(s, "firebase deploy --only hosting") {
		t.Errorf("deploy-hosting runs %q", s)
	}
	if s := cb.step(t, "deploy-run").script(); !strings.Contains(s, `exec gcloud "$${args[@]}"`) || !strings.Contains(s, " run deploy ${_SERVICE} ") ||
		!strings.Contains(s, "--service-account=${_RUN_SA}@$PROJECT_ID.iam.gserviceaccount.com") {
		t.Errorf("deploy-run runs %q, want gcloud run deploy ${_SERVICE} with the runtime service account", s)
	}
}

var substitutionRef = regexp.MustCompile(`\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)

// substitute expands Cloud Build substitutions in s ($$ is a literal $).
func substitute(s string, values map[string]string) (string, error) {
	var err error
	out := substitutionRef.ReplaceAllStringFunc(s, func(m string) string {
		if m == "$$" {
			return "$"
		}
		name := strings.Trim(m, "${}")
		v, ok := values[name]
		if !ok && err == nil {
			err = fmt.Errorf("unknown substitution %s in %q", name, s)
		}
		return v
	})
	return out, err
}

// Every user substitution the steps use is declared, and every declared one
// is used (Cloud Build refuses both mismatches by default).
func TestCloudBuildSubstitutionsDeclaredAndUsed(t *testing.T) {
	cb := loadCloudBuild(t)
	used := map[string]bool{}
	for _, s := range cb.Steps {
		for _, text := range append(append([]string{s.Name, s.Entrypoint}, s.Args...), s.Env...) {
			for _, m := range substitutionRef.FindAllStringSubmatch(text, -1) {
				name := m[1] + m[2]
				if strings.HasPrefix(name, "_") {
					used[name] = true
				}
			}
		}
	}
	for name := range used {
		if _, ok := cb.Substitutions[name]; !ok {
			t.Errorf("%s is used but not declared under substitutions", name)
		}
	}
	for name := range cb.Substitutions {
		if !strings.HasPrefix(name, "_") {
			t.Errorf("user substitutions start with _: %s", name)
		}
		if !used[name] {
			t.Errorf("%s is declared but no step uses it", name)
		}
	}
	// Required settings (declared empty) are checked before anything is
	// built, as is the image tag.
	check := cb.step(t, "check-substitutions").script()
	for name, def := range cb.Substitutions {
		if def == "" && !optionalSubstitutions[name] && !strings.Contains(check, name) {
			t.Errorf("check-substitutions does not insist on %s (no default)", name)
		}
	}
	if !strings.Contains(check, "$SHORT_SHA") {
		t.Error("check-substitutions does not insist on SHORT_SHA (empty in manual builds)")
	}
}

// optionalSubstitutions may stay empty: the build works without them.
var optionalSubstitutions = map[string]bool{"_MARKET_DB_URI": true, "_EDGE_PEER_RANGES": true, "_AUTH_DOMAIN": true,
	"_GEMINI_KEY_VERSION": true}

// exampleValues stands in for what an operator passes and what Cloud Build
// provides, to expand the deploy step as a real build would.
func exampleValues(t *testing.T, cb cloudBuild) map[string]string {
	t.Helper()
	values := map[string]string{
		"PROJECT_ID": "listinglift-prod", "PROJECT_NUMBER": "123456789012", "SHORT_SHA": "abc1234",
	}
	required := map[string]string{
		"_PUBLIC_URL":           "https://listinglift.example",
		"_FIREBASE_API_KEY":     "AIzaSyExampleExampleExampleExample12345",
		"_STRIPE_PRICE_BASIC":   "price_1BasicExample",
		"_STRIPE_PRICE_PREMIUM": "price_1PremiumExample",
		"_GCS_BUCKET":           "listinglift-prod-pdfs",
		"_MAIL_FROM":            "reports@listinglift.example",
		"_MARKET_DB_URI":        "",
		"_BACKUP_BUCKET":        "listinglift-prod-backups",
		"_EDGE_PEER_RANGES":     "35.191.0.0/16 130.211.0.0/22",
		"_AUTH_DOMAIN":          "",
		"_SUPPORT_EMAIL":        "help@listinglift.example",
		"_SUPPORT_PHONE":        "+1 415 867 5309",
		"_COMPANY_NAME":         "ListingLift, Inc.",
		"_COMPANY_ADDRESS":      "1 Market St, San Francisco, CA 94105, USA",
		// Secret Manager versions: pinned numbers, never latest.
		"_STRIPE_KEY_VERSION":           "3",
		"_WEBHOOK_SECRET_VERSION":       "2",
		"_SENDGRID_KEY_VERSION":         "1",
		"_GEMINI_KEY_VERSION":           "4",
		"_LINK_SECRET_VERSION":          "1",
		"_LINK_SECRET_PREVIOUS_VERSION": "1",
	}
	for name, def := range cb.Substitutions {
		values[name] = def
		if def == "" {
			v, ok := required[name]
			if !ok {
				t.Fatalf("substitution %s has no default: give it an example value in exampleValues", name)
			}
			values[name] = v
		}
	}
	return values
}

// runSettings expands the Cloud Run deploy step's --set-env-vars and
// --set-secrets into the environment the service gets.
func runSettings(t *testing.T, cb cloudBuild) (env, secrets map[string]string) {
	t.Helper()
	values := exampleValues(t, cb)
	env, secrets = map[string]string{}, map[string]string{}
	for _, arg := range cb.step(t, "deploy-run").Args {
		var into map[string]string
		var kv string
		if v, ok := strings.CutPrefix(arg, "--set-env-vars="); ok {
			into, kv = env, v
		} else if v, ok := strings.CutPrefix(arg, "--set-secrets="); ok {
			into, kv = secrets, v
		} else {
			continue
		}
		// gcloud splits a flag's value at commas, or at the separator a
		// "^X^" prefix names: one KEY=VALUE per flag, and no value may
		// contain the separator.
		sep := ","
		if rest, ok := strings.CutPrefix(kv, "^"); ok {
			s, after, found := strings.Cut(rest, "^")
			if !found || s == "" {
				t.Fatalf("%s: a ^X^ prefix names no separator", arg)
			}
			sep, kv = s, after
		}
		expanded, err := substitute(kv, values)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(expanded, sep) {
			t.Errorf("%s: %q would split the value (one KEY=VALUE per flag)", arg, sep)
		}
		k, v, ok := strings.Cut(expanded, "=")
		if !ok || k == "" {
			t.Fatalf("%s is not KEY=VALUE", arg)
		}
		if _, dup := env[k]; dup {
			t.Errorf("%s is set twice", k)
		}
		if _, dup := secrets[k]; dup {
			t.Errorf("%s is set twice", k)
		}
		into[k] = v
	}
	return env, secrets
}

// The deploy cannot drift from what the server requires: the Cloud Run
// step's settings, with example substitutions and the secrets' values
// standing in for Secret Manager, pass config.Load in production (which
// refuses a missing Stripe key, webhook secret, price id, project, bucket,
// queue, task service account, link secret or SendGrid key, and any
// emulator variable).
func TestCloudRunSettingsSatisfyProductionConfig(t *testing.T) {
	cb := loadCloudBuild(t)
	env, secrets := runSettings(t, cb)
	known := map[string]bool{}
	for _, v := range config.Vars {
		known[v.Name] = true
	}
	merged := map[string]string{}
	for k, v := range env {
		merged[k] = v
	}
	for k, ref := range secrets {
		name, version, ok := strings.Cut(ref, ":")
		if !ok || name == "" || version == "" {
			t.Errorf("--set-secrets %s=%s: want SECRET:VERSION", k, ref)
		}
		// What Secret Manager would hand over: long enough for LINK_SECRET.
		merged[k] = "value-of-secret-" + name + "-0123456789abcdef0123456789abcdef"
	}
	for k := range merged {
		if !known[k] {
			t.Errorf("%s is set for Cloud Run but the server reads no such variable (config.Vars)", k)
		}
	}
	if _, ok := merged["PORT"]; ok {
		t.Error("PORT is set: Cloud Run sets it itself and refuses a deploy that sets it")
	}
	if env["APP_ENV"] != "production" {
		t.Fatalf("APP_ENV=%q, want production", env["APP_ENV"])
	}
	c, err := config.Load(func(k string) string { return merged[k] })
	if err != nil {
		t.Fatalf("the Cloud Run settings in cloudbuild.yaml do not start the server in production: %v", err)
	}
	if c.Store != config.StoreFirestore || c.Jobs != config.JobsCloudTasks || c.Blob != config.BlobGCS || c.Mail != config.MailSendGrid {
		t.Errorf("adapters %s/%s/%s/%s, want firestore/cloudtasks/gcs/sendgrid", c.Store, c.Jobs, c.Blob, c.Mail)
	}
	// Cloud Tasks calls the service's own run.app address: Firebase Hosting's
	// rewrites time out after 60 s, and a report may take about that long.
	if !regexp.MustCompile(`^https://[a-z0-9-]+-\d+\.[a-z0-9-]+\.run\.app/internal/tasks/generate-report$`).MatchString(c.TasksTargetURL) {
		t.Errorf("TASKS_TARGET_URL=%s: want the service's run.app URL", c.TasksTargetURL)
	}
	if c.TasksAudience != c.TasksTargetURL {
		t.Errorf("TASKS_AUDIENCE=%s differs from TASKS_TARGET_URL=%s", c.TasksAudience, c.TasksTargetURL)
	}
	if !strings.HasSuffix(c.TasksServiceAcct, ".iam.gserviceaccount.com") {
		t.Errorf("TASKS_SERVICE_ACCOUNT=%s is not a service account", c.TasksServiceAcct)
	}
	if want := "projects/listinglift-prod/locations/" + cb.Substitutions["_REGION"] + "/queues/"; !strings.HasPrefix(c.CloudTasksQueue, want) {
		t.Errorf("CLOUD_TASKS_QUEUE=%s is not in the deploy region (%s…)", c.CloudTasksQueue, want)
	}
}

// Keys never travel as plain environment values: they come from Secret
// Manager. GEMINI_API_KEY is optional (without it the built-in writer
// writes the copy; docs/DEPLOY.md says how to leave it out), the others are
// required.
func TestCloudRunKeysFromSecretManager(t *testing.T) {
	env, secrets := runSettings(t, loadCloudBuild(t))
	for _, k := range []string{"STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "SENDGRID_API_KEY", "LINK_SECRET", "GEMINI_API_KEY"} {
		if _, ok := secrets[k]; !ok && k != "GEMINI_API_KEY" {
			t.Errorf("%s does not come from Secret Manager (--set-secrets)", k)
		}
		if _, ok := env[k]; ok {
			t.Errorf("%s is a plain environment value: use --set-secrets", k)
		}
	}
	for k, v := range env {
		if regexp.MustCompile(`^(sk|rk)_(live|test)_|^whsec_|^SG\.`).MatchString(v) {
			t.Errorf("%s=%s looks like a key: keys belong in Secret Manager", k, v)
		}
	}
}

// Hosting's rewrites name the service and region the pipeline deploys.
func TestFirebaseRewritesNameTheDeployedService(t *testing.T) {
	cb := loadCloudBuild(t)
	fb := loadFirebaseJSON(t)
	n := 0
	for _, r := range fb.Hosting.Rewrites {
		if r.Run == nil {
			continue
		}
		n++
		if r.Run.ServiceID != cb.Substitutions["_SERVICE"] || r.Run.Region != cb.Substitutions["_REGION"] {
			t.Errorf("rewrite %s goes to %s in %s; cloudbuild.yaml deploys %s in %s", r.Source,
				r.Run.ServiceID, r.Run.Region, cb.Substitutions["_SERVICE"], cb.Substitutions["_REGION"])
		}
	}
	if n == 0 {
		t.Error("firebase.json has no Cloud Run rewrites")
	}
}

// gateRun is what the go-test step did in a workspace: its log and each go
// command it ran with the REAL_PAGES_DIR it ran under.
type gateRun struct {
	log      string
	commands []string // "REAL_PAGES_DIR=<dir> go <args>"
}

// runGate runs the go-test step's own script in workspace with a stand-in
// go that records its arguments and REAL_PAGES_DIR instead of building.
func runGate(t *testing.T, cb cloudBuild, workspace string) gateRun {
	t.Helper()
	bin, record := t.TempDir(), filepath.Join(t.TempDir(), "go.log")
	standIn := "#!/bin/sh\necho \"REAL_PAGES_DIR=$REAL_PAGES_DIR go $*\" >> \"$GO_RECORD\"\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(standIn), 0o755); err != nil {
		t.Fatal(err)
	}
	step := cb.step(t, "go-test")
	var args []string
	for _, a := range step.Args {
		v, err := substitute(a, exampleValues(t, cb))
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, v)
	}
	cmd := exec.CommandContext(t.Context(), step.Entrypoint, args...)
	cmd.Dir = workspace
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "GO_RECORD="+record, "REAL_PAGES_DIR=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the go-test step failed: %v\n%s", err, out)
	}
	recorded, _ := os.ReadFile(record)
	return gateRun{log: string(out), commands: strings.Split(strings.TrimSpace(string(recorded)), "\n")}
}

// testCommand is the gate's go test command.
func (g gateRun) testCommand(t *testing.T) string {
	t.Helper()
	for _, c := range g.commands {
		if strings.Contains(c, " go test ") {
			return c
		}
	}
	t.Fatalf("the gate ran no go test: %q", g.commands)
	return ""
}

// The deploy gate runs the real-page tests when the pages are in the
// build's workspace (or beside it), reading them through REAL_PAGES_DIR;
// without them it says so plainly in the build log rather than passing
// with every real-page test skipped in silence.
func TestCloudBuildGateRunsRealPagesOrSaysItDidNot(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("skipped: bash is not installed here, and the go-test step's script is a bash script this test runs")
	}
	cb := loadCloudBuild(t)
	if e := cb.step(t, "go-test").Entrypoint; e != "bash" {
		t.Fatalf("go-test runs %q; this test runs its script with bash", e)
	}

	for _, layout := range []struct{ name, pages string }{
		{"pages inside the workspace", "workspace/shared/real-pages"},
		{"pages beside the workspace", "shared/real-pages"},
	} {
		t.Run(layout.name, func(t *testing.T) {
			root := t.TempDir()
			workspace, pages := filepath.Join(root, "workspace"), filepath.Join(root, layout.pages)
			for _, d := range []string{workspace, pages} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			g := runGate(t, cb, workspace)
			want, _ := filepath.EvalSymlinks(pages)
			test := g.testCommand(t)
			dir, _, _ := strings.Cut(strings.TrimPrefix(test, "REAL_PAGES_DIR="), " ")
			if got, _ := filepath.EvalSymlinks(dir); got != want || !strings.Contains(test, "go test -short") {
				t.Errorf("go test ran as %q; want REAL_PAGES_DIR=%s", test, want)
			}
			if !strings.Contains(g.log, "real-page tests: RUN") {
				t.Errorf("the build log does not say the real-page tests ran:\n%s", g.log)
			}
		})
	}

	t.Run("no pages", func(t *testing.T) {
		g := runGate(t, cb, t.TempDir())
		if test := g.testCommand(t); !strings.HasPrefix(test, "REAL_PAGES_DIR= go test -short") {
			t.Errorf("go test ran as %q", test)
		}
		if !strings.Contains(g.log, "real-page tests: NOT RUN") || !strings.Contains(g.log, "SKIPPED") {
			t.Errorf("the build log does not say plainly that the real-page tests did not run:\n%s", g.log)
		}
	})
}
