package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/cloudtasks"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/oidc"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/writing"
)

// paidFlow is the paid flow's wiring: the order service, the payment
// provider (nil when payments are off), the task endpoint (nil with the
// local queue), the workers to start, and what to close on the way out.
type paidFlow struct {
	orders   *orders.Service
	payments payments.Provider
	tasks    http.Handler
	work     func(ctx context.Context) // runs the local queue's workers until ctx ends; nil otherwise
	closers  []func() error
}

func (p *paidFlow) Close() {
	for i := len(p.closers) - 1; i >= 0; i-- {
		_ = p.closers[i]()
	}
}

func buildPaidFlow(ctx context.Context, cfg config.Config, st store.Store, fetcher ingest.Fetcher, log *slog.Logger) (*paidFlow, error) {
	p := &paidFlow{}
	if cfg.PaymentsOn() {
		sp, err := payments.NewStripe(payments.StripeOptions{
			SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhookSecret, APIURL: cfg.StripeAPIURL,
			PriceIDs: map[domain.Plan]string{domain.PlanBasic: cfg.StripePriceBasic, domain.PlanPremium: cfg.StripePricePremium},
			Logger:   log,
		})
		if err != nil {
			return nil, fmt.Errorf("STRIPE_SECRET_KEY: %w", err)
		}
		p.payments = sp
	} else {
		log.Warn("payments are off (STRIPE_SECRET_KEY unset): orders are fulfilled without charge; local development only")
	}

	pipe := orders.Pipeline{
		Listings: ingest.NewReader(fetcher, ingest.Options{Logger: log, DeepReads: true}),
		Photos:   photoFetcher(cfg),
		Writer:   writing.Builtin{},
	}
	if cfg.MarketDB != "" {
		db, err := market.Open(ctx, cfg.MarketDB)
		if err != nil {
			return nil, fmt.Errorf("MARKET_DB=%s: %w", cfg.MarketDB, err)
		}
		p.closers = append(p.closers, db.Close)
		pipe.Market = db
	}
	if cfg.GeminiAPIKey != "" {
		g, err := writing.NewGemini(ctx, writing.GeminiConfig{APIKey: cfg.GeminiAPIKey, Model: cfg.GeminiModel, BaseURL: cfg.GeminiBaseURL})
		if err != nil {
			return nil, fmt.Errorf("GEMINI_API_KEY: %w", err)
		}
		pipe.Writer = g
	}

	var queue jobs.Queue
	var local *localqueue.Queue
	var taskEndpoint func(jobs.Handler) http.Handler
	switch cfg.Jobs {
	case config.JobsLocal:
		qs, ok := st.(localqueue.Store)
		if !ok {
			return nil, fmt.Errorf("JOBS=local: the %s store cannot hold the job queue; use STORE=sqlite", cfg.Store)
		}
		local = localqueue.New(qs, localqueue.Options{Workers: cfg.JobWorkers, MaxAttempts: cfg.JobMaxAttempts, Logger: log})
		queue = local
	case config.JobsCloudTasks:
		q, endpoint, err := cloudTasks(ctx, cfg, log)
		if err != nil {
			return nil, err
		}
		p.closers = append(p.closers, q.Close)
		queue, taskEndpoint = q, endpoint
	}

	p.orders = orders.New(orders.Deps{Store: st, Payments: p.payments, Queue: queue, Reporter: pipe,
		PublicURL: cfg.PublicURL, Logger: log})
	if local != nil {
		p.work = func(ctx context.Context) { local.Run(ctx, p.orders.Run) }
	}
	if taskEndpoint != nil {
		p.tasks = taskEndpoint(p.orders.Run)
	}
	return p, nil
}

// cloudTasks connects the Cloud Tasks queue and builds the task endpoint.
// The endpoint accepts only OIDC tokens minted for TASKS_SERVICE_ACCOUNT
// and TASKS_AUDIENCE, signed by Google. Without a service account
// (development against cloud-tasks-emulator, whose tokens are signed with a
// key published in its source, so checking them proves nothing) it checks
// nothing; production configuration refuses that.
func cloudTasks(ctx context.Context, cfg config.Config, log *slog.Logger) (*cloudtasks.Queue, func(jobs.Handler) http.Handler, error) {
	q, err := cloudtasks.New(ctx, cloudtasks.Options{Queue: cfg.CloudTasksQueue, TargetURL: cfg.TasksTargetURL,
		ServiceAccountEmail: cfg.TasksServiceAcct, Audience: cfg.TasksAudience, EmulatorHost: cfg.CloudTasksEmu})
	if err != nil {
		return nil, nil, fmt.Errorf("CLOUD_TASKS_QUEUE=%s: %w", cfg.CloudTasksQueue, err)
	}
	var verifier cloudtasks.TokenVerifier
	if cfg.TasksServiceAcct != "" {
		v, err := oidc.NewVerifier(oidc.Options{Audience: cfg.TasksAudience, Email: cfg.TasksServiceAcct})
		if err != nil {
			q.Close()
			return nil, nil, fmt.Errorf("TASKS_SERVICE_ACCOUNT: %w", err)
		}
		verifier = v
	} else {
		log.Warn("the task endpoint checks no token (TASKS_SERVICE_ACCOUNT unset); development only")
	}
	return q, func(h jobs.Handler) http.Handler {
		return cloudtasks.Handler(h, cfg.JobMaxAttempts, verifier, log)
	}, nil
}
