package logging

import (
	"context"
	"io"
	"log/slog"
	"regexp"
	"runtime"
	"strings"
)

// Service names the program in every record (Cloud Logging's and Error
// Reporting's serviceContext), so each line says which build wrote it.
type Service struct {
	Name    string // e.g. "listinglift"
	Version string // the build's version (/api/health reports the same)
	// Project is the Google Cloud project, for trace ids; "" leaves
	// trace fields out.
	Project string
}

// ReportedErrorEvent is the @type that makes Error Reporting take an
// ERROR record as an error event (its message, serviceContext and
// context.reportLocation), without a stack trace in the message.
const ReportedErrorEvent = "type.googleapis.com/google.devtools.clouderrorreporting.v1beta1.ReportedErrorEvent"

// NewService is New for a deployed service: every record carries
// serviceContext {service, version}, and ERROR records are in Error
// Reporting's format (@type and context.reportLocation: the file, line and
// function that logged).
func NewService(w io.Writer, level slog.Leveler, svc Service) *slog.Logger {
	h := slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level, ReplaceAttr: cloudLogging, AddSource: false})
	return slog.New(&errorReporting{Handler: h}).With(slog.Group("serviceContext",
		slog.String("service", svc.Name), slog.String("version", svc.Version)))
}

// errorReporting marks ERROR records for Error Reporting.
type errorReporting struct{ slog.Handler }

func (h *errorReporting) Handle(ctx context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		r = r.Clone()
		r.AddAttrs(slog.String("@type", ReportedErrorEvent))
		if r.PC != 0 {
			f, _ := runtime.CallersFrames([]uintptr{r.PC}).Next()
			r.AddAttrs(slog.Group("context", slog.Group("reportLocation",
				slog.String("filePath", f.File), slog.Int("lineNumber", f.Line), slog.String("functionName", f.Function))))
		}
	}
	return h.Handler.Handle(ctx, r)
}

func (h *errorReporting) WithAttrs(as []slog.Attr) slog.Handler {
	return &errorReporting{Handler: h.Handler.WithAttrs(as)}
}

func (h *errorReporting) WithGroup(name string) slog.Handler {
	return &errorReporting{Handler: h.Handler.WithGroup(name)}
}

// Trace is a request's Cloud Trace context.
type Trace struct {
	ID      string // 32 hex digits
	SpanID  string // as received: hex (traceparent) or decimal (X-Cloud-Trace-Context)
	Sampled bool
}

var (
	cloudTraceHeader = regexp.MustCompile(`^([0-9a-fA-F]{32})(?:/([0-9]{1,20}))?(?:;o=([01]))?$`)
	traceparent      = regexp.MustCompile(`^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$`)
)

// ParseTrace reads W3C traceparent or Google's X-Cloud-Trace-Context (the
// header Cloud Run and Cloud Tasks set). Anything malformed is no trace:
// the value ends up in every log line, so it must not be forged freely.
func ParseTrace(traceParent, cloudTrace string) (Trace, bool) {
	if m := traceparent.FindStringSubmatch(strings.TrimSpace(traceParent)); m != nil && m[1] != strings.Repeat("0", 32) {
		return Trace{ID: m[1], SpanID: m[2], Sampled: m[3] == "01"}, true
	}
	if m := cloudTraceHeader.FindStringSubmatch(strings.TrimSpace(cloudTrace)); m != nil {
		return Trace{ID: strings.ToLower(m[1]), SpanID: m[2], Sampled: m[3] == "1"}, true
	}
	return Trace{}, false
}

// Header is the trace as an X-Cloud-Trace-Context value, to carry it into
// a job.
func (t Trace) Header() string {
	if t.ID == "" {
		return ""
	}
	h := t.ID
	if t.SpanID != "" && !strings.ContainsAny(t.SpanID, "abcdef") {
		h += "/" + t.SpanID
	}
	if t.Sampled {
		h += ";o=1"
	}
	return h
}

// Attrs are the fields Cloud Logging reads to link a record to its trace.
func (t Trace) Attrs(project string) []any {
	if t.ID == "" || project == "" {
		return nil
	}
	out := []any{slog.String("logging.googleapis.com/trace", "projects/"+project+"/traces/"+t.ID)}
	if t.SpanID != "" {
		out = append(out, slog.String("logging.googleapis.com/spanId", t.SpanID))
	}
	return append(out, slog.Bool("logging.googleapis.com/trace_sampled", t.Sampled))
}

type traceKey struct{}

// WithTrace returns ctx carrying t (and, for jobs, the request id).
func WithTrace(ctx context.Context, t Trace) context.Context {
	return context.WithValue(ctx, traceKey{}, t)
}

// TraceFrom returns the context's trace, if any.
func TraceFrom(ctx context.Context) Trace {
	t, _ := ctx.Value(traceKey{}).(Trace)
	return t
}

type requestIDKey struct{}

// WithRequestID returns ctx carrying the request's id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestIDFrom returns the context's request id, or "".
func RequestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}
