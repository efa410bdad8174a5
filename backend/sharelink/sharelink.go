// Package sharelink makes and checks the read-only share links of reports
// (issue 18): a host shares one report with a co-host or a cleaner, who
// opens it with no account. A link is a signed token naming the report and
// its share; the store keeps the share, so the host can end it at any time.
package sharelink

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

// TTL is how long a share link works: decided here, for the API, the
// screens and the tests.
const TTL = 30 * 24 * time.Hour

// MsgUnavailable is the one answer for a link that is malformed, forged,
// expired or turned off: whoever holds it learns nothing more.
const MsgUnavailable = "This shared report is no longer available. The link has expired or its owner stopped sharing it; ask them for a new link."

// ErrUnavailable is Verify's refusal (404 on the API).
var ErrUnavailable = &domain.Error{Code: domain.CodeNotFound, Message: MsgUnavailable}

const (
	context   = "listinglift/share-link/v1"
	idLen     = 22 // a share id: 16 random bytes, base64url
	expiryLen = 8
	macLen    = sha256.Size
	maxKeyLen = 1500 // domain.ValidKey's bound
)

// Signer signs share tokens under Secret (the server's link secret; the
// context string keeps a PDF link's token from ever passing as a share's).
type Signer struct {
	Secret []byte
	Now    func() time.Time // nil: time.Now
}

func (s Signer) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// New is a fresh share starting now, ending TTL later (whole seconds, the
// precision of a token's expiry).
func (s Signer) New() domain.Share {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand failed: " + err.Error()) // never fails on supported platforms
	}
	now := s.now().UTC().Truncate(time.Second)
	return domain.Share{ID: base64.RawURLEncoding.EncodeToString(b), CreatedAt: now, ExpiresAt: now.Add(TTL)}
}

// Token is the link token of share sh of report optimizationID. The same
// share always gives the same token, so the owner can be shown it again.
//
// Layout, base64url without padding: expiry (8 bytes, big-endian Unix
// seconds) ‖ share id (22) ‖ optimization id ‖ HMAC-SHA256 (32) of the
// context and all of that.
func (s Signer) Token(optimizationID string, sh domain.Share) string {
	if len(s.Secret) < 32 || len(sh.ID) != idLen {
		panic(fmt.Sprintf("sharelink: Token: secret of %d bytes or share id of %d", len(s.Secret), len(sh.ID)))
	}
	body := make([]byte, expiryLen, expiryLen+idLen+len(optimizationID)+macLen)
	binary.BigEndian.PutUint64(body, uint64(sh.ExpiresAt.Unix()))
	body = append(body, sh.ID...)
	body = append(body, optimizationID...)
	return base64.RawURLEncoding.EncodeToString(append(body, s.mac(body)...))
}

// Verify checks a token and returns the report and share it names. The
// caller must still check that the report's stored share is that one (the
// owner may have stopped sharing) and that the report can be shown.
func (s Signer) Verify(token string) (optimizationID, shareID string, err error) {
	if len(s.Secret) < 32 || len(token) > base64.RawURLEncoding.EncodedLen(expiryLen+idLen+maxKeyLen+macLen) {
		return "", "", ErrUnavailable
	}
	body, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(body) < expiryLen+idLen+1+macLen {
		return "", "", ErrUnavailable
	}
	signed, mac := body[:len(body)-macLen], body[len(body)-macLen:]
	if !hmac.Equal(mac, s.mac(signed)) {
		return "", "", ErrUnavailable
	}
	expires := time.Unix(int64(binary.BigEndian.Uint64(signed[:expiryLen])), 0)
	if !s.now().Before(expires) {
		return "", "", ErrUnavailable
	}
	id := string(signed[expiryLen+idLen:])
	if !domain.ValidKey(id) {
		return "", "", ErrUnavailable
	}
	return id, string(signed[expiryLen : expiryLen+idLen]), nil
}

// MinTokenLen is the length of the shortest token (a one-character report
// id): every token is at least this long, in base64url's alphabet.
var MinTokenLen = base64.RawURLEncoding.EncodedLen(expiryLen + idLen + 1 + macLen)

// LooksLikeToken reports whether s has a token's shape (long enough, only
// base64url characters), without checking it: for logs, which must never
// hold one wherever it appears.
func LooksLikeToken(s string) bool {
	if len(s) < MinTokenLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func (s Signer) mac(signed []byte) []byte {
	h := hmac.New(sha256.New, s.Secret)
	h.Write([]byte(context))
	h.Write([]byte{0})
	h.Write(signed) // expiry and share id have fixed lengths; the id is the rest
	return h.Sum(nil)
}
