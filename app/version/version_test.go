package version

import (
	"sync"
	"testing"
)

func TestRegistry(t *testing.T) {
	r := New()
	names := []string{"goods:a", "enums"}
	snap := r.Snapshot(names)
	if !r.Current(names, snap) {
		t.Fatal("fresh snapshot must be current")
	}
	r.Bump("goods:b")
	if !r.Current(names, snap) {
		t.Fatal("an unrelated bump must not invalidate")
	}
	r.Bump("enums")
	if r.Current(names, snap) {
		t.Fatal("a bump of a dependency must invalidate")
	}
	if r.Current(names, snap[:1]) {
		t.Fatal("a snapshot of other length is never current")
	}
}

func TestConcurrentBumps(t *testing.T) {
	r := New()
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); r.Bump("x") }()
	}
	wg.Wait()
	if got := r.Get("x"); got != 50 {
		t.Fatalf("got %d bumps, want 50", got)
	}
}
