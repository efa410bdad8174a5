package marketfiles

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/listinglift/listinglift/backend/market"
)

// threeMarkets refreshes three small markets (Testville's snapshot under
// three slugs) into one store and returns their catalog and file size.
func threeMarkets(t *testing.T) (*market.Catalog, *countingStore, int64) {
	t.Helper()
	site := newSnapshotSite(t)
	var entries []market.CatalogEntry
	for i, slug := range []string{"a", "b", "c"} {
		e := testvilleEntry(slug)
		e.Bounds.MinLat, e.Bounds.MaxLat = float64(10*i), float64(10*i+1) // apart, so each point has one
		entries = append(entries, e)
		site.add(e, "2024-01-02", testvilleDir)
	}
	cat := catalogOf(site, entries...)
	store := counting(blobStore(t))
	res, _ := refresh(t, &Refresher{Catalog: cat, Blobs: store})
	return cat, store, res[0].Manifest.Size
}

func cachedSlugs(m *Markets) []string {
	m.cache.mu.Lock()
	defer m.cache.mu.Unlock()
	var out []string
	for _, f := range m.cache.files {
		if _, err := os.Stat(m.cache.opts.Dir + "/" + f.name); err == nil {
			out = append(out, f.slug)
		}
	}
	slices.Sort(out)
	return out
}

// use acquires slug's file and releases it at once, or keeps it in use.
func use(t *testing.T, m *Markets, slug string, keep bool) *file {
	t.Helper()
	f, err := m.cache.acquire(context.Background(), slug)
	if err != nil {
		t.Fatalf("acquire %s: %v", slug, err)
	}
	if !keep {
		m.cache.release(f)
	}
	return f
}

// Under a cap of two and a half files, the least recently used file not in
// use goes; a file in use is never evicted, even if that means going over
// the cap until it is released.
func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	cat, store, size := threeMarkets(t)
	m := newMarkets(t, cat, store, size*5/2)
	steps := []struct {
		use  string
		keep bool
		want []string // cached after the step
	}{
		{"a", false, []string{"a"}},
		{"b", false, []string{"a", "b"}},
		{"a", false, []string{"a", "b"}}, // a is now the most recent
		{"c", false, []string{"a", "c"}}, // so b goes
		{"c", true, []string{"a", "c"}},  // c stays in use…
		{"a", true, []string{"a", "c"}},  // …and so does a
		{"b", false, []string{"a", "b", "c"}},
	}
	var held []*file
	for i, s := range steps {
		if f := use(t, m, s.use, s.keep); s.keep {
			held = append(held, f)
		}
		if got := cachedSlugs(m); !slices.Equal(got, s.want) {
			t.Fatalf("step %d (use %s): cached %v, want %v", i, s.use, got, s.want)
		}
	}
	// Over the cap while a and c are in use; the next load evicts again.
	for _, f := range held {
		m.cache.release(f)
	}
	use(t, m, "b", false) // already cached: no eviction needed…
	if got := cachedSlugs(m); len(got) != 3 {
		t.Fatalf("cached %v", got)
	}
	m.cache.mu.Lock()
	m.cache.evict()
	m.cache.mu.Unlock()
	if got := cachedSlugs(m); !slices.Equal(got, []string{"a", "b"}) { // c was used least recently
		t.Errorf("after eviction: %v, want [a b]", got)
	}
	if gets, _ := store.counts(); gets != 4 {
		t.Errorf("%d downloads, want 4 (a, b, c, b again)", gets)
	}
}

// A file larger than the whole cache is refused with the setting to change.
func TestCacheRefusesAFileOverTheCap(t *testing.T) {
	cat, store, size := threeMarkets(t)
	m := newMarkets(t, cat, store, size-1)
	if _, err := m.cache.acquire(context.Background(), "a"); err == nil || !strings.Contains(err.Error(), "MARKET_CACHE_MB") {
		t.Errorf("acquire: %v", err)
	}
}

// Reports asking for the same uncached market at once share one download.
func TestConcurrentFirstUseDownloadsOnce(t *testing.T) {
	cat, store, _ := threeMarkets(t)
	m := newMarkets(t, cat, store, 1<<30)
	const n = 8
	gate := make(chan struct{})
	store.mu.Lock()
	store.gate = gate
	store.mu.Unlock()
	var waiting sync.WaitGroup
	waiting.Add(n - 1)
	m.cache.onWait = waiting.Done

	var done sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		done.Go(func() {
			_, errs[i] = m.Comparables(context.Background(), market.Query{Lat: 0.5, Lng: testvilleLng, RoomType: "Entire home/apt", Bedrooms: 2})
		})
	}
	waiting.Wait() // n-1 callers wait on the one download…
	close(gate)    // …which may now finish
	done.Wait()
	for _, err := range errs {
		// Testville's data is at 40°N: the market file answers that this
		// point is outside it, which is all this test needs.
		if err != nil && !errors.Is(err, market.ErrNoMarket) {
			t.Fatal(err)
		}
	}
	if gets, _ := store.counts(); gets != 1 {
		t.Errorf("%d downloads of the market file, want 1", gets)
	}
}

// A restart finds the files the last run cached and downloads nothing.
func TestCacheReusesFilesAfterRestart(t *testing.T) {
	cat, store, size := threeMarkets(t)
	dir := t.TempDir()
	open := func() *Markets {
		m, err := New(Options{Catalog: cat, Blobs: store, Dir: dir, MaxBytes: 10 * size})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m := open()
	use(t, m, "a", false)
	m.Close()
	os.WriteFile(dir+"/.download-123.part", []byte("half"), 0o600)

	m = open()
	defer m.Close()
	if m.cache.total != size {
		t.Errorf("adopted %d bytes, want %d", m.cache.total, size)
	}
	use(t, m, "a", false)
	if gets, _ := store.counts(); gets != 1 {
		t.Errorf("%d downloads, want 1 (the second run reuses the file)", gets)
	}
	if _, err := os.Stat(dir + "/.download-123.part"); !os.IsNotExist(err) {
		t.Error("a partial download was left behind")
	}
}
