// Package payments is ListingLift's side of the payment provider: the
// prices it charges (from the plan table, backend/plans), Checkout Sessions
// and verified webhook events.
// Stripe (stripe.go) is the one adapter; tests run it against stripe-mock.
package payments

import (
	"context"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/plans"
)

// Price is what a checkout sells: a plan (or the upgrade) at its price
// from the plan table (backend/plans), never from the client.
type Price struct {
	Plan  domain.Plan
	Cents int64  // in Currency's minor unit
	Name  string // the line item hosts see on the checkout page
	// Description is the line item's subtitle on the checkout page.
	Description string
}

// Dollars is the amount recorded on the optimization (SPEC §3 amount).
func (p Price) Dollars() float64 { return float64(p.Cents) / 100 }

// Currency is the one currency we sell in (the plan table's).
const Currency = plans.Currency

// UpgradeCents is what a Basic → Premium upgrade costs.
func UpgradeCents() int64 { return plans.UpgradeOffer().Cents }

// upgradePrice is the upgrade's line item.
func upgradePrice() Price {
	u := plans.UpgradeOffer()
	return Price{Plan: u.To, Cents: u.Cents, Name: u.Name, Description: u.Description}
}

// CheckoutLifetime is how long a Checkout Session stays open (Stripe's
// expires_at; its minimum is 30 minutes): an abandoned checkout becomes an
// expired order within the hour rather than after Stripe's default 24 h.
const CheckoutLifetime = 30 * time.Minute

// PriceOf returns the price of plan.
func PriceOf(plan domain.Plan) (Price, error) {
	p, err := plans.Of(plan)
	if err != nil {
		return Price{}, err
	}
	return Price{Plan: p.ID, Cents: p.PriceCents, Name: p.CheckoutName, Description: p.CheckoutDescription}, nil
}

// Order is what a Checkout Session pays for. Its fields also travel in the
// session's metadata, so a paid session can be fulfilled even when
// recording the order failed before checkout (SPEC §8).
type Order struct {
	OptimizationID string // "" when recording the order failed
	CustomerUID    string
	CustomerEmail  string
	Plan           domain.Plan
	ListingURL     string
	// Upgrade: the session pays the Basic → Premium difference of the
	// order OptimizationID (which must be set).
	Upgrade bool
}

// Metadata keys on the Checkout Session.
const (
	MetaOptimizationID = "optimization_id"
	MetaCustomerUID    = "customer_uid"
	MetaCustomerEmail  = "customer_email"
	MetaPlan           = "plan"
	MetaListingURL     = "listing_url"
	// MetaPurpose says what a session pays for: "" (an order) or
	// PurposeUpgrade (the upgrade of the order it names).
	MetaPurpose    = "purpose"
	PurposeUpgrade = "upgrade"
)

// MaxMetadataValue is Stripe's limit on a metadata value's length.
const MaxMetadataValue = 500

// Metadata is o as session metadata.
func (o Order) Metadata() map[string]string {
	m := map[string]string{
		MetaCustomerUID:   o.CustomerUID,
		MetaCustomerEmail: o.CustomerEmail,
		MetaPlan:          string(o.Plan),
		MetaListingURL:    o.ListingURL,
	}
	if o.OptimizationID != "" {
		m[MetaOptimizationID] = o.OptimizationID
	}
	if o.Upgrade {
		m[MetaPurpose] = PurposeUpgrade
	}
	return m
}

// OrderFromMetadata reads an Order back from session metadata.
func OrderFromMetadata(m map[string]string) Order {
	return Order{
		OptimizationID: m[MetaOptimizationID],
		CustomerUID:    m[MetaCustomerUID],
		CustomerEmail:  m[MetaCustomerEmail],
		Plan:           domain.Plan(m[MetaPlan]),
		ListingURL:     m[MetaListingURL],
		Upgrade:        m[MetaPurpose] == PurposeUpgrade,
	}
}

// CheckoutRequest asks for a hosted checkout page.
type CheckoutRequest struct {
	Order      Order
	SuccessURL string // may contain {CHECKOUT_SESSION_ID}
	CancelURL  string
}

// Session is the part of a Checkout Session fulfilment reads.
type Session struct {
	ID                string
	URL               string // the hosted checkout page; empty once completed
	ClientReferenceID string // the optimization id, when it was recorded
	Metadata          map[string]string
	Status            string // open, complete, expired
	PaymentStatus     string // paid, unpaid, no_payment_required
	AmountTotal       int64  // cents
	Currency          string
	ExpiresAt         time.Time // when an open session expires (zero: not told)
}

// Paid reports whether the session's money has arrived (or none was due).
func (s *Session) Paid() bool {
	return s.PaymentStatus == "paid" || s.PaymentStatus == "no_payment_required"
}

// Order is what the session pays for: the metadata, with the client
// reference id as the optimization id when the metadata has none.
func (s *Session) Order() Order {
	o := OrderFromMetadata(s.Metadata)
	if o.OptimizationID == "" {
		o.OptimizationID = s.ClientReferenceID
	}
	return o
}

// Event types fulfilment acts on; others are acknowledged and ignored.
const (
	EventCheckoutCompleted      = "checkout.session.completed"
	EventAsyncPaymentSucceeded  = "checkout.session.async_payment_succeeded"
	EventAsyncPaymentFailed     = "checkout.session.async_payment_failed"
	EventCheckoutSessionExpired = "checkout.session.expired"
	// EventChargeRefunded: a charge was refunded, by us or from Stripe's
	// dashboard.
	EventChargeRefunded = "charge.refunded"
)

// Charge is the part of a refunded charge fulfilment reads.
type Charge struct {
	ID             string
	PaymentIntent  string
	Metadata       map[string]string // the PaymentIntent's, copied by Stripe: names the order
	Refunded       bool              // refunded in full
	AmountRefunded int64             // cents
	RefundID       string            // the latest refund's id, when the event carries it
}

// Event is a verified webhook event.
type Event struct {
	ID         string
	Type       string
	APIVersion string
	// Session is the event's Checkout Session for checkout.session.*
	// events, nil otherwise.
	Session *Session
	// Charge is the event's charge for charge.* events, nil otherwise.
	Charge *Charge
}

// Provider creates and reads Checkout Sessions and verifies webhooks.
type Provider interface {
	CreateCheckout(ctx context.Context, req CheckoutRequest) (*Session, error)
	GetSession(ctx context.Context, id string) (*Session, error)
	// ParseWebhook verifies the signature header over the raw payload and
	// returns the event. A bad or stale signature or a malformed payload
	// is domain.CodeInvalid: the request did not come from the provider.
	ParseWebhook(payload []byte, signature string) (*Event, error)
	// Refund refunds the whole payment of a paid Checkout Session. The
	// idempotency key makes a repeat (a retried call, a second operator)
	// return the same refund instead of refunding twice. A payment already
	// refunded in full by other means (Stripe's dashboard, another key) is
	// ErrAlreadyRefunded: no retry will ever succeed.
	Refund(ctx context.Context, sessionID, idempotencyKey string) (*Refund, error)
	// ExpireSession closes an open Checkout Session so it can no longer
	// be paid (the dashboard's Remove). A session already expired is
	// success; one already paid is domain.CodeConflict.
	ExpireSession(ctx context.Context, id string) error
}

// ErrAlreadyRefunded is Refund's answer for a payment the provider says
// was already refunded in full elsewhere (Stripe's error code
// charge_already_refunded). Matched with errors.Is.
var ErrAlreadyRefunded = &domain.Error{Code: domain.CodeConflict, Message: "This payment was already refunded."}

// Refund is a refund the provider made.
type Refund struct {
	ID       string
	Amount   int64 // cents
	Currency string
	Status   string // pending, succeeded, failed, …
}

func invalid(msg string, err error) error {
	return &domain.Error{Code: domain.CodeInvalid, Message: msg, Err: err}
}

func unavailable(what string, err error) error {
	return &domain.Error{Code: domain.CodeUnavailable,
		Message: "Our payment provider did not answer. You have not been charged; please try again in a moment.",
		Err:     fmt.Errorf("payments: %s: %w", what, err)}
}
