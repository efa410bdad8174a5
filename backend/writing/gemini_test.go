package writing

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/prose"
	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// newFake starts the Gemini stand-in answering with respond and a writer
// pointed at it.
func newFake(t *testing.T, respond geminitest.Responder) (*geminitest.Server, *Gemini) {
	t.Helper()
	f := geminitest.New(t, respond)
	return f, newWriter(t, f, GeminiConfig{Timeout: 2 * time.Second, Attempts: 3, Backoff: time.Millisecond})
}

// newWriter is a Gemini writer with cfg, pointed at the stand-in f.
func newWriter(t *testing.T, f *geminitest.Server, cfg GeminiConfig) *Gemini {
	t.Helper()
	cfg.APIKey, cfg.Model, cfg.BaseURL = geminitest.Key, geminitest.Model, f.URL
	g, err := NewGemini(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

var goodTitles = []string{
	"Sunny Lisbon Loft with River View & Terrace", "2BR Loft in Lisbon with River View", "River View Loft in Lisbon | Sleeps 4",
	"Bright Loft with Terrace and Workspace", "Lisbon Loft for 4 with River View", "Terrace Loft in Lisbon with Workspace",
	"Sunny 2BR Loft with a River View", "Loft in Lisbon with Terrace & River View", "Bright Lisbon Loft, 2 Bedrooms, Terrace",
	"Sunny Loft with Workspace in Lisbon",
}

const goodDescription = "Entire loft in Lisbon for up to 4 guests.\n\nThe space\nA bright loft with a private terrace over the river, " +
	"an open-plan kitchen and two bedrooms with blackout curtains. The 28 tram stops at the door.\n\nHouse rules\nNo pets. No smoking."

func TestGeminiSuccess(t *testing.T) {
	f, g := newFake(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		geminitest.Write(w, geminiOutput{Titles: goodTitles, Description: goodDescription, AmenityCopy: "Wifi, a dedicated workspace and an espresso machine."})
	})
	req := request(loft(), PremiumTitles)
	c, err := g.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	checkTitles(t, c.Titles, PremiumTitles, req)
	if strings.Join(c.Titles, "|") != strings.Join(goodTitles, "|") || c.Description != goodDescription {
		t.Errorf("copy = %+v", c)
	}
	for _, p := range []string{PartTitles, PartDescription, PartAmenityCopy} {
		if c.Writers[p] != NameGemini {
			t.Errorf("writer of %s = %q", p, c.Writers[p])
		}
	}
	if f.Calls() != 1 {
		t.Errorf("%d calls", f.Calls())
	}
	// Structured output with a schema, the system rules and the grounded
	// facts went out.
	body := f.LastRequest()
	gc, _ := body["generationConfig"].(map[string]any)
	if gc["responseMimeType"] != "application/json" || gc["responseSchema"] == nil {
		t.Errorf("generationConfig = %v", gc)
	}
	b, _ := json.Marshal(body)
	for _, want := range []string{"systemInstruction", "Never state a number", `\"untrusted_host_text\"`, `\"differentiators\"`, "River View"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("request lacks %s", want)
		}
	}
}

func TestGeminiMalformedJSON(t *testing.T) {
	f, g := newFake(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		geminitest.Write(w, "Here are some titles: {oops")
	})
	req := request(loft(), BasicTitles)
	c, err := g.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	assertFallback(t, c, req, "its answer was not valid JSON")
	if f.Calls() != 1 {
		t.Errorf("malformed answer retried: %d calls", f.Calls())
	}
}

// Over-long, shouting, invented or duplicate titles are dropped and the
// built-in writer fills their places; a description with emoji and amenity
// copy naming a hot tub the listing lacks fall back too.
func TestGeminiInvalidParts(t *testing.T) {
	titles := []string{
		"Sunny Lisbon Loft with River View & Terrace",
		"An Absolutely Wonderful Sunny Loft in the Heart of Lisbon with River Views", // 74 characters
		"AMAZING Loft in Lisbon",
		"Loft in Lisbon, Sleeps 8",                    // invented number
		"Sunny Lisbon Loft with River View & Terrace", // duplicate
		"2BR Loft in Lisbon with River View",
	}
	_, g := newFake(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		geminitest.Write(w, geminiOutput{Titles: titles, Description: goodDescription + " ☀️", AmenityCopy: "Relax in the hot tub."})
	})
	req := request(loft(), PremiumTitles)
	c, err := g.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	checkTitles(t, c.Titles, PremiumTitles, req)
	if c.Titles[0] != titles[0] || c.Titles[1] != titles[5] {
		t.Errorf("valid Gemini titles not kept first: %q", c.Titles[:2])
	}
	if c.Writers[PartTitles] != "gemini+builtin" || c.Writers[PartDescription] != NameBuiltin || c.Writers[PartAmenityCopy] != NameBuiltin {
		t.Errorf("writers = %v", c.Writers)
	}
	notes := strings.Join(c.Notes, "\n")
	for _, want := range []string{"4 of Gemini's title suggestions failed validation (first: too long: 74 characters, limit 50)",
		"description failed validation (contains emoji", "amenity copy failed validation (names an amenity the listing does not have: Hot tub)"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
}

func TestGeminiRetriesRateLimitThenSucceeds(t *testing.T) {
	f, g := newFake(t, func(n int, w http.ResponseWriter, _ *http.Request) {
		if n == 1 {
			geminitest.WriteError(w, http.StatusTooManyRequests, "RESOURCE_EXHAUSTED")
			return
		}
		geminitest.Write(w, geminiOutput{Titles: goodTitles[:3], Description: goodDescription, AmenityCopy: "Wifi and a kitchen."})
	})
	c, err := g.Write(context.Background(), request(loft(), BasicTitles))
	if err != nil {
		t.Fatal(err)
	}
	if f.Calls() != 2 || c.Writers[PartTitles] != NameGemini {
		t.Errorf("calls %d writers %v", f.Calls(), c.Writers)
	}
}

func TestGeminiRetriesThenFallsBack(t *testing.T) {
	for _, c := range []struct {
		code   int
		status string
		reason string
	}{
		{http.StatusTooManyRequests, "RESOURCE_EXHAUSTED", "rate limited (HTTP 429) after retries"},
		{http.StatusInternalServerError, "INTERNAL", "server error (HTTP 500) after retries"},
		{http.StatusServiceUnavailable, "UNAVAILABLE", "server error (HTTP 503) after retries"},
	} {
		t.Run(fmt.Sprint(c.code), func(t *testing.T) {
			f, g := newFake(t, func(_ int, w http.ResponseWriter, _ *http.Request) { geminitest.WriteError(w, c.code, c.status) })
			req := request(loft(), PremiumTitles)
			out, err := g.Write(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if f.Calls() != 3 {
				t.Errorf("%d calls, want 3 attempts", f.Calls())
			}
			assertFallback(t, out, req, c.reason)
		})
	}
}

func TestGeminiClientErrorIsNotRetried(t *testing.T) {
	f, g := newFake(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		geminitest.WriteError(w, http.StatusBadRequest, "INVALID_ARGUMENT")
	})
	req := request(loft(), BasicTitles)
	out, err := g.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if f.Calls() != 1 {
		t.Errorf("%d calls", f.Calls())
	}
	assertFallback(t, out, req, "HTTP 400")
}

func TestGeminiTimeoutFallsBack(t *testing.T) {
	f := geminitest.New(t, geminitest.Hang())
	g := newWriter(t, f, GeminiConfig{Timeout: 150 * time.Millisecond, Attempts: 3, Backoff: time.Millisecond})
	req := request(loft(), PremiumTitles)
	start := time.Now()
	out, err := g.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %s", d)
	}
	assertFallback(t, out, req, "the request timed out")
}

// Slow server errors are retried, but all attempts together never exceed
// the total budget: copy falls back instead of delaying the report.
func TestGeminiTotalBudgetFallsBack(t *testing.T) {
	f := geminitest.New(t, func(_ int, w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
			return
		case <-time.After(120 * time.Millisecond):
		}
		geminitest.WriteError(w, 503, "UNAVAILABLE")
	})
	g := newWriter(t, f, GeminiConfig{Timeout: time.Second, Attempts: 10, Backoff: 50 * time.Millisecond, Total: 400 * time.Millisecond})
	req := request(loft(), PremiumTitles)
	start := time.Now()
	out, err := g.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %s against a 400ms total budget", d)
	}
	assertFallback(t, out, req, "the request timed out")
}

func TestGeminiCancelledContext(t *testing.T) {
	_, g := newFake(t, func(_ int, w http.ResponseWriter, _ *http.Request) { geminitest.WriteError(w, 500, "INTERNAL") })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Write(ctx, request(loft(), BasicTitles)); err == nil {
		t.Error("a cancelled context wrote copy")
	}
}

func TestNewGeminiNeedsKey(t *testing.T) {
	if _, err := NewGemini(context.Background(), GeminiConfig{}); err == nil {
		t.Error("no error without an API key")
	}
}

// assertFallback checks that every part came from the built-in writer and
// a note says why.
func assertFallback(t *testing.T, c Copy, req Request, reason string) {
	t.Helper()
	checkTitles(t, c.Titles, req.Titles, req)
	for _, p := range []string{PartTitles, PartDescription, PartAmenityCopy} {
		if c.Writers[p] != NameBuiltin {
			t.Errorf("writer of %s = %q, want builtin", p, c.Writers[p])
		}
	}
	want, _ := Builtin{}.Write(context.Background(), req)
	if strings.Join(c.Titles, "|") != strings.Join(want.Titles, "|") || c.Description != want.Description {
		t.Error("fallback copy differs from the built-in writer's")
	}
	// The reason, and the built-in writer's own notes (its description's
	// length) as it gave them.
	if len(c.Notes) != len(want.Notes)+1 || !strings.Contains(c.Notes[len(c.Notes)-1], reason) {
		t.Errorf("notes = %q, want the built-in writer's and one with %q", c.Notes, reason)
	}
}

// The model is told the listing's language; English when the writers have
// no words for it.
func TestGeminiPromptLanguage(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{{"pt", `"language": "pt"`}, {"", `"language": "en"`}, {"el", `"language": "en"`}} {
		l := &listing.Listing{Title: "Casa", Language: prose.Lang(tc.lang)}
		if got, _ := prompt(Request{Listing: l, Titles: 3}, FactsOf(Request{Listing: l})); !strings.Contains(got, tc.want) {
			t.Errorf("%q: prompt lacks %s", tc.lang, tc.want)
		}
	}
}
