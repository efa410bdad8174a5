package writing

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/listing"
)

// fakeGemini is a local server speaking the generateContent wire format:
// POST /v1beta/models/{model}:generateContent with a JSON body, answering
// {"candidates":[{"content":{"parts":[{"text":…}]}}]}. respond decides
// each answer by attempt number (1-based).
type fakeGemini struct {
	t        *testing.T
	calls    atomic.Int32
	lastBody atomic.Value // map[string]any
	respond  func(attempt int, w http.ResponseWriter, r *http.Request)
}

func (f *fakeGemini) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := int(f.calls.Add(1))
	if r.Method != http.MethodPost || r.URL.Path != "/v1beta/models/gemini-test:generateContent" {
		f.t.Errorf("request %s %s, want POST /v1beta/models/gemini-test:generateContent", r.Method, r.URL.Path)
	}
	if r.Header.Get("x-goog-api-key") != "test-key" {
		f.t.Errorf("api key header = %q", r.Header.Get("x-goog-api-key"))
	}
	body, _ := io.ReadAll(r.Body)
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		f.t.Errorf("request body is not JSON: %v", err)
	}
	f.lastBody.Store(m)
	f.respond(n, w, r)
}

// answer writes a successful response whose text is the JSON of out (or
// raw text when out is a string).
func answer(w http.ResponseWriter, out any) {
	text, ok := out.(string)
	if !ok {
		b, _ := json.Marshal(out)
		text = string(b)
	}
	resp := map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}},
			"finishReason": "STOP",
		}},
		"modelVersion": "gemini-test",
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

func apiError(w http.ResponseWriter, code int, status string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	fmt.Fprintf(w, `{"error":{"code":%d,"message":"test error","status":%q}}`, code, status)
}

func newFake(t *testing.T, respond func(int, http.ResponseWriter, *http.Request)) (*fakeGemini, *Gemini) {
	t.Helper()
	f := &fakeGemini{t: t, respond: respond}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	g, err := NewGemini(context.Background(), GeminiConfig{APIKey: "test-key", Model: "gemini-test", BaseURL: srv.URL + "/",
		Timeout: 2 * time.Second, Attempts: 3, Backoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return f, g
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
		answer(w, geminiOutput{Titles: goodTitles, Description: goodDescription, AmenityCopy: "Wifi, a dedicated workspace and an espresso machine."})
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
	if f.calls.Load() != 1 {
		t.Errorf("%d calls", f.calls.Load())
	}
	// Structured output with a schema, the system rules and the grounded
	// facts went out.
	body := f.lastBody.Load().(map[string]any)
	gc, _ := body["generationConfig"].(map[string]any)
	if gc["responseMimeType"] != "application/json" || gc["responseSchema"] == nil {
		t.Errorf("generationConfig = %v", gc)
	}
	b, _ := json.Marshal(body)
	for _, want := range []string{"systemInstruction", "Never state a number", `\"original_description\"`, `\"differentiators\"`, "River View"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("request lacks %s", want)
		}
	}
}

func TestGeminiMalformedJSON(t *testing.T) {
	f, g := newFake(t, func(_ int, w http.ResponseWriter, _ *http.Request) { answer(w, "Here are some titles: {oops") })
	req := request(loft(), BasicTitles)
	c, err := g.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	assertFallback(t, c, req, "its answer was not valid JSON")
	if f.calls.Load() != 1 {
		t.Errorf("malformed answer retried: %d calls", f.calls.Load())
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
		answer(w, geminiOutput{Titles: titles, Description: goodDescription + " ☀️", AmenityCopy: "Relax in the hot tub."})
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
			apiError(w, http.StatusTooManyRequests, "RESOURCE_EXHAUSTED")
			return
		}
		answer(w, geminiOutput{Titles: goodTitles[:3], Description: goodDescription, AmenityCopy: "Wifi and a kitchen."})
	})
	c, err := g.Write(context.Background(), request(loft(), BasicTitles))
	if err != nil {
		t.Fatal(err)
	}
	if f.calls.Load() != 2 || c.Writers[PartTitles] != NameGemini {
		t.Errorf("calls %d writers %v", f.calls.Load(), c.Writers)
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
			f, g := newFake(t, func(_ int, w http.ResponseWriter, _ *http.Request) { apiError(w, c.code, c.status) })
			req := request(loft(), PremiumTitles)
			out, err := g.Write(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if f.calls.Load() != 3 {
				t.Errorf("%d calls, want 3 attempts", f.calls.Load())
			}
			assertFallback(t, out, req, c.reason)
		})
	}
}

func TestGeminiClientErrorIsNotRetried(t *testing.T) {
	f, g := newFake(t, func(_ int, w http.ResponseWriter, _ *http.Request) {
		apiError(w, http.StatusBadRequest, "INVALID_ARGUMENT")
	})
	req := request(loft(), BasicTitles)
	out, err := g.Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if f.calls.Load() != 1 {
		t.Errorf("%d calls", f.calls.Load())
	}
	assertFallback(t, out, req, "HTTP 400")
}

func TestGeminiTimeoutFallsBack(t *testing.T) {
	f := &fakeGemini{t: t}
	f.respond = func(_ int, w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	g, err := NewGemini(context.Background(), GeminiConfig{APIKey: "test-key", Model: "gemini-test", BaseURL: srv.URL + "/",
		Timeout: 150 * time.Millisecond, Attempts: 3, Backoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
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
	f := &fakeGemini{t: t}
	f.respond = func(_ int, w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
			return
		case <-time.After(120 * time.Millisecond):
		}
		apiError(w, 503, "UNAVAILABLE")
	}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	g, err := NewGemini(context.Background(), GeminiConfig{APIKey: "test-key", Model: "gemini-test", BaseURL: srv.URL + "/",
		Timeout: time.Second, Attempts: 10, Backoff: 50 * time.Millisecond, Total: 400 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
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
	_, g := newFake(t, func(_ int, w http.ResponseWriter, _ *http.Request) { apiError(w, 500, "INTERNAL") })
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
		l := &listing.Listing{Title: "Casa", Language: tc.lang}
		if got := prompt(Request{Listing: l, Titles: 3}, FactsOf(Request{Listing: l})); !strings.Contains(got, tc.want) {
			t.Errorf("%q: prompt lacks %s", tc.lang, tc.want)
		}
	}
}
