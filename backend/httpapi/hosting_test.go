package httpapi

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// The policy firebase.json carries is the server's, for the default auth
// domain and for a custom one, written by SetHostingCSP from the one
// policy function (the repository's file is the default's: checked in
// backend/deploy).
func TestSetHostingCSP(t *testing.T) {
	in, err := os.ReadFile("../../firebase.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, domain := range []string{"", "auth.listinglift.example"} {
		out, err := SetHostingCSP(in, domain)
		if err != nil {
			t.Fatal(err)
		}
		want := SecurityPolicy{Production: true, AuthDomain: map[bool]string{true: DefaultHostingAuthDomain, false: domain}[domain == ""]}.ContentSecurityPolicy()
		var f struct {
			Hosting struct {
				Headers []struct {
					Source  string
					Headers []struct{ Key, Value string }
				}
			}
		}
		if err := json.Unmarshal(out, &f); err != nil {
			t.Fatal(err)
		}
		var got string
		for _, h := range f.Hosting.Headers {
			for _, kv := range h.Headers {
				if h.Source == "**" && kv.Key == "Content-Security-Policy" {
					got = kv.Value
				}
			}
		}
		if got != want {
			t.Errorf("auth domain %q: firebase.json CSP\n %q\nwant the server's\n %q", domain, got, want)
		}
		if domain != "" && !strings.Contains(got, "frame-src https://"+domain+" ") {
			t.Errorf("custom domain not in frame-src: %q", got)
		}
		if strings.Count(string(out), "\n") != strings.Count(string(in), "\n") {
			t.Error("the rest of firebase.json was reformatted")
		}
	}
	if _, err := SetHostingCSP([]byte(`{"hosting":{}}`), ""); err == nil {
		t.Error("a firebase.json without the header was accepted")
	}
}
