package httpapi

import (
	"encoding/json"
	"fmt"
	"regexp"
)

// DefaultHostingAuthDomain stands for every project's default Firebase
// Auth domain (<project>.firebaseapp.com) in the policy firebase.json
// carries when no custom auth domain is used.
const DefaultHostingAuthDomain = "*.firebaseapp.com"

// hostingCSP finds the Content-Security-Policy header's value in
// firebase.json (one per file: the "**" source).
var hostingCSP = regexp.MustCompile(`("key":\s*"Content-Security-Policy",\s*"value":\s*)"[^"]*"`)

// SetHostingCSP returns firebase.json with its Content-Security-Policy set
// to the server's production policy for authDomain ("" = the default
// domain of any project). Pages Firebase Hosting serves itself (the app's
// HTML) then carry exactly the policy the server sends, whatever auth
// domain is deployed: one source, the policy in this package.
// cloudbuild.yaml runs it (listinglift hosting-csp) before deploying
// Hosting; the file in the repository holds the default.
func SetHostingCSP(firebaseJSON []byte, authDomain string) ([]byte, error) {
	if authDomain == "" {
		authDomain = DefaultHostingAuthDomain
	}
	policy := SecurityPolicy{Production: true, AuthDomain: authDomain}.ContentSecurityPolicy()
	if n := len(hostingCSP.FindAll(firebaseJSON, -1)); n != 1 {
		return nil, fmt.Errorf("firebase.json: want one Content-Security-Policy header, found %d", n)
	}
	value, err := json.Marshal(policy)
	if err != nil {
		return nil, err
	}
	out := hostingCSP.ReplaceAllFunc(firebaseJSON, func(m []byte) []byte {
		prefix := hostingCSP.FindSubmatch(m)[1]
		return append(append([]byte{}, prefix...), value...)
	})
	if !json.Valid(out) {
		return nil, fmt.Errorf("firebase.json: not valid JSON after setting the policy")
	}
	return out, nil
}
