package oidc_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/oidc"
	"github.com/listinglift/listinglift/backend/oidc/oidctest"
)

const (
	audience = "https://api.example.test/internal/tasks/generate-report"
	account  = "tasks-invoker@demo-listinglift.iam.gserviceaccount.com"
)

func newVerifier(t *testing.T, iss *oidctest.Issuer, edit func(*oidc.Options)) *oidc.Verifier {
	t.Helper()
	opts := oidc.Options{Audience: audience, Email: account, JWKSURL: iss.JWKSURL}
	if edit != nil {
		edit(&opts)
	}
	v, err := oidc.NewVerifier(opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// with returns the good claims changed by edit.
func with(edit func(c map[string]any)) map[string]any {
	c := oidctest.Claims(audience, account)
	edit(c)
	return c
}

func bearer(token string) string { return "Bearer " + token }

func TestVerify(t *testing.T) {
	iss := oidctest.NewIssuer(t)
	v := newVerifier(t, iss, nil)
	now := time.Now()
	good := oidctest.Claims(audience, account)
	sign := func(c map[string]any) string { return iss.Token(t, c) }

	// An HS256 token whose HMAC key is the public key's DER bytes: the
	// classic algorithm-confusion forgery.
	pubDER := x509.MarshalPKCS1PublicKey(&iss.Key.PublicKey)
	confused := oidctest.Unsigned("HS256", iss.KeyID, good, nil)
	confused = confused[:strings.LastIndex(confused, ".")]
	mac := hmac.New(sha256.New, pubDER)
	mac.Write([]byte(confused))
	confused += "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))

	cases := []struct {
		name   string
		header string // the Authorization header
		want   error  // nil: accepted
	}{
		{"valid token", bearer(sign(good)), nil},
		{"lower-case scheme", "bearer " + sign(good), nil},
		{"audience in a list", bearer(sign(with(func(c map[string]any) { c["aud"] = []string{"other", audience} }))), nil},
		{"scheme-less Google issuer", bearer(sign(with(func(c map[string]any) { c["iss"] = "accounts.google.com" }))), nil},
		{"email_verified as a string", bearer(sign(with(func(c map[string]any) { c["email_verified"] = "true" }))), nil},
		{"expired within the leeway", bearer(sign(with(func(c map[string]any) { c["exp"] = now.Add(-10 * time.Second).Unix() }))), nil},

		{"no Authorization header", "", oidc.ErrNoToken},
		{"not a bearer token", "Basic " + base64.StdEncoding.EncodeToString([]byte("a:b")), oidc.ErrNoToken},
		{"empty bearer token", "Bearer ", oidc.ErrNoToken},
		{"malformed: two segments", bearer("abc.def"), oidc.ErrMalformed},
		{"malformed: garbage header", bearer("!!!.e30.c2ln"), oidc.ErrMalformed},
		{"malformed: not JSON", bearer(base64.RawURLEncoding.EncodeToString([]byte("hello")) + ".e30.c2ln"), oidc.ErrMalformed},
		{"malformed: no key id", bearer(oidctest.Sign(t, iss.Key, "", good)), oidc.ErrMalformed},
		{"malformed: no exp", bearer(sign(with(func(c map[string]any) { delete(c, "exp") }))), oidc.ErrMalformed},
		{"wrong audience", bearer(sign(with(func(c map[string]any) { c["aud"] = "https://elsewhere.example/" }))), oidc.ErrAudience},
		{"other service account", bearer(sign(with(func(c map[string]any) { c["email"] = "someone-else@demo.iam.gserviceaccount.com" }))), oidc.ErrEmail},
		{"no email", bearer(sign(with(func(c map[string]any) { delete(c, "email") }))), oidc.ErrEmail},
		{"email not verified", bearer(sign(with(func(c map[string]any) { c["email_verified"] = false }))), oidc.ErrEmailNotVerified},
		{"email_verified missing", bearer(sign(with(func(c map[string]any) { delete(c, "email_verified") }))), oidc.ErrEmailNotVerified},
		{"expired", bearer(sign(with(func(c map[string]any) { c["exp"] = now.Add(-5 * time.Minute).Unix() }))), oidc.ErrExpired},
		{"not valid before a future time", bearer(sign(with(func(c map[string]any) { c["nbf"] = now.Add(5 * time.Minute).Unix() }))), oidc.ErrNotYetValid},
		{"issued in the future", bearer(sign(with(func(c map[string]any) { c["iat"] = now.Add(5 * time.Minute).Unix() }))), oidc.ErrNotYetValid},
		{"signed by another key (same kid)", bearer(oidctest.Sign(t, oidctest.TestKey(1), iss.KeyID, good)), oidc.ErrSignature},
		{"signature stripped", bearer(strings.TrimRight(sign(good), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")), oidc.ErrSignature},
		{"unknown key id", bearer(oidctest.Sign(t, oidctest.TestKey(1), "attacker-key", good)), oidc.ErrUnknownKey},
		{"wrong issuer", bearer(sign(with(func(c map[string]any) { c["iss"] = "https://evil.example" }))), oidc.ErrIssuer},
		{"emulator issuer not accepted by default", bearer(sign(with(func(c map[string]any) { c["iss"] = "http://cloud-tasks-emulator" }))), oidc.ErrIssuer},
		{"alg none", bearer(oidctest.Unsigned("none", iss.KeyID, good, nil)), oidc.ErrAlgorithm},
		{"alg HS256 keyed with the public key", bearer(confused), oidc.ErrAlgorithm},
		{"alg RS512", bearer(oidctest.Unsigned("RS512", iss.KeyID, good, []byte("sig"))), oidc.ErrAlgorithm},
	}
	seen := map[string]string{}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/internal/tasks/generate-report", nil)
			if tc.header != "" {
				r.Header.Set("Authorization", tc.header)
			}
			err := v.Verify(context.Background(), r)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("refused a good token: %v", err)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
			// The reason is loggable: it never carries the token.
			if _, tok, ok := strings.Cut(tc.header, " "); ok && len(tok) > 20 && strings.Contains(err.Error(), tok) {
				t.Fatalf("error %q contains the token", err)
			}
			seen[tc.want.Error()] = tc.name
		})
	}
	// Every refusal reason was exercised.
	for _, want := range []error{oidc.ErrNoToken, oidc.ErrMalformed, oidc.ErrAlgorithm, oidc.ErrUnknownKey,
		oidc.ErrSignature, oidc.ErrIssuer, oidc.ErrAudience, oidc.ErrExpired, oidc.ErrNotYetValid,
		oidc.ErrEmail, oidc.ErrEmailNotVerified} {
		if _, ok := seen[want.Error()]; !ok {
			t.Errorf("no case refused with %v", want)
		}
	}
	if n := iss.Fetches(); n > 2 {
		t.Errorf("key set fetched %d times for %d tokens; want it cached (one fetch, one more for the unknown kid)", n, len(cases))
	}
}

func TestVerifyTokenReturnsClaims(t *testing.T) {
	iss := oidctest.NewIssuer(t)
	v := newVerifier(t, iss, nil)
	c, err := v.VerifyToken(context.Background(), iss.Token(t, oidctest.Claims(audience, account)))
	if err != nil {
		t.Fatal(err)
	}
	if c.Email != account || c.Issuer != oidc.GoogleIssuer || len(c.Audience) != 1 || c.Audience[0] != audience {
		t.Fatalf("claims = %+v", c)
	}
}

func TestOptionsRequired(t *testing.T) {
	if _, err := oidc.NewVerifier(oidc.Options{Email: account}); err == nil {
		t.Error("no audience: want an error")
	}
	if _, err := oidc.NewVerifier(oidc.Options{Audience: audience}); err == nil {
		t.Error("no email: want an error")
	}
}

// clock is a settable Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestKeyRotation(t *testing.T) {
	iss := oidctest.NewIssuer(t)
	clk := &clock{t: time.Now()}
	v := newVerifier(t, iss, func(o *oidc.Options) { o.Now = clk.Now })
	ctx := context.Background()
	if _, err := v.VerifyToken(ctx, iss.Token(t, oidctest.Claims(audience, account))); err != nil {
		t.Fatal(err)
	}
	iss.Rotate("test-key-2", oidctest.TestKey(2))
	rotated := iss.Token(t, oidctest.Claims(audience, account))
	// The new kid is unknown to the cache: it fetches again at once (the
	// last fetch was long enough ago)…
	clk.Add(11 * time.Second)
	if _, err := v.VerifyToken(ctx, rotated); err != nil {
		t.Fatalf("token of the rotated key: %v", err)
	}
	if n := iss.Fetches(); n != 2 {
		t.Fatalf("fetches = %d, want 2", n)
	}
	// …but an unknown kid right after a fetch does not fetch again.
	forged := oidctest.Sign(t, oidctest.TestKey(1), "nobody", oidctest.Claims(audience, account))
	for range 5 {
		if _, err := v.VerifyToken(ctx, forged); !errors.Is(err, oidc.ErrUnknownKey) {
			t.Fatalf("got %v, want ErrUnknownKey", err)
		}
	}
	if n := iss.Fetches(); n != 2 {
		t.Fatalf("fetches = %d after forged kids, want still 2", n)
	}
	// After max-age (3600 s from the test server) the set is fetched again.
	clk.Add(time.Hour)
	if _, err := v.VerifyToken(ctx, rotated); err != nil {
		t.Fatal(err)
	}
	if n := iss.Fetches(); n != 3 {
		t.Fatalf("fetches = %d after max-age, want 3", n)
	}
}

func TestKeysUnavailable(t *testing.T) {
	iss := oidctest.NewIssuer(t)
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer down.Close()
	v := newVerifier(t, iss, func(o *oidc.Options) { o.JWKSURL = down.URL })
	_, err := v.VerifyToken(context.Background(), iss.Token(t, oidctest.Claims(audience, account)))
	if !errors.Is(err, oidc.ErrKeys) {
		t.Fatalf("got %v, want ErrKeys", err)
	}
}

func TestStaleKeysKeptWhenRefreshFails(t *testing.T) {
	iss := oidctest.NewIssuer(t)
	var fail bool
	var mu sync.Mutex
	flaky := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		f := fail
		mu.Unlock()
		if f {
			http.Error(w, "down", http.StatusBadGateway)
			return
		}
		resp, err := http.Get(iss.JWKSURL)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		w.Header().Set("Cache-Control", "max-age=60")
		_, _ = io.Copy(w, resp.Body)
	}))
	defer flaky.Close()
	clk := &clock{t: time.Now()}
	v := newVerifier(t, iss, func(o *oidc.Options) { o.JWKSURL = flaky.URL; o.Now = clk.Now })
	tok := iss.Token(t, oidctest.Claims(audience, account))
	if _, err := v.VerifyToken(context.Background(), tok); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	fail = true
	mu.Unlock()
	clk.Add(2 * time.Minute) // past max-age: a refresh is due and fails
	if _, err := v.VerifyToken(context.Background(), tok); err != nil {
		t.Fatalf("refresh failed and the cached keys were dropped: %v", err)
	}
}

// Many requests at once share one key-set fetch (run with -race).
func TestVerifyConcurrent(t *testing.T) {
	iss := oidctest.NewIssuer(t)
	v := newVerifier(t, iss, nil)
	tok := iss.Token(t, oidctest.Claims(audience, account))
	var wg sync.WaitGroup
	errs := make(chan error, 32)
	for range 32 {
		wg.Go(func() {
			_, err := v.VerifyToken(context.Background(), tok)
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := iss.Fetches(); n != 1 {
		t.Errorf("key set fetched %d times, want 1", n)
	}
}
