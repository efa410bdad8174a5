package main

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/listinglift/listinglift/backend/listing/ingest"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/report"
)

// page is a saved Airbnb listing page (Lisbon): the parser's own fixture.
const page = "../../listing/airbnb/testdata/current.html"

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func runCLI(t *testing.T, getenv func(string) string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, getenv, &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestAnalyzeSavedPage(t *testing.T) {
	jsonPath := filepath.Join(t.TempDir(), "report.json")
	out, _, err := runCLI(t, env(nil), "analyze", page, "--plan", "premium", "--json", jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"ListingLift Premium report", "Sunny Alfama loft", "Title suggestions (written by ListingLift's template writer, from this listing's facts (no AI model)",
		"Top recommendations:", "Scores:", "Revenue:", "We have no market data for this area yet", "Full report written to"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "builtin") || strings.Contains(out, "built-in") {
		t.Errorf("the summary names the writer by our internal word:\n%s", out)
	}
	b, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var r report.Result
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	if r.PackageType != "premium" || len(r.TitleSuggestions) < 10 || r.ListingURL != "https://www.airbnb.com/rooms/48123456" {
		t.Errorf("report: %s, %d titles, %s", r.PackageType, len(r.TitleSuggestions), r.ListingURL)
	}
	for _, s := range r.TitleSuggestions {
		if prose.Length(s) > analysis.TitleLimit {
			t.Errorf("title %q over 50 characters", s)
		}
	}
}

func TestAnalyzeJSONToStdout(t *testing.T) {
	out, _, err := runCLI(t, env(nil), "analyze", "--json", "-", page) // flags before the page work too
	if err != nil {
		t.Fatal(err)
	}
	var r report.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("stdout is not the JSON report: %v", err)
	}
	if r.PackageType != "basic" || len(r.TitleSuggestions) != 3 || r.MarketAnalysisData != nil {
		t.Errorf("basic report: %d titles, market %v", len(r.TitleSuggestions), r.MarketAnalysisData)
	}
}

func TestAnalyzeWithGemini(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/models/gemini-cli-test:generateContent") {
			t.Errorf("path %s", r.URL.Path)
		}
		text, _ := json.Marshal(map[string]any{
			"titles":       []string{"Sunny Alfama Loft with River View", "River View Loft in Lisbon", "Alfama Loft with a Terrace"},
			"description":  "Bright top-floor loft in the heart of Alfama, with a private terrace over the Tagus river.",
			"amenity_copy": "Wifi, a dedicated workspace and an espresso machine.",
		})
		json.NewEncoder(w).Encode(map[string]any{"candidates": []any{map[string]any{"content": map[string]any{"role": "model",
			"parts": []any{map[string]any{"text": string(text)}}}}}})
	}))
	defer srv.Close()
	out, errOut, err := runCLI(t, env(map[string]string{"GEMINI_API_KEY": "k", "GEMINI_MODEL": "gemini-cli-test", "GEMINI_BASE_URL": srv.URL + "/"}),
		"analyze", page, "--json", "-")
	if err != nil {
		t.Fatal(err)
	}
	// The model's outcome is logged to stderr as the server logs it: this
	// answer's one-sentence description drops the host's facts.
	if !strings.Contains(errOut, "copy model answer failed the fact checks") || !strings.Contains(errOut, `"parts":"optimized_description"`) ||
		!strings.Contains(errOut, `"component":"copy"`) {
		t.Errorf("stderr lacks the model's outcome:\n%q", errOut)
	}
	var r report.Result
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Writers["title_suggestions"] != "gemini" || r.TitleSuggestions[0] != "Sunny Alfama Loft with River View" {
		t.Errorf("writers %v titles %q", r.Writers, r.TitleSuggestions)
	}
	// --writer builtin ignores the key.
	out, _, err = runCLI(t, env(map[string]string{"GEMINI_API_KEY": "k", "GEMINI_BASE_URL": "http://127.0.0.1:1/"}), "analyze", page, "--writer", "builtin", "--json", "-")
	if err != nil || !strings.Contains(out, `"title_suggestions": "builtin"`) {
		t.Errorf("--writer builtin: %v", err)
	}
}

// A model that fails is logged to stderr with its reason, as on the
// server, and the report is the built-in writer's.
func TestAnalyzeLogsGeminiFailure(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"error":{"code":400,"message":"bad","status":"INVALID_ARGUMENT"}}`))
	}))
	defer srv.Close()
	out, errOut, err := runCLI(t, env(map[string]string{"GEMINI_API_KEY": "k", "GEMINI_MODEL": "gemini-cli-test", "GEMINI_BASE_URL": srv.URL + "/"}),
		"analyze", page, "--json", "-")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut, "copy model failed; built-in copy used") || !strings.Contains(errOut, `"reason":"HTTP 400"`) {
		t.Errorf("stderr lacks the failure:\n%s", errOut)
	}
	if !strings.Contains(out, `"title_suggestions": "builtin"`) {
		t.Errorf("report not the built-in writer's")
	}
}

func TestAnalyzeWithMarket(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "data", "insideairbnb-albany-ny-2025-10-05")
	if d := os.Getenv("LISTINGLIFT_DATA_DIR"); d != "" {
		dir = filepath.Join(d, "insideairbnb-albany-ny-2025-10-05")
	}
	if _, err := os.Stat(filepath.Join(dir, "listings.csv.gz")); err != nil || testing.Short() {
		t.Skipf("Albany market data not found at %s (or -short); set LISTINGLIFT_DATA_DIR", dir)
	}
	// --timeout is the whole command's limit (2 min by default); importing
	// a city under the race detector on a busy machine may take longer.
	out, errOut, err := runCLI(t, env(nil), "analyze", page, "--plan", "premium", "--market", dir, "--timeout", "10m")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errOut, "imported Albany, New York, United States (2025-10-05): 461 listings") {
		t.Errorf("stderr = %q", errOut)
	}
	// A Lisbon listing is outside the Albany market: the report says so.
	if !strings.Contains(out, "We have no market data for this area yet") || strings.Contains(out, market.Attribution) {
		t.Errorf("summary:\n%s", out)
	}
}

// --pdf writes the report as the Premium PDF (a sample for a person to
// look at, too).
func TestAnalyzeWritesPDF(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report.pdf")
	stdout, _, err := runCLI(t, env(nil), "analyze", page, "--plan", "premium", "--pdf", out)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) || !strings.Contains(stdout, "PDF report written to "+out) {
		t.Errorf("pdf %d bytes %v; stdout %q", len(b), err, stdout)
	}
}

// market import builds the database the server opens through MARKET_DB
// (the small Testville snapshot: the Albany import is covered by the market
// package and TestAnalyzeWithMarket).
func TestMarketImport(t *testing.T) {
	dir := "../../market/testdata/insideairbnb-testville-pa-2024-01-02"
	db := filepath.Join(t.TempDir(), "market.db")
	out, _, err := runCLI(t, env(nil), "market", "import", "--db", db, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "imported Testville") || !strings.Contains(out, "listings") {
		t.Errorf("stdout = %q", out)
	}
	m, err := market.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if _, err := m.Comparables(context.Background(), market.Query{Lat: 40.0, Lng: -75.0, RoomType: "Entire home/apt", Bedrooms: 2}); err != nil {
		t.Errorf("comparables from the imported database: %v", err)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "no command"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"analyze"}, "exactly one listing"},
		{[]string{"analyze", page, "--plan", "gold"}, "--plan must be basic or premium"},
		{[]string{"analyze", page, "--platform", "vrbo"}, "This page's own address is on Airbnb, not Vrbo."},
		{[]string{"analyze", page, "--writer", "gemini"}, "needs GEMINI_API_KEY"},
		{[]string{"analyze", page, "--bogus"}, "flag provided but not defined"},
		{[]string{"market"}, "market needs a subcommand"},
		{[]string{"market", "import", "somewhere"}, "needs --db FILE"},
	} {
		_, _, err := runCLI(t, env(nil), c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err = %v, want %q", c.args, err, c.want)
			continue
		}
		if exitCode(err) != 2 {
			t.Errorf("%q: exit code %d, want 2", c.args, exitCode(err))
		}
	}
	if out, _, err := runCLI(t, env(nil), "help"); err != nil || !strings.Contains(out, "listinglift analyze") {
		t.Errorf("help: %v", err)
	}
}

func TestReadErrors(t *testing.T) {
	// An unsupported URL is refused before any network access.
	_, _, err := runCLI(t, env(nil), "analyze", "https://example.com/rooms/1")
	if err == nil || !strings.Contains(err.Error(), "Unsupported listing URL") {
		t.Errorf("unsupported URL: %v", err)
	}
	if _, _, err := runCLI(t, env(nil), "analyze", "testdata/missing.html"); err == nil || exitCode(err) != 1 {
		t.Errorf("missing file: %v", err)
	}
	empty := filepath.Join(t.TempDir(), "empty.html")
	os.WriteFile(empty, []byte("<html><body>airbnb</body></html>"), 0o644)
	if _, _, err := runCLI(t, env(nil), "analyze", empty); err == nil || !strings.Contains(err.Error(), ingest.MsgSavedEmpty) || exitCode(err) != 2 {
		t.Errorf("empty page: %v", err)
	}
	blank := filepath.Join(t.TempDir(), "blank.html")
	os.WriteFile(blank, []byte("<html><body>hello</body></html>"), 0o644)
	if _, _, err := runCLI(t, env(nil), "analyze", blank); err == nil || !strings.Contains(err.Error(), ingest.MsgSavedUnknownSite) {
		t.Errorf("unknown site: %v", err)
	}
}

// Pages that are not a listing get no report from the CLI: exit status 2
// and the reason (the same check as the URL and API paths, ingest.CheckPage).
func TestAnalyzeRefusesPagesThatAreNotListings(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, page, flags, want string
	}{
		{"vrbo-bot-check.html", `<html lang="en"><head><title>Bot or Not?</title></head><body><h1>Bot or Not?</h1>
<script src="https://ct.captcha-delivery.com/c.js"></script></body></html>`, "vrbo", ingest.MsgSavedChallenge},
		{"booking-region.html", `<html lang="es"><head><title>Booking.com:
Hoteles en Tlaxcala</title><link rel="canonical" href="https://www.booking.com/region/mx/tlaxcala.es.html">
<meta name="description" content="Los mejores hoteles en Tlaxcala."></head><body></body></html>`, "", ingest.MsgNotListingPage},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, []byte(tc.page), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"analyze", path}
		if tc.flags != "" {
			args = append(args, "--platform", tc.flags)
		}
		out, _, err := runCLI(t, env(nil), args...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), tc.want) || out != "" {
			t.Errorf("%s: exit %d, %v, output %q; want exit 2 with %q and no report", tc.name, exitCode(err), err, out, tc.want)
		}
	}
}

// A page whose layout was not recognized says so at the top of the CLI's
// summary.
func TestAnalyzeSaysWhenTheLayoutWasNotRecognized(t *testing.T) {
	out, _, err := runCLI(t, env(nil), "analyze", "../../listing/airbnb/testdata/sparse.html")
	if err != nil {
		t.Fatal(err)
	}
	head := strings.Join(strings.SplitN(out, "\n", 7)[:6], "\n")
	if !strings.Contains(head, "NOTE: We did not recognize this page's layout") {
		t.Errorf("the summary's head does not say the layout was not recognized:\n%s", head)
	}
}

// A Booking.com property gets no title suggestions (its name is
// registered): the summary says none, and names no writer as having
// written, unchecked, what nobody wrote.
func TestAnalyzeSummaryWithoutTitleSuggestions(t *testing.T) {
	out, _, err := runCLI(t, env(nil), "analyze", "../../listing/booking/testdata/property.html", "--url", "https://www.booking.com/hotel/jp/machiya-gion-hanare.html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Title suggestions: none (the writer notes below say why)") || strings.Contains(out, "not checked") {
		t.Errorf("summary:\n%s", out)
	}
}
