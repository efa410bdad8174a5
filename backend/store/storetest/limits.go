package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/store"
)

// Reports Firestore refuses at write time (an array inside an array, more
// than 20 levels of nesting, over 1 MiB, a reserved field name). The npm
// stand-in and SQLite would store them; real Firestore would not, and a
// paid order would fail in production only. Both adapters must refuse them
// the same way, before writing anything, as an invalid report.
func firestoreRefusedReports() map[string]string {
	deep := strings.Repeat(`{"a":`, 20) + `1` + strings.Repeat(`}`, 20) // results + 20 maps = 21 levels
	return map[string]string{
		"array in array":      `{"photo_audit": {"quality": {"near_duplicates": [[0, 1], [2, 3]]}}}`,
		"nested 21 levels":    deep,
		"over 1 MiB":          `{"optimized_description": "` + strings.Repeat("x", 1<<20) + `"}`,
		"reserved field name": `{"photo_audit": {"__name__": 1}}`,
		"empty field name":    `{"": 1}`,
	}
}

func testCompleteRefusesWhatFirestoreRefuses(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	o := paid(t, s)
	for name, results := range firestoreRefusedReports() {
		first, err := s.Complete(ctx, o.ID, json.RawMessage(results), t0, false)
		wantCode(t, fmt.Sprintf("Complete with a report Firestore refuses (%s)", name), err, domain.CodeInvalid)
		if first {
			t.Errorf("Complete with %s reported a first completion", name)
		}
	}
	got := get(t, s, o.ID)
	checkJobState(t, "after refused reports", got, jobState{status: domain.StatusProcessing, stage: domain.StagePaid})
	if len(got.Results) != 0 {
		t.Errorf("results stored after refusals: %.80s", got.Results)
	}
	// The same order still completes with a report Firestore accepts:
	// pairs as objects, the shape the report contract uses.
	ok := `{"photo_audit": {"quality": {"near_duplicates": [{"a": 0, "b": 1}], "top_range": [20, 40]}}}`
	if first, err := s.Complete(ctx, o.ID, json.RawMessage(ok), t0, false); err != nil || !first {
		t.Fatalf("Complete with an acceptable report = %v, %v; want true, nil", first, err)
	}
}

func testAddRefusesWhatFirestoreRefuses(t *testing.T, s store.Aggregates) {
	uid := newCustomer(t, s)
	for name, results := range firestoreRefusedReports() {
		o := pending(uid, t0)
		o.Results = json.RawMessage(results)
		got, err := s.AddOptimization(context.Background(), o)
		wantCode(t, fmt.Sprintf("AddOptimization with a report Firestore refuses (%s)", name), err, domain.CodeInvalid)
		if got != nil {
			t.Errorf("AddOptimization with %s stored %s", name, got.ID)
		}
	}
	p, err := s.ListOptimizations(context.Background(), uid, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != 0 {
		t.Errorf("after refused adds the customer has %d optimizations, want 0", p.Total)
	}
}

// invalidKeys are order and session keys no adapter may send to its
// database: Firestore refuses them slowly (invalid UTF-8 is retried to the
// deadline) or as an internal error, where a host deserves "not found".
var invalidKeys = []string{"\xff", "a\x00b", "a/b", ".", "..", "__name__", strings.Repeat("k", 1501), "id\n", "ünï"}

func testInvalidKeysAreNotFound(t *testing.T, s store.Aggregates) {
	ctx := context.Background()
	for _, key := range invalidKeys {
		if _, err := s.GetOptimization(ctx, key); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("GetOptimization(%q): %v, want domain.ErrNotFound", key, err)
		}
		if _, err := s.FindOptimizationBySession(ctx, key); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("FindOptimizationBySession(%q): %v, want domain.ErrNotFound", key, err)
		}
		if _, err := s.MarkPaid(ctx, key, t0); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("MarkPaid(%q): %v, want domain.ErrNotFound", key, err)
		}
		if err := s.SetStage(ctx, key, domain.StageWriting); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("SetStage(%q): %v, want domain.ErrNotFound", key, err)
		}
	}
}
