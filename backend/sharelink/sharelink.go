// Package sharelink makes and checks the read-only share links of reports
// (issue 18): a host shares one report with a co-host or a cleaner, who
// opens it with no account. A link is a signed token naming the report and
// its share; the store keeps the share, so the host can end it at any time.
package sharelink

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/linktoken"
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
	idLen     = 22   // a share id: 16 random bytes, base64url
	maxKeyLen = 1500 // domain.ValidKey's bound
)

// Signer signs share tokens under Secret (the server's link secret; the
// context string keeps a PDF link's token from ever passing as a share's).
type Signer struct {
	Secret []byte
	// Previous is the link secret before the last rotation
	// (LINK_SECRET_PREVIOUS): links it signed still open; nil: none.
	Previous []byte
	Now      func() time.Time // nil: time.Now
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
// Its payload (linktoken's layout) is the share id (22) ‖ optimization id.
func (s Signer) Token(optimizationID string, sh domain.Share) string {
	if linktoken.CheckSecret(s.Secret) != nil || len(sh.ID) != idLen {
		panic(fmt.Sprintf("sharelink: Token: secret of %d bytes or share id of %d", len(s.Secret), len(sh.ID)))
	}
	return s.key().Seal(sh.ExpiresAt, []byte(sh.ID+optimizationID), nil)
}

// Verify checks a token and returns the report and share it names. The
// caller must still check that the report's stored share is that one (the
// owner may have stopped sharing) and that the report can be shown.
func (s Signer) Verify(token string) (optimizationID, shareID string, err error) {
	payload, expires, ok := s.key().Open(token, nil, idLen+1, idLen+maxKeyLen)
	if !ok || !s.now().Before(expires) {
		return "", "", ErrUnavailable
	}
	id := string(payload[idLen:])
	if !domain.ValidKey(id) {
		return "", "", ErrUnavailable
	}
	return id, string(payload[:idLen]), nil
}

func (s Signer) key() linktoken.Key {
	return linktoken.Key{Secret: s.Secret, Previous: s.Previous, Context: context}
}

// MinTokenLen is the length of the shortest token (a one-character report
// id): every token is at least this long, in base64url's alphabet.
var MinTokenLen = linktoken.EncodedLen(idLen + 1)

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
