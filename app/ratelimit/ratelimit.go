// Package ratelimit counts events per key (a client address, an account) in
// a sliding window, in memory: one node enforces its own limits (a cluster
// would keep them in PostgreSQL or Redis; see the README).
package ratelimit

import (
	"fmt"
	"net/netip"
	"sync"
	"time"
)

// Window allows at most max events per key in any window of time.
type Window struct {
	mu     sync.Mutex
	window time.Duration
	max    int
	hits   map[string][]time.Time
	now    func() time.Time
}

// New makes a limiter; now is the clock (time.Now, or a test clock).
func New(max int, window time.Duration, now func() time.Time) *Window {
	return &Window{window: window, max: max, hits: map[string][]time.Time{}, now: now}
}

// Allow records an event for key and reports whether it is within the
// limit; when it is not, wait says how long until the oldest event expires.
func (l *Window) Allow(key string) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	recent := l.recent(key, now)
	if len(recent) >= l.max {
		l.hits[key] = recent
		return false, recent[0].Add(l.window).Sub(now)
	}
	l.hits[key] = append(recent, now)
	if len(l.hits) > 100_000 { // bound memory under a flood of distinct keys
		l.sweep(now)
	}
	return true, 0
}

// Count tells how many events key has in the window, without adding one.
func (l *Window) Count(key string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.recent(key, l.now()))
}

// Release gives back one event recorded by allow, for a try that turned
// out not to count (a right password, or one never checked).
func (l *Window) Release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if h := l.hits[key]; len(h) > 0 {
		l.hits[key] = h[:len(h)-1]
	}
}

// Reset forgets key (after a successful login, say).
func (l *Window) Reset(key string) {
	l.mu.Lock()
	delete(l.hits, key)
	l.mu.Unlock()
}

func (l *Window) recent(key string, now time.Time) []time.Time {
	old := l.hits[key]
	i := 0
	for i < len(old) && now.Sub(old[i]) >= l.window {
		i++
	}
	return old[i:]
}

func (l *Window) sweep(now time.Time) {
	for k := range l.hits {
		if r := l.recent(k, now); len(r) == 0 {
			delete(l.hits, k)
		} else {
			l.hits[k] = r
		}
	}
}

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

// Minutes is a wait rounded up to whole minutes (at least 1), for messages.
func Minutes(d time.Duration) string {
	m := int((d + time.Minute - 1) / time.Minute)
	if m < 1 {
		m = 1
	}
	return fmt.Sprint(m)
}
