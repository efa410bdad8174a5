// Package paymentstest helps tests speak to the payments package the way
// Stripe would: signed webhook payloads and the local stripe-mock server.
package paymentstest

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// WebhookSecret is the signing secret tests configure.
const WebhookSecret = "whsec_listinglift_test"

// SecretKey is an API key stripe-mock accepts.
const SecretKey = "sk_test_listinglift"

// MockURL returns the address of the stripe-mock `make test` starts
// (STRIPE_MOCK_URL), skipping the test with the reason when it is unset.
func MockURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("STRIPE_MOCK_URL")
	if u == "" {
		t.Skip("STRIPE_MOCK_URL is not set: run through `make test`, which starts stripe-mock")
	}
	return u
}

// SessionObject is a Checkout Session as a webhook carries it.
type SessionObject struct {
	ID                string            `json:"id"`
	Object            string            `json:"object"`
	ClientReferenceID string            `json:"client_reference_id,omitempty"`
	Metadata          map[string]string `json:"metadata"`
	Status            string            `json:"status"`
	PaymentStatus     string            `json:"payment_status"`
	AmountTotal       int64             `json:"amount_total"`
	Currency          string            `json:"currency"`
	Mode              string            `json:"mode"`
}

// PaidSession is a completed, paid session for optimization id.
func PaidSession(sessionID, optimizationID string, metadata map[string]string) SessionObject {
	return SessionObject{ID: sessionID, Object: "checkout.session", ClientReferenceID: optimizationID,
		Metadata: metadata, Status: "complete", PaymentStatus: "paid", AmountTotal: 499, Currency: "usd", Mode: "payment"}
}

// Event builds the JSON of a Stripe event of type typ about obj, on the
// SDK's API version unless apiVersion is given.
func Event(eventID, typ string, obj any, apiVersion string) []byte {
	if apiVersion == "" {
		apiVersion = stripe.APIVersion
	}
	raw, err := json.Marshal(obj)
	if err != nil {
		panic(err)
	}
	b, err := json.Marshal(map[string]any{
		"id": eventID, "object": "event", "type": typ, "api_version": apiVersion,
		"created": time.Now().Unix(), "livemode": false, "pending_webhooks": 1,
		"data": map[string]json.RawMessage{"object": raw},
	})
	if err != nil {
		panic(err)
	}
	return b
}

// Sign returns the Stripe-Signature header for payload signed with secret
// at time at.
func Sign(payload []byte, secret string, at time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: at}).Header
}

// NewEventID returns a distinct event id.
func NewEventID() string { return fmt.Sprintf("evt_test_%d", time.Now().UnixNano()) }
