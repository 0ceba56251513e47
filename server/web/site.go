package web

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"souk/app/ratelimit"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"souk/app/account"
	"souk/app/catalog"
	"souk/app/i18n"
	"souk/app/mobileapp"
	"souk/server/ssr"
)

// Site serves every storefront page.
type Site struct {
	Catalog  *catalog.Service
	Langs    *i18n.Set
	Strings  *i18n.Catalogs
	Renderer *ssr.Renderer
	Cache    *ssr.Cache
	BaseURL  string
	Log      *slog.Logger
	Now      func() time.Time
	Accounts *account.Service
	// EnvelopeKey is the base64 AES key of the encrypted API variant, which
	// every browser gets (the envelope is against casual reading, not secrecy).
	EnvelopeKey string
	// SearchLimit bounds server-rendered search pages per client address
	// (nil: unbounded, for tests that build a Site by hand).
	SearchLimit *ratelimit.Window
	// TestPay says the embedded test payment provider is active, so checkout
	// and payment pages say that no real money moves.
	TestPay bool
	// Search lists results on the search page (nil: the page shows the form only).
	Search Searcher
	// Content serves the texts the back office edits (about, contact).
	Content ContentPages
	// Apps is what the app download pages offer (nil: nothing yet).
	Apps *mobileapp.Service
	// Trends ranks goods for the trending collections (nil: nothing trends).
	Trends Trending

	renders atomic.Int64
	scripts sharedScripts
}

// queryKeys are the query parameters a page depends on; all others are
// ignored, so random query strings cannot fill the cache.
var queryKeys = map[string][]string{"biger/{identityType}/{identityUid}": {"page"}, "user": {"userUid"},
	"dresses/c/{uid}": dressQueryKeys, "dresses/c/{uid}/{suri}": dressQueryKeys,
	"dressescat/{uid}": dressQueryKeys, "dressescat/{uid}/{suri}": dressQueryKeys, "hots/{uid}": {"page"},
	"category/{uid}": categoryQueryKeys, "category/{uid}/{suri}": categoryQueryKeys}

// noStoreKey marks a request whose page must not be stored (noStorePages).
const noStoreKey = "souk.noStore"

// Handle answers any page request.
func (s *Site) Handle(c echo.Context) error {
	req := c.Request()
	res := Resolve(s.Langs, req)
	if res.Redirect != "" {
		code := http.StatusMovedPermanently
		if res.Redirect == "/404" {
			code = http.StatusFound
		}
		return c.Redirect(code, res.Redirect)
	}
	region, currency := s.regionCurrency(req, res.Lang)
	r := Request{Lang: res.Lang, Region: region, Currency: currency, Query: req.URL.Query(), Now: s.Now(), XDefault: !res.Prefixed}
	route, params, ok := Match(res.Segs)
	if !ok || route.Name == "404" {
		return s.serveNotFound(c, r, res.Prefixed)
	}
	r.Params = params
	if route.Name == "search" {
		return s.serveSearch(c, r, res.Prefixed) // never cached: any text can be asked
	}
	if noStorePages[route.Name] {
		c.Set(noStoreKey, true)
	}
	if _, ok := paramPages[route.Name]; ok {
		return s.serveParamPage(c, route, res.Segs, r, res.Prefixed)
	}
	if appPages[route.Name] {
		_, _ = s.Apps.Current() // a changed APK file bumps AppsVersion before the cache is asked
	}
	q := pageQuery(route.Name, req.URL.Query())
	key := ssr.Key{Path: escapedPath(withoutSlug(route, res.Segs)) + q, Lang: res.Lang, Region: region, Currency: currency, XDefault: r.XDefault}
	page, outcome, err := s.Cache.Get(req.Context(), key, func(ctx context.Context) (*ssr.Page, error) {
		return s.render(ctx, route.Name, key.Path, r)
	})
	if err != nil {
		s.Log.Error("render page", "path", req.URL.Path, "err", err)
		page = s.errorPage(req.Context(), key.Path, r)
	}
	if page.Redirect != "" {
		return c.Redirect(http.StatusMovedPermanently, page.Redirect)
	}
	if page.Canonical != "" && page.Canonical != escapedPath(res.Segs) {
		// Another spelling of the page (a wrong or missing slug): one URL
		// per page; of the query string only what the page depends on
		// (a dress category's filters) goes along.
		to := page.Canonical + q
		if res.Prefixed {
			to = "/" + res.Lang + to
		}
		return c.Redirect(http.StatusMovedPermanently, to)
	}
	return s.write(c, page, outcome, res.Prefixed)
}

// pageQuery is what of q route's page depends on (its queryKeys, a page
// number over 1, values of at most 64 bytes) as a query string: the cache
// key's and the canonical URL's.
func pageQuery(route string, q url.Values) string {
	v, _ := readQuery(route, q)
	return encodeQuery(v)
}

// readQuery keeps what of q route's page depends on, and reads the page
// number once: 1 when absent or not a number in 2…99999.
func readQuery(route string, q url.Values) (url.Values, int) {
	out, page := url.Values{}, 1
	for _, k := range queryKeys[route] {
		v := q.Get(k)
		switch {
		case v == "":
		case k == "page":
			if n, err := strconv.Atoi(v); err == nil && n > 1 && n < 100000 {
				out.Set(k, strconv.Itoa(n))
				page = n
			}
		case len(v) <= 64:
			out.Set(k, v)
		}
	}
	return out, page
}

// encodeQuery is v as a query string, "" when empty.
func encodeQuery(v url.Values) string {
	if len(v) == 0 {
		return ""
	}
	return "?" + v.Encode()
}

// regionCurrency reads the RE and CU cookies, falling back to the
// language's region and that region's currency.
func (s *Site) regionCurrency(req *http.Request, lang string) (string, string) {
	regions, _ := s.Catalog.Regions(req.Context())
	byCode := map[string]string{}
	for _, r := range regions {
		byCode[r.C] = r.Y
	}
	region := i18n.DefaultRegion(lang)
	if c, err := req.Cookie("RE"); err == nil {
		if _, ok := byCode[strings.ToUpper(c.Value)]; ok {
			region = strings.ToUpper(c.Value)
		}
	}
	currency := byCode[region]
	if c, err := req.Cookie("CU"); err == nil {
		if _, ok := s.Catalog.Currency(strings.ToUpper(c.Value)); ok {
			currency = strings.ToUpper(c.Value)
		}
	}
	if currency == "" {
		currency = "USD"
	}
	return region, currency
}

// render loads and renders the page of route for the cache key path. A
// page that is not found answers the shared not-found page; a page found
// under another key than its canonical one answers a redirect (neither is
// stored under path).
func (s *Site) render(ctx context.Context, routeName, path string, r Request) (*ssr.Page, error) {
	load := loaders[routeName]
	if load == nil {
		load = loadNotFound
	}
	l, err := load(ctx, s, r)
	if err != nil {
		return nil, err
	}
	if l.Redirect != "" {
		return &ssr.Page{Status: http.StatusMovedPermanently, Redirect: "/" + r.Lang + l.Redirect}, nil
	}
	if l.Page == "notfound" {
		return s.sharedNotFound(ctx, r)
	}
	if l.Canonical != "" {
		if p, _, _ := strings.Cut(path, "?"); keyOfCanonical(l.Canonical) != p {
			return &ssr.Page{Status: http.StatusMovedPermanently, Redirect: "/" + r.Lang + l.Canonical + l.Query}, nil
		}
		path = l.Canonical + l.Query
	}
	page, err := s.renderLoaded(ctx, l, path, r)
	if err != nil {
		return nil, err
	}
	page.Canonical = l.Canonical
	return page, nil
}

// renderLoaded renders a loaded page as path.
func (s *Site) renderLoaded(ctx context.Context, l *Loaded, path string, r Request) (*ssr.Page, error) {
	html, err := s.renderProps(ctx, l, path, r)
	if err != nil {
		return nil, err
	}
	if l.Status == http.StatusOK && !noindex(html) {
		html = injectHead(html, alternates(s.Langs, s.BaseURL, path, l.Langs))
	}
	// Every page names its language's shared script, which follows "enums".
	return ssr.NewPage(l.Status, html, append(l.Deps, "bundle", "enums")), nil
}

// renderProps runs React on a loaded page's props.
func (s *Site) renderProps(ctx context.Context, l *Loaded, path string, r Request) ([]byte, error) {
	body, shared, err := s.propsJSON(ctx, l, path, r)
	if err != nil {
		return nil, err
	}
	s.renders.Add(1)
	return s.Renderer.Render(ctx, body, shared)
}

// Renders is how many pages this site has rendered (for tests that check
// made-up URLs cost no renders).
func (s *Site) Renders() int64 { return s.renders.Load() }

// propsJSON encodes a loaded page's own props, and returns beside them the
// language's shared data that the page's script tag names.
func (s *Site) propsJSON(ctx context.Context, l *Loaded, path string, r Request) ([]byte, ssr.Shared, error) {
	sc, err := s.shared(ctx, r.Lang)
	if err != nil {
		return nil, ssr.Shared{}, err
	}
	p, q, _ := strings.Cut(path, "?")
	if q != "" {
		q = "?" + q
	}
	body, err := json.Marshal(&Props{ // escapes <, >, &, U+2028 and U+2029 for the <script>
		Page: l.Page, Path: p, Query: q, Lang: r.Lang, Dir: dirOf(s.Langs, r.Lang),
		Region: r.Region, Currency: r.Currency, BaseURL: s.BaseURL, Assets: s.Renderer.Entry().For(l.Page),
		Shared: "/static/" + sc.name, Now: r.Now.UnixMilli(), EK: s.EnvelopeKey, TestPay: s.TestPay, XDefault: r.XDefault, Data: l.Data.slimFor(r.Lang, r.Currency),
	})
	if err != nil {
		return nil, ssr.Shared{}, fmt.Errorf("web: encode props: %w", err)
	}
	return body, sc.ssr, nil
}

func dirOf(set *i18n.Set, lang string) string {
	if set.IsRTL(lang) {
		return "rtl"
	}
	return "ltr"
}

func langItems(set *i18n.Set) []LangItem {
	all := set.All()
	out := make([]LangItem, len(all))
	for i, l := range all {
		out[i] = LangItem{Code: l.Code, Name: l.Name, Dir: l.Dir}
	}
	return out
}

// errorPage renders the error page, or a minimal one if rendering itself fails.
func (s *Site) errorPage(ctx context.Context, path string, r Request) *ssr.Page {
	if html, err := s.renderProps(ctx, &Loaded{Page: "error", Status: 500}, path, r); err == nil {
		return ssr.NewPage(http.StatusInternalServerError, html, nil)
	}
	msg := s.Strings.T(r.Lang, "ErrorText")
	html := []byte("<!DOCTYPE html><html><head><meta charset=utf-8><title>Souk</title></head><body><p>" + template(msg) + "</p></body></html>")
	return ssr.NewPage(http.StatusInternalServerError, html, nil)
}

func template(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func (s *Site) write(c echo.Context, p *ssr.Page, outcome ssr.Outcome, prefixed bool) error {
	h := c.Response().Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Cache", string(outcome))
	// Prices follow the CU cookie; unprefixed URLs also follow the language
	// cookie and Accept-Language. Browsers revalidate with the ETag.
	h.Set("Cache-Control", "public, max-age=0, must-revalidate")
	if c.Get(noStoreKey) == true {
		h.Set("Cache-Control", "no-store")
		h.Set("X-Robots-Tag", "noindex")
	}
	if prefixed {
		h.Set("Vary", "Cookie, Accept-Encoding")
	} else {
		h.Set("Vary", "Cookie, Accept-Language, Accept-Encoding")
	}
	if p.ETag != "" && p.Status == http.StatusOK {
		h.Set("ETag", p.ETag)
		if match := c.Request().Header.Get("If-None-Match"); match != "" && strings.Contains(match, p.ETag) {
			return c.NoContent(http.StatusNotModified)
		}
	}
	body, enc := p.Body(c.Request().Header.Get("Accept-Encoding"))
	if enc != "" {
		h.Set("Content-Encoding", enc)
	}
	return c.Blob(p.Status, "text/html; charset=utf-8", body)
}

// RenderUncached renders path as a visitor with default region and
// currency would see it, without the page cache (for benchmarks).
func (s *Site) RenderUncached(ctx context.Context, path string) (*ssr.Page, error) {
	route, segs, r := s.visitor(ctx, path)
	return s.render(ctx, route.Name, escapedPath(withoutSlug(route, segs)), r)
}

// PropsUncached loads path's data as RenderUncached's visitor and returns
// the props the renderer takes, so benchmarks can time the data load and
// the render apart. Redirects and not-found pages are errors here.
func (s *Site) PropsUncached(ctx context.Context, path string) ([]byte, ssr.Shared, error) {
	route, segs, r := s.visitor(ctx, path)
	load := loaders[route.Name]
	if load == nil {
		return nil, ssr.Shared{}, fmt.Errorf("web: no page at %s", path)
	}
	l, err := load(ctx, s, r)
	if err != nil {
		return nil, ssr.Shared{}, err
	}
	if l.Redirect != "" || l.Page == "notfound" {
		return nil, ssr.Shared{}, fmt.Errorf("web: %s is not a page (redirect %q)", path, l.Redirect)
	}
	// The props take the path without its language, as a served page's do
	// (the full path wrote /en/en/ in the canonical link and skip link).
	return s.propsJSON(ctx, l, escapedPath(withoutSlug(route, segs)), r)
}

func (s *Site) visitor(ctx context.Context, path string) (Route, []string, Request) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, path, nil)
	res := Resolve(s.Langs, req)
	route, params, ok := Match(res.Segs)
	if !ok {
		route = Route{Name: "404"}
	}
	region, currency := s.regionCurrency(req, res.Lang)
	return route, res.Segs, Request{Lang: res.Lang, Region: region, Currency: currency, Params: params, Query: req.URL.Query(), Now: s.Now()}
}
