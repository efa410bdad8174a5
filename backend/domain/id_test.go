package domain

import (
	"strings"
	"testing"
)

func TestValidKey(t *testing.T) {
	cases := []struct {
		key  string
		want bool
	}{
		{NewID(), true},
		{"cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ0123456789abcdefghijklmnop", true},
		{"report-id_1", true},
		{strings.Repeat("a", MaxKeyLen), true},
		{"", false},
		{strings.Repeat("a", MaxKeyLen+1), false},
		{"\xff", false},
		{"abc\x00", false},
		{"a/b", false},
		{".", false},
		{"..", false},
		{"__name__", false},
		{"____", false},
		{"__x", true},
		{"id with space", false},
		{"id\n", false},
		{"ünïcode", false},
		{"a%2Fb", false},
	}
	for _, c := range cases {
		if got := ValidKey(c.key); got != c.want {
			t.Errorf("ValidKey(%q) = %v, want %v", c.key, got, c.want)
		}
	}
}
