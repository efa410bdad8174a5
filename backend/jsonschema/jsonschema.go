// Package jsonschema writes the JSON Schema (draft 2020-12) of a Go type as
// encoding/json writes it, for the API answers whose TypeScript the web app
// generates from the server's types (frontend/scripts/report-types.mjs)
// instead of keeping a copy by hand: the report (report.Schema, with its
// fieldRules as Property) and the result envelope (httpapi).
//
// One definition per named struct, a property per JSON field, "required"
// for the fields written always (no omitempty), pointers, slices and maps
// nullable only when written always (with omitempty a nil one is left out,
// never null), and the closed sets and fixed schemas the caller gives.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"
)

// Doc is a schema document to write.
type Doc struct {
	ID, Title, Description string
	// Roots are the document's types: one is the document's $ref, more
	// are its anyOf (an answer of several shapes).
	Roots []reflect.Type
	// Enums are closed sets of named string types, each defined once
	// under $defs (domain.Stage: domain.Stages).
	Enums map[reflect.Type][]string
	// Fixed are schemas given for a type instead of derived from it: a
	// json.RawMessage that holds another document ({"$ref": its $id}).
	Fixed map[reflect.Type]map[string]any
	// Property, when set, may change the schema of a named struct's field:
	// closed sets and formats a Go type does not say (the report's
	// fieldRules).
	Property func(Field) map[string]any
}

// Field is one property of a named struct as Generate derived it.
type Field struct {
	Def       string // the struct's DefName: "report.Result"
	Name      string // the JSON name
	Struct    reflect.StructField
	Omitempty bool
	Schema    map[string]any
}

// Generate is d's schema, indented, ending in a newline.
func Generate(d Doc) ([]byte, error) {
	g := &gen{doc: d, defs: map[string]any{}}
	doc := map[string]any{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"$id":         d.ID,
		"title":       d.Title,
		"description": d.Description,
		"$defs":       g.defs,
	}
	if len(d.Roots) == 1 {
		doc["$ref"] = g.ref(d.Roots[0])["$ref"]
	} else {
		var alts []any
		for _, t := range d.Roots {
			alts = append(alts, g.ref(t))
		}
		doc["anyOf"] = alts
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("json schema %s: %w", d.Title, err)
	}
	return buf.Bytes(), nil
}

type gen struct {
	doc  Doc
	defs map[string]any
}

var timeType = reflect.TypeOf(time.Time{})

// ref returns the schema of t, defining named structs and enums once.
func (g *gen) ref(t reflect.Type) map[string]any {
	if s, ok := g.doc.Fixed[t]; ok {
		return s
	}
	if values, ok := g.doc.Enums[t]; ok {
		name := DefName(t)
		g.defs[name] = map[string]any{"type": "string", "enum": values}
		return map[string]any{"$ref": "#/$defs/" + name}
	}
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t.Kind() == reflect.Pointer:
		return nullable(g.ref(t.Elem()))
	case t.Kind() == reflect.Struct && t.Name() == "":
		return g.object(t)
	case t.Kind() == reflect.Struct:
		name := DefName(t)
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
	panic(fmt.Sprintf("json schema: no JSON Schema for %s", t))
}

// object is a struct's schema: its exported JSON fields.
func (g *gen) object(t reflect.Type) map[string]any {
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
			inner := g.object(f.Type) // an embedded struct's fields are the outer object's
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
			prop = notNull(prop)
		} else {
			required = append(required, name)
		}
		if g.doc.Property != nil && t.Name() != "" {
			prop = g.doc.Property(Field{Def: DefName(t), Name: name, Struct: f, Omitempty: omitempty, Schema: prop})
		}
		props[name] = prop
	}
	sort.Strings(required)
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// DefName names a type's definition by package and type: "domain.Stage".
func DefName(t reflect.Type) string {
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
