// Package oidc verifies the OpenID Connect ID tokens Google attaches to
// requests it makes on a service account's behalf — here, Cloud Tasks
// calling POST /internal/tasks/generate-report with an OIDC token.
//
// A token is accepted only when all of these hold:
//   - it is a compact JWS signed with RS256 (no "none", no HMAC, no other
//     algorithm) by a key of the configured JWKS, found by its "kid";
//   - "iss" is one of the accepted issuers (Google's by default);
//   - "aud" contains the configured audience;
//   - "exp" is present and not past, "nbf" and "iat" not in the future,
//     each with a small leeway for clock skew;
//   - "email" is the configured service account and "email_verified" is true.
//
// Every refusal wraps one of the Err* values below, so callers can log a
// distinct reason; the token itself is never put in an error.
package oidc

import (
	"context"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// Google's signing keys and issuer for the ID tokens it mints for service
// accounts (Cloud Tasks, Pub/Sub push, Cloud Scheduler…).
const (
	GoogleJWKSURL = "https://www.googleapis.com/oauth2/v3/certs"
	GoogleIssuer  = "https://accounts.google.com"
)

// Reasons a token is refused.
var (
	ErrNoToken          = errors.New("oidc: no bearer token")
	ErrMalformed        = errors.New("oidc: malformed token")
	ErrAlgorithm        = errors.New("oidc: signing algorithm not allowed")
	ErrUnknownKey       = errors.New("oidc: token signed with an unknown key")
	ErrSignature        = errors.New("oidc: signature does not verify")
	ErrIssuer           = errors.New("oidc: wrong issuer")
	ErrAudience         = errors.New("oidc: wrong audience")
	ErrExpired          = errors.New("oidc: token expired")
	ErrNotYetValid      = errors.New("oidc: token not valid yet")
	ErrEmail            = errors.New("oidc: token is for another account")
	ErrEmailNotVerified = errors.New("oidc: email not verified")
	// ErrKeys means the signing keys could not be fetched: the token was
	// not judged at all.
	ErrKeys = errors.New("oidc: signing keys unavailable")
)

// Options configure a Verifier. Audience and Email are required.
type Options struct {
	// Audience the token must be minted for: the "audience" of the Cloud
	// Tasks OIDC token (by default Cloud Tasks uses the target URL).
	Audience string
	// Email is the service account the token must speak for.
	Email string
	// Issuers accepted in "iss"; default GoogleIssuer and its scheme-less
	// form "accounts.google.com", both of which Google documents.
	Issuers []string
	// JWKSURL serves the signing keys as a JSON Web Key Set; default
	// GoogleJWKSURL.
	JWKSURL string
	// HTTPClient fetches the key set; default a client with a 10 s timeout.
	HTTPClient *http.Client
	// Leeway for clock skew on exp, nbf and iat; default 30 s.
	Leeway time.Duration
	// Now is the clock; default time.Now.
	Now func() time.Time
}

// Claims are the verified facts of an accepted token.
type Claims struct {
	Issuer   string
	Subject  string
	Audience []string
	Email    string
	Expiry   time.Time
	IssuedAt time.Time
}

// Verifier checks tokens against one audience and one service account. It
// caches the key set (as long as the server's Cache-Control max-age says,
// within [1 min, 24 h]; 1 h without one) and fetches it again early when a
// token names a key it does not know, at most once per refetchEvery, so a
// Google key rotation is picked up and a stream of forged key ids cannot make
// it hammer the key server. If a refresh fails, the keys it already has stay
// in use.
type Verifier struct {
	opts Options

	mu      sync.Mutex
	keys    map[string]*rsa.PublicKey
	expires time.Time // when keys go stale
	fetched time.Time // last fetch attempt
	lastErr error     // of the last fetch attempt
}

const (
	refetchEvery   = 10 * time.Second
	defaultKeysTTL = time.Hour
	maxTokenBytes  = 16 << 10
	maxJWKSBytes   = 1 << 20
	minRSABits     = 2048
)

// NewVerifier returns a Verifier for opts.
func NewVerifier(opts Options) (*Verifier, error) {
	if opts.Audience == "" {
		return nil, errors.New("oidc: an audience is required")
	}
	if opts.Email == "" {
		return nil, errors.New("oidc: a service account email is required")
	}
	if len(opts.Issuers) == 0 {
		opts.Issuers = []string{GoogleIssuer, "accounts.google.com"}
	}
	if opts.JWKSURL == "" {
		opts.JWKSURL = GoogleJWKSURL
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if opts.Leeway == 0 {
		opts.Leeway = 30 * time.Second
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Verifier{opts: opts}, nil
}

// Verify checks the request's "Authorization: Bearer <token>" header.
func (v *Verifier) Verify(ctx context.Context, r *http.Request) error {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return ErrNoToken
	}
	_, err := v.VerifyToken(ctx, token)
	return err
}

// VerifyToken checks a raw token and returns its claims.
func (v *Verifier) VerifyToken(ctx context.Context, raw string) (*Claims, error) {
	if raw == "" {
		return nil, ErrNoToken
	}
	if len(raw) > maxTokenBytes {
		return nil, fmt.Errorf("%w: %d bytes", ErrMalformed, len(raw))
	}
	// Read the header first so a wrong algorithm is named as such, before
	// any parsing that would lump it in with other faults.
	head, err := parseHeader(raw)
	if err != nil {
		return nil, err
	}
	if head.Alg != string(jose.RS256) {
		return nil, fmt.Errorf("%w: %q", ErrAlgorithm, head.Alg)
	}
	if head.Kid == "" {
		return nil, fmt.Errorf("%w: no key id", ErrMalformed)
	}
	tok, err := jwt.ParseSigned(raw, []jose.SignatureAlgorithm{jose.RS256})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	key, err := v.key(ctx, head.Kid)
	if err != nil {
		return nil, err
	}
	var std jwt.Claims
	var extra struct {
		Email         string       `json:"email"`
		EmailVerified flexibleBool `json:"email_verified"`
	}
	if err := tok.Claims(key, &std, &extra); err != nil {
		if errors.Is(err, jose.ErrCryptoFailure) {
			return nil, ErrSignature
		}
		return nil, fmt.Errorf("%w: claims: %v", ErrMalformed, err)
	}

	if !slices.Contains(v.opts.Issuers, std.Issuer) {
		return nil, fmt.Errorf("%w: %q", ErrIssuer, std.Issuer)
	}
	if !slices.Contains([]string(std.Audience), v.opts.Audience) {
		return nil, fmt.Errorf("%w: %q", ErrAudience, []string(std.Audience))
	}
	now, leeway := v.opts.Now(), v.opts.Leeway
	switch {
	case std.Expiry == nil:
		return nil, fmt.Errorf("%w: no exp", ErrMalformed)
	case now.Add(-leeway).After(std.Expiry.Time()):
		return nil, fmt.Errorf("%w: at %s", ErrExpired, std.Expiry.Time().UTC().Format(time.RFC3339))
	case std.NotBefore != nil && now.Add(leeway).Before(std.NotBefore.Time()):
		return nil, fmt.Errorf("%w: nbf %s", ErrNotYetValid, std.NotBefore.Time().UTC().Format(time.RFC3339))
	case std.IssuedAt != nil && now.Add(leeway).Before(std.IssuedAt.Time()):
		return nil, fmt.Errorf("%w: iat %s", ErrNotYetValid, std.IssuedAt.Time().UTC().Format(time.RFC3339))
	}
	if !strings.EqualFold(extra.Email, v.opts.Email) {
		return nil, fmt.Errorf("%w: %q", ErrEmail, extra.Email)
	}
	if !extra.EmailVerified {
		return nil, ErrEmailNotVerified
	}
	c := &Claims{
		Issuer:   std.Issuer,
		Subject:  std.Subject,
		Audience: std.Audience,
		Email:    extra.Email,
		Expiry:   std.Expiry.Time(),
	}
	if std.IssuedAt != nil {
		c.IssuedAt = std.IssuedAt.Time()
	}
	return c, nil
}

type header struct {
	Alg string `json:"alg"`
	Kid string `json:"kid"`
}

func parseHeader(raw string) (header, error) {
	var h header
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return h, fmt.Errorf("%w: %d segments, want 3", ErrMalformed, len(parts))
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil {
		return h, fmt.Errorf("%w: header: %v", ErrMalformed, err)
	}
	if err := json.Unmarshal(b, &h); err != nil {
		return h, fmt.Errorf("%w: header: %v", ErrMalformed, err)
	}
	return h, nil
}

// flexibleBool reads a JSON boolean, or the strings "true"/"false" that some
// Google tokens have carried.
type flexibleBool bool

func (b *flexibleBool) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch v := v.(type) {
	case bool:
		*b = flexibleBool(v)
	case string:
		*b = flexibleBool(v == "true")
	default:
		*b = false
	}
	return nil
}

// key returns the public key named kid, fetching the key set when the cache
// is empty or stale, or does not know kid (rate-limited).
func (v *Verifier) key(ctx context.Context, kid string) (*rsa.PublicKey, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	now := v.opts.Now()
	k, ok := v.keys[kid]
	if ok && now.Before(v.expires) {
		return k, nil
	}
	if v.fetched.IsZero() || now.Sub(v.fetched) >= refetchEvery || now.Before(v.fetched) {
		v.fetched = now
		keys, ttl, err := v.fetch(ctx)
		v.lastErr = err
		if err == nil {
			v.keys, v.expires = keys, now.Add(ttl)
		}
		k, ok = v.keys[kid]
	}
	switch {
	case ok:
		return k, nil
	case v.keys == nil && v.lastErr != nil:
		return nil, fmt.Errorf("%w: %v", ErrKeys, v.lastErr)
	default:
		return nil, fmt.Errorf("%w: kid %q", ErrUnknownKey, kid)
	}
}

// fetch reads the key set: RSA signing keys of at least 2048 bits with a key
// id; anything else in the set is ignored.
func (v *Verifier) fetch(ctx context.Context) (map[string]*rsa.PublicKey, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, v.opts.JWKSURL, nil)
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := v.opts.HTTPClient.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, 0, fmt.Errorf("GET %s: %s", v.opts.JWKSURL, resp.Status)
	}
	var set struct {
		Keys []json.RawMessage `json:"keys"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxJWKSBytes)).Decode(&set); err != nil {
		return nil, 0, fmt.Errorf("GET %s: %v", v.opts.JWKSURL, err)
	}
	keys := make(map[string]*rsa.PublicKey)
	for _, raw := range set.Keys {
		var k jose.JSONWebKey
		if err := k.UnmarshalJSON(raw); err != nil {
			continue
		}
		pub, ok := k.Key.(*rsa.PublicKey)
		if !ok || k.KeyID == "" || (k.Use != "" && k.Use != "sig") || pub.N.BitLen() < minRSABits {
			continue
		}
		keys[k.KeyID] = pub
	}
	if len(keys) == 0 {
		return nil, 0, fmt.Errorf("GET %s: no usable RSA signing keys", v.opts.JWKSURL)
	}
	return keys, maxAge(resp.Header.Get("Cache-Control")), nil
}

// maxAge is the Cache-Control max-age, kept within [1 min, 24 h]; 1 h when
// absent.
func maxAge(cc string) time.Duration {
	for _, d := range strings.Split(cc, ",") {
		name, val, _ := strings.Cut(strings.TrimSpace(d), "=")
		if !strings.EqualFold(name, "max-age") {
			continue
		}
		if s, err := strconv.Atoi(val); err == nil {
			return min(max(time.Duration(s)*time.Second, time.Minute), 24*time.Hour)
		}
	}
	return defaultKeysTTL
}
