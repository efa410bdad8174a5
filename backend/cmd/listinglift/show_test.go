package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/httpapi"
	"github.com/listinglift/listinglift/backend/orders"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/sharelink"
	"github.com/listinglift/listinglift/backend/store/sqlite"
)

var sharedLink = regexp.MustCompile(`http://localhost:8080/shared/([A-Za-z0-9_-]+)`)

// sharedByServer is what the server answers for a share link's token
// (POST /api/shared, the page /shared/{token}'s call), with the store the
// CLI wrote to and the development link secret `make dev` signs with.
func sharedByServer(t *testing.T, db, token string) (int, map[string]json.RawMessage) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := orders.New(orders.Deps{Stores: orders.StoresOf(st.Aggregates()), Shares: &sharelink.Signer{Secret: []byte(config.DevLinkSecret)}})
	h, err := httpapi.NewServer(httpapi.Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Orders: svc,
		Web: fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><div id="root"></div>`)}}})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]string{"token": token})
	req := httptest.NewRequest(http.MethodPost, "/api/shared", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var got map[string]json.RawMessage
	_ = json.Unmarshal(rec.Body.Bytes(), &got)
	return rec.Code, got
}

// `analyze PAGE --show` and `show report.json` put the report in the store
// `make dev` serves and print a share link the server opens with no
// sign-in, showing that report (issue 43: a real saved page's report seen
// in the web app for support, a demo or a sales call).
func TestShowPutsTheReportInTheWebApp(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "var", "listinglift.db") // var/ not made yet, as before a first make dev
	jsonPath := filepath.Join(dir, "report.json")
	getenv := env(map[string]string{"SQLITE_PATH": db})

	out, _, err := runCLI(t, getenv, "analyze", page, "--plan", "premium", "--json", jsonPath, "--show")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	written, err := report.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	out2, _, err := runCLI(t, getenv, "show", jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"analyze --show": out, "show report.json": out2} {
		t.Run(name, func(t *testing.T) {
			m := sharedLink.FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("no share link on http://localhost:8080 printed:\n%s", out)
			}
			if !strings.Contains(out, db) || !strings.Contains(out, "make dev") {
				t.Errorf("the output does not say which store it wrote or that make dev serves it:\n%s", out)
			}
			code, got := sharedByServer(t, db, m[1])
			if code != http.StatusOK {
				t.Fatalf("the server answers %d for the printed link: %v", code, got)
			}
			var plan string
			_ = json.Unmarshal(got["package_type"], &plan)
			shown, err := report.Decode(got["data"])
			if err != nil {
				t.Fatal(err)
			}
			if plan != "premium" || shown.OriginalTitle != written.OriginalTitle || shown.OverallScore == nil ||
				written.OverallScore == nil || *shown.OverallScore != *written.OverallScore || len(shown.TitleSuggestions) != len(written.TitleSuggestions) {
				t.Errorf("the shared report is not the one written: plan %q, title %q vs %q", plan, shown.OriginalTitle, written.OriginalTitle)
			}
		})
	}
	if n := len(sharedLink.FindAllString(out+out2, -1)); n != 2 || sharedLink.FindStringSubmatch(out)[1] == sharedLink.FindStringSubmatch(out2)[1] {
		t.Errorf("want two orders with their own links, got %d links", n)
	}
}

// Nothing unpaid is written into a production store, and a file that is
// no report is refused before the store is opened.
func TestShowRefusals(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "listinglift.db")
	notReport := filepath.Join(dir, "other.json")
	if err := os.WriteFile(notReport, []byte(`{"hello": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"production", map[string]string{"SQLITE_PATH": db, "APP_ENV": "production"}, []string{"analyze", page, "--show"}},
		{"not a report", map[string]string{"SQLITE_PATH": db}, []string{"show", notReport}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := runCLI(t, env(tc.env), tc.args...); err == nil {
				t.Fatal("accepted")
			}
			if _, err := os.Stat(db); !os.IsNotExist(err) {
				t.Errorf("the store was written: %v", err)
			}
		})
	}
}
