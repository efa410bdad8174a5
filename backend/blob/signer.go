package blob

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/linktoken"
)

// MinSecretLen is the shortest signing secret accepted, in bytes.
const MinSecretLen = linktoken.MinSecretLen

// DefaultLinkTTL is how long a link lives when Signer.TTL is zero.
const DefaultLinkTTL = time.Hour

// Errors of Verify. Both have code domain.CodeNotFound: whoever holds a bad
// link learns nothing about the report (SPEC: anyone else gets 404). Only a
// link we did sign can be ErrLinkExpired.
var (
	ErrLinkInvalid = &domain.Error{Code: domain.CodeNotFound, Message: "Not found."}
	ErrLinkExpired = &domain.Error{Code: domain.CodeNotFound,
		Message: "This download link has expired. Open the report again for a fresh link."}
)

// Signer makes and checks download links for a report's PDF: a token that
// binds the optimization id, the owner's uid and an expiry time with
// HMAC-SHA256 under Secret, so the link works as a plain URL (no ID token
// needed, e.g. from an <a href> or an e-mail) for as long as TTL, and for no
// other report.
//
// Token layout, base64url without padding:
//
//	expiry (8 bytes, big-endian Unix seconds) ‖ uid ‖ MAC (32 bytes)
//
// MAC = HMAC-SHA256(Secret, "listinglift/pdf-link/v1" ‖ 0 ‖
// len(optimizationID) as 4 bytes ‖ optimizationID ‖ expiry ‖ uid): the
// length prefix and the fixed-size expiry keep any two (id, expiry, uid)
// triples from signing the same bytes. The optimization id is not in the
// token; the link's path carries it and Verify is given it.
type Signer struct {
	Secret []byte // at least MinSecretLen random bytes (CheckSecret)
	// Previous is the link secret before the last rotation
	// (LINK_SECRET_PREVIOUS): links it signed still verify; nil: none.
	Previous []byte
	Now      func() time.Time // nil: time.Now
	TTL      time.Duration    // zero: DefaultLinkTTL
}

const (
	maxUIDLen   = 128 // Firebase uids are at most 128 characters
	linkContext = "listinglift/pdf-link/v1"
)

// CheckSecret says whether secret is fit to sign links (for configuration
// checks at start-up).
func CheckSecret(secret []byte) error {
	if err := linktoken.CheckSecret(secret); err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	return nil
}

func (s Signer) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s Signer) ttl() time.Duration {
	if s.TTL > 0 {
		return s.TTL
	}
	return DefaultLinkTTL
}

// Sign returns a token that lets uid download optimizationID's PDF until
// expires (now + TTL, whole seconds). It panics when the secret is too short
// or uid is empty or too long: both are programming or configuration errors
// that CheckSecret and the caller's own checks catch first.
func (s Signer) Sign(optimizationID, uid string) (token string, expires time.Time) {
	if err := CheckSecret(s.Secret); err != nil {
		panic(err)
	}
	if uid == "" || len(uid) > maxUIDLen {
		panic(fmt.Sprintf("blob: Sign: uid of %d bytes (want 1..%d)", len(uid), maxUIDLen))
	}
	// Round up so a link never lives shorter than TTL.
	expires = s.now().Add(s.ttl()).Add(time.Second - 1).Truncate(time.Second)
	return s.key().Seal(expires, []byte(uid), bound(optimizationID)), expires
}

// Verify checks token for optimizationID and returns the uid it was signed
// for. A token that is malformed, signed with another secret, for another
// optimization or altered gives ErrLinkInvalid; a genuine one past its expiry
// gives ErrLinkExpired. The caller must still check that uid owns the
// optimization (it did when the link was made; ownership does not change,
// but the check is cheap).
func (s Signer) Verify(token, optimizationID string) (uid string, err error) {
	if CheckSecret(s.Secret) != nil {
		return "", fmt.Errorf("blob: link signing secret not configured: %w", ErrLinkInvalid)
	}
	payload, expires, ok := s.key().Open(token, bound(optimizationID), 1, maxUIDLen)
	if !ok {
		return "", ErrLinkInvalid
	}
	if !s.now().Before(expires) {
		return "", ErrLinkExpired
	}
	return string(payload), nil
}

func (s Signer) key() linktoken.Key {
	return linktoken.Key{Secret: s.Secret, Previous: s.Previous, Context: linkContext}
}

// bound is the optimization id a link is for, length-prefixed: with the
// fixed-size expiry, no two (id, expiry, uid) triples sign the same bytes.
func bound(optimizationID string) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(optimizationID)))
	return append(b, optimizationID...)
}
