package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/listinglift/listinglift/backend/logging"
)

// requestIDPattern accepts the ids load balancers and our own clients send;
// anything else is replaced so logs cannot be forged through the header.
var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._/-]{1,128}$`)

// withRequestLog gives each request an id (X-Request-Id, echoed back), a
// logger carrying it and the request's Cloud Trace context (traceparent or
// X-Cloud-Trace-Context, which Cloud Run and Cloud Tasks set) in the
// context, and one access log line when it ends. Jobs the request queues
// carry both on (logging.TraceFrom, logging.RequestIDFrom).
func withRequestLog(base *slog.Logger, project string, addr ClientAddrPolicy, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if !requestIDPattern.MatchString(id) {
			id = newRequestID()
		}
		w.Header().Set("X-Request-Id", id)
		log := base.With("request_id", id)
		ctx := logging.WithRequestID(r.Context(), id)
		if tr, ok := logging.ParseTrace(r.Header.Get("traceparent"), r.Header.Get("X-Cloud-Trace-Context")); ok {
			log = log.With(tr.Attrs(project)...)
			ctx = logging.WithTrace(ctx, tr)
		}
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		start := time.Now()
		next.ServeHTTP(rec, r.WithContext(logging.WithLogger(ctx, log)))
		status := rec.status
		if clientClosed(r) && (status >= 500 || !rec.wroteHeader) {
			// The client hung up (a closed tab, the app's own cancelled
			// fetch): whatever the handler answered after that, nobody read
			// it and the server did nothing wrong. Logged as nginx's 499,
			// so neither the 5xx count nor the error alerts see it.
			status = StatusClientClosed
		}
		// httpRequest is the group Cloud Logging shows as a request line.
		// Query strings are left out: they can carry session ids, e-mail
		// and PDF link tokens; share tokens in the path are redacted.
		log.LogAttrs(r.Context(), levelFor(status), "request",
			slog.Group("httpRequest",
				slog.String("requestMethod", r.Method),
				slog.String("requestUrl", RedactPath(r.URL.Path)),
				slog.Int("status", status),
				slog.String("responseSize", strconv.FormatInt(rec.bytes, 10)),
				slog.String("latency", fmt.Sprintf("%.6fs", time.Since(start).Seconds())),
				slog.String("userAgent", r.UserAgent()),
				slog.String("remoteIp", addr.Of(r)),
			),
			// The hop the proxies saw: behind Firebase Hosting, the edge's
			// address (what EDGE_PEER_RANGES must cover).
			slog.String("peer", addr.hop(r)))
	})
}

// StatusClientClosed is the status logged (and, where anything is still
// written, answered) for a request its client abandoned: nginx's 499
// "client closed request". Not a 5xx: the server was not at fault.
const StatusClientClosed = 499

// clientClosed reports whether r's own context was cancelled by its client
// going away. net/http cancels a request's context when the connection
// closes (context.Canceled with no other cause); a deadline the server set
// (context.DeadlineExceeded, or a cause of its own) is the server's and
// stays a 5xx.
func clientClosed(r *http.Request) bool {
	ctx := r.Context()
	return errors.Is(ctx.Err(), context.Canceled) && errors.Is(context.Cause(ctx), context.Canceled)
}

func levelFor(status int) slog.Level {
	if status >= 500 {
		return slog.LevelError
	}
	return slog.LevelInfo
}

func newRequestID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// statusRecorder remembers the status and size a handler wrote.
type statusRecorder struct {
	http.ResponseWriter
	status      int
	bytes       int64
	wroteHeader bool
}

func (s *statusRecorder) WriteHeader(code int) {
	if !s.wroteHeader {
		s.status, s.wroteHeader = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	s.wroteHeader = true
	n, err := s.ResponseWriter.Write(b)
	s.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the real writer (flush, deadlines).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// withRecover turns a panic into a logged 500 JSON answer instead of a
// dropped connection.
func withRecover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				logging.FromContext(r.Context()).Error("panic", "value", fmt.Sprint(v), "stack", string(debug.Stack()))
				serveError(w, r, fmt.Errorf("panic: %v", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// withSecurityHeaders sets the headers every answer carries.
func withSecurityHeaders(p SecurityPolicy, next http.Handler) http.Handler {
	csp := p.ContentSecurityPolicy()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		// same-origin-allow-popups, not same-origin: the Google sign-in popup
		// must be able to report back to the opener.
		h.Set("Cross-Origin-Opener-Policy", "same-origin-allow-popups")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		if p.Production {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}
