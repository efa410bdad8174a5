package firestore_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// TestRulesDenyEveryClient loads the repository's firestore.rules into the
// emulator (its REST rules endpoint, in a project of this test's own) and
// asks, as a browser would, over Firestore's REST API: no client, signed
// in or not, reads or writes any document the API keeps, not even the
// owner of it. The same reads as the emulator's admin ("Bearer owner", as
// the API's service account is not subject to rules) succeed, so a denial
// is the rules' doing and not a missing document's. Only Google's emulator
// evaluates rules; on the npm stand-in this test skips saying so.
func TestRulesDenyEveryClient(t *testing.T) {
	host := os.Getenv("FIRESTORE_EMULATOR_HOST")
	if host == "" {
		t.Skip("FIRESTORE_EMULATOR_HOST not set: scripts/test-firestore.sh starts the emulator")
	}
	if os.Getenv("FIRESTORE_EMULATOR_STANDIN") == "1" {
		t.Skip("the npm stand-in does not evaluate security rules; Google's emulator does (scripts/setup.sh says how to install it)")
	}
	rules, err := os.ReadFile(filepath.Join("..", "..", "..", "firestore.rules"))
	if err != nil {
		t.Fatal(err)
	}
	const project = "demo-listinglift-rules" // the rules apply to this project only
	base := "http://" + host
	docs := base + "/v1/projects/" + project + "/databases/(default)/documents"

	call := func(method, url, token string, body any) (int, string) {
		t.Helper()
		var r io.Reader
		if body != nil {
			b, err := json.Marshal(body)
			if err != nil {
				t.Fatal(err)
			}
			r = bytes.NewReader(b)
		}
		req, err := http.NewRequest(method, url, r)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(out)
	}

	if code, body := call(http.MethodPut, base+"/emulator/v1/projects/"+project+":securityRules", "owner",
		map[string]any{"rules": map[string]any{"files": []map[string]string{{"name": "firestore.rules", "content": string(rules)}}}}); code != http.StatusOK {
		t.Fatalf("loading firestore.rules into the emulator: %d %s", code, body)
	}

	// One document in each collection the API writes, as the admin.
	uid := "rules-" + domain.NewID()[:10]
	seed := map[string]string{
		"customers": uid, "optimizations": "opt-" + uid, "stripeSessions": "cs_" + uid,
		"paymentEvents": "evt_" + uid, "deletedCustomers": "gone-" + uid, "strayRefunds": "cs_stray_" + uid,
	}
	fields := map[string]any{"fields": map[string]any{"customerUid": map[string]string{"stringValue": uid}}}
	for col, id := range seed {
		if code, body := call(http.MethodPatch, docs+"/"+col+"/"+id, "owner", fields); code != http.StatusOK {
			t.Fatalf("seeding %s/%s as the admin: %d %s", col, id, code, body)
		}
	}

	clients := []struct{ who, token string }{
		{"an unauthenticated client", ""},
		{"a signed-in customer (the owner)", idToken(project, uid)},
	}
	for col, id := range seed {
		doc := docs + "/" + col + "/" + id
		query := map[string]any{"structuredQuery": map[string]any{
			"from":  []map[string]string{{"collectionId": col}},
			"where": map[string]any{"fieldFilter": map[string]any{"field": map[string]string{"fieldPath": "customerUid"}, "op": "EQUAL", "value": map[string]string{"stringValue": uid}}},
		}}
		if code, body := call(http.MethodGet, doc, "owner", nil); code != http.StatusOK {
			t.Fatalf("the admin cannot read %s/%s (%d %s): the denials below would prove nothing", col, id, code, body)
		}
		for _, c := range clients {
			for _, op := range []struct {
				name, method, url string
				body              any
			}{
				{"read", http.MethodGet, doc, nil},
				{"list", http.MethodGet, docs + "/" + col, nil},
				{"query", http.MethodPost, docs + ":runQuery", query},
				{"create", http.MethodPost, docs + "/" + col + "?documentId=client-" + domain.NewID()[:10], fields},
				{"update", http.MethodPatch, doc + "?updateMask.fieldPaths=touched", map[string]any{"fields": map[string]any{"touched": map[string]bool{"booleanValue": true}}}},
				{"replace", http.MethodPatch, doc, fields},
				{"delete", http.MethodDelete, doc, nil},
			} {
				code, body := call(op.method, op.url, c.token, op.body)
				if code != http.StatusForbidden || !strings.Contains(body, "PERMISSION_DENIED") {
					t.Errorf("%s: %s %s = %d %.200s; want 403 PERMISSION_DENIED", c.who, op.name, col, code, body)
				}
			}
		}
		if code, _ := call(http.MethodGet, doc, "owner", nil); code != http.StatusOK {
			t.Errorf("%s/%s is gone after the denied writes (%d)", col, id, code)
		}
	}
}

// idToken is a Firebase ID token for uid as the emulator accepts it:
// unsigned (alg none), the claims Firebase Auth would sign.
func idToken(project, uid string) string {
	enc := func(v any) string {
		b, _ := json.Marshal(v)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	now := time.Now().Unix()
	return enc(map[string]string{"alg": "none", "typ": "JWT"}) + "." + enc(map[string]any{
		"iss": "https://securetoken.google.com/" + project, "aud": project, "sub": uid, "user_id": uid,
		"iat": now, "exp": now + 3600, "auth_time": now, "email": uid + "@example.com", "email_verified": true,
		"firebase": map[string]any{"sign_in_provider": "password", "identities": map[string]any{}},
	}) + "."
}
