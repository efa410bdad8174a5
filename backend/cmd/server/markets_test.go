package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/marketfiles"
)

// With MARKET_SOURCE=blob the server answers comparables from the market
// file `market refresh` put in the blob store (BLOB_DIR here), downloaded
// into MARKET_CACHE_DIR on first use; without it, and without MARKET_DB,
// there is no market data.
func TestOpenMarketsFromBlobStore(t *testing.T) {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	// Inside Airbnb's file host: Testville's snapshot as summary files.
	site := httptest.NewServer(http.StripPrefix("/test-country/pa/testville/2024-01-02/visualisations/",
		http.FileServer(http.Dir("../../market/testdata/insideairbnb-testville-pa-2024-01-02"))))
	defer site.Close()
	dir := t.TempDir()
	catalogFile := filepath.Join(dir, "catalog.json")
	os.WriteFile(catalogFile, []byte(`{"data_url": "`+site.URL+`", "markets": [{"slug": "testville-pa",
		"name": "Testville, Pennsylvania, United States", "country": "test-country", "region": "pa", "city": "testville",
		"format": "summary", "bounds": {"min_lat": 39.9, "min_lng": -75.1, "max_lat": 40.2, "max_lng": -74.9},
		"snapshots": ["2024-01-02"]}]}`), 0o600)
	env := map[string]string{"MARKET_SOURCE": "blob", "MARKET_CATALOG": catalogFile,
		"BLOB_DIR": filepath.Join(dir, "blobs"), "MARKET_CACHE_DIR": filepath.Join(dir, "cache")}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	blobs, err := local.New(cfg.BlobDir)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := market.LoadCatalog(cfg.MarketCatalog)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&marketfiles.Refresher{Catalog: cat, Blobs: blobs, WorkDir: t.TempDir()}).Refresh(ctx); err != nil {
		t.Fatal(err)
	}

	m, closeMarkets, err := openMarkets(ctx, cfg, blobs, log)
	if err != nil {
		t.Fatal(err)
	}
	defer closeMarkets()
	c, err := m.Comparables(ctx, market.Query{Lat: 40.0, Lng: -75.0, RoomType: "Entire home/apt", Bedrooms: 2})
	if err != nil || c.Market != "Testville, Pennsylvania, United States" || len(c.Listings) == 0 {
		t.Fatalf("comparables: %+v, %v", c, err)
	}
	if files, _ := filepath.Glob(filepath.Join(cfg.MarketCacheDir, "testville-pa-2024-01-02-*.sqlite")); len(files) != 1 {
		t.Errorf("cache holds %v", files)
	}

	none, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if m, _, err := openMarkets(ctx, none, blobs, log); m != nil || err != nil {
		t.Errorf("no market settings: %v, %v; want no market data", m, err)
	}
	env["MARKET_CATALOG"] = filepath.Join(dir, "missing.json")
	cfg, _ = config.Load(func(k string) string { return env[k] })
	if _, _, err := openMarkets(ctx, cfg, blobs, log); err == nil || !strings.Contains(err.Error(), "MARKET_CATALOG") {
		t.Errorf("a missing catalog: %v", err)
	}
}
