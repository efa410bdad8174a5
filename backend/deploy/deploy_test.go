package deploy

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The dashboard lists a customer's optimizations newest first; Firestore
// refuses that query without this composite index (emulators do not).
func TestDashboardIndexDeclared(t *testing.T) {
	var f struct {
		Indexes []struct {
			CollectionGroup string `json:"collectionGroup"`
			QueryScope      string `json:"queryScope"`
			Fields          []struct{ FieldPath, Order string }
		}
	}
	if err := json.Unmarshal(read(t, "firestore.indexes.json"), &f); err != nil {
		t.Fatalf("firestore.indexes.json: %v", err)
	}
	for _, ix := range f.Indexes {
		if ix.CollectionGroup != "optimizations" || len(ix.Fields) != 2 {
			continue
		}
		if ix.Fields[0].FieldPath == "customerUid" && ix.Fields[0].Order == "ASCENDING" &&
			ix.Fields[1].FieldPath == "createdAt" && ix.Fields[1].Order == "DESCENDING" {
			return
		}
	}
	t.Error("no optimizations(customerUid ASC, createdAt DESC) index")
}

func TestFirebaseJSON(t *testing.T) {
	var f struct {
		Hosting struct {
			Public   string
			Rewrites []struct {
				Source      string
				Destination string
				Run         *struct{ ServiceID string }
			}
		}
		Firestore struct{ Rules, Indexes string }
		Emulators map[string]json.RawMessage
	}
	if err := json.Unmarshal(read(t, "firebase.json"), &f); err != nil {
		t.Fatalf("firebase.json: %v", err)
	}
	if f.Hosting.Public != "frontend/dist" {
		t.Errorf("hosting.public = %q", f.Hosting.Public)
	}
	run := map[string]bool{}
	for _, r := range f.Hosting.Rewrites {
		if r.Run != nil && r.Run.ServiceID != "" {
			run[r.Source] = true
		}
	}
	for _, src := range []string{"/api/**", "/internal/**", "/runtime-config.js"} {
		if !run[src] {
			t.Errorf("hosting does not send %s to Cloud Run", src)
		}
	}
	if f.Firestore.Rules != "firestore.rules" || f.Firestore.Indexes != "firestore.indexes.json" {
		t.Errorf("firestore section %+v", f.Firestore)
	}
	for _, e := range []string{"auth", "firestore"} {
		if _, ok := f.Emulators[e]; !ok {
			t.Errorf("no %s emulator settings", e)
		}
	}
}

// Clients never read or write Firestore: every rule denies.
func TestRulesDenyAll(t *testing.T) {
	rules := string(read(t, "firestore.rules"))
	allows := regexp.MustCompile(`allow [^;]*;`).FindAllString(rules, -1)
	if len(allows) == 0 {
		t.Fatal("no allow statement found")
	}
	for _, a := range allows {
		if !strings.HasSuffix(a, "if false;") {
			t.Errorf("rule grants access: %q", a)
		}
	}
}

func TestCloudBuildParses(t *testing.T) {
	var cb struct {
		Steps []struct {
			Name string `yaml:"name"`
		} `yaml:"steps"`
	}
	if err := yaml.Unmarshal(read(t, "cloudbuild.yaml"), &cb); err != nil {
		t.Fatalf("cloudbuild.yaml: %v", err)
	}
	if len(cb.Steps) == 0 || cb.Steps[0].Name == "" {
		t.Errorf("cloudbuild.yaml has no usable steps: %+v", cb)
	}
}
