package httpapi

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// BenchmarkServe measures the per-request cost of the pages a visitor loads
// first: the app shell (SPA fallback) and a gzipped hashed asset.
func BenchmarkServe(b *testing.B) {
	h, err := NewServer(Deps{
		Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)),
		Web: fstest.MapFS{
			"index.html":          {Data: []byte(indexHTML)},
			"assets/index-abc.js": {Data: make([]byte, 200<<10)},
		},
	})
	if err != nil {
		b.Fatal(err)
	}
	for _, path := range []string{"/", "/payment-cancel", "/assets/index-abc.js", "/healthz", "/api/missing"} {
		b.Run(path, func(b *testing.B) {
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			b.ReportAllocs()
			for b.Loop() {
				h.ServeHTTP(httptest.NewRecorder(), req)
			}
		})
	}
}
