package main

import (
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"runtime/debug"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/memlimit"
)

// cgroupFS is where the container's memory limit is read from; tests
// replace it.
var cgroupFS fs.FS = os.DirFS("/sys/fs/cgroup")

// planMemory shares the instance's memory once, at start (memlimit.Plan):
// it sets the Go runtime's soft limit from the container's limit unless
// GOMEMLIMIT was set explicitly (the runtime has read that itself), bounds
// the process's photo decodes, and returns the market cache's cap in bytes.
// Logged once, so an operator sees the figures the instance runs with.
func planMemory(cfg config.Config, getenv func(string) string, log *slog.Logger) (cacheBytes int64, err error) {
	limit, known, err := memlimit.ContainerLimit(cgroupFS)
	if err != nil {
		return 0, err
	}
	if !known {
		limit = 0
	}
	b, err := memlimit.Plan(limit, memlimit.Shape{Requests: cfg.RequestConcurrency, Jobs: cfg.JobWorkers,
		Decodes: cfg.PhotoDecodes, CacheMax: int64(cfg.MarketCacheMB) << 20})
	if err != nil {
		return 0, fmt.Errorf("%w (REQUEST_CONCURRENCY=%d, JOB_WORKERS=%d, PHOTO_DECODES=%d)", err, cfg.RequestConcurrency, cfg.JobWorkers, cfg.PhotoDecodes)
	}
	analysis.SetDecodeLimit(cfg.PhotoDecodes)
	source := "container"
	switch {
	case getenv("GOMEMLIMIT") != "":
		source = "GOMEMLIMIT" // the runtime applied it before main; an operator's choice wins
	case b.GoLimit > 0:
		debug.SetMemoryLimit(b.GoLimit)
	default:
		source = "none (no container memory limit found)"
	}
	goLimit := debug.SetMemoryLimit(-1) // reads it back
	goLimitMB := any(goLimit >> 20)
	if goLimit == 1<<63-1 {
		goLimitMB = "none"
	}
	log.Info("memory plan", "container_mb", b.Limit>>20, "go_memory_limit_mb", goLimitMB, "go_memory_limit_from", source,
		"market_cache_mb", b.CacheBytes>>20, "reserved_mb", b.Reserved>>20,
		"requests", cfg.RequestConcurrency, "job_slots", cfg.JobWorkers, "photo_decodes", cfg.PhotoDecodes)
	return b.CacheBytes, nil
}
