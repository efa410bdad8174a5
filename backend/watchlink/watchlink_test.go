package watchlink

import (
	"strings"
	"testing"
	"time"

	"github.com/listinglift/listinglift/backend/sharelink"
)

var (
	secret = []byte(strings.Repeat("k", 32))
	other  = []byte(strings.Repeat("o", 32))
)

func TestTokenOpensOnlyItsWatch(t *testing.T) {
	now := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	s := Signer{Secret: secret, Now: func() time.Time { return now }}
	tok := s.Token("order1")
	if id, err := s.Verify(tok); err != nil || id != "order1" {
		t.Fatalf("Verify(own token) = %q, %v", id, err)
	}
	share := sharelink.Signer{Secret: secret, Now: s.Now}
	shareTok := share.Token("order1", share.New())
	later := Signer{Secret: secret, Now: func() time.Time { return now.Add(TTL + time.Second) }}
	rotated := Signer{Secret: other, Previous: secret, Now: s.Now}
	for name, c := range map[string]struct {
		s   Signer
		tok string
		ok  bool
	}{
		"altered":                 {s, tok[:len(tok)-2] + "AA", false},
		"another secret":          {Signer{Secret: other, Now: s.Now}, tok, false},
		"a share link's token":    {s, shareTok, false},
		"expired":                 {later, tok, false},
		"empty":                   {s, "", false},
		"after a secret rotation": {rotated, tok, true},
	} {
		id, err := c.s.Verify(c.tok)
		if (err == nil) != c.ok || c.ok && id != "order1" {
			t.Errorf("%s: Verify = %q, %v; want ok=%v", name, id, err, c.ok)
		}
		if err != nil && err != ErrInvalid {
			t.Errorf("%s: error %v, want ErrInvalid", name, err)
		}
	}
}
