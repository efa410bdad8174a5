package blob

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// MinSecretLen is the shortest signing secret accepted, in bytes.
const MinSecretLen = 32

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
	Secret []byte           // at least MinSecretLen random bytes (CheckSecret)
	Now    func() time.Time // nil: time.Now
	TTL    time.Duration    // zero: DefaultLinkTTL
}

const (
	macLen      = sha256.Size
	expiryLen   = 8
	maxUIDLen   = 128 // Firebase uids are at most 128 characters
	linkContext = "listinglift/pdf-link/v1"
)

// CheckSecret says whether secret is fit to sign links (for configuration
// checks at start-up).
func CheckSecret(secret []byte) error {
	if len(secret) < MinSecretLen {
		return fmt.Errorf("blob: link signing secret has %d bytes, need at least %d", len(secret), MinSecretLen)
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
	body := make([]byte, expiryLen, expiryLen+len(uid)+macLen)
	binary.BigEndian.PutUint64(body, uint64(expires.Unix()))
	body = append(body, uid...)
	body = append(body, s.mac(optimizationID, body)...)
	return base64.RawURLEncoding.EncodeToString(body), expires
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
	if len(token) > base64.RawURLEncoding.EncodedLen(expiryLen+maxUIDLen+macLen) {
		return "", ErrLinkInvalid
	}
	body, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(body) < expiryLen+1+macLen {
		return "", ErrLinkInvalid
	}
	signed, mac := body[:len(body)-macLen], body[len(body)-macLen:]
	if !hmac.Equal(mac, s.mac(optimizationID, signed)) {
		return "", ErrLinkInvalid
	}
	expires := time.Unix(int64(binary.BigEndian.Uint64(signed[:expiryLen])), 0)
	if !s.now().Before(expires) {
		return "", ErrLinkExpired
	}
	return string(signed[expiryLen:]), nil
}

func (s Signer) mac(optimizationID string, signed []byte) []byte {
	h := hmac.New(sha256.New, s.Secret)
	var n [4]byte
	h.Write([]byte(linkContext))
	h.Write([]byte{0})
	binary.BigEndian.PutUint32(n[:], uint32(len(optimizationID)))
	h.Write(n[:])
	h.Write([]byte(optimizationID))
	h.Write(signed) // expiry (fixed length) ‖ uid (the rest)
	return h.Sum(nil)
}
