package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Every report a host ever bought still opens: a report stored before a
// field of today's Result existed is served (WithPDFLink, Shared) in
// today's shape, and the browser's validator, generated from the schema,
// takes it. The old shapes are the goldens with what was added later taken
// out again (git log -S on result.go names when).

// oldShape is a report as stored at an earlier version of Result.
type oldShape struct {
	name   string
	before string // what it predates
	strip  func(report map[string]any)
}

// deleteKeys removes keys from m.
func deleteKeys(m map[string]any, keys ...string) {
	for _, k := range keys {
		delete(m, k)
	}
}

// Each old shape lacks what the one after it lacks, and more.

// beforeOverallScore: before the overall score (3a873bd), paste-ready copy
// (4d237fe), re-checks (5bf4e85), the page's own rating (e5abd15) and the
// writer labels and the listing as read (every old shape predates them).
func beforeOverallScore(r map[string]any) {
	deleteKeys(r, "overall_score", "overall_band", "section_scores", "original_description", "comparison", "rating_on_page", "writer_labels", "listing")
}

// beforeActions: also before the ranked action list and task order
// (43947ad) and live comparables (e7a6661).
func beforeActions(r map[string]any) {
	beforeOverallScore(r)
	deleteKeys(r, "actions", "task_order")
	// top_recommendations were analysis.Recommendation: area, severity,
	// finding, action; no priority yet.
	var recs []any
	if list, ok := r["top_recommendations"].([]any); ok {
		for _, item := range list {
			a := item.(map[string]any)
			recs = append(recs, map[string]any{"area": a["area"], "severity": a["severity"], "finding": a["finding"], "action": a["action"]})
		}
	}
	r["top_recommendations"] = recs
	r["recommendations"] = recs // the old name of the whole list: gone now
	if m, ok := r["market_analysis_data"].(map[string]any); ok {
		deleteKeys(m, "list", "title_patterns", "source", "ratings", "review_counts", "today_prices")
	}
}

// firstReports: also before the layout read (75faa4e): the first reports
// (f3f9120).
func firstReports(r map[string]any) {
	beforeActions(r)
	deleteKeys(r, "layout", "layout_notice")
}

// oldShapes are the report at three earlier versions, newest first.
var oldShapes = []oldShape{
	{"before-overall-score", "the overall score", beforeOverallScore},
	{"before-actions", "the ranked actions", beforeActions},
	{"first-reports", "the layout read", firstReports},
}

// oldReport is golden's report stored at shape's version.
func oldReport(t *testing.T, golden string, shape oldShape) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "golden", golden+".json"))
	if err != nil {
		t.Fatal(err)
	}
	r := asMap(t, b)
	shape.strip(r)
	old, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return old
}

// schemaProblems are doc's problems against Schema, sorted.
func schemaProblems(t *testing.T, doc []byte) []string {
	t.Helper()
	v, schema := reportSchema(t)
	var value any
	if err := json.Unmarshal(doc, &value); err != nil {
		t.Fatal(err)
	}
	var problems []string
	v.check("result", schema, value, &problems)
	sort.Strings(problems)
	return problems
}

// TestGoldenOldReportsServed: an old report is served in today's shape,
// valid against the schema, and says "none" where it has nothing: no
// score, no band, no priority made up. The Albany report's served forms
// are written to testdata/served (-update) for the front end's tests.
func TestGoldenOldReportsServed(t *testing.T) {
	for _, golden := range []string{"albany-house", "sparse-vrbo"} {
		for _, shape := range oldShapes {
			t.Run(golden+"/"+shape.name, func(t *testing.T) {
				old := oldReport(t, golden, shape)
				// The stored bytes themselves are not today's report: served
				// as they are, the browser refused them.
				if len(schemaProblems(t, old)) == 0 {
					t.Fatal("the old report matches today's schema as stored: it tests nothing")
				}
				owned, err := WithPDFLink(old, "")
				if err != nil {
					t.Fatal(err)
				}
				shared, err := Shared(old)
				if err != nil {
					t.Fatal(err)
				}
				for name, served := range map[string][]byte{"owner's": owned, "shared": shared} {
					if p := schemaProblems(t, served); len(p) > 0 {
						t.Errorf("the %s report stored before %s does not match the schema:\n%s", name, shape.before, strings.Join(p[:min(20, len(p))], "\n"))
					}
				}
				r := asMap(t, owned)
				if r["overall_score"] != nil || r["overall_band"] != "" {
					t.Errorf("overall score %v, band %q: want none (the report had none)", r["overall_score"], r["overall_band"])
				}
				// Its copy was not held to today's fact check: no label is
				// made up from its writers, so no screen claims one.
				if labels, ok := r["writer_labels"].(map[string]any); !ok || len(labels) != 0 {
					t.Errorf("writer_labels = %v, want an empty map (the report had none)", r["writer_labels"])
				}
				if w, _ := r["writers"].(map[string]any); len(w) == 0 {
					t.Error("the old report has no writers: the labels test nothing")
				}
				// It was stored before the listing as read: none is made up.
				if v, ok := r["listing"]; !ok || v != nil {
					t.Errorf("listing = %v, want null (the report had none)", v)
				}
				if _, ok := r["recommendations"]; ok {
					t.Error("the old recommendations list is served: today's report has no such field")
				}
				if shape.name != oldShapes[0].name {
					for _, a := range r["top_recommendations"].([]any) {
						if p := a.(map[string]any)["priority"]; p != "" {
							t.Errorf("an old recommendation is served with priority %q: it had none", p)
						}
					}
				}
				if golden == "albany-house" {
					checkServed(t, golden+"-"+shape.name, owned)
				}
			})
		}
	}
}

// checkServed compares served with testdata/served/<name>.json, or rewrites
// it with -update.
func checkServed(t *testing.T, name string, served []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Indent(&buf, served, "", "  "); err != nil {
		t.Fatal(err)
	}
	buf.WriteByte('\n')
	path := filepath.Join("testdata", "served", name+".json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("the served old report differs from %s (run go test -update and review the diff):\n%s", path, firstDiff(string(want), buf.String()))
	}
}

// TestAnyStoredReportServed: whatever field a stored report lacks, it is
// served valid against the schema — the extreme, a report of nothing.
func TestAnyStoredReportServed(t *testing.T) {
	served, err := WithPDFLink([]byte(`{}`), "")
	if err != nil {
		t.Fatal(err)
	}
	if p := schemaProblems(t, served); len(p) > 0 {
		t.Errorf("an empty stored report is served unlike the schema:\n%s", strings.Join(p, "\n"))
	}
}
