package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/listinglift/listinglift/backend/auth"
	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/blobconfig"
	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/deletion"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/cloudtasks"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
	"github.com/listinglift/listinglift/backend/listing/airbnb"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/livemarket"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/mail"
	"github.com/listinglift/listinglift/backend/mail/outbox"
	"github.com/listinglift/listinglift/backend/mail/sendgrid"
	"github.com/listinglift/listinglift/backend/oidc"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/pdfreport"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/sharelink"
	"github.com/listinglift/listinglift/backend/watchlink"
	"github.com/listinglift/listinglift/backend/writing"
)

// paidFlow is the paid flow's wiring: the order service, the payment
// provider (nil when payments are off), the task endpoint (nil with the
// local queue), the workers to start, and what to close on the way out.
type paidFlow struct {
	orders   *orders.Service
	payments payments.Provider
	tasks    http.Handler
	sweep    http.Handler // POST /internal/sweep (Cloud Tasks); nil with the local queue
	watchRun http.Handler // POST /internal/watch (Cloud Scheduler, hourly); nil with the local queue
	blobs    blob.Store
	links    *blob.Signer
	deleter  *deletion.Deleter         // DELETE /api/me, and the sweep's finishing of what a request left part done
	market   report.Market             // the reports' market data; nil: none
	live     report.LiveMarket         // comparables from the platform's search
	work     func(ctx context.Context) // runs the local queue's workers until ctx ends; nil otherwise
	closers  []func() error
}

func (p *paidFlow) Close() {
	for i := len(p.closers) - 1; i >= 0; i-- {
		_ = p.closers[i]()
	}
}

func buildPaidFlow(ctx context.Context, cfg config.Config, getenv func(string) string, st openedStore, fetcher ingest.Fetcher, users auth.Accounts, now func() time.Time, log *slog.Logger) (*paidFlow, error) {
	p := &paidFlow{}
	sp, err := payments.FromConfig(cfg, log) // nil: payments are off
	if err != nil {
		return nil, err
	}
	p.payments = sp

	blobs, closeBlobs, err := blobconfig.Open(ctx, cfg)
	if err != nil {
		return nil, err
	}
	p.closers = append(p.closers, closeBlobs)
	p.blobs = blobs
	p.links = &blob.Signer{Secret: []byte(cfg.LinkSecret), Previous: previousLinkSecret(cfg), TTL: cfg.LinkTTL}
	mailer, err := openMailer(cfg, log)
	if err != nil {
		return nil, err
	}

	pipe := orders.Pipeline{
		Listings: ingest.NewReader(fetcher, ingest.Options{Logger: log, DeepReads: true}),
		Photos:   photoFetcher(cfg),
		Writer:   writing.Builtin{},
		PDF:      renderPDF(cfg),
		Blobs:    blobs,
		Logger:   log,
		// A re-check compares itself with the report it re-checks.
		Originals: st.Orders,
	}
	// Live comparables come through the same safe client as the listing
	// pages (the fixture site in the e2e build).
	// A Booking.com listing's live comparables come from Booking.com's own
	// search, priced in the properties' currency; every other listing's
	// from Airbnb's.
	p.live = livemarket.Platforms{Airbnb: livemarket.New(airbnb.NewAPI(fetcher, airbnb.APIOptions{}), livemarket.Options{}),
		Booking: livemarket.NewBooking(fetcher, livemarket.BookingOptions{})}
	pipe.Live = p.live
	// MARKET_DB's one file, or the catalogued markets from the blob
	// store (MARKET_SOURCE=blob): markets.go.
	if m, closeMarkets, err := openMarkets(ctx, cfg, blobs, log); err != nil {
		return nil, err
	} else if m != nil {
		p.closers = append(p.closers, closeMarkets)
		pipe.Market = m
		p.market = m
	}
	if w, err := copyWriter(ctx, cfg, log); err != nil {
		return nil, err
	} else if w != nil {
		pipe.Writer = w
	}

	var queue jobs.Queue
	var local *localqueue.Queue
	var taskEndpoint func(jobs.Handler) http.Handler
	var sweepEndpoint, watchEndpoint func(func(context.Context) error) http.Handler
	switch cfg.Jobs {
	case config.JobsLocal:
		if st.queue == nil {
			return nil, fmt.Errorf("JOBS=local: the %s store cannot hold the job queue; use STORE=sqlite", cfg.Store)
		}
		local = localqueue.New(st.queue, localqueue.Options{Workers: cfg.JobWorkers, MaxAttempts: cfg.JobMaxAttempts, Logger: log})
		queue = local
	case config.JobsCloudTasks:
		q, endpoint, sweeps, err := cloudTasks(ctx, cfg, getenv, log)
		if err != nil {
			return nil, err
		}
		p.closers = append(p.closers, q.Close)
		queue, taskEndpoint, sweepEndpoint = q, endpoint, sweeps.sweep
		watchEndpoint = sweeps.watch
	}

	// One deletion service: the host's DELETE /api/me and the sweep's
	// finishing of deletions a request left part done.
	p.deleter = &deletion.Deleter{Store: st.Deletions, Blobs: blobs, Payments: p.payments, Users: users, Now: now}
	p.orders = orders.New(orders.Deps{Stores: orders.StoresOf(st.Aggregates), Payments: p.payments, Queue: queue, Reporter: pipe,
		Mailer: mailer, Blobs: blobs, PublicURL: cfg.PublicURL, SupportEmail: cfg.SupportEmail, Logger: log,
		TraceProject: cfg.FirebaseProjectID, SweepAfter: cfg.SweepAfter, GiveUpAfter: cfg.GiveUpAfter,
		PDF: pipe.PDF, Now: now,
		// A watch's week reads the listing through the same pipeline;
		// its e-mail's links are signed with the link secret, under
		// their own context (watchlink).
		Checker:    pipe,
		WatchLinks: watchlink.Signer{Secret: []byte(cfg.LinkSecret), Previous: previousLinkSecret(cfg), Now: now},
		// Share links are signed with the same secret, under their own
		// context (sharelink), so neither token can pass for the other.
		Shares:   &sharelink.Signer{Secret: []byte(cfg.LinkSecret), Previous: previousLinkSecret(cfg)},
		Accounts: p.deleter})
	if !p.orders.PaymentsOn() {
		log.Warn("payments are off (STRIPE_SECRET_KEY unset): orders are fulfilled without charge; local development only")
	}
	sweep := func(ctx context.Context) error { _, err := p.orders.Sweep(ctx); return err }
	watchRun := func(ctx context.Context) error { _, err := p.orders.QueueDueWatches(ctx); return err }
	if local != nil {
		// Taken now, before the server listens: an order paid after it is
		// this process's own, never one a previous process left cut off.
		started := time.Now()
		p.work = func(ctx context.Context) {
			// One process owns the local queue, so whatever was processing
			// when it started was cut off with the previous one: resumed at
			// once (an order fulfilled directly with payments off has no
			// queued job; one paid through checkout has, and the queue
			// itself runs it again at once).
			if _, err := p.orders.ResumeInterrupted(ctx, started); err != nil {
				log.Error("resuming orders a previous process left unfinished", "err", err)
			}
			go sweepEvery(ctx, sweepInterval, sweep, log.With("sweep", "orders"))
			go sweepEvery(ctx, watchInterval, watchRun, log.With("sweep", "watch"))
			local.Run(ctx, p.orders.Handle)
		}
	}
	if taskEndpoint != nil {
		p.tasks = taskEndpoint(p.orders.Handle)
		p.sweep = sweepEndpoint(sweep)
		p.watchRun = watchEndpoint(watchRun)
	}
	return p, nil
}

// openMailer opens how report e-mails leave.
func openMailer(cfg config.Config, log *slog.Logger) (mail.Sender, error) {
	if cfg.Mail == config.MailSendGrid {
		s, err := sendgrid.New(sendgrid.Options{APIKey: cfg.SendGridAPIKey, From: cfg.MailFrom, FromName: cfg.MailFromName, BaseURL: cfg.SendGridURL})
		if err != nil {
			return nil, fmt.Errorf("SENDGRID_API_KEY: %w", err)
		}
		return s, nil
	}
	o, err := outbox.New(outbox.Options{Dir: cfg.OutboxDir, From: cfg.MailFrom, FromName: cfg.MailFromName, Logger: log})
	if err != nil {
		return nil, fmt.Errorf("OUTBOX_DIR=%s: %w", cfg.OutboxDir, err)
	}
	return o, nil
}

// cloudTasks connects the Cloud Tasks queue and builds the task endpoint.
// The endpoint accepts only OIDC tokens minted for TASKS_SERVICE_ACCOUNT
// and TASKS_AUDIENCE, signed by Google. Without a service account
// (development against cloud-tasks-emulator, whose tokens are signed with a
// key published in its source) it checks nothing; production configuration
// refuses that. Only the e2e build may trust the emulator's issuer instead
// of Google (taskTokenIssuer), so the browser journey on Cloud Tasks passes
// the endpoint's real check.
// scheduled are the endpoints Cloud Scheduler calls, checking the same
// token as the task endpoint.
type scheduled struct {
	sweep, watch func(func(context.Context) error) http.Handler
}

func cloudTasks(ctx context.Context, cfg config.Config, getenv func(string) string, log *slog.Logger) (*cloudtasks.Queue, func(jobs.Handler) http.Handler, scheduled, error) {
	trust, err := taskTokenIssuer(cfg, getenv)
	if err != nil {
		return nil, nil, scheduled{}, err
	}
	q, err := cloudtasks.FromConfig(ctx, cfg)
	if err != nil {
		return nil, nil, scheduled{}, err
	}
	var verifier cloudtasks.TokenVerifier
	if cfg.TasksServiceAcct != "" {
		trust.Audience, trust.Email = cfg.TasksAudience, cfg.TasksServiceAcct
		v, err := oidc.NewVerifier(trust)
		if err != nil {
			q.Close()
			return nil, nil, scheduled{}, fmt.Errorf("TASKS_SERVICE_ACCOUNT: %w", err)
		}
		verifier = v
	} else {
		log.Warn("the task endpoint checks no token (TASKS_SERVICE_ACCOUNT unset); development only")
	}
	// Cloud Scheduler calls the sweep with a token of the same service
	// account and audience (docs/DEPLOY.md).
	// At most JOB_WORKERS report jobs at once on this instance, as the
	// local queue's workers; beyond it a delivery is answered busy.
	slots := jobs.NewSlots(cfg.JobWorkers)
	return q, func(h jobs.Handler) http.Handler {
			return cloudtasks.BoundedHandler(h, cfg.JobMaxAttempts, verifier, log, slots)
		}, scheduled{
			sweep: func(sweep func(context.Context) error) http.Handler {
				return cloudtasks.SweepHandler(sweep, verifier, log)
			},
			watch: func(run func(context.Context) error) http.Handler {
				return cloudtasks.WatchRunHandler(run, verifier, log)
			},
		}, nil
}

// sweepInterval is how often the local queue's server looks for stuck
// orders (Cloud Scheduler's job does it in production).
const sweepInterval = 30 * time.Second

// watchInterval is how often the local queue's server queues the watches
// due (Cloud Scheduler's hourly job does it in production): a query of
// the due watches only, so it may be often, and a watch made due by the
// e2e build's clock is checked within a minute.
const watchInterval = time.Minute

// sweepEvery runs sweep every interval until ctx ends.
func sweepEvery(ctx context.Context, interval time.Duration, sweep func(context.Context) error, log *slog.Logger) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := sweep(ctx); err != nil && ctx.Err() == nil {
				log.Error("sweeping failed", logging.Event(logging.EventSweepFailed), "err", err)
			}
		}
	}
}

// renderPDF is Premium's PDF renderer: dated by the report itself, with
// the support address in every footer.
func renderPDF(cfg config.Config) orders.PDFRenderer {
	return func(r *report.Result) ([]byte, error) {
		return pdfreport.Render(r, pdfreport.Options{SupportEmail: cfg.SupportEmail})
	}
}

// copyWriter is the Gemini writer when a key is configured (nil: the
// built-in writer), logging to the server's log: every model failure and
// fact-check rejection with its reason, and the fallback-rate alert.
func copyWriter(ctx context.Context, cfg config.Config, log *slog.Logger) (writing.Writer, error) {
	if cfg.GeminiAPIKey == "" {
		return nil, nil
	}
	g, err := writing.NewGemini(ctx, writing.GeminiConfig{APIKey: cfg.GeminiAPIKey, Model: cfg.GeminiModel, BaseURL: cfg.GeminiBaseURL,
		Logger: log.With("component", "copy")})
	if err != nil {
		return nil, fmt.Errorf("GEMINI_API_KEY: %w", err)
	}
	return g, nil
}
