package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a log sink safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) lines(t *testing.T) []map[string]any {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(s.b.String()), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}

// accessLine waits for the access log line ("request") of the one request.
func accessLine(t *testing.T, buf *syncBuffer) (map[string]any, []map[string]any) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		lines := buf.lines(t)
		for _, l := range lines {
			if l["msg"] == "request" {
				return l, lines
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no access log line; logged: %v", lines)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A client that hangs up mid-request (a closed tab, the app's own
// cancelled fetch) is the client's doing: on a real http.Server, the
// request whose store call then fails with the cancelled context is logged
// at INFO as 499 — no ERROR line, not a 5xx in httpRequest.status — while
// a deadline the server set itself stays a 500 at ERROR.
func TestClientDisconnectIsNotAServerError(t *testing.T) {
	for _, tc := range []struct {
		name       string
		handler    handlerFunc
		cancel     bool // the client gives up after 100 ms
		wantStatus float64
		wantLevel  string
	}{
		{"client cancels", func(w http.ResponseWriter, r *http.Request) error {
			<-r.Context().Done() // a slow store read, cut short
			return fmt.Errorf("store: read order: %w", r.Context().Err())
		}, true, StatusClientClosed, "INFO"},
		{"client cancels a page drawn outside serveError", func(w http.ResponseWriter, r *http.Request) error {
			<-r.Context().Done()
			http.Error(w, "could not draw the page", http.StatusInternalServerError)
			return nil
		}, true, StatusClientClosed, "INFO"},
		{"server deadline", func(w http.ResponseWriter, r *http.Request) error {
			ctx, cancel := context.WithTimeout(r.Context(), 50*time.Millisecond)
			defer cancel()
			<-ctx.Done()
			return fmt.Errorf("store: read order: %w", ctx.Err())
		}, false, http.StatusInternalServerError, "ERROR"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			buf := &syncBuffer{}
			log := slog.New(slog.NewJSONHandler(buf, nil))
			srv := httptest.NewServer(withRequestLog(log, "", ClientAddrPolicy{}, withRecover(tc.handler)))
			defer srv.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancel {
				time.AfterFunc(100*time.Millisecond, cancel)
			}
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/optimization/x", nil)
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				resp.Body.Close()
				if tc.cancel {
					t.Fatalf("the request was answered %d before the client gave up", resp.StatusCode)
				}
			}
			line, lines := accessLine(t, buf)
			hr, _ := line["httpRequest"].(map[string]any)
			if hr["status"] != tc.wantStatus || line["level"] != tc.wantLevel {
				t.Errorf("access line: status %v at %v; want %v at %s", hr["status"], line["level"], tc.wantStatus, tc.wantLevel)
			}
			if tc.cancel {
				for _, l := range lines {
					if l["level"] == "ERROR" {
						t.Errorf("a client's disconnect logged at ERROR: %v", l)
					}
				}
			}
		})
	}
}
