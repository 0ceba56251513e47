package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"souk/server/ssr"
)

// Every free part of a page URL is bounded before it reaches the page cache,
// so that made-up URLs can neither fill the cache nor make a render each:
//   - a product's slug is not part of the cache key; a wrong or missing one
//     is redirected to the canonical URL;
//   - any URL whose page is not found answers one shared not-found page per
//     language, region and currency;
//   - pages whose only variable part is an id they echo (an order number, a
//     QR ticket) render once with a placeholder and get the id as served.

// slugParam is the route parameter that only decorates a URL.
const slugParam = "{suri}"

// escapedPath joins path segments, each escaped, into a path.
func escapedPath(segs []string) string {
	esc := make([]string, len(segs))
	for i, s := range segs {
		esc[i] = url.PathEscape(s)
	}
	return "/" + strings.Join(esc, "/")
}

// withoutSlug drops the slug segment of a route that has one.
func withoutSlug(route Route, segs []string) []string {
	if n := len(route.Pattern); n > 0 && route.Pattern[n-1] == slugParam && len(segs) == n {
		return segs[:n-1]
	}
	return segs
}

// keyOfCanonical is the cache key path of a canonical (escaped) path: the
// path without its slug.
func keyOfCanonical(canonical string) string {
	var segs []string
	for _, s := range strings.Split(strings.Trim(canonical, "/"), "/") {
		if u, err := url.PathUnescape(s); err == nil {
			s = u
		}
		segs = append(segs, s)
	}
	route, _, ok := Match(segs)
	if !ok {
		return canonical
	}
	return escapedPath(withoutSlug(route, segs))
}

// notFoundPage is the one not-found page of a language, region and currency.
func (s *Site) notFoundPage(ctx context.Context, r Request) (*ssr.Page, ssr.Outcome, error) {
	key := ssr.Key{Path: "/404", Lang: r.Lang, Region: r.Region, Currency: r.Currency, XDefault: r.XDefault}
	return s.Cache.Get(ctx, key, func(ctx context.Context) (*ssr.Page, error) {
		return s.renderLoaded(ctx, &Loaded{Page: "notfound", Status: 404}, "/404", r)
	})
}

// sharedNotFound is the not-found page answered for a key that must not
// keep a copy of it.
func (s *Site) sharedNotFound(ctx context.Context, r Request) (*ssr.Page, error) {
	p, _, err := s.notFoundPage(ctx, r)
	if err != nil {
		return nil, err
	}
	cp := *p
	cp.NoStore = true
	return &cp, nil
}

func (s *Site) serveNotFound(c echo.Context, r Request, prefixed bool) error {
	p, outcome, err := s.notFoundPage(c.Request().Context(), r)
	if err != nil {
		s.Log.Error("render page", "path", "/404", "err", err)
		p = s.errorPage(c.Request().Context(), "/404", r)
	}
	return s.write(c, p, outcome, prefixed)
}

// NotFound answers the not-found page for requests refused before routing
// (a NUL byte in the query, say): in the language of the path's prefix,
// as the page asked for would have been, else in the visitor's.
func (s *Site) NotFound(c echo.Context) error {
	req := c.Request()
	res := Resolve(s.Langs, req)
	if res.Lang == "" { // a prefix to redirect: not worth following for a refused request
		res.Lang = visitorLang(s.Langs, req)
	}
	region, currency := s.regionCurrency(req, res.Lang)
	return s.serveNotFound(c, Request{Lang: res.Lang, Region: region, Currency: currency, Now: s.Now()}, res.Prefixed)
}

// paramPages are the routes whose page depends on nothing but the one
// parameter named here, which their loader checks and echoes as
// PageData.Param (an id: letters, digits, '-' and '_').
var paramPages = map[string]string{
	"addressedit/{addressId}":    "addressId",
	"myorder/{orderNumber}":      "orderNumber",
	"shippinginfo/{orderNumber}": "orderNumber",
	"dogepay/{uid}":              "uid",
	"operations/showorder/{uid}": "uid",
	"operations/showtrack/{uid}": "uid",
	"qrlogin/{ticket}":           "ticket",
	"block/{code}":               "code",
}

// paramPlaceholder stands for the parameter in a param page's cached HTML.
// Ids are letters, digits, '-' and '_', which read the same in HTML, JSON
// and URLs, so the placeholder can be replaced byte for byte.
const paramPlaceholder = "SoukParamQz7Xv3Kp9W"

// serveParamPage answers a param page: the loader checks the parameter (it
// reads no data), the cache holds one rendering with the placeholder.
func (s *Site) serveParamPage(c echo.Context, route Route, segs []string, r Request, prefixed bool) error {
	ctx := c.Request().Context()
	l, err := loaders[route.Name](ctx, s, r)
	if err != nil || l.Page == "notfound" || !isID(l.Data.Param) {
		return s.serveNotFound(c, r, prefixed)
	}
	// "new" (addressedit/new) is a word, not an id: the page renders
	// differently for it, so it is cached as itself.
	placeholder := paramPlaceholder
	if l.Data.Param == "new" || l.Data.Param == "all" { // words: rendered (and cached) as themselves
		placeholder = l.Data.Param
	}
	tmpl := make([]string, len(segs))
	for i, p := range route.Pattern {
		tmpl[i] = segs[i]
		if p == "{"+paramPages[route.Name]+"}" {
			tmpl[i] = placeholder
		}
	}
	key := ssr.Key{Path: escapedPath(tmpl), Lang: r.Lang, Region: r.Region, Currency: r.Currency, XDefault: r.XDefault}
	page, outcome, err := s.Cache.Get(ctx, key, func(ctx context.Context) (*ssr.Page, error) {
		tl := *l
		tl.Data.Param = placeholder
		return s.renderLoaded(ctx, &tl, key.Path, r)
	})
	if err != nil {
		s.Log.Error("render page", "path", key.Path, "err", err)
		return s.write(c, s.errorPage(ctx, key.Path, r), outcome, prefixed)
	}
	gz := strings.Contains(c.Request().Header.Get("Accept-Encoding"), "gzip")
	return s.write(c, withParam(page, l.Data.Param, gz), outcome, prefixed)
}

// withParam is a param page with its placeholder replaced by value.
func withParam(p *ssr.Page, value string, gz bool) *ssr.Page {
	html := bytes.ReplaceAll(p.HTML, []byte(paramPlaceholder), []byte(value))
	out := &ssr.Page{Status: p.Status, HTML: html, ETag: `"` + ssr.Hash(html) + `"`, Deps: p.Deps}
	if gz {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		_, _ = zw.Write(html)
		_ = zw.Close()
		out.Gzip = buf.Bytes()
	}
	return out
}
