package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/httpapi"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/firestore"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

// run is the whole program; main only calls it, and tests call it with their
// own context, environment and output.
func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) > 1 {
		return fmt.Errorf("server takes no arguments (configuration is environment variables), got %q", strings.Join(args[1:], " "))
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()

	log := logging.NewService(stdout, cfg.LogLevel, logging.Service{Name: "listinglift", Version: version()})
	slog.SetDefault(log)

	// Before anything large is allocated: the Go heap's limit, the photo
	// decode bound and the market cache's share of the container (memory.go).
	cacheBytes, err := planMemory(cfg, getenv, log)
	if err != nil {
		return err
	}
	// The market cache gets the plan's share, never more than MARKET_CACHE_MB.
	cfg.MarketCacheMB = int(cacheBytes >> 20)

	st, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()

	verifier, err := auth.NewFirebase(ctx, cfg.FirebaseProjectID, cfg.AuthEmulatorHost)
	if err != nil {
		if cfg.AuthEmulatorHost == "" && cfg.Env == config.Development {
			return fmt.Errorf("FIREBASE_AUTH_EMULATOR_HOST is unset and Firebase Auth could not start (%v): set it for local work, as make dev does", err)
		}
		return fmt.Errorf("FIREBASE_PROJECT_ID=%s: %w", cfg.FirebaseProjectID, err)
	}

	if err := startProfiler(getenv, log); err != nil {
		return err
	}

	// Every user-supplied URL is fetched through the SSRF-guarded client.
	fetcher, err := listingFetcher(cfg, getenv)
	if err != nil {
		return err
	}
	// The form's read includes Airbnb's calendar and reviews, as the report
	// job's does: what the host is told before paying (which sections the
	// report assesses, whether Premium is offered: report.CoverageOf) is
	// then what the report will have, not a guess. Bounded tighter than the
	// job's, so a slow calendar delays the form by seconds at most (and is
	// then said to be not read).
	scrapeReader := ingest.NewReader(fetcher, ingest.Options{Logger: log, DeepReads: true, DeepReadTimeout: 6 * time.Second})

	// The server's clock: the wall clock, or in the e2e build one the
	// browser tests move forward (clock_e2e.go).
	clock := newClock()
	flow, err := buildPaidFlow(ctx, cfg, getenv, st, fetcher, verifier, clock.Now, log)
	if err != nil {
		return err
	}
	defer flow.Close()

	handler, err := httpapi.NewServer(httpapi.Deps{
		Logger:     log,
		Customers:  st.Customers,
		OrderReads: st.Orders,
		Deleted:    st.Deletions,
		Auth:       verifier,
		// The same Admin SDK client deletes users (flow.deleter) and
		// makes the session cookies report pages are drawn with.
		Sessions: verifier,
		Deletion: flow.deleter,
		// The sweep finishes a deletion the request left part done.
		FinishesDeletions: true,
		Listings:          scrapeReader,
		Market:            flow.market,
		Live:              flow.live,
		ClientAddr: httpapi.ClientAddrPolicy{ProxyHops: cfg.ProxyHops, EdgeHeader: cfg.EdgeClientIPHeader,
			EdgePeers: cfg.EdgePeerRanges},
		Web:          os.DirFS(cfg.WebDir),
		Client:       clientConfig(cfg),
		Security:     securityPolicy(cfg),
		Version:      version(),
		TraceProject: cfg.FirebaseProjectID,
		Orders:       flow.orders,
		Tasks:        flow.tasks,
		Sweep:        flow.sweep,
		WatchRun:     flow.watchRun,
		Now:          clock.Now,
		Blobs:        flow.blobs,
		Links:        flow.links,
	})
	if err != nil {
		return fmt.Errorf("WEB_DIR=%s: %w", cfg.WebDir, err)
	}

	ln, err := net.Listen("tcp", cfg.Addr())
	if err != nil {
		return fmt.Errorf("HOST/PORT %s: %w", cfg.Addr(), err)
	}
	srv := &http.Server{
		Handler:           e2eControls(handler, clock, flow, log),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      jobs.HandlerTimeout, // past a report job's whole budget (jobs timing)
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	// The local queue's workers stop taking jobs at shutdown and finish
	// the ones in hand; a job cut off by the process ending is claimed
	// again when its lease expires.
	workCtx, stopWork := context.WithCancel(context.WithoutCancel(ctx))
	workDone := make(chan struct{})
	go func() {
		defer close(workDone)
		if flow.work != nil {
			flow.work(workCtx)
		}
	}()
	// One shutdown budget for the requests and the workers together, set
	// at SIGTERM: SHUTDOWN_TIMEOUT ends before Cloud Run's 10 s grace
	// (config), and waiting for each in turn would spend it twice.
	var shutdownBy time.Time
	defer func() {
		stopWork()
		wait := cfg.ShutdownTimeout
		if !shutdownBy.IsZero() {
			wait = max(time.Until(shutdownBy), 0)
		}
		select {
		case <-workDone:
		case <-time.After(wait):
			log.Warn("report jobs still running at shutdown; they will be retried")
		}
	}()
	log.Info("server listening", "addr", ln.Addr().String(), "url", listenURL(ln), "env", cfg.Env, "store", cfg.Store)

	select {
	case err := <-serveErr:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", cfg.ShutdownTimeout.String())
	shutdownBy = time.Now().Add(cfg.ShutdownTimeout)
	shutdownCtx, cancel := context.WithDeadline(context.WithoutCancel(ctx), shutdownBy)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}

// openedStore is the store cfg names, as its aggregates (each consumer is
// handed the ones it uses), and on SQLite the database the local job queue
// shares (nil on Firestore).
type openedStore struct {
	store.Aggregates
	queue localqueue.Store
}

func openStore(ctx context.Context, cfg config.Config) (openedStore, error) {
	switch cfg.Store {
	case config.StoreFirestore:
		st, err := firestore.New(ctx, cfg.FirebaseProjectID)
		if err != nil {
			return openedStore{}, fmt.Errorf("STORE=firestore: %w", err)
		}
		return openedStore{Aggregates: st.Aggregates()}, nil
	default:
		if dir := filepath.Dir(cfg.SQLitePath); dir != "." {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return openedStore{}, fmt.Errorf("SQLITE_PATH=%s: %w", cfg.SQLitePath, err)
			}
		}
		st, err := sqlite.Open(ctx, cfg.SQLitePath)
		if err != nil {
			return openedStore{}, fmt.Errorf("SQLITE_PATH=%s: %w", cfg.SQLitePath, err)
		}
		return openedStore{Aggregates: st.Aggregates(), queue: st}, nil
	}
}

func clientConfig(cfg config.Config) httpapi.ClientConfig {
	return httpapi.ClientConfig{
		Environment: string(cfg.Env),
		Firebase: httpapi.FirebaseConfig{
			APIKey:     cfg.FirebaseAPIKey,
			AuthDomain: cfg.FirebaseAuthDomain,
			ProjectID:  cfg.FirebaseProjectID,
		},
		AuthEmulatorURL: emulatorURL(cfg.AuthEmulatorHost),
		SupportEmail:    cfg.SupportEmail,
		SupportPhone:    cfg.SupportPhone,
		HelpCenterURL:   cfg.HelpCenterURL,
		CompanyName:     cfg.CompanyName,
		CompanyAddress:  cfg.CompanyAddress,
		// SPEC §7's token sync: the browser trades a fresh sign-in for
		// the session cookie report pages are drawn with.
		TokenSyncURL:           httpapi.SessionPath,
		TokenSyncMaxAgeSeconds: int(auth.SessionSignInMaxAge.Seconds()),
		CopyModel:              cfg.GeminiAPIKey != "", // as copyWriter decides
	}
}

func securityPolicy(cfg config.Config) httpapi.SecurityPolicy {
	return httpapi.SecurityPolicy{
		Production:         cfg.Env == config.Production,
		AuthDomain:         cfg.FirebaseAuthDomain,
		AuthEmulatorOrigin: emulatorURL(cfg.AuthEmulatorHost),
	}
}

func emulatorURL(hostPort string) string {
	if hostPort == "" {
		return ""
	}
	return "http://" + hostPort
}

func listenURL(ln net.Listener) string {
	addr := ln.Addr().(*net.TCPAddr)
	host := addr.IP.String()
	if addr.IP.IsUnspecified() || addr.IP.IsLoopback() {
		host = "localhost"
	}
	return fmt.Sprintf("http://%s", net.JoinHostPort(host, fmt.Sprint(addr.Port)))
}

// buildVersion is set at build time (-ldflags "-X main.buildVersion=…"):
// the Dockerfile's VERSION argument, the commit Cloud Build builds.
var buildVersion string

// version is what /api/health and every log line report: the build's
// version, else the VCS revision go build recorded, else "dev".
func version() string {
	if buildVersion != "" {
		return buildVersion
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				return s.Value[:12]
			}
		}
	}
	return "dev"
}
