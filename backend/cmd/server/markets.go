package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/marketfiles"
	"github.com/listinglift/listinglift/backend/report"
)

// openMarkets opens the reports' market data, or returns nil for none:
//
//   - MARKET_SOURCE=file (the default): MARKET_DB, one database file built
//     by `listinglift market import` (or baked into the image), opened
//     read-only and immutable; never migrated at server start.
//   - MARKET_SOURCE=blob: the catalogued markets' files that `listinglift
//     market refresh` keeps in the blob store, each downloaded on first use
//     into MARKET_CACHE_DIR and opened read-only there.
func openMarkets(ctx context.Context, cfg config.Config, blobs blob.Store, log *slog.Logger) (report.Market, func() error, error) {
	switch {
	case cfg.MarketSource == config.MarketBlob:
		cat, err := market.LoadCatalog(cfg.MarketCatalog)
		if err != nil {
			return nil, nil, fmt.Errorf("MARKET_CATALOG=%s: %w", cfg.MarketCatalog, err)
		}
		m, err := marketfiles.New(marketfiles.Options{
			Catalog: cat, Blobs: blobs, Dir: cfg.MarketCacheDir, MaxBytes: int64(cfg.MarketCacheMB) << 20,
			ManifestTTL: cfg.MarketManifestTTL, Logger: log,
		})
		if err != nil {
			return nil, nil, fmt.Errorf("MARKET_CACHE_DIR=%s: %w", cfg.MarketCacheDir, err)
		}
		log.Info("market data from the blob store", "markets", len(cat.Markets), "cache", cfg.MarketCacheDir, "cache_mb", cfg.MarketCacheMB)
		return m, m.Close, nil
	case cfg.MarketDB != "":
		db, err := market.OpenReadOnly(ctx, cfg.MarketDB)
		if err != nil {
			return nil, nil, fmt.Errorf("MARKET_DB=%s: %w", cfg.MarketDB, err)
		}
		return db, db.Close, nil
	}
	return nil, nil, nil
}
