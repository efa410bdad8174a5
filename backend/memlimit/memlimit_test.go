package memlimit

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestContainerLimit(t *testing.T) {
	const gib = 1 << 30
	for _, tc := range []struct {
		name    string
		files   map[string]string
		limit   int64
		ok      bool
		wantErr string
	}{
		{name: "cgroup v2 limit (Cloud Run --memory=1Gi)", files: map[string]string{"memory.max": "1073741824\n"}, limit: gib, ok: true},
		{name: "cgroup v2 without a limit", files: map[string]string{"memory.max": "max\n"}},
		{name: "cgroup v1 limit", files: map[string]string{"memory/memory.limit_in_bytes": "536870912\n"}, limit: gib / 2, ok: true},
		{name: "cgroup v1 without a limit (page-rounded MaxInt64)", files: map[string]string{"memory/memory.limit_in_bytes": "9223372036854771712\n"}},
		{name: "v2 is read before v1", files: map[string]string{"memory.max": "2147483648", "memory/memory.limit_in_bytes": "536870912"}, limit: 2 * gib, ok: true},
		{name: "no cgroup files (not in a container)", files: map[string]string{"cpu.max": "max 100000"}},
		{name: "garbage is an error, not a guess", files: map[string]string{"memory.max": "lots"}, wantErr: `memory.max holds "lots"`},
		{name: "zero is an error", files: map[string]string{"memory/memory.limit_in_bytes": "0"}, wantErr: "not a number of bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, body := range tc.files {
				fsys[name] = &fstest.MapFile{Data: []byte(body)}
			}
			limit, ok, err := ContainerLimit(fsys)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || limit != tc.limit || ok != tc.ok {
				t.Fatalf("ContainerLimit = %d, %v, %v; want %d, %v, nil", limit, ok, err, tc.limit, tc.ok)
			}
		})
	}
}

func TestPlan(t *testing.T) {
	const mb = 1 << 20
	deploy := Shape{Requests: 40, Jobs: 2, Decodes: 2, CacheMax: 256 * mb}
	for _, tc := range []struct {
		name      string
		limit     int64
		shape     Shape
		cache     int64
		wantErr   string
		goLimitOK func(b Budget) bool
	}{
		{name: "the deploy (1 GiB): the cache keeps its cap", limit: 1024 * mb, shape: deploy, cache: 256 * mb},
		{name: "more jobs: the cache gets what is left", limit: 1024 * mb, shape: Shape{Requests: 40, Jobs: 4, Decodes: 2, CacheMax: 256 * mb},
			cache: 1024*mb - goNeeds(Baseline+40*PerRequest+4*PerJob+2*PerDecode)},
		{name: "too little memory for the jobs is refused at start", limit: 512 * mb, shape: deploy, wantErr: "not enough"},
		{name: "no known limit: the cap, and GOMEMLIMIT untouched", limit: 0, shape: deploy, cache: 256 * mb},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Plan(tc.limit, tc.shape)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.CacheBytes != tc.cache {
				t.Errorf("cache = %d MB, want %d MB", b.CacheBytes/mb, tc.cache/mb)
			}
			if tc.limit == 0 {
				if b.GoLimit != 0 {
					t.Errorf("GOMEMLIMIT = %d with no known limit, want it left alone", b.GoLimit)
				}
				return
			}
			// Everything the instance holds at once fits in the container:
			// the Go heap's limit plus the cache's files (tmpfs).
			if b.GoLimit+b.CacheBytes > tc.limit {
				t.Errorf("GOMEMLIMIT %d MB + cache %d MB exceed the container's %d MB", b.GoLimit/mb, b.CacheBytes/mb, tc.limit/mb)
			}
			if b.GoLimit < b.Reserved {
				t.Errorf("GOMEMLIMIT %d MB is below what the requests and jobs need (%d MB): the GC would run without pause", b.GoLimit/mb, b.Reserved/mb)
			}
		})
	}
}
