package market

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/listinglift/listinglift/backend/market/markettest"
)

// albanyDir is the Albany snapshot (skips with the reason when absent).
func albanyDir(tb testing.TB) string { return markettest.AlbanyDir(tb) }

// fixtureDir is the hand-made snapshot in testdata.
const fixtureDir = "testdata/insideairbnb-testville-pa-2024-01-02"

// openTestDB opens a market database in a file under t's temp dir (a file,
// not ":memory:", so tests run on WAL like production) and closes it at the
// end of the test.
func openTestDB(tb testing.TB) (*DB, string) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "market.db")
	db, err := Open(context.Background(), path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db, path
}

// readCSV calls fn with every data row of path and its header positions.
func readCSV(tb testing.TB, path string, fn func(col map[string]int, rec []string)) {
	markettest.ReadCSV(tb, path, fn)
}

// countRows counts the data rows of a CSV file.
func countRows(tb testing.TB, path string) int {
	n := 0
	readCSV(tb, path, func(map[string]int, []string) { n++ })
	return n
}

// copyFile copies src to dst, gzipping it when gz is set.
func copyFile(tb testing.TB, src, dst string, gz bool) {
	tb.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		tb.Fatal(err)
	}
	if gz {
		data = gzipBytes(tb, data)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		tb.Fatal(err)
	}
}

func gzipBytes(tb testing.TB, data []byte) []byte {
	tb.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		tb.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// dbBytes returns the database file and its WAL, so a grep sees every page
// written whether or not it has been checkpointed.
func dbBytes(tb testing.TB, path string) []byte {
	tb.Helper()
	var all []byte
	for _, p := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(p)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			tb.Fatal(err)
		}
		all = append(all, b...)
	}
	return all
}

// count runs a COUNT(*) query.
func count(tb testing.TB, db *DB, query string, args ...any) int {
	tb.Helper()
	var n int
	if err := db.sql.QueryRow(query, args...).Scan(&n); err != nil {
		tb.Fatalf("%s: %v", query, err)
	}
	return n
}
