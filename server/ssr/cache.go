package ssr

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"context"
	"slices"
	"souk/server/httpenc"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"souk/app/version"
)

// Key identifies one rendered document. Everything the HTML depends on that
// is not data (which the entry's dependency versions cover) must be here.
type Key struct {
	Path, Lang, Region, Currency string
	XDefault                     bool // the unprefixed URL: canonical to itself, not to the prefixed one
}

func (k Key) String() string {
	s := k.Path + "|" + k.Lang + "|" + k.Region + "|" + k.Currency
	if k.XDefault {
		s += "|x-default"
	}
	return s
}

// Page is a rendered document.
type Page struct {
	Status int
	HTML   []byte
	Gzip   []byte // the same, gzip-compressed once at render time
	Br     []byte // and brotli-compressed
	ETag   string
	Deps   []string // data names whose versions the page shows
	// Redirect, when set, answers a redirect instead of HTML.
	Redirect string
	// Canonical is the path (escaped, without language prefix or query) the
	// page lives at; a request for another spelling of it is redirected.
	Canonical string
	// NoStore keeps the page out of the cache under the key it was rendered
	// for: a shared page (the not-found page) answered for a made-up path.
	NoStore bool
}

// Outcome says how a page was served, for logs and response headers.
type Outcome string

// Cache outcomes.
const (
	Hit   Outcome = "hit"
	Stale Outcome = "stale"
	Miss  Outcome = "miss"
)

type entry struct {
	key      Key
	page     *Page
	snap     []int64
	rendered time.Time
	size     int
	elem     *list.Element
}

// Cache holds rendered documents, bounded by total size, least recently used
// out first. One render per key runs at a time; a stale entry is served while
// its replacement renders (within StaleFor).
type Cache struct {
	mu       sync.Mutex
	entries  map[Key]*entry
	lru      *list.List
	bytes    int
	maxBytes int
	versions *version.Registry
	group    singleflight.Group
	MaxAge   time.Duration // an entry older than this is refreshed even if its data did not change
	StaleFor time.Duration // how long past staleness an entry may still be served while refreshing
	// FreshWait is how long a request for an outdated entry waits for its
	// refresh before it is served the outdated one.
	FreshWait time.Duration
}

// NewCache makes a cache of at most maxBytes of HTML.
func NewCache(versions *version.Registry, maxBytes int) *Cache {
	return &Cache{
		entries: map[Key]*entry{}, lru: list.New(), maxBytes: maxBytes, versions: versions,
		MaxAge: 10 * time.Minute, StaleFor: time.Minute, FreshWait: 300 * time.Millisecond,
	}
}

// strict are the versions a page is never served outdated for, however
// long its refresh takes: "apps" is the APK's checksum and size, and a
// download page stating another file's checksum is worse than a wait.
var strict = []string{"apps"}

func showsStrict(deps []string) bool {
	for _, d := range deps {
		if slices.Contains(strict, d) {
			return true
		}
	}
	return false
}

// RenderFunc produces a page for a key.
type RenderFunc func(ctx context.Context) (*Page, error)

// Get returns the page for key, rendering it on a miss.
func (c *Cache) Get(ctx context.Context, key Key, render RenderFunc) (*Page, Outcome, error) {
	now := time.Now()
	c.mu.Lock()
	e := c.entries[key]
	if e != nil {
		c.lru.MoveToFront(e.elem)
	}
	c.mu.Unlock()
	if e != nil {
		fresh := c.versions.Current(e.page.Deps, e.snap) && now.Sub(e.rendered) < c.MaxAge
		if fresh {
			return e.page, Hit, nil
		}
		if now.Sub(e.rendered) < c.MaxAge+c.StaleFor && !showsStrict(e.page.Deps) {
			return c.refreshOrStale(ctx, key, render, e.page)
		}
	}
	p, err := c.refresh(key, render)
	return p, Miss, err
}

// refreshOrStale starts the refresh of an outdated page and waits for it a
// little (FreshWait): a render takes tens of milliseconds, so the visitor
// after a change (a price, stock, an approved edit) sees it, and only when
// renders queue up is the old page served meanwhile.
func (c *Cache) refreshOrStale(ctx context.Context, key Key, render RenderFunc, old *Page) (*Page, Outcome, error) {
	done := make(chan *Page, 1)
	go func() {
		p, err := c.refresh(key, render)
		if err != nil {
			p = nil // the next Get tries again; the stale page stands meanwhile
		}
		done <- p
	}()
	wait := time.NewTimer(c.FreshWait)
	defer wait.Stop()
	select {
	case p := <-done:
		if p != nil {
			return p, Miss, nil
		}
	case <-wait.C:
	case <-ctx.Done():
	}
	return old, Stale, nil
}

// refresh renders key once however many callers ask at the same time.
func (c *Cache) refresh(key Key, render RenderFunc) (*Page, error) {
	v, err, _ := c.group.Do(key.String(), func() (any, error) {
		// Detached: a client that goes away must not waste a shared render.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		// The snapshot is taken after the render (its dependencies are
		// known then): a page that read its data before a change made
		// meanwhile would carry the new version, so such a page is kept
		// as stale.
		before := c.versions.Seq()
		p, err := render(ctx)
		if err != nil {
			return nil, err
		}
		if !p.NoStore && (p.Status == 200 || p.Status == 404) {
			snap := c.versions.Snapshot(p.Deps)
			if c.versions.ChangedSince(p.Deps, before) {
				snap = nil // data changed while rendering: keep, but as stale
			}
			c.store(key, p, snap)
		} else {
			// What the key shows now is not kept (a goods item deleted: the
			// shared 404, or a redirect): drop the old page, or it would be
			// served stale until it expires.
			c.drop(key)
		}
		return p, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*Page), nil
}

func (c *Cache) store(key Key, p *Page, snap []int64) {
	e := &entry{key: key, page: p, snap: snap, rendered: time.Now(), size: len(p.HTML) + len(p.Gzip) + len(p.Br) + 256}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.entries[key]; old != nil {
		c.lru.Remove(old.elem)
		c.bytes -= old.size
	}
	e.elem = c.lru.PushFront(e)
	c.entries[key] = e
	c.bytes += e.size
	for c.bytes > c.maxBytes && c.lru.Len() > 1 {
		last := c.lru.Back()
		old := last.Value.(*entry)
		c.lru.Remove(last)
		delete(c.entries, old.key)
		c.bytes -= old.size
	}
}

func (c *Cache) drop(key Key) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.entries[key]; old != nil {
		c.lru.Remove(old.elem)
		delete(c.entries, key)
		c.bytes -= old.size
	}
}

// Len reports how many pages are cached.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// NewPage finishes a rendered document: ETag, gzip and brotli bodies, made
// once per render so cache hits only pick bytes.
func NewPage(status int, html []byte, deps []string) *Page {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	_, _ = zw.Write(html)
	_ = zw.Close()
	return &Page{Status: status, HTML: html, Gzip: buf.Bytes(), Br: brotliBytes(html, BrotliQuick),
		ETag: `"` + Hash(html) + `"`, Deps: deps}
}

// Body is the page in the best coding accept allows that the page has,
// with the coding's name ("" for the HTML as is).
func (p *Page) Body(accept string) ([]byte, string) {
	switch httpenc.Negotiate(accept) {
	case httpenc.Brotli:
		if p.Br != nil {
			return p.Br, string(httpenc.Brotli)
		}
		if p.Gzip != nil && httpenc.Accepts(accept, httpenc.Gzip) {
			return p.Gzip, string(httpenc.Gzip)
		}
	case httpenc.Gzip:
		if p.Gzip != nil {
			return p.Gzip, string(httpenc.Gzip)
		}
	}
	return p.HTML, ""
}
