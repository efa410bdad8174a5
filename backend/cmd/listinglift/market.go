package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"

	"github.com/listinglift/listinglift/backend/market"
)

// marketImport builds (or refreshes) the market database the server reads
// through MARKET_DB from an Inside Airbnb snapshot folder.
func marketImport(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("market import", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "")
	snapshot := fs.String("snapshot", "", "")
	name := fs.String("name", "", "")
	var dir string
	for {
		if err := fs.Parse(args); err != nil {
			return usageError{err.Error()}
		}
		if fs.NArg() == 0 {
			break
		}
		if dir != "" {
			return usageError{"market import needs --db FILE and one snapshot folder"}
		}
		dir, args = fs.Arg(0), fs.Args()[1:]
	}
	if *dbPath == "" || dir == "" {
		return usageError{"market import needs --db FILE and one snapshot folder"}
	}
	var opts []market.ImportOption
	if *snapshot != "" {
		opts = append(opts, market.WithSnapshot(*snapshot))
	}
	if *name != "" {
		opts = append(opts, market.WithName(*name))
	}
	db, err := market.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	stats, err := market.Import(ctx, db, dir, opts...)
	if err != nil {
		return err
	}
	printImport(stdout, stats, " into "+*dbPath)
	return nil
}

// printImport says what an import did, with the rows it left out and why.
func printImport(w io.Writer, stats market.ImportStats, where string) {
	fmt.Fprintf(w, "imported %s (%s)%s: %d listings, %d calendar days, %d reviews in %s\n",
		stats.Market, stats.Snapshot, where, stats.Listings, stats.CalendarDays, stats.Reviews, stats.Duration.Round(time.Millisecond))
	if stats.SkippedRows == 0 {
		return
	}
	fmt.Fprintf(w, "skipped %d rows:\n", stats.SkippedRows)
	reasons := slices.Sorted(maps.Keys(stats.Skipped))
	for _, r := range reasons {
		fmt.Fprintf(w, "  %6d  %s\n", stats.Skipped[r], r)
	}
}
