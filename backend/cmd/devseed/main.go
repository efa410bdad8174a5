// Command devseed puts sample optimizations into a local SQLite store for one
// customer, so the dashboard can be seen and tested with many records. It is
// for development and tests only: it writes straight to the local database
// file and never touches Firestore.
//
//	devseed -db var/listinglift.db -uid <firebase uid> -count 12
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "devseed:", err)
		os.Exit(1)
	}
}

// statuses cycle through every state the dashboard colours, plus one it
// does not know ("refunded", shown grey).
var statuses = []domain.Status{domain.StatusCompleted, domain.StatusPending, domain.StatusProcessing, domain.StatusFailed, "refunded"}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("devseed", flag.ContinueOnError)
	db := fs.String("db", "var/listinglift.db", "SQLite database file")
	uid := fs.String("uid", "", "customer uid (the customer must have signed in once)")
	count := fs.Int("count", 12, "how many optimizations to add")
	start := fs.String("start", "2026-01-05T15:04:00Z", "creation time of the oldest one (RFC 3339); each next one is a day and an hour later")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *uid == "" || *count < 1 {
		return fmt.Errorf("-uid is required and -count must be at least 1")
	}
	t0, err := time.Parse(time.RFC3339, *start)
	if err != nil {
		return fmt.Errorf("-start: %w", err)
	}
	st, err := sqlite.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	c, err := st.GetCustomer(ctx, *uid)
	if err != nil {
		return fmt.Errorf("customer %s: %w", *uid, err)
	}
	for i := range *count {
		plan, amount := domain.PlanBasic, 4.99
		if i%3 == 2 {
			plan, amount = domain.PlanPremium, 19.99
		}
		o := domain.Optimization{
			CustomerUID: c.UID, CustomerEmail: c.Email,
			ListingURL:   fmt.Sprintf("https://www.airbnb.com/rooms/%d", 50000+i),
			ListingTitle: fmt.Sprintf("Sample listing %d", i+1),
			PlanType:     plan, Amount: amount, Status: statuses[i%len(statuses)],
			CreatedAt:       t0.Add(time.Duration(i) * 25 * time.Hour),
			StripeSessionID: fmt.Sprintf("cs_test_seed_%s_%d", c.UID, i+1),
		}
		if o.Status == domain.StatusCompleted {
			done := o.CreatedAt.Add(2 * time.Minute)
			o.CompletedAt = &done
		}
		added, err := st.AddOptimization(ctx, o)
		if err != nil {
			return err
		}
		// As a purchase would: the id joins the customer's list, and every
		// order that got past checkout counts once.
		if err := st.AppendCustomerOptimization(ctx, c.UID, added.ID); err != nil {
			return err
		}
		if o.Status != domain.StatusPending {
			if _, err := st.MarkPaid(ctx, added.ID, o.CreatedAt.Add(time.Minute)); err != nil {
				return err
			}
		}
		fmt.Fprintf(out, "%s\t%s\t%s\t%s\n", added.ID, added.CreatedAt.Format(time.RFC3339), added.Status, added.ListingTitle)
	}
	return nil
}
