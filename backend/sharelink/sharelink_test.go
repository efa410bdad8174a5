package sharelink

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/domain"
)

var secret = []byte("0123456789abcdef0123456789abcdef")

func TestTokenRoundTripsUntilExpiry(t *testing.T) {
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	s := Signer{Secret: secret, Now: func() time.Time { return now }}
	sh := s.New()
	if got := sh.ExpiresAt.Sub(sh.CreatedAt); got != 30*24*time.Hour {
		t.Fatalf("a share lasts %v, want 30 days", got)
	}
	tok := s.Token("order123", sh)
	if tok != s.Token("order123", sh) {
		t.Fatal("the same share gave two tokens; the owner could not be shown their link again")
	}
	id, shareID, err := s.Verify(tok)
	if err != nil || id != "order123" || shareID != sh.ID {
		t.Fatalf("Verify = %q, %q, %v; want order123, %q", id, shareID, err, sh.ID)
	}
	now = sh.ExpiresAt.Add(-time.Second)
	if _, _, err := s.Verify(tok); err != nil {
		t.Fatalf("a second before expiry: %v", err)
	}
	now = sh.ExpiresAt
	if _, _, err := s.Verify(tok); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("at expiry: %v, want ErrUnavailable", err)
	}
}

func TestForgedTokensAreRefused(t *testing.T) {
	s := Signer{Secret: secret}
	sh := s.New()
	tok := s.Token("order123", sh)
	other := Signer{Secret: []byte("another-secret-another-secret-another")}
	flip := []byte(tok)
	flip[12] ^= 1
	for name, token := range map[string]string{
		"empty":        "",
		"not base64":   "!!!",
		"short":        tok[:20],
		"altered":      string(flip),
		"other secret": other.Token("order123", sh),
		"too long":     strings.Repeat("A", 4000),
		"padded":       tok + "==",
	} {
		t.Run(name, func(t *testing.T) {
			if _, _, err := s.Verify(token); !errors.Is(err, ErrUnavailable) {
				t.Fatalf("Verify = %v, want ErrUnavailable", err)
			}
		})
	}
	if domain.ErrorCode(ErrUnavailable) != domain.CodeNotFound {
		t.Fatal("a refused link must answer 404")
	}
}
