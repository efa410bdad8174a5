package writing

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"testing"

	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/logging/alertcheck"
	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// The copy alerts of docs/DEPLOY.md §15 match what the Gemini writer
// logs: every write the model could not serve and every answer the fact
// checker refused (copy_fallback), and the ERROR when most recent writes
// fell back (copy_fallback_rate_high).
func TestAlertLinesCopyFallback(t *testing.T) {
	var out bytes.Buffer
	log := logging.NewService(&out, slog.LevelInfo, logging.Service{Name: "listinglift", Version: "test"})
	f := geminitest.New(t, geminitest.Error(http.StatusInternalServerError, "INTERNAL"))
	g := newWriter(t, f, GeminiConfig{Attempts: 1, Logger: log})
	req := request(loft(), BasicTitles)
	for range FallbackWindow {
		if _, err := g.Write(context.Background(), req); err != nil {
			t.Fatal(err)
		}
	}
	alertcheck.Expect(t, out.Bytes(), "listinglift_copy_fallbacks", "listinglift_copy_fallback_rate")

	out.Reset()
	f2 := geminitest.New(t, geminitest.Answer(geminiOutput{Titles: goodTitles[:3], Description: goodDescription, AmenityCopy: "Relax in the hot tub."}))
	g2 := newWriter(t, f2, GeminiConfig{Logger: log})
	if _, err := g2.Write(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	alertcheck.Expect(t, out.Bytes(), "listinglift_copy_fallbacks")
}
