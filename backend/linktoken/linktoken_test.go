package linktoken

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"testing"
	"time"
)

var secret = bytes.Repeat([]byte("k"), MinSecretLen)

// The layout links already handed out were signed in: a token made by hand
// from the package comment must open, so no live link breaks.
func TestLayoutAsDocumented(t *testing.T) {
	expires := time.Unix(1_800_000_000, 0)
	body := binary.BigEndian.AppendUint64(nil, uint64(expires.Unix()))
	body = append(body, "uid-1"...)
	h := hmac.New(sha256.New, secret)
	h.Write([]byte("ctx/v1\x00bound"))
	h.Write(body)
	want := base64.RawURLEncoding.EncodeToString(h.Sum(body))

	k := Key{Secret: secret, Context: "ctx/v1"}
	if got := k.Seal(expires, []byte("uid-1"), []byte("bound")); got != want {
		t.Fatalf("Seal = %s; want the documented layout %s", got, want)
	}
	payload, exp, ok := k.Open(want, []byte("bound"), 1, 128)
	if !ok || string(payload) != "uid-1" || !exp.Equal(expires) {
		t.Errorf("Open = %q, %v, %v", payload, exp, ok)
	}
}

func TestOpenRefuses(t *testing.T) {
	k := Key{Secret: secret, Context: "ctx/v1"}
	token := k.Seal(time.Unix(1_800_000_000, 0), []byte("uid-1"), []byte("order-1"))
	flipped := []byte(token)
	flipped[3] ^= 1
	for name, tc := range map[string]struct {
		key        Key
		token      string
		bound      string
		min, limit int
	}{
		"another order":   {k, token, "order-2", 1, 128},
		"another kind":    {Key{Secret: secret, Context: "ctx/v2"}, token, "order-1", 1, 128},
		"another secret":  {Key{Secret: bytes.Repeat([]byte("j"), MinSecretLen), Context: "ctx/v1"}, token, "order-1", 1, 128},
		"short secret":    {Key{Secret: []byte("short"), Context: "ctx/v1"}, token, "order-1", 1, 128},
		"altered":         {k, string(flipped), "order-1", 1, 128},
		"too long":        {k, token, "order-1", 1, 2},
		"too short":       {k, token, "order-1", 6, 128},
		"not base64url":   {k, token + "!", "order-1", 1, 128},
		"truncated token": {k, token[:len(token)-4], "order-1", 1, 128},
	} {
		if _, _, ok := tc.key.Open(tc.token, []byte(tc.bound), tc.min, tc.limit); ok {
			t.Errorf("%s: opened", name)
		}
	}
	if _, _, ok := k.Open(token, []byte("order-1"), 1, 128); !ok {
		t.Error("the genuine token did not open")
	}
}
