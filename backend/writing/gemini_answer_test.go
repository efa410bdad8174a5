package writing

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// logTo is a logger writing text lines into buf.
func logTo(buf *bytes.Buffer) *slog.Logger { return slog.New(slog.NewTextHandler(buf, nil)) }

// TestGeminiAnswerReadWhole: an answer is used only when its candidate
// finished with STOP and its prompt was not blocked. Any other finish or
// block reason ends in the built-in copy at once (one call: the same
// prompt would be refused again), its reason in the log and plain words
// in the host's note — even when the answer carries copy that would pass
// the checks, since it may be cut short or filtered.
func TestGeminiAnswerReadWhole(t *testing.T) {
	good := geminiOutput{Titles: goodTitles[:3], Description: goodDescription, AmenityCopy: "Wifi and a kitchen."}
	for _, c := range []struct {
		respond geminitest.Responder
		logged  string // in the log line
		note    string // in the host's note
	}{
		{geminitest.FinishReason("SAFETY", good), "finishReason SAFETY", "Gemini's answer was blocked by its safety filter"},
		{geminitest.FinishReason("PROHIBITED_CONTENT", good), "finishReason PROHIBITED_CONTENT", "blocked as prohibited content"},
		{geminitest.FinishReason("RECITATION", good), "finishReason RECITATION", "repeating text from elsewhere"},
		{geminitest.FinishReason("BLOCKLIST", good), "finishReason BLOCKLIST", "list of forbidden terms"},
		{geminitest.FinishReason("SPII", good), "finishReason SPII", "personal information"},
		{geminitest.FinishReason("MAX_TOKENS", `{"titles":["Sunny Lisbon Loft`), "finishReason MAX_TOKENS", "cut off at its length limit"},
		{geminitest.FinishReason("LANGUAGE", good), "finishReason LANGUAGE", "does not support the listing's language"},
		{geminitest.FinishReason("MALFORMED_FUNCTION_CALL", good), "finishReason MALFORMED_FUNCTION_CALL", "malformed"},
		{geminitest.FinishReason("OTHER", good), "finishReason OTHER", "for a reason it did not give"},
		{geminitest.FinishReason("SOMETHING_NEW", good), "finishReason SOMETHING_NEW", "stopped its answer early (SOMETHING_NEW)"},
		{geminitest.Blocked(), "promptFeedback.blockReason SAFETY", "Gemini declined the request: its safety filter blocked it"},
		{geminitest.BlockedFor("PROHIBITED_CONTENT"), "promptFeedback.blockReason PROHIBITED_CONTENT", "declined the request as prohibited content"},
		{geminitest.BlockedFor("JAILBREAK"), "promptFeedback.blockReason JAILBREAK", "attempt to manipulate it"},
		{geminitest.BlockedFor("OTHER"), "promptFeedback.blockReason OTHER", "for a reason it did not give"},
	} {
		t.Run(c.logged, func(t *testing.T) {
			var logs bytes.Buffer
			f := geminitest.New(t, c.respond)
			g := newWriter(t, f, GeminiConfig{Timeout: 2 * time.Second, Backoff: time.Millisecond, Logger: logTo(&logs)})
			req := request(loft(), BasicTitles)
			out, err := g.Write(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			assertFallback(t, out, req, c.note)
			if f.Calls() != 1 {
				t.Errorf("%d calls, want 1 (a refused answer is not retried)", f.Calls())
			}
			if !strings.Contains(logs.String(), c.logged) {
				t.Errorf("log lacks %q:\n%s", c.logged, logs.String())
			}
		})
	}
}

// An answer that omits finishReason (older API versions) but carries
// copy is read as finished.
func TestGeminiAnswerWithoutFinishReason(t *testing.T) {
	_, g := newFake(t, geminitest.FinishReason("", geminiOutput{Titles: goodTitles[:3], Description: goodDescription, AmenityCopy: "Wifi and a kitchen."}))
	c, err := g.Write(context.Background(), request(loft(), BasicTitles))
	if err != nil {
		t.Fatal(err)
	}
	if c.Writers[PartDescription] != NameGemini {
		t.Errorf("writers = %v, notes %q", c.Writers, c.Notes)
	}
}

// A good answer is logged too, so a log (the server's, the CLI's stderr)
// shows every order's outcome, not only the failures.
func TestGeminiLogsAGoodAnswer(t *testing.T) {
	var logs bytes.Buffer
	f := geminitest.New(t, geminitest.Answer(geminiOutput{Titles: goodTitles[:3], Description: goodDescription, AmenityCopy: "Wifi and a kitchen."}))
	g := newWriter(t, f, GeminiConfig{Timeout: 2 * time.Second, Logger: logTo(&logs)})
	if _, err := g.Write(context.Background(), request(loft(), BasicTitles)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "copy model answered; its copy passed the fact checks") || !strings.Contains(logs.String(), "listing=airbnb:48123456") {
		t.Errorf("log:\n%s", logs.String())
	}
}
