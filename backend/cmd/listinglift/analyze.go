package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/listinglift/listinglift/backend/plans"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/pdfreport"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/writing"
)

type options struct {
	source    string
	plan      string
	marketDir string
	marketDB  string
	jsonOut   string
	pdfOut    string
	platform  string
	url       string
	photos    bool
	writer    string
	timeout   time.Duration
	show      bool
}

// parseArgs reads flags before and after the one positional argument.
func parseArgs(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.plan, "plan", "basic", "")
	fs.StringVar(&o.marketDir, "market", "", "")
	fs.StringVar(&o.marketDB, "market-db", "", "")
	fs.StringVar(&o.jsonOut, "json", "", "")
	fs.StringVar(&o.pdfOut, "pdf", "", "")
	fs.StringVar(&o.platform, "platform", "", "")
	fs.StringVar(&o.url, "url", "", "")
	fs.BoolVar(&o.photos, "photos", false, "")
	fs.StringVar(&o.writer, "writer", "", "")
	fs.BoolVar(&o.show, "show", false, "")
	fs.DurationVar(&o.timeout, "timeout", 2*time.Minute, "")
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return o, usageError{err.Error()}
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != 1 {
		return o, usageError{"analyze needs exactly one listing URL or saved page"}
	}
	if o.marketDir != "" && o.marketDB != "" {
		return o, usageError{"give --market DIR or --market-db FILE, not both"}
	}
	o.source = pos[0]
	if p := domain.Plan(o.plan); !p.Valid() {
		return o, usageError{fmt.Sprintf("--plan must be basic or premium, not %q", o.plan)}
	}
	switch o.writer {
	case "", "builtin", "gemini":
	default:
		return o, usageError{fmt.Sprintf("--writer must be builtin or gemini, not %q", o.writer)}
	}
	return o, nil
}

func analyze(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	o, err := parseArgs(args, stderr)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()

	l, err := readListing(ctx, o)
	if err != nil {
		return err
	}

	in := report.Input{Listing: l, Plan: domain.Plan(o.plan)}
	if o.marketDir != "" {
		db, err := market.Open(ctx, ":memory:")
		if err != nil {
			return err
		}
		defer db.Close()
		stats, err := market.Import(ctx, db, o.marketDir)
		if err != nil {
			return err
		}
		printImport(stderr, stats, "")
		in.Market = db
	}
	if o.marketDB != "" {
		db, err := market.OpenReadOnly(ctx, o.marketDB)
		if err != nil {
			return err
		}
		defer db.Close()
		in.Market = db
	}
	w, err := chooseWriter(ctx, o, getenv, stderr)
	if err != nil {
		return err
	}
	in.Writer = w
	if o.photos {
		if !plans.Includes(domain.Plan(o.plan)).PhotoMeasurements {
			fmt.Fprintf(stderr, "note: --photos does not apply to the %s plan\n", o.plan)
		}
		client := safehttp.New(safehttp.Options{MaxBodyBytes: 15 << 20})
		in.Photos = report.PhotoFetcherFunc(func(ctx context.Context, url string) ([]byte, error) {
			resp, err := client.Get(ctx, url)
			if err != nil {
				return nil, err
			}
			return resp.Body, nil
		})
	}
	r, err := report.Generate(ctx, in)
	if err != nil {
		return err
	}
	if o.jsonOut != "" {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			return err
		}
		b := buf.Bytes()
		if o.jsonOut == "-" {
			_, err = stdout.Write(b)
			return err
		}
		if err := os.WriteFile(o.jsonOut, b, 0o644); err != nil {
			return err
		}
	}
	if o.pdfOut != "" {
		pdf, err := pdfreport.Render(r, pdfreport.Options{})
		if err != nil {
			return err
		}
		if err := os.WriteFile(o.pdfOut, pdf, 0o644); err != nil {
			return err
		}
	}
	printSummary(stdout, r)
	if o.jsonOut != "" {
		fmt.Fprintf(stdout, "\nFull report written to %s\n", o.jsonOut)
	}
	if o.pdfOut != "" {
		fmt.Fprintf(stdout, "PDF report written to %s\n", o.pdfOut)
	}
	if o.show {
		s, err := showReport(ctx, r, getenv)
		if err != nil {
			return err
		}
		printShown(stdout, s, getenv)
	}
	return nil
}

// chooseWriter is the Gemini writer when a key is set (or asked for),
// logging to stderr as the server logs to its log: the model's outcome
// for the report (answered, refused parts, failed and why, the circuit
// breaker), never the listing's text.
func chooseWriter(ctx context.Context, o options, getenv func(string) string, stderr io.Writer) (writing.Writer, error) {
	key := getenv("GEMINI_API_KEY")
	if key == "" {
		key = getenv("GOOGLE_API_KEY")
	}
	switch {
	case o.writer == "builtin", o.writer == "" && key == "":
		return writing.Builtin{}, nil
	case key == "":
		return nil, usageError{"--writer gemini needs GEMINI_API_KEY"}
	}
	return writing.NewGemini(ctx, writing.GeminiConfig{APIKey: key, Model: getenv("GEMINI_MODEL"), BaseURL: getenv("GEMINI_BASE_URL"),
		Logger: logging.New(stderr, slog.LevelInfo).With("component", "copy")})
}

// readListing reads a URL through ingest, or parses a saved page.
func readListing(ctx context.Context, o options) (*listing.Listing, error) {
	if strings.HasPrefix(o.source, "http://") || strings.HasPrefix(o.source, "https://") {
		r := ingest.NewReader(safehttp.New(safehttp.Options{}), ingest.Options{DeepReads: true})
		l, err := r.Read(ctx, o.source)
		if err != nil {
			return nil, refusalOr(err)
		}
		return l, nil
	}
	page, err := os.ReadFile(o.source)
	if err != nil {
		return nil, err
	}
	p := listing.Platform(strings.ToLower(o.platform))
	switch p {
	case "", listing.Airbnb, listing.Vrbo, listing.Booking:
	default:
		return nil, usageError{fmt.Sprintf("--platform must be airbnb, vrbo or booking, not %q", o.platform)}
	}
	// The one decision every path makes: which listing the page is, and
	// whether it is that listing with enough to report on.
	l, err := ingest.ReadSaved(page, o.url, p)
	if err != nil {
		return nil, refusal{o.source + ": " + domain.ErrorMessage(err)}
	}
	return l, nil
}

// refusal is a page or link that is no listing we can read: the CLI exits
// with status 2 and the reason.
type refusal struct{ msg string }

func (r refusal) Error() string { return r.msg }

// refusalOr is err's message, as a refusal when the link names nothing we
// can read (not a listing page, not found, not supported).
func refusalOr(err error) error {
	switch domain.ErrorCode(err) {
	case domain.CodeUnreadable, domain.CodeNotFound, domain.CodeInvalid:
		return refusal{domain.ErrorMessage(err)}
	}
	return errors.New(domain.ErrorMessage(err))
}

func printSummary(w io.Writer, r *report.Result) {
	p := func(format string, a ...any) { fmt.Fprintf(w, format+"\n", a...) }
	p("ListingLift %s report", strings.ToUpper(string(r.PackageType[:1]))+string(r.PackageType[1:]))
	p("Listing:   %s", r.OriginalTitle)
	if r.ListingURL != "" {
		p("           %s", r.ListingURL)
	}
	if r.Location != "" {
		p("Location:  %s", r.Location)
	}
	if r.LayoutNotice != "" {
		p("")
		p("NOTE: %s", r.LayoutNotice)
		p("")
	}
	if r.RatingOnPage != nil {
		p("Rating:    %s  (%s)", r.RatingOnPage.Text, r.Explanations["guest_rating"])
	} else {
		p("Rating:    not assessed  (%s)", r.Explanations["guest_rating"])
	}
	var scores []string
	for _, s := range r.CompetitiveScores.Rows() {
		v := "not assessed"
		if s.Value != nil {
			v = fmt.Sprintf("%d/100", *s.Value)
		}
		scores = append(scores, s.Name+" "+v)
	}
	p("Scores:    %s", strings.Join(scores, " · "))
	rp := r.RevenueProjections
	head, detail := rp.Card()
	p("Revenue:   %s — %s", head, detail)
	for _, c := range rp.Components {
		p("           - %s: +%.1f–%.1f%% — %s", c.Change, c.Low, c.High, c.Source)
	}
	p("")
	p("Title (%d characters): %s", prose.Length(r.OriginalTitle), r.OriginalTitle)
	if r.TitleAnalysis.LimitNote != "" {
		p("  Note: %s", r.TitleAnalysis.LimitNote)
	}
	if len(r.TitleSuggestions) == 0 {
		// None was written (a Booking.com property name is registered): no
		// writer to name, nothing it could have checked; the writer notes say why.
		p("Title suggestions: none (the writer notes below say why)")
	} else {
		p("Title suggestions (%s):", writtenBy(r, writing.PartTitles))
	}
	for i, t := range r.TitleSuggestions {
		p("  %2d. %s  (%d)", i+1, t, prose.Length(t))
	}
	p("")
	p("Top recommendations:")
	if len(r.TopRecommendations) == 0 {
		p("  none: no problems found")
	}
	for i, rc := range r.TopRecommendations {
		p("  %d. [%s] %s %s", i+1, rc.Priority, rc.Finding, rc.Action)
	}
	var tasks []string
	for _, t := range r.Tasks() {
		tasks = append(tasks, strings.ToLower(t.Name)+" "+t.Priority)
	}
	p("Priorities: %s", strings.Join(tasks, " · "))
	p("")
	if r.SuggestedAmenities != "" {
		p("Suggested amenities:")
		for _, line := range strings.Split(r.SuggestedAmenities, "\n") {
			p("  - %s", line)
		}
		p("")
	}
	p("Pricing:   %s", r.PricingAnalysis.Explanation)
	p("Photos:    %s", r.PhotoAudit.Explanation)
	p("Guests:    %s", r.GuestProfileAnalysis.Explanation)
	p("Booking:   %s", r.BookingGapAnalysis.Explanation)
	p("Reviews:   %s", r.ReviewSummary)
	if m := r.MarketAnalysisData; m != nil {
		p("Market:    %s", m.Explanation)
	}
	p("")
	p("Optimized description (%s):", writtenBy(r, writing.PartDescription))
	for _, line := range strings.Split(r.OptimizedDescription, "\n") {
		p("  %s", line)
	}
	for _, n := range r.WriterNotes {
		p("Writer note: %s", n)
	}
	p("")
	p("Data sources:")
	for _, d := range r.DataSources {
		line := "  - " + d.Name + ": " + d.Detail
		if d.Attribution != "" {
			line += " [" + d.Attribution + "]"
		}
		p("%s", line)
	}
	if len(r.Warnings) > 0 {
		p("Warnings:")
		for _, wn := range r.Warnings {
			p("  - %s", wn)
		}
	}
}

// writtenBy is who wrote part of r's copy in the report's own words
// (Result.WriterLabels, as the web report, the PDF and the e-mail say it),
// else the writer's name with no check claimed.
func writtenBy(r *report.Result, part string) string {
	if l := r.WriterLabels[part]; l != "" {
		return "written by " + l
	}
	if r.Writers[part] == writing.NameBuiltin {
		return "written by " + writing.TemplateWriter + ", not checked"
	}
	return "written by " + r.Writers[part] + ", not checked"
}
