package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"
)

// SchemaFile is where the report's JSON Schema is committed (from the
// repository root). The front end's types are generated from it
// (frontend/scripts/report-types.mjs); tests on both sides fail when either
// file lags behind the Go types.
const SchemaFile = "backend/report/result.schema.json"

// Schema is the JSON Schema (draft 2020-12) of Result as encoding/json
// writes it: one definition per named Go type, a property per JSON field,
// "required" for the fields written always (no omitempty), pointers, slices
// and maps nullable only when written always (a nil one is then null; with
// omitempty it is left out instead), and the closed sets and formats of
// fieldRules.
func Schema() ([]byte, error) {
	g := &schemaGen{defs: map[string]any{}}
	root := g.ref(reflect.TypeOf(Result{}))
	doc := map[string]any{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"$id":         "https://listinglift.app/schemas/report-result.json",
		"title":       "Result",
		"description": "A ListingLift optimization report (backend/report.Result). Generated from the Go types: do not edit.",
		"$ref":        root["$ref"],
		"$defs":       g.defs,
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("report schema: %w", err)
	}
	return buf.Bytes(), nil
}

type schemaGen struct {
	defs map[string]any
}

var timeType = reflect.TypeOf(time.Time{})

// ref returns the schema of t, defining named structs once under $defs.
func (g *schemaGen) ref(t reflect.Type) map[string]any {
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t.Kind() == reflect.Pointer:
		return nullable(g.ref(t.Elem()))
	case t.Kind() == reflect.Struct && t.Name() == "":
		return g.object(t) // an inline struct: described in place
	case t.Kind() == reflect.Struct:
		name := defName(t)
		if _, done := g.defs[name]; !done {
			g.defs[name] = nil // placeholder: recursive types
			g.defs[name] = g.object(t)
		}
		return map[string]any{"$ref": "#/$defs/" + name}
	case t.Kind() == reflect.Slice:
		return nullable(map[string]any{"type": "array", "items": g.ref(t.Elem())})
	case t.Kind() == reflect.Array:
		return map[string]any{"type": "array", "items": g.ref(t.Elem()), "minItems": t.Len(), "maxItems": t.Len()}
	case t.Kind() == reflect.Map:
		return nullable(map[string]any{"type": "object", "additionalProperties": g.ref(t.Elem())})
	case t.Kind() == reflect.String:
		return map[string]any{"type": "string"}
	case t.Kind() == reflect.Bool:
		return map[string]any{"type": "boolean"}
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Uint64:
		return map[string]any{"type": "integer"}
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		return map[string]any{"type": "number"}
	case t.Kind() == reflect.Interface:
		return map[string]any{}
	}
	panic(fmt.Sprintf("report schema: no JSON Schema for %s", t))
}

// object is a struct's schema: its exported JSON fields.
func (g *schemaGen) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	var required []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			// An embedded struct's fields are the outer object's.
			inner := g.object(f.Type)
			for k, v := range inner["properties"].(map[string]any) {
				props[k] = v
			}
			if r, ok := inner["required"].([]string); ok {
				required = append(required, r...)
			}
			continue
		}
		if name == "" {
			name = f.Name
		}
		omitempty := strings.Contains(opts, "omitempty")
		prop := g.ref(f.Type)
		if omitempty {
			prop = notNull(prop) // a nil pointer, slice or map is left out, never null
		}
		if rule, ok := fieldRules[defName(t)+"."+name]; ok && t.Name() != "" {
			if !omitempty && f.Type.Kind() == reflect.String {
				// A report stored before this field existed is served
				// with the zero value Go decodes it to (see
				// WithPDFLink): the set lets that "" through, and the
				// screens show it as not assessed.
				rule = rule.orZero()
			}
			prop = rule.apply(prop)
		}
		props[name] = prop
		if !omitempty {
			required = append(required, name)
		}
	}
	sort.Strings(required)
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// defName names a type's definition by package and type: "analysis.Action".
func defName(t reflect.Type) string {
	pkg := t.PkgPath()
	if i := strings.LastIndex(pkg, "/"); i >= 0 {
		pkg = pkg[i+1:]
	}
	return pkg + "." + t.Name()
}

func nullable(s map[string]any) map[string]any {
	if typ, ok := s["type"].(string); ok {
		out := map[string]any{}
		for k, v := range s {
			out[k] = v
		}
		out["type"] = []string{typ, "null"}
		return out
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
}

// notNull is s without its null alternative (see nullable).
func notNull(s map[string]any) map[string]any {
	if types, ok := s["type"].([]string); ok && len(types) == 2 && types[1] == "null" {
		out := map[string]any{}
		for k, v := range s {
			out[k] = v
		}
		out["type"] = types[0]
		return out
	}
	if alts, ok := s["anyOf"].([]any); ok && len(alts) == 2 {
		return alts[0].(map[string]any)
	}
	return s
}
