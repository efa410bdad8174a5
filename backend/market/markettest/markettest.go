// Package markettest finds the real market data tests and benchmarks use:
// Inside Airbnb's Albany snapshot in ../shared/data beside the repository.
// The data is never copied into the repository.
package markettest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// AlbanyName is the snapshot's folder name.
const AlbanyName = "insideairbnb-albany-ny-2025-10-05"

// AlbanyDir returns the Albany snapshot folder: under $LISTINGLIFT_DATA_DIR
// (the folder holding the snapshot, or the snapshot itself) or in
// shared/data beside the repository root (the folder with go.mod). It skips
// with the reason when the data is absent, or in -short mode because
// importing it takes a while.
func AlbanyDir(tb testing.TB) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("imports the whole Albany snapshot; skipped in -short mode")
	}
	var tried []string
	if d := os.Getenv("LISTINGLIFT_DATA_DIR"); d != "" {
		tried = append(tried, filepath.Join(d, AlbanyName), d)
	}
	if root, ok := repoRoot(); ok {
		tried = append(tried, filepath.Join(root, "..", "shared", "data", AlbanyName))
	}
	for _, dir := range tried {
		for _, f := range []string{"listings.csv.gz", "listings.csv"} {
			if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
				return dir
			}
		}
	}
	tb.Skipf("Albany market data not found (looked in %q); set LISTINGLIFT_DATA_DIR to the folder that holds %s", tried, AlbanyName)
	return ""
}

// repoRoot walks up from the working directory to the folder with go.mod
// whose module is this repository (nested tool modules have their own).
func repoRoot() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil &&
			slices.Contains(strings.Split(string(b), "\n"), "module github.com/listinglift/listinglift") {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}
