package deploy

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/config"
)

// The monthly market refresh: an image of the command line tool, a Cloud
// Run Job running `market refresh` into the service's own bucket (where
// the service, MARKET_SOURCE=blob, reads the markets), and a Cloud
// Scheduler trigger once a month.
func TestMarketRefreshJob(t *testing.T) {
	cb := loadCloudBuild(t)
	values := exampleValues(t, cb)
	env, _ := runSettings(t, cb)
	image := "${_REGION}-docker.pkg.dev/$PROJECT_ID/${_REPO}/listinglift-cli:$SHORT_SHA"

	build := cb.step(t, "build-job-image").script()
	for _, want := range []string{"docker build", "-t " + image, "go build", "./backend/cmd/listinglift", "CGO_ENABLED=0", "USER nonroot", `ENTRYPOINT ["/app/listinglift"]`} {
		if !strings.Contains(build, want) {
			t.Errorf("build-job-image lacks %q", want)
		}
	}
	// The inline Dockerfile's base images are pinned like the builders.
	for _, line := range strings.Split(build, "\n") {
		if from, ok := strings.CutPrefix(strings.TrimSpace(line), "FROM "); ok {
			ref := strings.Fields(from)[0]
			if !strings.Contains(ref, ":") || strings.HasSuffix(ref, ":latest") {
				t.Errorf("build-job-image: %s is not pinned to a tag", ref)
			}
		}
	}
	if !strings.Contains(cb.step(t, "push-job-image").script(), image) {
		t.Error("push-job-image does not push the job's image")
	}
	found := false
	for _, i := range cb.Images {
		found = found || i == image
	}
	if !found {
		t.Errorf("images lacks %s", image)
	}
	for _, order := range [][2]string{{"go-test", "build-job-image"}, {"build-job-image", "push-job-image"},
		{"push-job-image", "deploy-market-job"}, {"deploy-market-job", "schedules"}} {
		if !cb.before(order[0], order[1]) {
			t.Errorf("step %s does not wait for %s", order[1], order[0])
		}
	}

	job := cb.step(t, "deploy-market-job")
	jobEnv := map[string]string{}
	for _, a := range job.Args {
		if kv, ok := strings.CutPrefix(a, "--set-env-vars="); ok {
			expanded, err := substitute(kv, values)
			if err != nil {
				t.Fatal(err)
			}
			k, v, _ := strings.Cut(expanded, "=")
			jobEnv[k] = v
		}
	}
	script := job.script()
	for _, want := range []string{"gcloud run jobs deploy listinglift-market-refresh", "--image=" + image, "--args=market,refresh",
		"--service-account=${_RUN_SA}@$PROJECT_ID.iam.gserviceaccount.com"} {
		if !strings.Contains(script, want) {
			t.Errorf("deploy-market-job lacks %q: %s", want, script)
		}
	}
	// The job uploads where the service reads.
	if jobEnv["BLOB"] != "gcs" || jobEnv["GCS_BUCKET"] != env["GCS_BUCKET"] || env["BLOB"] != "gcs" {
		t.Errorf("the job writes BLOB=%s GCS_BUCKET=%s; the service reads BLOB=%s GCS_BUCKET=%s",
			jobEnv["BLOB"], jobEnv["GCS_BUCKET"], env["BLOB"], env["GCS_BUCKET"])
	}
	if _, err := config.Load(func(k string) string { return jobEnv[k] }); err != nil {
		t.Errorf("the job's settings do not load: %v", err)
	}
	if env["MARKET_SOURCE"] != string(config.MarketBlob) {
		t.Errorf("the service gets MARKET_SOURCE=%q, want blob by default", env["MARKET_SOURCE"])
	}

	sched, err := substitute(cb.step(t, "schedules").script(), values)
	if err != nil {
		t.Fatal(err)
	}
	want := "upsert listinglift-market-refresh --schedule=\"0 5 3 * *\""
	if !strings.Contains(sched, want) ||
		!strings.Contains(sched, "https://run.googleapis.com/v2/projects/listinglift-prod/locations/"+values["_REGION"]+"/jobs/listinglift-market-refresh:run") {
		t.Errorf("schedules does not run the job monthly (%s … jobs/listinglift-market-refresh:run)", want)
	}
	// A bundled market database is read only with MARKET_SOURCE=file.
	if check := cb.step(t, "check-substitutions").script(); !strings.Contains(check, `"${_MARKET_SOURCE}" != "file"`) {
		t.Error("check-substitutions does not refuse _MARKET_DB_URI with _MARKET_SOURCE=blob")
	}
	doc := string(read(t, "docs/DEPLOY.md"))
	for _, want := range []string{"listinglift market refresh", "gcloud run jobs execute listinglift-market-refresh", "MARKET_CACHE_MB"} {
		if !strings.Contains(doc, want) {
			t.Errorf("docs/DEPLOY.md does not mention %q", want)
		}
	}
}
