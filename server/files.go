package server

import (
	"context"
	"errors"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/labstack/echo/v4"

	"souk/app/media"
	"souk/server/httpenc"
)

// staticHandler serves built bundles (hashed names: cached for a year) and
// the public files (short cache).
func staticHandler(d Deps) echo.HandlerFunc {
	return func(c echo.Context) error {
		name := strings.TrimPrefix(c.Param("*"), "/")
		if b, ok := d.Site.Renderer.Asset(name); ok {
			return serveAsset(c, name, b, func(enc string) ([]byte, bool) { return d.Site.Renderer.Encoded(name, enc) })
		}
		if strings.HasPrefix(name, "site/") {
			b, enc, ok := d.Site.SharedScript(c.Request().Context(), name)
			if !ok {
				return echo.ErrNotFound
			}
			return serveAsset(c, name, b, enc.Get)
		}
		if d.Public == nil || strings.Contains(name, "..") {
			return echo.ErrNotFound
		}
		f, err := d.Public.Open("/" + name)
		if err != nil {
			return echo.ErrNotFound
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil || st.IsDir() {
			return echo.ErrNotFound
		}
		c.Response().Header().Set("Cache-Control", "public, max-age=86400")
		http.ServeContent(c.Response(), c.Request(), st.Name(), st.ModTime(), f)
		return nil
	}
}

// serveAsset sends a client file named by its content, in the coding
// compressed ahead of time that the client accepts best (Vary is set by the
// Compress middleware).
func serveAsset(c echo.Context, name string, raw []byte, encoded func(enc string) ([]byte, bool)) error {
	h := c.Response().Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	ct := mime.TypeByExtension(path.Ext(name))
	if ct == "" {
		ct = "application/octet-stream"
	}
	if enc := httpenc.Negotiate(c.Request().Header.Get("Accept-Encoding")); enc != httpenc.Identity {
		if b, ok := encoded(string(enc)); ok {
			h.Set("Content-Encoding", string(enc))
			return c.Blob(http.StatusOK, ct, b)
		}
	}
	return c.Blob(http.StatusOK, ct, raw)
}

// mediaHandler serves goods images, rendering demo pictures on first use,
// and the WebP twin of any of them. Names are content-addressed by goods
// image uid, so they cache long.
func mediaHandler(d Deps, gate *media.Gate) echo.HandlerFunc {
	return func(c echo.Context) error {
		name := strings.TrimPrefix(c.Param("*"), "/")
		if strings.HasSuffix(name, ".webp") {
			return serveWebP(c, d, gate, name)
		}
		if strings.HasPrefix(name, "uploads/") {
			return serveUpload(c, d, name)
		}
		p, err := d.Media.Open(name, d.MediaSpec)
		if errors.Is(err, media.ErrNotFound) {
			return echo.ErrNotFound
		}
		if err != nil {
			return err
		}
		c.Response().Header().Set("Cache-Control", demoCache)
		return c.File(p)
	}
}

// Cache lives of media: demo pictures are named by goods image uid, uploads
// by a random id that never changes.
const (
	demoCache   = "public, max-age=2592000"
	uploadCache = "public, max-age=31536000, immutable"
)

// serveWebP serves the WebP twin of a demo picture or an upload, encoded on
// first request inside the shared decoding gate. The page names both files
// in <picture>, so the URL alone says the format: no Vary needed.
func serveWebP(c echo.Context, d Deps, gate *media.Gate, name string) error {
	p, err := d.Media.OpenWebP(c.Request().Context(), name, d.MediaSpec, gate)
	switch {
	case errors.Is(err, media.ErrNotFound):
		return echo.ErrNotFound
	case errors.Is(err, context.Canceled):
		return nil // the visitor left; the shared encode goes on for the others
	case errors.Is(err, context.DeadlineExceeded): // every decoding slot stayed busy
		c.Response().Header().Set("Retry-After", "5")
		return echo.NewHTTPError(http.StatusServiceUnavailable)
	case err != nil:
		return err
	}
	cache := demoCache
	if strings.HasPrefix(name, "uploads/") {
		cache = uploadCache
	}
	c.Response().Header().Set("Cache-Control", cache)
	return c.File(p)
}

// serveUpload serves a re-encoded upload; names are random ids, so they
// never change and cache for a year.
func serveUpload(c echo.Context, d Deps, name string) error {
	if !media.IsUploadName(name) {
		return echo.ErrNotFound
	}
	p := filepath.Join(d.DataDir, "media", filepath.FromSlash(name))
	if _, err := os.Stat(p); err != nil {
		return echo.ErrNotFound
	}
	c.Response().Header().Set("Cache-Control", uploadCache)
	return c.File(p)
}
