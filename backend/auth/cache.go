package auth

import (
	"crypto/sha256"
	"sync"
	"time"
)

// maxCachedTokens bounds the verified-token cache: an hour's tokens of a
// few thousand busy hosts, at about 200 bytes each.
const maxCachedTokens = 20000

// tokenCache remembers the ID tokens already verified, until each expires,
// so a host's every request is not checked again (issue 17's throughput:
// with the Auth emulator each check is a call to it; in production a
// signature check and a claims parse). It changes nothing a check would
// decide: a Firebase ID token's verdict without a revocation check depends
// only on the token and the clock, and an expired token is checked again
// (and refused). The one thing the emulator checks that a token does not
// say, that the user still exists, is kept by forgetUser, called when this
// process deletes a user or the API finds a user's deletion tombstone
// (ForgetUser). Tokens are keyed by their SHA-256, never kept
// themselves; failures are never cached.
type tokenCache struct {
	mu      sync.Mutex
	max     int
	now     func() time.Time
	entries map[[sha256.Size]byte]cachedToken
}

type cachedToken struct {
	user    User
	expires time.Time
}

func newTokenCache(max int, now func() time.Time) *tokenCache {
	return &tokenCache{max: max, now: now, entries: map[[sha256.Size]byte]cachedToken{}}
}

// get returns the user of a token verified before that has not expired.
func (c *tokenCache) get(token string) (User, bool) {
	key := sha256.Sum256([]byte(token))
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok {
		return User{}, false
	}
	if !c.now().Before(e.expires) {
		delete(c.entries, key)
		return User{}, false
	}
	return e.user, true
}

// put remembers a token just verified, until expires.
func (c *tokenCache) put(token string, u User, expires time.Time) {
	now := c.now()
	if !now.Before(expires) {
		return
	}
	key := sha256.Sum256([]byte(token))
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.max {
		c.evict(now)
	}
	c.entries[key] = cachedToken{user: u, expires: expires}
}

// evict drops the expired tokens and, if that is not enough, a tenth of the
// rest (map order: any of them; a token dropped is only checked again).
func (c *tokenCache) evict(now time.Time) {
	for k, e := range c.entries {
		if !now.Before(e.expires) {
			delete(c.entries, k)
		}
	}
	drop := len(c.entries) - c.max + c.max/10
	for k := range c.entries {
		if drop <= 0 {
			break
		}
		delete(c.entries, k)
		drop--
	}
}

// forgetUser drops every token of uid.
func (c *tokenCache) forgetUser(uid string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.entries {
		if e.user.UID == uid {
			delete(c.entries, k)
		}
	}
}
