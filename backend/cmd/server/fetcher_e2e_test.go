//go:build e2e

package main

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/config"
)

// The e2e build may never serve production, and needs its fixture site.
func TestE2EFetcherGuards(t *testing.T) {
	getenv := func(k string) string { return map[string]string{"E2E_LISTING_SITE": "127.0.0.1:9"}[k] }
	if _, err := listingFetcher(config.Config{Env: config.Production}, getenv); err == nil || !strings.Contains(err.Error(), "production") {
		t.Errorf("production accepted by the e2e build: %v", err)
	}
	if _, err := listingFetcher(config.Config{Env: config.Development}, func(string) string { return "" }); err == nil {
		t.Error("e2e build started without E2E_LISTING_SITE")
	}
	if _, err := listingFetcher(config.Config{Env: config.Development}, func(string) string { return "10.0.0.5:80" }); err == nil {
		t.Error("a non-loopback fixture site was accepted")
	}
	if _, err := listingFetcher(config.Config{Env: config.Development}, getenv); err != nil {
		t.Errorf("valid e2e set-up refused: %v", err)
	}
}
