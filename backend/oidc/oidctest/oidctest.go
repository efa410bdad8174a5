// Package oidctest is a stand-in for Google's token issuer in tests: an
// httptest server serving a JSON Web Key Set of an RSA key made for the test
// run, and helpers that mint tokens with that key, another key, or none.
package oidctest

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// Issuer serves a key set with one signing key and mints tokens with it.
type Issuer struct {
	JWKSURL string // the key set
	KeyID   string
	Key     *rsa.PrivateKey

	mu      sync.Mutex
	served  []jose.JSONWebKey
	fetches atomic.Int64
}

// Google's issuer, which tokens from Issuer carry unless told otherwise.
const GoogleIssuer = "https://accounts.google.com"

// NewIssuer starts a key-set server for the test; it stops at cleanup.
func NewIssuer(t testing.TB) *Issuer {
	t.Helper()
	iss := &Issuer{KeyID: "test-key-1", Key: TestKey(0)}
	iss.served = []jose.JSONWebKey{publicJWK(iss.Key, iss.KeyID)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		iss.fetches.Add(1)
		iss.mu.Lock()
		set := jose.JSONWebKeySet{Keys: iss.served}
		iss.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		_ = json.NewEncoder(w).Encode(set)
	}))
	t.Cleanup(srv.Close)
	iss.JWKSURL = srv.URL + "/oauth2/v3/certs"
	return iss
}

// Fetches is how many times the key set was requested.
func (i *Issuer) Fetches() int { return int(i.fetches.Load()) }

// Rotate replaces the signing key by a new one under a new key id, keeping
// the old key in the set (as Google does during a rotation).
func (i *Issuer) Rotate(kid string, key *rsa.PrivateKey) {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.KeyID, i.Key = kid, key
	i.served = append(i.served, publicJWK(key, kid))
}

// Claims are those of a good Cloud Tasks token for audience and email,
// issued now, valid for an hour.
func Claims(audience, email string) map[string]any {
	now := time.Now()
	return map[string]any{
		"iss":            GoogleIssuer,
		"aud":            audience,
		"sub":            "104567890123456789012",
		"azp":            "104567890123456789012",
		"email":          email,
		"email_verified": true,
		"iat":            now.Unix(),
		"exp":            now.Add(time.Hour).Unix(),
	}
}

// Token signs claims with the issuer's current key.
func (i *Issuer) Token(t testing.TB, claims map[string]any) string {
	t.Helper()
	i.mu.Lock()
	key, kid := i.Key, i.KeyID
	i.mu.Unlock()
	return Sign(t, key, kid, claims)
}

// Sign makes an RS256 token of claims signed by key under kid.
func Sign(t testing.TB, key *rsa.PrivateKey, kid string, claims map[string]any) string {
	t.Helper()
	opts := (&jose.SignerOptions{}).WithType("JWT")
	if kid != "" {
		opts = opts.WithHeader(jose.HeaderKey("kid"), kid)
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: key}, opts)
	if err != nil {
		t.Fatalf("oidctest: signer: %v", err)
	}
	payload, _ := json.Marshal(claims)
	jws, err := signer.Sign(payload)
	if err != nil {
		t.Fatalf("oidctest: sign: %v", err)
	}
	s, err := jws.CompactSerialize()
	if err != nil {
		t.Fatalf("oidctest: serialize: %v", err)
	}
	return s
}

// Unsigned makes a token with the given header algorithm (e.g. "none") and
// the signature segment sig (empty for "none"): what an attacker can make
// without a key.
func Unsigned(alg, kid string, claims map[string]any, sig []byte) string {
	head := map[string]string{"alg": alg, "typ": "JWT"}
	if kid != "" {
		head["kid"] = kid
	}
	h, _ := json.Marshal(head)
	b, _ := json.Marshal(claims)
	enc := base64.RawURLEncoding
	return enc.EncodeToString(h) + "." + enc.EncodeToString(b) + "." + enc.EncodeToString(sig)
}

var (
	keysOnce sync.Once
	keys     [3]*rsa.PrivateKey
)

// TestKey returns one of three RSA keys made once per test binary (n is
// 0, 1 or 2): making 2048-bit keys is slow under the race detector.
func TestKey(n int) *rsa.PrivateKey {
	keysOnce.Do(func() {
		for i := range keys {
			k, err := rsa.GenerateKey(rand.Reader, 2048)
			if err != nil {
				panic("oidctest: " + err.Error())
			}
			keys[i] = k
		}
	})
	return keys[n]
}

func publicJWK(key *rsa.PrivateKey, kid string) jose.JSONWebKey {
	return jose.JSONWebKey{Key: &key.PublicKey, KeyID: kid, Algorithm: string(jose.RS256), Use: "sig"}
}
