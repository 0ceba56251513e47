package ssr

import "strings"

// policy is the Content-Security-Policy of every answer (DESIGN §8):
// scripts come from our origin, and the only inline ones that run are the
// documents' own, allowed by the hashes in scripts. It changes only with the
// bundle, so Swap builds it once and every request reuses the string.
func policy(scripts []string) string {
	return "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; " +
		strings.TrimSpace("script-src 'self' "+strings.Join(scripts, " ")) +
		"; connect-src 'self' ws: wss:; frame-ancestors 'self'; base-uri 'self'; form-action 'self'"
}
