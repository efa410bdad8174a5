package report

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/listinglift/listinglift/backend/store"
)

// asMap is JSON text as a generic value, for comparing reports field by field.
func asMap(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	return m
}

// The typed edits change only what they name: every golden report keeps
// every other field, value for value, through Decode and Encode.
func TestStoredEdits(t *testing.T) {
	goldens, _ := filepath.Glob("testdata/golden/*.json")
	if len(goldens) == 0 {
		t.Fatal("no golden reports")
	}
	const link = `/api/reports/o1/pdf?token=a"b`
	for _, path := range goldens {
		t.Run(filepath.Base(path), func(t *testing.T) {
			stored, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out, err := WithPDFLink(stored, link)
			if err != nil {
				t.Fatal(err)
			}
			want := asMap(t, stored)
			want["pdf_download_url"] = link
			if got := asMap(t, out); !reflect.DeepEqual(got, want) {
				t.Errorf("WithPDFLink changed the report beyond its PDF link")
			}

			withLink, _ := WithPDFLink(stored, link)
			shared, err := Shared(withLink)
			if err != nil {
				t.Fatal(err)
			}
			want = asMap(t, stored)
			want["pdf_download_url"] = ""
			if c, ok := want["comparison"].(map[string]any); ok {
				c["recheck_of"] = ""
			}
			if got := asMap(t, shared); !reflect.DeepEqual(got, want) {
				t.Errorf("Shared: want the report without its PDF link and re-checked order id, and nothing else changed")
			}
		})
	}
}

func TestStoredReads(t *testing.T) {
	stored, err := os.ReadFile("testdata/golden/lisbon-recheck.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Decode(stored)
	if err != nil {
		t.Fatal(err)
	}
	if r.Comparison == nil || r.Comparison.RecheckOf == "" {
		t.Fatal("the re-check golden has no comparison: the Shared test above proves nothing")
	}
	h := HeadlineOf(stored)
	if h.Score == nil || r.OverallScore == nil || *h.Score != *r.OverallScore || h.Title != r.Title || h.Title == "" {
		t.Errorf("HeadlineOf = %+v; want the report's score and title %q", h, r.Title)
	}
	if h := HeadlineOf([]byte(`not json`)); h.Score != nil || h.Title != "" {
		t.Errorf("HeadlineOf(not a report) = %+v; want none", h)
	}
	c, err := CopyOf(stored)
	if err != nil || len(c.TitleSuggestions) == 0 || c.OptimizedTitle != r.OptimizedTitle || c.OptimizedDescription != r.OptimizedDescription {
		t.Errorf("CopyOf = %+v, %v; want the report's copy", c, err)
	}
	if c, err := CopyOf([]byte(`{"package_type":"basic"}`)); err != nil || c.TitleSuggestions == nil {
		t.Errorf("CopyOf without suggestions = %+v, %v; want an empty list, not null", c, err)
	}
	if _, err := Decode([]byte(`[1]`)); err == nil {
		t.Error("Decode of a list: want an error")
	}
}

// The dashboard's listings read each report's headline from what the stores'
// ListReportScores keep of it (store.ReportScoreFields, projected by the
// stores themselves: they sit below this package): the headline must come
// through that projection whole, and a report without a score must stay
// one without (never a 0 the host would read as a score).
func TestHeadlineOfScoreProjection(t *testing.T) {
	score := func(n int) *int { return &n }
	for _, tc := range []struct {
		name string
		r    Result
	}{
		{"scored and titled", Result{OverallScore: score(71), Title: "Sunny loft in Alfama", OptimizedTitle: "Sunny Alfama loft, river view"}},
		{"a score of 0 is a score", Result{OverallScore: score(0), Title: "Bare room"}},
		{"too little read for a score", Result{Title: "Sparse listing"}},
		{"no title read", Result{OverallScore: score(40)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			full, err := Encode(&tc.r)
			if err != nil {
				t.Fatal(err)
			}
			// What a store keeps: each projected field, null where absent.
			m := asMap(t, full)
			kept := map[string]any{}
			for _, f := range store.ReportScoreFields {
				kept[f] = m[f]
			}
			projected, err := json.Marshal(kept)
			if err != nil {
				t.Fatal(err)
			}
			want := Headline{Score: tc.r.OverallScore, Title: tc.r.Title}
			for _, stored := range [][]byte{full, projected} {
				if got := HeadlineOf(stored); !reflect.DeepEqual(got, want) {
					t.Errorf("HeadlineOf(%s) = %s; want %s", stored, show(got), show(want))
				}
			}
		})
	}
	// A null field (the stores' "none") reads as none.
	if h := HeadlineOf([]byte(`{"overall_score":null,"title":null}`)); h.Score != nil || h.Title != "" {
		t.Errorf("HeadlineOf(nulls) = %s; want none", show(h))
	}
}

func show(h Headline) string {
	if h.Score == nil {
		return fmt.Sprintf("{no score, %q}", h.Title)
	}
	return fmt.Sprintf("{%d, %q}", *h.Score, h.Title)
}
