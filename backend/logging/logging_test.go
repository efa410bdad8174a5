package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"
)

func TestSeverityAndMessage(t *testing.T) {
	cases := []struct {
		log  func(*slog.Logger)
		want string
	}{
		{func(l *slog.Logger) { l.Debug("m") }, "DEBUG"},
		{func(l *slog.Logger) { l.Info("m") }, "INFO"},
		{func(l *slog.Logger) { l.Warn("m") }, "WARNING"},
		{func(l *slog.Logger) { l.Error("m") }, "ERROR"},
	}
	for _, tc := range cases {
		var buf bytes.Buffer
		tc.log(New(&buf, slog.LevelDebug))
		var rec map[string]any
		if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
			t.Fatalf("not JSON: %q", buf.String())
		}
		if rec["severity"] != tc.want || rec["message"] != "m" {
			t.Errorf("got %v, want severity %s and message m", rec, tc.want)
		}
		if _, ok := rec["level"]; ok {
			t.Errorf("level key kept: %v", rec)
		}
	}
}

func TestLevelFilters(t *testing.T) {
	var buf bytes.Buffer
	New(&buf, slog.LevelWarn).Info("hidden")
	if buf.Len() != 0 {
		t.Errorf("info logged at warn level: %s", buf.String())
	}
}

func TestContextLogger(t *testing.T) {
	var buf bytes.Buffer
	l := New(&buf, slog.LevelInfo).With("request_id", "r1")
	FromContext(WithLogger(context.Background(), l)).Info("x")
	if !bytes.Contains(buf.Bytes(), []byte(`"request_id":"r1"`)) {
		t.Errorf("context logger lost its fields: %s", buf.String())
	}
	if FromContext(context.Background()) == nil {
		t.Error("FromContext without a logger must fall back to the default")
	}
}
