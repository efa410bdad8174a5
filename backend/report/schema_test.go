package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestSchemaUpToDate: the committed JSON Schema is the Go types' (run with
// -update after changing Result or the types it holds, then regenerate the
// front end's types: node frontend/scripts/report-types.mjs).
func TestSchemaUpToDate(t *testing.T) {
	got, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Base(SchemaFile)
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date: run go test ./backend/report -run TestSchemaUpToDate -update, then node frontend/scripts/report-types.mjs", SchemaFile)
	}
}

// TestReportsMatchTheSchema: every golden report, and a fresh Premium
// report with photo measurements, is valid against the schema: the
// contract describes what the server really sends.
func TestReportsMatchTheSchema(t *testing.T) {
	v, schema := reportSchema(t)
	// The check itself fails on what the schema does not allow.
	var bad []string
	v.check("result", schema, map[string]any{"package_type": 1, "surprise": true}, &bad)
	v.check("result", schema, map[string]any{"package_type": "gold", "platform": "Airbnb"}, &bad)
	v.check("result", schema, map[string]any{"booking_gap_analysis": map[string]any{"window_start": "16/03/2026"}}, &bad)
	for _, want := range []string{`"gold", want one of`, `"Airbnb", want one of`, `"16/03/2026", want`} {
		if !slices.ContainsFunc(bad, func(p string) bool { return strings.Contains(p, want) }) {
			t.Errorf("the validator lets %s through: %v", want, bad)
		}
	}
	if len(bad) < 3 {
		t.Fatalf("the validator lets a wrong report through: %v", bad)
	}
	for name, report := range storableReports(t) {
		t.Run(name, func(t *testing.T) {
			var doc any
			if err := json.Unmarshal(report, &doc); err != nil {
				t.Fatal(err)
			}
			var problems []string
			v.check("result", schema, doc, &problems)
			sort.Strings(problems)
			if len(problems) > 0 {
				t.Errorf("the report does not match the schema:\n%s", strings.Join(problems[:min(20, len(problems))], "\n"))
			}
		})
	}
}

// reportSchema is Schema as a document, and a validator of it.
func reportSchema(t *testing.T) (schemaValidator, map[string]any) {
	t.Helper()
	raw, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	return schemaValidator{defs: schema["$defs"].(map[string]any)}, schema
}

// schemaValidator checks the subset of JSON Schema Schema writes.
type schemaValidator struct{ defs map[string]any }

func (v schemaValidator) check(path string, s map[string]any, doc any, problems *[]string) {
	if ref, ok := s["$ref"].(string); ok {
		v.check(path, v.defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any), doc, problems)
		return
	}
	if any_, ok := s["anyOf"].([]any); ok {
		for _, alt := range any_ {
			var p []string
			v.check(path, alt.(map[string]any), doc, &p)
			if len(p) == 0 {
				return
			}
		}
		*problems = append(*problems, path+": matches no alternative")
		return
	}
	var types []string
	switch ty := s["type"].(type) {
	case string:
		types = []string{ty}
	case []any:
		for _, x := range ty {
			types = append(types, x.(string))
		}
	}
	kind := jsonKind(doc)
	ok := len(types) == 0
	for _, ty := range types {
		ok = ok || ty == kind || (ty == "number" && kind == "integer")
	}
	if !ok {
		*problems = append(*problems, fmt.Sprintf("%s: %s, want %v", path, kind, types))
		return
	}
	switch x := doc.(type) {
	case string:
		if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, any(x)) {
			*problems = append(*problems, fmt.Sprintf("%s: %q, want one of %v", path, x, enum))
		}
		if p, ok := s["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(x) {
			*problems = append(*problems, fmt.Sprintf("%s: %q, want %s", path, x, p))
		}
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		if req, ok := s["required"].([]any); ok {
			for _, r := range req {
				if _, has := x[r.(string)]; !has {
					*problems = append(*problems, path+": lacks "+r.(string))
				}
			}
		}
		for k, val := range x {
			if props != nil {
				ps, ok := props[k].(map[string]any)
				if !ok {
					*problems = append(*problems, path+": unexpected "+k)
					continue
				}
				v.check(path+"."+k, ps, val, problems)
			} else if ap, ok := s["additionalProperties"].(map[string]any); ok {
				v.check(path+"."+k, ap, val, problems)
			}
		}
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range x {
				v.check(fmt.Sprintf("%s[%d]", path, i), items, e, problems)
			}
		}
	}
}

func jsonKind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

// TestFieldRulesNameFields: each of fieldRules narrows a field the schema
// has (a misspelt key would narrow nothing, silently).
func TestFieldRulesNameFields(t *testing.T) {
	raw, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Defs map[string]struct {
			Properties map[string]map[string]any `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	for _, key := range fieldRuleKeys() {
		def, field, _ := strings.Cut(key, ".")
		def2, field, _ := strings.Cut(field, ".")
		prop, ok := schema.Defs[def+"."+def2].Properties[field]
		if !ok {
			t.Errorf("fieldRules[%q]: the schema has no such field", key)
			continue
		}
		if items, ok := prop["items"].(map[string]any); ok {
			prop = items
		}
		if prop["enum"] == nil && prop["pattern"] == nil {
			t.Errorf("fieldRules[%q] narrows nothing: %v", key, prop)
		}
	}
}
