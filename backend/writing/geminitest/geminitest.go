// Package geminitest is a local stand-in for Google's Gemini API, for
// tests: an HTTP server speaking the generateContent wire format (POST
// /v1beta/models/{model}:generateContent, answering
// {"candidates":[{"content":{"parts":[{"text":…}]}}]}) whose answers the
// test chooses, one Responder per scenario — a good answer, invented
// facts, another language, malformed JSON, a safety block, an HTTP error,
// a slow or hanging model. Point writing.GeminiConfig.BaseURL (or the
// server's GEMINI_BASE_URL) at Server.URL with the API key Key.
package geminitest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Key is the API key the stand-in expects in x-goog-api-key.
const Key = "test-key"

// Model is the model name the stand-in serves.
const Model = "gemini-test"

// Responder answers one request; attempt counts the requests the server
// has had, from 1.
type Responder func(attempt int, w http.ResponseWriter, r *http.Request)

// Server is a running stand-in.
type Server struct {
	URL string // base URL, with a trailing slash, for GeminiConfig.BaseURL

	t       testing.TB
	respond Responder
	calls   atomic.Int32
	mu      sync.Mutex
	last    map[string]any
}

// New starts a stand-in that answers with respond, stopped when the test
// ends. A request that is not a generateContent call with the right key
// fails the test.
func New(t testing.TB, respond Responder) *Server {
	t.Helper()
	s := &Server{t: t, respond: respond}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL + "/"
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := int(s.calls.Add(1))
	if r.Method != http.MethodPost || r.URL.Path != "/v1beta/models/"+Model+":generateContent" {
		s.t.Errorf("gemini stand-in: request %s %s, want POST /v1beta/models/%s:generateContent", r.Method, r.URL.Path, Model)
	}
	if r.Header.Get("x-goog-api-key") != Key {
		s.t.Errorf("gemini stand-in: api key header = %q", r.Header.Get("x-goog-api-key"))
	}
	body, _ := io.ReadAll(r.Body)
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		s.t.Errorf("gemini stand-in: request body is not JSON: %v", err)
	}
	s.mu.Lock()
	s.last = m
	s.mu.Unlock()
	s.respond(n, w, r)
}

// Calls is how many requests the stand-in has had.
func (s *Server) Calls() int { return int(s.calls.Load()) }

// LastRequest is the JSON body of the latest request.
func (s *Server) LastRequest() map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

// Prompt is the text of the latest request's user content: the grounded
// facts the writer sent.
func (s *Server) Prompt() string {
	var b strings.Builder
	contents, _ := s.LastRequest()["contents"].([]any)
	for _, c := range contents {
		parts, _ := c.(map[string]any)["parts"].([]any)
		for _, p := range parts {
			if text, ok := p.(map[string]any)["text"].(string); ok {
				b.WriteString(text)
			}
		}
	}
	return b.String()
}

// Write writes a successful answer whose text is the JSON of out (or out
// itself when it is a string: raw model text).
func Write(w http.ResponseWriter, out any) { WriteFinished(w, "STOP", out) }

// WriteFinished writes an answer with out as its text whose candidate
// finished for reason ("STOP", "SAFETY", "MAX_TOKENS"…).
func WriteFinished(w http.ResponseWriter, reason string, out any) {
	text, ok := out.(string)
	if !ok {
		b, _ := json.Marshal(out)
		text = string(b)
	}
	resp := map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}},
			"finishReason": reason,
		}},
		"modelVersion": Model,
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

// WriteError writes the API's error body with an HTTP status.
func WriteError(w http.ResponseWriter, code int, status string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	fmt.Fprintf(w, `{"error":{"code":%d,"message":"test error","status":%q}}`, code, status)
}

// Answer always answers with out.
func Answer(out any) Responder {
	return func(_ int, w http.ResponseWriter, _ *http.Request) { Write(w, out) }
}

// Error always answers with an HTTP error.
func Error(code int, status string) Responder {
	return func(_ int, w http.ResponseWriter, _ *http.Request) { WriteError(w, code, status) }
}

// Blocked answers as the API does when safety settings block the prompt:
// no candidates, a block reason.
func Blocked() Responder { return BlockedFor("SAFETY") }

// BlockedFor answers with no candidates and the prompt blocked for reason
// ("SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "JAILBREAK", "OTHER").
func BlockedFor(reason string) Responder {
	return func(_ int, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"promptFeedback":{"blockReason":%q},"modelVersion":%q}`, reason, Model)
	}
}

// FinishReason answers with out whose candidate finished for reason:
// "SAFETY", "RECITATION", "MAX_TOKENS"… (out may be cut short or empty,
// as the API's are).
func FinishReason(reason string, out any) Responder {
	return func(_ int, w http.ResponseWriter, _ *http.Request) { WriteFinished(w, reason, out) }
}

// RetryAfter answers the first request with an HTTP error (429 or 503)
// carrying a Retry-After header of value (seconds or an HTTP date), and
// the later ones with then.
func RetryAfter(code int, value string, then Responder) Responder {
	return func(n int, w http.ResponseWriter, r *http.Request) {
		if n == 1 {
			w.Header().Set("Retry-After", value)
			status := "RESOURCE_EXHAUSTED"
			if code == http.StatusServiceUnavailable {
				status = "UNAVAILABLE"
			}
			WriteError(w, code, status)
			return
		}
		then(n, w, r)
	}
}

// Sequence answers request n with rs[n-1], and the ones after the last
// with the last.
func Sequence(rs ...Responder) Responder {
	return func(n int, w http.ResponseWriter, r *http.Request) {
		rs[min(n, len(rs))-1](n, w, r)
	}
}

// Hang never answers: it waits until the caller gives up.
func Hang() Responder {
	return func(_ int, _ http.ResponseWriter, r *http.Request) { <-r.Context().Done() }
}

// Slow answers with out after d, unless the caller gives up first.
func Slow(d time.Duration, out any) Responder {
	return func(_ int, w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(d):
			Write(w, out)
		}
	}
}
