package domain

// Whether money was taken is decided here, for every place that tells the
// host about a refund (the refund e-mail, the failed-order screen, the
// upgrade's note): a payment went through the payment provider only when
// it had a Checkout Session. With payments off (local work, the e2e
// payments-off server) an order is marked paid and a failed one's "refund"
// is recorded without any provider call, but nothing was ever charged, so
// nothing was refunded either.

// Charged reports whether the host paid for o through the payment
// provider (a free re-check never is).
func (o *Optimization) Charged() bool {
	return o.PaidAt != nil && o.RecheckOf == "" && o.StripeSessionID != ""
}

// Charged reports whether the upgrade was paid through the payment
// provider.
func (u *Upgrade) Charged() bool {
	return u.SessionID != ""
}
