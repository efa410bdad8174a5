package docrules

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/domain"
)

func TestCheckReport(t *testing.T) {
	nest := func(levels int) string { // results + levels maps
		return strings.Repeat(`{"a":`, levels) + `1` + strings.Repeat(`}`, levels)
	}
	cases := []struct {
		name, report string
		wantPath     string // "" = accepted
	}{
		{"empty object", `{}`, ""},
		{"pairs as objects", `{"q": {"near_duplicates": [{"a": 0, "b": 1}]}}`, ""},
		{"array of scalars and maps", `{"x": [1, "a", null, true, {"b": [2]}]}`, ""},
		{"array in array", `{"q": {"near_duplicates": [[0, 1]]}}`, "results.q.near_duplicates[0]"},
		{"array in array deeper", `{"x": [{"y": [1, [2]]}]}`, "results.x[0].y[1]"},
		{"19 maps under results (20 levels)", nest(19), ""},
		{"20 maps under results (21 levels)", nest(20), "results" + strings.Repeat(".a", 20)},
		{"reserved name", `{"x": {"__id__": 1}}`, `results.x."__id__"`},
		{"underscores inside are fine", `{"x": {"__id": 1, "a__b__": 2}}`, ""},
		{"empty name", `{"": 1}`, `results.""`},
		{"name over 1,500 bytes", `{"` + strings.Repeat("n", 1501) + `": 1}`, `results."` + strings.Repeat("n", 1501) + `"`},
		{"name of 1,500 bytes", `{"` + strings.Repeat("n", 1500) + `": 1}`, ""},
		{"too large", `{"d": "` + strings.Repeat("x", MaxReportBytes) + `"}`, "results"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := CheckReport(json.RawMessage(c.report))
			if c.wantPath == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var v *Violation
			if !errors.As(err, &v) {
				t.Fatalf("err = %v, want a Violation at %s", err, c.wantPath)
			}
			if v.Path != c.wantPath {
				t.Errorf("path = %s, want %s", v.Path, c.wantPath)
			}
			if de := (*domain.Error)(nil); !errors.As(Refusal(err), &de) || de.Code != domain.CodeInvalid || de.Message != MsgUnstorable {
				t.Errorf("Refusal = %v, want invalid with %q", Refusal(err), MsgUnstorable)
			}
		})
	}
}

func TestCheckReportNotAnObject(t *testing.T) {
	for _, r := range []string{``, `null`, `[1]`, `"x"`, `42`, `{"a":`, `{} {}`} {
		if _, err := CheckReport(json.RawMessage(r)); err == nil {
			t.Errorf("CheckReport(%q) accepted", r)
		} else if de := (*domain.Error)(nil); !errors.As(Refusal(err), &de) || de.Message != "The report must be a JSON object." {
			t.Errorf("Refusal(%q) = %v", r, Refusal(err))
		}
	}
}

// TestStorageSize follows Firestore's documented examples: a string is its
// UTF-8 bytes + 1, numbers 8, booleans and null 1, a map its keys (bytes + 1)
// plus values.
func TestStorageSize(t *testing.T) {
	size, err := CheckReport(json.RawMessage(`{"type": "Personal", "done": false, "priority": 1, "n": null, "tags": ["ab", "é"]}`))
	if err != nil {
		t.Fatal(err)
	}
	// results(8) + type(5)+Personal(9) + done(5)+1 + priority(9)+8 + n(2)+1 + tags(5)+ab(3)+é(3)
	if want := 8 + 5 + 9 + 5 + 1 + 9 + 8 + 2 + 1 + 5 + 3 + 3; size != want {
		t.Errorf("size = %d, want %d", size, want)
	}
}
