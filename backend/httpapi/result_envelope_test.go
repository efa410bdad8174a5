package httpapi

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updateEnvelope = flag.Bool("update", false, "rewrite result-envelope.schema.json from the Go types")

// TestEnvelopeSchemaUpToDate keeps the committed schema, which the web
// app's types and stage list are generated from, equal to the Go types.
// After a change: go test ./backend/httpapi -run TestEnvelopeSchemaUpToDate -update,
// then node frontend/scripts/report-types.mjs.
func TestEnvelopeSchemaUpToDate(t *testing.T) {
	want, err := EnvelopeSchema()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", EnvelopeSchemaFile)
	if *updateEnvelope {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("%s is out of date (%v): go test ./backend/httpapi -run TestEnvelopeSchemaUpToDate -update, then node frontend/scripts/report-types.mjs", EnvelopeSchemaFile, err)
	}
}
