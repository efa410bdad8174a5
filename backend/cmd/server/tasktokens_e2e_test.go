//go:build e2e

package main

import (
	"strings"
	"testing"

	"github.com/listinglift/listinglift/backend/config"
)

// The e2e build trusts cloud-tasks-emulator's issuer only when told, only
// on a loopback address, and never in production.
func TestE2ETaskTokenIssuer(t *testing.T) {
	cases := []struct {
		name, issuer string
		env          config.Environment
		wantErr      string // "" when accepted
		wantJWKS     string
	}{
		{name: "unset: Google, as in production", env: config.Development},
		{name: "the emulator's issuer", issuer: "http://127.0.0.1:36025", env: config.Development, wantJWKS: "http://127.0.0.1:36025/jwks"},
		{name: "production", issuer: "http://127.0.0.1:36025", env: config.Production, wantErr: "production"},
		{name: "not loopback", issuer: "http://10.0.0.5:36025", env: config.Development, wantErr: "loopback"},
		{name: "a name, not an address", issuer: "http://tasks.example.com:36025", env: config.Development, wantErr: "loopback"},
		{name: "no port", issuer: "http://127.0.0.1", env: config.Development, wantErr: "loopback"},
		{name: "https, a path", issuer: "https://127.0.0.1:36025/x", env: config.Development, wantErr: "http://127.0.0.1:PORT"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			getenv := func(k string) string { return map[string]string{"E2E_TASKS_OIDC_ISSUER": tc.issuer}[k] }
			got, err := taskTokenIssuer(config.Config{Env: tc.env}, getenv)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.JWKSURL != tc.wantJWKS {
				t.Errorf("JWKSURL = %q, want %q", got.JWKSURL, tc.wantJWKS)
			}
			if tc.issuer == "" && len(got.Issuers) != 0 {
				t.Errorf("Issuers = %v with the variable unset, want oidc's defaults (Google)", got.Issuers)
			}
			if tc.issuer != "" && (len(got.Issuers) != 1 || got.Issuers[0] != tc.issuer) {
				t.Errorf("Issuers = %v, want [%s]", got.Issuers, tc.issuer)
			}
		})
	}
}
