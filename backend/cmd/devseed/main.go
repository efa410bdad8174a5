// Command devseed puts sample optimizations into a local SQLite store for one
// customer, so the dashboard can be seen and tested with many records. It is
// for development and tests only: it writes straight to the local database
// file and never touches Firestore.
//
//	devseed -db var/listinglift.db -uid <firebase uid> -count 12
//
// With -page it adds one completed order instead, its report made from a
// real saved listing page the way `listinglift analyze FILE` makes it (the
// built-in writer; -market-db for market data; -blobs keeps a Premium
// report's PDF where the server reads it):
//
//	devseed -db var/listinglift.db -uid <uid> -page saved.html -plan premium -blobs var/blobs
package main

import (
	"context"
	"flag"
	"fmt"
	"github.com/listinglift/listinglift/backend/plans"
	"io"
	"os"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "devseed:", err)
		os.Exit(1)
	}
}

// statuses cycle through every state the dashboard colours, plus one it
// shows grey (refunded).
var statuses = []domain.Status{domain.StatusCompleted, domain.StatusPending, domain.StatusProcessing, domain.StatusFailed, domain.StatusRefunded}

// finish takes a seeded order where its status says it is: a completed one
// gets a real report from the engine (built-in writer, a sample listing), a
// processing one a progress stage, a failed one a reason.
func finish(ctx context.Context, st *sqlite.Store, o *domain.Optimization, i int) error {
	done := o.CreatedAt.Add(2 * time.Minute)
	switch o.Status {
	case domain.StatusCompleted:
		r, err := report.Generate(ctx, report.Input{Listing: sampleListing(o, i), Plan: o.PlanType, Now: func() time.Time { return done }})
		if err != nil {
			return fmt.Errorf("report for %s: %w", o.ID, err)
		}
		b, err := report.Encode(r)
		if err != nil {
			return err
		}
		_, err = st.Complete(ctx, o.ID, b, done, false)
		return err
	case domain.StatusProcessing:
		return st.SetStage(ctx, o.ID, domain.StageWriting)
	case domain.StatusFailed:
		if _, err := st.Fail(ctx, o.ID, "We could not prepare your report. We couldn't find that listing. Check that the link is right and that the listing is public.", done); err != nil {
			return err
		}
		// A paid order that failed owes its refund: it is on its way (sent to the
		// queue now), as right after a real failure. Without this the server's
		// sweeper would find a refund owed since the seeded date and make it at
		// its next pass (every 30 s), under a test reading the row as failed.
		_, err := st.Apply(ctx, o.ID, store.Sent("refund-"+o.ID+"-seeded", time.Now()))
		return err
	case domain.StatusRefunded:
		if _, err := st.Fail(ctx, o.ID, "We could not prepare your report. The listing site did not answer.", done); err != nil {
			return err
		}
		_, err := st.Apply(ctx, o.ID, store.Refunded(domain.Refund{ID: "re_seed_" + o.ID, Amount: o.Amount, RefundedAt: done.Add(time.Minute)}, false))
		return err
	}
	return nil
}

// sampleListing is what a read of a typical listing gives.
func sampleListing(o *domain.Optimization, i int) *listing.Listing {
	l := &listing.Listing{Platform: listing.Airbnb, ID: fmt.Sprint(50000 + i), URL: o.ListingURL, Title: o.ListingTitle,
		Description:  "A bright two-bedroom flat near the park.\n\nFast Wi-Fi, a full kitchen and free parking on the street.",
		PropertyType: "Entire rental unit", RoomType: "Entire home/apt", Capacity: 4, Bedrooms: 2, Beds: 2, Baths: 1,
		Location: listing.Location{City: "Albany", Region: "New York", Country: "United States", Lat: 42.6526, Lng: -73.7562},
		Ratings:  listing.Ratings{Overall: 4.7, Cleanliness: 4.8, Location: 4.6, Scale: 5}, ReviewCount: 23 + i,
		Sources: map[string]string{"title": "embedded-json", "description": "embedded-json", "amenities": "embedded-json", "rating": "embedded-json"},
	}
	for _, a := range []string{"Wifi", "Kitchen", "Free street parking", "Heating", "Washer", "Smoke alarm"} {
		l.Amenities = append(l.Amenities, listing.Amenity{Name: a, Available: true})
	}
	return l
}

// openFor opens the local store and reads the customer the records are
// for (who must have signed in once); the caller closes the store.
func openFor(ctx context.Context, db, uid string) (*sqlite.Store, *domain.Customer, error) {
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		return nil, nil, err
	}
	c, err := st.GetCustomer(ctx, uid)
	if err != nil {
		st.Close()
		return nil, nil, fmt.Errorf("customer %s: %w", uid, err)
	}
	return st, c, nil
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("devseed", flag.ContinueOnError)
	db := fs.String("db", "var/listinglift.db", "SQLite database file")
	uid := fs.String("uid", "", "customer uid (the customer must have signed in once)")
	count := fs.Int("count", 12, "how many optimizations to add")
	start := fs.String("start", "2026-01-05T15:04:00Z", "creation time of the oldest one (RFC 3339); each next one is a day and an hour later")
	page := fs.String("page", "", "a saved listing page: add one completed order whose report is made from it (-count and -start are ignored)")
	pageURL := fs.String("url", "", "with -page: the listing's address (default: the page's canonical link)")
	platform := fs.String("platform", "", "with -page: airbnb, vrbo or booking (default: detected from the page)")
	plan := fs.String("plan", string(domain.PlanPremium), "with -page: basic or premium")
	marketDB := fs.String("market-db", "", "with -page: a market database built by `listinglift market import` (default: no market data)")
	blobs := fs.String("blobs", "", "with -page: the server's BLOB_DIR, where a Premium report's PDF is kept (default: no PDF)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *page != "" {
		seed := pageSeed{page: *page, url: *pageURL, platform: listing.Platform(strings.ToLower(*platform)),
			plan: domain.Plan(*plan), marketDB: *marketDB, blobDir: *blobs, now: time.Now}
		switch seed.platform {
		case "", listing.Airbnb, listing.Vrbo, listing.Booking:
		default:
			return fmt.Errorf("-platform must be airbnb, vrbo or booking, not %q", *platform)
		}
		if !seed.plan.Valid() {
			return fmt.Errorf("-plan must be basic or premium, not %q", *plan)
		}
		if *uid == "" {
			return fmt.Errorf("-uid is required")
		}
		st, c, err := openFor(ctx, *db, *uid)
		if err != nil {
			return err
		}
		defer st.Close()
		_, err = seed.seed(ctx, st, c, out)
		return err
	}
	if *uid == "" || *count < 1 {
		return fmt.Errorf("-uid is required and -count must be at least 1")
	}
	t0, err := time.Parse(time.RFC3339, *start)
	if err != nil {
		return fmt.Errorf("-start: %w", err)
	}
	st, c, err := openFor(ctx, *db, *uid)
	if err != nil {
		return err
	}
	defer st.Close()
	for i := range *count {
		plan := plans.Includes(domain.PlanBasic)
		if i%3 == 2 {
			plan = plans.Includes(domain.PlanPremium)
		}
		o := domain.Optimization{
			CustomerUID: c.UID, CustomerEmail: c.Email,
			ListingURL:   fmt.Sprintf("https://www.airbnb.com/rooms/%d", 50000+i),
			ListingTitle: fmt.Sprintf("Sample listing %d", i+1),
			PlanType:     plan.ID, Amount: plan.Dollars(), Status: statuses[i%len(statuses)],
			CreatedAt:       t0.Add(time.Duration(i) * 25 * time.Hour),
			StripeSessionID: fmt.Sprintf("cs_test_seed_%s_%d", c.UID, i+1),
		}
		want := o.Status
		if want.Finished() {
			o.Status = domain.StatusProcessing // finished below, as a job would
		}
		added, err := st.AddOptimization(ctx, o)
		if err != nil {
			return err
		}
		added.Status = want
		// As a purchase would: the id joins the customer's list, and every
		// order that got past checkout counts once.
		if err := st.AppendCustomerOptimization(ctx, c.UID, added.ID); err != nil {
			return err
		}
		if o.Status != domain.StatusPending {
			paidAt := o.CreatedAt.Add(time.Minute)
			if want == domain.StatusProcessing {
				// A report being made now: paid just now, so the server's
				// sweeper, which re-sends orders still processing 10 minutes
				// after payment, leaves the sample alone (it has no job, and
				// its listing does not exist: sent again, it would fail and
				// be refunded under the test looking at it).
				paidAt = time.Now()
			}
			if _, err := st.MarkPaid(ctx, added.ID, paidAt); err != nil {
				return err
			}
		}
		if err := finish(ctx, st, added, i); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s\t%s\t%s\t%s\n", added.ID, added.CreatedAt.Format(time.RFC3339), added.Status, added.ListingTitle)
	}
	return nil
}
