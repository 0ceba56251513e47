// Package server is Souk's HTTP transport: Echo routes, middleware, the API,
// the pages and the static files. Nothing outside it knows about HTTP.
package server

import (
	"log/slog"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"souk/app/mail"
	"souk/app/media"
	"souk/app/mobileapp"
	"souk/server/api"
	"souk/server/web"
)

// Deps is what the server is built from.
type Deps struct {
	Site       *web.Site
	API        *api.Handlers
	Accounts   *api.Accounts
	Searches   *api.Searches
	Carts      *api.Carts
	Addresses  *api.Addresses
	Orders     *api.Orders
	Identities *api.Identities
	Listings   *api.Listings
	Goods      *api.GoodsEditor // the goods form and its review
	Chats      *api.Chats
	Channel    echo.HandlerFunc   // the realtime socket /websocket/channel/v1/:conn
	Contents   *api.Contents      // the back office's content and form editor
	Contacts   *api.Contacts      // the contact form
	Apps       *mobileapp.Service // the native apps: the APK download, the download page's QR code
	Trends     *api.Trends        // the product page's view report
	Creations  *api.Creations     // AI creation
	Outbox     *mail.Outbox       // the development outbox, when DEV is set
	DataDir    string
	Media      *media.Store
	MediaSpec  func(uid string) (media.DemoSpec, bool)
	Public     http.FileSystem // static/public
	Gate       *media.Gate     // picture decoding slots, shared by uploads and search by image
	Log        *slog.Logger
	Ready      *atomic.Bool
}

// New builds the Echo instance.
func New(d Deps) *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = errorHandler(d)
	// Rate limits key on the client address: take it from the connection,
	// never from X-Forwarded-For, which any client can write.
	e.IPExtractor = echo.ExtractIPDirect()
	e.Use(middleware.Recover())
	e.Use(securityHeaders(d.Site.Renderer.CSP))
	e.Use(requestLog(d.Log))
	e.Use(Compress()) // text-like answers in brotli or gzip; precompressed ones pass through
	// NUL bytes and invalid UTF-8 in a path or query are refused here, once
	// for every route (JSON bodies are checked where they are bound).
	e.Use(d.API.CleanInput(d.Site.NotFound))

	e.GET("/healthz", func(c echo.Context) error {
		if d.Ready != nil && !d.Ready.Load() {
			return c.String(http.StatusServiceUnavailable, "starting")
		}
		if c.QueryParam("search") != "" && d.Searches != nil {
			return c.String(http.StatusOK, d.Searches.Status())
		}
		return c.String(http.StatusOK, "ok")
	})
	e.GET("/api/docs", api.Docs)
	apiGroup := e.Group("/api/v1/souk", middleware.BodyLimit("12M"), apiNoStore)
	d.API.Register(apiGroup)
	d.Accounts.Register(apiGroup)
	d.Searches.Register(apiGroup)
	d.Carts.Register(apiGroup)
	d.Addresses.Register(apiGroup)
	d.Orders.Register(apiGroup)
	if d.Identities != nil {
		d.Identities.Register(apiGroup)
	}
	d.Listings.Register(apiGroup)
	if d.Goods != nil {
		d.Goods.Register(apiGroup)
	}
	if d.Chats != nil {
		d.Chats.Register(apiGroup)
	}
	if d.Contents != nil {
		d.Contents.Register(apiGroup)
	}
	if d.Contacts != nil {
		d.Contacts.Register(apiGroup)
	}
	if d.Trends != nil {
		d.Trends.Register(apiGroup)
	}
	if d.Creations != nil {
		d.Creations.Register(apiGroup)
	}
	gate := d.Gate
	if gate == nil {
		gate = media.NewGate(media.DecodeSlots)
	}
	d.Searches.ShareGate(gate)
	// Uploads carry up to 16 MB of base64: outside the API group's 12 MB limit.
	upload := d.Accounts.Upload(filepath.Join(d.DataDir, "media"), gate)
	for _, prefix := range []string{"/api/v1/souk", "/souk"} {
		e.POST(prefix+"/file/imageBase64/uploadCut/:diskName/:smallW/:smallH/:bigW/:bigH", upload, middleware.BodyLimit("17M"), apiNoStore)
	}
	e.GET("/websocket/loginByBombmsgQRCode/empty", d.Accounts.QRSocket(d.Site.BaseURL))
	if d.Channel != nil {
		e.GET("/websocket/channel/v1/:conn", d.Channel)
	}
	if d.Outbox != nil {
		e.GET("/dev/outbox.json", func(c echo.Context) error { return c.JSON(http.StatusOK, d.Outbox.List()) })
		e.GET("/dev/outbox", outboxPage(d.Outbox))
	}
	apiGroup.Any("/*", func(c echo.Context) error {
		return c.JSON(http.StatusNotFound, api.Envelope{Code: 104, Easg: d.API.Message(c, "NoSuchCall")})
	})
	e.GET("/static/*", staticHandler(d))
	e.GET("/media/*", mediaHandler(d, gate))
	e.GET(mobileapp.APKPrefix+":file", apkHandler(d))
	e.GET("/qr/:file", appQRHandler(d))
	e.GET("/robots.txt", robots(d))
	e.GET("/sitemap.xml", sitemapIndex(d))
	e.GET("/sitemaps/:file", sitemapFile(d))
	e.GET("/*", d.Site.Handle)
	e.HEAD("/*", d.Site.Handle)
	return e
}

// securityHeaders sets the baseline of DESIGN §8 on every answer; csp is
// the current bundle's policy (ssr.Renderer.CSP, built once per bundle).
func securityHeaders(csp func() string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			h := c.Response().Header()
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("Content-Security-Policy", csp())
			h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
			return next(c)
		}
	}
}

func apiNoStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set("Cache-Control", "no-store")
		return next(c)
	}
}

func requestLog(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if p := c.Request().URL.Path; !strings.HasPrefix(p, "/static/") && !strings.HasPrefix(p, "/media/") {
				log.Debug("http", "method", c.Request().Method, "path", p, "status", c.Response().Status,
					"ms", time.Since(start).Milliseconds(), "cache", c.Response().Header().Get("X-Cache"))
			}
			return err
		}
	}
}

// errorHandler answers transport errors: the envelope for API calls, a plain
// message elsewhere. Internal details go to the log only.
func errorHandler(d Deps) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		code := http.StatusInternalServerError
		if he, ok := err.(*echo.HTTPError); ok {
			code = he.Code
		}
		msg := d.API.Message(c, "ErrorOccurs")
		if code == http.StatusRequestEntityTooLarge {
			msg = d.API.Message(c, "RequestTooLarge")
		} else if code < 500 {
			msg = d.API.Message(c, "RequestRefused", "status", strconv.Itoa(code))
		}
		if code >= 500 {
			d.Log.Error("http", "path", c.Request().URL.Path, "err", err)
		}
		if strings.HasPrefix(c.Request().URL.Path, "/api/") {
			_ = c.JSON(code, api.Envelope{Code: 443, Easg: msg})
			return
		}
		_ = c.String(code, msg)
	}
}
