//go:build !e2e

package main

import (
	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/safehttp"
)

// listingFetcher is the SSRF-guarded client every user-supplied URL goes
// through. (The e2e test build swaps in a fixture site: fetcher_e2e.go.)
func listingFetcher(_ config.Config, _ func(string) string) (*safehttp.Client, error) {
	return safehttp.New(safehttp.Options{}), nil
}
