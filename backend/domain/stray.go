package domain

import "time"

// StrayRefund is a payment that bought nothing and is given back in full:
// a second upgrade payment for one order, a payment for an order removed
// unpaid or deleted with its account. It is kept by the Checkout Session
// that took the money (one payment, one record), written once, so every
// redelivery of the payment's webhook finds it and Stripe is asked once.
type StrayRefund struct {
	SessionID      string    `json:"sessionId"`
	OptimizationID string    `json:"optimizationId,omitempty"` // the order the session named ("" none)
	Amount         float64   `json:"amount"`                   // dollars taken
	Reason         string    `json:"reason"`                   // why it bought nothing, for support
	CreatedAt      time.Time `json:"createdAt"`
	Refund         *Refund   `json:"refund,omitempty"` // nil: owed, not made yet
}
