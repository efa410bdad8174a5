package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"github.com/listinglift/listinglift/backend/plans"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/listinglift/listinglift/backend/logging"
)

var indexHTML = `<!doctype html><html><head><script src="/runtime-config.js"></script></head><body><div id="root"></div>` + strings.Repeat("<!-- padding -->", 100) + `</body></html>`

func testServer(t *testing.T, sec SecurityPolicy) (http.Handler, *bytes.Buffer) {
	t.Helper()
	var logs bytes.Buffer
	web := fstest.MapFS{
		"index.html":          {Data: []byte(indexHTML)},
		"assets/index-abc.js": {Data: []byte(strings.Repeat("console.log(1);", 200))},
		"favicon.svg":         {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
		".vite/manifest.json": {Data: []byte(`{}`)},
	}
	h, err := NewServer(Deps{
		Logger:   logging.New(&logs, slog.LevelDebug),
		Web:      web,
		Client:   ClientConfig{Environment: "development", SupportEmail: "help@example.test", Firebase: FirebaseConfig{ProjectID: "demo-x"}},
		Security: sec,
		Version:  "test",
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, &logs
}

func do(h http.Handler, method, target string, hdr ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestRoutes(t *testing.T) {
	h, _ := testServer(t, SecurityPolicy{AuthDomain: "demo-x.firebaseapp.com"})
	cases := []struct {
		name, method, path string
		status             int
		ctype              string
		cache              string
		bodyHas            string
	}{
		{"health", "GET", "/healthz", 200, "application/json", "no-store", `"status":"ok"`},
		{"health under /api", "GET", "/api/health", 200, "application/json", "no-store", `"status":"ok"`},
		{"root", "GET", "/", 200, "text/html", "no-cache", `<div id="root">`},
		{"index alias", "GET", "/index.html", 200, "text/html", "no-cache", `<div id="root">`},
		{"client route", "GET", "/payment-cancel", 200, "text/html", "no-cache", `<div id="root">`},
		{"client route slash", "GET", "/dashboard/", 200, "text/html", "no-cache", `<div id="root">`},
		{"legal page", "GET", "/refunds", 200, "text/html", "no-cache", `<div id="root">`},
		{"unknown client route", "GET", "/no/such/page", 404, "text/html", "no-cache", `<div id="root">`},
		{"hashed asset", "GET", "/assets/index-abc.js", 200, "text/javascript", "public, max-age=31536000, immutable", "console.log"},
		{"other file", "GET", "/favicon.svg", 200, "image/svg+xml", "public, max-age=3600", "<svg"},
		{"missing asset", "GET", "/assets/index-old.js", 404, "text/plain", "", "not found"},
		{"build metadata hidden", "GET", "/.vite/manifest.json", 404, "text/plain", "", "not found"},
		{"runtime config", "GET", "/runtime-config.js", 200, "text/javascript", "no-cache", `window.__LISTINGLIFT_CONFIG__ = {`},
		{"unknown api", "GET", "/api/x", 404, "application/json", "no-store", `{"success":false,"error":"No such API endpoint: /api/x"}`},
		{"unknown api post", "POST", "/api/x/y", 404, "application/json", "no-store", `"success":false`},
		{"unknown internal", "POST", "/internal/nope", 404, "application/json", "no-store", `"success":false`},
		{"post to spa", "POST", "/login", 405, "text/plain", "", "method not allowed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(h, tc.method, tc.path)
			if rec.Code != tc.status {
				t.Errorf("status %d, want %d", rec.Code, tc.status)
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, tc.ctype) {
				t.Errorf("Content-Type %q, want %s", ct, tc.ctype)
			}
			if cc := rec.Header().Get("Cache-Control"); cc != tc.cache {
				t.Errorf("Cache-Control %q, want %q", cc, tc.cache)
			}
			if !strings.Contains(rec.Body.String(), tc.bodyHas) {
				t.Errorf("body %q lacks %q", rec.Body.String(), tc.bodyHas)
			}
		})
	}
}

func TestRuntimeConfigIsValidJSON(t *testing.T) {
	h, _ := testServer(t, SecurityPolicy{})
	body := do(h, "GET", "/runtime-config.js").Body.String()
	js := strings.TrimSuffix(strings.TrimPrefix(body, "window.__LISTINGLIFT_CONFIG__ = "), ";\n")
	var c ClientConfig
	if err := json.Unmarshal([]byte(js), &c); err != nil {
		t.Fatalf("runtime config is not JSON: %v\n%s", err, body)
	}
	if c.SupportEmail != "help@example.test" || c.Firebase.ProjectID != "demo-x" {
		t.Errorf("runtime config lost values: %+v", c)
	}
	// The browser's prices and plan cards are the plan table's.
	var served struct {
		Plans json.RawMessage `json:"plans"`
	}
	_ = json.Unmarshal([]byte(js), &served)
	if want, _ := json.Marshal(plans.All()); string(served.Plans) != string(want) {
		t.Errorf("runtime config plans = %s; want the plan table %s", served.Plans, want)
	}
}

func TestMethodNotAllowedOnKnownAPIPath(t *testing.T) {
	mux := http.NewServeMux()
	r := newAPIRouter()
	r.handle("POST /api/scrape", handlerFunc(func(w http.ResponseWriter, r *http.Request) error { return nil }))
	r.register(mux, withJSONGzip)
	rec := do(mux, "GET", "/api/scrape")
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "POST" {
		t.Fatalf("got %d Allow=%q", rec.Code, rec.Header().Get("Allow"))
	}
	var body errorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Success || body.Error == "" {
		t.Errorf("body %q is not the JSON error shape", rec.Body.String())
	}
}

func TestSecurityHeaders(t *testing.T) {
	for _, prod := range []bool{false, true} {
		sec := SecurityPolicy{Production: prod, AuthDomain: "p.firebaseapp.com"}
		if !prod {
			sec.AuthEmulatorOrigin = "http://127.0.0.1:9099"
		}
		h, _ := testServer(t, sec)
		for _, path := range []string{"/", "/api/x", "/assets/index-abc.js"} {
			hdr := do(h, "GET", path).Header()
			want := map[string]string{
				"Cross-Origin-Opener-Policy": "same-origin-allow-popups",
				"X-Content-Type-Options":     "nosniff",
				"X-Frame-Options":            "DENY",
			}
			for k, v := range want {
				if hdr.Get(k) != v {
					t.Errorf("prod=%v %s: %s=%q, want %q", prod, path, k, hdr.Get(k), v)
				}
			}
			csp := hdr.Get("Content-Security-Policy")
			for _, d := range []string{"frame-ancestors 'none'", "default-src 'self'", "object-src 'none'", "frame-src https://p.firebaseapp.com", "connect-src 'self' https://identitytoolkit.googleapis.com"} {
				if !strings.Contains(csp, d) {
					t.Errorf("prod=%v %s: CSP %q lacks %q", prod, path, csp, d)
				}
			}
			if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
				t.Errorf("CSP allows inline code: %q", csp)
			}
			if emu := strings.Contains(csp, "127.0.0.1:9099"); emu == prod {
				t.Errorf("prod=%v: emulator origin in CSP = %v", prod, emu)
			}
			if hsts := hdr.Get("Strict-Transport-Security"); (hsts != "") != prod {
				t.Errorf("prod=%v: HSTS %q", prod, hsts)
			}
		}
	}
}

func TestGzipAndETag(t *testing.T) {
	h, _ := testServer(t, SecurityPolicy{})
	rec := do(h, "GET", "/assets/index-abc.js", "Accept-Encoding", "br, gzip")
	if rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("not gzipped: %v", rec.Header())
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.HasPrefix(string(plain), "console.log(1);") {
		t.Errorf("gzip body decodes to %q", plain[:20])
	}
	etag := rec.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	again := do(h, "GET", "/assets/index-abc.js", "Accept-Encoding", "gzip", "If-None-Match", etag)
	if again.Code != http.StatusNotModified {
		t.Errorf("conditional GET answered %d, want 304", again.Code)
	}
	if raw := do(h, "GET", "/assets/index-abc.js", "Accept-Encoding", "gzip;q=0"); raw.Header().Get("Content-Encoding") != "" {
		t.Error("gzip sent to a client that refused it")
	}
}

func TestRequestIDAndAccessLog(t *testing.T) {
	h, logs := testServer(t, SecurityPolicy{})
	rec := do(h, "GET", "/healthz?token=secret", "X-Request-Id", "abc-123")
	if rec.Header().Get("X-Request-Id") != "abc-123" {
		t.Errorf("request id not echoed: %q", rec.Header().Get("X-Request-Id"))
	}
	forged := do(h, "GET", "/healthz", "X-Request-Id", "bad\nid")
	if id := forged.Header().Get("X-Request-Id"); id == "" || strings.Contains(id, "\n") {
		t.Errorf("forged request id accepted: %q", id)
	}
	line := strings.SplitN(logs.String(), "\n", 2)[0]
	var rec1 map[string]any
	if err := json.Unmarshal([]byte(line), &rec1); err != nil {
		t.Fatalf("access log is not JSON: %q", line)
	}
	hr, _ := rec1["httpRequest"].(map[string]any)
	if rec1["request_id"] != "abc-123" || hr["requestUrl"] != "/healthz" || hr["status"] != float64(200) || rec1["severity"] != "INFO" {
		t.Errorf("access log %v", rec1)
	}
	if strings.Contains(logs.String(), "secret") {
		t.Error("query string leaked into logs")
	}
}

func TestPanicAnswersJSON500(t *testing.T) {
	var logs bytes.Buffer
	h := withRequestLog(logging.New(&logs, slog.LevelInfo), "", ClientAddrPolicy{}, withRecover(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("boom")
	})))
	rec := do(h, "GET", "/api/anything")
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), `"success":false`) || strings.Contains(rec.Body.String(), "boom") {
		t.Errorf("panic answer %d %q", rec.Code, rec.Body.String())
	}
	if !strings.Contains(logs.String(), "boom") {
		t.Error("panic not logged")
	}
}

func TestNewServerNeedsIndex(t *testing.T) {
	_, err := NewServer(Deps{Logger: slog.Default(), Web: fstest.MapFS{"assets/a.js": {Data: []byte("x")}}})
	if err == nil || !strings.Contains(err.Error(), "index.html") {
		t.Errorf("err = %v, want a message about index.html", err)
	}
}

// TestAccessLogCarriesTheTrace: Cloud Run and Cloud Tasks send
// X-Cloud-Trace-Context (browsers may send traceparent); the request's log
// lines name the trace so Cloud Logging shows them under it.
func TestAccessLogCarriesTheTrace(t *testing.T) {
	var logs bytes.Buffer
	h := withRequestLog(logging.New(&logs, slog.LevelInfo), "listinglift-prod", ClientAddrPolicy{}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tr := logging.TraceFrom(r.Context()); tr.ID != "105445aa7843bc8bf206b12000100000" {
			t.Errorf("handler context trace = %+v", tr)
		}
		logging.FromContext(r.Context()).Info("inside")
	}))
	do(h, "GET", "/api/health", "X-Cloud-Trace-Context", "105445aa7843bc8bf206b12000100000/7;o=1")
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec["logging.googleapis.com/trace"] != "projects/listinglift-prod/traces/105445aa7843bc8bf206b12000100000" ||
			rec["logging.googleapis.com/spanId"] != "7" || rec["logging.googleapis.com/trace_sampled"] != true {
			t.Errorf("log line without the trace: %s", line)
		}
	}
}
