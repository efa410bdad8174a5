package safehttp

import (
	"net/netip"
	"testing"
)

func TestIsPublic(t *testing.T) {
	tests := []struct {
		addr string
		want bool
	}{
		{"93.184.216.34", true},
		{"8.8.8.8", true},
		{"2606:4700:4700::1111", true},
		{"::ffff:93.184.216.34", true}, // mapped public stays public
		{"0.0.0.0", false},
		{"0.1.2.3", false},
		{"10.0.0.1", false},
		{"100.64.0.1", false},
		{"100.127.255.254", false},
		{"127.0.0.1", false},
		{"127.255.255.254", false},
		{"169.254.169.254", false},
		{"172.16.0.1", false},
		{"172.31.255.255", false},
		{"192.0.0.8", false},
		{"192.0.2.1", false},
		{"192.88.99.1", false},
		{"192.168.1.1", false},
		{"198.18.0.1", false},
		{"198.19.255.255", false},
		{"198.51.100.7", false},
		{"203.0.113.9", false},
		{"224.0.0.1", false},
		{"239.255.255.250", false},
		{"240.0.0.1", false},
		{"255.255.255.255", false},
		{"::", false},
		{"::1", false},
		{"::127.0.0.1", false}, // IPv4-compatible
		{"::ffff:127.0.0.1", false},
		{"::ffff:7f00:1", false},
		{"::ffff:169.254.169.254", false},
		{"::ffff:10.0.0.1", false},
		{"64:ff9b::7f00:1", false},
		{"64:ff9b::808:808", false}, // NAT64 of a public address is still refused: we cannot see past the translator
		{"2001:db8::1", false},
		{"2001::1", false},       // Teredo
		{"2002:7f00:1::", false}, // 6to4 embedding 127.0.0.1
		{"fc00::1", false},
		{"fd12:3456::1", false},
		{"fe80::1", false},
		{"fec0::1", false},
		{"ff02::1", false},
		{"100::1", false},
		{"3fff::1", false},
		{"fe80::1%eth0", false},
	}
	for _, tt := range tests {
		a := netip.MustParseAddr(tt.addr)
		if got := IsPublic(a); got != tt.want {
			t.Errorf("IsPublic(%s) = %v, want %v", tt.addr, got, tt.want)
		}
	}
	if IsPublic(netip.Addr{}) {
		t.Error("the zero Addr must not be public")
	}
}

func TestBlockedName(t *testing.T) {
	tests := []struct {
		host string
		want bool
	}{
		{"www.airbnb.com", false},
		{"a0.muscache.com", false},
		{"93.184.216.34", false}, // literals are judged by address, not name
		{"localhost", true},
		{"localhost.", true},
		{"LOCALHOST", true},
		{"foo.localhost", true},
		{"metadata.google.internal", true},
		{"metadata", true},
		{"printer.local", true},
		{"router.home.arpa", true},
		{"2130706433", true},
		{"0x7f.1", true},
		{"0177.0.0.1", true},
		{"127.1", true},
		{"1.2.3.0x4", true},
		{"", true},
	}
	for _, tt := range tests {
		if got := blockedName(tt.host); got != tt.want {
			t.Errorf("blockedName(%q) = %v, want %v", tt.host, got, tt.want)
		}
	}
}
