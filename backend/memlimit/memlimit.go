// Package memlimit decides, once at start, how one server instance shares
// its container's memory: the Go heap's soft limit (GOMEMLIMIT), and what
// is left for the market cache, which on Cloud Run is a tmpfs folder and
// so counts against the same limit while being invisible to the Go
// runtime.
//
// One instance holds, at its worst moment: the requests in flight
// (--concurrency), the report jobs it runs (JOB_WORKERS, enforced by the
// task endpoint and the local queue), the photos being decoded (bounded
// process-wide, analysis.SetDecodeLimit), and the market files cached on
// its memory disk. Only the first three are Go memory. The figures below
// are measured peaks with room to spare (make bench's memory section prints
// the instance's real peak RSS against the deploy's --memory).
package memlimit

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"
)

// Peaks used to size the budget, in bytes.
const (
	// PerJob is one report job's own peak besides its photo decodes: the
	// largest real page (2 MB of HTML) parsed, the deep reads, live
	// comparables, the analysis and Premium's PDF.
	PerJob = 64 << 20
	// PerDecode is one 16-megapixel photo being measured: the JPEG's
	// bytes, its decoded planes (YCbCr 4:4:4 at worst, 48 MB) and the
	// scaled greyscale copy.
	PerDecode = 64 << 20
	// PerRequest is one API request or drawn page in flight (a scraped
	// listing page read and parsed for the form is the largest).
	PerRequest = 8 << 20
	// Baseline is the process at rest: the runtime, the SDK clients, the
	// built React app it serves and the open market databases' caches.
	Baseline = 96 << 20
	// HeapShare is the share of what the Go runtime may use that
	// GOMEMLIMIT is set to: the rest covers the runtime's own overhead
	// beyond the heap (stacks, fragmentation) and cgo's allocations.
	HeapShare = 0.88
	// MinCache is the smallest market cache worth having: below it the
	// cache is off in effect, and the report says there is no market data
	// for markets it cannot hold.
	MinCache = 16 << 20
)

// unlimited is the cgroup v1 value for "no limit" (a page-rounded
// MaxInt64) and anything above it: no container sets 1 EiB.
const unlimited = 1 << 60

// ContainerLimit reads the memory limit of the container the process runs
// in from the cgroup filesystem fsys (rooted at /sys/fs/cgroup): cgroup v2's
// memory.max, else cgroup v1's memory/memory.limit_in_bytes. ok is false
// when neither names a limit (not in a container, or no limit set).
func ContainerLimit(fsys fs.FS) (limit int64, ok bool, err error) {
	for _, name := range []string{"memory.max", "memory/memory.limit_in_bytes"} {
		b, err := fs.ReadFile(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return 0, false, fmt.Errorf("reading the container's memory limit (%s): %w", name, err)
		}
		return parseLimit(name, string(b))
	}
	return 0, false, nil
}

func parseLimit(name, s string) (int64, bool, error) {
	s = strings.TrimSpace(s)
	if s == "max" {
		return 0, false, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, false, fmt.Errorf("reading the container's memory limit: %s holds %q, not a number of bytes", name, s)
	}
	if n >= unlimited {
		return 0, false, nil
	}
	return n, true, nil
}

// Budget is how one instance shares its memory.
type Budget struct {
	Limit      int64 // the container's limit; 0: none known
	GoLimit    int64 // GOMEMLIMIT to set; 0: leave the runtime's default
	CacheBytes int64 // the market cache's cap
	// Reserved is what the requests, jobs and decodes were given, for the
	// start-up log line.
	Reserved int64
}

// Shape is what the instance runs at once.
type Shape struct {
	Requests int   // Cloud Run's --concurrency
	Jobs     int   // report jobs at once (JOB_WORKERS)
	Decodes  int   // photo decodes at once, process-wide
	CacheMax int64 // MARKET_CACHE_MB in bytes: the cache never gets more
}

// Plan shares limit between the Go heap and the market cache. The cache
// gets what is left once the baseline, the requests, the jobs and the
// decodes have theirs (never more than CacheMax, never less than MinCache),
// and the Go runtime is limited to HeapShare of the rest, since the cache's
// files count against the container's memory but not against the runtime's.
// With no known limit the cache gets CacheMax and GOMEMLIMIT is left alone.
func Plan(limit int64, s Shape) (Budget, error) {
	reserved := int64(Baseline) + int64(s.Requests)*PerRequest + int64(s.Jobs)*PerJob + int64(s.Decodes)*PerDecode
	if limit <= 0 {
		return Budget{CacheBytes: s.CacheMax, Reserved: reserved}, nil
	}
	// The Go side needs reserved under its GOMEMLIMIT, which is HeapShare
	// of the container memory it is given.
	left := limit - goNeeds(reserved)
	if left < MinCache {
		return Budget{}, fmt.Errorf("memory: %d MB is not enough for %d requests, %d report jobs and %d photo decodes at once (%d MB); give the service more --memory or run fewer jobs (JOB_WORKERS)",
			limit>>20, s.Requests, s.Jobs, s.Decodes, (goNeeds(reserved)+MinCache)>>20)
	}
	cache := min(left, s.CacheMax)
	if cache < MinCache {
		cache = MinCache
	}
	return Budget{Limit: limit, GoLimit: int64(float64(limit-cache) * HeapShare), CacheBytes: cache, Reserved: reserved}, nil
}

// goNeeds is the container memory the Go side must be given so that
// reserved fits under its GOMEMLIMIT (HeapShare of it), rounded up.
func goNeeds(reserved int64) int64 { return int64(math.Ceil(float64(reserved)/HeapShare)) + 1 }
