package ssr

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"souk/app/version"
)

// Renderer owns the current bundle and its runtime pool. In dev mode a new
// bundle replaces both; every cached page depends on "bundle", so it is
// re-rendered with the new code.
type Renderer struct {
	mu       sync.RWMutex
	pool     *Pool
	bundle   *Bundle
	previous *Bundle // the bundle before a swap, whose assets are still served
	csp      string  // the Content-Security-Policy for pool's inline scripts
	versions *version.Registry
	log      *slog.Logger
	Timeout  time.Duration
}

// NewRenderer starts a pool for b.
func NewRenderer(b *Bundle, versions *version.Registry, log *slog.Logger) (*Renderer, error) {
	r := &Renderer{versions: versions, log: log, Timeout: 5 * time.Second}
	if err := r.Swap(b); err != nil {
		return nil, err
	}
	return r, nil
}

// Swap installs a new bundle.
func (r *Renderer) Swap(b *Bundle) error {
	pool, err := NewPool(b.Server, max(runtime.GOMAXPROCS(0), 1), r.Timeout, r.log)
	if err != nil {
		return err
	}
	r.mu.Lock()
	// Pages rendered before the swap (and stale cache copies served while
	// they refresh) still name the old scripts: keep serving them.
	if r.bundle != nil {
		r.previous = r.bundle
	}
	r.pool, r.bundle, r.csp = pool, b, policy(pool.Scripts())
	r.mu.Unlock()
	r.versions.Bump("bundle")
	return nil
}

// Render runs the server bundle for props (and the language's shared data)
// and returns the full document.
func (r *Renderer) Render(ctx context.Context, propsJSON []byte, shared Shared) ([]byte, error) {
	r.mu.RLock()
	pool := r.pool
	r.mu.RUnlock()
	html, err := pool.Render(ctx, string(propsJSON), shared)
	if err != nil {
		return nil, err
	}
	if len(html) < 6 || html[:5] != "<html" {
		return nil, fmt.Errorf("ssr: render returned no document")
	}
	return []byte("<!DOCTYPE html>" + html), nil
}

// CSP is the Content-Security-Policy header for the current bundle, built
// once when the bundle was installed.
func (r *Renderer) CSP() string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.csp
}

// Entry returns what pages must load from the current bundle.
func (r *Renderer) Entry() Entry {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.bundle.Entry
}

// Asset returns a built client file by its name under /static/.
func (r *Renderer) Asset(name string) ([]byte, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, b := range []*Bundle{r.bundle, r.previous} {
		if b == nil {
			continue
		}
		if data, ok := b.Assets[name]; ok {
			return data, true
		}
	}
	return nil, false
}

// Encoded returns a client file compressed ahead of time in enc ("br" or
// "gzip"), when it was.
func (r *Renderer) Encoded(name, enc string) ([]byte, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, b := range []*Bundle{r.bundle, r.previous} {
		if b == nil {
			continue
		}
		if e, ok := b.Encoded[name]; ok {
			return e.get(enc)
		}
	}
	return nil, false
}

// Bundle returns the current bundle.
func (r *Renderer) Bundle() *Bundle {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.bundle
}

// SetPlainMarkup turns the fast path for plain subtrees off or on (tests).
func (r *Renderer) SetPlainMarkup(on bool) error {
	r.mu.RLock()
	pool := r.pool
	r.mu.RUnlock()
	return pool.SetPlainMarkup(on)
}
