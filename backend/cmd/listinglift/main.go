// Command listinglift runs ListingLift's report engine locally, without the
// web app:
//
//	listinglift analyze <url|file.html> [--plan basic|premium] [--market DIR] [--json out.json] [--show]
//
// A URL is read through the safe fetcher (with the Airbnb calendar and
// reviews); a saved page is parsed with the platform's parser, chosen by
// --platform or from the page. --market imports an Inside Airbnb snapshot
// folder into a temporary in-memory market database. The readable summary
// goes to standard output; --json writes the full report (SPEC §3's result
// object). With GEMINI_API_KEY set, titles and the description are written by
// Gemini and validated; otherwise by ListingLift's template writer. --show
// (or `listinglift show report.json`) puts the report in the local store
// `make dev` serves and prints its share link, to see it in the web app.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "listinglift:", err)
		os.Exit(exitCode(err))
	}
}

// usage is printed for -h and for bad arguments.
const usage = `Usage:
  listinglift analyze <url|file.html> [flags]
  listinglift show REPORT.json                           show a report written by analyze --json in the web app, as --show does
  listinglift market import --db FILE [--snapshot YYYY-MM-DD] [--name NAME] <snapshot folder>
                                                         build the market database the server reads (MARKET_DB); the
                                                         date and name come from the folder (or last_scraped) unless given
  listinglift market refresh [--market SLUG[,SLUG]] [--catalog FILE] [--work DIR] [--data-url URL] [--index-url URL|none]
                                                         download each catalogued market's newest Inside Airbnb snapshot, build
                                                         one SQLite file per market and upload it with markets/<slug>/current.json
                                                         to the server's blob store (BLOB, BLOB_DIR or GCS_BUCKET) for
                                                         MARKET_SOURCE=blob; markets already current are left alone. The catalog
                                                         is --catalog, else MARKET_CATALOG, else the built-in one
  listinglift hosting-csp [--auth-domain D] [--file F]   set firebase.json's Content-Security-Policy to the server's for auth domain D
  listinglift orders show|retry|refund|unshare ID        support: an order's state; send a paid order's job again (reopening a
                                                         failed one); refund it through Stripe once; end its report's share
                                                         link. Uses the server's environment.
  listinglift orders resend|repdf ID                     support: e-mail a finished order's report (Premium) or refund again;
                                                         make a Premium report's PDF again from the stored report.
  listinglift watch run --now                            queue every Watch check due now, as the hourly scheduler does (the
                                                         running server's workers, or Cloud Tasks, run them)
  listinglift watch show ID                              support: a watch's state and its weeks

Flags:
  --plan basic|premium   report package (default basic)
  --market DIR           Inside Airbnb snapshot folder (listings.csv[.gz], calendar.csv[.gz], reviews.csv[.gz]), imported for this run
  --market-db FILE       a market database already built by market import (no import: reused as it is)
  --json FILE            write the full report as JSON to FILE ("-" for standard output)
  --pdf FILE             write the report as the PDF Premium buyers get (best with --plan premium)
  --platform NAME        for a saved page: airbnb, vrbo or booking (default: detected from the page)
  --url URL              for a saved page: the listing's address (default: the page's canonical link)
  --photos               Premium: download and measure up to 20 photos through the safe fetcher
  --writer NAME          builtin or gemini (default gemini when GEMINI_API_KEY is set, else builtin)
  --timeout DURATION     overall time limit (default 2m)
  --show                 also put the report in the local store make dev serves (SQLITE_PATH, default
                         var/listinglift.db) as a shared order of a local demo account, and print its link
                         (PUBLIC_URL/shared/…, no sign-in); development only

Environment:
  GEMINI_API_KEY (or GOOGLE_API_KEY)   enables the Gemini writer
  GEMINI_MODEL                         model name (default gemini-2.5-flash)
  GEMINI_BASE_URL                      API base URL override (tests)
`

type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg + "\n\n" + usage }

func exitCode(err error) int {
	switch err.(type) {
	case usageError, refusal:
		return 2
	}
	return 1
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) == 0 {
			return usageError{"no command"}
		}
		fmt.Fprint(stdout, usage)
		return nil
	}
	switch args[0] {
	case "analyze":
		return analyze(ctx, args[1:], getenv, stdout, stderr)
	case "market":
		if len(args) > 1 && args[1] == "import" {
			return marketImport(ctx, args[2:], stdout)
		}
		if len(args) > 1 && args[1] == "refresh" {
			return marketRefresh(ctx, args[2:], getenv, stdout)
		}
		return usageError{"market needs a subcommand: import or refresh"}
	case "show":
		return showCmd(ctx, args[1:], getenv, stdout)
	case "hosting-csp":
		return hostingCSP(args[1:], stdout)
	case "orders":
		return ordersCmd(ctx, args[1:], getenv, stdout, stderr)
	case "watch":
		return watchCmd(ctx, args[1:], getenv, stdout, stderr)
	}
	return usageError{fmt.Sprintf("unknown command %q", args[0])}
}
