package server

import (
	"net/http"
	"os"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"souk/app/mobileapp"
)

// apkHandler serves the Android APK at /download/souk-android-{version}.apk
// (ANDROID_APK); any other name, or none configured, is not found. While
// the configured file cannot be read (removed, being replaced) it answers
// 503 with the reason in the visitor's language.
func apkHandler(d Deps) echo.HandlerFunc {
	return func(c echo.Context) error {
		name := c.Param("file")
		path, ok, err := d.Apps.APKFile(name)
		if !ok {
			return echo.ErrNotFound
		}
		var f *os.File
		if err == nil {
			f, err = os.Open(path)
		}
		if err != nil {
			c.Response().Header().Set("Cache-Control", "no-store")
			c.Response().Header().Set("Retry-After", "300")
			return c.String(http.StatusServiceUnavailable, d.Site.Strings.T(d.Site.VisitorLang(c.Request()), "ApkUnreadable"))
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return err
		}
		h := c.Response().Header()
		h.Set("Content-Type", mobileapp.APKType)
		h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
		// The name carries the version: a new APK gets a new address.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		http.ServeContent(c.Response(), c.Request(), name, st.ModTime(), f)
		return nil
	}
}

// appQRHandler serves /qr/downloadapp-{lang}.svg: the QR code of the
// language's downloadapp page, which a desktop visitor scans to open it on
// their phone. Only the languages the store speaks have one (133 at most,
// each drawn once and kept), so made-up names cost nothing.
func appQRHandler(d Deps) echo.HandlerFunc {
	var drawn sync.Map // lang → []byte
	return func(c echo.Context) error {
		lang, ok := strings.CutPrefix(strings.TrimSuffix(c.Param("file"), ".svg"), "downloadapp-")
		if _, known := d.Site.Langs.Get(lang); !ok || !known || !strings.HasSuffix(c.Param("file"), ".svg") {
			return echo.ErrNotFound
		}
		svg, ok := drawn.Load(lang)
		if !ok {
			b, err := mobileapp.QRSVG(d.Site.BaseURL + "/" + lang + "/downloadapp")
			if err != nil {
				return err
			}
			svg, _ = drawn.LoadOrStore(lang, b)
		}
		c.Response().Header().Set("Cache-Control", "public, max-age=86400")
		return c.Blob(http.StatusOK, "image/svg+xml", svg.([]byte))
	}
}
