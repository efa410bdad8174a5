package markettest

import (
	"compress/gzip"
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// ReadCSV calls fn with every data row of path (gzip or plain, by name) and
// its header positions.
func ReadCSV(tb testing.TB, path string, fn func(col map[string]int, rec []string)) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if filepath.Ext(path) == ".gz" {
		zr, err := gzip.NewReader(f)
		if err != nil {
			tb.Fatal(err)
		}
		defer zr.Close()
		r = zr
	}
	cr := csv.NewReader(r)
	header, err := cr.Read()
	if err != nil {
		tb.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[h] = i
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		fn(col, rec)
	}
}
