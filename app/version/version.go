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
	counters map[string]*atomic.Int64
	// epoch is added to every counter: BumpAll moves it, which makes every
	// snapshot stale at once (a node that lost its change feed for a while).
	epoch atomic.Int64
	// publish, when set, tells other nodes of local bumps (Bus).
	publish atomic.Pointer[func(names []string)]
}

// New makes an empty registry.
func New() *Registry { return &Registry{counters: map[string]*atomic.Int64{}} }

// Get returns the current version of name (0 if never bumped).
func (r *Registry) Get(name string) int64 {
	r.mu.RLock()
	c := r.counters[name]
	r.mu.RUnlock()
	if c == nil {
		return r.epoch.Load()
	}
	return c.Load() + r.epoch.Load()
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
		r.counter(name).Add(1)
	}
}

// BumpAll makes every version change at once.
func (r *Registry) BumpAll() { r.epoch.Add(1) }

func (r *Registry) counter(name string) *atomic.Int64 {
	r.mu.RLock()
	c := r.counters[name]
	r.mu.RUnlock()
	if c != nil {
		return c
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if c = r.counters[name]; c == nil {
		c = new(atomic.Int64)
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
