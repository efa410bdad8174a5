package report

import (
	"reflect"

	"github.com/listinglift/listinglift/backend/jsonschema"
)

// SchemaFile is where the report's JSON Schema is committed (from the
// repository root). The front end's types are generated from it
// (frontend/scripts/report-types.mjs); tests on both sides fail when either
// file lags behind the Go types.
const SchemaFile = "backend/report/result.schema.json"

// Schema is the JSON Schema (draft 2020-12) of Result as encoding/json
// writes it (package jsonschema: one definition per named Go type,
// "required" for the fields written always, nullable only when written
// always), with the closed sets and formats of fieldRules.
func Schema() ([]byte, error) {
	return jsonschema.Generate(jsonschema.Doc{
		ID:          "https://listinglift.app/schemas/report-result.json",
		Title:       "Result",
		Description: "A ListingLift optimization report (backend/report.Result). Generated from the Go types: do not edit.",
		Roots:       []reflect.Type{reflect.TypeOf(Result{})},
		Property:    withFieldRule,
	})
}

// withFieldRule is f's schema with its fieldRules entry applied.
func withFieldRule(f jsonschema.Field) map[string]any {
	rule, ok := fieldRules[f.Def+"."+f.Name]
	if !ok {
		return f.Schema
	}
	if !f.Omitempty && f.Struct.Type.Kind() == reflect.String {
		// A report stored before this field existed is served with the
		// zero value Go decodes it to (see WithPDFLink): the set lets
		// that "" through, and the screens show it as not assessed.
		rule = rule.orZero()
	}
	return rule.apply(f.Schema)
}
