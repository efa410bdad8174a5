package httpapi

import (
	"encoding/json"
	"fmt"
	"github.com/listinglift/listinglift/backend/plans"
	"net/http"
)

// ClientConfig is what the browser needs to know about this deployment. It
// holds only public values: one front-end build serves every environment.
// The front end validates the same shape in src/lib/config.ts. Whether
// payments are on is added by NewServer from the order service, and the
// plan table from backend/plans. There is
// no Stripe publishable key: checkout is Stripe's hosted page, reached by
// the URL the server's session returns, so the browser never talks to
// Stripe itself.
type ClientConfig struct {
	Environment            string         `json:"environment"`
	APIBase                string         `json:"apiBase"`
	Firebase               FirebaseConfig `json:"firebase"`
	AuthEmulatorURL        string         `json:"authEmulatorUrl"`
	SupportEmail           string         `json:"supportEmail"`
	SupportPhone           string         `json:"supportPhone"`
	HelpCenterURL          string         `json:"helpCenterUrl"`
	CompanyName            string         `json:"companyName"`
	CompanyAddress         string         `json:"companyAddress"`
	TokenSyncURL           string         `json:"tokenSyncUrl"`
	TokenSyncMaxAgeSeconds int            `json:"tokenSyncMaxAgeSeconds"`
	// CopyModel: a language model writes the report's copy (a key is
	// configured); false, the built-in writer does. The loading screen
	// calls its first step "AI Analysis" (SPEC §2) only when one runs.
	CopyModel bool `json:"copyModel"`
}

// FirebaseConfig is the public part of the Firebase web app configuration.
type FirebaseConfig struct {
	APIKey     string `json:"apiKey"`
	AuthDomain string `json:"authDomain"`
	ProjectID  string `json:"projectId"`
}

// runtimeConfigScript renders the configuration as a script that sets
// window.__LISTINGLIFT_CONFIG__. A same-origin script, unlike an inline one,
// needs no CSP exception. json.Marshal escapes <, > and &, so no value can
// close the script.
func runtimeConfigScript(c ClientConfig, paymentsOn bool) (http.Handler, error) {
	b, err := json.Marshal(struct {
		ClientConfig
		PaymentsEnabled bool `json:"paymentsEnabled"`
		// Plans is the plan table (backend/plans): every screen's prices
		// and what each plan includes.
		Plans []plans.Plan `json:"plans"`
	}{c, paymentsOn, plans.All()})
	if err != nil {
		return nil, fmt.Errorf("runtime config: %w", err)
	}
	body := []byte("window.__LISTINGLIFT_CONFIG__ = " + string(b) + ";\n")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(body)
	}), nil
}
