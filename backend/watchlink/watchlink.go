// Package watchlink makes and checks the links in a Watch e-mail (issue 45)
// that pause or stop the watch with one click and no sign-in: a signed
// token naming the order, so whoever holds the e-mail — and only they —
// can act on that one watch, and nothing else.
package watchlink

import (
	"time"

	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/linktoken"
)

// TTL is how long a link works: past the longest watch (12 weeks, and the
// pauses a host may take), so a link in an old e-mail still stops it.
const TTL = 365 * 24 * time.Hour

// MsgInvalid is the one answer for a link that is malformed, forged or
// expired: whoever holds it learns nothing more.
const MsgInvalid = "This link is not valid any more. Sign in to manage the watch from your dashboard."

// ErrInvalid is Verify's refusal (404 on the API).
var ErrInvalid = &domain.Error{Code: domain.CodeNotFound, Message: MsgInvalid}

const (
	context   = "listinglift/watch-link/v1"
	maxKeyLen = 1500 // domain.ValidKey's bound
)

// Signer signs watch tokens under Secret (the server's link secret; the
// context keeps a share or PDF token from ever passing as a watch's).
type Signer struct {
	Secret   []byte
	Previous []byte           // LINK_SECRET_PREVIOUS; nil: none
	Now      func() time.Time // nil: time.Now
}

func (s Signer) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Token is the link token of optimizationID's watch, valid for TTL.
func (s Signer) Token(optimizationID string) string {
	return s.key().Seal(s.now().Add(TTL), []byte(optimizationID), nil)
}

// Verify returns the order a token names, or ErrInvalid.
func (s Signer) Verify(token string) (string, error) {
	payload, expires, ok := s.key().Open(token, nil, 1, maxKeyLen)
	if !ok || !s.now().Before(expires) || !domain.ValidKey(string(payload)) {
		return "", ErrInvalid
	}
	return string(payload), nil
}

func (s Signer) key() linktoken.Key {
	return linktoken.Key{Secret: s.Secret, Previous: s.Previous, Context: context}
}
