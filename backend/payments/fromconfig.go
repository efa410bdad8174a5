package payments

import (
	"fmt"
	"log/slog"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/domain"
)

// FromConfig is the Stripe adapter the configuration names, built here for
// both binaries (the server and the CLI's `orders refund`). Without
// STRIPE_SECRET_KEY it is nil and no error: payments are off (local work
// only). Whether they are on is then read from the order service the
// provider is given to (orders.Service.PaymentsOn), the one answer.
func FromConfig(cfg config.Config, log *slog.Logger) (Provider, error) {
	if cfg.StripeSecretKey == "" {
		return nil, nil // an untyped nil: a nil *Stripe in a Provider would not be nil
	}
	s, err := NewStripe(StripeOptions{
		SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhookSecret, APIURL: cfg.StripeAPIURL,
		PriceIDs:       map[domain.Plan]string{domain.PlanBasic: cfg.StripePriceBasic, domain.PlanPremium: cfg.StripePricePremium},
		UpgradePriceID: cfg.StripePriceUpgrade,
		Logger:         log,
	})
	if err != nil {
		return nil, fmt.Errorf("STRIPE_SECRET_KEY: %w", err)
	}
	return s, nil
}
