package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/listinglift/listinglift/backend/market"
)

// marketImport builds (or refreshes) the market database the server reads
// through MARKET_DB from an Inside Airbnb snapshot folder.
func marketImport(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("market import", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "")
	if err := fs.Parse(args); err != nil {
		return usageError{err.Error()}
	}
	if *dbPath == "" || fs.NArg() != 1 {
		return usageError{"market import needs --db FILE and one snapshot folder"}
	}
	db, err := market.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	stats, err := market.Import(ctx, db, fs.Arg(0))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "imported %s (%s) into %s: %d listings, %d calendar days, %d reviews in %s\n",
		stats.Market, stats.Snapshot, *dbPath, stats.Listings, stats.CalendarDays, stats.Reviews, stats.Duration.Round(time.Millisecond))
	return nil
}
