package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// envFrom is a getenv over m. The Auth emulator address is always the one
// the process has (the Admin SDK reads it from the process environment),
// or a placeholder: these tests never verify a token.
func envFrom(m map[string]string) func(string) string {
	emu := os.Getenv("FIREBASE_AUTH_EMULATOR_HOST")
	if emu == "" {
		emu = "127.0.0.1:9099"
	}
	return func(k string) string {
		if v, ok := m[k]; ok {
			return v
		}
		switch k {
		case "FIREBASE_AUTH_EMULATOR_HOST":
			return emu
		case "E2E_LISTING_SITE": // read only by the e2e build
			return "127.0.0.1:9"
		}
		return ""
	}
}

func webDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<!doctype html><div id="root"></div>`), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A bad configuration value stops the server before it listens, with one
// line that names the variable.
func TestRunRefusesBadConfiguration(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"PORT": "eighty"}, "PORT"},
		{map[string]string{"LOG_LEVEL": "chatty"}, "LOG_LEVEL"},
		{map[string]string{"STORE": "mongo"}, "STORE"},
		{map[string]string{"APP_ENV": "production", "FIREBASE_PROJECT_ID": "p", "PUBLIC_URL": "https://x.test", "FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"}, "FIREBASE_AUTH_EMULATOR_HOST"},
		{map[string]string{"WEB_DIR": "/nonexistent/dist", "PORT": "0", "SQLITE_PATH": ":memory:"}, "WEB_DIR"},
	}
	for _, tc := range cases {
		err := run(context.Background(), []string{"server"}, envFrom(tc.env), io.Discard)
		if err == nil {
			t.Errorf("%v: server started", tc.env)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("%v: error %q should be one line naming %s", tc.env, msg, tc.want)
		}
	}
	if err := run(context.Background(), []string{"server", "--port=1"}, envFrom(nil), io.Discard); err == nil {
		t.Error("arguments accepted; configuration is environment only")
	}
}

// startServer runs the server on a free port and returns its URL and a
// channel with run's result.
func startServer(t *testing.T, ctx context.Context, env map[string]string) (string, <-chan error) {
	t.Helper()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"server"}, envFrom(env), pw)
		pw.Close()
	}()
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			var rec map[string]any
			if json.Unmarshal(sc.Bytes(), &rec) == nil && rec["message"] == "server listening" {
				urls <- rec["url"].(string)
			}
		}
	}()
	select {
	case u := <-urls:
		return u, done
	case err := <-done:
		t.Fatalf("server stopped at start: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("server did not start in 10 s")
	}
	return "", nil
}

func TestRunServesAndStopsOnSIGTERM(t *testing.T) {
	env := map[string]string{
		"PORT": "0", "WEB_DIR": webDir(t),
		"SQLITE_PATH": filepath.Join(t.TempDir(), "db", "ll.db"),
	}
	url, done := startServer(t, context.Background(), env)

	resp, err := http.Get(url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("healthz %d", resp.StatusCode)
	}
	resp, err = http.Get(url + "/payment-cancel")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `id="root"`) || resp.Header.Get("Content-Security-Policy") == "" {
		t.Fatalf("deep link: %d %q", resp.StatusCode, body)
	}

	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run after SIGTERM: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("server ignored SIGTERM")
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("server still answering after shutdown")
	}
}

// Tests and embedding callers stop the server by cancelling its context.
func TestRunStopsWhenContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	env := map[string]string{"PORT": "0", "WEB_DIR": webDir(t), "SQLITE_PATH": filepath.Join(t.TempDir(), "ll.db"), "SHUTDOWN_TIMEOUT": "5s"}
	_, done := startServer(t, ctx, env)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no shutdown")
	}
}
