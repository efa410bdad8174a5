//go:build e2e

package main

import (
	"context"
	"fmt"
	"os"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/safehttp"
	"github.com/listinglift/listinglift/backend/safehttp/e2esite"
)

// listingFetcher, in the e2e test build only, sends listing fetches to the
// fixture site named by E2E_LISTING_SITE (see safehttp/e2esite).
func listingFetcher(cfg config.Config, getenv func(string) string) (*e2esite.Routed, error) {
	if cfg.Env == config.Production {
		return nil, fmt.Errorf("APP_ENV=production: this is the e2e test build, which must never serve production")
	}
	addr := getenv("E2E_LISTING_SITE")
	if addr == "" {
		return nil, fmt.Errorf("E2E_LISTING_SITE is unset: the e2e build needs the fixture site's ip:port")
	}
	return e2esite.New(addr, safehttp.Options{})
}

// photoFetcher is off in the e2e build (the fixture site serves listing
// pages, not photo CDNs, and the browser tests do not measure photos),
// unless E2E_PHOTOS=1: then photos come from the same local site, with the
// production client's room for full-size images — make bench's memory run
// serves 16-megapixel JPEGs there.
func photoFetcher(config.Config) report.PhotoFetcher {
	if os.Getenv("E2E_PHOTOS") != "1" {
		return nil
	}
	site, err := e2esite.New(os.Getenv("E2E_LISTING_SITE"), safehttp.Options{MaxBodyBytes: 15 << 20})
	if err != nil {
		return nil
	}
	return report.PhotoFetcherFunc(func(ctx context.Context, url string) ([]byte, error) {
		resp, err := site.Do(ctx, safehttp.Request{URL: url})
		if err != nil {
			return nil, err
		}
		return resp.Body, nil
	})
}
