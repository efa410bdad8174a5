//go:build e2e

package main

import (
	"fmt"
	"net"
	"net/url"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/oidc"
)

// taskTokenIssuer, in the e2e test build only: E2E_TASKS_OIDC_ISSUER names
// cloud-tasks-emulator's token issuer (its -openid-issuer URL, on a
// loopback address), and the task endpoint then verifies the emulator's
// tokens — signature by the key set at ISSUER/jwks, issuer, audience,
// service account (TASKS_SERVICE_ACCOUNT) — as it verifies Google's in
// production, so the browser journey on Cloud Tasks goes through the
// endpoint's real check. The emulator's signing key is published in its
// source, so this proves the wiring, not an identity; the release build
// has no such setting (tasktokens.go). Unset: Google, as in production.
func taskTokenIssuer(cfg config.Config, getenv func(string) string) (oidc.Options, error) {
	issuer := getenv("E2E_TASKS_OIDC_ISSUER")
	if issuer == "" {
		return oidc.Options{}, nil
	}
	if cfg.Env == config.Production {
		return oidc.Options{}, fmt.Errorf("APP_ENV=production: this is the e2e test build, which must never serve production")
	}
	u, err := url.Parse(issuer)
	if err != nil || u.Scheme != "http" || u.Path != "" {
		return oidc.Options{}, fmt.Errorf("E2E_TASKS_OIDC_ISSUER=%s: want cloud-tasks-emulator's issuer, http://127.0.0.1:PORT", issuer)
	}
	if ip := net.ParseIP(u.Hostname()); ip == nil || !ip.IsLoopback() || u.Port() == "" {
		return oidc.Options{}, fmt.Errorf("E2E_TASKS_OIDC_ISSUER=%s: the emulator's issuer is on a loopback address (http://127.0.0.1:PORT)", issuer)
	}
	return oidc.Options{Issuers: []string{issuer}, JWKSURL: issuer + "/jwks"}, nil
}
