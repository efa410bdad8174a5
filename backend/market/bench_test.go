package market

import (
	"context"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"
)

// BenchmarkImportAlbany imports the Albany snapshot into a fresh database
// file per iteration. Besides time and allocations per import it reports
// rows/s, MB allocated per import and the peak live heap, which shows the
// files are streamed: it stays far below the 15 MB of CSV they decompress to.
func BenchmarkImportAlbany(b *testing.B) {
	dir := albanyDir(b)
	ctx := context.Background()
	var rows, allocated uint64
	var peak heapPeak
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		db, err := Open(ctx, filepath.Join(b.TempDir(), "market.db"))
		if err != nil {
			b.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		stop := peak.watch()
		b.StartTimer()

		stats, err := Import(ctx, db, dir)

		b.StopTimer()
		stop()
		runtime.ReadMemStats(&after)
		if err != nil {
			b.Fatal(err)
		}
		allocated += after.TotalAlloc - before.TotalAlloc
		rows += uint64(stats.Listings + stats.CalendarDays + stats.Reviews)
		if err := db.Close(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(allocated)/float64(b.N)/1e6, "MB-alloc/op")
	b.ReportMetric(float64(peak.max())/1e6, "MB-peak-heap")
}

// heapPeak samples the live heap while watched: the runtime/metrics read
// is cheap and does not stop the world, unlike ReadMemStats.
type heapPeak struct {
	mu   sync.Mutex
	peak uint64
}

func (h *heapPeak) watch() (stop func()) {
	done, finished := make(chan struct{}), make(chan struct{})
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	go func() {
		defer close(finished)
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			h.mu.Lock()
			h.peak = max(h.peak, sample[0].Value.Uint64())
			h.mu.Unlock()
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() { close(done); <-finished }
}

func (h *heapPeak) max() uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.peak
}

// BenchmarkComparables runs the comparables query for a known Albany
// listing (2-bedroom entire home, downtown: about 300 comparables).
func BenchmarkComparables(b *testing.B) {
	dir := albanyDir(b)
	ctx := context.Background()
	db, _ := openTestDB(b)
	if _, err := Import(ctx, db, dir); err != nil {
		b.Fatal(err)
	}
	self, err := db.Listing(ctx, albanyListing)
	if err != nil {
		b.Fatal(err)
	}
	q := Query{Lat: self.Lat, Lng: self.Lng, RoomType: self.RoomType, Bedrooms: self.Bedrooms, ExcludeID: self.ID}
	var n int
	b.ReportAllocs()
	for b.Loop() {
		c, err := db.Comparables(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		n = len(c.Listings)
	}
	b.ReportMetric(float64(n), "comparables")
}
