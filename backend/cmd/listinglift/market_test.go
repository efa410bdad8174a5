package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cloud.google.com/go/storage"

	"github.com/listinglift/listinglift/backend/market/markettest"
)

// blobEnv is the server environment the refresh uploads through: BLOB=gcs
// with a bucket of its own on fake-gcs-server when STORAGE_EMULATOR_HOST is
// set, else BLOB=local in a temporary folder.
func blobEnv(t *testing.T) map[string]string {
	t.Helper()
	host := os.Getenv("STORAGE_EMULATOR_HOST")
	if host == "" {
		t.Log("STORAGE_EMULATOR_HOST is not set: refreshing into the local blob adapter instead of fake-gcs-server " +
			"(make test starts it; or: source scripts/lib.sh && start_fake_gcs LOG)")
		return map[string]string{"BLOB": "local", "BLOB_DIR": t.TempDir()}
	}
	ctx := context.Background()
	c, err := storage.NewClient(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	bucket := "listinglift-cli-" + hex.EncodeToString(b)
	if err := c.Bucket(bucket).Create(ctx, "demo-listinglift", nil); err != nil {
		t.Fatal(err)
	}
	return map[string]string{"BLOB": "gcs", "GCS_BUCKET": bucket, "STORAGE_EMULATOR_HOST": host}
}

// market refresh with the built-in catalog, Albany's files served from a
// local stand-in for Inside Airbnb (--data-url): the first run imports and
// uploads, the second says Albany is up to date.
func TestMarketRefreshAlbany(t *testing.T) {
	dir := markettest.AlbanyDir(t)
	site := httptest.NewServer(http.StripPrefix("/united-states/ny/albany/2025-10-05/data/", http.FileServer(http.Dir(dir))))
	defer site.Close()
	e := blobEnv(t)
	args := []string{"market", "refresh", "--market", "albany-ny", "--data-url", site.URL, "--index-url", "none", "--work", t.TempDir()}
	out, _, err := runCLI(t, env(e), args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.HasPrefix(out, "albany-ny: refreshed to 2025-10-05 (new): 461 listings") ||
		!strings.Contains(out, "at markets/albany-ny/2025-10-05.sqlite") || strings.Count(out, "\n") != 1 {
		t.Errorf("first run:\n%s", out)
	}
	out, _, err = runCLI(t, env(e), args...)
	if err != nil || out != "albany-ny: up to date (snapshot 2025-10-05, markets/albany-ny/2025-10-05.sqlite); nothing to do\n" {
		t.Errorf("second run: %v\n%s", err, out)
	}
}

// --catalog names another catalog; a market that fails makes the command
// fail after the others are done.
func TestMarketRefreshCatalogFile(t *testing.T) {
	site := httptest.NewServer(http.StripPrefix("/x/pa/testville/2024-01-02/visualisations/",
		http.FileServer(http.Dir("../../market/testdata/insideairbnb-testville-pa-2024-01-02"))))
	defer site.Close()
	catalog := filepath.Join(t.TempDir(), "catalog.json")
	os.WriteFile(catalog, []byte(`{"data_url": "`+site.URL+`", "markets": [
		{"slug": "testville", "name": "Testville, Pennsylvania, United States", "country": "x", "region": "pa", "city": "testville",
		 "format": "summary", "bounds": {"min_lat": 39.9, "min_lng": -75.1, "max_lat": 40.2, "max_lng": -74.9}, "snapshots": ["2024-01-02"]},
		{"slug": "gone", "name": "Gone", "country": "x", "region": "pa", "city": "gone",
		 "bounds": {"min_lat": 1, "min_lng": 1, "max_lat": 2, "max_lng": 2}, "snapshots": ["2024-01-02"]}]}`), 0o600)
	out, _, err := runCLI(t, env(blobEnv(t)), "market", "refresh", "--catalog", catalog)
	if err == nil || exitCode(err) != 1 {
		t.Errorf("err = %v; want a failure (exit 1) for the market whose files are gone", err)
	}
	if !strings.Contains(out, "testville: refreshed to 2024-01-02 (new)") || !strings.Contains(out, "gone: failed: download") {
		t.Errorf("stdout:\n%s", out)
	}
}

func TestMarketRefreshUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"market", "refresh", "albany-ny"}, "flags only"},
		{[]string{"market", "refresh", "--bogus"}, "flag provided but not defined"},
	} {
		_, _, err := runCLI(t, env(nil), c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) || exitCode(err) != 2 {
			t.Errorf("%q: %v, want a usage error saying %q", c.args, err, c.want)
		}
	}
	_, _, err := runCLI(t, env(map[string]string{"BLOB_DIR": t.TempDir()}), "market", "refresh", "--market", "paris", "--index-url", "none")
	if err == nil || !strings.Contains(err.Error(), `"paris" is not in the catalog`) {
		t.Errorf("unknown market: %v", err)
	}
}

// market import names a market imported by hand as a host writes it and
// says its currency, whatever the folder is called (issue 43: "asheville"
// printed prices with no currency).
func TestMarketImportByHand(t *testing.T) {
	for _, tc := range []struct{ folder, dir, snapshot, want string }{
		{markettest.AshevilleName, "asheville", "2022-09-21", "imported Asheville, North Carolina, United States (2022-09-21)"},
		{markettest.AntwerpName, "Antwerp", "2024-06-29", "imported Antwerp, Flemish Region, Belgium (2024-06-29)"},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			src := markettest.SharedDir(t, tc.folder)
			dir := filepath.Join(t.TempDir(), tc.dir)
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(src, "listings.csv.gz"), filepath.Join(dir, "listings.csv.gz")); err != nil {
				t.Fatal(err)
			}
			db := filepath.Join(t.TempDir(), "m.db")
			out, _, err := runCLI(t, env(nil), "market", "import", "--db", db, "--snapshot", tc.snapshot, dir)
			if err != nil {
				t.Fatal(err)
			}
			cur := map[string]string{"asheville": "USD", "Antwerp": "EUR"}[tc.dir]
			if !strings.HasPrefix(out, tc.want) || !strings.Contains(out, "; prices in "+cur+"\n") {
				t.Errorf("stdout:\n%s\nwant %q … prices in %s", out, tc.want, cur)
			}
		})
	}
}
