package apperr

import (
	"errors"
	"testing"
)

// Wrap must not change a shared error: package-level errors are wrapped by
// parallel requests (the race detector saw it in creation).
func TestWrapCopies(t *testing.T) {
	shared := New(Conflict, "Busy")
	a := shared.Wrap(errors.New("a"))
	b := shared.Wrap(errors.New("b"))
	if shared.Cause != nil || a.Cause.Error() != "a" || b.Cause.Error() != "b" {
		t.Fatalf("shared %v, a %v, b %v", shared.Cause, a.Cause, b.Cause)
	}
	if !errors.Is(a, shared) || errors.Is(a, New(Conflict, "Other")) {
		t.Fatal("a wrapped copy must match its original by code and key, and nothing else")
	}
}
