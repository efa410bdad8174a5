package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/store"
	"github.com/listinglift/listinglift/backend/store/storetable"
)

// rawClient sees the answer as the server sent it: Go's default transport
// would ask for gzip itself and undo it out of sight.
var rawClient = &http.Client{Transport: &http.Transport{DisableCompression: true}}

func rawGet(t *testing.T, method, url string, hdr ...string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := rawClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("body is not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gzip body: %v", err)
	}
	return out
}

// bigReport stands in for a report body: well over the threshold.
var bigReport = map[string]any{"success": true, "data": map[string]any{
	"suggestions": strings.Split(strings.Repeat("Add a photo of the balcony at sunset,", 200), ",")}}

func TestJSONGzip(t *testing.T) {
	// The bodies each handler writes, as the client must see them decoded.
	plainOf := func(h http.Handler, method string) []byte {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, "/", nil))
		return rec.Body.Bytes()
	}
	large := handlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		writeJSON(w, http.StatusOK, bigReport)
		return nil
	})
	small := handlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		writeJSON(w, http.StatusOK, map[string]bool{"success": true})
		return nil
	})
	largeError := handlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		writeJSON(w, http.StatusBadGateway, map[string]any{"success": false, "error": strings.Repeat("The listing site did not answer. ", 60)})
		return nil
	})
	refused := handlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return domain.Errorf(domain.CodeNotFound, "This report is not in your account.")
	})
	// Many small writes that add up past the threshold.
	chunked := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := json.Marshal(bigReport)
		w.Header().Set("Content-Type", "application/json")
		for len(b) > 0 {
			n := min(100, len(b))
			_, _ = w.Write(b[:n])
			b = b[n:]
		}
	})
	pdf := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		_, _ = w.Write(bytes.Repeat([]byte("%PDF-1.7 "), 500))
	})
	encoded := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Encoding", "br")
		_, _ = w.Write(bytes.Repeat([]byte("x"), 5000))
	})
	noContent := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNoContent)
	})

	cases := []struct {
		name        string
		h           http.Handler
		method      string
		accept      string
		status      int
		gzipped     bool
		vary        bool // Vary: Accept-Encoding
		checkLength bool // a Content-Length, if any, is the bytes sent
	}{
		{"large JSON, gzip accepted", large, "GET", "gzip, deflate, br", 200, true, true, true},
		{"large JSON, gzip among others", large, "POST", "br;q=1.0, gzip;q=0.8", 200, true, true, true},
		{"large JSON in small writes", chunked, "GET", "gzip", 200, true, true, true},
		{"large JSON error keeps its status", largeError, "GET", "gzip", 502, true, true, true},
		{"small JSON", small, "GET", "gzip", 200, false, true, false},
		{"error body (serveError)", refused, "GET", "gzip", 404, false, true, false},
		{"large JSON, no Accept-Encoding", large, "GET", "", 200, false, true, false},
		{"large JSON, gzip;q=0", large, "GET", "gzip;q=0", 200, false, true, false},
		{"large JSON, identity only", large, "GET", "identity", 200, false, true, false},
		{"PDF", pdf, "GET", "gzip", 200, false, false, false},
		{"already encoded", encoded, "GET", "gzip", 200, false, false, false},
		{"HEAD", large, "HEAD", "gzip", 200, false, false, false},
		{"204", noContent, "GET", "gzip", 204, false, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(withJSONGzip(tc.h))
			defer srv.Close()
			resp, body := rawGet(t, tc.method, srv.URL, "Accept-Encoding", tc.accept)
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.status)
			}
			enc := resp.Header.Get("Content-Encoding")
			if got := enc == "gzip"; got != tc.gzipped {
				t.Fatalf("Content-Encoding %q; gzipped %v, want %v", enc, got, tc.gzipped)
			}
			if cl := resp.Header.Get("Content-Length"); tc.checkLength && cl != "" && cl != strconv.Itoa(len(body)) {
				t.Errorf("Content-Length %q; %d bytes were sent", cl, len(body))
			}
			if tc.gzipped {
				body = gunzip(t, body)
			}
			want := plainOf(tc.h, tc.method)
			if tc.method == "HEAD" {
				want = nil
			}
			if !bytes.Equal(body, want) {
				t.Errorf("decoded body differs from the handler's:\n got %.120q\nwant %.120q", body, want)
			}
			if got := strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Accept-Encoding"); got != tc.vary {
				t.Errorf("Vary %q; Accept-Encoding in it %v, want %v", resp.Header.Values("Vary"), got, tc.vary)
			}
			if ct := resp.Header.Get("Content-Type"); tc.status != 204 && ct == "" {
				t.Error("Content-Type lost")
			}
		})
	}
}

// A handler that set the plain body's Content-Length does not make a
// gzipped answer claim it.
func TestJSONGzipDropsTheHandlersContentLength(t *testing.T) {
	b, _ := json.Marshal(bigReport)
	srv := httptest.NewServer(withJSONGzip(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", "999999")
		_, _ = w.Write(b)
	})))
	defer srv.Close()
	resp, body := rawGet(t, "GET", srv.URL, "Accept-Encoding", "gzip")
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.ContentLength != int64(len(body)) {
		t.Fatalf("Content-Encoding %q, length %d for %d bytes", resp.Header.Get("Content-Encoding"), resp.ContentLength, len(body))
	}
	if !bytes.Equal(gunzip(t, body), b) {
		t.Error("decoded body differs")
	}
}

// A handler that flushes gets its bytes on the wire at once (compressed,
// its size not known yet), and the rest of http.ResponseController still
// reaches the connection.
func TestJSONGzipFlushesAndUnwraps(t *testing.T) {
	first := make(chan struct{})
	srv := httptest.NewServer(withJSONGzip(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if err := rc.SetWriteDeadline(time.Now().Add(time.Minute)); err != nil {
			t.Errorf("SetWriteDeadline through the gzip writer: %v", err)
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"progress":[1`))
		if err := rc.Flush(); err != nil {
			t.Errorf("Flush: %v", err)
		}
		<-first // the client has read the first part before the rest is written
		_, _ = w.Write([]byte(`,2]}`))
	})))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := rawClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	part := make([]byte, len(`{"progress":[1`))
	if _, err := io.ReadFull(zr, part); err != nil || string(part) != `{"progress":[1` {
		t.Fatalf("flushed part %q %v", part, err)
	}
	close(first)
	rest, _ := io.ReadAll(zr)
	if string(rest) != `,2]}` {
		t.Errorf("rest %q", rest)
	}
}

// The request log sees the status the handler chose and counts the bytes
// that went on the wire (compressed).
func TestJSONGzipUnderTheRequestLog(t *testing.T) {
	for _, tc := range []struct {
		name   string
		accept string
		status int
		h      handlerFunc
	}{
		{"large, gzipped", "gzip", 200, func(w http.ResponseWriter, r *http.Request) error {
			writeJSON(w, http.StatusOK, bigReport)
			return nil
		}},
		{"large, plain", "", 200, func(w http.ResponseWriter, r *http.Request) error {
			writeJSON(w, http.StatusOK, bigReport)
			return nil
		}},
		{"refused", "gzip", 409, func(w http.ResponseWriter, r *http.Request) error {
			return domain.Errorf(domain.CodeConflict, "This report is being made.")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs bytes.Buffer
			srv := httptest.NewServer(withRequestLog(logging.New(&logs, slog.LevelInfo), "", ClientAddrPolicy{}, withJSONGzip(tc.h)))
			resp, body := rawGet(t, "GET", srv.URL+"/api/x", "Accept-Encoding", tc.accept)
			srv.Close()
			var line struct {
				HTTPRequest struct {
					Status       int    `json:"status"`
					ResponseSize string `json:"responseSize"`
				} `json:"httpRequest"`
			}
			lines := bytes.Split(bytes.TrimSpace(logs.Bytes()), []byte("\n"))
			if err := json.Unmarshal(lines[len(lines)-1], &line); err != nil {
				t.Fatalf("log %q: %v", logs.String(), err)
			}
			if resp.StatusCode != tc.status || line.HTTPRequest.Status != tc.status {
				t.Errorf("status %d, logged %d; want %d", resp.StatusCode, line.HTTPRequest.Status, tc.status)
			}
			if want := strconv.Itoa(len(body)); line.HTTPRequest.ResponseSize != want {
				t.Errorf("logged responseSize %s; %s bytes were sent", line.HTTPRequest.ResponseSize, want)
			}
		})
	}
}

// A handler that panics before its answer is decided leaves withRecover a
// clean 500: no half-held body ahead of it, no gzip header.
func TestJSONGzipPanicBeforeTheAnswer(t *testing.T) {
	quiet := slog.New(slog.NewJSONHandler(io.Discard, nil))
	h := withRequestLog(quiet, "", ClientAddrPolicy{}, withRecover(withJSONGzip(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"success":tr`))
		panic(errors.New("boom"))
	}))))
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, body := rawGet(t, "GET", srv.URL, "Accept-Encoding", "gzip")
	var out errorBody
	if resp.StatusCode != 500 || resp.Header.Get("Content-Encoding") != "" || json.Unmarshal(body, &out) != nil || out.Error == "" {
		t.Errorf("%d %q %q; want the plain 500 JSON error", resp.StatusCode, resp.Header.Get("Content-Encoding"), body)
	}
}

// Through the real server: the report body comes gzipped to a browser
// that asks, decodes to exactly the plain answer, is much smaller, and
// keeps the headers every answer carries.
func TestReportBodyIsGzippedEndToEnd(t *testing.T) {
	storetable.Run(t, func(t *testing.T, records store.Aggregates) {
		e := newPaidEnv(t, records, paidOptions{})
		u := e.signUp(t)
		code, out := e.send(t, "POST", "/api/optimize", u.IDToken, map[string]any{"url": fixtureListing, "email": u.Email})
		id, _ := out["optimization_id"].(string)
		if code != 200 || id == "" {
			t.Fatalf("optimize: %d %v", code, out)
		}
		path := e.url + "/api/get-optimization-result/" + id
		plainResp, plain := rawGet(t, "GET", path, "Authorization", "Bearer "+u.IDToken)
		gzResp, gz := rawGet(t, "GET", path, "Authorization", "Bearer "+u.IDToken, "Accept-Encoding", "gzip, deflate, br")
		if plainResp.StatusCode != 200 || gzResp.StatusCode != 200 {
			t.Fatalf("status %d and %d", plainResp.StatusCode, gzResp.StatusCode)
		}
		if plainResp.Header.Get("Content-Encoding") != "" || gzResp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("Content-Encoding %q without gzip, %q with", plainResp.Header.Get("Content-Encoding"), gzResp.Header.Get("Content-Encoding"))
		}
		if decoded := gunzip(t, gz); !bytes.Equal(decoded, plain) {
			t.Errorf("decoded report (%d bytes) differs from the plain one (%d bytes)", len(decoded), len(plain))
		}
		var body struct {
			Success bool           `json:"success"`
			Data    map[string]any `json:"data"`
		}
		if err := json.Unmarshal(plain, &body); err != nil || !body.Success || body.Data["overall_score"] == nil {
			t.Fatalf("plain report: %v %.200s", err, plain)
		}
		for _, h := range []string{"Cache-Control", "Content-Type", "X-Content-Type-Options", "X-Request-Id"} {
			if gzResp.Header.Get(h) == "" {
				t.Errorf("gzipped answer lost %s", h)
			}
		}
		if len(gz)*3 > len(plain) {
			t.Errorf("gzipped %d bytes of %d: expected well under a third", len(gz), len(plain))
		}
		t.Logf("report answer: %d bytes plain, %d gzipped", len(plain), len(gz))
	})
}

// BenchmarkGzipLevels is where gzipLevel's figures come from: each golden
// report, compact as writeJSON sends it, at BestSpeed and the default
// level (go test -run X -bench GzipLevels ./backend/httpapi).
func BenchmarkGzipLevels(b *testing.B) {
	files, _ := filepath.Glob("../report/testdata/golden/*.json")
	if len(files) == 0 {
		b.Fatal("no golden reports")
	}
	for _, f := range files {
		pretty, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		var report bytes.Buffer
		if err := json.Compact(&report, pretty); err != nil {
			b.Fatal(err)
		}
		for _, lv := range []struct {
			name  string
			level int
		}{{"BestSpeed", gzip.BestSpeed}, {"Default", gzip.DefaultCompression}} {
			b.Run(strings.TrimSuffix(filepath.Base(f), ".json")+"/"+lv.name, func(b *testing.B) {
				zw, _ := gzip.NewWriterLevel(io.Discard, lv.level)
				var out bytes.Buffer
				b.SetBytes(int64(report.Len()))
				for b.Loop() {
					out.Reset()
					zw.Reset(&out)
					_, _ = zw.Write(report.Bytes())
					_ = zw.Close()
				}
				b.ReportMetric(float64(report.Len()), "plain-B")
				b.ReportMetric(float64(out.Len()), "gzip-B")
			})
		}
	}
}
