package marketfiles

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"cloud.google.com/go/storage"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/gcs"
	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/market"
	"github.com/listinglift/listinglift/backend/market/markettest"
)

// The small snapshots package market keeps for its own tests.
const (
	testvilleDir   = "../market/testdata/insideairbnb-testville-pa-2024-01-02"
	summerlandDir  = "../market/testdata/summary-format"
	testvilleName  = "Testville, Pennsylvania, United States"
	albanyName     = "Albany, New York, United States"
	albanyListing  = "2992450" // a 2-bedroom entire home in the Albany snapshot
	testvilleLat   = 40.0
	testvilleLng   = -75.0
	albanyPointLat = 42.6526
	albanyPointLng = -73.7562
)

// snapshotSite stands in for Inside Airbnb's file host: it serves folders
// of snapshot files under catalog paths (<country>/<region>/<city>/<date>/
// data|visualisations/<file>), gzipping a plain .csv on the fly when the
// .csv.gz is asked for, plus an index page. It counts the data requests.
type snapshotSite struct {
	*httptest.Server
	mu       sync.Mutex
	dirs     map[string]string // "<path>/<date>" → local folder
	index    string
	requests int
}

func newSnapshotSite(t *testing.T) *snapshotSite {
	s := &snapshotSite{dirs: map[string]string{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// add publishes the snapshot folder dir as entry's snapshot of date.
func (s *snapshotSite) add(e market.CatalogEntry, date, dir string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dirs[e.Path()+"/"+date] = dir
}

func (s *snapshotSite) setIndex(page string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.index = page
}

func (s *snapshotSite) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests
}

func (s *snapshotSite) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	if r.URL.Path == "/get-the-data/" {
		page := s.index
		s.mu.Unlock()
		fmt.Fprint(w, page)
		return
	}
	s.requests++
	p := strings.TrimPrefix(r.URL.Path, "/")
	var dir, name string
	for prefix, d := range s.dirs {
		for _, sub := range []string{"/data/", "/visualisations/"} {
			if rest, ok := strings.CutPrefix(p, prefix+sub); ok {
				dir, name = d, rest
			}
		}
	}
	s.mu.Unlock()
	if dir == "" || strings.Contains(name, "/") {
		http.NotFound(w, r)
		return
	}
	if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil {
		w.Write(b)
		return
	}
	plain, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(name, ".gz")))
	if err != nil || !strings.HasSuffix(name, ".gz") {
		http.NotFound(w, r)
		return
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(plain)
	zw.Close()
	w.Write(buf.Bytes())
}

// entry is a catalog entry for tests.
func entry(slug, name, city string, minLat, minLng, maxLat, maxLng float64, dates ...string) market.CatalogEntry {
	return market.CatalogEntry{Slug: slug, Name: name, Country: "test-country", Region: "test", City: city,
		Bounds: market.Bounds{MinLat: minLat, MinLng: minLng, MaxLat: maxLat, MaxLng: maxLng}, Snapshots: dates}
}

func testvilleEntry(slug string) market.CatalogEntry {
	return entry(slug, testvilleName, slug, 39.9, -75.1, 40.2, -74.9, "2024-01-02")
}

func albanyEntry() market.CatalogEntry {
	return entry("albany-ny", albanyName, "albany", 42.62, -73.89, 42.72, -73.73, "2025-10-05")
}

func catalogOf(site *snapshotSite, entries ...market.CatalogEntry) *market.Catalog {
	return &market.Catalog{DataURL: site.URL, IndexURL: site.URL + "/get-the-data/", Markets: entries}
}

// albanyDir is the real Albany snapshot, or "" (with the reason logged)
// when it is absent or the test runs in -short mode.
func albanyDir(t *testing.T) string {
	var dir string
	t.Run("albany data", func(t *testing.T) { dir = markettest.AlbanyDir(t) }) // skips only this subtest
	if dir == "" {
		t.Log("the Albany snapshot is not used: see the skipped subtest's reason")
	}
	return dir
}

// countingStore counts Gets and Puts by key and can hold the downloads of
// market files until released.
type countingStore struct {
	blob.Store
	mu   sync.Mutex
	gets map[string]int
	puts map[string]int
	gate chan struct{} // non-nil: Gets of .sqlite keys wait for it to close
}

func counting(s blob.Store) *countingStore {
	return &countingStore{Store: s, gets: map[string]int{}, puts: map[string]int{}}
}

func (c *countingStore) Get(ctx context.Context, key string) ([]byte, string, error) {
	c.mu.Lock()
	c.gets[key]++
	gate := c.gate
	c.mu.Unlock()
	if gate != nil && strings.HasSuffix(key, ".sqlite") {
		<-gate
	}
	return c.Store.Get(ctx, key)
}

func (c *countingStore) Put(ctx context.Context, key string, data []byte, contentType string) error {
	c.mu.Lock()
	c.puts[key]++
	c.mu.Unlock()
	return c.Store.Put(ctx, key, data, contentType)
}

func (c *countingStore) counts() (gets, puts int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, n := range c.gets {
		if strings.HasSuffix(k, ".sqlite") {
			gets += n
		}
	}
	for _, n := range c.puts {
		puts += n
	}
	return gets, puts
}

// blobStore is the store the refresh uploads to: a bucket of its own on
// fake-gcs-server when STORAGE_EMULATOR_HOST is set, else a local folder.
func blobStore(t *testing.T) blob.Store {
	t.Helper()
	if os.Getenv("STORAGE_EMULATOR_HOST") == "" {
		t.Log("STORAGE_EMULATOR_HOST is not set: uploading to the local blob adapter instead of fake-gcs-server " +
			"(make test starts it; or: source scripts/lib.sh && start_fake_gcs LOG)")
		s, err := local.New(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	ctx := context.Background()
	c, err := storage.NewClient(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "listinglift-markets-" + hex.EncodeToString(b)
	if err := c.Bucket(name).Create(ctx, "demo-listinglift", nil); err != nil {
		t.Fatalf("create bucket %s: %v", name, err)
	}
	t.Logf("uploading to fake-gcs-server at %s, bucket %s", os.Getenv("STORAGE_EMULATOR_HOST"), name)
	return gcs.NewWithClient(c, name)
}

// newMarkets opens Markets over store with a fresh cache folder.
func newMarkets(t *testing.T, cat *market.Catalog, store blob.Store, maxBytes int64) *Markets {
	t.Helper()
	m, err := New(Options{Catalog: cat, Blobs: store, Dir: t.TempDir(), MaxBytes: maxBytes})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

func refresh(t *testing.T, r *Refresher, slugs ...string) ([]Result, string) {
	t.Helper()
	var out strings.Builder
	r.Out = &out
	if r.WorkDir == "" {
		r.WorkDir = t.TempDir()
	}
	res, err := r.Refresh(context.Background(), slugs...)
	if err != nil {
		t.Fatalf("refresh: %v\n%s", err, out.String())
	}
	return res, out.String()
}
