package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

func TestServiceRecordsCarryVersionAndErrorsAreReported(t *testing.T) {
	var buf bytes.Buffer
	log := NewService(&buf, slog.LevelInfo, Service{Name: "listinglift", Version: "0c66890abcde"})
	log.Info("order paid", "optimization", "abc")
	log.With("request_id", "r1").Error("report failed", "err", "listing site timed out")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines: %s", len(lines), buf.String())
	}
	var info, failed map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &info); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &failed); err != nil {
		t.Fatal(err)
	}
	for _, rec := range []map[string]any{info, failed} {
		sc, _ := rec["serviceContext"].(map[string]any)
		if sc["service"] != "listinglift" || sc["version"] != "0c66890abcde" {
			t.Errorf("serviceContext = %v, want service and the build's version", rec["serviceContext"])
		}
	}
	if _, ok := info["@type"]; ok {
		t.Error("an INFO record is marked as an error event")
	}
	if failed["@type"] != ReportedErrorEvent || failed["severity"] != "ERROR" || failed["message"] != "report failed" {
		t.Errorf("error record = %v", failed)
	}
	loc, _ := failed["context"].(map[string]any)["reportLocation"].(map[string]any)
	if !strings.HasSuffix(loc["filePath"].(string), "cloud_test.go") || loc["lineNumber"].(float64) == 0 ||
		!strings.Contains(loc["functionName"].(string), "TestServiceRecordsCarryVersion") {
		t.Errorf("reportLocation = %v, want this test's file, line and function", loc)
	}
}

func TestParseTrace(t *testing.T) {
	const id = "4bf92f3577b34da6a3ce929d0e0e4736"
	cases := []struct {
		name, parent, cloud string
		want                Trace
		ok                  bool
	}{
		{"traceparent sampled", "00-" + id + "-00f067aa0ba902b7-01", "", Trace{ID: id, SpanID: "00f067aa0ba902b7", Sampled: true}, true},
		{"traceparent wins", "00-" + id + "-00f067aa0ba902b7-00", "105445aa7843bc8bf206b12000100000/1;o=1", Trace{ID: id, SpanID: "00f067aa0ba902b7"}, true},
		{"cloud trace", "", "105445AA7843BC8BF206B12000100000/13;o=1", Trace{ID: "105445aa7843bc8bf206b12000100000", SpanID: "13", Sampled: true}, true},
		{"cloud trace id only", "", "105445aa7843bc8bf206b12000100000", Trace{ID: "105445aa7843bc8bf206b12000100000"}, true},
		{"all-zero traceparent", "00-" + strings.Repeat("0", 32) + "-00f067aa0ba902b7-01", "", Trace{}, false},
		{"forged with a newline", "", "105445aa7843bc8bf206b12000100000\n{\"severity\":\"ERROR\"}", Trace{}, false},
		{"short id", "", "abc/1", Trace{}, false},
		{"none", "", "", Trace{}, false},
	}
	for _, c := range cases {
		got, ok := ParseTrace(c.parent, c.cloud)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: ParseTrace = %+v, %v; want %+v, %v", c.name, got, ok, c.want, c.ok)
		}
	}
	tr := Trace{ID: "105445aa7843bc8bf206b12000100000", SpanID: "13", Sampled: true}
	if back, ok := ParseTrace("", tr.Header()); !ok || back != tr {
		t.Errorf("Header round trip: %q → %+v", tr.Header(), back)
	}
	if got := TraceFrom(WithTrace(context.Background(), tr)); got != tr {
		t.Errorf("TraceFrom = %+v", got)
	}
}
