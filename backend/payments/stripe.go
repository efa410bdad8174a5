package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/listinglift/listinglift/backend/domain"
)

// StripeOptions configure the Stripe adapter.
type StripeOptions struct {
	SecretKey     string // sk_live_… / sk_test_…
	WebhookSecret string // whsec_…
	// PriceIDs maps a plan to a Stripe Price id; a plan without one is
	// sold with inline price data from the price table.
	PriceIDs map[domain.Plan]string
	// APIURL points the client at another API (stripe-mock in tests); ""
	// is Stripe itself.
	APIURL     string
	HTTPClient *http.Client
	Logger     *slog.Logger
	// Tolerance is how old a webhook signature may be (default 5 minutes,
	// Stripe's own default), which bounds replays.
	Tolerance time.Duration
}

// Stripe is the Provider backed by the Stripe API.
type Stripe struct {
	client *stripe.Client
	opts   StripeOptions
	log    *slog.Logger
}

// NewStripe returns the Stripe adapter.
func NewStripe(o StripeOptions) (*Stripe, error) {
	if o.SecretKey == "" || o.WebhookSecret == "" {
		return nil, fmt.Errorf("payments: stripe needs a secret key and a webhook secret")
	}
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{Timeout: 20 * time.Second}
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Tolerance == 0 {
		o.Tolerance = webhook.DefaultTolerance
	}
	retries := int64(2) // the SDK retries idempotent-keyed requests safely
	cfg := &stripe.BackendConfig{HTTPClient: o.HTTPClient, MaxNetworkRetries: &retries,
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelError}}
	if o.APIURL != "" {
		cfg.URL = stripe.String(o.APIURL)
	}
	backends := stripe.NewBackendsWithConfig(cfg)
	return &Stripe{client: stripe.NewClient(o.SecretKey, stripe.WithBackends(backends)), opts: o, log: o.Logger}, nil
}

// CreateCheckout creates a hosted Checkout Session for one report. The
// idempotency key makes a retried call (ours or the SDK's) return the same
// session instead of a second one.
func (s *Stripe) CreateCheckout(ctx context.Context, req CheckoutRequest) (*Session, error) {
	price, err := PriceOf(req.Order.Plan)
	if err != nil {
		return nil, err
	}
	item := &stripe.CheckoutSessionCreateLineItemParams{Quantity: stripe.Int64(1)}
	if id := s.opts.PriceIDs[price.Plan]; id != "" {
		item.Price = stripe.String(id)
	} else {
		item.PriceData = &stripe.CheckoutSessionCreateLineItemPriceDataParams{
			Currency:   stripe.String(Currency),
			UnitAmount: stripe.Int64(price.Cents),
			ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{
				Name:        stripe.String(price.Name),
				Description: stripe.String(price.Description),
			},
		}
	}
	meta := req.Order.Metadata()
	p := &stripe.CheckoutSessionCreateParams{
		Mode:       stripe.String(string(stripe.CheckoutSessionModePayment)),
		LineItems:  []*stripe.CheckoutSessionCreateLineItemParams{item},
		SuccessURL: stripe.String(req.SuccessURL),
		CancelURL:  stripe.String(req.CancelURL),
		Metadata:   meta,
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{
			Metadata: meta,
		},
	}
	if req.Order.CustomerEmail != "" {
		p.CustomerEmail = stripe.String(req.Order.CustomerEmail)
	}
	if id := req.Order.OptimizationID; id != "" {
		p.ClientReferenceID = stripe.String(id)
		p.SetIdempotencyKey("checkout-" + id)
	}
	cs, err := s.client.V1CheckoutSessions.Create(ctx, p)
	if err != nil {
		return nil, unavailable("create checkout session", err)
	}
	return sessionOf(cs), nil
}

// GetSession reads a Checkout Session.
func (s *Stripe) GetSession(ctx context.Context, id string) (*Session, error) {
	cs, err := s.client.V1CheckoutSessions.Retrieve(ctx, id, nil)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.HTTPStatusCode == http.StatusNotFound {
			return nil, fmt.Errorf("payments: session %s: %w", id, domain.ErrNotFound)
		}
		return nil, unavailable("retrieve checkout session "+id, err)
	}
	return sessionOf(cs), nil
}

// Refund refunds a session's payment intent in full.
func (s *Stripe) Refund(ctx context.Context, sessionID, idempotencyKey string) (*Refund, error) {
	p := &stripe.CheckoutSessionRetrieveParams{}
	p.AddExpand("payment_intent")
	cs, err := s.client.V1CheckoutSessions.Retrieve(ctx, sessionID, p)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.HTTPStatusCode == http.StatusNotFound {
			return nil, fmt.Errorf("payments: session %s: %w", sessionID, domain.ErrNotFound)
		}
		return nil, unavailable("retrieve checkout session "+sessionID, err)
	}
	if cs.PaymentIntent == nil || cs.PaymentIntent.ID == "" {
		return nil, &domain.Error{Code: domain.CodeConflict, Message: "This checkout has no payment to refund."}
	}
	rp := &stripe.RefundCreateParams{PaymentIntent: stripe.String(cs.PaymentIntent.ID)}
	rp.SetIdempotencyKey(idempotencyKey)
	r, err := s.client.V1Refunds.Create(ctx, rp)
	if err != nil {
		return nil, unavailable("refund session "+sessionID, err)
	}
	return &Refund{ID: r.ID, Amount: r.Amount, Currency: string(r.Currency), Status: string(r.Status)}, nil
}

// ParseWebhook verifies and decodes an event. Events from an endpoint on
// another API version are accepted: fulfilment reads only fields that every
// version has (the session's id, statuses, client reference and metadata),
// decoded here rather than through the SDK's version-specific types.
func (s *Stripe) ParseWebhook(payload []byte, signature string) (*Event, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, signature, s.opts.WebhookSecret,
		webhook.ConstructEventOptions{Tolerance: s.opts.Tolerance, IgnoreAPIVersionMismatch: true})
	if err != nil {
		return nil, invalid("Invalid webhook signature or payload.", err)
	}
	if ev.APIVersion != "" && ev.APIVersion != stripe.APIVersion {
		s.log.Debug("stripe event from another API version", "event", ev.ID, "api_version", ev.APIVersion)
	}
	out := &Event{ID: ev.ID, Type: string(ev.Type), APIVersion: ev.APIVersion}
	if ev.ID == "" || ev.Type == "" {
		return nil, invalid("Invalid webhook payload.", fmt.Errorf("event without id or type"))
	}
	if ev.Data != nil && len(ev.Data.Raw) > 0 && isCheckoutSessionEvent(out.Type) {
		var cs wireSession
		if err := json.Unmarshal(ev.Data.Raw, &cs); err != nil || cs.ID == "" {
			return nil, invalid("Invalid webhook payload.", fmt.Errorf("event %s: session object: %v", ev.ID, err))
		}
		out.Session = cs.session()
	}
	return out, nil
}

func isCheckoutSessionEvent(t string) bool {
	return strings.HasPrefix(t, "checkout.session.")
}

// wireSession is a Checkout Session as JSON, version-independent.
type wireSession struct {
	ID                string            `json:"id"`
	URL               string            `json:"url"`
	ClientReferenceID string            `json:"client_reference_id"`
	Metadata          map[string]string `json:"metadata"`
	Status            string            `json:"status"`
	PaymentStatus     string            `json:"payment_status"`
	AmountTotal       int64             `json:"amount_total"`
	Currency          string            `json:"currency"`
}

func (w wireSession) session() *Session {
	return &Session{ID: w.ID, URL: w.URL, ClientReferenceID: w.ClientReferenceID, Metadata: w.Metadata,
		Status: w.Status, PaymentStatus: w.PaymentStatus, AmountTotal: w.AmountTotal, Currency: w.Currency}
}

func sessionOf(cs *stripe.CheckoutSession) *Session {
	return &Session{ID: cs.ID, URL: cs.URL, ClientReferenceID: cs.ClientReferenceID, Metadata: cs.Metadata,
		Status: string(cs.Status), PaymentStatus: string(cs.PaymentStatus), AmountTotal: cs.AmountTotal,
		Currency: string(cs.Currency)}
}
