package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/market"
)

// envFrom is a getenv over m. The Auth emulator address is always the one
// the process has (the Admin SDK reads it from the process environment),
// or a placeholder: these tests never verify a token.
func envFrom(t testing.TB, m map[string]string) func(string) string {
	t.Helper()
	// Files the server writes go to the test's own folder, never into the
	// source tree (its defaults are relative: var/blobs, var/outbox).
	tmp := t.TempDir()
	emu := os.Getenv("FIREBASE_AUTH_EMULATOR_HOST")
	if emu == "" {
		emu = "127.0.0.1:9099"
	}
	return func(k string) string {
		if v, ok := m[k]; ok {
			return v
		}
		switch k {
		case "FIREBASE_AUTH_EMULATOR_HOST":
			return emu
		case "E2E_LISTING_SITE": // read only by the e2e build
			return "127.0.0.1:9"
		case "BLOB_DIR":
			return filepath.Join(tmp, "blobs")
		case "OUTBOX_DIR":
			return filepath.Join(tmp, "outbox")
		case "SQLITE_PATH":
			return filepath.Join(tmp, "listinglift.db")
		case "MARKET_CACHE_DIR":
			return filepath.Join(tmp, "market-cache")
		}
		return ""
	}
}

func webDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<!doctype html><div id="root"></div>`), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A bad configuration value stops the server before it listens, with one
// line that names the variable.
func TestRunRefusesBadConfiguration(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"PORT": "eighty"}, "PORT"},
		{map[string]string{"LOG_LEVEL": "chatty"}, "LOG_LEVEL"},
		{map[string]string{"STORE": "mongo"}, "STORE"},
		{map[string]string{"APP_ENV": "production", "FIREBASE_PROJECT_ID": "p", "PUBLIC_URL": "https://x.test", "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"}, "FIREBASE_AUTH_EMULATOR_HOST"},
		{map[string]string{"WEB_DIR": "/nonexistent/dist", "PORT": "0", "SQLITE_PATH": ":memory:"}, "WEB_DIR"},
	}
	for _, tc := range cases {
		err := run(context.Background(), []string{"server"}, envFrom(t, tc.env), io.Discard)
		if err == nil {
			t.Errorf("%v: server started", tc.env)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("%v: error %q should be one line naming %s", tc.env, msg, tc.want)
		}
	}
	if err := run(context.Background(), []string{"server", "--port=1"}, envFrom(t, nil), io.Discard); err == nil {
		t.Error("arguments accepted; configuration is environment only")
	}
}

// startServer runs the server on a free port and returns its URL and a
// channel with run's result.
func startServer(t *testing.T, ctx context.Context, env map[string]string) (string, <-chan error) {
	t.Helper()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"server"}, envFrom(t, env), pw)
		pw.Close()
	}()
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			var rec map[string]any
			if json.Unmarshal(sc.Bytes(), &rec) == nil && rec["message"] == "server listening" {
				urls <- rec["url"].(string)
			}
		}
	}()
	select {
	case u := <-urls:
		return u, done
	case err := <-done:
		t.Fatalf("server stopped at start: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("server did not start in 10 s")
	}
	return "", nil
}

func TestRunServesAndStopsOnSIGTERM(t *testing.T) {
	env := map[string]string{
		"PORT": "0", "WEB_DIR": webDir(t),
		"SQLITE_PATH": filepath.Join(t.TempDir(), "db", "ll.db"),
	}
	url, done := startServer(t, context.Background(), env)

	resp, err := http.Get(url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("healthz %d", resp.StatusCode)
	}
	resp, err = http.Get(url + "/payment-cancel")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `id="root"`) || resp.Header.Get("Content-Security-Policy") == "" {
		t.Fatalf("deep link: %d %q", resp.StatusCode, body)
	}

	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run after SIGTERM: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("server ignored SIGTERM")
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("server still answering after shutdown")
	}
}

// Tests and embedding callers stop the server by cancelling its context.
func TestRunStopsWhenContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	env := map[string]string{"PORT": "0", "WEB_DIR": webDir(t), "SQLITE_PATH": filepath.Join(t.TempDir(), "ll.db"), "SHUTDOWN_TIMEOUT": "5s"}
	_, done := startServer(t, ctx, env)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no shutdown")
	}
}

// productionEnv is a complete production configuration: every value
// production requires, no emulator, nothing that needs a default to pass.
// (cloudbuild.yaml's Cloud Run step sets the same variables; backend/deploy
// checks that file against config.Load.)
func productionEnv() map[string]string {
	return map[string]string{
		"APP_ENV":               "production",
		"FIREBASE_PROJECT_ID":   "listinglift-prod",
		"FIREBASE_API_KEY":      "AIzaSyExampleExampleExampleExample12345",
		"PUBLIC_URL":            "https://listinglift.example",
		"STORE":                 "firestore",
		"STRIPE_SECRET_KEY":     "sk_live_example",
		"STRIPE_WEBHOOK_SECRET": "whsec_example",
		"STRIPE_PRICE_BASIC":    "price_basic",
		"STRIPE_PRICE_PREMIUM":  "price_premium",
		"JOBS":                  "cloudtasks",
		"CLOUD_TASKS_QUEUE":     "projects/listinglift-prod/locations/us-central1/queues/reports",
		"TASKS_SERVICE_ACCOUNT": "listinglift-tasks@listinglift-prod.iam.gserviceaccount.com",
		"TASKS_TARGET_URL":      "https://listinglift-123456789012.us-central1.run.app/internal/tasks/generate-report",
		"BLOB":                  "gcs",
		"GCS_BUCKET":            "listinglift-prod-pdfs",
		"LINK_SECRET":           "0123456789abcdef0123456789abcdef-production",
		"MAIL":                  "sendgrid",
		"SENDGRID_API_KEY":      "SG.example",
		"MAIL_FROM":             "reports@listinglift.example",
		"SUPPORT_EMAIL":         "help@listinglift.example",
		"SUPPORT_PHONE":         "+1 415 867 5309",
		"COMPANY_NAME":          "ListingLift, Inc.",
		"COMPANY_ADDRESS":       "1 Market St, San Francisco, CA 94105, USA",
	}
}

// prodEnvFrom is a getenv over m alone: unlike envFrom it adds no Auth
// emulator address, which production refuses.
func prodEnvFrom(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// The server's entry point refuses to start in production when any value
// production requires is missing, or any emulator or development-only
// override is set, with one line naming the variable. The refusal comes
// from config.Load, which reads variables and nothing else, so it happens
// before the server logs a word or opens the store, Firebase Auth, Stripe,
// Cloud Tasks, Cloud Storage or SendGrid (all of which come after it).
func TestRunRefusesIncompleteProduction(t *testing.T) {
	type change struct {
		name  string
		unset string            // variable removed from productionEnv
		set   map[string]string // variables added or changed
		want  string            // the variable the error must name
	}
	var cases []change
	for _, v := range []string{
		"FIREBASE_PROJECT_ID", "FIREBASE_API_KEY", "PUBLIC_URL",
		"STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_BASIC", "STRIPE_PRICE_PREMIUM",
		"CLOUD_TASKS_QUEUE", "TASKS_SERVICE_ACCOUNT", "GCS_BUCKET", "LINK_SECRET", "SENDGRID_API_KEY",
		"SUPPORT_PHONE", "SUPPORT_EMAIL", "COMPANY_NAME", "COMPANY_ADDRESS",
	} {
		cases = append(cases, change{name: v + " missing", unset: v, want: v})
	}
	for v, value := range map[string]string{
		"FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099",
		"FIRESTORE_EMULATOR_HOST":     "127.0.0.1:8085",
		"CLOUD_TASKS_EMULATOR_HOST":   "127.0.0.1:8123",
		"STORAGE_EMULATOR_HOST":       "127.0.0.1:4443",
		"STRIPE_API_URL":              "http://127.0.0.1:12111",
		"SENDGRID_BASE_URL":           "http://127.0.0.1:3030",
		"GEMINI_BASE_URL":             "http://127.0.0.1:8089",
	} {
		cases = append(cases, change{name: v + " set", set: map[string]string{v: value}, want: v})
	}
	cases = append(cases,
		change{name: "local store", set: map[string]string{"STORE": "sqlite"}, want: "STORE"},
		change{name: "local queue", set: map[string]string{"JOBS": "local"}, want: "JOBS"},
		change{name: "local blobs", set: map[string]string{"BLOB": "local"}, want: "BLOB"},
		change{name: "local outbox", set: map[string]string{"MAIL": "outbox"}, want: "MAIL"},
		change{name: "demo project", set: map[string]string{"FIREBASE_PROJECT_ID": "demo-listinglift"}, want: "FIREBASE_PROJECT_ID"},
		change{name: "plain-http public URL", set: map[string]string{"PUBLIC_URL": "http://listinglift.example"}, want: "PUBLIC_URL"},
		change{name: "plain-http task target", set: map[string]string{"TASKS_TARGET_URL": "http://listinglift.example/internal/tasks/generate-report"}, want: "TASKS_TARGET_URL"},
		change{name: "development link secret", set: map[string]string{"LINK_SECRET": config.DevLinkSecret}, want: "LINK_SECRET"},
	)

	// The complete configuration itself is accepted, so each refusal below
	// is the one change's doing.
	if _, err := config.Load(prodEnvFrom(productionEnv())); err != nil {
		t.Fatalf("the complete production configuration is refused: %v", err)
	}

	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := productionEnv()
			delete(env, tc.unset)
			for k, v := range tc.set {
				env[k] = v
			}
			var out strings.Builder
			start := time.Now()
			err := run(context.Background(), []string{"server"}, prodEnvFrom(env), &out)
			if err == nil {
				t.Fatal("the server started")
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q should be one line naming %s", msg, tc.want)
			}
			if !strings.HasPrefix(msg, "config: ") {
				t.Errorf("error %q does not come from the configuration check", msg)
			}
			if out.Len() > 0 {
				t.Errorf("the server got past its configuration (it logged %q) before refusing", out.String())
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("refusing took %v: it should not wait on any network", d)
			}
		})
	}
}

// TestRunWithReadOnlyMarketDatabase: the image ships the market database
// read-only (Cloud Run's filesystem is in memory; a migration at start
// would make every instance rewrite it). The server starts on a file it
// cannot write, in a folder it cannot write, and leaves it untouched.
func TestRunWithReadOnlyMarketDatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "market.db")
	db, err := market.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := market.Import(context.Background(), db, filepath.Join("..", "..", "market", "testdata", "insideairbnb-testville-pa-2024-01-02")); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })

	ctx, cancel := context.WithCancel(context.Background())
	env := map[string]string{"PORT": "0", "WEB_DIR": webDir(t), "SQLITE_PATH": filepath.Join(t.TempDir(), "ll.db"), "MARKET_DB": path}
	url, done := startServer(t, ctx, env)
	resp, err := http.Get(url + "/api/health")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("health %d", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("the server changed the market database")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the server left files beside the market database: %v", entries)
	}

	// A file from an older build (migrations missing) is refused at start
	// with what to do, rather than migrated.
	old := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(old, nil, 0o444); err != nil {
		t.Fatal(err)
	}
	err = run(context.Background(), []string{"server"}, envFrom(t, map[string]string{"PORT": "0", "WEB_DIR": webDir(t),
		"SQLITE_PATH": filepath.Join(t.TempDir(), "ll.db"), "MARKET_DB": old}), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "MARKET_DB") || !strings.Contains(err.Error(), "market import") {
		t.Errorf("run with an empty market file: %v; want a refusal naming MARKET_DB and the import command", err)
	}
}

// The browser learns whether payments are on from /runtime-config.js, and
// tells a host with a saved order what comes after signing in from it
// ("you'll continue to checkout next" or "your report starts right
// after"): the value it is served is the server's own, both ways.
func TestRunServesWhetherPaymentsAreOn(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"payments off", nil, false},
		{"payments on", map[string]string{"STRIPE_SECRET_KEY": "sk_test_local", "STRIPE_WEBHOOK_SECRET": "whsec_local",
			"STRIPE_API_URL": "http://127.0.0.1:9"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			env := map[string]string{"PORT": "0", "WEB_DIR": webDir(t), "SQLITE_PATH": filepath.Join(t.TempDir(), "ll.db")}
			for k, v := range tc.env {
				env[k] = v
			}
			url, done := startServer(t, ctx, env)
			defer func() {
				cancel()
				if err := <-done; err != nil {
					t.Errorf("run: %v", err)
				}
			}()
			resp, err := http.Get(url + "/runtime-config.js")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			js, ok := strings.CutPrefix(strings.TrimSpace(string(body)), "window.__LISTINGLIFT_CONFIG__ = ")
			if resp.StatusCode != 200 || !ok {
				t.Fatalf("runtime config: %d %q", resp.StatusCode, body)
			}
			var got map[string]any
			if err := json.Unmarshal([]byte(strings.TrimSuffix(js, ";")), &got); err != nil {
				t.Fatalf("runtime config %q: %v", body, err)
			}
			if got["paymentsEnabled"] != tc.want {
				t.Errorf("paymentsEnabled = %v; want %v (the browser would tell a host with a saved order the wrong next step)", got["paymentsEnabled"], tc.want)
			}
		})
	}
}
