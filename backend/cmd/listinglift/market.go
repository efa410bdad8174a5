package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/blob/blobconfig"
	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/marketfiles"
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
	// The currency is said because the operator cannot see it otherwise:
	// it is decided from where the listings lie (market.CurrencyFor), not
	// from what the import was named.
	fmt.Fprintf(w, "imported %s (%s)%s: %d listings, %d calendar days, %d reviews in %s; prices in %s\n",
		stats.Market, stats.Snapshot, where, stats.Listings, stats.CalendarDays, stats.Reviews, stats.Duration.Round(time.Millisecond), stats.Currency)
	if stats.SkippedRows == 0 {
		return
	}
	fmt.Fprintf(w, "skipped %d rows:\n", stats.SkippedRows)
	reasons := slices.Sorted(maps.Keys(stats.Skipped))
	for _, r := range reasons {
		fmt.Fprintf(w, "  %6d  %s\n", stats.Skipped[r], r)
	}
}

// marketRefresh is `listinglift market refresh`: each catalogued market's
// newest Inside Airbnb snapshot, built into one SQLite file and uploaded
// with its manifest to the server's blob store (BLOB: the local folder or
// the GCS bucket, as the server's environment says), for servers with
// MARKET_SOURCE=blob. A market already at its newest snapshot is left
// alone. One line per market; exit status 1 when any failed.
func marketRefresh(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	fs := flag.NewFlagSet("market refresh", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	catalogFile := fs.String("catalog", "", "")
	work := fs.String("work", "", "")
	dataURL := fs.String("data-url", "", "")
	indexURL := fs.String("index-url", "", "")
	var slugs []string
	fs.Func("market", "", func(s string) error {
		for p := range strings.SplitSeq(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				slugs = append(slugs, p)
			}
		}
		return nil
	})
	if err := fs.Parse(args); err != nil {
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("market refresh takes flags only, not %q", fs.Arg(0))}
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	if *catalogFile == "" {
		*catalogFile = cfg.MarketCatalog
	}
	cat, err := market.LoadCatalog(*catalogFile)
	if err != nil {
		return err
	}
	// Overrides for a mirror of Inside Airbnb's files (or a local server
	// in tests); "none" reads no index, only the catalog's dates.
	if *dataURL != "" {
		cat.DataURL = strings.TrimRight(*dataURL, "/")
	}
	switch *indexURL {
	case "":
	case "none":
		cat.IndexURL = ""
	default:
		cat.IndexURL = *indexURL
	}
	blobs, closeBlobs, err := blobconfig.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeBlobs()
	r := &marketfiles.Refresher{Catalog: cat, Blobs: blobs, WorkDir: *work, Out: stdout}
	_, err = r.Refresh(ctx, slugs...)
	return err
}
