package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/sharelink"
)

// Showing a report in the web app (issue 43): support, a demo or a sales
// call wants the report of a real saved page as a host sees it, not as
// JSON. `analyze … --show` (or `show report.json`) stores the report in
// the local development store `make dev` serves, as a completed order of
// a local demo account, shares it, and prints the share link: the page
// /shared/{token} needs no sign-in, so no account has to be made in the
// Auth emulator. It goes through the same store calls a paid order's job
// makes (paid, completed, shared), so the page shows what a host's would.

// Who owns the reports shown this way: one local demo account, so they
// are never mixed into a real host's dashboard.
const (
	demoUID   = "local-demo"
	demoEmail = "demo@listinglift.invalid"
	demoName  = "Local demo (listinglift analyze --show)"
)

// shownReport is where a shown report is: the order made for it and its
// share link.
type shownReport struct {
	OrderID string
	URL     string
	Expires time.Time
}

// showReport stores r as a completed, shared order in the store the
// server's environment names (SQLITE_PATH, as `make dev` sets it) and
// returns its share link on PUBLIC_URL. A production environment is
// refused: this makes orders nobody paid for.
func showReport(ctx context.Context, r *report.Result, getenv func(string) string) (*shownReport, error) {
	cfg, err := config.Load(getenv)
	if cfg.Env == config.Production || getenv("APP_ENV") == string(config.Production) {
		return nil, usageError{"--show writes an unpaid order into the store: it runs only with APP_ENV=development (make dev's store)"}
	}
	if err != nil {
		return nil, err
	}
	plan := r.PackageType
	if !plan.Valid() {
		return nil, fmt.Errorf("the report's plan %q is neither basic nor premium", r.PackageType)
	}
	results, err := report.Encode(r)
	if err != nil {
		return nil, err
	}
	if cfg.Store == config.StoreSQLite && cfg.SQLitePath != ":memory:" {
		// `make dev` makes var/ on its first run; --show may come first.
		if err := os.MkdirAll(filepath.Dir(cfg.SQLitePath), 0o755); err != nil {
			return nil, fmt.Errorf("SQLITE_PATH=%s: %w", cfg.SQLitePath, err)
		}
	}
	st, err := openOrderStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer st.Close()

	now := time.Now().UTC()
	if _, err := st.UpsertCustomer(ctx, domain.Login{UID: demoUID, Email: demoEmail, DisplayName: demoName, At: now}); err != nil {
		return nil, fmt.Errorf("the local demo account: %w", err)
	}
	o, err := st.AddOptimization(ctx, domain.Optimization{CustomerUID: demoUID, CustomerEmail: demoEmail,
		ListingURL: r.ListingURL, ListingTitle: r.OriginalTitle, PlanType: plan, Status: domain.StatusPending, CreatedAt: now})
	if err != nil {
		return nil, fmt.Errorf("store the order: %w", err)
	}
	// Paid (with nothing charged: Amount is 0) and completed with the
	// report, as a job completes an order; no e-mail is due.
	if _, err := st.MarkPaid(ctx, o.ID, now); err != nil {
		return nil, fmt.Errorf("order %s: %w", o.ID, err)
	}
	if ok, err := st.Complete(ctx, o.ID, results, now, false); err != nil || !ok {
		return nil, fmt.Errorf("order %s: storing the report: %w", o.ID, errors.Join(err, errIf(!ok, "it was already finished")))
	}
	// Shared as the owner's Share button shares (orders.Service.Share).
	signer := &sharelink.Signer{Secret: []byte(cfg.LinkSecret), Previous: []byte(cfg.LinkSecretPrevious)}
	link, err := orders.New(orders.Deps{Stores: orders.StoresOf(st.Aggregates), Shares: signer}).Share(ctx, demoUID, o.ID)
	if err != nil {
		return nil, fmt.Errorf("share order %s: %w", o.ID, err)
	}
	return &shownReport{OrderID: o.ID, URL: cfg.PublicURL + "/shared/" + link.Token, Expires: link.ExpiresAt}, nil
}

func errIf(cond bool, msg string) error {
	if cond {
		return errors.New(msg)
	}
	return nil
}

// printShown tells where to open the report.
func printShown(w io.Writer, s *shownReport, getenv func(string) string) {
	db := getenv("SQLITE_PATH")
	if db == "" {
		db = "var/listinglift.db"
	}
	fmt.Fprintf(w, "\nThe report is in the local store (%s) as order %s of the local demo account.\n", db, s.OrderID)
	fmt.Fprintf(w, "With `make dev` running, open it in the web app (no sign-in; the link works until %s):\n  %s\n",
		s.Expires.Format("2 Jan 2006"), s.URL)
	fmt.Fprintf(w, "End the link with: listinglift orders unshare %s\n", s.OrderID)
}

// showCmd is `listinglift show REPORT.json`: a report written by
// `analyze --json` shown in the web app as --show does.
func showCmd(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) != 1 {
		return usageError{"show needs one report file, written by analyze --json"}
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	var probe map[string]json.RawMessage
	if json.Unmarshal(b, &probe) != nil || probe["package_type"] == nil || probe["listing_url"] == nil {
		return usageError{args[0] + " is not a report written by listinglift analyze --json"}
	}
	r, err := report.Decode(b)
	if err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	s, err := showReport(ctx, r, getenv)
	if err != nil {
		return err
	}
	printShown(stdout, s, getenv)
	return nil
}
