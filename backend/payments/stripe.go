package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
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
	// UpgradePriceID is a Stripe Price for the upgrade (STRIPE_PRICE_UPGRADE);
	// "" sells it with inline price data (the price table's difference).
	UpgradePriceID string
	// Now is the clock for session expiry (default time.Now).
	Now func() time.Time
	// CallTimeout bounds each provider call, its retries included
	// (default CallTimeout; see deadline.go).
	CallTimeout time.Duration
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
		o.HTTPClient = &http.Client{Timeout: AttemptTimeout}
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = CallTimeout
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Tolerance == 0 {
		o.Tolerance = webhook.DefaultTolerance
	}
	if o.Now == nil {
		o.Now = time.Now
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
	ctx, cancel := s.bound(ctx)
	defer cancel()
	price, err := PriceOf(req.Order.Plan)
	if err != nil {
		return nil, err
	}
	priceID := s.opts.PriceIDs[price.Plan]
	if req.Order.Upgrade {
		if req.Order.OptimizationID == "" {
			return nil, fmt.Errorf("payments: an upgrade needs its order")
		}
		price = upgradePrice()
		priceID = s.opts.UpgradePriceID
	}
	item := &stripe.CheckoutSessionCreateLineItemParams{Quantity: stripe.Int64(1)}
	if priceID != "" {
		item.Price = stripe.String(priceID)
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
		ExpiresAt: stripe.Int64(s.now().Add(CheckoutLifetime).Unix()),
	}
	if req.Order.CustomerEmail != "" {
		p.CustomerEmail = stripe.String(req.Order.CustomerEmail)
	}
	if id := req.Order.OptimizationID; id != "" {
		p.ClientReferenceID = stripe.String(id)
		key := "checkout-" + id
		if req.Order.Upgrade {
			// One open upgrade checkout per order and half hour: a second
			// click gets the same session (Stripe keeps keys 24 h, so the
			// key names the half hour, and a later click a fresh session).
			key = fmt.Sprintf("upgrade-%s-%d", id, s.now().Unix()/int64(CheckoutLifetime.Seconds()))
		}
		p.SetIdempotencyKey(key)
	}
	cs, err := s.client.V1CheckoutSessions.Create(ctx, p)
	if err != nil {
		return nil, unavailable("create checkout session", err)
	}
	return sessionOf(cs), nil
}

func (s *Stripe) now() time.Time { return s.opts.Now() }

// ExpireSession expires an open Checkout Session.
func (s *Stripe) ExpireSession(ctx context.Context, id string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	cs, err := s.client.V1CheckoutSessions.Retrieve(ctx, id, nil)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.HTTPStatusCode == http.StatusNotFound {
			return nil // nothing left to pay
		}
		return unavailable("retrieve checkout session "+id, err)
	}
	switch cs.Status {
	case stripe.CheckoutSessionStatusExpired:
		return nil
	case stripe.CheckoutSessionStatusComplete:
		return &domain.Error{Code: domain.CodeConflict, Message: "This checkout was just paid: your report is on its way, so it cannot be removed."}
	}
	if _, err := s.client.V1CheckoutSessions.Expire(ctx, id, nil); err != nil {
		return unavailable("expire checkout session "+id, err)
	}
	return nil
}

// GetSession reads a Checkout Session.
func (s *Stripe) GetSession(ctx context.Context, id string) (*Session, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
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
	ctx, cancel := s.bound(ctx)
	defer cancel()
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
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeChargeAlreadyRefunded {
			// Refunded from the dashboard (or under another key): asking
			// again can never succeed.
			return nil, fmt.Errorf("payments: refund session %s: %w (%v)", sessionID, ErrAlreadyRefunded, err)
		}
		return nil, unavailable("refund session "+sessionID, err)
	}
	return &Refund{ID: r.ID, Amount: r.Amount, Currency: string(r.Currency), Status: string(r.Status)}, nil
}

// ParseWebhook verifies and decodes an event. Events from an endpoint on
// another API version are accepted: fulfilment reads only fields that every
// version has (the session's id, statuses, client reference and metadata),
// decoded here rather than through the SDK's version-specific types.
func (s *Stripe) ParseWebhook(payload []byte, signature string) (*Event, error) {
	// The SDK bounds a signature's age, not how far ahead it is dated: a
	// payload signed "in the future" would stay replayable for that long.
	// The header must name one time: the SDK verifies against the last
	// t= it finds, so with two a checked date could front for another.
	at, err := signedAt(signature)
	if err != nil {
		return nil, invalid("Invalid webhook signature or payload.", err)
	}
	if at.After(s.now().Add(s.opts.Tolerance)) {
		return nil, invalid("Invalid webhook signature or payload.", fmt.Errorf("signature dated %s, ahead of now by more than %s", at.UTC().Format(time.RFC3339), s.opts.Tolerance))
	}
	ev, err := constructEvent(payload, signature, s.opts.WebhookSecret, // one secret, or two during a rotation
		webhook.ConstructEventOptions{Tolerance: s.opts.Tolerance, IgnoreAPIVersionMismatch: true})
	if err != nil {
		return nil, invalid("Invalid webhook signature or payload.", err)
	}
	if ev.APIVersion != "" && ev.APIVersion != stripe.APIVersion {
		s.log.Debug("stripe event from another API version", "stripe_event", ev.ID, "api_version", ev.APIVersion)
	}
	out := &Event{ID: ev.ID, Type: string(ev.Type), APIVersion: ev.APIVersion}
	if ev.ID == "" || ev.Type == "" {
		return nil, invalid("Invalid webhook payload.", fmt.Errorf("event without id or type"))
	}
	if ev.Data != nil && len(ev.Data.Raw) > 0 && out.Type == EventChargeRefunded {
		var ch wireCharge
		if err := json.Unmarshal(ev.Data.Raw, &ch); err != nil || ch.ID == "" {
			return nil, invalid("Invalid webhook payload.", fmt.Errorf("event %s: charge object: %v", ev.ID, err))
		}
		out.Charge = ch.charge()
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
	ExpiresAt         int64             `json:"expires_at"`
}

// wireCharge is a Charge as JSON, version-independent. payment_intent is
// an id unless expanded; refunds is a list only on some API versions.
type wireCharge struct {
	ID             string            `json:"id"`
	PaymentIntent  json.RawMessage   `json:"payment_intent"`
	Metadata       map[string]string `json:"metadata"`
	Refunded       bool              `json:"refunded"`
	AmountRefunded int64             `json:"amount_refunded"`
	Refunds        *struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	} `json:"refunds"`
}

func (w wireCharge) charge() *Charge {
	c := &Charge{ID: w.ID, Metadata: w.Metadata, Refunded: w.Refunded, AmountRefunded: w.AmountRefunded}
	var id string
	if json.Unmarshal(w.PaymentIntent, &id) == nil {
		c.PaymentIntent = id
	} else {
		var obj struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(w.PaymentIntent, &obj) == nil {
			c.PaymentIntent = obj.ID
		}
	}
	if w.Refunds != nil && len(w.Refunds.Data) > 0 {
		c.RefundID = w.Refunds.Data[0].ID
	}
	return c
}

func (w wireSession) session() *Session {
	return &Session{ID: w.ID, URL: w.URL, ClientReferenceID: w.ClientReferenceID, Metadata: w.Metadata,
		Status: w.Status, PaymentStatus: w.PaymentStatus, AmountTotal: w.AmountTotal, Currency: w.Currency,
		ExpiresAt: unixOrZero(w.ExpiresAt)}
}

func sessionOf(cs *stripe.CheckoutSession) *Session {
	return &Session{ID: cs.ID, URL: cs.URL, ClientReferenceID: cs.ClientReferenceID, Metadata: cs.Metadata,
		Status: string(cs.Status), PaymentStatus: string(cs.PaymentStatus), AmountTotal: cs.AmountTotal,
		Currency: string(cs.Currency), ExpiresAt: unixOrZero(cs.ExpiresAt)}
}

func unixOrZero(s int64) time.Time {
	if s == 0 {
		return time.Time{}
	}
	return time.Unix(s, 0).UTC()
}

// signedAt is the one time a Stripe-Signature header names
// ("t=<unix>,v1=…"); a header with no t=, a malformed one or more than one
// is refused.
func signedAt(header string) (time.Time, error) {
	var at time.Time
	n := 0
	for _, part := range strings.Split(header, ",") {
		v, ok := strings.CutPrefix(strings.TrimSpace(part), "t=")
		if !ok {
			continue
		}
		if n++; n > 1 {
			return time.Time{}, fmt.Errorf("signature header names %d or more times (t=)", n)
		}
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return time.Time{}, fmt.Errorf("signature time %q: %w", v, err)
		}
		at = time.Unix(sec, 0)
	}
	if n == 0 {
		return time.Time{}, fmt.Errorf("signature header names no time (t=)")
	}
	return at, nil
}
