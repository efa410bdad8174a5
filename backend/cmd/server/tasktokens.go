//go:build !e2e

package main

import (
	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/oidc"
)

// taskTokenIssuer is who the task endpoint trusts to sign Cloud Tasks' OIDC
// tokens: in the release build Google only (oidc's defaults), whatever the
// environment says. (The e2e build may name cloud-tasks-emulator instead:
// tasktokens_e2e.go.)
func taskTokenIssuer(config.Config, func(string) string) (oidc.Options, error) {
	return oidc.Options{}, nil
}
