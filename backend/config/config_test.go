package config

import (
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestLoadDefaults(t *testing.T) {
	c, err := Load(env())
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Env: Development, Host: "127.0.0.1", Port: 8080, PublicURL: "http://localhost:8080",
		WebDir: "frontend/dist", LogLevel: slog.LevelInfo, ShutdownTimeout: 10 * time.Second,
		Store: StoreSQLite, SQLitePath: "var/listinglift.db",
		FirebaseProjectID: "demo-listinglift", FirebaseAPIKey: "demo-api-key",
		FirebaseAuthDomain: "demo-listinglift.firebaseapp.com",
		SupportEmail:       "support@listinglift.app", SupportPhone: "+1-555-0100",
		HelpCenterURL: "https://help.listinglift.app", TokenSyncMaxAge: 55 * time.Minute,
	}
	if c != want {
		t.Errorf("defaults:\n got %+v\nwant %+v", c, want)
	}
	if c.Addr() != "127.0.0.1:8080" {
		t.Errorf("Addr = %q", c.Addr())
	}
}

func TestLoadValues(t *testing.T) {
	c, err := Load(env("PORT", "9000", "LOG_LEVEL", "debug", "SHUTDOWN_TIMEOUT", "3s",
		"GOOGLE_CLOUD_PROJECT", "demo-x", "FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099",
		"PUBLIC_URL", "http://example.test/", "STORE", "FireStore"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 9000 || c.LogLevel != slog.LevelDebug || c.ShutdownTimeout != 3*time.Second {
		t.Errorf("got %+v", c)
	}
	if c.FirebaseProjectID != "demo-x" || c.FirebaseAuthDomain != "demo-x.firebaseapp.com" {
		t.Errorf("project fallback: %q %q", c.FirebaseProjectID, c.FirebaseAuthDomain)
	}
	if c.PublicURL != "http://example.test" {
		t.Errorf("PublicURL trailing slash kept: %q", c.PublicURL)
	}
	if c.Store != StoreFirestore {
		t.Errorf("STORE is case-insensitive: got %q", c.Store)
	}
}

// Each bad value must stop start-up with one line naming the variable.
func TestLoadRejects(t *testing.T) {
	prod := []string{"APP_ENV", "production", "FIREBASE_PROJECT_ID", "listinglift-prod", "PUBLIC_URL", "https://listinglift.app", "FIREBASE_API_KEY", "AIzaSyExample"}
	cases := []struct {
		name string
		env  []string
		want string
	}{
		{"env", []string{"APP_ENV", "staging"}, "APP_ENV"},
		{"port text", []string{"PORT", "http"}, "PORT"},
		{"port range", []string{"PORT", "70000"}, "PORT"},
		{"level", []string{"LOG_LEVEL", "loud"}, "LOG_LEVEL"},
		{"timeout", []string{"SHUTDOWN_TIMEOUT", "soon"}, "SHUTDOWN_TIMEOUT"},
		{"negative timeout", []string{"SHUTDOWN_TIMEOUT", "-1s"}, "SHUTDOWN_TIMEOUT"},
		{"store", []string{"STORE", "postgres"}, "STORE"},
		{"public url", []string{"PUBLIC_URL", "listinglift.app"}, "PUBLIC_URL"},
		{"help url", []string{"HELP_CENTER_URL", "ftp://x"}, "HELP_CENTER_URL"},
		{"emulator host", []string{"FIREBASE_AUTH_EMULATOR_HOST", "localhost"}, "FIREBASE_AUTH_EMULATOR_HOST"},
		{"emulator port", []string{"FIRESTORE_EMULATOR_HOST", "localhost:0"}, "FIRESTORE_EMULATOR_HOST"},
		{"token sync url", []string{"TOKEN_SYNC_URL", "https://evil.example/sync"}, "TOKEN_SYNC_URL"},
		{"token sync protocol-relative", []string{"TOKEN_SYNC_URL", "//evil.example/sync"}, "TOKEN_SYNC_URL"},
		{"token sync age", []string{"TOKEN_SYNC_MAX_AGE", "forever"}, "TOKEN_SYNC_MAX_AGE"},
		{"proxy hops", []string{"TRUSTED_PROXY_HOPS", "9"}, "TRUSTED_PROXY_HOPS"},
		{"support email", []string{"SUPPORT_EMAIL", "Support <a@b.c>"}, "SUPPORT_EMAIL"},
		{"prod sqlite", append(prod, "STORE", "sqlite"), "STORE"},
		{"prod auth emulator", append(prod, "FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099"), "FIREBASE_AUTH_EMULATOR_HOST"},
		{"prod firestore emulator", append(prod, "FIRESTORE_EMULATOR_HOST", "127.0.0.1:8085"), "FIRESTORE_EMULATOR_HOST"},
		{"prod demo project", []string{"APP_ENV", "production", "PUBLIC_URL", "https://listinglift.app", "FIREBASE_API_KEY", "AIzaSyExample"}, "FIREBASE_PROJECT_ID"},
		{"prod demo api key", []string{"APP_ENV", "production", "FIREBASE_PROJECT_ID", "p", "PUBLIC_URL", "https://listinglift.app"}, "FIREBASE_API_KEY"},
		{"prod http", []string{"APP_ENV", "production", "FIREBASE_PROJECT_ID", "p", "FIREBASE_API_KEY", "AIzaSyExample"}, "PUBLIC_URL"},
		{"auth domain injection", []string{"FIREBASE_AUTH_DOMAIN", "x.firebaseapp.com; script-src *"}, "FIREBASE_AUTH_DOMAIN"},
		{"sqlite path query", []string{"SQLITE_PATH", "var/db?_pragma=foo"}, "SQLITE_PATH"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(env(tc.env...))
			if err == nil {
				t.Fatal("Load accepted a bad configuration")
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q should be one line naming %s", msg, tc.want)
			}
		})
	}
}

func TestProductionDefaults(t *testing.T) {
	c, err := Load(env("APP_ENV", "production", "FIREBASE_PROJECT_ID", "listinglift-prod", "PUBLIC_URL", "https://listinglift.app", "FIREBASE_API_KEY", "AIzaSyExample"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Host != "0.0.0.0" || c.Store != StoreFirestore || c.ProxyHops != 1 {
		t.Errorf("production defaults: host %q store %q", c.Host, c.Store)
	}
}

// The README's configuration table is generated from Vars; every variable
// Load reads must be listed there.
func TestVarsListEveryVariable(t *testing.T) {
	read := map[string]bool{}
	_, _ = Load(func(k string) string { read[k] = true; return "" })
	listed := map[string]bool{}
	for _, v := range Vars {
		listed[v.Name] = true
	}
	for k := range read {
		if !listed[k] && k != "GOOGLE_CLOUD_PROJECT" {
			t.Errorf("Load reads %s but Vars does not document it", k)
		}
	}
	for k := range listed {
		if !read[k] {
			t.Errorf("Vars documents %s but Load never reads it", k)
		}
	}
}

// The README's configuration table documents every variable.
func TestReadmeDocumentsEveryVariable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Vars {
		if !strings.Contains(string(readme), "| `"+v.Name+"` |") {
			t.Errorf("README.md's configuration table lacks %s", v.Name)
		}
	}
}
