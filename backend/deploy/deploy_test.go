package deploy

import (
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/listinglift/listinglift/backend/httpapi"
)

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../../" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type indexesFile struct {
	Indexes []struct {
		CollectionGroup string `json:"collectionGroup"`
		QueryScope      string `json:"queryScope"`
		Fields          []struct{ FieldPath, Order string }
	}
	FieldOverrides []struct {
		CollectionGroup string            `json:"collectionGroup"`
		FieldPath       string            `json:"fieldPath"`
		Indexes         []json.RawMessage `json:"indexes"`
		TTL             bool              `json:"ttl"`
	} `json:"fieldOverrides"`
}

func loadIndexes(t *testing.T) indexesFile {
	t.Helper()
	var f indexesFile
	if err := json.Unmarshal(read(t, "firestore.indexes.json"), &f); err != nil {
		t.Fatalf("firestore.indexes.json: %v", err)
	}
	return f
}

// The dashboard lists a customer's optimizations newest first; Firestore
// refuses that query without this composite index (emulators do not).
// It is the only composite index the store's queries need: the others are
// single equality filters (stripeSessionId; customerUid for the count),
// which Firestore's automatic single-field indexes serve.
func TestDashboardIndexDeclared(t *testing.T) {
	f := loadIndexes(t)
	for _, ix := range f.Indexes {
		if ix.CollectionGroup != "optimizations" || ix.QueryScope != "COLLECTION" || len(ix.Fields) != 2 {
			continue
		}
		if ix.Fields[0].FieldPath == "customerUid" && ix.Fields[0].Order == "ASCENDING" &&
			ix.Fields[1].FieldPath == "createdAt" && ix.Fields[1].Order == "DESCENDING" {
			return
		}
	}
	t.Error("no optimizations(customerUid ASC, createdAt DESC) index")
}

// The sweeper's query (status == processing, paidAt < T, ordered by
// paidAt) needs its composite index; the webhook's processed event ids
// expire by TTL; the customer's list of order ids is not indexed.
func TestSweeperIndexAndTTLDeclared(t *testing.T) {
	f := loadIndexes(t)
	found := false
	for _, ix := range f.Indexes {
		if ix.CollectionGroup == "optimizations" && len(ix.Fields) == 2 &&
			ix.Fields[0].FieldPath == "status" && ix.Fields[0].Order == "ASCENDING" &&
			ix.Fields[1].FieldPath == "paidAt" && ix.Fields[1].Order == "ASCENDING" {
			found = true
		}
	}
	if !found {
		t.Error("no optimizations(status ASC, paidAt ASC) index for the sweeper")
	}
	var ttl, ids bool
	for _, o := range f.FieldOverrides {
		ttl = ttl || (o.CollectionGroup == "paymentEvents" && o.FieldPath == "expireAt" && o.TTL)
		ids = ids || (o.CollectionGroup == "customers" && o.FieldPath == "optimizationIds" && len(o.Indexes) == 0)
	}
	if !ttl || !ids {
		t.Errorf("TTL on paymentEvents.expireAt declared: %v; customers.optimizationIds exempt: %v", ttl, ids)
	}
}

// Field overrides exempt big fields nobody queries (the report map, the
// listing description) from single-field indexing; they must never touch a
// field a query filters or sorts on, or that query would fail in
// production while passing on the emulators.
func TestIndexExemptionsSpareQueriedFields(t *testing.T) {
	queried := map[string]bool{"customerUid": true, "createdAt": true, "stripeSessionId": true, "status": true, "paidAt": true}
	for _, o := range loadIndexes(t).FieldOverrides {
		root, _, _ := strings.Cut(o.FieldPath, ".")
		if o.CollectionGroup == "optimizations" && queried[root] && len(o.Indexes) == 0 {
			t.Errorf("field override exempts optimizations.%s, which a query uses", o.FieldPath)
		}
	}
}

type firebaseJSON struct {
	Hosting struct {
		Public   string
		Ignore   []string
		Rewrites []struct {
			Source      string
			Destination string
			Run         *struct {
				ServiceID string `json:"serviceId"`
				Region    string `json:"region"`
			}
		}
		Headers []struct {
			Source  string
			Headers []struct{ Key, Value string }
		}
	}
	Firestore struct{ Rules, Indexes string }
	Emulators map[string]json.RawMessage
}

func loadFirebaseJSON(t *testing.T) firebaseJSON {
	t.Helper()
	var f firebaseJSON
	if err := json.Unmarshal(read(t, "firebase.json"), &f); err != nil {
		t.Fatalf("firebase.json: %v", err)
	}
	return f
}

// header returns the value of key set for source, or "".
func (f firebaseJSON) header(source, key string) string {
	for _, h := range f.Hosting.Headers {
		if h.Source != source {
			continue
		}
		for _, kv := range h.Headers {
			if strings.EqualFold(kv.Key, key) {
				return kv.Value
			}
		}
	}
	return ""
}

func TestFirebaseJSON(t *testing.T) {
	f := loadFirebaseJSON(t)
	if f.Hosting.Public != "frontend/dist" {
		t.Errorf("hosting.public = %q", f.Hosting.Public)
	}
	run := map[string]bool{}
	fallback := -1
	for i, r := range f.Hosting.Rewrites {
		if r.Run != nil && r.Run.ServiceID != "" && r.Run.Region != "" {
			run[r.Source] = true
			if fallback >= 0 {
				t.Errorf("rewrite %s comes after the SPA fallback, which would catch it first", r.Source)
			}
		}
		// app.html is the plain shell; index.html holds the prerendered
		// landing page, which Hosting serves for "/" itself.
		if r.Source == "**" && r.Destination == "/app.html" {
			fallback = i
		}
	}
	// /runtime-config.js is the server's: the browser's settings.
	for _, src := range []string{"/api/**", "/runtime-config.js"} {
		if !run[src] {
			t.Errorf("hosting does not send %s to Cloud Run", src)
		}
	}
	// The task endpoint and the sweep are called by Cloud Tasks and Cloud
	// Scheduler at the service's run.app address (cloudbuild.yaml), never
	// through Hosting: a rewrite would only open them to the public edge
	// (and its preview channels) and cut a report job off at 60 s.
	for _, r := range f.Hosting.Rewrites {
		if r.Run != nil && (strings.HasPrefix(r.Source, "/internal") || r.Source == "/**" || r.Source == "**") {
			t.Errorf("hosting sends %s to Cloud Run: /internal/ is for Cloud Tasks and Cloud Scheduler at the run.app address only", r.Source)
		}
	}
	// Cloud Run reserves some paths ending in z, /healthz among them: a
	// rewrite to it would never reach the server.
	if run["/healthz"] {
		t.Error("hosting rewrites /healthz, a path Cloud Run reserves")
	}
	if fallback != len(f.Hosting.Rewrites)-1 {
		t.Error("the last rewrite should be the SPA fallback ** → /app.html")
	}
	// The pages the build writes a file of their own for (frontend/src/app/pages.ts
	// pageFiles → dist/pages/{file}.html) are served at their paths, as the Go
	// server does; but a report's page is the server's, which draws it for its
	// owner (httpapi reportPages), and is never cached.
	const drawn = "/payment-success"
	if !run[drawn] {
		t.Errorf("hosting does not send %s to Cloud Run, which draws a report's page for its owner", drawn)
	}
	if v := f.header(drawn, "Cache-Control"); !strings.Contains(v, "no-store") || !strings.Contains(v, "private") {
		t.Errorf("%s Cache-Control %q, want private, no-store", drawn, v)
	}
	pages := read(t, "frontend/src/app/pages.ts")
	want := map[string]string{}
	for _, m := range regexp.MustCompile(`\{ path: '([^']+)', file: '([^']+)'`).FindAllStringSubmatch(string(pages), -1) {
		if m[1] != drawn {
			want[m[1]] = "/pages/" + m[2] + ".html"
		}
	}
	if len(want) == 0 {
		t.Fatal("no pageFiles found in frontend/src/app/pages.ts")
	}
	got := map[string]string{}
	for _, r := range f.Hosting.Rewrites {
		if strings.HasPrefix(r.Destination, "/pages/") {
			got[r.Source] = r.Destination
		}
	}
	if !maps.Equal(got, want) {
		t.Errorf("hosting's page rewrites %v, want pageFiles' %v", got, want)
	}

	// Hashed assets are cached for good; the HTML shell and the runtime
	// configuration are revalidated on every load. Headers rules overlap:
	// the catch-all comes first so the specific ones follow it.
	if v := f.header("/assets/**", "Cache-Control"); !strings.Contains(v, "immutable") || !strings.Contains(v, "max-age=31536000") {
		t.Errorf("/assets/** Cache-Control %q, want a year and immutable", v)
	}
	for _, src := range []string{"**", "/index.html", "/app.html", "/runtime-config.js"} {
		if v := f.header(src, "Cache-Control"); v != "no-cache" {
			t.Errorf("%s Cache-Control %q, want no-cache", src, v)
		}
	}
	for _, src := range []string{"/api/**"} {
		if v := f.header(src, "Cache-Control"); !strings.Contains(v, "no-store") {
			t.Errorf("%s Cache-Control %q, want no-store", src, v)
		}
	}
	if len(f.Hosting.Headers) == 0 || f.Hosting.Headers[0].Source != "**" {
		t.Error("the ** headers rule should come first (later, more specific rules refine it)")
	}

	if f.Firestore.Rules != "firestore.rules" || f.Firestore.Indexes != "firestore.indexes.json" {
		t.Errorf("firestore section %+v", f.Firestore)
	}
	for _, e := range []string{"auth", "firestore"} {
		var emu struct {
			Host string
			Port int
		}
		if err := json.Unmarshal(f.Emulators[e], &emu); err != nil || emu.Host != "127.0.0.1" || emu.Port == 0 {
			t.Errorf("%s emulator settings %s: want host 127.0.0.1 and a port", e, f.Emulators[e])
		}
	}
}

// Pages Hosting serves itself carry the same security headers the server
// sets on the pages it serves (httpapi), Content-Security-Policy included,
// with the Firebase Auth domain of any project (*.firebaseapp.com), since
// firebase.json cannot name the project.
func TestHostingSecurityHeadersMatchServer(t *testing.T) {
	h, err := httpapi.NewServer(httpapi.Deps{
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		Web:      fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><div id="root"></div>`)}},
		Security: httpapi.SecurityPolicy{Production: true, AuthDomain: "*.firebaseapp.com"},
	})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	f := loadFirebaseJSON(t)
	for _, key := range []string{"Content-Security-Policy", "Cross-Origin-Opener-Policy", "X-Content-Type-Options",
		"X-Frame-Options", "Referrer-Policy", "Permissions-Policy", "Strict-Transport-Security"} {
		want := rec.Header().Get(key)
		if want == "" {
			t.Errorf("the server sets no %s any more: update this test", key)
			continue
		}
		if got := f.header("**", key); got != want {
			t.Errorf("firebase.json ** %s:\n got %q\nwant %q (the server's)", key, got, want)
		}
	}
}

// firebase-tools itself accepts firebase.json (its JSON schema) and the
// indexes file (the validation `firebase deploy` runs), offline.
func TestFirebaseToolsAcceptsConfig(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIP: node is not installed, so firebase-tools cannot check the files")
	}
	if _, err := os.Stat("../../tools/emulators/node_modules/firebase-tools/lib/firebaseConfigValidate.js"); err != nil {
		t.Skip("SKIP: firebase-tools is not installed in tools/emulators (make setup installs it)")
	}
	const script = `
const fs = require("fs");
const validate = require("firebase-tools/lib/firebaseConfigValidate.js").getValidator();
const cfg = JSON.parse(fs.readFileSync("../../firebase.json", "utf8"));
if (!validate(cfg)) { console.error(JSON.stringify(validate.errors, null, 1)); process.exit(1); }
const { FirestoreApi } = require("firebase-tools/lib/firestore/api.js");
new FirestoreApi().validateSpec(JSON.parse(fs.readFileSync("../../firestore.indexes.json", "utf8")));
console.log("firebase.json and firestore.indexes.json: accepted by firebase-tools");
`
	cmd := exec.Command(node, "-e", script)
	cmd.Dir = "../../tools/emulators"
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("firebase-tools refuses the configuration: %v", err)
	}
}

// Clients never read or write Firestore: every rule denies. (tests/rules
// proves it against the Firestore emulator in the hosted CI workflow.)
func TestRulesDenyAll(t *testing.T) {
	rules := string(read(t, "firestore.rules"))
	if !strings.Contains(rules, "rules_version = '2'") {
		t.Error("firestore.rules should declare rules_version = '2'")
	}
	if !strings.Contains(rules, "match /{document=**}") {
		t.Error("firestore.rules should match every document (/{document=**})")
	}
	allows := regexp.MustCompile(`allow [^;]*;`).FindAllString(rules, -1)
	if len(allows) == 0 {
		t.Fatal("no allow statement found")
	}
	for _, a := range allows {
		if !strings.HasSuffix(a, "if false;") {
			t.Errorf("rule grants access: %q", a)
		}
	}
	if strings.Count(rules, "{") != strings.Count(rules, "}") {
		t.Error("firestore.rules: unbalanced braces")
	}
}
