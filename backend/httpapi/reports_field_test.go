package httpapi

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// withField sets the PDF link without re-encoding the report when it can,
// and gives the same report either way.
func TestWithField(t *testing.T) {
	golden, err := os.ReadFile("../report/testdata/golden/albany-house.json")
	if err != nil {
		t.Fatal(err)
	}
	var compact map[string]any
	if err := json.Unmarshal(golden, &compact); err != nil {
		t.Fatal(err)
	}
	stored, _ := json.Marshal(compact) // as the stores keep it
	const link = `/api/reports/o1/pdf?token=a"b`
	for name, in := range map[string][]byte{
		"as stored":                 stored,
		"field missing":             []byte(`{"package_type":"premium"}`),
		"field set twice in values": []byte(`{"pdf_download_url":"","note":"x","nested":{"pdf_download_url":""}}`),
	} {
		t.Run(name, func(t *testing.T) {
			out, err := withField(in, "pdf_download_url", link)
			if err != nil {
				t.Fatal(err)
			}
			var got, want map[string]any
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("not JSON: %v", err)
			}
			json.Unmarshal(in, &want)
			want["pdf_download_url"] = link
			if !reflect.DeepEqual(got, want) {
				t.Errorf("the report changed beyond its PDF link")
			}
		})
	}
	out, _ := withField(stored, "pdf_download_url", link)
	if len(out) != len(stored)+len(`"/api/reports/o1/pdf?token=a\"b"`)-len(`""`) {
		t.Errorf("the stored report was re-encoded: %d bytes from %d", len(out), len(stored))
	}
}
