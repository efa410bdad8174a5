package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"

	"github.com/listinglift/listinglift/backend/blob/blobconfig"
	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jobs"
	"github.com/listinglift/listinglift/backend/jobs/cloudtasks"
	"github.com/listinglift/listinglift/backend/jobs/localqueue"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/payments"
	"github.com/listinglift/listinglift/backend/pdfreport"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/firestore"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

// ordersCmd is `listinglift orders show|retry|refund|unshare|resend|repdf ID`,
// run with the server's environment (the same variables: STORE, JOBS,
// STRIPE_…, BLOB_…), so it acts on the same store, queue, Stripe account and
// storage.
func ordersCmd(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	verbs := map[string]bool{"show": true, "retry": true, "refund": true, "unshare": true, "resend": true, "repdf": true}
	if len(args) != 2 || !verbs[args[0]] {
		return usageError{"orders needs show, retry, refund, unshare, resend or repdf and an order id"}
	}
	verb, id := args[0], args[1]
	if !domain.ValidKey(id) {
		return fmt.Errorf("%q is not an order id", id)
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	st, err := openOrderStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	// What it did is logged as the server logs (so the alerts on refunds
	// and re-queues see it when run where logs are collected), on stderr.
	deps := orders.Deps{Stores: orders.StoresOf(st.Aggregates), Logger: logging.New(stderr, slog.LevelInfo), TraceProject: cfg.FirebaseProjectID}

	switch verb {
	case "show":
		o, err := st.GetOptimization(ctx, id)
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return showStrayRefund(ctx, stdout, st, id, err)
		}
		if err != nil {
			return err
		}
		strays, err := st.StrayRefundsOf(ctx, id)
		if err != nil {
			return err
		}
		return showOrder(stdout, o, strays)
	case "unshare":
		// A host who cannot reach their dashboard asks support to end a
		// share link: the same change as the dashboard's Stop sharing.
		ended, err := st.Apply(ctx, id, store.Unshared())
		if err != nil {
			return err
		}
		if !ended {
			fmt.Fprintf(stdout, "%s was not shared\n", id)
			return nil
		}
		deps.Logger.Info("report unshared by support", "optimization", id)
		fmt.Fprintf(stdout, "stopped sharing %s: its links no longer work\n", id)
	case "retry":
		q, closeQ, err := openOrderQueue(ctx, cfg, st, log)
		if err != nil {
			return err
		}
		defer closeQ()
		deps.Queue = q
		name, err := orders.New(deps).Retry(ctx, id)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "queued %s\n", name)
	case "refund":
		p, err := payments.FromConfig(cfg, log)
		if err != nil {
			return err
		}
		deps.Payments = p
		svc := orders.New(deps)
		if !svc.PaymentsOn() {
			return fmt.Errorf("payments are off (STRIPE_SECRET_KEY unset): nothing to refund")
		}
		r, err := svc.Refund(ctx, id)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "refund %s: %.2f %s, %s\n", r.ID, float64(r.Amount)/100, r.Currency, r.Status)
	case "resend":
		return resendOrder(ctx, cfg, st, deps, log, id, stdout)
	case "repdf":
		return repdfOrder(ctx, cfg, st, deps, log, id, stdout)
	}
	return nil
}

// resendOrder is `orders resend ID`: the order's e-mail (a Premium report's,
// or a refund's) made due again and queued; the running server's worker
// sends it, with the PDF when there is one.
func resendOrder(ctx context.Context, cfg config.Config, st openedStore, deps orders.Deps, log *slog.Logger, id string, stdout io.Writer) error {
	q, closeQ, err := openOrderQueue(ctx, cfg, st, log)
	if err != nil {
		return err
	}
	defer closeQ()
	deps.Queue = q
	name, err := orders.New(deps).Resend(ctx, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "e-mail of %s due again: queued %s\n", id, name)
	return nil
}

// repdfOrder is `orders repdf ID`: a completed Premium order's PDF rendered
// again from its stored report and stored (BLOB_… as the server's); an
// e-mail that waited for it is queued.
func repdfOrder(ctx context.Context, cfg config.Config, st openedStore, deps orders.Deps, log *slog.Logger, id string, stdout io.Writer) error {
	blobs, closeBlobs, err := blobconfig.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeBlobs()
	q, closeQ, err := openOrderQueue(ctx, cfg, st, log)
	if err != nil {
		return err
	}
	defer closeQ()
	deps.Queue, deps.Blobs = q, blobs
	deps.PDF = func(r *report.Result) ([]byte, error) {
		return pdfreport.Render(r, pdfreport.Options{SupportEmail: cfg.SupportEmail})
	}
	key, err := orders.New(deps).RepairPDF(ctx, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "PDF of %s stored at %s\n", id, key)
	return nil
}

// showOrder prints what support needs, without the report itself.
// strays are the payments that named it and bought nothing (a second
// upgrade payment), each refunded in full (issue 28).
func showOrder(w io.Writer, o *domain.Optimization, strays []domain.StrayRefund) error {
	view := map[string]any{
		"id": o.ID, "customerUid": o.CustomerUID, "customerEmail": o.CustomerEmail, "listingUrl": o.ListingURL,
		"planType": o.PlanType, "amount": o.Amount, "status": o.Status, "stage": o.Stage,
		"createdAt": o.CreatedAt, "paidAt": o.PaidAt, "completedAt": o.CompletedAt,
		"stripeSessionId": o.StripeSessionID, "failureReason": o.FailureReason, "pdfPath": o.PDFPath,
		"email": o.Email, "requeues": o.Requeues, "requeuedAt": o.RequeuedAt, "hasReport": len(o.Results) > 0,
		"recheckOf": o.RecheckOf, "rechecks": o.Rechecks,
	}
	if o.Share != nil {
		view["sharedUntil"] = o.Share.ExpiresAt
	}
	if len(strays) > 0 {
		view["strayRefunds"] = strays
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(view)
}

// openedStore is the store cfg names, as its aggregates, and on SQLite the
// database the local job queue shares (nil on Firestore).
type openedStore struct {
	store.Aggregates
	queue localqueue.Store
}

func openOrderStore(ctx context.Context, cfg config.Config) (openedStore, error) {
	if cfg.Store == config.StoreFirestore {
		st, err := firestore.New(ctx, cfg.FirebaseProjectID)
		if err != nil {
			return openedStore{}, fmt.Errorf("STORE=firestore: %w", err)
		}
		return openedStore{Aggregates: st.Aggregates()}, nil
	}
	st, err := sqlite.Open(ctx, cfg.SQLitePath)
	if err != nil {
		return openedStore{}, fmt.Errorf("SQLITE_PATH=%s: %w", cfg.SQLitePath, err)
	}
	return openedStore{Aggregates: st.Aggregates(), queue: st}, nil
}

// openOrderQueue is where a retried job goes: the local queue in the same
// SQLite file (the running server's workers take it), or Cloud Tasks.
func openOrderQueue(ctx context.Context, cfg config.Config, st openedStore, log *slog.Logger) (jobs.Queue, func(), error) {
	if cfg.Jobs == config.JobsCloudTasks {
		q, err := cloudtasks.FromConfig(ctx, cfg)
		if err != nil {
			return nil, nil, err
		}
		return q, func() { q.Close() }, nil
	}
	if st.queue == nil {
		return nil, nil, fmt.Errorf("JOBS=local needs STORE=sqlite")
	}
	return localqueue.New(st.queue, localqueue.Options{MaxAttempts: cfg.JobMaxAttempts, Logger: log}), func() {}, nil
}

// showStrayRefund is `orders show` of an id no order has: the stray
// payment of that Checkout Session (one for an order removed or deleted
// with its account), else notFound.
func showStrayRefund(ctx context.Context, w io.Writer, st store.OwedWork, id string, notFound error) error {
	r, err := st.GetStrayRefund(ctx, id)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return notFound
	}
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(map[string]any{"strayRefunds": []domain.StrayRefund{*r}})
}
