package payments

import (
	"context"
	"time"
)

// How long Stripe may take. Every call the adapter makes is bounded by
// CallTimeout as a whole (its tries and the SDK's sleeps between them), on
// top of any deadline the caller's context already has, and each try by
// AttemptTimeout.
//
// Why these: the requests that call Stripe (checkout, upgrade, removing an
// unpaid order, account deletion, the success page's payment check) are
// answered through Firebase Hosting, which gives up after 60 s and shows its
// own error page. A checkout or an order's removal makes one or two provider
// calls in a row, so two bounded calls (24 s) and the store's work fit
// inside it; account deletion, which may close several checkouts, bounds
// its whole pass itself (httpapi deleteBudget, 40 s). Each
// try gets 8 s, so a try lost to a dropped connection still leaves a retry
// (the SDK's network retries, idempotency-keyed) about 4 s before the call
// gives up; Stripe answers in well under a second when it is healthy.
// Before, a call could take 3 × 20 s, past Hosting's limit on its own.
// Background work (refunds, sweeps) is bounded the same: it is retried on
// its own schedule, so a call stuck past 12 s gains nothing by waiting.
const (
	CallTimeout    = 12 * time.Second
	AttemptTimeout = 8 * time.Second
)

// bound is ctx with the adapter's deadline for one provider call.
func (s *Stripe) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.opts.CallTimeout)
}
