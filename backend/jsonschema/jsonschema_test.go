package jsonschema

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

type color string

type inner struct {
	N int `json:"n"`
}

type sample struct {
	Name    string          `json:"name"`
	Color   color           `json:"color,omitempty"`
	At      time.Time       `json:"at"`
	Inner   *inner          `json:"inner"`
	Opt     *inner          `json:"opt,omitempty"`
	List    []string        `json:"list"`
	Raw     json.RawMessage `json:"raw"`
	Pair    [2]int          `json:"pair"`
	Skipped string          `json:"-"`
	hidden  int
}

// Each Go shape becomes the schema encoding/json's output has.
func TestGenerate(t *testing.T) {
	out, err := Generate(Doc{ID: "x", Title: "Sample", Roots: []reflect.Type{reflect.TypeFor[sample]()},
		Enums: map[reflect.Type][]string{reflect.TypeFor[color](): {"red", "blue"}},
		Fixed: map[reflect.Type]map[string]any{reflect.TypeFor[json.RawMessage](): {"$ref": "other"}},
		Property: func(f Field) map[string]any {
			if f.Def == "jsonschema.sample" && f.Name == "name" {
				f.Schema["pattern"] = "^[a-z]+$"
			}
			return f.Schema
		}})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Ref  string `json:"$ref"`
		Defs map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
			Enum       []string                   `json:"enum"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Ref != "#/$defs/jsonschema.sample" {
		t.Errorf("$ref %q", doc.Ref)
	}
	s := doc.Defs["jsonschema.sample"]
	for name, want := range map[string]string{
		"name":  `{"pattern":"^[a-z]+$","type":"string"}`,
		"pair":  `{"items":{"type":"integer"},"maxItems":2,"minItems":2,"type":"array"}`,
		"color": `{"$ref":"#/$defs/jsonschema.color"}`,
		"at":    `{"format":"date-time","type":"string"}`,
		"inner": `{"anyOf":[{"$ref":"#/$defs/jsonschema.inner"},{"type":"null"}]}`,
		"opt":   `{"$ref":"#/$defs/jsonschema.inner"}`,
		"list":  `{"items":{"type":"string"},"type":["array","null"]}`,
		"raw":   `{"$ref":"other"}`,
	} {
		var got any
		_ = json.Unmarshal(s.Properties[name], &got)
		b, _ := json.Marshal(got)
		if string(b) != want {
			t.Errorf("%s: %s, want %s", name, b, want)
		}
	}
	if len(s.Properties) != 8 {
		t.Errorf("properties %v: want no skipped or unexported field", s.Properties)
	}
	if want := []string{"at", "inner", "list", "name", "pair", "raw"}; !reflect.DeepEqual(s.Required, want) {
		t.Errorf("required %v, want %v", s.Required, want)
	}
	if e := doc.Defs["jsonschema.color"].Enum; !reflect.DeepEqual(e, []string{"red", "blue"}) {
		t.Errorf("enum %v", e)
	}
}
