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

// ChangedSince reports the names bumped after a Seq, and everything after
// a BumpAll.
func TestChangedSince(t *testing.T) {
	r := New()
	r.Bump("goods:a")
	seq := r.Seq()
	r.Bump("goods:b")
	for _, c := range []struct {
		names []string
		want  bool
	}{
		{[]string{"goods:a"}, false},
		{[]string{"goods:b"}, true},
		{[]string{"goods:a", "goods:b"}, true},
		{[]string{"never"}, false},
		{nil, false},
	} {
		if got := r.ChangedSince(c.names, seq); got != c.want {
			t.Errorf("ChangedSince(%v) = %v, want %v", c.names, got, c.want)
		}
	}
	if r.ChangedSince([]string{"goods:b"}, r.Seq()) {
		t.Error("a bump before the seq counts as after it")
	}
	seq = r.Seq()
	r.BumpAll()
	if !r.ChangedSince([]string{"never"}, seq) {
		t.Error("BumpAll does not change everything")
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
