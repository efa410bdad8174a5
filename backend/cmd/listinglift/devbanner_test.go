package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The banner `make dev` prints (scripts/dev-banner.sh, run by dev.sh) says
// whether payments and the model writer are on, and never prints a key:
// the banner lands in scroll-back, screen shares and pasted bug reports
// (issue 43: it printed "sk_test_local").
func TestDevBannerPrintsNoSecret(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("SKIP: the banner is a bash script and bash is not installed")
	}
	const stripeKey = "sk_test_51SecretValueNeverShown"
	const geminiKey = "AIzaSecretGeminiValueNeverShown"
	cases := []struct {
		name    string
		env     []string
		secrets []string
		want    []string
	}{
		{"payments and Gemini on", []string{"STRIPE_SECRET_KEY=" + stripeKey, "GEMINI_API_KEY=" + geminiKey},
			[]string{stripeKey, geminiKey}, []string{"Stripe, test mode (STRIPE_SECRET_KEY set)", "Gemini (gemini-2.5-flash; API key set)"}},
		{"a live key is named as live, not shown", []string{"STRIPE_SECRET_KEY=sk_live_51LiveSecret"},
			[]string{"sk_live_51LiveSecret"}, []string{"LIVE mode", "template writer (no AI model"}},
		{"payments off", nil, nil, []string{"off: orders are fulfilled at once, without charge"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command("bash", "../../../scripts/dev-banner.sh")
			cmd.Env = append([]string{"PATH=/usr/bin:/bin", "PORT=8080", "AUTH_PORT=9099", "PROJECT_ID=demo-listinglift",
				"RUN_DIR=/tmp/run", "OUTBOX_DIR=/tmp/outbox"}, c.env...)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("dev-banner.sh: %v\n%s", err, out)
			}
			for _, s := range c.secrets {
				if strings.Contains(string(out), s) {
					t.Errorf("the banner prints the secret %q:\n%s", s, out)
				}
			}
			for _, w := range c.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("the banner lacks %q:\n%s", w, out)
				}
			}
		})
	}
}
