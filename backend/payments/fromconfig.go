package payments

import (
	"fmt"
	"log/slog"

	"github.com/listinglift/listinglift/backend/config"
	"github.com/listinglift/listinglift/backend/domain"
)

// FromConfig is the Stripe adapter the configuration names, built here for
// both binaries (the server and the CLI's `orders refund`). The caller
// decides whether payments are on (config.PaymentsOn).
func FromConfig(cfg config.Config, log *slog.Logger) (*Stripe, error) {
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
