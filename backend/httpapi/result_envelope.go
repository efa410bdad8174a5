package httpapi

import (
	"encoding/json"
	"reflect"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/jsonschema"
	"github.com/listinglift/listinglift/backend/plans"
)

// EnvelopeSchemaFile is where the result envelope's JSON Schema is
// committed (from the repository root): the answers of GET
// /api/get-optimization-result/{key} (and of the report page the server
// draws with one), with the report itself ("data") referring to the
// report's own schema. The web app's types and its stage list
// (frontend/src/types/result-envelope.ts) are generated from it by
// frontend/scripts/report-types.mjs; tests on both sides fail when either
// file lags behind the Go types.
const EnvelopeSchemaFile = "backend/httpapi/result-envelope.schema.json"

// reportSchemaID is the report's schema's $id (backend/report/result.schema.json).
const reportSchemaID = "https://listinglift.app/schemas/report-result.json"

// EnvelopeSchema is the result envelope's JSON Schema: one of a finished
// report, a running order's progress, an order that ended without its
// report, or a finished one whose results are missing.
func EnvelopeSchema() ([]byte, error) {
	var planIDs []string
	for _, p := range plans.All() {
		planIDs = append(planIDs, string(p.ID))
	}
	var stages []string
	for _, s := range domain.Stages {
		stages = append(stages, string(s))
	}
	return jsonschema.Generate(jsonschema.Doc{
		ID:          "https://listinglift.app/schemas/result-envelope.json",
		Title:       "ResultEnvelope",
		Description: "GET /api/get-optimization-result/{key}'s answers (backend/httpapi). Generated from the Go types: do not edit.",
		Roots: []reflect.Type{reflect.TypeFor[completedResult](), reflect.TypeFor[pendingResult](),
			reflect.TypeFor[endedResult](), reflect.TypeFor[missingResult]()},
		Enums: map[reflect.Type][]string{reflect.TypeFor[domain.Stage](): stages, reflect.TypeFor[domain.Plan](): planIDs},
		Fixed: map[reflect.Type]map[string]any{reflect.TypeFor[json.RawMessage](): {"$ref": reportSchemaID}},
	})
}
