// Package config reads ListingLift's settings from environment variables
// (12-factor) and validates them, so a bad value stops the server at start
// with one line that names the variable.
package config

import (
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Environment is where the server runs. Production refuses local adapters
// and emulator variables.
type Environment string

const (
	Development Environment = "development"
	Production  Environment = "production"
)

// Store names the document-store adapter.
type Store string

const (
	StoreSQLite    Store = "sqlite"
	StoreFirestore Store = "firestore"
)

// Jobs names the report-job queue adapter.
type Jobs string

const (
	JobsLocal      Jobs = "local"      // durable queue in the SQLite store, worked in-process
	JobsCloudTasks Jobs = "cloudtasks" // Cloud Tasks delivering to /internal/tasks/generate-report
)

// Blob names where PDFs are kept.
type Blob string

const (
	BlobLocal Blob = "local" // a folder
	BlobGCS   Blob = "gcs"   // Cloud Storage
)

// MarketSource names where reports' market data comes from.
type MarketSource string

const (
	MarketFile MarketSource = "file" // MARKET_DB: one local file (or none)
	MarketBlob MarketSource = "blob" // the catalogued markets' files in the blob store, cached on disk
)

// Mail names how report e-mails leave.
type Mail string

const (
	MailOutbox   Mail = "outbox"   // .eml files in a folder, sent nowhere
	MailSendGrid Mail = "sendgrid" // SendGrid's v3 API
)

// DevLinkSecret signs PDF links when LINK_SECRET is unset in development,
// so links survive a restart of make dev. Production refuses it.
const DevLinkSecret = "development-only-pdf-link-secret-do-not-use"

// Config is every setting the server reads. Field comments name the variable.
type Config struct {
	Env       Environment // APP_ENV
	Host      string      // HOST
	Port      int         // PORT
	PublicURL string      // PUBLIC_URL: the address hosts use, for links in mail and checkout
	WebDir    string      // WEB_DIR: the built front end
	LogLevel  slog.Level  // LOG_LEVEL
	ProxyHops int         // TRUSTED_PROXY_HOPS
	// EdgeClientIPHeader and EdgePeerRanges: the Hosting edge's client
	// address header, believed only from the edge's own addresses.
	EdgeClientIPHeader string         // EDGE_CLIENT_IP_HEADER
	EdgePeerRanges     []netip.Prefix // EDGE_PEER_RANGES
	ShutdownTimeout    time.Duration  // SHUTDOWN_TIMEOUT

	Store      Store  // STORE
	SQLitePath string // SQLITE_PATH

	FirebaseProjectID  string // FIREBASE_PROJECT_ID (falls back to GOOGLE_CLOUD_PROJECT)
	FirebaseAPIKey     string // FIREBASE_API_KEY: the public web key the browser SDK needs
	FirebaseAuthDomain string // FIREBASE_AUTH_DOMAIN
	AuthEmulatorHost   string // FIREBASE_AUTH_EMULATOR_HOST
	FirestoreEmulator  string // FIRESTORE_EMULATOR_HOST

	StripeSecretKey     string // STRIPE_SECRET_KEY: unset turns payments off (development only)
	StripeWebhookSecret string // STRIPE_WEBHOOK_SECRET
	StripePriceBasic    string // STRIPE_PRICE_BASIC: a Stripe Price id; unset sells from the server's price table
	StripePricePremium  string // STRIPE_PRICE_PREMIUM
	StripePriceUpgrade  string // STRIPE_PRICE_UPGRADE: optional; unset sells the difference from the price table
	StripeAPIURL        string // STRIPE_API_URL: another Stripe API (stripe-mock); development only

	Jobs           Jobs // JOBS
	JobMaxAttempts int  // JOB_MAX_ATTEMPTS
	JobWorkers     int  // JOB_WORKERS
	PhotoDecodes   int  // PHOTO_DECODES
	// RequestConcurrency is Cloud Run's --concurrency, which the server
	// cannot read: only the memory plan uses it (memlimit).
	RequestConcurrency int    // REQUEST_CONCURRENCY
	CloudTasksQueue    string // CLOUD_TASKS_QUEUE: projects/P/locations/L/queues/Q
	CloudTasksEmu      string // CLOUD_TASKS_EMULATOR_HOST
	TasksTargetURL     string // TASKS_TARGET_URL: where Cloud Tasks delivers report jobs
	TasksServiceAcct   string // TASKS_SERVICE_ACCOUNT: the identity of the tasks' OIDC tokens
	TasksAudience      string // TASKS_AUDIENCE: the audience of the tasks' OIDC tokens

	// SweepAfter and GiveUpAfter: the sweeper's periods (orders.Deps).
	SweepAfter  time.Duration // SWEEP_AFTER
	GiveUpAfter time.Duration // GIVE_UP_AFTER

	Blob           Blob          // BLOB
	BlobDir        string        // BLOB_DIR
	GCSBucket      string        // GCS_BUCKET
	StorageEmu     string        // STORAGE_EMULATOR_HOST
	LinkSecret     string        // LINK_SECRET: signs PDF download links
	LinkTTL        time.Duration // LINK_TTL
	Mail           Mail          // MAIL
	OutboxDir      string        // OUTBOX_DIR
	SendGridAPIKey string        // SENDGRID_API_KEY
	SendGridURL    string        // SENDGRID_BASE_URL: development only
	MailFrom       string        // MAIL_FROM
	MailFromName   string        // MAIL_FROM_NAME

	// LinkSecretPrevious (LINK_SECRET_PREVIOUS, optional) is the
	// LINK_SECRET before the last rotation: PDF and share links it signed
	// still work until they expire; nothing new is signed with it.
	LinkSecretPrevious string

	MarketDB string // MARKET_DB: SQLite market data (listinglift market import); unset: reports say there is no market data
	// MarketSource and the rest: many markets, kept fresh by `listinglift
	// market refresh` in the blob store and cached on local disk.
	MarketSource      MarketSource  // MARKET_SOURCE
	MarketCatalog     string        // MARKET_CATALOG: a catalog file instead of the built-in one
	MarketCacheDir    string        // MARKET_CACHE_DIR
	MarketCacheMB     int           // MARKET_CACHE_MB
	MarketManifestTTL time.Duration // MARKET_MANIFEST_TTL: how long a market's manifest is trusted before it is read again
	GeminiAPIKey      string        // GEMINI_API_KEY: unset uses the built-in writer
	GeminiModel       string        // GEMINI_MODEL
	GeminiBaseURL     string        // GEMINI_BASE_URL: development only (a local stand-in)

	SupportEmail  string // SUPPORT_EMAIL
	SupportPhone  string // SUPPORT_PHONE: "" shows no phone (development only)
	HelpCenterURL string // HELP_CENTER_URL
	// The operator the legal pages name (terms, privacy, refunds).
	CompanyName    string // COMPANY_NAME
	CompanyAddress string // COMPANY_ADDRESS: postal address, one line
	// supportSet says SUPPORT_EMAIL and SUPPORT_PHONE were both set, not
	// defaulted: production shows hosts only real contact details.
	supportSet bool
}

// CloudRunGrace is the time Cloud Run gives a container between SIGTERM
// and SIGKILL. SHUTDOWN_TIMEOUT must end before it, with margin for the
// last log lines and the store's close.
const CloudRunGrace = 10 * time.Second

// Var documents one environment variable for the README table and errors.
type Var struct {
	Name, Default, Meaning string
}

// Vars lists every variable Load reads, in the order the README shows them.
var Vars = []Var{
	{"APP_ENV", "development", "development or production; production refuses local adapters and emulator variables"},
	{"HOST", "127.0.0.1 (production: 0.0.0.0)", "interface the HTTP server listens on"},
	{"PORT", "8080", "HTTP port (Cloud Run sets it); 0 picks a free port"},
	{"PUBLIC_URL", "http://localhost:$PORT", "address hosts reach the app at (links in checkout and e-mail)"},
	{"WEB_DIR", "frontend/dist", "built React app the server serves"},
	{"LOG_LEVEL", "info", "debug, info, warn or error"},
	{"TRUSTED_PROXY_HOPS", "0 (production: 1)", "proxies in front of the server that append to X-Forwarded-For (client address for rate limits)"},
	{"EDGE_PEER_RANGES", "(none)", "CIDRs (comma- or space-separated) of the Firebase Hosting edge's addresses as the proxies see them (the access log's `peer`); none broader than an IPv4 /8 or an IPv6 /16"},
	{"EDGE_CLIENT_IP_HEADER", "Fastly-Client-IP when EDGE_PEER_RANGES is set", "header in which the edge names the client; believed only from EDGE_PEER_RANGES"},
	{"SHUTDOWN_TIMEOUT", "8s", "how long SIGTERM waits for requests in flight; production: under Cloud Run's 10 s grace, which ends in SIGKILL"},
	{"STORE", "sqlite (production: firestore)", "document store adapter: sqlite (local file) or firestore"},
	{"SQLITE_PATH", "var/listinglift.db", "SQLite database file (STORE=sqlite)"},
	{"FIREBASE_PROJECT_ID", "GOOGLE_CLOUD_PROJECT, else demo-listinglift", "Firebase/Google Cloud project; demo-* ids never reach the cloud"},
	{"FIREBASE_API_KEY", "demo-api-key", "public Firebase web API key handed to the browser"},
	{"FIREBASE_AUTH_DOMAIN", "$FIREBASE_PROJECT_ID.firebaseapp.com", "Firebase Auth domain for the sign-in popup"},
	{"FIREBASE_AUTH_EMULATOR_HOST", "(unset)", "host:port of the Auth emulator; selects it for token checks and the browser"},
	{"FIRESTORE_EMULATOR_HOST", "(unset)", "host:port of a Firestore emulator (STORE=firestore)"},
	{"STRIPE_SECRET_KEY", "(unset: payments off)", "Stripe API key; unset, orders are fulfilled without charge (development only)"},
	{"STRIPE_WEBHOOK_SECRET", "(unset)", "signing secret of the Stripe webhook endpoint (needed with STRIPE_SECRET_KEY); during a rotation the old and the new, comma- or space-separated"},
	{"STRIPE_PRICE_BASIC", "(unset: price data)", "Stripe Price id for Basic; unset, checkout uses $4.99 from the server's price table"},
	{"STRIPE_PRICE_PREMIUM", "(unset: price data)", "Stripe Price id for Premium; unset, checkout uses $19.99 from the server's price table"},
	{"STRIPE_PRICE_UPGRADE", "(unset: price data)", "optional Stripe Price id for the Basic → Premium upgrade; unset, checkout charges the difference ($15.00) from the server's price table"},
	{"STRIPE_API_URL", "(unset: Stripe)", "another Stripe API base URL, such as stripe-mock (development only)"},
	{"JOBS", "local (production: cloudtasks)", "report-job queue: local (durable, in the SQLite store) or cloudtasks"},
	{"JOB_MAX_ATTEMPTS", "5", "deliveries of a report job before the order is marked failed (match the Cloud Tasks queue's max attempts)"},
	{"JOB_WORKERS", "2", "report jobs one instance runs at once: the local queue's workers, or the task endpoint's bound (a delivery beyond it is answered busy and retried later; never the final attempt)"},
	{"PHOTO_DECODES", "2", "photos the whole process decodes at once (a 16-megapixel photo takes about 50 MB while it is measured)"},
	{"REQUEST_CONCURRENCY", "40", "requests one instance serves at once (Cloud Run's --concurrency); sizes the memory plan, which logs its figures at start"},
	{"SWEEP_AFTER", "15m", "how long after its job was last sent the sweeper sends owed work (a report, refund or upgrade) again under a fresh name, if its task is no longer queued; at least 15m"},
	{"GIVE_UP_AFTER", "2h", "how long after its payment the sweeper fails and refunds a report whose task is no longer queued"},
	{"CLOUD_TASKS_QUEUE", "(unset)", "Cloud Tasks queue, projects/P/locations/L/queues/Q (JOBS=cloudtasks)"},
	{"CLOUD_TASKS_EMULATOR_HOST", "(unset)", "host:port of cloud-tasks-emulator (development only)"},
	{"TASKS_TARGET_URL", "$PUBLIC_URL/internal/tasks/generate-report", "URL Cloud Tasks delivers report jobs to (the Cloud Run service)"},
	{"TASKS_SERVICE_ACCOUNT", "(unset)", "service account whose OIDC token Cloud Tasks sends and the task endpoint requires"},
	{"TASKS_AUDIENCE", "$TASKS_TARGET_URL", "audience of the tasks' OIDC tokens"},
	{"BLOB", "local (production: gcs)", "where Premium PDFs are kept: local (BLOB_DIR) or gcs (GCS_BUCKET)"},
	{"BLOB_DIR", "var/blobs", "folder for PDFs (BLOB=local)"},
	{"GCS_BUCKET", "(unset)", "Cloud Storage bucket for PDFs (BLOB=gcs)"},
	{"STORAGE_EMULATOR_HOST", "(unset)", "host:port of fake-gcs-server (development only)"},
	{"LINK_SECRET", "a fixed development secret", "at least 32 characters; signs the PDF download links and share links (production: required, from Secret Manager)"},
	{"LINK_SECRET_PREVIOUS", "(unset)", "the LINK_SECRET before the last rotation: links it signed keep working until they expire (DEPLOY.md §20)"},
	{"LINK_TTL", "1h", "how long a PDF download link works"},
	{"MAIL", "outbox (production: sendgrid)", "how report e-mails leave: outbox (.eml files in OUTBOX_DIR) or sendgrid"},
	{"OUTBOX_DIR", "var/outbox", "folder the local outbox writes .eml files to (MAIL=outbox)"},
	{"SENDGRID_API_KEY", "(unset)", "SendGrid API key (MAIL=sendgrid)"},
	{"SENDGRID_BASE_URL", "(unset: SendGrid)", "SendGrid API base URL override (development only)"},
	{"MAIL_FROM", "reports@listinglift.app", "sender address of report e-mails (verified in SendGrid)"},
	{"MAIL_FROM_NAME", "ListingLift", "sender name of report e-mails"},
	{"MARKET_DB", "(unset: no market data)", "SQLite market database (built by `listinglift market import`); MARKET_SOURCE=file only"},
	{"MARKET_SOURCE", "file", "file (MARKET_DB, or no market data) or blob: the catalogued markets' files that `listinglift market refresh` keeps in the blob store (BLOB), downloaded on first use"},
	{"MARKET_CATALOG", "(unset: built-in)", "market catalog JSON replacing the built-in one (backend/market/catalog.json); read by the server and `market refresh`"},
	{"MARKET_CACHE_DIR", "var/market-cache (production: /tmp/listinglift-markets)", "folder the server keeps downloaded market files in (MARKET_SOURCE=blob)"},
	{"MARKET_CACHE_MB", "256", "upper bound of MARKET_CACHE_DIR in MB; the server gives the cache less when the container's memory limit leaves less after requests, jobs and decodes (on Cloud Run the disk is memory); least recently used files not in use are evicted"},
	{"MARKET_MANIFEST_TTL", "1h", "how long the server trusts a market's manifest before reading it again to pick up a refreshed snapshot"},
	{"GEMINI_API_KEY", "(unset: built-in writer)", "Gemini API key; the model writes titles and descriptions"},
	{"GEMINI_MODEL", "gemini-2.5-flash", "Gemini model name"},
	{"GEMINI_BASE_URL", "(unset)", "Gemini API base URL override (development only, for a local stand-in)"},
	{"SUPPORT_EMAIL", "support@listinglift.app (production: required)", "support address shown to hosts"},
	{"SUPPORT_PHONE", "(unset: no phone shown; production: required)", "support phone number shown to hosts; the fictional 555-01xx numbers are refused in production"},
	{"COMPANY_NAME", "ListingLift (development) (production: required)", "the operator named on the terms, privacy and refund pages"},
	{"COMPANY_ADDRESS", "(unset; production: required)", "the operator's postal address, one line, for the legal pages"},
	{"HELP_CENTER_URL", "https://help.listinglift.app", "external help centre link"},
}

// Load reads and validates the configuration. The error is one line naming
// the first bad variable.
func Load(getenv func(string) string) (Config, error) {
	r := reader{getenv: getenv}
	c := Config{}

	c.Env = Environment(r.oneOf("APP_ENV", string(Development), string(Development), string(Production)))
	prod := c.Env == Production
	c.Host = r.str("HOST", pick(prod, "0.0.0.0", "127.0.0.1"))
	c.Port = r.port("PORT", 8080)
	c.PublicURL = strings.TrimRight(r.httpURL("PUBLIC_URL", fmt.Sprintf("http://localhost:%d", c.Port)), "/")
	c.WebDir = r.str("WEB_DIR", "frontend/dist")
	c.LogLevel = r.level("LOG_LEVEL", slog.LevelInfo)
	c.ProxyHops = r.intRange("TRUSTED_PROXY_HOPS", pickInt(prod, 1, 0), 0, 5)
	c.EdgePeerRanges = r.prefixes("EDGE_PEER_RANGES")
	r.edgeRanges("EDGE_PEER_RANGES", c.EdgePeerRanges)
	c.EdgeClientIPHeader = r.str("EDGE_CLIENT_IP_HEADER", pick(len(c.EdgePeerRanges) > 0, "Fastly-Client-IP", ""))
	if c.EdgeClientIPHeader != "" && len(c.EdgePeerRanges) == 0 {
		r.fail("EDGE_PEER_RANGES", "", "is required with EDGE_CLIENT_IP_HEADER: the edge's header is believed only from the edge's own addresses, or anyone could choose their rate-limit bucket")
	}
	c.ShutdownTimeout = r.duration("SHUTDOWN_TIMEOUT", 8*time.Second)

	c.Store = Store(r.oneOf("STORE", pick(prod, string(StoreFirestore), string(StoreSQLite)), string(StoreSQLite), string(StoreFirestore)))
	c.SQLitePath = r.str("SQLITE_PATH", "var/listinglift.db")
	if strings.ContainsAny(c.SQLitePath, "?#") {
		r.fail("SQLITE_PATH", c.SQLitePath, "must be a plain file path (no ? or #)")
	}

	c.FirebaseProjectID = r.str("FIREBASE_PROJECT_ID", r.str("GOOGLE_CLOUD_PROJECT", "demo-listinglift"))
	c.FirebaseAPIKey = r.str("FIREBASE_API_KEY", "demo-api-key")
	c.FirebaseAuthDomain = r.hostname("FIREBASE_AUTH_DOMAIN", c.FirebaseProjectID+".firebaseapp.com")
	c.AuthEmulatorHost = r.hostPort("FIREBASE_AUTH_EMULATOR_HOST")
	c.FirestoreEmulator = r.hostPort("FIRESTORE_EMULATOR_HOST")

	c.StripeSecretKey = r.str("STRIPE_SECRET_KEY", "")
	c.StripeWebhookSecret = r.str("STRIPE_WEBHOOK_SECRET", "")
	c.StripePriceBasic = r.str("STRIPE_PRICE_BASIC", "")
	c.StripePricePremium = r.str("STRIPE_PRICE_PREMIUM", "")
	c.StripePriceUpgrade = r.str("STRIPE_PRICE_UPGRADE", "")
	c.StripeAPIURL = r.optionalHTTPURL("STRIPE_API_URL")
	if c.StripeSecretKey != "" && c.StripeWebhookSecret == "" {
		r.fail("STRIPE_WEBHOOK_SECRET", "", "must be set with STRIPE_SECRET_KEY: without it no payment could be confirmed")
	}

	c.Jobs = Jobs(r.oneOf("JOBS", pick(prod, string(JobsCloudTasks), string(JobsLocal)), string(JobsLocal), string(JobsCloudTasks)))
	c.JobMaxAttempts = r.intRange("JOB_MAX_ATTEMPTS", 5, 1, 100)
	c.JobWorkers = r.intRange("JOB_WORKERS", 2, 1, 64)
	c.PhotoDecodes = r.intRange("PHOTO_DECODES", 2, 1, 16)
	c.RequestConcurrency = r.intRange("REQUEST_CONCURRENCY", 40, 1, 1000)
	c.SweepAfter = r.duration("SWEEP_AFTER", 15*time.Minute)
	if c.SweepAfter < 15*time.Minute {
		r.fail("SWEEP_AFTER", c.SweepAfter.String(), "must be at least 15m: sooner, a job that is merely slow or waiting would be sent again")
	}
	c.GiveUpAfter = r.duration("GIVE_UP_AFTER", 2*time.Hour)
	if c.GiveUpAfter < 2*c.SweepAfter {
		r.fail("GIVE_UP_AFTER", c.GiveUpAfter.String(), "must be at least twice SWEEP_AFTER, so a stuck report is sent again before it is given up")
	}
	c.CloudTasksQueue = r.str("CLOUD_TASKS_QUEUE", "")
	c.CloudTasksEmu = r.hostPort("CLOUD_TASKS_EMULATOR_HOST")
	c.TasksTargetURL = r.httpURL("TASKS_TARGET_URL", c.PublicURL+"/internal/tasks/generate-report")
	c.TasksServiceAcct = r.str("TASKS_SERVICE_ACCOUNT", "")
	c.TasksAudience = r.str("TASKS_AUDIENCE", c.TasksTargetURL)
	if c.Jobs == JobsLocal && c.Store != StoreSQLite {
		r.fail("JOBS", string(c.Jobs), "the local queue lives in the SQLite store: use STORE=sqlite, or JOBS=cloudtasks")
	}

	c.Blob = Blob(r.oneOf("BLOB", pick(prod, string(BlobGCS), string(BlobLocal)), string(BlobLocal), string(BlobGCS)))
	c.BlobDir = r.str("BLOB_DIR", "var/blobs")
	c.GCSBucket = r.str("GCS_BUCKET", "")
	c.StorageEmu = r.hostPort("STORAGE_EMULATOR_HOST")
	c.LinkSecret = r.str("LINK_SECRET", DevLinkSecret)
	if len(c.LinkSecret) < 32 {
		r.fail("LINK_SECRET", "(hidden)", "must be at least 32 characters")
	}
	c.LinkSecretPrevious = r.str("LINK_SECRET_PREVIOUS", "")
	if c.LinkSecretPrevious != "" && len(c.LinkSecretPrevious) < 32 {
		r.fail("LINK_SECRET_PREVIOUS", "(hidden)", "must be at least 32 characters")
	}
	c.LinkTTL = r.duration("LINK_TTL", time.Hour)
	c.Mail = Mail(r.oneOf("MAIL", pick(prod, string(MailSendGrid), string(MailOutbox)), string(MailOutbox), string(MailSendGrid)))
	c.OutboxDir = r.str("OUTBOX_DIR", "var/outbox")
	c.SendGridAPIKey = r.str("SENDGRID_API_KEY", "")
	c.SendGridURL = r.optionalHTTPURL("SENDGRID_BASE_URL")
	c.MailFrom = r.email("MAIL_FROM", "reports@listinglift.app")
	c.MailFromName = r.str("MAIL_FROM_NAME", "ListingLift")

	c.MarketDB = r.str("MARKET_DB", "")
	c.MarketSource = MarketSource(r.oneOf("MARKET_SOURCE", string(MarketFile), string(MarketFile), string(MarketBlob)))
	c.MarketCatalog = r.str("MARKET_CATALOG", "")
	c.MarketCacheDir = r.str("MARKET_CACHE_DIR", pick(prod, "/tmp/listinglift-markets", "var/market-cache"))
	c.MarketCacheMB = r.intRange("MARKET_CACHE_MB", 256, 16, 1<<20)
	c.MarketManifestTTL = r.duration("MARKET_MANIFEST_TTL", time.Hour)
	if c.MarketSource == MarketBlob && c.MarketDB != "" {
		r.fail("MARKET_DB", c.MarketDB, "must be unset with MARKET_SOURCE=blob (the markets come from the blob store); unset one of them")
	}
	c.GeminiAPIKey = r.str("GEMINI_API_KEY", "")
	c.GeminiModel = r.str("GEMINI_MODEL", "")
	c.GeminiBaseURL = r.optionalHTTPURL("GEMINI_BASE_URL")

	c.SupportEmail = r.email("SUPPORT_EMAIL", "support@listinglift.app")
	c.SupportPhone = r.str("SUPPORT_PHONE", "")
	c.supportSet = strings.TrimSpace(getenv("SUPPORT_EMAIL")) != "" && c.SupportPhone != ""
	c.CompanyName = r.str("COMPANY_NAME", "")
	c.CompanyAddress = r.str("COMPANY_ADDRESS", "")
	c.HelpCenterURL = r.httpURL("HELP_CENTER_URL", "https://help.listinglift.app")

	if r.err != nil {
		return Config{}, r.err
	}
	if prod {
		if err := c.checkProduction(); err != nil {
			return Config{}, err
		}
	}
	if c.CompanyName == "" {
		c.CompanyName = "ListingLift (development)"
	}
	// Checked last, so that production's refusals (an emulator left set,
	// say) are the ones reported.
	if err := c.checkAdapters(); err != nil {
		return Config{}, err
	}
	return c, nil
}

// fictionalPhone matches the North American numbers reserved for fiction
// (555-0100 to 555-0199), whatever the punctuation.
var fictionalPhone = regexp.MustCompile(`555\D?01\d\d\b`)

// checkProduction refuses settings that only make sense on a developer's
// machine: local adapters, emulators, demo projects, plain-http public URLs.
func (c Config) checkProduction() error {
	switch {
	case c.Store != StoreFirestore:
		return fmt.Errorf("config: STORE=%s: production needs STORE=firestore (local adapters are for development)", c.Store)
	case c.AuthEmulatorHost != "":
		return fmt.Errorf("config: FIREBASE_AUTH_EMULATOR_HOST is set: production must verify real ID tokens, unset it")
	case c.FirestoreEmulator != "":
		return fmt.Errorf("config: FIRESTORE_EMULATOR_HOST is set: production must use real Firestore, unset it")
	case strings.HasPrefix(c.FirebaseProjectID, "demo-"):
		return fmt.Errorf("config: FIREBASE_PROJECT_ID=%s: demo- projects exist only in emulators, set the real project id", c.FirebaseProjectID)
	case c.FirebaseAPIKey == "demo-api-key" || strings.HasPrefix(c.FirebaseAPIKey, "demo-"):
		return fmt.Errorf("config: FIREBASE_API_KEY is unset or a demo key: set the project's web API key, or every browser sign-in fails")
	case !strings.HasPrefix(c.PublicURL, "https://"):
		return fmt.Errorf("config: PUBLIC_URL=%s: production must be served over https", c.PublicURL)
	case c.StripeSecretKey == "":
		return fmt.Errorf("config: STRIPE_SECRET_KEY is unset: production takes payment; payments off is for local work only")
	case c.StripePriceBasic == "" || c.StripePricePremium == "":
		return fmt.Errorf("config: STRIPE_PRICE_BASIC and STRIPE_PRICE_PREMIUM must be set in production: create the two Prices in Stripe and set their ids")
	case c.StripeAPIURL != "":
		return fmt.Errorf("config: STRIPE_API_URL is set: production must talk to Stripe itself, unset it")
	case c.ShutdownTimeout >= CloudRunGrace:
		return fmt.Errorf("config: SHUTDOWN_TIMEOUT=%s: production must finish shutting down within Cloud Run's %s grace after SIGTERM (then SIGKILL ends it mid-write); use at most %s", c.ShutdownTimeout, CloudRunGrace, CloudRunGrace-2*time.Second)
	case c.Jobs != JobsCloudTasks:
		return fmt.Errorf("config: JOBS=%s: production needs JOBS=cloudtasks (the local queue is for one machine)", c.Jobs)
	case c.CloudTasksEmu != "":
		return fmt.Errorf("config: CLOUD_TASKS_EMULATOR_HOST is set: production must use Cloud Tasks, unset it")
	case c.TasksServiceAcct == "":
		return fmt.Errorf("config: TASKS_SERVICE_ACCOUNT is unset: the task endpoint must only accept Cloud Tasks' OIDC tokens from that account")
	case !strings.HasPrefix(c.TasksTargetURL, "https://"):
		return fmt.Errorf("config: TASKS_TARGET_URL=%s: Cloud Tasks must deliver over https", c.TasksTargetURL)
	case c.GeminiBaseURL != "":
		return fmt.Errorf("config: GEMINI_BASE_URL is set: production must talk to Gemini itself, unset it")
	case c.Blob != BlobGCS:
		return fmt.Errorf("config: BLOB=%s: production keeps PDFs in Cloud Storage, set BLOB=gcs and GCS_BUCKET", c.Blob)
	case c.StorageEmu != "":
		return fmt.Errorf("config: STORAGE_EMULATOR_HOST is set: production must use Cloud Storage, unset it")
	case c.LinkSecret == DevLinkSecret:
		return fmt.Errorf("config: LINK_SECRET is unset: production needs its own secret (32+ random characters) to sign PDF links")
	case c.Mail != MailSendGrid:
		return fmt.Errorf("config: MAIL=%s: production sends report e-mails with SendGrid, set MAIL=sendgrid and SENDGRID_API_KEY", c.Mail)
	case c.SendGridURL != "":
		return fmt.Errorf("config: SENDGRID_BASE_URL is set: production must talk to SendGrid itself, unset it")
	case strings.TrimSpace(c.SupportPhone) == "":
		return fmt.Errorf("config: SUPPORT_PHONE is unset: production shows hosts a real support phone number; set it")
	case !c.supportSet:
		return fmt.Errorf("config: SUPPORT_EMAIL is unset: production shows hosts a real support address; set it")
	case fictionalPhone.MatchString(c.SupportPhone):
		return fmt.Errorf("config: SUPPORT_PHONE=%s is a fictional 555-01xx number: set the real support number", c.SupportPhone)
	case c.CompanyName == "" || c.CompanyAddress == "":
		return fmt.Errorf("config: COMPANY_NAME and COMPANY_ADDRESS must be set in production: the terms, privacy and refund pages name the operator")
	}
	return nil
}

// checkAdapters refuses a cloud adapter chosen without what it needs.
func (c Config) checkAdapters() error {
	switch {
	case c.Jobs == JobsCloudTasks && !validQueueName(c.CloudTasksQueue):
		return fmt.Errorf("config: CLOUD_TASKS_QUEUE=%q: must be projects/PROJECT/locations/LOCATION/queues/QUEUE with JOBS=cloudtasks", c.CloudTasksQueue)
	case c.Blob == BlobGCS && c.GCSBucket == "":
		return fmt.Errorf("config: GCS_BUCKET is unset: it must name the bucket with BLOB=gcs")
	case c.Mail == MailSendGrid && c.SendGridAPIKey == "":
		return fmt.Errorf("config: SENDGRID_API_KEY is unset: it must be set with MAIL=sendgrid")
	}
	return nil
}

// Addr is the listen address.
func (c Config) Addr() string { return net.JoinHostPort(c.Host, strconv.Itoa(c.Port)) }

// pick returns a in production and b elsewhere: defaults differ by environment.
func pick(prod bool, a, b string) string {
	if prod {
		return a
	}
	return b
}

func pickInt(prod bool, a, b int) int {
	if prod {
		return a
	}
	return b
}

// reader keeps the first error so Load reads like a list of settings.
type reader struct {
	getenv func(string) string
	err    error
}

func (r *reader) fail(name, value, why string) {
	if r.err == nil {
		r.err = fmt.Errorf("config: %s=%q: %s", name, value, why)
	}
}

// prefixes reads a list of CIDR ranges separated by commas or spaces (a
// bare address is a one-address range).
func (r *reader) prefixes(name string) []netip.Prefix {
	v := strings.TrimSpace(r.getenv(name))
	if v == "" {
		return nil
	}
	var out []netip.Prefix
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		p, err := netip.ParsePrefix(part)
		if err != nil {
			a, aerr := netip.ParseAddr(part)
			if aerr != nil {
				r.fail(name, v, fmt.Sprintf("%q is not a CIDR range such as 35.191.0.0/16", part))
				return nil
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		out = append(out, p.Masked())
	}
	return out
}

// The broadest edge range believed: an IPv4 /8 or an IPv6 /16. The edge's
// own ranges are far narrower (Google's front ends: /16 to /22; Fastly's:
// /16 to /20 and /32 for IPv6); anything broader — 0.0.0.0/0, ::/0 — would
// believe every caller's EDGE_CLIENT_IP_HEADER, so each could pick its own
// rate-limit bucket.
const (
	minEdgeBitsV4 = 8
	minEdgeBitsV6 = 16
)

// edgeRanges refuses edge ranges so broad they would cover callers that
// are not the edge, and IPv4-mapped IPv6 ranges (the client-address check
// compares unmapped addresses, so such a range would match nothing: write
// it as IPv4).
func (r *reader) edgeRanges(name string, ps []netip.Prefix) {
	for _, p := range ps {
		switch {
		case p.Addr().Is4In6():
			r.fail(name, p.String(), "is an IPv4-mapped IPv6 range: write it as an IPv4 range")
			return
		case p.Addr().Is4() && p.Bits() < minEdgeBitsV4, p.Addr().Is6() && p.Bits() < minEdgeBitsV6:
			r.fail(name, p.String(), fmt.Sprintf("is too broad to be the edge's (an IPv4 range must be /%d or narrower, an IPv6 range /%d or narrower): every caller in it could choose its own rate-limit bucket through the edge's client-address header; list the edge's own ranges (the access log's `peer`)", minEdgeBitsV4, minEdgeBitsV6))
			return
		}
	}
}

func (r *reader) str(name, def string) string {
	if v := strings.TrimSpace(r.getenv(name)); v != "" {
		return v
	}
	return def
}

func (r *reader) oneOf(name, def string, allowed ...string) string {
	v := strings.ToLower(r.str(name, def))
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	r.fail(name, v, "must be one of "+strings.Join(allowed, ", "))
	return def
}

func (r *reader) port(name string, def int) int {
	v := r.str(name, strconv.Itoa(def))
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 65535 {
		r.fail(name, v, "must be a port number from 0 to 65535")
		return def
	}
	return n
}

func (r *reader) intRange(name string, def, lo, hi int) int {
	v := r.str(name, strconv.Itoa(def))
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		r.fail(name, v, fmt.Sprintf("must be a whole number from %d to %d", lo, hi))
		return def
	}
	return n
}

func (r *reader) duration(name string, def time.Duration) time.Duration {
	v := r.str(name, def.String())
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		r.fail(name, v, "must be a positive duration such as 10s")
		return def
	}
	return d
}

func (r *reader) level(name string, def slog.Level) slog.Level {
	v := r.str(name, def.String())
	var l slog.Level
	if err := l.UnmarshalText([]byte(v)); err != nil {
		r.fail(name, v, "must be debug, info, warn or error")
		return def
	}
	return l
}

func (r *reader) httpURL(name, def string) string {
	v := r.str(name, def)
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		r.fail(name, v, "must be an absolute http(s) URL")
		return def
	}
	return v
}

func (r *reader) optionalHTTPURL(name string) string {
	if r.str(name, "") == "" {
		return ""
	}
	return strings.TrimRight(r.httpURL(name, ""), "/")
}

// validQueueName checks the shape of a Cloud Tasks queue's resource name.
func validQueueName(s string) bool {
	p := strings.Split(s, "/")
	return len(p) == 6 && p[0] == "projects" && p[2] == "locations" && p[4] == "queues" && p[1] != "" && p[3] != "" && p[5] != ""
}

func (r *reader) hostPort(name string) string {
	v := r.str(name, "")
	if v == "" {
		return ""
	}
	host, port, err := net.SplitHostPort(v)
	if err != nil || host == "" {
		r.fail(name, v, "must be host:port, e.g. 127.0.0.1:9099")
		return ""
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		r.fail(name, v, "must be host:port with a port from 1 to 65535")
		return ""
	}
	return v
}

// hostname reads a bare DNS host name; it goes into the CSP header, so
// nothing but letters, digits, dots and hyphens is allowed.
func (r *reader) hostname(name, def string) string {
	v := strings.ToLower(r.str(name, def))
	ok := v != "" && len(v) <= 253 && !strings.HasPrefix(v, ".") && !strings.HasSuffix(v, ".")
	for _, c := range v {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-') {
			ok = false
		}
	}
	if !ok {
		r.fail(name, v, "must be a host name such as myproject.firebaseapp.com")
		return def
	}
	return v
}

func (r *reader) email(name, def string) string {
	v := r.str(name, def)
	if a, err := mail.ParseAddress(v); err != nil || a.Address != v {
		r.fail(name, v, "must be a plain e-mail address")
		return def
	}
	return v
}
