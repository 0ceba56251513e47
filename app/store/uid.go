package store

import (
	"crypto/rand"
	"encoding/hex"
)

// NewUID is a public row id: prefix (what kind of row it names) and 80
// random bits in hex, unguessable so that knowing one id tells nothing of
// another's.
func NewUID(prefix string) string {
	b := make([]byte, 10)
	_, _ = rand.Read(b) // never fails (crypto/rand, Go 1.24+)
	return prefix + hex.EncodeToString(b)
}
