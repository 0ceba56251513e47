package ssr

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"

	"souk/app/version"
)

// TestCSPFollowsTheBundle: the policy names the current bundle's inline
// script hashes, and a swap to a bundle with other inline scripts replaces
// them (the policy is built per bundle, not per request).
func TestCSPFollowsTheBundle(t *testing.T) {
	b := testBundle(t)
	r, err := NewRenderer(b, version.New(), quietLog())
	if err != nil {
		t.Fatal(err)
	}
	first, old := r.CSP(), r.pool.Scripts()
	if len(old) == 0 {
		t.Fatal("the bundle has no inline scripts to allow")
	}
	for _, src := range old {
		if !strings.Contains(first, "script-src 'self' ") || !strings.Contains(first, src) {
			t.Fatalf("policy %q lacks %s", first, src)
		}
	}
	other := *b
	other.Server = append(append([]byte{}, b.Server...), "\n;globalThis.SoukInlineScripts=['other boot'];"...)
	if err := r.Swap(&other); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte("other boot"))
	want := "script-src 'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "';"
	if got := r.CSP(); !strings.Contains(got, want) || strings.Contains(got, old[0]) {
		t.Fatalf("policy after the swap: %q, want %q in it", got, want)
	}
}
