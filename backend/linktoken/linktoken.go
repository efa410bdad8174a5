// Package linktoken seals and opens the signed tokens our links carry (a
// PDF's download link, a report's share link): one token layout and one MAC,
// so the two kinds of link differ only in what they put in a token.
//
// Layout, base64url without padding:
//
//	expiry (8 bytes, big-endian Unix seconds) ‖ payload ‖ MAC (32 bytes)
//
// MAC = HMAC-SHA256(secret, context ‖ 0 ‖ bound ‖ expiry ‖ payload). The
// context names the kind of link, so one kind's token never passes as
// another's; bound is what the token is for without carrying it (a PDF
// link's order id, which its path carries), written by the caller with its
// own length prefix when its length varies.
package linktoken

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"time"
)

// MinSecretLen is the shortest secret accepted, in bytes.
const MinSecretLen = 32

const (
	expiryLen = 8
	macLen    = sha256.Size
)

// CheckSecret says whether secret is fit to sign links.
func CheckSecret(secret []byte) error {
	if len(secret) < MinSecretLen {
		return fmt.Errorf("link signing secret has %d bytes, need at least %d", len(secret), MinSecretLen)
	}
	return nil
}

// Key seals and opens one kind of link's tokens.
type Key struct {
	Secret []byte
	// Previous is the secret before the last rotation (LINK_SECRET_PREVIOUS,
	// nil: none): tokens it sealed still open until they expire, none is
	// sealed with it, so rotating the secret ends no link at once.
	Previous []byte
	Context  string // e.g. "listinglift/share-link/v1"
}

// Seal is the token of payload until expires (whole seconds), bound to
// bound. The caller checks the secret first (CheckSecret).
func (k Key) Seal(expires time.Time, payload, bound []byte) string {
	body := make([]byte, expiryLen, expiryLen+len(payload)+macLen)
	binary.BigEndian.PutUint64(body, uint64(expires.Unix()))
	body = append(body, payload...)
	return base64.RawURLEncoding.EncodeToString(append(body, k.mac(k.Secret, body, bound)...))
}

// Open checks token against bound and returns its payload and expiry; ok
// is false for a token that is malformed, longer than a payload of
// maxPayload bytes allows, signed under another secret (neither Secret nor
// Previous) or context, bound
// to something else, or altered. Whether it has expired is the caller's
// to decide (a genuine expired link may be worth saying so).
func (k Key) Open(token string, bound []byte, minPayload, maxPayload int) (payload []byte, expires time.Time, ok bool) {
	if CheckSecret(k.Secret) != nil || len(token) > base64.RawURLEncoding.EncodedLen(expiryLen+maxPayload+macLen) {
		return nil, time.Time{}, false
	}
	body, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(body) < expiryLen+minPayload+macLen {
		return nil, time.Time{}, false
	}
	signed, mac := body[:len(body)-macLen], body[len(body)-macLen:]
	if !hmac.Equal(mac, k.mac(k.Secret, signed, bound)) &&
		(CheckSecret(k.Previous) != nil || !hmac.Equal(mac, k.mac(k.Previous, signed, bound))) {
		return nil, time.Time{}, false
	}
	return signed[expiryLen:], time.Unix(int64(binary.BigEndian.Uint64(signed[:expiryLen])), 0), true
}

// EncodedLen is the length of the token of a payload of n bytes.
func EncodedLen(n int) int { return base64.RawURLEncoding.EncodedLen(expiryLen + n + macLen) }

func (k Key) mac(secret, signed, bound []byte) []byte {
	h := hmac.New(sha256.New, secret)
	h.Write([]byte(k.Context))
	h.Write([]byte{0})
	h.Write(bound)
	h.Write(signed) // expiry (fixed length) ‖ payload (the rest)
	return h.Sum(nil)
}
