package payments

import (
	"errors"
	"strings"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// webhookSecrets splits STRIPE_WEBHOOK_SECRET into its secrets: one, or
// two (old and new, comma- or space-separated) while the endpoint's secret
// is rotated, so events signed with either are accepted during the change
// (docs/DEPLOY.md §9).
func webhookSecrets(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
}

// constructEvent verifies payload's signature against each of secrets and
// returns the event of the first that matches. An error other than a
// signature mismatch (a stale timestamp, a malformed header or body) is
// the same under every secret, so it is returned at once.
func constructEvent(payload []byte, signature, secrets string, opts webhook.ConstructEventOptions) (stripe.Event, error) {
	var err error
	for _, secret := range webhookSecrets(secrets) {
		var ev stripe.Event
		ev, err = webhook.ConstructEventWithOptions(payload, signature, secret, opts)
		if err == nil || !errors.Is(err, webhook.ErrNoValidSignature) {
			return ev, err
		}
	}
	if err == nil {
		err = errors.New("no webhook secret configured")
	}
	return stripe.Event{}, err
}
