package httpapi

import (
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"sync"
)

// gzipMinSize is the smallest JSON answer worth compressing: below about a
// kilobyte the answer fits in one packet either way, so gzip would only
// spend CPU (most answers — {"success":true}, errors, pending polls — are
// that small).
const gzipMinSize = 1024

// gzipLevel trades size for CPU on every answer (static files are
// compressed once, at BestCompression, in static.go). BenchmarkGzipLevels
// on the golden reports, compact as writeJSON sends them: lisbon-loft
// 44,394 B is 11,390 B at BestSpeed and 9,472 B at the default level,
// albany-house 63,692 B is 16,489 B and 13,520 B; the default level costs
// about 1 ms more CPU per report (0.4-0.7 ms against 1.7 ms here, on a
// busy 2-core machine). On Lighthouse's slow 4G (1.6 Mbit/s) the 2-3 kB
// saved are 10-15 ms of the report page's critical chain, so the default
// level wins.
const gzipLevel = gzip.DefaultCompression

var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(io.Discard, gzipLevel)
	return zw
}}

// withJSONGzip gzips next's JSON answers for clients that accept gzip. The
// report body (GET /api/get-optimization-result/{id}) is tens of kilobytes
// of JSON on the report page's critical path; gzipped it is about a fifth.
// Only JSON is touched: PDFs, the runtime config and static files (which
// carry their own precompressed bodies) pass through as they are.
func withJSONGzip(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		gw := &gzipResponseWriter{ResponseWriter: w, accepts: acceptsGzip(r), status: http.StatusOK}
		defer gw.release()
		next.ServeHTTP(gw, r)
		// Not deferred: after a panic, an answer not yet started is
		// dropped so withRecover can write its 500 cleanly.
		_ = gw.finish()
	})
}

// gzipResponseWriter holds back the status and up to gzipMinSize bytes of
// the body until it knows whether to compress: then it is either plain
// (passing everything on) or gzip (writing through a pooled gzip.Writer).
type gzipResponseWriter struct {
	http.ResponseWriter
	accepts bool

	status    int  // held until decided
	gotHeader bool // the handler called WriteHeader
	decided   bool
	zw        *gzip.Writer // non-nil once compressing
	buf       []byte       // body held while undecided
}

func (g *gzipResponseWriter) WriteHeader(code int) {
	switch {
	case g.decided:
		g.ResponseWriter.WriteHeader(code) // net/http logs the superfluous call
		return
	case g.gotHeader:
		return // the first status stands, as in net/http
	}
	if code >= 100 && code < 200 && code != http.StatusSwitchingProtocols {
		// Informational answers (103 Early Hints) go out at once; the
		// real status follows.
		g.ResponseWriter.WriteHeader(code)
		return
	}
	g.status, g.gotHeader = code, true
}

func (g *gzipResponseWriter) Write(b []byte) (int, error) {
	if !g.decided {
		if !g.eligible() {
			g.decide(false)
		} else if len(g.buf)+len(b) < gzipMinSize {
			g.buf = append(g.buf, b...)
			return len(b), nil
		} else {
			g.decide(true)
		}
	}
	if g.zw != nil {
		return g.zw.Write(b)
	}
	return g.ResponseWriter.Write(b)
}

// eligible says whether the answer, as its headers stand, would be
// compressed once large enough.
func (g *gzipResponseWriter) eligible() bool {
	h := g.ResponseWriter.Header()
	switch {
	case g.status == http.StatusNoContent, g.status == http.StatusNotModified, g.status < 200:
		return false
	case h.Get("Content-Encoding") != "":
		return false
	}
	mt, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	return mt == "application/json"
}

// decide sends the held status (and body) on, compressed or not. A JSON
// answer varies with Accept-Encoding whichever way this one went.
func (g *gzipResponseWriter) decide(large bool) {
	g.decided = true
	h := g.ResponseWriter.Header()
	if g.eligible() {
		h.Add("Vary", "Accept-Encoding")
		if large && g.accepts {
			h.Set("Content-Encoding", "gzip")
			h.Del("Content-Length") // the handler's, for the plain body
			g.zw = gzipWriters.Get().(*gzip.Writer)
			g.zw.Reset(g.ResponseWriter)
		}
	}
	g.ResponseWriter.WriteHeader(g.status)
	if len(g.buf) > 0 {
		buf := g.buf
		g.buf = nil
		if g.zw != nil {
			_, _ = g.zw.Write(buf)
		} else {
			_, _ = g.ResponseWriter.Write(buf)
		}
	}
}

// finish writes out whatever is held (a small answer goes plain) and ends
// the gzip stream.
func (g *gzipResponseWriter) finish() error {
	if !g.decided {
		g.decide(false)
	}
	if g.zw != nil {
		return g.zw.Close()
	}
	return nil
}

// release returns the gzip writer to the pool, detached from the response.
func (g *gzipResponseWriter) release() {
	if g.zw != nil {
		g.zw.Reset(io.Discard)
		gzipWriters.Put(g.zw)
		g.zw = nil
	}
}

// FlushError sends what is written so far. A handler that flushes wants
// bytes on the wire before it knows its size, so an eligible answer is
// compressed from here on whatever its size.
func (g *gzipResponseWriter) FlushError() error {
	if !g.decided {
		g.decide(true)
	}
	if g.zw != nil {
		if err := g.zw.Flush(); err != nil {
			return err
		}
	}
	return http.NewResponseController(g.ResponseWriter).Flush()
}

// Flush is http.Flusher's form of FlushError.
func (g *gzipResponseWriter) Flush() { _ = g.FlushError() }

// Unwrap lets http.ResponseController reach the real writer (deadlines,
// full duplex); its Flush finds FlushError here first.
func (g *gzipResponseWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }
