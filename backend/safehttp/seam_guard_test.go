package safehttp

import (
	"os/exec"
	"strings"
	"testing"
)

// TestProductionServerHasNoSeam: the release server (built without the e2e
// tag) must not link any package that can loosen the address policy.
func TestProductionServerHasNoSeam(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: runs go list on the server")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH, so the release build's dependencies cannot be listed")
	}
	out, err := exec.Command(goTool, "list", "-deps", "github.com/listinglift/listinglift/backend/cmd/server").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		switch pkg {
		case "github.com/listinglift/listinglift/backend/safehttp/safehttptest",
			"github.com/listinglift/listinglift/backend/safehttp/e2esite":
			t.Errorf("the production server links %s", pkg)
		}
	}
}
