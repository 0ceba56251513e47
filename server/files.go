package server

import (
	"errors"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
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

// mediaHandler serves goods images, rendering demo pictures on first use.
// Names are content-addressed by goods image uid, so they cache long.
func mediaHandler(d Deps) echo.HandlerFunc {
	return func(c echo.Context) error {
		name := strings.TrimPrefix(c.Param("*"), "/")
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
		c.Response().Header().Set("Cache-Control", "public, max-age=2592000")
		return c.File(p)
	}
}

// legacyUploadName is the shape of uploads stored before they had owner
// folders; profiles may still show them.
var legacyUploadName = regexp.MustCompile(`^uploads/(avatar|background|goods)/[0-9a-f]{32}-[sb]\.jpg$`)

// serveUpload serves a re-encoded upload; names are random ids, so they
// never change and cache for a year.
func serveUpload(c echo.Context, d Deps, name string) error {
	if _, _, ok := media.ParseUploadPath(name); !ok && !legacyUploadName.MatchString(name) {
		return echo.ErrNotFound
	}
	p := filepath.Join(d.DataDir, "media", filepath.FromSlash(name))
	if _, err := os.Stat(p); err != nil {
		return echo.ErrNotFound
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	return c.File(p)
}
