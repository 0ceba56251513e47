package ratelimit

import "testing"

func TestAddrKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1.2.3.4", "1.2.3.4"},
		{"::ffff:1.2.3.4", "1.2.3.4"},
		{"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"},
		{"not an address", "not an address"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := AddrKey(tt.in); got != tt.want {
			t.Errorf("AddrKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzAddrKey(f *testing.F) {
	for _, s := range []string{"1.2.3.4", "::1", "fe80::1%eth0", "::ffff:10.0.0.1", "", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := AddrKey(s)
		if AddrKey(s) != k || k == "" && s != "" {
			t.Fatalf("AddrKey(%q) = %q", s, k)
		}
	})
}
