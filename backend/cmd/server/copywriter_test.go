package main

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/plans"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/analysis"
	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/listing"
	"github.com/listinglift/listinglift/backend/logging"
	"github.com/listinglift/listinglift/backend/writing"
	"github.com/listinglift/listinglift/backend/writing/geminitest"
)

// The server's copy writer logs to the server's log: a model outage shows
// as "copy model failed" with its reason, not only "report completed"
// (before, the writer was built without a logger and every failure went
// to a discarded log).
func TestCopyModelFailuresReachTheServerLog(t *testing.T) {
	f := geminitest.New(t, geminitest.Error(http.StatusServiceUnavailable, "UNAVAILABLE"))
	var buf bytes.Buffer
	log := logging.NewService(&buf, slog.LevelInfo, logging.Service{Name: "listinglift", Version: "test"})
	cfg := config.Config{GeminiAPIKey: geminitest.Key, GeminiModel: geminitest.Model, GeminiBaseURL: f.URL}
	w, err := copyWriter(context.Background(), cfg, log)
	if err != nil || w == nil {
		t.Fatalf("copyWriter = %v, %v", w, err)
	}
	l := &listing.Listing{Platform: listing.Airbnb, ID: "48123456", Title: "Loft in Lisbon", Description: "A bright loft.",
		PropertyType: "Loft", RoomType: "Entire home/apt", Capacity: 2, Location: listing.Location{City: "Lisbon"}}
	feats := analysis.ListingFeatures(l)
	req := writing.NewRequest(l, feats, plans.Includes(domain.PlanBasic).TitleSuggestions, analysis.AnalyzeGuests(l, feats, nil), analysis.AnalyzeDescription(l, feats))
	c, err := w.Write(context.Background(), req)
	if err != nil || c.Writers[writing.PartTitles] != writing.NameBuiltin {
		t.Fatalf("write = %v, %v; want the built-in copy", c.Writers, err)
	}
	var line map[string]any
	for _, s := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(s), &m) == nil && m["message"] == "copy model failed; built-in copy used" {
			line = m
		}
	}
	if line == nil {
		t.Fatalf("no model failure in the server's log:\n%s", buf.String())
	}
	if line["reason"] != "server error (HTTP 503) after retries" || line["severity"] != "WARNING" || line["component"] != "copy" {
		t.Errorf("log line = %v", line)
	}

	if w, err := copyWriter(context.Background(), config.Config{}, log); w != nil || err != nil {
		t.Errorf("without a key: %v, %v; want the built-in writer (nil)", w, err)
	}
}
