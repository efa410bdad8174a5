package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/sharelink"
)

// aShareToken is a working share token of report opt1, as links carry.
func aShareToken(t *testing.T) string {
	t.Helper()
	s := sharelink.Signer{Secret: []byte("test-secret-of-at-least-thirty-two-bytes")}
	return s.Token("opt1", s.New())
}

// Share links are bearer links: whoever reads a log line must not be able
// to open the report. Every line a request writes — the access log, the
// refusal of an unknown path — names it without the token, wherever in the
// path the token is; ids that are not bearers stay readable.
func TestLogsHoldNoShareToken(t *testing.T) {
	h, logs := testServer(t, SecurityPolicy{})
	token := aShareToken(t)
	for _, tc := range []struct{ method, path, want string }{
		{"GET", "/api/shared/" + token, "/api/shared/" + Redacted},
		{"GET", "/shared/" + token, "/shared/" + Redacted},
		{"GET", "/api/shared/" + token + "/more", "/api/shared/" + Redacted + "/more"}, // unknown: "No such API endpoint"
		{"POST", "/api/shared/" + token, "/api/shared/" + Redacted},                    // 405
		{"GET", "//shared/" + token, "//shared/" + Redacted},
		{"GET", "/share/" + token, "/share/" + Redacted}, // a mistyped link: the token's shape
		{"GET", "/api/get-optimization-result/cs_test_a1b2C3d4e5F6g7h8i9j0k1l2m3n4o5p6q7r8s9t0u1v2w3x4y5z6A7B8C9D0",
			"/api/get-optimization-result/cs_test_a1b2C3d4e5F6g7h8i9j0k1l2m3n4o5p6q7r8s9t0u1v2w3x4y5z6A7B8C9D0"},
		{"GET", "/api/optimizations/opt1", "/api/optimizations/opt1"},
	} {
		logs.Reset()
		do(h, tc.method, tc.path)
		if strings.Contains(logs.String(), token) {
			t.Errorf("%s %s: the token is in the logs:\n%s", tc.method, tc.path, logs)
		}
		var line struct {
			HTTPRequest struct {
				RequestURL string `json:"requestUrl"`
			} `json:"httpRequest"`
		}
		lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &line); err != nil || line.HTTPRequest.RequestURL != tc.want {
			t.Errorf("%s %s: access log names %q (%v), want %q", tc.method, tc.path, line.HTTPRequest.RequestURL, err, tc.want)
		}
	}
}

func TestRedactPath(t *testing.T) {
	token := aShareToken(t)
	for in, want := range map[string]string{
		"/":                              "/",
		"/shared/abc":                    "/shared/" + Redacted, // any segment after shared/, even a short one
		"/api/shared/" + token:           "/api/shared/" + Redacted,
		"/x/" + token + "/y":             "/x/" + Redacted + "/y",
		"/api/reports/opt1/pdf":          "/api/reports/opt1/pdf",
		"/api/optimizations/opt1/share":  "/api/optimizations/opt1/share",
		"/shared":                        "/shared",
		"/dashboard":                     "/dashboard",
		"/" + strings.Repeat("a", 80):    "/" + strings.Repeat("a", 80), // shorter than any token
		"/" + token[:len(token)-1] + "!": "/" + token[:len(token)-1] + "!",
	} {
		if got := RedactPath(in); got != want {
			t.Errorf("RedactPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// The public share endpoint is limited per client address like the rest
// of the API: a burst, then 429 with Retry-After and a sentence a person
// can act on; another address is unaffected, and the bucket refills.
func TestSharedReportsAreRateLimited(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	s := newShares(nil, ClientAddrPolicy{}, func() time.Time { return now })
	get := func(addr string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/shared", strings.NewReader(`{"token":"abc"}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = addr + ":1234"
		handlerFunc(s.view).ServeHTTP(rec, req)
		return rec
	}
	for i := 0; i < sharedBurst; i++ {
		if rec := get("198.51.100.7"); rec.Code != http.StatusNotFound {
			t.Fatalf("read %d: %d %s, want the link's own 404", i+1, rec.Code, rec.Body)
		}
	}
	rec := get("198.51.100.7")
	var body errorBody
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	if rec.Code != http.StatusTooManyRequests || body.Error != msgSharedLimit || rec.Header().Get("Retry-After") == "" {
		t.Errorf("read %d: %d %q Retry-After %q, want 429 saying %q", sharedBurst+1, rec.Code, body.Error, rec.Header().Get("Retry-After"), msgSharedLimit)
	}
	if rec := get("203.0.113.9"); rec.Code != http.StatusNotFound {
		t.Errorf("another address: %d, want its own bucket", rec.Code)
	}
	now = now.Add(time.Minute)
	if rec := get("198.51.100.7"); rec.Code != http.StatusNotFound {
		t.Errorf("a minute later: %d, want the bucket refilled", rec.Code)
	}
	if statusOf[domain.CodeRateLimited] != http.StatusTooManyRequests {
		t.Error("rate limited is not 429")
	}
}
