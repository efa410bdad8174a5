package main

import (
	"bytes"
	"log/slog"
	"math"
	"runtime/debug"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/config"
)

// At start the server sets the Go runtime's memory limit from the
// container's (cgroup) limit, leaves an explicit GOMEMLIMIT alone, bounds
// photo decodes, gives the market cache what is left and says so once.
func TestPlanMemory(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	defer analysis.SetDecodeLimit(analysis.DefaultDecodes)
	oldFS := cgroupFS
	defer func() { cgroupFS = oldFS }()
	cfg, err := config.Load(func(k string) string { return map[string]string{"PHOTO_DECODES": "3"}[k] })
	if err != nil {
		t.Fatal(err)
	}

	t.Run("container limit", func(t *testing.T) {
		cgroupFS = fstest.MapFS{"memory.max": {Data: []byte("1073741824\n")}}
		debug.SetMemoryLimit(math.MaxInt64)
		var out bytes.Buffer
		cache, err := planMemory(cfg, func(string) string { return "" }, slog.New(slog.NewJSONHandler(&out, nil)))
		if err != nil {
			t.Fatal(err)
		}
		got := debug.SetMemoryLimit(-1)
		if got == math.MaxInt64 || got > 1<<30-cache {
			t.Errorf("Go memory limit = %d MB; want set, and with the %d MB cache within the 1024 MB container", got>>20, cache>>20)
		}
		if cache <= 0 || cache > 256<<20 {
			t.Errorf("market cache = %d MB, want between 0 and MARKET_CACHE_MB (256)", cache>>20)
		}
		if analysis.DecodeLimit() != 3 {
			t.Errorf("decode limit = %d, want PHOTO_DECODES (3)", analysis.DecodeLimit())
		}
		if n := strings.Count(out.String(), `"msg":"memory plan"`); n != 1 || !strings.Contains(out.String(), `"container_mb":1024`) {
			t.Errorf("want one memory plan line naming the container's 1024 MB:\n%s", out.String())
		}
	})
	t.Run("explicit GOMEMLIMIT wins", func(t *testing.T) {
		cgroupFS = fstest.MapFS{"memory.max": {Data: []byte("1073741824\n")}}
		debug.SetMemoryLimit(300 << 20) // what the runtime read from GOMEMLIMIT=300MiB
		var out bytes.Buffer
		if _, err := planMemory(cfg, func(k string) string {
			return map[string]string{"GOMEMLIMIT": "300MiB"}[k]
		}, slog.New(slog.NewJSONHandler(&out, nil))); err != nil {
			t.Fatal(err)
		}
		if got := debug.SetMemoryLimit(-1); got != 300<<20 {
			t.Errorf("Go memory limit = %d MB, want the operator's 300", got>>20)
		}
		if !strings.Contains(out.String(), `"go_memory_limit_from":"GOMEMLIMIT"`) {
			t.Errorf("the log does not say GOMEMLIMIT was kept:\n%s", out.String())
		}
	})
	t.Run("too small a container refuses to start", func(t *testing.T) {
		cgroupFS = fstest.MapFS{"memory.max": {Data: []byte("268435456\n")}}
		if _, err := planMemory(cfg, func(string) string { return "" }, slog.New(slog.DiscardHandler)); err == nil || !strings.Contains(err.Error(), "JOB_WORKERS=2") {
			t.Errorf("256 MB container: err = %v, want a refusal naming the settings", err)
		}
	})
}
