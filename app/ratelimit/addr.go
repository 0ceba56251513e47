package ratelimit

import "net/netip"

// AddrKey is the client address a limit is kept for. An IPv6 client usually
// holds a whole /64, so that is one address here; otherwise changing the
// last bits would give a fresh allowance.
func AddrKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}
