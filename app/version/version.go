// Package version counts changes to named pieces of data ("goods:<uid>",
// "catalog", "enums", "home"), so caches can tell whether what they hold is
// still current without asking the database.
package version

import (
	"sync"
	"sync/atomic"
)

// Registry is a set of change counters. The zero value is not usable; use New.
type Registry struct {
	mu       sync.RWMutex
	counters map[string]*counter
	// epoch is added to every counter: BumpAll moves it, which makes every
	// snapshot stale at once (a node that lost its change feed for a while).
	epoch atomic.Int64
	// seq moves on every change of any counter (here or from another node)
	// and epochAt is its value at the last BumpAll: with each counter's
	// last seq, ChangedSince tells what changed after a moment (Seq).
	seq, epochAt atomic.Int64
	// publish, when set, tells other nodes of local bumps (Bus).
	publish atomic.Pointer[func(names []string)]
}

// counter is one name's change count and the seq of its last change.
type counter struct{ n, at atomic.Int64 }

// New makes an empty registry.
func New() *Registry { return &Registry{counters: map[string]*counter{}} }

// Get returns the current version of name (0 if never bumped).
func (r *Registry) Get(name string) int64 {
	r.mu.RLock()
	c := r.counters[name]
	r.mu.RUnlock()
	if c == nil {
		return r.epoch.Load()
	}
	return c.n.Load() + r.epoch.Load()
}

// Seq is the registry's change sequence now: pass it to ChangedSince later.
func (r *Registry) Seq() int64 { return r.seq.Load() }

// ChangedSince tells whether any of names changed after seq was read. A
// change is stamped before it is counted, so a version a Snapshot saw is
// always one ChangedSince reports.
func (r *Registry) ChangedSince(names []string, seq int64) bool {
	if r.epochAt.Load() > seq {
		return true
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, n := range names {
		if c := r.counters[n]; c != nil && c.at.Load() > seq {
			return true
		}
	}
	return false
}

// Bump records a change to each name, here and, through a Bus, on every
// other node of the same database.
func (r *Registry) Bump(names ...string) {
	r.apply(names)
	if p := r.publish.Load(); p != nil {
		(*p)(names)
	}
}

// apply records changes without publishing them (they came from another node).
func (r *Registry) apply(names []string) {
	for _, name := range names {
		c := r.counter(name)
		stamp(&c.at, r.seq.Add(1))
		c.n.Add(1)
	}
}

// stamp raises at to seq (concurrent changes may stamp out of order).
func stamp(at *atomic.Int64, seq int64) {
	for {
		old := at.Load()
		if old >= seq || at.CompareAndSwap(old, seq) {
			return
		}
	}
}

// BumpAll makes every version change at once.
func (r *Registry) BumpAll() {
	stamp(&r.epochAt, r.seq.Add(1))
	r.epoch.Add(1)
}

func (r *Registry) counter(name string) *counter {
	r.mu.RLock()
	c := r.counters[name]
	r.mu.RUnlock()
	if c != nil {
		return c
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if c = r.counters[name]; c == nil {
		c = new(counter)
		r.counters[name] = c
	}
	return c
}

// Snapshot returns the versions of names, in order, for a cache entry to keep.
func (r *Registry) Snapshot(names []string) []int64 {
	out := make([]int64, len(names))
	for i, n := range names {
		out[i] = r.Get(n)
	}
	return out
}

// Current tells whether a snapshot taken of names still holds.
func (r *Registry) Current(names []string, snap []int64) bool {
	if len(names) != len(snap) {
		return false
	}
	for i, n := range names {
		if r.Get(n) != snap[i] {
			return false
		}
	}
	return true
}
