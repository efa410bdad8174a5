package config

import (
	"log/slog"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// prodEnv is a complete production environment with kv applied on top; a
// value of "" removes the variable.
func prodEnv(kv ...string) []string {
	base := []string{"APP_ENV", "production", "FIREBASE_PROJECT_ID", "listinglift-prod", "PUBLIC_URL", "https://listinglift.app",
		"FIREBASE_API_KEY", "AIzaSyExample", "STRIPE_SECRET_KEY", "sk_live_x", "STRIPE_WEBHOOK_SECRET", "whsec_x",
		"STRIPE_PRICE_BASIC", "price_basic", "STRIPE_PRICE_PREMIUM", "price_premium",
		"CLOUD_TASKS_QUEUE", "projects/listinglift-prod/locations/us-central1/queues/reports",
		"TASKS_SERVICE_ACCOUNT", "tasks@listinglift-prod.iam.gserviceaccount.com",
		"GCS_BUCKET", "listinglift-prod-reports", "LINK_SECRET", "0123456789abcdef0123456789abcdef-prod",
		"SENDGRID_API_KEY", "SG.x", "SUPPORT_EMAIL", "help@listinglift.app", "SUPPORT_PHONE", "+1 415 555 2671",
		"COMPANY_NAME", "ListingLift, Inc.", "COMPANY_ADDRESS", "1 Market St, San Francisco, CA 94105, USA"}
	return append(base, kv...)
}

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			delete(m, kv[i])
			continue
		}
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestLoadDefaults(t *testing.T) {
	c, err := Load(env())
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Env: Development, Host: "127.0.0.1", Port: 8080, PublicURL: "http://localhost:8080",
		WebDir: "frontend/dist", LogLevel: slog.LevelInfo, ShutdownTimeout: 8 * time.Second,
		Store: StoreSQLite, SQLitePath: "var/listinglift.db",
		FirebaseProjectID: "demo-listinglift", FirebaseAPIKey: "demo-api-key",
		FirebaseAuthDomain: "demo-listinglift.firebaseapp.com",
		SupportEmail:       "support@listinglift.app", CompanyName: "ListingLift (development)",
		HelpCenterURL: "https://help.listinglift.app",
		Jobs:          JobsLocal, JobMaxAttempts: 5, JobWorkers: 2, PhotoDecodes: 2, RequestConcurrency: 40, SweepAfter: 15 * time.Minute, GiveUpAfter: 2 * time.Hour,
		Blob: BlobLocal, BlobDir: "var/blobs", LinkSecret: DevLinkSecret, LinkTTL: time.Hour,
		Mail: MailOutbox, OutboxDir: "var/outbox", MailFrom: "reports@listinglift.app", MailFromName: "ListingLift",
		TasksTargetURL: "http://localhost:8080/internal/tasks/generate-report",
		TasksAudience:  "http://localhost:8080/internal/tasks/generate-report",
		MarketSource:   MarketFile, MarketCacheDir: "var/market-cache", MarketCacheMB: 256, MarketManifestTTL: time.Hour,
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("defaults:\n got %+v\nwant %+v", c, want)
	}
	if c.Addr() != "127.0.0.1:8080" {
		t.Errorf("Addr = %q", c.Addr())
	}
}

func TestLoadValues(t *testing.T) {
	c, err := Load(env("PORT", "9000", "LOG_LEVEL", "debug", "SHUTDOWN_TIMEOUT", "3s",
		"GOOGLE_CLOUD_PROJECT", "demo-x", "FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099",
		"PUBLIC_URL", "http://example.test/", "STORE", "FireStore",
		"JOBS", "cloudtasks", "CLOUD_TASKS_QUEUE", "projects/p/locations/l/queues/q", "CLOUD_TASKS_EMULATOR_HOST", "127.0.0.1:8123",
		"STRIPE_SECRET_KEY", "sk_test_1", "STRIPE_WEBHOOK_SECRET", "whsec_1", "STRIPE_API_URL", "http://127.0.0.1:12111/"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 9000 || c.LogLevel != slog.LevelDebug || c.ShutdownTimeout != 3*time.Second {
		t.Errorf("got %+v", c)
	}
	if c.FirebaseProjectID != "demo-x" || c.FirebaseAuthDomain != "demo-x.firebaseapp.com" {
		t.Errorf("project fallback: %q %q", c.FirebaseProjectID, c.FirebaseAuthDomain)
	}
	if c.PublicURL != "http://example.test" {
		t.Errorf("PublicURL trailing slash kept: %q", c.PublicURL)
	}
	if c.Store != StoreFirestore {
		t.Errorf("STORE is case-insensitive: got %q", c.Store)
	}
	if c.StripeSecretKey != "sk_test_1" || c.StripeWebhookSecret != "whsec_1" || c.StripeAPIURL != "http://127.0.0.1:12111" || c.Jobs != JobsCloudTasks ||
		c.TasksTargetURL != "http://example.test/internal/tasks/generate-report" || c.TasksAudience != c.TasksTargetURL {
		t.Errorf("payments and jobs: %+v", c)
	}
	// An unset key is payments off (payments.FromConfig builds no provider).
	if d, _ := Load(env()); d.StripeSecretKey != "" {
		t.Errorf("STRIPE_SECRET_KEY defaults to %q; want unset", d.StripeSecretKey)
	}
}

// Each bad value must stop start-up with one line naming the variable.
func TestLoadRejects(t *testing.T) {
	cases := []struct {
		name string
		env  []string
		want string
	}{
		{"env", []string{"APP_ENV", "staging"}, "APP_ENV"},
		{"port text", []string{"PORT", "http"}, "PORT"},
		{"port range", []string{"PORT", "70000"}, "PORT"},
		{"level", []string{"LOG_LEVEL", "loud"}, "LOG_LEVEL"},
		{"timeout", []string{"SHUTDOWN_TIMEOUT", "soon"}, "SHUTDOWN_TIMEOUT"},
		{"negative timeout", []string{"SHUTDOWN_TIMEOUT", "-1s"}, "SHUTDOWN_TIMEOUT"},
		{"store", []string{"STORE", "postgres"}, "STORE"},
		{"public url", []string{"PUBLIC_URL", "listinglift.app"}, "PUBLIC_URL"},
		{"help url", []string{"HELP_CENTER_URL", "ftp://x"}, "HELP_CENTER_URL"},
		{"emulator host", []string{"FIREBASE_AUTH_EMULATOR_HOST", "localhost"}, "FIREBASE_AUTH_EMULATOR_HOST"},
		{"emulator port", []string{"FIRESTORE_EMULATOR_HOST", "localhost:0"}, "FIRESTORE_EMULATOR_HOST"},
		{"proxy hops", []string{"TRUSTED_PROXY_HOPS", "9"}, "TRUSTED_PROXY_HOPS"},
		{"support email", []string{"SUPPORT_EMAIL", "Support <a@b.c>"}, "SUPPORT_EMAIL"},
		{"prod sqlite", prodEnv("STORE", "sqlite"), "STORE"},
		{"prod auth emulator", prodEnv("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099"), "FIREBASE_AUTH_EMULATOR_HOST"},
		{"prod firestore emulator", prodEnv("FIRESTORE_EMULATOR_HOST", "127.0.0.1:8085"), "FIRESTORE_EMULATOR_HOST"},
		{"prod demo project", prodEnv("FIREBASE_PROJECT_ID", ""), "FIREBASE_PROJECT_ID"},
		{"prod demo api key", prodEnv("FIREBASE_API_KEY", ""), "FIREBASE_API_KEY"},
		{"prod http", prodEnv("PUBLIC_URL", ""), "PUBLIC_URL"},
		{"prod payments off", prodEnv("STRIPE_SECRET_KEY", ""), "STRIPE_SECRET_KEY"},
		{"prod no webhook secret", prodEnv("STRIPE_WEBHOOK_SECRET", ""), "STRIPE_WEBHOOK_SECRET"},
		{"prod shutdown as long as Cloud Run's grace", prodEnv("SHUTDOWN_TIMEOUT", "10s"), "SHUTDOWN_TIMEOUT"},
		{"prod no basic price", prodEnv("STRIPE_PRICE_BASIC", ""), "STRIPE_PRICE_BASIC"},
		{"prod no premium price", prodEnv("STRIPE_PRICE_PREMIUM", ""), "STRIPE_PRICE_PREMIUM"},
		{"prod stripe-mock", prodEnv("STRIPE_API_URL", "http://127.0.0.1:12111"), "STRIPE_API_URL"},
		{"prod local jobs", prodEnv("JOBS", "local"), "JOBS"},
		{"prod no queue", prodEnv("CLOUD_TASKS_QUEUE", ""), "CLOUD_TASKS_QUEUE"},
		{"prod tasks emulator", prodEnv("CLOUD_TASKS_EMULATOR_HOST", "127.0.0.1:8123"), "CLOUD_TASKS_EMULATOR_HOST"},
		{"prod no task identity", prodEnv("TASKS_SERVICE_ACCOUNT", ""), "TASKS_SERVICE_ACCOUNT"},
		{"prod http task target", prodEnv("TASKS_TARGET_URL", "http://run.example/internal/tasks/generate-report"), "TASKS_TARGET_URL"},
		{"prod gemini stand-in", prodEnv("GEMINI_BASE_URL", "http://127.0.0.1:9"), "GEMINI_BASE_URL"},
		{"prod local blobs", prodEnv("BLOB", "local"), "BLOB"},
		{"prod no bucket", prodEnv("GCS_BUCKET", ""), "GCS_BUCKET"},
		{"prod storage emulator", prodEnv("STORAGE_EMULATOR_HOST", "127.0.0.1:4443"), "STORAGE_EMULATOR_HOST"},
		{"prod dev link secret", prodEnv("LINK_SECRET", ""), "LINK_SECRET"},
		{"prod outbox", prodEnv("MAIL", "outbox"), "MAIL"},
		{"prod no sendgrid key", prodEnv("SENDGRID_API_KEY", ""), "SENDGRID_API_KEY"},
		{"prod sendgrid stand-in", prodEnv("SENDGRID_BASE_URL", "http://127.0.0.1:9"), "SENDGRID_BASE_URL"},
		{"short link secret", []string{"LINK_SECRET", "short"}, "LINK_SECRET"},
		{"gcs without bucket", []string{"BLOB", "gcs"}, "GCS_BUCKET"},
		{"sendgrid without key", []string{"MAIL", "sendgrid"}, "SENDGRID_API_KEY"},
		{"mail from", []string{"MAIL_FROM", "ListingLift <x@y.z>"}, "MAIL_FROM"},
		{"webhook secret missing", []string{"STRIPE_SECRET_KEY", "sk_test_1"}, "STRIPE_WEBHOOK_SECRET"},
		{"stripe api url", []string{"STRIPE_API_URL", "127.0.0.1:12111"}, "STRIPE_API_URL"},
		{"jobs", []string{"JOBS", "redis"}, "JOBS"},
		{"local jobs need sqlite", []string{"STORE", "firestore"}, "JOBS"},
		{"queue name", []string{"JOBS", "cloudtasks", "CLOUD_TASKS_QUEUE", "reports"}, "CLOUD_TASKS_QUEUE"},
		{"attempts", []string{"JOB_MAX_ATTEMPTS", "0"}, "JOB_MAX_ATTEMPTS"},
		{"workers", []string{"JOB_WORKERS", "many"}, "JOB_WORKERS"},
		{"sweep too soon", []string{"SWEEP_AFTER", "10m"}, "SWEEP_AFTER"},
		{"give up before a re-send", []string{"GIVE_UP_AFTER", "20m"}, "GIVE_UP_AFTER"},
		{"tasks emulator host", []string{"CLOUD_TASKS_EMULATOR_HOST", "tasks"}, "CLOUD_TASKS_EMULATOR_HOST"},
		{"auth domain injection", []string{"FIREBASE_AUTH_DOMAIN", "x.firebaseapp.com; script-src *"}, "FIREBASE_AUTH_DOMAIN"},
		{"sqlite path query", []string{"SQLITE_PATH", "var/db?_pragma=foo"}, "SQLITE_PATH"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(env(tc.env...))
			if err == nil {
				t.Fatal("Load accepted a bad configuration")
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q should be one line naming %s", msg, tc.want)
			}
		})
	}
}

func TestProductionDefaults(t *testing.T) {
	c, err := Load(env(prodEnv()...))
	if err != nil {
		t.Fatal(err)
	}
	if c.Host != "0.0.0.0" || c.Store != StoreFirestore || c.ProxyHops != 1 || c.Jobs != JobsCloudTasks ||
		c.TasksTargetURL != "https://listinglift.app/internal/tasks/generate-report" {
		t.Errorf("production defaults: host %q store %q", c.Host, c.Store)
	}
}

// The README's configuration table is generated from Vars; every variable
// Load reads must be listed there.
func TestVarsListEveryVariable(t *testing.T) {
	read := map[string]bool{}
	_, _ = Load(func(k string) string { read[k] = true; return "" })
	listed := map[string]bool{}
	for _, v := range Vars {
		listed[v.Name] = true
	}
	for k := range read {
		if !listed[k] && k != "GOOGLE_CLOUD_PROJECT" {
			t.Errorf("Load reads %s but Vars does not document it", k)
		}
	}
	for k := range listed {
		if !read[k] {
			t.Errorf("Vars documents %s but Load never reads it", k)
		}
	}
}

// The README's configuration table documents every variable.
func TestReadmeDocumentsEveryVariable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Vars {
		if !strings.Contains(string(readme), "| `"+v.Name+"` |") {
			t.Errorf("README.md's configuration table lacks %s", v.Name)
		}
	}
}

func TestEdgeClientIP(t *testing.T) {
	c, err := Load(env("EDGE_PEER_RANGES", "35.191.0.0/16, 130.211.0.0/22 2600:1900::1"))
	if err != nil {
		t.Fatal(err)
	}
	// The narrowest broad ranges still allowed.
	if _, err := Load(env("EDGE_PEER_RANGES", "34.0.0.0/8 2600::/16")); err != nil {
		t.Errorf("a /8 and an IPv6 /16: %v", err)
	}
	if c.EdgeClientIPHeader != "Fastly-Client-IP" || len(c.EdgePeerRanges) != 3 || c.EdgePeerRanges[2].String() != "2600:1900::1/128" {
		t.Errorf("edge = %q %v", c.EdgeClientIPHeader, c.EdgePeerRanges)
	}
	for name, e := range map[string][]string{
		"header without ranges": {"EDGE_CLIENT_IP_HEADER", "Fastly-Client-IP"},
		"bad range":             {"EDGE_CLIENT_IP_HEADER", "Fastly-Client-IP", "EDGE_PEER_RANGES", "35.191.0.0/99"},
		// Catch-alls: every caller would be believed about its own address.
		"every IPv4 address":       {"EDGE_PEER_RANGES", "0.0.0.0/0"},
		"every IPv6 address":       {"EDGE_PEER_RANGES", "::/0"},
		"a catch-all among others": {"EDGE_PEER_RANGES", "35.191.0.0/16, 0.0.0.0/0"},
		"half the internet":        {"EDGE_PEER_RANGES", "128.0.0.0/1"},
		"an IPv4 /7":               {"EDGE_PEER_RANGES", "34.0.0.0/7"},
		"all global IPv6":          {"EDGE_PEER_RANGES", "2000::/3"},
		"IPv4-mapped":              {"EDGE_PEER_RANGES", "::ffff:0.0.0.0/96"},
	} {
		if _, err := Load(env(e...)); err == nil || !strings.Contains(err.Error(), "EDGE_PEER_RANGES") {
			t.Errorf("%s: %v, want a refusal naming EDGE_PEER_RANGES", name, err)
		}
	}
}

// Many markets from the blob store: MARKET_SOURCE=blob with its cache
// settings; MARKET_DB (one file) cannot be set with it.
func TestMarketSource(t *testing.T) {
	c, err := Load(env("MARKET_SOURCE", "blob", "MARKET_CACHE_DIR", "/tmp/m", "MARKET_CACHE_MB", "64", "MARKET_MANIFEST_TTL", "10m", "MARKET_CATALOG", "c.json"))
	if err != nil {
		t.Fatal(err)
	}
	if c.MarketSource != MarketBlob || c.MarketCacheDir != "/tmp/m" || c.MarketCacheMB != 64 || c.MarketManifestTTL != 10*time.Minute || c.MarketCatalog != "c.json" {
		t.Errorf("%+v", c)
	}
	if c, err := Load(env(prodEnv()...)); err != nil || c.MarketCacheDir != "/tmp/listinglift-markets" {
		t.Errorf("production cache folder %q, %v", c.MarketCacheDir, err)
	}
	for name, e := range map[string][]string{
		"both sources": {"MARKET_SOURCE", "blob", "MARKET_DB", "var/market.db"},
		"unknown":      {"MARKET_SOURCE", "bucket"},
		"tiny cache":   {"MARKET_CACHE_MB", "1"},
		"bad ttl":      {"MARKET_MANIFEST_TTL", "soon"},
	} {
		if _, err := Load(env(e...)); err == nil || !strings.Contains(err.Error(), "MARKET_") {
			t.Errorf("%s: %v, want a refusal naming the variable", name, err)
		}
	}
}

// Production shows hosts only real contact details and names its
// operator: each missing or fictional setting is refused by name.
func TestProductionContactDetails(t *testing.T) {
	for _, tc := range []struct {
		name string
		kv   []string
		want string
	}{
		{"no phone", []string{"SUPPORT_PHONE", ""}, "SUPPORT_PHONE is unset"},
		{"no e-mail", []string{"SUPPORT_EMAIL", ""}, "SUPPORT_EMAIL is unset"},
		{"fictional phone", []string{"SUPPORT_PHONE", "+1-555-0100"}, "SUPPORT_PHONE=+1-555-0100 is a fictional 555-01xx number"},
		{"fictional phone, spaced", []string{"SUPPORT_PHONE", "(212) 555 0199"}, "fictional"},
		{"no company", []string{"COMPANY_NAME", ""}, "COMPANY_NAME and COMPANY_ADDRESS"},
		{"no address", []string{"COMPANY_ADDRESS", ""}, "COMPANY_NAME and COMPANY_ADDRESS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(env(prodEnv(tc.kv...)...))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want it to say %q", err, tc.want)
			}
		})
	}
	c, err := Load(env(prodEnv()...))
	if err != nil || c.SupportPhone != "+1 415 555 2671" || c.CompanyAddress == "" {
		t.Errorf("a real number and address: %+v, %v", c.SupportPhone, err)
	}
}
