//go:build !e2e

package main

import (
	"context"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/report"
	"github.com/listinglift/listinglift/backend/safehttp"
)

// listingFetcher is the SSRF-guarded client every user-supplied URL goes
// through. (The e2e test build swaps in a fixture site: fetcher_e2e.go.)
func listingFetcher(_ config.Config, _ func(string) string) (*safehttp.Client, error) {
	return safehttp.New(safehttp.Options{}), nil
}

// photoFetcher fetches listing photos for Premium measurements through the
// same SSRF guard, with room for full-size images.
func photoFetcher(_ config.Config) report.PhotoFetcher {
	client := safehttp.New(safehttp.Options{MaxBodyBytes: 15 << 20})
	return report.PhotoFetcherFunc(func(ctx context.Context, url string) ([]byte, error) {
		resp, err := client.Get(ctx, url)
		if err != nil {
			return nil, err
		}
		return resp.Body, nil
	})
}
