// Package logging builds the JSON logger every part of ListingLift writes to.
// Records carry "severity" and "message" so Cloud Logging classifies them.
package logging

import (
	"context"
	"io"
	"log/slog"
)

// New returns a JSON logger writing to w at level and above.
func New(w io.Writer, level slog.Leveler) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{
		Level:       level,
		ReplaceAttr: cloudLogging,
	}))
}

// cloudLogging renames slog's keys to the ones Cloud Logging reads:
// level→severity (with WARNING rather than WARN), msg→message.
func cloudLogging(groups []string, a slog.Attr) slog.Attr {
	if len(groups) > 0 {
		return a
	}
	switch a.Key {
	case slog.LevelKey:
		return slog.String("severity", severity(a.Value.Any()))
	case slog.MessageKey:
		a.Key = "message"
	}
	return a
}

func severity(v any) string {
	l, ok := v.(slog.Level)
	if !ok {
		return "DEFAULT"
	}
	switch {
	case l >= slog.LevelError:
		return "ERROR"
	case l >= slog.LevelWarn:
		return "WARNING"
	case l >= slog.LevelInfo:
		return "INFO"
	default:
		return "DEBUG"
	}
}

type ctxKey struct{}

// WithLogger returns a context that carries l (with request-scoped fields).
func WithLogger(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// FromContext returns the context's logger, or slog.Default.
func FromContext(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(ctxKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}
