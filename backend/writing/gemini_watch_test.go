package writing

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// A model slower than the job's time left never fails the job: it gets
// the caller's deadline minus the margin, then the built-in copy is used
// (before: the job's own deadline ran out inside the model call and the
// writer returned the error, failing a paid order). With less than
// MinGeminiTime left it is not asked at all.
func TestGeminiSlowModelKeepsTheBuiltinCopy(t *testing.T) {
	req := request(loft(), PremiumTitles)
	f := geminitest.New(t, geminitest.Hang())
	g := newWriter(t, f, GeminiConfig{Timeout: 25 * time.Second, Attempts: 3, Backoff: time.Millisecond, Margin: time.Second})

	ctx, cancel := context.WithTimeout(context.Background(), MinGeminiTime+2*time.Second)
	defer cancel()
	start := time.Now()
	c, err := g.Write(ctx, req)
	if err != nil {
		t.Fatalf("a hanging model failed the write: %v", err)
	}
	if ctx.Err() != nil {
		t.Errorf("the writer used the whole of the job's time (%s): nothing left for the PDF and the save", time.Since(start).Round(time.Millisecond))
	}
	assertFallback(t, c, req, "the request timed out")
	if f.Calls() != 1 {
		t.Errorf("%d model calls, want 1", f.Calls())
	}

	short, cancel2 := context.WithTimeout(context.Background(), time.Second+MinGeminiTime/2)
	defer cancel2()
	c, err = g.Write(short, req)
	if err != nil {
		t.Fatal(err)
	}
	assertFallback(t, c, req, "too little time left")
	if f.Calls() != 1 {
		t.Errorf("the model was asked with %s left", MinGeminiTime/2)
	}
}

// Operators see every model failure in the log with its reason, and an
// ERROR line when the fallback rate over the last writes passes the
// threshold — once, not on every write.
func TestGeminiLogsFailuresAndAlertsOnTheRate(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	f := geminitest.New(t, geminitest.Error(http.StatusInternalServerError, "INTERNAL"))
	g := newWriter(t, f, GeminiConfig{Attempts: 1, Logger: log})
	req := request(loft(), BasicTitles)
	for range FallbackWindow {
		if _, err := g.Write(context.Background(), req); err != nil {
			t.Fatal(err)
		}
	}
	out := buf.String()
	if n := strings.Count(out, `msg="copy model failed; built-in copy used"`); n != FallbackWindow {
		t.Errorf("%d failure lines for %d failed writes:\n%s", n, FallbackWindow, out)
	}
	for _, want := range []string{`reason="server error (HTTP 500) after retries"`, "listing=airbnb:48123456", "fallbacks=20 writes=20"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %s", want)
		}
	}
	if n := strings.Count(out, `level=ERROR msg="copy model fallback rate high"`); n != 1 {
		t.Errorf("%d alert lines, want 1:\n%s", n, out)
	}
	if strings.Contains(out, "Bright top-floor loft") {
		t.Error("the listing's text reached the log")
	}

	// An answer the fact checker refuses is logged per part, by the kind
	// of check, without the copy it quotes.
	buf.Reset()
	f2 := geminitest.New(t, geminitest.Answer(geminiOutput{Titles: goodTitles[:3], Description: goodDescription, AmenityCopy: "Relax in the hot tub."}))
	g2 := newWriter(t, f2, GeminiConfig{Logger: log})
	if _, err := g2.Write(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if out := buf.String(); !strings.Contains(out, `reason="amenity_copy: names an amenity the listing does not have"`) || strings.Contains(out, "hot tub") {
		t.Errorf("rejection log = %s", out)
	}
}
