package blob_test

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
)

var (
	secret = []byte("0123456789abcdef0123456789abcdef")
	t0     = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
)

func signerAt(now *time.Time) blob.Signer {
	return blob.Signer{Secret: secret, Now: func() time.Time { return *now }, TTL: 15 * time.Minute}
}

func TestSignVerify(t *testing.T) {
	now := t0
	s := signerAt(&now)
	token, expires := s.Sign("opt_1", "uid-alice")
	if !expires.Equal(t0.Add(15 * time.Minute)) {
		t.Errorf("expires %v", expires)
	}
	if strings.ContainsAny(token, "+/=") {
		t.Errorf("token %q is not unpadded base64url", token)
	}
	uid, err := s.Verify(token, "opt_1")
	if err != nil || uid != "uid-alice" {
		t.Fatalf("Verify = %q, %v", uid, err)
	}
	now = expires.Add(-time.Second)
	if uid, err := s.Verify(token, "opt_1"); err != nil || uid != "uid-alice" {
		t.Errorf("a second before expiry: %q, %v", uid, err)
	}
}

func TestVerifyRefuses(t *testing.T) {
	now := t0
	s := signerAt(&now)
	token, expires := s.Sign("opt_1", "uid-alice")
	raw, _ := base64.RawURLEncoding.DecodeString(token)

	flip := func(i int) string {
		b := append([]byte(nil), raw...)
		b[i] ^= 1
		return base64.RawURLEncoding.EncodeToString(b)
	}
	// The same body with the uid swapped for another of the same length.
	swapped := append([]byte(nil), raw...)
	copy(swapped[8:], "uid-mallo")

	cases := []struct {
		name, token, id string
		signer          blob.Signer
		now             time.Time
		want            error
	}{
		{"expired", token, "opt_1", s, expires, blob.ErrLinkExpired},
		{"long expired", token, "opt_1", s, expires.Add(30 * 24 * time.Hour), blob.ErrLinkExpired},
		{"another optimization", token, "opt_2", s, t0, blob.ErrLinkInvalid},
		{"id prefix", token, "opt_", s, t0, blob.ErrLinkInvalid},
		{"tampered expiry", flip(7), "opt_1", s, t0, blob.ErrLinkInvalid},
		{"tampered uid", base64.RawURLEncoding.EncodeToString(swapped), "opt_1", s, t0, blob.ErrLinkInvalid},
		{"tampered mac", flip(len(raw) - 1), "opt_1", s, t0, blob.ErrLinkInvalid},
		{"truncated", token[:len(token)-4], "opt_1", s, t0, blob.ErrLinkInvalid},
		{"padded", token + "==", "opt_1", s, t0, blob.ErrLinkInvalid},
		{"empty", "", "opt_1", s, t0, blob.ErrLinkInvalid},
		{"garbage", "not a token!", "opt_1", s, t0, blob.ErrLinkInvalid},
		{"huge", strings.Repeat("A", 10000), "opt_1", s, t0, blob.ErrLinkInvalid},
		{"other secret", token, "opt_1", blob.Signer{Secret: []byte("another secret, also 32 bytes...")}, t0, blob.ErrLinkInvalid},
		{"no secret", token, "opt_1", blob.Signer{}, t0, blob.ErrLinkInvalid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			now = tc.now
			v := tc.signer
			if v.Now == nil {
				v.Now = func() time.Time { return now }
			}
			uid, err := v.Verify(tc.token, tc.id)
			if !errors.Is(err, tc.want) || uid != "" {
				t.Errorf("Verify = %q, %v; want %v", uid, err, tc.want)
			}
			if domain.ErrorCode(err) != domain.CodeNotFound {
				t.Errorf("code %q, want not_found (a refused link is a 404)", domain.ErrorCode(err))
			}
		})
	}
}

// Tokens for different owners or ids differ, and the id is bound exactly:
// ("ab", uid "c…") and ("a", uid "bc…") do not share a MAC.
func TestSignBindsFields(t *testing.T) {
	now := t0
	s := signerAt(&now)
	a, _ := s.Sign("ab", "cuser")
	b, _ := s.Sign("a", "bcuser")
	if a == b {
		t.Fatal("different (id, uid) pairs gave the same token")
	}
	if _, err := s.Verify(a, "a"); err == nil {
		t.Error("token for id ab verified for id a")
	}
}

func TestDefaultsAndChecks(t *testing.T) {
	s := blob.Signer{Secret: secret}
	before := time.Now()
	token, expires := s.Sign("opt_1", "uid")
	if d := expires.Sub(before); d < blob.DefaultLinkTTL || d > blob.DefaultLinkTTL+2*time.Second {
		t.Errorf("default TTL gave expiry in %v", d)
	}
	if uid, err := s.Verify(token, "opt_1"); err != nil || uid != "uid" {
		t.Errorf("Verify = %q, %v", uid, err)
	}
	if blob.CheckSecret(secret[:31]) == nil || blob.CheckSecret(secret) != nil {
		t.Error("CheckSecret boundary is not 32 bytes")
	}
	for name, f := range map[string]func(){
		"short secret": func() { blob.Signer{Secret: []byte("short")}.Sign("opt_1", "uid") },
		"empty uid":    func() { s.Sign("opt_1", "") },
		"huge uid":     func() { s.Sign("opt_1", strings.Repeat("u", 129)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Sign did not panic", name)
				}
			}()
			f()
		}()
	}
}
