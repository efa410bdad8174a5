package httpapi

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRuntimeConfigSaysWhetherAModelWritesTheCopy: the loading screen calls
// its first step SPEC's "AI Analysis" only when a model runs, from the
// copyModel the browser is served; both ways, as configured.
func TestRuntimeConfigSaysWhetherAModelWritesTheCopy(t *testing.T) {
	for _, model := range []bool{false, true} {
		h, err := runtimeConfigScript(ClientConfig{CopyModel: model}, false)
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/runtime-config.js", nil))
		js, ok := strings.CutPrefix(strings.TrimSpace(rec.Body.String()), "window.__LISTINGLIFT_CONFIG__ = ")
		if !ok {
			t.Fatalf("runtime config: %q", rec.Body.String())
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(strings.TrimSuffix(js, ";")), &got); err != nil {
			t.Fatal(err)
		}
		if got["copyModel"] != model {
			t.Errorf("copyModel = %v, want %v", got["copyModel"], model)
		}
	}
}
