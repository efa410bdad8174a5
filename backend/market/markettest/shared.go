package markettest

import (
	"os"
	"path/filepath"
	"testing"
)

// The shared snapshots beside Albany (see shared/data/README.md): Antwerp in
// the detailed format, Asheville and Zurich in the summary format.
const (
	AntwerpName   = "insideairbnb-antwerp-2024-06-29"
	AshevilleName = "insideairbnb-asheville-2022-09-21-summary"
	ZurichName    = "insideairbnb-zurich-2024-09-27-summary"
)

// SharedDir returns the shared snapshot folder name, found as AlbanyDir
// finds Albany's, or skips with the reason (also in -short mode).
func SharedDir(tb testing.TB, name string) string {
	tb.Helper()
	if testing.Short() {
		tb.Skipf("imports the %s snapshot; skipped in -short mode", name)
	}
	var tried []string
	if d := os.Getenv("LISTINGLIFT_DATA_DIR"); d != "" {
		tried = append(tried, filepath.Join(d, name), d)
	}
	if root, ok := repoRoot(); ok {
		tried = append(tried, filepath.Join(root, "..", "shared", "data", name))
	}
	for _, dir := range tried {
		if _, err := os.Stat(filepath.Join(dir, "listings.csv.gz")); err == nil && filepath.Base(dir) == name {
			return dir
		}
	}
	tb.Skipf("market data %s not found (looked in %q); set LISTINGLIFT_DATA_DIR to the folder that holds it", name, tried)
	return ""
}
