package market

import (
	"bufio"
	"compress/gzip"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// table streams one CSV file row by row: memory stays flat however large
// the file (a big city's reviews run to hundreds of MB).
type table struct {
	path    string
	r       *csv.Reader
	cols    map[string]int // header name (lower case) → index
	closers []io.Closer
}

// openTable opens dir/<name>.csv.gz or, failing that, dir/<name>.csv and
// reads its header. The .gz is preferred because Inside Airbnb publishes the
// detailed files gzipped next to plain summary files with fewer columns.
// A missing file is an error that wraps fs.ErrNotExist.
func openTable(dir, name string) (*table, error) {
	var f *os.File
	var err error
	for _, ext := range []string{".csv.gz", ".csv"} {
		f, err = os.Open(filepath.Join(dir, name+ext))
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	t := &table{path: f.Name(), closers: []io.Closer{f}}
	if err := t.init(f); err != nil {
		t.Close()
		return nil, fmt.Errorf("%s: %w", t.path, err)
	}
	return t, nil
}

// init decompresses when the file starts with gzip's magic bytes, whatever
// its name says, and reads the header.
func (t *table) init(f io.Reader) error {
	br := bufio.NewReaderSize(f, 256<<10)
	var src io.Reader = br
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return fmt.Errorf("gzip: %w", err)
		}
		t.closers = append(t.closers, zr)
		src = zr
	}
	t.r = csv.NewReader(src)
	t.r.ReuseRecord = true   // one slice for every row; cells are copied on insert
	t.r.LazyQuotes = true    // a stray quote in a host's text must not stop a city's import
	t.r.FieldsPerRecord = -1 // short rows read their missing cells as empty (see cell)
	header, err := t.r.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return errors.New("empty file: no header row")
		}
		return fmt.Errorf("header: %w", err)
	}
	t.cols = make(map[string]int, len(header))
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if _, dup := t.cols[h]; !dup {
			t.cols[h] = i
		}
	}
	return nil
}

// index returns the position of the first of names present, or -1.
func (t *table) index(names ...string) int {
	for _, n := range names {
		if i, ok := t.cols[n]; ok {
			return i
		}
	}
	return -1
}

// require returns the positions of names, or one error naming every missing
// column so whoever supplied the file can fix it in one go.
func (t *table) require(names ...string) ([]int, error) {
	idx := make([]int, len(names))
	var missing []string
	for i, n := range names {
		if idx[i] = t.index(n); idx[i] < 0 {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s: missing required column(s) %s", t.path, strings.Join(missing, ", "))
	}
	return idx, nil
}

// next returns the next row (valid until the following call) or io.EOF.
// Parse errors carry the file and line but never the cell text, which may
// be personal data.
func (t *table) next() ([]string, error) {
	rec, err := t.r.Read()
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %w", t.path, err)
	}
	return rec, err
}

// Close releases the decompressor and the file.
func (t *table) Close() error {
	var errs []error
	for i := len(t.closers) - 1; i >= 0; i-- {
		errs = append(errs, t.closers[i].Close())
	}
	return errors.Join(errs...)
}

// cell returns rec[i], or "" when the column is absent (i < 0) or the row
// is short.
func cell(rec []string, i int) string {
	if i < 0 || i >= len(rec) {
		return ""
	}
	return rec[i]
}
