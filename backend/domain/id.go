package domain

import "crypto/rand"

const idAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// NewID returns a 20-character random document id in the same form Firestore
// gives auto ids, so ids look alike whichever store made them.
func NewID() string {
	b := make([]byte, 20)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand failed: " + err.Error()) // never fails on supported platforms
	}
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return string(b)
}

// MaxKeyLen bounds an order id or a payment session id. Ours are 20
// characters and Stripe's Checkout Session ids about 66; the bound leaves
// room while keeping far below Firestore's 1,500-byte document id limit.
const MaxKeyLen = 255

// ValidKey reports whether key can be an order id or a Checkout Session id:
// 1 to MaxKeyLen characters from A–Z, a–z, 0–9, '_' and '-', and not of
// Firestore's reserved form __x__. Callers answer anything else as "not
// found" without asking the store: a key that is not valid UTF-8, holds a
// '/' or a control character would otherwise reach Firestore, which
// refuses it slowly (the client retries until the request's deadline) or
// as an internal error, and the host would see a hang or a 500 for what is
// simply a wrong link.
func ValidKey(key string) bool {
	if key == "" || len(key) > MaxKeyLen {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return !(len(key) >= 4 && key[:2] == "__" && key[len(key)-2:] == "__")
}
